// Character encodings (RFC 7303 §3.2, XML 1.0 §4.3.3 and Appendix F): what a label names, what a
// byte-order mark, a Content-Type charset or an XML declaration says, and the decoding itself.
// Any encoding the WHATWG TextDecoder of Node knows is read (ISO-8859-x, windows-125x, KOI8-R,
// Shift_JIS, EUC-JP, GB18030, Big5, ...), plus ISO-8859-1 and US-ASCII as XML means them.
import { ReplyDecodingError } from './reply-decoding-error';

/** Names whose WHATWG meaning differs from XML's (WHATWG reads all of these as windows-1252). */
const LOCAL_NAMES: Record<string, string> = {
  // ISO-8859-1 as IANA and XML mean it: bytes 0x80-0x9F are the C1 controls
  'iso-8859-1': 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  iso88591: 'iso-8859-1',
  iso_8859_1: 'iso-8859-1',
  'iso_8859-1': 'iso-8859-1',
  'iso_8859-1:1987': 'iso-8859-1',
  'iso-ir-100': 'iso-8859-1',
  csisolatin1: 'iso-8859-1',
  cp819: 'iso-8859-1',
  ibm819: 'iso-8859-1',
  latin1: 'iso-8859-1',
  'latin-1': 'iso-8859-1',
  l1: 'iso-8859-1',
  // US-ASCII: 7 bits, a byte above 0x7F is an error
  'us-ascii': 'us-ascii',
  ascii: 'us-ascii',
  'ansi_x3.4-1968': 'us-ascii',
  'iso-ir-6': 'us-ascii',
  'iso646-us': 'us-ascii',
  csascii: 'us-ascii',
  us: 'us-ascii',
  cp367: 'us-ascii',
  ibm367: 'us-ascii',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'x-cp1252': 'windows-1252',
  // UTF-16 of unspecified byte order: from the BOM, or from how "<" is written
  'utf-16': 'utf-16',
  utf16: 'utf-16',
  unicode: 'utf-16',
  'ucs-2': 'utf-16',
  csunicode: 'utf-16',
  'iso-10646-ucs-2': 'utf-16',
};

/** The encoding a label names ('utf-16' = byte order still open), or undefined when unknown. */
function encodingOf(label: string): string | undefined {
  const key = label.trim().toLowerCase();
  if (LOCAL_NAMES[key]) return LOCAL_NAMES[key];
  try {
    const name = new TextDecoder(key).encoding;
    return name === 'replacement' ? undefined : name; // WHATWG's "replacement" decodes nothing
  } catch {
    return undefined;
  }
}

export function resolveEncoding(label: string, where: string): string {
  const enc = encodingOf(label);
  if (enc === undefined)
    throw new ReplyDecodingError(
      'encoding',
      `reply declares an unsupported encoding "${label}" (${where}); supported: every encoding of the WHATWG Encoding Standard (UTF-8, UTF-16, ISO-8859-x, windows-125x, KOI8-R, Shift_JIS, EUC-JP, GB18030, Big5, ...), ISO-8859-1 and US-ASCII`,
    );
  return enc;
}

/** Does a label name the encoding `enc` ("UTF-16" covers both byte orders)? */
export function labelNames(label: string, enc: string): boolean {
  const e = encodingOf(label);
  return e === enc || (e === 'utf-16' && (enc === 'utf-16le' || enc === 'utf-16be'));
}

export interface Bom {
  enc: 'utf-8' | 'utf-16le' | 'utf-16be';
  length: number;
  label: string;
}

export function detectBom(bytes: Buffer): Bom | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { enc: 'utf-8', length: 3, label: 'UTF-8' };
  if (
    bytes.length >= 4 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) ||
      (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff))
  )
    throw new ReplyDecodingError(
      'encoding',
      'reply bytes start with a UTF-32 byte-order mark; UTF-32 is not supported (expected UTF-8 or UTF-16)',
    );
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { enc: 'utf-16le', length: 2, label: 'UTF-16LE' };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { enc: 'utf-16be', length: 2, label: 'UTF-16BE' };
  return undefined;
}

/** UTF-16 without BOM: only accepted when the body starts with '<' in a recognisable byte order. */
export function sniffUtf16(bytes: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes.length >= 2 && bytes[0] === 0x3c && bytes[1] === 0x00) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0x00 && bytes[1] === 0x3c) return 'utf-16be';
  return undefined;
}

/** The charset parameter of a Content-Type; an empty one counts as absent. */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const match = /;\s*charset\s*=\s*("([^"]*)"|[^;\s]+)/i.exec(contentType);
  if (!match) return undefined;
  const value = (match[2] ?? match[1]).trim();
  return value === '' ? undefined : value;
}

/** encoding="..." of the XML declaration; the declaration is ASCII, read in the BOM's byte order. */
export function xmlDeclEncoding(bytes: Buffer, bomEnc: Bom['enc'] | undefined): string | undefined {
  let head: string;
  if (bomEnc === 'utf-16le' || bomEnc === 'utf-16be') head = decodeUtf16(bytes.subarray(2, 2 + 400), bomEnc);
  else {
    const u16 = sniffUtf16(bytes);
    head = u16 ? decodeUtf16(bytes.subarray(0, 400), u16) : bytes.subarray(0, 200).toString('latin1');
  }
  const decl = /^\s*(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml\s[^?]*?\?>/.exec(head);
  if (!decl) return undefined;
  const match = /\bencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(decl[0]);
  return match ? (match[1] ?? match[2]) : undefined;
}

export function decodeUtf16(bytes: Buffer, enc: 'utf-16le' | 'utf-16be'): string {
  const even = bytes.subarray(0, bytes.length - (bytes.length % 2));
  if (enc === 'utf-16le') return even.toString('utf16le');
  const swapped = Buffer.from(even);
  swapped.swap16();
  return swapped.toString('utf16le');
}

/** Decodes bytes already checked by checkBytes (byte-validity.ts). */
export function decodeText(bytes: Buffer, enc: string): string {
  switch (enc) {
    case 'iso-8859-1':
      return bytes.toString('latin1'); // not TextDecoder: WHATWG maps the label iso-8859-1 to windows-1252
    case 'us-ascii':
      return bytes.toString('ascii');
    case 'windows-1252':
      return decodeCp1252(bytes);
    default:
      return new TextDecoder(enc, { fatal: true, ignoreBOM: true }).decode(bytes);
  }
}

// 0x80-0x9F of windows-1252; Node's TextDecoder('windows-1252') decodes them as ISO-8859-1
// on some versions, so the table is ours. Undefined bytes map to the C1 control of the same value.
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function decodeCp1252(bytes: Buffer): string {
  const latin = bytes.toString('latin1');
  return latin.replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}
