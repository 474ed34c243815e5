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

export function rewrite(xml: string, writeOptions: WriteOptions): string {
  const root = parseXml(Buffer.from(xml, 'utf8'));
  const out: string[] = [];
  write(root, 0, undefined, writeOptions, out);
  return out.join('');
}

/** A character the document's encoding cannot hold. */
function outside(c: string, writeOptions: WriteOptions): boolean {
  return !!writeOptions.charset && !encodable(writeOptions.charset, c);
}

/** Characters the encoding cannot hold as character references (surrogate pairs are one code point). */
function charsetSafe(s: string, writeOptions: WriteOptions): string {
  if (!writeOptions.charset || writeOptions.charset === 'utf-8') return s;
  let out = '';
  for (const c of s) out += outside(c, writeOptions) ? `&#${c.codePointAt(0)};` : c;
  return out;
}

function textOf(s: string, writeOptions: WriteOptions): string {
  if (!writeOptions.pretty) return charsetSafe(esc(s), writeOptions);
  // CDATA cannot hold "]]>" nor character references: both are written between sections.
  const parts: string[] = [''];
  for (const c of s) {
    if (outside(c, writeOptions)) parts.push(c, '');
    else parts[parts.length - 1] += c;
  }
  return parts
    .map((p, i) => (i % 2 === 1 ? `&#${p.codePointAt(0)};` : p === '' ? '' : `<![CDATA[${p.split(']]>').join(']]]]><![CDATA[>')}]]>`))
    .join('');
}

function attrText(value: string, writeOptions: WriteOptions): string {
  const q = writeOptions.singleQuotes ? "'" : '"';
  return `${q}${charsetSafe(esc(value), writeOptions)}${q}`;
}

/** Children with every run of same-named siblings reversed (element order between names kept). */
function reorder(children: XNode[]): XNode[] {
  const out: XNode[] = [];
  let run: XNode[] = [];
  for (const node of children) {
    if (run.length && (run[0].name !== node.name || run[0].ns !== node.ns)) {
      out.push(...run.reverse());
      run = [];
    }
    run.push(node);
  }
  out.push(...run.reverse());
  return out;
}

function write(node: XNode, depth: number, parentNs: string | undefined, writeOptions: WriteOptions, out: string[]): void {
  const name = writeOptions.prefix && node.ns ? `${writeOptions.prefix}:${node.name}` : node.name;
  let attrs = '';
  if (node.ns !== (parentNs ?? ''))
    attrs += ` ${writeOptions.prefix && node.ns ? `xmlns:${writeOptions.prefix}` : 'xmlns'}=${attrText(node.ns, writeOptions)}`;
  const entries = Object.entries(node.attrs);
  for (const [k, v] of writeOptions.reverse ? entries.reverse() : entries) attrs += ` ${k}=${attrText(v, writeOptions)}`;
  if (node.children.length === 0) {
    if (node.text === '') out.push(writeOptions.expandEmpty ? `<${name}${attrs}></${name}>` : `<${name}${attrs}/>`);
    else out.push(`<${name}${attrs}>${textOf(node.text, writeOptions)}</${name}>`);
    return;
  }
  out.push(`<${name}${attrs}>`);
  const pad = (d: number) => (writeOptions.pretty ? `\n${'  '.repeat(d)}` : '');
  for (const c of writeOptions.reverse ? reorder(node.children) : node.children) {
    if (writeOptions.pretty && c.children.length > 0) out.push(`${pad(depth + 1)}<!-- ${c.name} -->`);
    out.push(pad(depth + 1));
    write(c, depth + 1, node.ns, writeOptions, out);
  }
  out.push(`${pad(depth)}</${name}>`);
}
