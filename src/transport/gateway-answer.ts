// Whether a reply is the gateway's own answer, or an intermediary's (a proxy, a load balancer, a
// CDN) or no answer at all. A Commit not answered by the gateway is in doubt: the gateway may still
// book it, so the ledger keeps it open until a read shows it, or its landsBy has passed.
import { OTA_NS } from '../specification/operations';
import type { Exchange } from './exchange';

/**
 * Statuses an intermediary (a proxy, a load balancer, a CDN) answers for a gateway that may still be
 * working on the request: 408, 502, 503, 504, Cloudflare's 520 to 527 and 529, and the 598 and 599
 * some proxies use for a read or connect timeout.
 */
const INTERMEDIARY_STATUSES = new Set([408, 502, 503, 504, 520, 521, 522, 523, 524, 525, 526, 527, 529, 598, 599]);

/**
 * Why a Commit's reply may not be the gateway's own answer (the Commit is then in doubt: it may
 * still land), or undefined when it is: an HTTP reply, with a status no intermediary produces, and
 * a body that is an OpenTravel message. A time-out, a reset, a cut or over-size body, an
 * intermediary's status, an HTML error page (a 500 included), any body that is not an OTA message:
 * in doubt. Two-phase commit's rule: an in-doubt transaction is never presumed aborted.
 */
export function commitInDoubt(exchange: Pick<Exchange, 'reply'>): string | undefined {
  const status = exchange.reply.exchange?.status;
  if (status === undefined) return exchange.reply.transportError?.message ?? 'no HTTP reply';
  if (INTERMEDIARY_STATUSES.has(status)) return `HTTP ${status}, a status an intermediary answers for a gateway still at work`;
  const root = exchange.reply.doc?.root;
  if (!root) return `HTTP ${status} with a body that is not XML${exchange.reply.unreadable ? ` (${exchange.reply.unreadable})` : ''}`;
  const ota = root.namespace === OTA_NS || (!root.namespace && root.localName.startsWith('OTA_'));
  if (!ota) return `HTTP ${status} with <${root.localName}>, not an OpenTravel message`;
  return undefined;
}
