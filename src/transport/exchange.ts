// Sends one request and takes the reply as far as it goes: HTTP, decoding, XML. A failure at any
// stage is kept as evidence for the contract (a timeout is EP-TIMELY, an undecodable body is
// EP-WELL-FORMED), never thrown past the scenario: the run goes on.
import { SuiteError } from '../core/errors';
import { recordExchange, replaying, REPLAY_MISS_HEADER, REPLAY_MISS_PREFIX, scenarioHeaders } from './recording';
import type { RetryPolicy, TransportLimits } from './limits';
import { postXml, type ExchangeBreaker, type HttpExchange } from './post-xml';
import { decodeReplyBody } from './reply-body';
import { TransportError } from './transport-error';
import type { OtaRequest } from '../xml/requests';
import type { OperationSpec } from '../specification/operations';
import { XmlDoc } from '../xml/xml';

/** A reply as far as it could be taken: each stage may have failed. */
export interface Reply {
  exchange?: HttpExchange;
  /** No HTTP reply at all (timeout, refused, too large, ...). */
  transportError?: { kind: string; message: string };
  /** The body as text, when it could be decoded. */
  text?: string;
  /** The prolog declares a DOCTYPE (seen in the text, so even a reply that fails to parse counts). */
  doctype?: boolean;
  /** Why the body could not be decoded or parsed as XML. */
  unreadable?: string;
  doc?: XmlDoc;
}

/** One request sent and what came back: the evidence every check looks at. */
export interface Exchange {
  op: OperationSpec;
  request: OtaRequest;
  /** The body actually sent (deliberately broken requests differ from request.toXml()). */
  sentBody: string;
  reply: Reply;
}

/**
 * True when a DOCTYPE stands in the prolog (after the XML declaration, comments, processing
 * instructions and white space). One pass with indexOf, linear in the prolog: a gateway's bytes
 * must never be scanned with a backtracking pattern (40 processing instructions froze the run).
 */
export function prologHasDoctype(text: string): boolean {
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (index < text.length && /\s/.test(text[index])) index++;
    if (text.startsWith('<?', index)) {
      const end = text.indexOf('?>', index + 2);
      if (end < 0) return false;
      index = end + 2;
    } else if (text.startsWith('<!--', index)) {
      const end = text.indexOf('-->', index + 4);
      if (end < 0) return false;
      index = end + 3;
    } else return text.slice(index, index + 9).toUpperCase() === '<!DOCTYPE';
  }
}

export interface SendOptions {
  baseUrl: string;
  limits: TransportLimits;
  retry: RetryPolicy;
  /** A deliberately broken body (negative cases); skips the request self-check. */
  body?: string;
  /** Extra HTTP headers (the runner's own preflight requests say so: PREFLIGHT_HEADER). */
  headers?: Record<string, string>;
  /** The run's "gateway stopped answering" breaker (RunContext.breaker). */
  breaker?: ExchangeBreaker;
  /** Asked before each retry (a cap counting HTTP attempts): false, no retry. */
  mayRetry?: () => boolean;
}

/** Marks the requests the runner sends before any scenario, so a gateway's logs can tell them apart. */
export const PREFLIGHT_HEADER = { name: 'x-ota-conformance', value: 'preflight' } as const;

export async function exchange(request: OtaRequest, opts: SendOptions): Promise<Exchange> {
  const op = request.operation;
  // A broken sample is the suite's fault: SuiteError, before anything is sent.
  if (opts.body === undefined) request.assertConforms();
  const sentBody = opts.body ?? request.toXml();
  const url = `${opts.baseUrl}${op.path}`;
  const reply: Reply = {};
  try {
    // A booking or cancel that timed out may have happened: retrying it could book twice or
    // report "already cancelled", so only refused connections and 503 are retried for them.
    reply.exchange = await postXml(url, sentBody, {
      operation: op.name,
      limits: opts.limits,
      retry: opts.retry,
      idempotent: op.idempotent,
      headers: { ...opts.headers, ...scenarioHeaders() },
      breaker: opts.breaker,
      mayRetry: opts.mayRetry,
    });
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    reply.transportError = { kind: error.kind, message: error.message };
    recordExchange({ operation: op.name, request: { headers: opts.headers ?? {}, body: sentBody }, transportError: reply.transportError });
    return { op, request, sentBody, reply };
  }
  const httpExchange = reply.exchange;
  // Replaying: the cassette holds no such exchange. The suite's trouble, never the gateway's.
  // Only the replay target's header counts: a gateway sending it is judged like any other reply.
  const miss = replaying() ? httpExchange.headers[REPLAY_MISS_HEADER] : undefined;
  if (miss !== undefined) throw new SuiteError(`${REPLAY_MISS_PREFIX}${safeDecode(miss)}`);
  recordExchange({
    operation: op.name,
    request: { headers: httpExchange.request.headers, body: sentBody },
    reply: {
      status: httpExchange.status,
      statusText: httpExchange.statusText,
      headers: httpExchange.headers,
      body: httpExchange.body,
      decoded: !!httpExchange.contentCoding,
    },
  });
  try {
    const text = decodeReplyBody(reply.exchange.headers, reply.exchange.body);
    reply.text = text;
    reply.doctype = prologHasDoctype(text);
    reply.doc = XmlDoc.parse(text, `the ${op.name} reply`);
  } catch (error) {
    reply.unreadable = (error as Error).message;
  }
  return { op, request, sentBody, reply };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Frees the parsed reply (libxml2-wasm memory lives outside the JS heap). */
export function disposeExchange(exchange: Exchange): void {
  exchange.reply.doc?.dispose();
  exchange.reply.doc = undefined;
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
  const transportError = history[history.length - 1]?.reply.transportError;
  return transportError && !reason.includes(transportError.message)
    ? `the gateway could not be reached: ${transportError.message}`
    : undefined;
}
