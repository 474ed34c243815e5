// XML in and out. Requests are parsed with libxml2-wasm (ESM-only, so loaded with a dynamic
// import once) and copied into a small plain-JS tree, so handlers never hold wasm memory and the
// document is disposed straight away. Replies are built as strings with strict escaping.
import type * as Lx from 'libxml2-wasm' with { 'resolution-mode': 'import' };

export const OTA_NS = 'http://www.opentravel.org/OTA/2003/05';

type LxModule = typeof Lx;
let lxPromise: Promise<LxModule> | undefined;

/** Loads libxml2-wasm once per process (the module instantiates its wasm at import time). */
export function loadLibxml(): Promise<LxModule> {
  lxPromise ??= import('libxml2-wasm') as Promise<LxModule>;
  return lxPromise;
}

let lx: LxModule | undefined;
/** Must be awaited before parseXml is used (startSandbox does it). */
export async function initXml(): Promise<void> {
  lx = await loadLibxml();
}

export interface XNode {
  name: string; // local name
  ns: string; // namespace URI ('' when none)
  attrs: Record<string, string>;
  children: XNode[];
  text: string; // concatenated direct text content, untrimmed
}

export class XmlSyntaxError extends Error {}
export class DoctypeError extends Error {}

/**
 * True when the prolog declares a DOCTYPE. Checked on the raw text before any parsing so that no
 * DTD, internal subset or entity declaration is ever handed to the parser.
 */
export function hasDoctype(body: string): boolean {
  let s = body.replace(/^\uFEFF/, '');
  for (;;) {
    s = s.replace(/^\s+/, '');
    if (s.startsWith('<?')) {
      const end = s.indexOf('?>');
      if (end < 0) return false;
      s = s.slice(end + 2);
    } else if (s.startsWith('<!--')) {
      const end = s.indexOf('-->');
      if (end < 0) return false;
      s = s.slice(end + 3);
    } else {
      return /^<!DOCTYPE/i.test(s);
    }
  }
}

/** Parses a request body. Throws DoctypeError or XmlSyntaxError; never processes a DTD. */
export function parseXml(body: Buffer): XNode {
  if (!lx) throw new Error('initXml() was not awaited');
  const text = body.toString('utf8');
  if (hasDoctype(text) || /<!ENTITY/i.test(text)) throw new DoctypeError('DOCTYPE and entity declarations are not accepted');
  let doc: Lx.XmlDocument;
  try {
    doc = lx.XmlDocument.fromBuffer(body, {
      option:
        lx.ParseOption.XML_PARSE_NONET |
        lx.ParseOption.XML_PARSE_NO_XXE |
        lx.ParseOption.XML_PARSE_NOERROR |
        lx.ParseOption.XML_PARSE_NOWARNING,
    });
  } catch (error) {
    throw new XmlSyntaxError(firstLine((error as Error).message));
  }
  try {
    if (doc.dtd) throw new DoctypeError('DOCTYPE is not accepted');
    return copy(doc.root, lx);
  } finally {
    doc.dispose();
  }
}

function firstLine(s: string): string {
  return (s.split('\n').find((l) => l.trim()) ?? 'not well-formed').trim().slice(0, 200);
}

function copy(el: Lx.XmlElement, m: LxModule): XNode {
  const node: XNode = { name: el.name, ns: el.namespaceUri ?? '', attrs: {}, children: [], text: '' };
  for (const attr of el.attrs) {
    // Namespaced attributes (xml:lang...) are kept under their local name only when unprefixed.
    if (!attr.prefix) node.attrs[attr.name] = attr.value;
  }
  for (let c = el.firstChild; c; c = c.next) {
    if (c instanceof m.XmlElement) node.children.push(copy(c, m));
    else if (c instanceof m.XmlText || c instanceof m.XmlCData) node.text += c.content;
  }
  return node;
}

// ---- navigation helpers (OTA namespace only: elements from other namespaces are ignored) ----

export function kids(node: XNode | undefined, name: string): XNode[] {
  return node ? node.children.filter((c) => c.name === name && c.ns === OTA_NS) : [];
}
export function kid(node: XNode | undefined, name: string): XNode | undefined {
  return node?.children.find((c) => c.name === name && c.ns === OTA_NS);
}
/** Follows a path of element names, first match at each step. */
export function path(node: XNode | undefined, ...names: string[]): XNode | undefined {
  let cur = node;
  for (const nm of names) cur = kid(cur, nm);
  return cur;
}
/** All elements at the end of a path (every match at every step). */
export function all(node: XNode | undefined, ...names: string[]): XNode[] {
  let cur: XNode[] = node ? [node] : [];
  for (const nm of names) cur = cur.flatMap((c) => kids(c, nm));
  return cur;
}
export function text(node: XNode | undefined): string {
  return (node?.text ?? '').trim();
}

// ---- building ----

export function esc(s: string | number): string {
  return (
    String(s)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Characters not allowed in XML 1.0 are dropped rather than echoed.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
  );
}

export type Attrs = Record<string, string | number | boolean | undefined | null>;
export type Child = string | false | null | undefined | Child[];

/** Builds one element; attributes with undefined/null values are left out; children are strings. */
export function el(name: string, attrs: Attrs = {}, ...children: Child[]): string {
  let a = '';
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    a += ` ${k}="${esc(String(v))}"`;
  }
  const body = flatten(children);
  return body ? `<${name}${a}>${body}</${name}>` : `<${name}${a}/>`;
}

/** Text-only element (content escaped). */
export function tel(name: string, attrs: Attrs, content: string | number): string {
  return el(name, attrs, esc(content));
}

function flatten(children: Child[]): string {
  let s = '';
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    s += Array.isArray(child) ? flatten(child) : child;
  }
  return s;
}
