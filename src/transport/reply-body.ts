// Raw reply bytes -> text for the XML parser, or a clear ReplyDecodingError saying what was found
// and what was expected. Deliberately does NOT judge the Content-Type media type (the contract
// reports that separately): a valid XML body served as text/html decodes fine here.
//
// The rules, so that a gateway the suite has never seen is read whenever its reply is legitimate:
// - Content-Encoding (RFC 9110 §8.4): the suite sends no Accept-Encoding, and a request without
//   it accepts any content coding (§12.5.3); gzip, x-gzip, deflate (zlib, or raw deflate as
//   browsers accept) and br are decoded, bounded by the reply size limit. An unknown coding, a body
//   that is not what its coding says, or a compressed body WITHOUT Content-Encoding is a finding.
// - Character encoding (RFC 7303 §3.2, XML 1.0 §4.3.3 and Appendix F): a byte-order mark wins;
//   otherwise the Content-Type charset is authoritative; otherwise the XML declaration's encoding;
//   otherwise UTF-8. Any encoding the WHATWG TextDecoder of Node knows is read (ISO-8859-x,
//   windows-125x, KOI8-R, Shift_JIS, EUC-JP, GB18030, Big5, ...), plus ISO-8859-1 and US-ASCII
//   as XML means them. Bytes that are not valid in the chosen encoding are a finding.
import * as zlib from 'node:zlib';

export type ReplyDecodingReason = 'empty' | 'html' | 'compressed' | 'encoding' | 'binary' | 'too-large';

