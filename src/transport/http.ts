// Transport to the gateway: bounded in time and size, with opt-in retries for infrastructure
// failures only. undici.request (not fetch): fetch decompresses silently and without a bound; here
// a body the gateway sent with a Content-Encoding (gzip, x-gzip, deflate, br) is decoded by
// reply-body.ts's decodeContentCoding, bounded by the same maxReplyBytes as the bytes read, and
// the headers stay exactly as the gateway sent them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { ContentTooLargeError, ReplyDecodingError, contentCodings, decodeContentCoding, markContentDecoded } from './reply-body';

export interface TransportLimits {
  /** TCP connect (+ TLS handshake, DNS lookup) of one attempt. */
  connectTimeoutMs: number;
  /** Whole exchange of one attempt, from connect to the last byte of the reply. */
  requestTimeoutMs: number;
  /**
   * Largest reply body accepted, as read and once its Content-Encoding is decoded; reading (and
   * decompression) stops as soon as it is exceeded.
   */
  maxReplyBytes: number;
}

export const DEFAULT_LIMITS: TransportLimits = Object.freeze({
  connectTimeoutMs: 5000,
  requestTimeoutMs: 30000,
  maxReplyBytes: 5 * 1024 * 1024,
});

export interface RetryPolicy {
  /** Extra attempts after the first one; 0 = off. */
  retries: number;
  /** Wait before the first retry; doubles for each further retry. */
  backoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = Object.freeze({ retries: 0, backoffMs: 500 });

export type TransportFailureKind =
  | 'refused'
  | 'dns'
  | 'tls'
  | 'connect-timeout'
  | 'timeout'
  | 'reset'
  | 'too-large'
  | 'other'
  // not sent: the gateway stopped answering (see configureFailureBreaker)
  | 'gateway-stopped';

/** Failures that say nothing about the gateway's conformance; the only ones ever retried. */
export const RETRYABLE_KINDS: readonly TransportFailureKind[] = ['refused', 'connect-timeout', 'timeout', 'reset'];
export const RETRYABLE_STATUSES: readonly number[] = [502, 503, 504];
// For a non-idempotent operation (a booking) the request may have been processed when a reply
// times out, is reset or comes back 502/504 from a proxy; only retry what surely never reached it.
const RETRYABLE_KINDS_NON_IDEMPOTENT: readonly TransportFailureKind[] = ['refused', 'connect-timeout'];
const RETRYABLE_STATUSES_NON_IDEMPOTENT: readonly number[] = [503];

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

export interface HttpExchange {
  operation: string;
  url: string;
  request: { method: 'POST'; headers: Record<string, string>; body: string };
  status: number;
  /** The reason phrase of the status line, as sent (it may echo anything: mask before showing). */
  statusText?: string;
  /** Lower-case names; repeated headers joined with ', '. As sent (Content-Encoding included). */
  headers: Record<string, string>;
  /**
   * The reply body: the bytes as sent, or, when the reply declared a Content-Encoding the suite
   * decodes, the decoded bytes (see contentCoding). A body whose coding could not be undone
   * (unknown coding, corrupt data) is kept as sent, and reply-body.ts reports why.
   */
  body: Buffer;
  /** Present when `body` is the decoded content: the codings undone and the bytes read off the wire. */
  contentCoding?: { codings: string[]; wireBytes: number };
  /** Duration of the last attempt. */
  durationMs: number;
  /** Every attempt, in order; more than one when retried. */
  attempts: Attempt[];
}

export interface PostOptions {
  operation: string;
  limits: TransportLimits;
  retry: RetryPolicy;
  headers?: Record<string, string>;
  /**
   * Default true. Pass false for operations that change state (activitybook): then only failures
   * where the request surely did not reach the gateway are retried (refused, connect-timeout, 503).
   */
  idempotent?: boolean;
}

export type PreflightResult =
  { reachable: true; status: number; durationMs: number } | { reachable: false; kind: TransportFailureKind; message: string };

// ---------------------------------------------------------------------------------------------
// Agents: one per distinct set of timeouts, shared so connections are reused across scenarios.

const agents = new Map<string, Agent>();

function agentFor(limits: TransportLimits): Agent {
  const key = `${limits.connectTimeoutMs}|${limits.requestTimeoutMs}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      connect: { timeout: limits.connectTimeoutMs },
      headersTimeout: limits.requestTimeoutMs,
      // idle time between two body chunks; the overall deadline bounds a slow trickle
      bodyTimeout: limits.requestTimeoutMs,
    });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes the shared agents so the process can exit; later requests create new ones. */
export async function closeTransport(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((a) => a.destroy().catch(() => undefined)));
}

function checkLimits(limits: TransportLimits): void {
  for (const k of ['connectTimeoutMs', 'requestTimeoutMs', 'maxReplyBytes'] as const) {
    const v = limits[k];
    if (!Number.isFinite(v) || v <= 0) throw new RangeError(`transport limit ${k} must be a positive number, got ${v}`);
  }
}

// ---------------------------------------------------------------------------------------------
// One attempt

/** Internal: a failed attempt before it becomes a TransportError. */
interface Failure {
  kind: TransportFailureKind;
  detail: string;
  limit?: string;
  bytesRead: number;
  cause?: unknown;
  /** too-large: the content codings whose decoded output exceeded the limit. */
  decoding?: string[];
}

interface RawReply {
  status: number;
  statusText?: string;
  headers: Record<string, string>;
  body: Buffer;
  contentCoding?: { codings: string[]; wireBytes: number };
}

class Deadline extends Error {}
class TooLarge extends Error {
  constructor(
    readonly bytesRead: number,
    readonly declared?: number,
    /** Set when the body read was within the limit but its decoded content was not. */
    readonly decoding?: string[],
  ) {
    super('too large');
  }
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** Walks err, err.cause and AggregateError members for the first recognisable code. */
function errorCodes(err: unknown, depth = 0): string[] {
  if (!err || typeof err !== 'object' || depth > 5) return [];
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown; name?: unknown };
  const codes: string[] = [];
  if (typeof e.code === 'string') codes.push(e.code);
  if (Array.isArray(e.errors)) for (const x of e.errors) codes.push(...errorCodes(x, depth + 1));
  if (e.cause) codes.push(...errorCodes(e.cause, depth + 1));
  return codes;
}

function classify(err: unknown, limits: TransportLimits, bytesRead: number): Failure {
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

async function attempt(
  url: string,
  method: 'POST' | 'GET',
  headers: Record<string, string>,
  body: Buffer | undefined,
  limits: TransportLimits,
  readBody: boolean,
): Promise<{ ok: true; reply: RawReply } | { ok: false; failure: Failure }> {
  const controller = new AbortController();
  // Overall deadline of the attempt: headersTimeout/bodyTimeout alone would let a server that
  // trickles one byte every few seconds keep us forever.
  const timer = setTimeout(() => controller.abort(new Deadline('deadline')), limits.requestTimeoutMs);
  let bytesRead = 0;
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
    const declared = Number(replyHeaders['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxReplyBytes) {
      res.body.destroy(); // do not even start reading
      throw new TooLarge(0, declared);
    }
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of res.body) {
        const buf = chunk as Buffer;
        bytesRead += buf.length;
        if (bytesRead > limits.maxReplyBytes) throw new TooLarge(bytesRead);
        chunks.push(buf);
      }
    } catch (e) {
      res.body.destroy(); // closes the socket: an endless body stops here
      throw e;
    }
    const wire = Buffer.concat(chunks, bytesRead);
    const decoded = decodeContent(wire, replyHeaders['content-encoding'], limits.maxReplyBytes);
    return {
      ok: true,
      reply: { status: res.statusCode, statusText: res.statusText, headers: replyHeaders, ...decoded },
    };
  } catch (err) {
    const real = controller.signal.aborted && controller.signal.reason instanceof Deadline ? controller.signal.reason : err;
    return { ok: false, failure: classify(real, limits, bytesRead) };
  } finally {
    clearTimeout(timer);
  }
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
  } catch (e) {
    if (e instanceof ContentTooLargeError) throw new TooLarge(wire.length, undefined, e.codings);
    if (e instanceof ReplyDecodingError) return { body: wire };
    throw e;
  }
}

function failureMessage(operation: string, url: string, f: Failure, limits: TransportLimits): string {
  switch (f.kind) {
    case 'timeout':
      return `${operation}: no complete reply from ${url} within requestTimeoutMs=${limits.requestTimeoutMs} ms`;
    case 'connect-timeout':
      return `${operation}: could not connect to ${url} within connectTimeoutMs=${limits.connectTimeoutMs} ms`;
    case 'too-large':
      return f.decoding
        ? `${operation}: reply from ${url} is larger than maxReplyBytes=${limits.maxReplyBytes} bytes once its Content-Encoding (${f.decoding.join(', ')}) is decoded; decompression stopped at the limit (${f.bytesRead} bytes read)`
        : `${operation}: reply from ${url} is larger than maxReplyBytes=${limits.maxReplyBytes} bytes; reading stopped after ${f.bytesRead} bytes`;
    case 'refused':
      return `${operation}: connection to ${url} refused (nothing listens at ${hostPort(url)})`;
    case 'dns':
      return `${operation}: cannot resolve the host name of ${url} (${f.detail})`;
    case 'tls':
      return `${operation}: TLS handshake with ${url} failed (${f.detail})`;
    case 'reset':
      return `${operation}: connection to ${url} was closed or reset before a complete reply (${f.detail})`;
    default:
      return `${operation}: request to ${url} failed (${f.detail})`;
  }
}

function hostPort(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return url;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// A gateway that has stopped answering: after maxConsecutiveFailures requests in a row ended in a
// transport failure (no HTTP reply at all), every further request fails at once instead of
// waiting for its own timeout: a dead gateway must not cost 138 x the request timeout. Any HTTP
// reply resets the count. The trip is shared with the run's other processes (parallel workers)
// through a marker file, and the runner reads it to end the run with exit 2.

/** Failures that mean "no answer". A reply that is too large did answer. */
const NO_ANSWER: readonly TransportFailureKind[] = ['refused', 'dns', 'tls', 'connect-timeout', 'timeout', 'reset', 'other'];

const breaker = {
  max: Infinity,
  consecutive: 0,
  last: '',
  tripped: undefined as string | undefined,
  markerFile: undefined as string | undefined,
};

/** Sets the bound for this process. The same marker again (a second call in one run) keeps the count. */
export function configureFailureBreaker(opts: { maxConsecutiveFailures: number; markerFile?: string }): void {
  breaker.max = opts.maxConsecutiveFailures > 0 ? opts.maxConsecutiveFailures : Infinity;
  if (opts.markerFile === breaker.markerFile && opts.markerFile !== undefined) return;
  breaker.markerFile = opts.markerFile;
  breaker.consecutive = 0;
  breaker.tripped = undefined;
}

/** Why the run's requests fail fast now ("the gateway stopped answering after ..."), or undefined. */
export function gatewayStoppedAnswering(): string | undefined {
  if (breaker.tripped) return breaker.tripped;
  if (breaker.markerFile && existsSync(breaker.markerFile)) {
    try {
      breaker.tripped = readFileSync(breaker.markerFile, 'utf8').trim() || 'the gateway stopped answering';
    } catch {
      return undefined;
    }
  }
  return breaker.tripped;
}

function noteOutcome(failure: Failure | undefined, message: string): void {
  if (!failure || !NO_ANSWER.includes(failure.kind)) {
    breaker.consecutive = 0;
    return;
  }
  breaker.consecutive++;
  breaker.last = message;
  if (breaker.consecutive >= breaker.max && !breaker.tripped) {
    breaker.tripped = `the gateway stopped answering after ${breaker.consecutive} consecutive transport failures (OTA_MAX_CONSECUTIVE_FAILURES=${breaker.max}); last: ${message}`;
    if (breaker.markerFile) {
      try {
        writeFileSync(breaker.markerFile, breaker.tripped);
      } catch {
        // this process still fails fast; the others find out for themselves
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * POSTs an XML request. Every HTTP status is returned (a 500 is data for the contract); only
 * transport failures throw TransportError. Retries only infrastructure failures, only when
 * opts.retry.retries > 0, and never a reply that could be judged (200, 4xx, 500, ...).
 */
export async function postXml(url: string, body: string, opts: PostOptions): Promise<HttpExchange> {
  const { operation, limits, retry } = opts;
  checkLimits(limits);
  const stopped = gatewayStoppedAnswering();
  if (stopped)
    throw new TransportError(
      `${operation}: not sent to ${url}: ${stopped}`,
      'gateway-stopped',
      operation,
      url,
      'OTA_MAX_CONSECUTIVE_FAILURES',
      [],
    );
  const idempotent = opts.idempotent !== false;
  const retryKinds = idempotent ? RETRYABLE_KINDS : RETRYABLE_KINDS_NON_IDEMPOTENT;
  const retryStatuses = idempotent ? RETRYABLE_STATUSES : RETRYABLE_STATUSES_NON_IDEMPOTENT;
  const maxAttempts = 1 + Math.max(0, Math.floor(retry.retries || 0));

  // No Accept-Encoding, on purpose: the suite asks for no coding. RFC 9110 §12.5.3: a request
  // without it accepts any, so a reply the gateway encodes anyway is decoded (see decodeContent).
  const headers: Record<string, string> = { 'content-type': 'application/xml; charset=utf-8', ...lowerKeys(opts.headers ?? {}) };
  const payload = Buffer.from(body, 'utf8');
  const attempts: Attempt[] = [];

  for (let n = 1; ; n++) {
    const startedAt = new Date();
    const t0 = performance.now();
    const r = await attempt(url, 'POST', headers, payload, limits, true);
    const durationMs = Math.round(performance.now() - t0);
    const a: Attempt = {
      startedAt: startedAt.toISOString(),
      durationMs,
      outcome: r.ok ? `HTTP ${r.reply.status}` : r.failure.kind,
      retried: false,
    };
    attempts.push(a);
    const retryable = r.ok ? retryStatuses.includes(r.reply.status) : retryKinds.includes(r.failure.kind);
    if (retryable && n < maxAttempts) {
      a.retried = true;
      await sleep(Math.max(0, retry.backoffMs) * 2 ** (n - 1));
      continue;
    }
    if (r.ok) {
      noteOutcome(undefined, '');
      return {
        operation,
        url,
        request: { method: 'POST', headers, body },
        status: r.reply.status,
        statusText: r.reply.statusText,
        headers: r.reply.headers,
        body: r.reply.body,
        ...(r.reply.contentCoding ? { contentCoding: r.reply.contentCoding } : {}),
        durationMs,
        attempts,
      };
    }
    let message = failureMessage(operation, url, r.failure, limits);
    if (attempts.length > 1) message += ` [${attempts.length} attempts: ${attempts.map((x) => x.outcome).join(', ')}]`;
    noteOutcome(r.failure, message);
    throw new TransportError(message, r.failure.kind, operation, url, r.failure.limit, attempts, r.failure.bytesRead, {
      cause: r.failure.cause,
    });
  }
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = v;
  return out;
}

const WHITELIST_NOTE =
  "The vendor's test gateway only accepts requests from whitelisted IP addresses: if this is that gateway, " +
  "ask the operator to whitelist this machine's public IP address. Otherwise check the base URL (OTA_BASE_URL) and that the gateway is running.";

/**
 * Does the target answer HTTP at all? A GET of the base URL; any HTTP status counts as reachable.
 * Never retried: it runs once, before any scenario, to avoid hundreds of identical failures.
 */
export async function preflight(baseUrl: string, limits: TransportLimits): Promise<PreflightResult> {
  checkLimits(limits);
  const t0 = performance.now();
  const r = await attempt(baseUrl, 'GET', {}, undefined, limits, false);
  const durationMs = Math.round(performance.now() - t0);
  if (r.ok) return { reachable: true, status: r.reply.status, durationMs };
  const f = r.failure;
  const what: Record<TransportFailureKind, string> = {
    refused: `the connection was refused (nothing listens at ${hostPort(baseUrl)})`,
    dns: `its host name could not be resolved (${f.detail})`,
    tls: `the TLS handshake failed (${f.detail})`,
    'connect-timeout': `no connection could be made within connectTimeoutMs=${limits.connectTimeoutMs} ms`,
    timeout: `it accepted the connection but sent no HTTP reply within requestTimeoutMs=${limits.requestTimeoutMs} ms`,
    reset: `the connection was closed or reset before an HTTP reply (${f.detail})`,
    'too-large': 'its reply was too large',
    'gateway-stopped': 'it stopped answering',
    other: `the request failed (${f.detail})`,
  };
  const message = `Target unreachable: ${baseUrl} cannot be reached - ${what[f.kind]}. No scenario was run. ${WHITELIST_NOTE}`;
  return { reachable: false, kind: f.kind, message };
}

/**
 * For a precondition that failed: the transport failure behind it, when the scenario's last
 * exchange got no HTTP reply at all ("the gateway could not be reached: <why>"); undefined when
 * there was a reply, or when `reason` already quotes the failure.
 */
export function unreachableNote(
  history: ReadonlyArray<{ reply: { transportError?: { kind: string; message: string } } }>,
  reason = '',
): string | undefined {
  const e = history[history.length - 1]?.reply.transportError;
  return e && !reason.includes(e.message) ? `the gateway could not be reached: ${e.message}` : undefined;
}
