// Raw reply bytes -> text for the XML parser, or a clear ReplyDecodingError saying what was found
// and what was expected. Deliberately does NOT judge the Content-Type media type (the contract
// reports that separately): a valid XML body served as text/html decodes fine here.
import * as zlib from 'node:zlib';

export type ReplyDecodingReason = 'empty' | 'html' | 'compressed' | 'encoding' | 'binary';

export class ReplyDecodingError extends Error {
  override name = 'ReplyDecodingError';
  constructor(
    readonly reason: ReplyDecodingReason,
    message: string,
  ) {
    super(message);
  }
}

export type EncodingSource = 'bom' | 'content-type' | 'xml-declaration' | 'default';

export interface DecodedReply {
  /** The characters of the reply exactly as decoded (BOM removed). */
  text: string;
  /**
   * `text` with the XML declaration's encoding="..." rewritten to UTF-8 when the bytes were in
   * another encoding: a parser given a string (libxml2-wasm fromString) honours that pseudo-
   * attribute and would otherwise read "Café" from ISO-8859-1 as "CafÃ©", or fail on UTF-16.
   */
  parserText: string;
  /** Canonical name of the encoding used: 'utf-8', 'utf-16le', 'utf-16be', 'iso-8859-1', 'us-ascii', 'windows-1252'. */
  encoding: string;
  /** What decided the encoding. */
  source: EncodingSource;
  /** Content-Type charset as sent, if any. */
  declaredCharset?: string;
  /** encoding="..." of the XML declaration, if any. */
  declaredInXml?: string;
}

type Canonical = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-16' | 'iso-8859-1' | 'us-ascii' | 'windows-1252';

const ALIASES: Record<string, Canonical> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'utf-16': 'utf-16',
  utf16: 'utf-16',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  'iso-8859-1': 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  iso_8859_1: 'iso-8859-1',
  'iso_8859-1': 'iso-8859-1',
  latin1: 'iso-8859-1',
  'latin-1': 'iso-8859-1',
  l1: 'iso-8859-1',
  'us-ascii': 'us-ascii',
  ascii: 'us-ascii',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
};

function canonical(name: string, where: string): Canonical {
  const c = ALIASES[name.trim().toLowerCase()];
  if (!c)
    throw new ReplyDecodingError(
      'encoding',
      `reply declares an unsupported encoding "${name}" (${where}); supported: UTF-8, UTF-16 (with BOM), ISO-8859-1, US-ASCII, windows-1252`,
    );
  return c;
}

/** Text for the XML parser (see DecodedReply.parserText), or a ReplyDecodingError. */
export function decodeReplyBody(headers: Record<string, string>, body: Buffer): string {
  return inspectReplyBody(headers, body).parserText;
}

