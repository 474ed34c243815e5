// Sends one request and takes the reply as far as it goes: HTTP, decoding, XML. A failure at any
// stage is kept as evidence for the contract (a timeout is EP-TIMELY, an undecodable body is
// EP-WELL-FORMED), never thrown past the scenario: the run goes on.
import { postXml, TransportError, type RetryPolicy, type TransportLimits } from './http';
import { decodeReplyBody } from './reply-body';
import type { OtaRequest } from '../xml/requests';
import type { Exchange, Reply } from '../contracts/rule';
import { XmlDoc } from '../xml/xml';

// XML declaration, comments and processing instructions may come before a DOCTYPE.
const DOCTYPE_IN_PROLOG = /^\uFEFF?\s*(?:<\?[^]*?\?>\s*|<!--[^]*?-->\s*)*<!DOCTYPE/i;

export interface SendOptions {
  baseUrl: string;
  limits: TransportLimits;
  retry: RetryPolicy;
  /** A deliberately broken body (negative cases); skips the request self-check. */
  body?: string;
}

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
    const idempotent = op.name !== 'activitybook' && op.name !== 'bookcancel';
    reply.exchange = await postXml(url, sentBody, { operation: op.name, limits: opts.limits, retry: opts.retry, idempotent });
  } catch (e) {
    if (!(e instanceof TransportError)) throw e;
    reply.transportError = { kind: e.kind, message: e.message };
    return { op, request, sentBody, reply };
  }
  try {
    const text = decodeReplyBody(reply.exchange.headers, reply.exchange.body);
    reply.text = text;
    reply.doctype = DOCTYPE_IN_PROLOG.test(text);
    reply.doc = XmlDoc.parse(text, `the ${op.name} reply`);
  } catch (e) {
    reply.unreadable = (e as Error).message;
  }
  return { op, request, sentBody, reply };
}

/** Frees the parsed reply (libxml2-wasm memory lives outside the JS heap). */
export function disposeExchange(x: Exchange): void {
  x.reply.doc?.dispose();
  x.reply.doc = undefined;
}
