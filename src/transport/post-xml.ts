// Transport to the gateway: one XML request POSTed, bounded in time and size (attempt.ts), with
// opt-in retries for infrastructure failures only (retry.ts), and stopped at once when the run's
// breaker says the gateway stopped answering. A body the gateway sent with a Content-Encoding
// (gzip, x-gzip, deflate, br) is decoded, bounded by the same maxReplyBytes as the bytes read.
import { attempt, type AttemptResult } from './attempt';
import { checkLimits, type RetryPolicy, type TransportLimits } from './limits';
import { backOff, retryRule } from './retry';
import { TransportError, failureMessage, type Attempt, type TransportFailureKind } from './transport-error';

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

/**
 * The run's watch over consecutive failures (src/run/failure-breaker.ts): asked before each
 * request, told how each ended. The transport keeps no such state of its own.
 */
export interface ExchangeBreaker {
  /** Why nothing more is sent ("the gateway stopped answering after ..."), or undefined. */
  stoppedAnswering(): string | undefined;
  /** How an exchange ended: undefined for an HTTP reply (any status), else its failure. */
  noteOutcome(failure: { kind: TransportFailureKind; message: string } | undefined): void;
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
  /** The run's breaker; without one, every request is sent. */
  breaker?: ExchangeBreaker;
  /**
   * Asked before each retry: a cap that counts HTTP attempts (not exchanges) takes one, or refuses
   * it (false), and then the last attempt's outcome is the exchange's.
   */
  mayRetry?: () => boolean;
}

/**
 * POSTs an XML request. Every HTTP status is returned (a 500 is data for the contract); only
 * transport failures throw TransportError. Retries only infrastructure failures, only when
 * opts.retry.retries > 0, and never a reply that could be judged (200, 4xx, 500, ...).
 */
export async function postXml(url: string, body: string, opts: PostOptions): Promise<HttpExchange> {
  const { operation, limits, retry, breaker } = opts;
  checkLimits(limits);
  const stopped = breaker?.stoppedAnswering();
  if (stopped)
    throw new TransportError(
      `${operation}: not sent to ${url}: ${stopped}`,
      'gateway-stopped',
      operation,
      url,
      'OTA_MAX_CONSECUTIVE_FAILURES',
      [],
    );
  const rule = retryRule(retry, opts.idempotent !== false);
  // No Accept-Encoding, on purpose: the suite asks for no coding. RFC 9110 §12.5.3: a request
  // without it accepts any, so a reply the gateway encodes anyway is decoded (attempt.ts).
  const headers: Record<string, string> = { 'content-type': 'application/xml; charset=utf-8', ...lowerKeys(opts.headers ?? {}) };
  const payload = Buffer.from(body, 'utf8');
  const attempts: Attempt[] = [];

  for (let n = 1; ; n++) {
    const { result: r, record: a } = await timedAttempt(url, headers, payload, limits);
    attempts.push(a);
    const retryable = r.ok ? rule.statuses.includes(r.reply.status) : rule.kinds.includes(r.failure.kind);
    let noted = false;
    if (retryable && n < rule.maxAttempts && (opts.mayRetry?.() ?? true)) {
      // the breaker counts HTTP attempts: a failed attempt counts even when it is retried
      if (!r.ok) breaker?.noteOutcome({ kind: r.failure.kind, message: failureMessage(operation, url, r.failure, limits) });
      noted = !r.ok;
      if (r.ok || !breaker?.stoppedAnswering()) {
        a.retried = true;
        await backOff(retry, n);
        continue;
      }
    }
    if (r.ok) {
      breaker?.noteOutcome(undefined);
      return {
        operation,
        url,
        request: { method: 'POST', headers, body },
        status: r.reply.status,
        statusText: r.reply.statusText,
        headers: r.reply.headers,
        body: r.reply.body,
        ...(r.reply.contentCoding ? { contentCoding: r.reply.contentCoding } : {}),
        durationMs: a.durationMs,
        attempts,
      };
    }
    let message = failureMessage(operation, url, r.failure, limits);
    if (attempts.length > 1) message += ` [${attempts.length} attempts: ${attempts.map((x) => x.outcome).join(', ')}]`;
    if (!noted) breaker?.noteOutcome({ kind: r.failure.kind, message });
    throw new TransportError(message, r.failure.kind, operation, url, r.failure.limit, attempts, r.failure.bytesRead, {
      cause: r.failure.cause,
    });
  }
}

/** One POST attempt with its record: when it started, how long it took, how it ended. */
async function timedAttempt(
  url: string,
  headers: Record<string, string>,
  payload: Buffer,
  limits: TransportLimits,
): Promise<{ result: AttemptResult; record: Attempt }> {
  const startedAt = new Date();
  const t0 = performance.now();
  const result = await attempt(url, 'POST', headers, payload, limits, true);
  const durationMs = Math.round(performance.now() - t0);
  const outcome = result.ok ? `HTTP ${result.reply.status}` : result.failure.kind;
  return { result, record: { startedAt: startedAt.toISOString(), durationMs, outcome, retried: false } };
}

function lowerKeys(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record)) out[k.toLowerCase()] = v;
  return out;
}
