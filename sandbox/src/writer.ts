// Re-serialises a reply element in another, equally valid XML form (dialect variants of
// serialisation: prefixes, order, encoding, layout). The handlers build replies as compact
// strings; when a serialisation variant is on, envelope.ts parses that string back and writes it
// again here, so no handler has to know about these forms. (The tree keeps unprefixed attributes
// only; replies carry no xml:lang or other prefixed attribute.)
import { esc, parseXml, type XNode } from './xml';

export interface WriteOptions {
  /** Prefix for every namespaced element (declared once on the root), instead of a default namespace. */
  prefix?: string;
  /** Attributes in reverse order, and runs of same-named sibling elements in reverse order. */
  reverse?: boolean;
  /** Indentation, a comment before every element with element children, text as CDATA. */
  pretty?: boolean;
  /** Characters above U+00FF as character references (the document will be ISO-8859-1). */
  latin1?: boolean;
  /** <X></X> instead of <X/>. */
  expandEmpty?: boolean;
  /** Attribute values in single quotes. */
  singleQuotes?: boolean;
}

export function rewrite(xml: string, o: WriteOptions): string {
  const root = parseXml(Buffer.from(xml, 'utf8'));
  const out: string[] = [];
  write(root, 0, undefined, o, out);
  return out.join('');
}

/** Outside Latin-1: a character reference (surrogate pairs are one code point). */
function latin1Safe(s: string): string {
  return s.replace(/[^\u0000-\u00ff]/gu, (c) => `&#${c.codePointAt(0)};`);
}

function textOf(s: string, o: WriteOptions): string {
  if (!o.pretty) return o.latin1 ? latin1Safe(esc(s)) : esc(s);
  // CDATA cannot hold "]]>" nor character references: both are written between sections.
  const parts = o.latin1 ? s.split(/([^\u0000-\u00ff])/u) : [s];
  return parts
    .map((p, i) => (i % 2 === 1 ? `&#${p.codePointAt(0)};` : p === '' ? '' : `<![CDATA[${p.split(']]>').join(']]]]><![CDATA[>')}]]>`))
    .join('');
}

function attrText(v: string, o: WriteOptions): string {
  const q = o.singleQuotes ? "'" : '"';
  return `${q}${o.latin1 ? latin1Safe(esc(v)) : esc(v)}${q}`;
}

/** Children with every run of same-named siblings reversed (element order between names kept). */
function reorder(children: XNode[]): XNode[] {
  const out: XNode[] = [];
  let run: XNode[] = [];
  for (const c of children) {
    if (run.length && (run[0].name !== c.name || run[0].ns !== c.ns)) {
      out.push(...run.reverse());
      run = [];
    }
    run.push(c);
  }
  out.push(...run.reverse());
  return out;
}

function write(n: XNode, depth: number, parentNs: string | undefined, o: WriteOptions, out: string[]): void {
  const name = o.prefix && n.ns ? `${o.prefix}:${n.name}` : n.name;
  let attrs = '';
  if (n.ns !== (parentNs ?? '')) attrs += ` ${o.prefix && n.ns ? `xmlns:${o.prefix}` : 'xmlns'}=${attrText(n.ns, o)}`;
  const entries = Object.entries(n.attrs);
  for (const [k, v] of o.reverse ? entries.reverse() : entries) attrs += ` ${k}=${attrText(v, o)}`;
  if (n.children.length === 0) {
    if (n.text === '') out.push(o.expandEmpty ? `<${name}${attrs}></${name}>` : `<${name}${attrs}/>`);
    else out.push(`<${name}${attrs}>${textOf(n.text, o)}</${name}>`);
    return;
  }
  out.push(`<${name}${attrs}>`);
  const pad = (d: number) => (o.pretty ? `\n${'  '.repeat(d)}` : '');
  for (const c of o.reverse ? reorder(n.children) : n.children) {
    if (o.pretty && c.children.length > 0) out.push(`${pad(depth + 1)}<!-- ${c.name} -->`);
    out.push(pad(depth + 1));
    write(c, depth + 1, n.ns, o, out);
  }
  out.push(`${pad(depth)}</${name}>`);
}
