// What a failed exchange is: its kind (read from the error codes of Node and undici), the bound
// it breached, and the one-line message a report shows.
import type { TransportLimits } from './limits';

export type TransportFailureKind =
  | 'refused'
  | 'dns'
  | 'tls'
  | 'connect-timeout'
  | 'timeout'
  | 'reset'
  | 'too-large'
  | 'other'
  // not sent: the gateway stopped answering (see src/run/failure-breaker.ts)
  | 'gateway-stopped';

export interface Attempt {
  startedAt: string;
  durationMs: number;
  /** 'HTTP 200', 'HTTP 503', 'reset', 'timeout', 'refused', ... */
  outcome: string;
  /** true when another attempt followed this one. */
  retried: boolean;
}

export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly kind: TransportFailureKind,
    readonly operation: string,
    readonly url: string,
    /** The bound that was breached, e.g. 'requestTimeoutMs=2000'. */
    readonly limit: string | undefined,
    readonly attempts: Attempt[],
    /** Reply bytes read before giving up (too-large: shows the read was cut near the limit). */
    readonly bytesRead = 0,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A failed attempt before it becomes a TransportError. */
export interface Failure {
  kind: TransportFailureKind;
  detail: string;
  limit?: string;
  bytesRead: number;
  cause?: unknown;
  /** too-large: the content codings whose decoded output exceeded the limit. */
  decoding?: string[];
}

/** The attempt's own deadline passed (see attempt.ts). */
export class Deadline extends Error {}

/** The reply was larger than maxReplyBytes, as read or once decoded. */
export class TooLarge extends Error {
  constructor(
    readonly bytesRead: number,
    readonly declared?: number,
    /** Set when the body read was within the limit but its decoded content was not. */
    readonly decoding?: string[],
  ) {
    super('too large');
  }
}

/** Walks err, err.cause and AggregateError members for the first recognisable code. */
function errorCodes(err: unknown, depth = 0): string[] {
  if (!err || typeof err !== 'object' || depth > 5) return [];
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown; name?: unknown };
  const codes: string[] = [];
  if (typeof e.code === 'string') codes.push(e.code);
  if (Array.isArray(e.errors)) for (const error of e.errors) codes.push(...errorCodes(error, depth + 1));
  if (e.cause) codes.push(...errorCodes(e.cause, depth + 1));
  return codes;
}

export function classifyFailure(err: unknown, limits: TransportLimits, bytesRead: number): Failure {
  const codes = errorCodes(err);
  const msg = err instanceof Error ? err.message : String(err);
  const has = (...c: string[]) => codes.some((x) => c.includes(x));
  const base = { bytesRead, cause: err };
  if (err instanceof Deadline || has('UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'))
    return { ...base, kind: 'timeout', detail: 'timeout', limit: `requestTimeoutMs=${limits.requestTimeoutMs}` };
  if (err instanceof TooLarge)
    return {
      ...base,
      bytesRead: err.bytesRead,
      kind: 'too-large',
      detail: err.decoding ? 'too large once decoded' : 'too large',
      decoding: err.decoding,
      limit: `maxReplyBytes=${limits.maxReplyBytes}`,
    };
  if (has('UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT'))
    return { ...base, kind: 'connect-timeout', detail: msg, limit: `connectTimeoutMs=${limits.connectTimeoutMs}` };
  if (has('ECONNREFUSED')) return { ...base, kind: 'refused', detail: msg };
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA')) return { ...base, kind: 'dns', detail: msg };
  if (
    codes.some((c) => /^(ERR_SSL|ERR_TLS|CERT_|EPROTO$|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|HOSTNAME_MISMATCH)/.test(c)) ||
    /\b(SSL|TLS)\b|certificate/i.test(msg)
  )
    return { ...base, kind: 'tls', detail: tlsDetail(codes, msg) };
  // UND_ERR_SOCKET: 'other side closed' - the peer closed or reset before a complete reply
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED')) return { ...base, kind: 'reset', detail: msg };
  return { ...base, kind: 'other', detail: `${(err as Error)?.name ?? 'Error'}: ${msg}` };
}

/** OpenSSL messages are long and multi-line; keep the code and the reason. */
function tlsDetail(codes: string[], msg: string): string {
  const reason = /SSL routines:[^:]*:([^:]+)/.exec(msg)?.[1] ?? msg.split('\n')[0];
  const code = codes.find((c) => c !== 'EPROTO');
  let d = code && !reason.includes(code) ? `${code}: ${reason}` : reason;
  if (/wrong version number|packet length too long/i.test(reason)) d += '; the server may speak plain HTTP: check http:// versus https://';
  return d;
}

export function failureMessage(operation: string, url: string, failure: Failure, limits: TransportLimits): string {
  switch (failure.kind) {
    case 'timeout':
      return `${operation}: no complete reply from ${url} within requestTimeoutMs=${limits.requestTimeoutMs} ms`;
    case 'connect-timeout':
      return `${operation}: could not connect to ${url} within connectTimeoutMs=${limits.connectTimeoutMs} ms`;
    case 'too-large':
      return failure.decoding
        ? `${operation}: reply from ${url} is larger than maxReplyBytes=${limits.maxReplyBytes} bytes once its Content-Encoding (${failure.decoding.join(', ')}) is decoded; decompression stopped at the limit (${failure.bytesRead} bytes read)`
        : `${operation}: reply from ${url} is larger than maxReplyBytes=${limits.maxReplyBytes} bytes; reading stopped after ${failure.bytesRead} bytes`;
    case 'refused':
      return `${operation}: connection to ${url} refused (nothing listens at ${hostPort(url)})`;
    case 'dns':
      return `${operation}: cannot resolve the host name of ${url} (${failure.detail})`;
    case 'tls':
      return `${operation}: TLS handshake with ${url} failed (${failure.detail})`;
    case 'reset':
      return `${operation}: connection to ${url} was closed or reset before a complete reply (${failure.detail})`;
    default:
      return `${operation}: request to ${url} failed (${failure.detail})`;
  }
}

export function hostPort(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return url;
  }
}
