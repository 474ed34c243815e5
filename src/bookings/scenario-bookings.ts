// A scenario's bookings in the ledger: each Commit is written before it is sent and marked answered
// when the gateway itself answered it; at the scenario's end its booking is settled by that entry.
import { commitInDoubt } from '../transport/gateway-answer';
import type { Exchange } from '../contracts/rule';
import type { RunContext } from '../run/run-context';
import { commitFlightMs, settleEntry, type CleanupOutcome } from './cancel-booking';

/**
 * Writes the intent of a Commit to the ledger before it is sent (call it just before sending any
 * activity booking request). Returns the booking reference when the request is a Commit.
 * Reads the request itself: the ResStatus that books (test data booking.commitResStatus), the
 * booking's UniqueID Type 36 and the items' Type 37.
 */
export function recordBookingIntent(
  ctx: RunContext,
  request: { operation: { name: string }; values(path: string): string[] },
  scenario?: string,
): string | undefined {
  if (request.operation.name !== 'activitybook') return undefined;
  const resStatus = request.values('/*/@ResStatus')[0];
  if (resStatus !== ctx.data.booking.commitResStatus) return undefined;
  const ref = (type: string) => request.values(`//*[local-name()='UniqueID'][@Type='${type}']/@ID`);
  const bookingRef = ref('36')[0];
  if (!bookingRef) return undefined;
  // with the longest its Commit could be in flight: until then, a target that does not know it may still book it
  const flightMs = commitFlightMs(ctx.config);
  ctx.ledger.recordIntent({ bookingRef, itemRefs: ref('37'), target: ctx.baseUrl, runId: ctx.config.runId, scenario, flightMs });
  return bookingRef;
}

/**
 * After a Commit's exchange (recordBookingIntent gave its reference): when the gateway itself
 * answered it, whatever it said, the Commit is no longer in flight, and the ledger says so. Any
 * other reply (commitInDoubt) leaves the intent in doubt: it may still land, and it stays in the
 * ledger until a read shows it (then it is cancelled), or its landsBy has passed and a read shows
 * it absent.
 */
export function recordCommitReply(ctx: RunContext, bookingRef: string, exchange: Exchange): boolean {
  // a Commit sent again (a retry) after an attempt no gateway answered may still land from that attempt
  if (commitInDoubt(exchange) || (exchange.reply.exchange?.attempts.length ?? 1) > 1) return false;
  ctx.ledger.recordAnswered(bookingRef, ctx.baseUrl, ctx.config.runId);
  return true;
}

/** A Commit the gateway served: the booking exists, and the ledger says so with the items it named. */
export function recordCommitted(ctx: RunContext, bookingRef: string, exchange: Exchange, scenario?: string): void {
  const itemRefs = exchange.request.values(`//*[local-name()='UniqueID'][@Type='37']/@ID`);
  ctx.ledger.recordCommitted({ bookingRef, itemRefs, target: ctx.baseUrl, runId: ctx.config.runId, scenario });
}

/**
 * A scenario's clean-up of one booking it made or meant to make, by its ledger entry: a committed
 * one is cancelled and read back; one its scenario cancelled (`cancelAnswered`) or whose Commit is
 * in doubt is read first. Closed in the ledger already: nothing to do.
 */
export async function settleScenarioBooking(
  ctx: RunContext,
  bookingRef: string,
  opts: { cancelAnswered?: boolean } = {},
): Promise<CleanupOutcome> {
  const entry = ctx.ledger.outstanding(ctx.baseUrl).find((e) => e.bookingRef === bookingRef);
  if (!entry) return { ok: true, kind: 'already-cancelled', message: 'closed in the ledger already' };
  return settleEntry(ctx, entry, opts);
}
