// Re-serialises a reply element in another, equally valid XML form (dialect variants of
// serialisation: prefixes, order, encoding, layout). The handlers build replies as compact
// strings; when a serialisation variant is on, envelope.ts parses that string back and writes it
// again here, so no handler has to know about these forms. (The tree keeps unprefixed attributes
// only; replies carry no xml:lang or other prefixed attribute.)
import { encodable, type Charset } from './charset';
import { esc, parseXml, type XNode } from './xml';

export interface WriteOptions {
  /** Prefix for every namespaced element (declared once on the root), instead of a default namespace. */
  prefix?: string;
  /** Attributes in reverse order, and runs of same-named sibling elements in reverse order. */
  reverse?: boolean;
  /** Indentation, a comment before every element with element children, text as CDATA. */
  pretty?: boolean;
  /** The document's encoding when it is not UTF-8: characters it cannot hold become character references. */
  charset?: Charset;
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

/** A character the document's encoding cannot hold. */
function outside(c: string, o: WriteOptions): boolean {
  return !!o.charset && !encodable(o.charset, c);
}

/** Characters the encoding cannot hold as character references (surrogate pairs are one code point). */
function charsetSafe(s: string, o: WriteOptions): string {
  if (!o.charset || o.charset === 'utf-8') return s;
  let out = '';
  for (const c of s) out += outside(c, o) ? `&#${c.codePointAt(0)};` : c;
  return out;
}

function textOf(s: string, o: WriteOptions): string {
  if (!o.pretty) return charsetSafe(esc(s), o);
  // CDATA cannot hold "]]>" nor character references: both are written between sections.
  const parts: string[] = [''];
  for (const c of s) {
    if (outside(c, o)) parts.push(c, '');
    else parts[parts.length - 1] += c;
  }
  return parts
    .map((p, i) => (i % 2 === 1 ? `&#${p.codePointAt(0)};` : p === '' ? '' : `<![CDATA[${p.split(']]>').join(']]]]><![CDATA[>')}]]>`))
    .join('');
}

function attrText(v: string, o: WriteOptions): string {
  const q = o.singleQuotes ? "'" : '"';
  return `${q}${charsetSafe(esc(v), o)}${q}`;
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
