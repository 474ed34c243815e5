// Raw reply bytes -> text for the XML parser, or a clear ReplyDecodingError saying what was found
// and what was expected. Deliberately does NOT judge the Content-Type media type (the contract
// reports that separately): a valid XML body served as text/html decodes fine here.
//
// The rules, so that a gateway the suite has never seen is read whenever its reply is legitimate:
// - Content-Encoding (content-coding.ts): undone, bounded by the reply size limit. An unknown
//   coding, a body that is not what its coding says, or a compressed body WITHOUT
//   Content-Encoding is a finding.
// - Character encoding (character-encoding.ts): a byte-order mark wins; otherwise the
//   Content-Type charset is authoritative; otherwise the XML declaration's encoding; otherwise
//   UTF-8. Bytes that are not valid in the chosen encoding are a finding (byte-validity.ts).
import { checkBytes } from './byte-validity';
import {
  charsetOf,
  decodeText,
  decodeUtf16,
  detectBom,
  labelNames,
  resolveEncoding,
  sniffUtf16,
  xmlDeclEncoding,
  type Bom,
} from './character-encoding';
import { codingsUndone, compressionMagic, contentCodings, decodeContentCoding, looksLikeBrotli } from './content-coding';
import { ReplyDecodingError, firstBytesHex } from './reply-decoding-error';

/** The default bound on a decoded body when the caller gives none (DEFAULT_LIMITS.maxReplyBytes of limits.ts). */
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

/** Text for the XML parser (see DecodedReply.parserText), or a ReplyDecodingError. */
export function decodeReplyBody(headers: Record<string, string>, body: Buffer, opts: DecodeOptions = {}): string {
  return inspectReplyBody(headers, body, opts).parserText;
}

export function inspectReplyBody(headers: Record<string, string>, raw: Buffer, opts: DecodeOptions = {}): DecodedReply {
  const record = lowerKeys(headers);
  const { body, codings } = contentOf(raw, record['content-encoding'], opts);
  const bom = refuseWhatIsNotText(body, codings);
  const chosen = chooseEncoding(body, record['content-type'], bom);
  const text = decodeText(body.subarray(chosen.start), chosen.encoding);
  refuseControlCharacters(text, chosen.encoding);
  return {
    text,
    parserText: chosen.declaredInXml !== undefined ? declarationSaysUtf8(text) : text,
    encoding: chosen.encoding,
    source: chosen.source,
    declaredCharset: chosen.declaredCharset,
    declaredInXml: chosen.declaredInXml,
    ...(chosen.overridden.length ? { overridden: chosen.overridden } : {}),
    ...(codings.length ? { contentCodings: codings } : {}),
  };
}

/** The body to read as text: not empty, its content coding undone here unless the transport did it (it marks the body). */
function contentOf(raw: Buffer, contentEncoding: string | undefined, opts: DecodeOptions): { body: Buffer; codings: string[] } {
  if (raw.length === 0) throw new ReplyDecodingError('empty', 'reply body is empty; expected an XML document');
  let body = raw;
  let codings = codingsUndone(raw) ?? (opts.contentDecoded ? contentCodings(contentEncoding) : undefined);
  if (codings === undefined) {
    const d = decodeContentCoding(raw, contentEncoding, opts.maxBytes ?? DEFAULT_MAX_DECODED_BYTES);
    body = d.body;
    codings = d.codings;
  }
  const decodedNote = codings.length ? ` once its Content-Encoding (${codings.join(', ')}) is decoded` : '';
  if (body.length === 0) throw new ReplyDecodingError('empty', `reply body is empty${decodedNote}; expected an XML document`);
  return { body, codings };
}

/** Refuses a body that is compressed, an HTML page or binary; what is left is text, with its byte-order mark if any. */
function refuseWhatIsNotText(body: Buffer, codings: string[]): Bom | undefined {
  // compression nobody declared (or compressed again inside the declared coding): not XML
  const undeclared = codings.length
    ? ` after its Content-Encoding (${codings.join(', ')}) is decoded: compressed twice, declared once`
    : ' without a Content-Encoding header';
  const magic = compressionMagic(body);
  if (magic) throw new ReplyDecodingError('compressed', `reply body is ${magic}-compressed${undeclared}; expected uncompressed XML`);

  // HTML (checked on a lenient decode, before encoding errors: an HTML error page is the real story)
  const bom = detectBom(body);
  const lenient =
    bom?.enc === 'utf-16le' || bom?.enc === 'utf-16be'
      ? decodeUtf16(body.subarray(2, 2050), bom.enc)
      : body.subarray(0, 2048).toString('latin1');
  const html = htmlSignature(lenient);
  if (html) throw new ReplyDecodingError('html', `reply is an HTML page, not XML (${html}); expected an XML document`);

  // brotli has no magic number: a body that does not start like text may be brotli
  if (looksLikeBrotli(body, bom !== undefined))
    throw new ReplyDecodingError('compressed', `reply body is brotli-compressed${undeclared}; expected uncompressed XML`);

  // binary: NUL bytes outside UTF-16 (an image, a serialised object, random bytes)
  const nul = body.indexOf(0);
  if (nul >= 0 && bom?.enc !== 'utf-16le' && bom?.enc !== 'utf-16be' && !sniffUtf16(body))
    throw new ReplyDecodingError(
      'binary',
      `reply body looks binary: NUL byte at byte ${nul}; first bytes ${firstBytesHex(body)}; expected an XML text document`,
    );
  return bom;
}

