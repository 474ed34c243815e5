// Reading requests and writing replies: xmldom for the request, plain strings for the reply.
import { DOMParser, type Element } from '@xmldom/xmldom';

export const OTA_NS = 'http://www.opentravel.org/OTA/2003/05';
export type { Element };

/** Parses a request body; a DOCTYPE, a parse error or a warning refuses it. */
export function parseXml(body: string): Element {
  if (/<!DOCTYPE/i.test(body)) throw new Error('a DOCTYPE is not accepted');
  const problems: string[] = [];
  const doc = new DOMParser({
    onError: (level, msg) => {
      if (level !== 'warning') problems.push(msg);
    },
  }).parseFromString(body, 'application/xml');
  if (problems.length || !doc.documentElement) throw new Error(problems[0] ?? 'no root element');
  return doc.documentElement;
}

const isEl = (n: unknown): n is Element => (n as { nodeType?: number })?.nodeType === 1;

/** The child elements named `name` (OTA namespace), or every child element. */
export function kids(element: Element | undefined, name?: string): Element[] {
  if (!element) return [];
  const out: Element[] = [];
  for (let n = element.firstChild; n; n = n.nextSibling)
    if (isEl(n) && n.namespaceURI === OTA_NS && (name === undefined || n.localName === name)) out.push(n);
  return out;
}
/** Every element at the slash-separated path of child names. */
export function all(element: Element | undefined, path: string): Element[] {
  return path.split('/').reduce<Element[]>((at, step) => at.flatMap((x) => kids(x, step)), element ? [element] : []);
}
export const one = (e: Element | undefined, path: string): Element | undefined => all(e, path)[0];
export const attr = (e: Element | undefined, name: string): string | undefined =>
  e?.hasAttribute(name) ? e.getAttribute(name)! : undefined;
export const text = (e: Element | undefined): string => (e?.textContent ?? '').trim();

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export type Attrs = Record<string, string | number | boolean | undefined>;
/** One element as a string: attributes left out when undefined; children already written (or text, escaped). */
export function x(name: string, attrs: Attrs = {}, ...children: Array<string | string[] | { text: string }>): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
    .join('');
  const body = children
    .flat()
    .map((c) => (typeof c === 'string' ? c : esc(c.text)))
    .join('');
  return body ? `<${name}${a}>${body}</${name}>` : `<${name}${a}/>`;
}
export const t = (s: string) => ({ text: s });
