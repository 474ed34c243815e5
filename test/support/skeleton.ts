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
  for (const p of parts) {
    if (p.startsWith('@') || p === 'text()' || p === '.') break;
    const local = /^\*\[local-name\(\)='([\w-]+)'\]/.exec(p)?.[1];
    const name = local ?? /^ota:([\w-]+)(\[.*\])?$/.exec(p)?.[1];
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
  for (const f of facts)
    for (const place of f.places) {
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
