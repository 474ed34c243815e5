// Replies with the real structure and nothing in it, built from a contract's own facts: every
// element their places walk through, with no attribute and no text. An item (a hotel, an activity,
// a service) of such a reply shows nothing, so no rule may take it as evidence.
import type { Fact } from '../../src/contracts/reader';
import { rs } from './contracts';

/** The top-level steps of an XPath (split at '/' outside brackets and quotes). */
function split(path: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let cur = '';
  for (const ch of path) {
    if (quote) quote = ch === quote ? '' : quote;
    else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    if (ch === '/' && depth === 0 && !quote) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/**
 * The element names a place walks through (predicates dropped; an attribute or text() step ends
 * it), relative to the root for an absolute place; undefined when the place is no plain walk
 * (a union, '//', '..', a function).
 */
export function elementSteps(place: string): { absolute: boolean; names: string[] } | undefined {
  if (place.includes('|')) return undefined;
  const absolute = place.startsWith('/*/');
  const parts = split(absolute ? place.slice(3) : place);
  const names: string[] = [];
  for (const part of parts) {
    if (part.startsWith('@') || part === 'text()' || part === '.') break;
    const local = /^\*\[local-name\(\)='([\w-]+)'\]/.exec(part)?.[1];
    const name = local ?? /^ota:([\w-]+)(\[.*\])?$/.exec(part)?.[1];
    if (!name) return undefined;
    names.push(name);
  }
  return names.length || !absolute ? { absolute, names } : undefined;
}

interface Tree {
  [name: string]: Tree;
}

const add = (t: Tree, names: string[]) => names.reduce((at, n) => (at[n] ??= {}), t);
const render = (t: Tree): string =>
  Object.entries(t)
    .map(([n, c]) => `<${n}>${render(c)}</${n}>`)
    .join('');

/**
 * Two replies that show nothing, for a contract's facts: its items as empty elements ("empty
 * items": `<RoomStays><RoomStay/></RoomStays>`), and its items with every element the other facts
 * read under them, still with no attribute or text ("skeleton").
 */
export function emptyReplies(root: string, facts: readonly Fact[]): { 'empty items': string; skeleton: string } {
  const items: Tree = {};
  const whole: Tree = {};
  const under: string[][] = [];
  const itemPaths: string[][] = [];
  for (const fact of facts)
    for (const place of fact.places) {
      const s = elementSteps(place);
      if (!s) continue;
      if (s.absolute) {
        add(items, s.names);
        itemPaths.push(s.names);
      } else if (s.names.length) under.push(s.names);
    }
  for (const path of itemPaths) {
    const item = add(whole, path);
    for (const rel of under) add(item, rel);
  }
  return { 'empty items': rs(root, `<Success/>${render(items)}`), skeleton: rs(root, `<Success/>${render(whole)}`) };
}

interface Built {
  name: string;
  attrs: Record<string, string>;
  text?: string;
  children: Built[];
}

/** The attributes a step's predicates require (`[@Type='36']`, `[translate(normalize-space(@RegionCode),...)='product']`). */
function predicateAttrs(predicates: string[]): Record<string, string> | undefined {
  const attrs: Record<string, string> = {};
  for (const predicate of predicates) {
    if (/^not\(/.test(predicate) || predicate === 'normalize-space()') continue;
    const match =
      /^@([\w-]+)\s*=\s*'([^']*)'$/.exec(predicate) ??
      /translate\(normalize-space\(@([\w-]+)\),'[^']*','[^']*'\)\s*=\s*'([^']*)'/.exec(predicate);
    if (!match) return undefined;
    attrs[match[1]] = match[2];
  }
  return attrs;
}

/** A step split into its name and predicates; undefined for an axis the builder does not walk. */
function parseStep(step: string): { name: string; predicates: string[] } | undefined {
  if (step === '*') return { name: 'AnyElement', predicates: [] };
  const match = /^(?:ota:([\w-]+)|\*\[local-name\(\)='([\w-]+)'\])((?:\[.*\])*)$/.exec(step);
  if (!match) return undefined;
  const predicates: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of match[3]) {
    if (ch === '[' && depth++ === 0) continue;
    if (ch === ']' && --depth === 0) {
      predicates.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  return { name: match[1] ?? match[2], predicates };
}

/** Puts `value` at `place` under `at` (elements made as the steps ask); false when it cannot. */
function put(at: Built, place: string, value: string): boolean {
  const steps = split(place);
  let node = at;
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    if (last && step.startsWith('@')) {
      const name = step.slice(1);
      if (!/^[\w-]+$/.test(name) || node.attrs[name] !== undefined) return false;
      node.attrs[name] = value;
      return true;
    }
    const s = parseStep(step);
    const attrs = s && predicateAttrs(s.predicates);
    if (!s || !attrs) return false;
    const key = JSON.stringify([s.name, attrs]);
    let child = node.children.find((c) => JSON.stringify([c.name, c.attrs]) === key && !last);
    if (!child) {
      child = { name: s.name, attrs: { ...attrs }, children: [] };
      node.children.push(child);
    }
    node = child;
  }
  if (node.text !== undefined) return false;
  node.text = value;
  return true;
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const xml = (b: Built): string =>
  `<${b.name}${Object.entries(b.attrs)
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join('')}>${esc(b.text ?? '')}${b.children.map(xml).join('')}</${b.name}>`;

/**
 * A reply's content with each value at its place: absolute places (starting at the root element) under the root,
 * relative ones under an item element named Probe. Undefined when a place is no plain walk
 * (a union, `//`, `..`, `self::`, `parent::`, a predicate other than an attribute's value).
 */
export function buildPlaces(values: Array<[string, string]>): { root: string; rootAttrs: string; item: string } | undefined {
  const root: Built = { name: '', attrs: {}, children: [] };
  const item: Built = { name: 'Probe', attrs: {}, children: [] };
  // parent::ota:X/...: the item sits in an X
  const parent: Built = { name: '', attrs: {}, children: [item] };
  for (const [place, value] of values) {
    const up = /^parent::ota:([\w-]+)\/(.*)$/.exec(place);
    if (up) {
      if (parent.name && parent.name !== up[1]) return undefined;
      parent.name = up[1];
      if (!put(parent, up[2], value)) return undefined;
      continue;
    }
    if (place.includes('|') || place.includes('//') || place.includes('::') || place.includes('..')) return undefined;
    const ok = place.startsWith('/*/') ? put(root, place.slice(3), value) : put(item, place, value);
    if (!ok) return undefined;
  }
  return {
    root: root.children.map(xml).join(''),
    rootAttrs: Object.entries(root.attrs)
      .map(([k, v]) => ` ${k}="${esc(v)}"`)
      .join(''),
    item: parent.name ? xml(parent) : xml(item),
  };
}