export class ReplyDecodingError extends Error {
  override name = 'ReplyDecodingError';
  constructor(
    readonly reason: ReplyDecodingReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The decoded content (Content-Encoding undone) would exceed the size bound: decompression stopped
 * there. The transport reports it as its own over-size failure ('too-large'), like a long body.
 */
export class ContentTooLargeError extends ReplyDecodingError {
  override name = 'ContentTooLargeError';
  constructor(
    readonly codings: string[],
    readonly maxBytes: number,
  ) {
    super(
      'too-large',
      `reply body is larger than ${maxBytes} bytes once its Content-Encoding (${codings.join(', ')}) is decoded; decompression stopped at the limit`,
    );
  }
}

/** The default bound on a decoded body when the caller gives none (DEFAULT_LIMITS.maxReplyBytes of http.ts). */
export const DEFAULT_MAX_DECODED_BYTES = 5 * 1024 * 1024;

export type EncodingSource = 'bom' | 'content-type' | 'xml-declaration' | 'default';

export interface DecodedReply {
  /** The characters of the reply exactly as decoded (BOM removed). */
  text: string;
  /**
   * `text` with the XML declaration's encoding="..." rewritten to UTF-8 when it named anything
   * else: a parser given a string (libxml2-wasm fromString) honours that pseudo-attribute and
   * would otherwise decode the characters a second time ("Café" read as "CafÃ©"), or fail.
   */
  parserText: string;
  /** Encoding used: 'utf-8', 'utf-16le', 'utf-16be', 'iso-8859-1', 'us-ascii', or a WHATWG name ('windows-1251', 'iso-8859-15', 'shift_jis', ...). */
  encoding: string;
  /** What decided the encoding. */
  source: EncodingSource;
  /** Content-Type charset as sent, if any. */
  declaredCharset?: string;
  /** encoding="..." of the XML declaration, if any. */
  declaredInXml?: string;
  /** Declarations that disagreed with the one that decided, and were overridden by precedence. */
  overridden?: string[];
  /** Content codings undone (Content-Encoding, in the order the gateway applied them), if any. */
  contentCodings?: string[];
}

export interface DecodeOptions {
  /** Bound on the body once its Content-Encoding is decoded (the transport's maxReplyBytes). */
  maxBytes?: number;
  /** The body is already content-decoded (the transport did it; see markContentDecoded). */
  contentDecoded?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Content-Encoding

/** Bodies the transport has already content-decoded, with the codings it undid. */
const contentDecodedBodies = new WeakMap<Buffer, string[]>();

/**
 * For the transport: `body` is the reply body with its Content-Encoding already undone, so the
 * decoder must not try to undo it again (the headers still say what the gateway sent).
 */
export function markContentDecoded(body: Buffer, codings: string[]): void {
  contentDecodedBodies.set(body, codings);
}

type ZstdSync = (b: Buffer, o?: zlib.ZlibOptions) => Buffer;
/** zstd is decoded where Node has it (22.15+); elsewhere it is an unknown coding. */
const zstdDecompressSync = (zlib as unknown as { zstdDecompressSync?: ZstdSync }).zstdDecompressSync;

const DECODERS: Record<string, (b: Buffer, o: zlib.ZlibOptions & zlib.BrotliOptions) => Buffer> = {
  gzip: (b, o) => zlib.gunzipSync(b, o),
  'x-gzip': (b, o) => zlib.gunzipSync(b, o),
  // HTTP "deflate" is the zlib format (RFC 9110 §8.4.1.2); some servers send raw deflate, which
  // browsers and undici accept too: told apart by the zlib header.
  deflate: (b, o) => (isZlibHeader(b) ? zlib.inflateSync(b, o) : zlib.inflateRawSync(b, o)),
  br: (b, o) => zlib.brotliDecompressSync(b, o),
  ...(zstdDecompressSync ? { zstd: (b: Buffer, o: zlib.ZlibOptions) => zstdDecompressSync(b, o) } : {}),
};

/** The content codings a Content-Encoding header lists, lower-case, in the order applied; identity dropped. */
export function contentCodings(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

/**
 * Undoes the Content-Encoding of a reply body. Bounded: the output never exceeds maxBytes (zlib
 * stops there, a decompression bomb is never inflated in memory) - ContentTooLargeError. An unknown
 * coding or a body that is not valid data of its coding is a ReplyDecodingError 'compressed'.
 */
export function decodeContentCoding(
  body: Buffer,
  contentEncoding: string | undefined,
  maxBytes: number,
): { body: Buffer; codings: string[] } {
  const codings = contentCodings(contentEncoding);
  const unknown = codings.find((c) => !DECODERS[c]);
  if (unknown !== undefined)
    throw new ReplyDecodingError(
      'compressed',
      `reply declares Content-Encoding: ${contentEncoding!.trim()}, and "${unknown}" is not a content coding the suite can decode (it decodes ${Object.keys(DECODERS).join(', ')}); expected an uncompressed body or one of those codings`,
    );
  let out = body;
  // the last coding listed was applied last: undo it first
  for (const c of [...codings].reverse()) {
    if (out.length === 0) break;
    try {
      out = DECODERS[c](out, { maxOutputLength: maxBytes });
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ContentTooLargeError(codings, maxBytes);
      throw new ReplyDecodingError(
        'compressed',
        `reply declares Content-Encoding: ${c}, but its body is not valid ${c} data (${(e as Error).message}); first bytes ${hex(out)}`,
      );
    }
  }
  return { body: out, codings };
}

// ---------------------------------------------------------------------------------------------
// Character encodings

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

function resolveEncoding(label: string, where: string): string {
  const enc = encodingOf(label);
  if (enc === undefined)
    throw new ReplyDecodingError(
      'encoding',
      `reply declares an unsupported encoding "${label}" (${where}); supported: every encoding of the WHATWG Encoding Standard (UTF-8, UTF-16, ISO-8859-x, windows-125x, KOI8-R, Shift_JIS, EUC-JP, GB18030, Big5, ...), ISO-8859-1 and US-ASCII`,
    );
  return enc;
}

/** Does a label name the encoding `enc` ("UTF-16" covers both byte orders)? */
function names(label: string, enc: string): boolean {
  const e = encodingOf(label);
  return e === enc || (e === 'utf-16' && (enc === 'utf-16le' || enc === 'utf-16be'));
}

// ---------------------------------------------------------------------------------------------

/** Text for the XML parser (see DecodedReply.parserText), or a ReplyDecodingError. */
export function decodeReplyBody(headers: Record<string, string>, body: Buffer, opts: DecodeOptions = {}): string {
  return inspectReplyBody(headers, body, opts).parserText;
}

export function inspectReplyBody(headers: Record<string, string>, raw: Buffer, opts: DecodeOptions = {}): DecodedReply {
  const h = lowerKeys(headers);

  // 1. empty
  if (raw.length === 0) throw new ReplyDecodingError('empty', 'reply body is empty; expected an XML document');

  // 2. content coding: undone here unless the transport already did (it marks the body)
  let body = raw;
  let codings = contentDecodedBodies.get(raw) ?? (opts.contentDecoded ? contentCodings(h['content-encoding']) : undefined);
  if (codings === undefined) {
    const d = decodeContentCoding(raw, h['content-encoding'], opts.maxBytes ?? DEFAULT_MAX_DECODED_BYTES);
    body = d.body;
    codings = d.codings;
  }
  const decodedNote = codings.length ? ` once its Content-Encoding (${codings.join(', ')}) is decoded` : '';
  if (body.length === 0) throw new ReplyDecodingError('empty', `reply body is empty${decodedNote}; expected an XML document`);

  // 3. compression nobody declared (or compressed again inside the declared coding): not XML
  const undeclared = codings.length
    ? ` after its Content-Encoding (${codings.join(', ')}) is decoded: compressed twice, declared once`
    : ' without a Content-Encoding header';
  const magic = compressionMagic(body);
  if (magic) throw new ReplyDecodingError('compressed', `reply body is ${magic}-compressed${undeclared}; expected uncompressed XML`);

  // 4. HTML (checked on a lenient decode, before encoding errors: an HTML error page is the real story)
  const bom = detectBom(body);
  const lenient =
    bom?.enc === 'utf-16le' || bom?.enc === 'utf-16be'
      ? decodeUtf16(body.subarray(2, 2050), bom.enc)
      : body.subarray(0, 2048).toString('latin1');
  const html = htmlSignature(lenient);
  if (html) throw new ReplyDecodingError('html', `reply is an HTML page, not XML (${html}); expected an XML document`);

  // 5. brotli has no magic number: a body that does not start like text may be brotli
  if (looksLikeBrotli(body, bom))
    throw new ReplyDecodingError('compressed', `reply body is brotli-compressed${undeclared}; expected uncompressed XML`);

  // 6. binary: NUL bytes outside UTF-16 (an image, a serialised object, random bytes)
  const nul = body.indexOf(0);
  if (nul >= 0 && bom?.enc !== 'utf-16le' && bom?.enc !== 'utf-16be' && !sniffUtf16(body))
    throw new ReplyDecodingError(
      'binary',
      `reply body looks binary: NUL byte at byte ${nul}; first bytes ${hex(body)}; expected an XML text document`,
    );

  // 7. encoding: a BOM wins; else the Content-Type charset; else the XML declaration; else UTF-8
  const charsetRaw = charsetOf(h['content-type']);
  const declRaw = xmlDeclEncoding(body, bom?.enc);
  const overridden: string[] = [];
  let enc: string;
  let source: EncodingSource;
  let start = 0;
  if (bom) {
    enc = bom.enc;
    source = 'bom';
    start = bom.length;
    const why = `the ${bom.label} byte-order mark takes precedence`;
    if (charsetRaw !== undefined && !names(charsetRaw, enc)) overridden.push(`Content-Type charset=${charsetRaw} (${why})`);
    if (declRaw !== undefined && !names(declRaw, enc)) overridden.push(`XML declaration encoding="${declRaw}" (${why})`);
    checkBytes(body.subarray(start), enc, `reply starts with a ${bom.label} byte-order mark`);
  } else if (charsetRaw !== undefined || declRaw !== undefined) {
    const fromHeader = charsetRaw !== undefined;
    const name = fromHeader ? charsetRaw : declRaw!;
    const where = fromHeader ? `Content-Type charset=${charsetRaw}` : `XML declaration encoding="${declRaw}"`;
    source = fromHeader ? 'content-type' : 'xml-declaration';
    let e = resolveEncoding(name, fromHeader ? 'Content-Type charset' : 'XML declaration');
    if (e === 'utf-16') {
      const sniffed = sniffUtf16(body);
      if (!sniffed)
        throw new ReplyDecodingError(
          'encoding',
          `reply declares UTF-16 (${where}) but has no byte-order mark and does not start with "<" in UTF-16`,
        );
      e = sniffed;
    }
    enc = e;
    if (fromHeader && declRaw !== undefined && !names(declRaw, enc))
      overridden.push(`XML declaration encoding="${declRaw}" (the Content-Type charset=${charsetRaw} takes precedence)`);
    checkBytes(body, enc, `reply declares ${name} (${where})`);
  } else {
    enc = 'utf-8';
    source = 'default';
    checkBytes(
      body,
      'utf-8',
      "reply declares no encoding (no Content-Type charset, no XML declaration encoding), so XML's default UTF-8 applies",
    );
  }
  const text = decode(body.subarray(start), enc);

  // 8. binary: control characters XML forbids (NUL etc.) mean this is not text at all
  const bad = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.exec(text);
  if (bad)
    throw new ReplyDecodingError(
      'binary',
      `reply body looks binary: control character U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at character ${bad.index} (decoded as ${enc.toUpperCase()}); expected an XML text document`,
    );

  return {
    text,
    parserText: declRaw !== undefined ? declarationSaysUtf8(text) : text,
    encoding: enc,
    source,
    declaredCharset: charsetRaw,
    declaredInXml: declRaw,
    ...(overridden.length ? { overridden } : {}),
    ...(codings.length ? { contentCodings: codings } : {}),
  };
}

/**
 * The text with its XML declaration's encoding pseudo-attribute set to UTF-8: the characters are
 * decoded already, and a parser given the string must not decode them again by the declaration.
 */
function declarationSaysUtf8(text: string): string {
  const decl = /^\s*<\?xml\s[^?]*?\?>/.exec(text.slice(0, 1024));
  if (!decl) return text;
  const m = /\bencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(decl[0]);
  if (!m || /^utf-8$/i.test(m[1] ?? m[2])) return text;
  const q = m[1] !== undefined ? '"' : "'";
  const rewritten = `${decl[0].slice(0, m.index)}encoding=${q}UTF-8${q}${decl[0].slice(m.index + m[0].length)}`;
  return rewritten + text.slice(decl[0].length);
}

// ---------------------------------------------------------------------------------------------

function hex(b: Buffer): string {
  return [...b.subarray(0, 8)].map((x) => x.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) out[k.toLowerCase()] = v;
  return out;
}

/** A zlib stream header (HTTP "deflate"): deflate method, window <= 32K, header checksum. */
function isZlibHeader(b: Buffer): boolean {
  return b.length >= 2 && (b[0] & 0x0f) === 8 && b[0] >> 4 <= 7 && ((b[0] << 8) | b[1]) % 31 === 0;
}

function compressionMagic(b: Buffer): string | undefined {
  if (b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b) return 'gzip';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return 'zip';
  if (b.length >= 4 && b[0] === 0x28 && b[1] === 0xb5 && b[2] === 0x2f && b[3] === 0xfd) return 'zstd';
  // zlib (HTTP "deflate"): CMF=0x78 (deflate, 32K window) and a valid header checksum
  if (b[0] === 0x78 && isZlibHeader(b)) return 'deflate';
  return undefined;
}

function looksLikeBrotli(b: Buffer, bom: Bom | undefined): boolean {
  if (bom) return false;
  const first = b.find((x) => x !== 0x20 && x !== 0x09 && x !== 0x0a && x !== 0x0d);
  if (first === undefined || first === 0x3c /* < */) return false;
  try {
    // bounded: a brotli bomb stops at 1 MiB (and counts as brotli)
    const out = zlib.brotliDecompressSync(b, { maxOutputLength: 1024 * 1024 });
    return out.length > 0 && /^\s*</.test(out.subarray(0, 64).toString('latin1'));
  } catch (e) {
    return (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
  }
}

interface Bom {
  enc: 'utf-8' | 'utf-16le' | 'utf-16be';
  length: number;
  label: string;
}

function detectBom(b: Buffer): Bom | undefined {
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { enc: 'utf-8', length: 3, label: 'UTF-8' };
  if (
    b.length >= 4 &&
    ((b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) || (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff))
  )
    throw new ReplyDecodingError(
      'encoding',
      'reply bytes start with a UTF-32 byte-order mark; UTF-32 is not supported (expected UTF-8 or UTF-16)',
    );
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return { enc: 'utf-16le', length: 2, label: 'UTF-16LE' };
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return { enc: 'utf-16be', length: 2, label: 'UTF-16BE' };
  return undefined;
}

/** UTF-16 without BOM: only accepted when the body starts with '<' in a recognisable byte order. */
function sniffUtf16(b: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  if (b.length >= 2 && b[0] === 0x3c && b[1] === 0x00) return 'utf-16le';
  if (b.length >= 2 && b[0] === 0x00 && b[1] === 0x3c) return 'utf-16be';
  return undefined;
}

/** The charset parameter of a Content-Type; an empty one counts as absent. */
function charsetOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const m = /;\s*charset\s*=\s*("([^"]*)"|[^;\s]+)/i.exec(contentType);
  if (!m) return undefined;
  const v = (m[2] ?? m[1]).trim();
  return v === '' ? undefined : v;
}

/** encoding="..." of the XML declaration; the declaration is ASCII, read in the BOM's byte order. */
function xmlDeclEncoding(b: Buffer, bomEnc: Bom['enc'] | undefined): string | undefined {
  let head: string;
  if (bomEnc === 'utf-16le' || bomEnc === 'utf-16be') head = decodeUtf16(b.subarray(2, 2 + 400), bomEnc);
  else {
    const u16 = sniffUtf16(b);
    head = u16 ? decodeUtf16(b.subarray(0, 400), u16) : b.subarray(0, 200).toString('latin1');
  }
  const decl = /^\s*(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml\s[^?]*?\?>/.exec(head);
  if (!decl) return undefined;
  const m = /\bencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(decl[0]);
  return m ? (m[1] ?? m[2]) : undefined;
}

function decodeUtf16(b: Buffer, enc: 'utf-16le' | 'utf-16be'): string {
  const even = b.subarray(0, b.length - (b.length % 2));
  if (enc === 'utf-16le') return even.toString('utf16le');
  const swapped = Buffer.from(even);
  swapped.swap16();
  return swapped.toString('utf16le');
}

/** Decodes bytes already checked by checkBytes. */
function decode(b: Buffer, enc: string): string {
  switch (enc) {
    case 'iso-8859-1':
      return b.toString('latin1'); // not TextDecoder: WHATWG maps the label iso-8859-1 to windows-1252
    case 'us-ascii':
      return b.toString('ascii');
    case 'windows-1252':
      return decodeCp1252(b);
    default:
      return new TextDecoder(enc, { fatal: true, ignoreBOM: true }).decode(b);
  }
}

// 0x80-0x9F of windows-1252; Node's TextDecoder('windows-1252') decodes them as ISO-8859-1
// on some versions, so the table is ours. Undefined bytes map to the C1 control of the same value.
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function decodeCp1252(b: Buffer): string {
  const latin = b.toString('latin1');
  return latin.replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/** Throws a clear 'encoding' error when the bytes are not valid in the chosen encoding. */
function checkBytes(b: Buffer, enc: string, claim: string): void {
  const say = (found: string) => {
    throw new ReplyDecodingError('encoding', `${claim}, but the bytes ${found}`);
  };
  const at = (i: number) => `at byte ${i} (0x${b[i].toString(16).toUpperCase().padStart(2, '0')})`;
  if (enc === 'utf-8') {
    if (sniffUtf16(b)) say('look like UTF-16 without a byte-order mark (every other byte is 0x00)');
    const bad = firstInvalidUtf8(b);
    if (bad !== undefined) {
      const latin1Hint = looksLatin1(b) ? '; they look like ISO-8859-1 / windows-1252' : '';
      say(`are not valid UTF-8: invalid sequence ${at(bad)}${latin1Hint}`);
    }
  } else if (enc === 'us-ascii') {
    const i = b.findIndex((x) => x > 0x7f);
    if (i >= 0) say(`contain a non-ASCII byte 0x${b[i].toString(16).toUpperCase()} at byte ${i}`);
  } else if (enc === 'utf-16le' || enc === 'utf-16be') {
    if (b.length % 2 !== 0) say('have an odd length, impossible in UTF-16');
    try {
      new TextDecoder(enc, { fatal: true }).decode(b);
    } catch {
      say(`are not valid ${enc.toUpperCase()} (unpaired surrogate)`);
    }
    const looks = sniffUtf16(b);
    if (looks && looks !== enc) say(`look like ${looks.toUpperCase()} (byte order reversed)`);
  } else if (enc !== 'iso-8859-1' && enc !== 'windows-1252') {
    // iso-8859-1 and windows-1252 accept any byte sequence; the others are checked by TextDecoder
    if (sniffUtf16(b)) say('look like UTF-16 without a byte-order mark (every other byte is 0x00)');
    const bad = firstInvalid(b, enc);
    if (bad !== undefined) say(`are not valid ${enc.toUpperCase()}: invalid sequence ${at(bad)}`);
  }
}

function firstInvalidUtf8(b: Buffer): number | undefined {
  // fast path: the whole buffer is valid
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return undefined;
  } catch {
    /* locate it below */
  }
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    let n = 0;
    if (c < 0x80) n = 0;
    else if (c >= 0xc2 && c <= 0xdf) n = 1;
    else if (c >= 0xe0 && c <= 0xef) n = 2;
    else if (c >= 0xf0 && c <= 0xf4) n = 3;
    else return i;
    for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k] & 0xc0) !== 0x80) return i;
    // overlongs / surrogates / > U+10FFFF
    if (n === 2 && ((c === 0xe0 && b[i + 1] < 0xa0) || (c === 0xed && b[i + 1] > 0x9f))) return i;
    if (n === 3 && ((c === 0xf0 && b[i + 1] < 0x90) || (c === 0xf4 && b[i + 1] > 0x8f))) return i;
    i += n + 1;
  }
  return b.length - 1;
}