interface ChosenEncoding {
  encoding: string;
  source: EncodingSource;
  /** Where the characters start (after a byte-order mark). */
  start: number;
  declaredCharset?: string;
  declaredInXml?: string;
  overridden: string[];
}

/** A BOM wins; else the Content-Type charset; else the XML declaration; else UTF-8. The bytes are checked against it. */
function chooseEncoding(body: Buffer, contentType: string | undefined, bom: Bom | undefined): ChosenEncoding {
  const charsetRaw = charsetOf(contentType);
  const declRaw = xmlDeclEncoding(body, bom?.enc);
  const declared = { declaredCharset: charsetRaw, declaredInXml: declRaw };
  const overridden: string[] = [];
  if (bom) {
    const why = `the ${bom.label} byte-order mark takes precedence`;
    if (charsetRaw !== undefined && !labelNames(charsetRaw, bom.enc)) overridden.push(`Content-Type charset=${charsetRaw} (${why})`);
    if (declRaw !== undefined && !labelNames(declRaw, bom.enc)) overridden.push(`XML declaration encoding="${declRaw}" (${why})`);
    checkBytes(body.subarray(bom.length), bom.enc, `reply starts with a ${bom.label} byte-order mark`);
    return { encoding: bom.enc, source: 'bom', start: bom.length, ...declared, overridden };
  }
  if (charsetRaw !== undefined || declRaw !== undefined) {
    const fromHeader = charsetRaw !== undefined;
    const name = fromHeader ? charsetRaw : declRaw!;
    const where = fromHeader ? `Content-Type charset=${charsetRaw}` : `XML declaration encoding="${declRaw}"`;
    const source = fromHeader ? 'content-type' : 'xml-declaration';
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
    if (fromHeader && declRaw !== undefined && !labelNames(declRaw, e))
      overridden.push(`XML declaration encoding="${declRaw}" (the Content-Type charset=${charsetRaw} takes precedence)`);
    checkBytes(body, e, `reply declares ${name} (${where})`);
    return { encoding: e, source, start: 0, ...declared, overridden };
  }
  checkBytes(
    body,
    'utf-8',
    "reply declares no encoding (no Content-Type charset, no XML declaration encoding), so XML's default UTF-8 applies",
  );
  return { encoding: 'utf-8', source: 'default', start: 0, ...declared, overridden };
}

/** Control characters XML forbids (NUL etc.) mean this is not text at all. */
function refuseControlCharacters(text: string, enc: string): void {
  const bad = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.exec(text);
  if (bad)
    throw new ReplyDecodingError(
      'binary',
      `reply body looks binary: control character U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at character ${bad.index} (decoded as ${enc.toUpperCase()}); expected an XML text document`,
    );
}

/**
 * The text with its XML declaration's encoding pseudo-attribute set to UTF-8: the characters are
 * decoded already, and a parser given the string must not decode them again by the declaration.
 */
function declarationSaysUtf8(text: string): string {
  const decl = /^\s*<\?xml\s[^?]*?\?>/.exec(text.slice(0, 1024));
  if (!decl) return text;
  const match = /\bencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(decl[0]);
  if (!match || /^utf-8$/i.test(match[1] ?? match[2])) return text;
  const q = match[1] !== undefined ? '"' : "'";
  const rewritten = `${decl[0].slice(0, match.index)}encoding=${q}UTF-8${q}${decl[0].slice(match.index + match[0].length)}`;
  return rewritten + text.slice(decl[0].length);
}

function lowerKeys(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record ?? {})) out[k.toLowerCase()] = v;
  return out;
}

/** "<!DOCTYPE html", "<html", "<head", "<body" as the first markup (after an XML declaration/comments). */
function htmlSignature(text: string): string | undefined {
  const rest = text.replace(/^\uFEFF?\s*(<\?xml[^?]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/i, '');
  const match = /^<(!doctype\s+html\b|html\b|head\b|body\b)/i.exec(rest);
  if (!match) return undefined;
  const title = /<title[^>]*>([^<]{0,120})<\/title>/i.exec(text)?.[1]?.trim();
  const what = match[1].toLowerCase().startsWith('!doctype') ? 'starts with <!DOCTYPE html>' : `starts with <${match[1].toLowerCase()}>`;
  return title ? `${what}, title "${title}"` : what;
}
