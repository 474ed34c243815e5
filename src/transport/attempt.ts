// One attempt of an exchange: the request sent through the shared agent, the reply read within
// its bounds (an overall deadline, a size cap, the Content-Encoding undone under the same cap),
// or the failure classified. undici.request (not fetch): fetch decompresses silently and without
// a bound, and here the headers stay exactly as the gateway sent them.
import { request } from 'undici';
import { agentFor } from './agents';
import { ContentTooLargeError, contentCodings, decodeContentCoding, markContentDecoded } from './content-coding';
import type { TransportLimits } from './limits';
import { ReplyDecodingError } from './reply-decoding-error';
import { Deadline, TooLarge, classifyFailure, type Failure } from './transport-error';

/** An HTTP reply as the attempt read it. */
export interface RawReply {
  status: number;
  statusText?: string;
  headers: Record<string, string>;
  body: Buffer;
  contentCoding?: { codings: string[]; wireBytes: number };
}

export type AttemptResult = { ok: true; reply: RawReply } | { ok: false; failure: Failure };

function flattenHeaders(record: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export async function attempt(
  url: string,
  method: 'POST' | 'GET',
  headers: Record<string, string>,
  body: Buffer | undefined,
  limits: TransportLimits,
  readBody: boolean,
): Promise<AttemptResult> {
  const controller = new AbortController();
  // Overall deadline of the attempt: headersTimeout/bodyTimeout alone would let a server that
  // trickles one byte every few seconds keep us forever.
  const timer = setTimeout(() => controller.abort(new Deadline('deadline')), limits.requestTimeoutMs);
  const read = { bytes: 0 };
  try {
    const res = await request(url, {
      method,
      headers,
      body,
      dispatcher: agentFor(limits),
      signal: controller.signal,
    });
    const replyHeaders = flattenHeaders(res.headers as Record<string, string | string[] | undefined>);
    if (!readBody) {
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      return { ok: true, reply: { status: res.statusCode, statusText: res.statusText, headers: replyHeaders, body: Buffer.alloc(0) } };
    }
    const wire = await readBounded(res.body, replyHeaders, limits.maxReplyBytes, read);
    const decoded = decodeContent(wire, replyHeaders['content-encoding'], limits.maxReplyBytes);
    return {
      ok: true,
      reply: { status: res.statusCode, statusText: res.statusText, headers: replyHeaders, ...decoded },
    };
  } catch (err) {
    const real = controller.signal.aborted && controller.signal.reason instanceof Deadline ? controller.signal.reason : err;
    return { ok: false, failure: classifyFailure(real, limits, read.bytes) };
  } finally {
    clearTimeout(timer);
  }
}

/** The body's bytes, read no further than maxBytes (TooLarge past it); `read.bytes` counts them as they come. */
async function readBounded(
  body: AsyncIterable<unknown> & { destroy(): unknown },
  headers: Record<string, string>,
  maxBytes: number,
  read: { bytes: number },
): Promise<Buffer> {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy(); // do not even start reading
    throw new TooLarge(0, declared);
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      read.bytes += buf.length;
      if (read.bytes > maxBytes) throw new TooLarge(read.bytes);
      chunks.push(buf);
    }
  } catch (error) {
    body.destroy(); // closes the socket: an endless body stops here
    throw error;
  }
  return Buffer.concat(chunks, read.bytes);
}

/**
 * The body with its Content-Encoding undone (RFC 9110 §12.5.3: a request without Accept-Encoding
 * accepts any coding), bounded by maxReplyBytes: a decompression bomb stops there, as TooLarge. A
 * coding that cannot be undone leaves the body as sent, for reply-body.ts to report.
 */
function decodeContent(wire: Buffer, contentEncoding: string | undefined, maxBytes: number): Pick<RawReply, 'body' | 'contentCoding'> {
  if (wire.length === 0 || contentCodings(contentEncoding).length === 0) return { body: wire };
  try {
    const d = decodeContentCoding(wire, contentEncoding, maxBytes);
    markContentDecoded(d.body, d.codings);
    return { body: d.body, contentCoding: { codings: d.codings, wireBytes: wire.length } };
  } catch (error) {
    if (error instanceof ContentTooLargeError) throw new TooLarge(wire.length, undefined, error.codings);
    if (error instanceof ReplyDecodingError) return { body: wire };
    throw error;
  }
}
