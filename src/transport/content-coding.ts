// Content-Encoding (RFC 9110 §8.4): the suite sends no Accept-Encoding, and a request without it
// accepts any content coding (§12.5.3); gzip, x-gzip, deflate (zlib, or raw deflate as browsers
// accept) and br are decoded, bounded by the reply size limit. Also told here: a body compressed
// without saying so (by its magic number, or as brotli, which has none).
import * as zlib from 'node:zlib';
import { ReplyDecodingError, firstBytesHex } from './reply-decoding-error';

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

/** Bodies the transport has already content-decoded, with the codings it undid. */
const contentDecodedBodies = new WeakMap<Buffer, string[]>();

/**
 * For the transport: `body` is the reply body with its Content-Encoding already undone, so the
 * decoder must not try to undo it again (the headers still say what the gateway sent).
 */
export function markContentDecoded(body: Buffer, codings: string[]): void {
  contentDecodedBodies.set(body, codings);
}

/** The codings the transport undid on this body (markContentDecoded), or undefined. */
export function codingsUndone(body: Buffer): string[] | undefined {
  return contentDecodedBodies.get(body);
}

type ZstdSync = (bytes: Buffer, zlibOptions?: zlib.ZlibOptions) => Buffer;
/** zstd is decoded where Node has it (22.15+); elsewhere it is an unknown coding. */
const zstdDecompressSync = (zlib as unknown as { zstdDecompressSync?: ZstdSync }).zstdDecompressSync;

const DECODERS: Record<string, (bytes: Buffer, o: zlib.ZlibOptions & zlib.BrotliOptions) => Buffer> = {
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
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ContentTooLargeError(codings, maxBytes);
      throw new ReplyDecodingError(
        'compressed',
        `reply declares Content-Encoding: ${c}, but its body is not valid ${c} data (${(error as Error).message}); first bytes ${firstBytesHex(out)}`,
      );
    }
  }
  return { body: out, codings };
}

/** A zlib stream header (HTTP "deflate"): deflate method, window <= 32K, header checksum. */
function isZlibHeader(bytes: Buffer): boolean {
  return bytes.length >= 2 && (bytes[0] & 0x0f) === 8 && bytes[0] >> 4 <= 7 && ((bytes[0] << 8) | bytes[1]) % 31 === 0;
}

/** The compression a body's magic number shows ('gzip', 'zip', 'zstd', 'deflate'), or undefined. */
export function compressionMagic(bytes: Buffer): string | undefined {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return 'gzip';
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'zip';
  if (bytes.length >= 4 && bytes[0] === 0x28 && bytes[1] === 0xb5 && bytes[2] === 0x2f && bytes[3] === 0xfd) return 'zstd';
  // zlib (HTTP "deflate"): CMF=0x78 (deflate, 32K window) and a valid header checksum
  if (bytes[0] === 0x78 && isZlibHeader(bytes)) return 'deflate';
  return undefined;
}

/** Brotli has no magic number: a body that does not start like text and decodes to "<..." is brotli. */
export function looksLikeBrotli(bytes: Buffer, hasBom: boolean): boolean {
  if (hasBom) return false;
  const first = bytes.find((x) => x !== 0x20 && x !== 0x09 && x !== 0x0a && x !== 0x0d);
  if (first === undefined || first === 0x3c /* < */) return false;
  try {
    // bounded: a brotli bomb stops at 1 MiB (and counts as brotli)
    const out = zlib.brotliDecompressSync(bytes, { maxOutputLength: 1024 * 1024 });
    return out.length > 0 && /^\s*</.test(out.subarray(0, 64).toString('latin1'));
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
  }
}
