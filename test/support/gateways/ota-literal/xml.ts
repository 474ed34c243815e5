// XML for the Alba gateway: a tiny tree builder with its serialiser, and DOM helpers that read a
// request by the local names of its OTA elements. It shares no code with the suite or the sandbox.
import { DOMParser, type Element } from '@xmldom/xmldom';

export type { Element };

export const OTA_NS = 'http://www.opentravel.org/OTA/2003/05';

type AttrValue = string | number | boolean | undefined | null;
export interface XNode {
  name: string;
  attrs: Record<string, AttrValue>;
  kids: Array<XNode | string>;
}
export type Kid = XNode | string | undefined | null | false | Kid[];

/** An element; undefined, null and false children are dropped, arrays are flattened. */
export function el(name: string, attrs: Record<string, AttrValue> = {}, ...kids: Kid[]): XNode {
  const flat: Array<XNode | string> = [];
  const add = (kid: Kid) => {
    if (Array.isArray(kid)) kid.forEach(add);
    else if (kid !== undefined && kid !== null && kid !== false) flat.push(kid);
  };
  kids.forEach(add);
  return { name, attrs, kids: flat };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The document: every element in the OTA namespace, as the default namespace or under `prefix`. */
export function serialize(root: XNode, prefix = ''): string {
  const q = (n: string) => (prefix ? `${prefix}:${n}` : n);
  const write = (node: XNode, top: boolean): string => {
    const attrs = Object.entries(node.attrs)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
      .join('');
    const ns = top ? ` xmlns${prefix ? `:${prefix}` : ''}="${OTA_NS}"` : '';
    if (node.kids.length === 0) return `<${q(node.name)}${ns}${attrs}/>`;
    const inner = node.kids.map((k) => (typeof k === 'string' ? esc(k) : write(k, false))).join('');
    return `<${q(node.name)}${ns}${attrs}>${inner}</${q(node.name)}>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(root, true)}`;
}

/** Parses a request body; throws with the parser's message when it is not well-formed XML. */
export function parse(body: string): Element {
  if (/<!DOCTYPE/i.test(body)) throw new Error('DOCTYPE not allowed');
  const doc = new DOMParser({
    onError: (level: string, msg: string) => {
      if (level !== 'warning') throw new Error(msg);
    },
  }).parseFromString(body, 'application/xml');
  if (!doc.documentElement) throw new Error('no root element');
  return doc.documentElement;
}

/** The OTA children of `e` named `name` ('*' for all). */
export function kids(element: Element | undefined, name: string): Element[] {
  if (!element) return [];
  const out: Element[] = [];
  for (let n = element.firstChild; n; n = n.nextSibling)
    if (n.nodeType === 1 && (n as Element).namespaceURI === OTA_NS && (name === '*' || (n as Element).localName === name))
      out.push(n as Element);
  return out;
}

/** The elements at a slash-separated path of OTA local names below `e`. */
export function all(element: Element | undefined, path: string): Element[] {
  return path.split('/').reduce<Element[]>((set, step) => set.flatMap((x) => kids(x, step)), element ? [element] : []);
}

export const one = (e: Element | undefined, path: string): Element | undefined => all(e, path)[0];
export const text = (e: Element | undefined): string => (e?.textContent ?? '').trim();
export const attr = (element: Element | undefined, name: string): string | undefined => {
  const attribute = element?.getAttribute(name);
  return attribute === null || attribute === undefined || attribute.trim() === '' ? undefined : attribute.trim();
};