export function inspectReplyBody(headers: Record<string, string>, body: Buffer): DecodedReply {
  const h = lowerKeys(headers);

  // 1. empty
  if (body.length === 0) throw new ReplyDecodingError('empty', 'reply body is empty; expected an XML document');

  // 2. compression: we never send Accept-Encoding, so any compressed body is a finding, declared or not
  const magic = compressionMagic(body);
  const ce = (h['content-encoding'] ?? '').trim().toLowerCase();
  if (magic) {
    const declared = ce && ce !== 'identity' ? ` (Content-Encoding: ${ce})` : ' without a Content-Encoding header';
    throw new ReplyDecodingError(
      'compressed',
      `reply body is ${magic}-compressed${declared}; expected uncompressed XML (the request did not send Accept-Encoding)`,
    );
  }
  if (ce && ce !== 'identity')
    throw new ReplyDecodingError(
      'compressed',
      `reply declares Content-Encoding: ${ce} although the request did not send Accept-Encoding; expected an uncompressed XML body`,
    );

  // 3. HTML (checked on a lenient decode, before encoding errors: an HTML error page is the real story)
  const bom = detectBom(body);
  const lenient =
    bom?.enc === 'utf-16le' || bom?.enc === 'utf-16be'
      ? decodeUtf16(body.subarray(2, 2050), bom.enc)
      : body.subarray(0, 2048).toString('latin1');
  const html = htmlSignature(lenient);
  if (html) throw new ReplyDecodingError('html', `reply is an HTML page, not XML (${html}); expected an XML document`);

  // 4. brotli has no magic number: a body that does not start like text may be brotli
  const brotli = looksLikeBrotli(body, bom);
  if (brotli)
    throw new ReplyDecodingError(
      'compressed',
      'reply body is brotli-compressed without a Content-Encoding header; expected uncompressed XML',
    );

  // 5. binary: NUL bytes outside UTF-16 (an image, a serialised object, random bytes)
  const nul = body.indexOf(0);
  if (nul >= 0 && bom?.enc !== 'utf-16le' && bom?.enc !== 'utf-16be' && !sniffUtf16(body))
    throw new ReplyDecodingError(
      'binary',
      `reply body looks binary: NUL byte at byte ${nul}; first bytes ${hex(body)}; expected an XML text document`,
    );

  // 6. encoding: BOM, Content-Type charset, XML declaration
  const charsetRaw = charsetOf(h['content-type']);
  const charset = charsetRaw !== undefined ? canonical(charsetRaw, `Content-Type charset`) : undefined;
  const declRaw = xmlDeclEncoding(body, bom?.enc);
  const decl = declRaw !== undefined ? canonical(declRaw, 'XML declaration') : undefined;
  const declared: { name: string; enc: Canonical; where: string }[] = [];
  if (charset) declared.push({ name: charsetRaw!, enc: charset, where: `Content-Type charset=${charsetRaw}` });
  if (decl) declared.push({ name: declRaw!, enc: decl, where: `XML declaration encoding="${declRaw}"` });

  let enc: Exclude<Canonical, 'utf-16'>;
  let source: EncodingSource;
  let start = 0;
  if (bom) {
    for (const d of declared)
      if (!compatible(d.enc, bom.enc))
        throw new ReplyDecodingError(
          'encoding',
          `reply bytes start with a ${bom.label} byte-order mark but the ${d.where} declares ${d.name}`,
        );
    enc = bom.enc;
    source = 'bom';
    start = bom.length;
  } else {
    const candidates = declared.map((d) => ({ ...d, enc: d.enc === 'utf-16' ? sniffUtf16(body) : d.enc }));
    for (const c of candidates) {
      if (c.enc === undefined)
        throw new ReplyDecodingError(
          'encoding',
          `reply declares UTF-16 (${c.where}) but has no byte-order mark and does not start with "<?xml" in UTF-16`,
        );
    }
    if (candidates.length === 0) {
      enc = 'utf-8';
      source = 'default';
    } else {
      enc = candidates[0].enc!;
      source = charset ? 'content-type' : 'xml-declaration';
    }
    // every declaration must fit the bytes; and if they disagree, the text must not depend on which
    for (const c of candidates) checkBytes(body, c.enc!, `reply declares ${c.name} (${c.where})`);
    if (candidates.length === 0)
      checkBytes(
        body,
        'utf-8',
        "reply declares no encoding (no Content-Type charset, no XML declaration encoding), so XML's default UTF-8 applies",
      );
    if (candidates.length === 2 && candidates[0].enc !== candidates[1].enc) {
      const a = decode(body, candidates[0].enc!);
      const b = decode(body, candidates[1].enc!);
      if (a !== b)
        throw new ReplyDecodingError(
          'encoding',
          `reply declares two different encodings, ${candidates[0].where} and ${candidates[1].where}, and its non-ASCII bytes read differently in each`,
        );
    }
  }
  const text = decode(body.subarray(start), enc);

  // 7. binary: control characters XML forbids (NUL etc.) mean this is not text at all
  const bad = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.exec(text);
  if (bad)
    throw new ReplyDecodingError(
      'binary',
      `reply body looks binary: control character U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at character ${bad.index} (decoded as ${enc.toUpperCase()}); expected an XML text document`,
    );

  const parserText =
    declRaw !== undefined && enc !== 'utf-8' ? text.replace(/^(\s*<\?xml\s[^?]*?\bencoding\s*=\s*)(["'])[^"']*\2/, '$1$2UTF-8$2') : text;
  return { text, parserText, encoding: enc, source, declaredCharset: charsetRaw, declaredInXml: declRaw };
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

function compressionMagic(b: Buffer): string | undefined {
  if (b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b) return 'gzip';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return 'zip';
  if (b.length >= 4 && b[0] === 0x28 && b[1] === 0xb5 && b[2] === 0x2f && b[3] === 0xfd) return 'zstd';
  // zlib (HTTP "deflate"): CMF=0x78 (deflate, 32K window) and a valid header checksum
  if (b.length >= 2 && (b[0] & 0x0f) === 8 && b[0] >> 4 <= 7 && ((b[0] << 8) | b[1]) % 31 === 0 && b[0] === 0x78) return 'deflate';
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

/** Is a BOM's encoding what a declaration names? "UTF-16" covers both byte orders. */
function compatible(declared: Canonical, bom: Bom['enc']): boolean {
  if (declared === bom) return true;
  return declared === 'utf-16' && (bom === 'utf-16le' || bom === 'utf-16be');
}

/** UTF-16 without BOM: only accepted when the body starts with '<' in a recognisable byte order. */
function sniffUtf16(b: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  if (b.length >= 2 && b[0] === 0x3c && b[1] === 0x00) return 'utf-16le';
  if (b.length >= 2 && b[0] === 0x00 && b[1] === 0x3c) return 'utf-16be';
  return undefined;
}

function charsetOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const m = /;\s*charset\s*=\s*("([^"]*)"|[^;\s]+)/i.exec(contentType);
  if (!m) return undefined;
  return m[2] ?? m[1];
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

function decode(b: Buffer, enc: Exclude<Canonical, 'utf-16'>): string {
  switch (enc) {
    case 'utf-8':
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(b);
    case 'utf-16le':
    case 'utf-16be':
      return new TextDecoder(enc, { fatal: true, ignoreBOM: true }).decode(b);
    case 'iso-8859-1':
      return b.toString('latin1'); // not TextDecoder: WHATWG maps the label iso-8859-1 to windows-1252
    case 'us-ascii':
      return b.toString('ascii');
    case 'windows-1252':
      return decodeCp1252(b);
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

/** Throws a clear 'encoding' error when the bytes are not valid in the declared encoding. */
function checkBytes(b: Buffer, enc: Exclude<Canonical, 'utf-16'>, claim: string): void {
  const say = (found: string) => {
    throw new ReplyDecodingError('encoding', `${claim}, but the bytes ${found}`);
  };
  if (enc === 'utf-8') {
    if (sniffUtf16(b)) say('look like UTF-16 without a byte-order mark (every other byte is 0x00)');
    const bad = firstInvalidUtf8(b);
    if (bad !== undefined) {
      const latin1Hint = looksLatin1(b) ? '; they look like ISO-8859-1 / windows-1252' : '';
      say(`are not valid UTF-8: invalid sequence at byte ${bad} (0x${b[bad].toString(16).toUpperCase().padStart(2, '0')})${latin1Hint}`);
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
  }
  // iso-8859-1 and windows-1252 accept any byte sequence
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
