// How a reply goes on the wire: the bytes' character encoding, the name in the XML declaration and
// the Content-Type charset parameter. UTF-8 by default; the encoding variants (latin1-encoding,
// iso-8859-15-encoding, windows-1251-encoding) change all three, charset-header-wins only the
// declaration (RFC 7303 §3.2: the charset parameter is authoritative).
import type { Variants } from './variants';

/** Byte encodings the sandbox can write (node's TextDecoder labels). */
export type Charset = 'utf-8' | 'iso-8859-1' | 'iso-8859-15' | 'windows-1251';

export interface WireForm {
  /** Encoding of the body's bytes. */
  charset: Charset;
  /** Value of the XML declaration's encoding. */
  declared: string;
  /** The Content-Type header of XML replies. */
  contentType: string;
}

export function wireForm(variants: Variants): WireForm {
  if (variants.has('latin1-encoding')) return form('iso-8859-1', 'ISO-8859-1');
  if (variants.has('iso-8859-15-encoding')) return form('iso-8859-15', 'ISO-8859-15');
  if (variants.has('windows-1251-encoding')) return form('windows-1251', 'windows-1251');
  if (variants.has('charset-header-wins'))
    return { charset: 'utf-8', declared: 'ISO-8859-1', contentType: 'application/xml; charset=utf-8' };
  return form('utf-8', 'UTF-8', 'utf-8');
}

function form(charset: Charset, name: string, header = name): WireForm {
  return { charset, declared: name, contentType: `application/xml; charset=${header}` };
}

/** Code point -> byte, for the single-byte encodings (built from node's decoders). */
const tables = new Map<Charset, Map<number, number>>();
function table(charset: Charset): Map<number, number> {
  let map = tables.get(charset);
  if (!map) {
    map = new Map();
    const dec = new TextDecoder(charset);
    for (let b = 0; b < 256; b++) {
      const ch = dec.decode(Uint8Array.of(b));
      if (ch !== '\uFFFD' && ch.length === 1) map.set(ch.charCodeAt(0), b);
    }
    tables.set(charset, map);
  }
  return map;
}

/** The byte of a code point in a single-byte charset, if it has one. (TextDecoder's "iso-8859-1" is windows-1252, so Latin-1 is done here.) */
function byteOf(c: Exclude<Charset, 'utf-8'>, cp: number): number | undefined {
  if (c === 'iso-8859-1') return cp <= 0xff ? cp : undefined;
  return table(c).get(cp);
}

/** True when the character (one code point) can be written as itself in the charset. */
export function encodable(charset: Charset, ch: string): boolean {
  return charset === 'utf-8' || byteOf(charset, ch.codePointAt(0)!) !== undefined;
}

/** The string's bytes in the charset; a character it cannot hold becomes a character reference. */
export function encode(s: string, charset: Charset): Buffer {
  if (charset === 'utf-8') return Buffer.from(s, 'utf8');
  if (charset === 'iso-8859-1' && !/[^\u0000-\u00ff]/u.test(s)) return Buffer.from(s, 'latin1');
  const out: number[] = [];
  for (const ch of s) {
    const b = byteOf(charset, ch.codePointAt(0)!);
    if (b !== undefined) out.push(b);
    else for (const x of Buffer.from(`&#${ch.codePointAt(0)};`, 'ascii')) out.push(x);
  }
  return Buffer.from(out);
}