/**
 * Where a fatal TextDecoder of `enc` first fails (the byte at which the invalid sequence is seen),
 * or undefined when the bytes are valid. Linear: chunks until one fails, then that chunk byte by byte.
 */
function firstInvalid(b: Buffer, enc: string): number | undefined {
  const CHUNK = 4096;
  const fresh = () => new TextDecoder(enc, { fatal: true, ignoreBOM: true });
  const d = fresh();
  let failed = -1;
  for (let i = 0; i < b.length && failed < 0; i += CHUNK) {
    try {
      d.decode(b.subarray(i, i + CHUNK), { stream: true });
    } catch {
      failed = i;
    }
  }
  if (failed < 0) {
    try {
      d.decode();
      return undefined;
    } catch {
      return b.length - 1; // an incomplete sequence at the end
    }
  }
  const again = fresh();
  for (let i = 0; i < failed; i += CHUNK) again.decode(b.subarray(i, Math.min(i + CHUNK, failed)), { stream: true });
  for (let k = failed; k < Math.min(failed + CHUNK, b.length); k++) {
    try {
      again.decode(b.subarray(k, k + 1), { stream: true });
    } catch {
      return k;
    }
  }
  return failed;
}

/** High bytes mostly standing alone between ASCII: typical of ISO-8859-1 text. */
function looksLatin1(b: Buffer): boolean {
  let high = 0;
  let isolated = 0;
  for (let i = 0; i < b.length; i++) {
    if (b[i] < 0x80) continue;
    high++;
    if ((i === 0 || b[i - 1] < 0x80) && (i + 1 >= b.length || b[i + 1] < 0x80)) isolated++;
  }
  return high > 0 && isolated / high > 0.5;
}

/** "<!DOCTYPE html", "<html", "<head", "<body" as the first markup (after an XML declaration/comments). */
function htmlSignature(text: string): string | undefined {
  const rest = text.replace(/^\uFEFF?\s*(<\?xml[^?]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/i, '');
  const m = /^<(!doctype\s+html\b|html\b|head\b|body\b)/i.exec(rest);
  if (!m) return undefined;
  const title = /<title[^>]*>([^<]{0,120})<\/title>/i.exec(text)?.[1]?.trim();
  const what = m[1].toLowerCase().startsWith('!doctype') ? 'starts with <!DOCTYPE html>' : `starts with <${m[1].toLowerCase()}>`;
  return title ? `${what}, title "${title}"` : what;
}
