// Settling one booking the suite made or meant to make: cancelling it, or finding that there is
// nothing to cancel. The status of a booking is read wherever gateways put it (ResStatus,
// ReservationStatusType, Status, BookingStatus, ReservationStatus, any prefix, attribute or
// element) and compared with the test data's cancelled words; a refusal is recognised in any
// form (an Errors element, OTA_ErrorRS, a 4xx). A reference the target does not know is "gone",
// never reported as cancelled, and only once its Commit can no longer land: an intent whose Commit
// got no answer stays open until the request timeout x attempts have passed since it was sent (a
// slow gateway may still book it).
import { exchange, disposeExchange } from '../transport/exchange';
import { OtaRequest } from '../xml/requests';
import { OPERATIONS } from '../specification/operations';
import { baseValues } from '../run/scenario-values';
import { refusalForm } from '../contracts/envelope';
import { exchangeOptions, type RunContext } from '../run/run-context';
import type { SuiteConfig } from '../run/config';
import type { Exchange } from '../contracts/rule';
import type { OpenEntry } from './ledger-entries';

/** open: unknown to the target while its Commit could still land; left open in the ledger. */
export type CleanupKind = 'cancelled' | 'already-cancelled' | 'unknown' | 'open' | 'failed';

export interface CleanupOutcome {
  /** True when nothing is left to cancel (cancelled now, already cancelled, or unknown to the target for good). */
  ok: boolean;
  kind: CleanupKind;
  message: string;
  /** open: until when its Commit could still land. */
  landsBy?: string;
}

/**
 * The longest a Commit could still be in flight after it was sent: the request timeout of each
 * attempt, and the back-off between them. Before that a reference the target does not know may
 * still be booked.
 */
export function commitFlightMs(config: Pick<SuiteConfig, 'limits' | 'retry'>): number {
  const attempts = 1 + Math.max(0, Math.floor(config.retry.retries));
  return attempts * config.limits.requestTimeoutMs + Math.max(0, config.retry.backoffMs) * (2 ** (attempts - 1) - 1);
}

/** Until when an intent's Commit could land: its own bound, or (older entries) this run's from its time. */
function landsByOf(ctx: RunContext, e: OpenEntry): string {
  return e.landsBy ?? new Date(Date.parse(e.at) + commitFlightMs(ctx.config)).toISOString();
}

const STATUS_NAMES = ['ResStatus', 'ReservationStatusType', 'Status', 'BookingStatus', 'ReservationStatus'];
const STATUS_XPATH = STATUS_NAMES.map((n) => `//@*[local-name()='${n}'] | //*[local-name()='${n}']`).join(' | ');

function isSuccess(x: Exchange): boolean {
  const doc = x.reply.doc;
  return !!doc && doc.exists("/*/*[local-name()='Success']") && !refusalForm(x);
}

/** What a booking read shows: the booking, cancelled, unknown (a refusal), or nothing usable. */
function readState(x: Exchange, cancelledWords: readonly string[]): 'active' | 'cancelled' | 'unknown' | 'unclear' {
  if (refusalForm(x)) return 'unknown';
  if (!isSuccess(x)) return 'unclear';
  const words = new Set(cancelledWords.map((w) => w.trim().toLowerCase()));
  const statuses = x.reply
    .doc!.values(STATUS_XPATH)
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  if (statuses.length === 0) return 'unclear';
  return statuses.every((s) => words.has(s)) ? 'cancelled' : 'active';
}

async function send(ctx: RunContext, op: 'bookcancel' | 'bookread', bookingRef: string): Promise<Exchange> {
  const values = { ...baseValues(ctx.credentials, ctx.data, ctx.config.runId), bookingRef, cancelType: ctx.data.booking.commitCancelType };
  const request = OtaRequest.fromSample(OPERATIONS[op], ctx.config.samplesDir, values);
  return exchange(request, exchangeOptions(ctx));
}

export async function read(ctx: RunContext, bookingRef: string): Promise<{ state: ReturnType<typeof readState>; why: string }> {
  const x = await send(ctx, 'bookread', bookingRef);
  try {
    const state = readState(x, ctx.data.booking.cancelledStatusWords);
    const why = x.reply.transportError?.message ?? x.reply.unreadable ?? refusalForm(x) ?? `HTTP ${x.reply.exchange?.status}`;
    return { state, why };
  } finally {
    disposeExchange(x);
  }
}

/**
 * Cancels a whole booking. When the cancel is refused, a read decides: cancelled already, or
 * unknown to the target (then it was never booked, or was purged: "unknown", not "cancelled"; for
 * an `intent` whose Commit could still land, left open).
 */
export async function cancelBooking(ctx: RunContext, bookingRef: string, intent?: OpenEntry): Promise<CleanupOutcome> {
  const cancel = await send(ctx, 'bookcancel', bookingRef);
  let cancelWhy: string;
  try {
    if (isSuccess(cancel)) {
      ctx.ledger.recordCancelled(bookingRef, ctx.baseUrl, ctx.config.runId);
      return { ok: true, kind: 'cancelled', message: 'cancelled' };
    }
    cancelWhy =
      cancel.reply.transportError?.message ??
      cancel.reply.unreadable ??
      refusalForm(cancel) ??
      `HTTP ${cancel.reply.exchange?.status}, no Success`;
  } finally {
    disposeExchange(cancel);
  }
  const r = await read(ctx, bookingRef);
  if (r.state === 'cancelled') {
    ctx.ledger.recordCancelled(bookingRef, ctx.baseUrl, ctx.config.runId);
    return { ok: true, kind: 'already-cancelled', message: 'already cancelled at the target' };
  }
  if (r.state === 'unknown') {
    if (intent) return unknownIntent(ctx, intent, r.why);
    ctx.ledger.recordGone(bookingRef, ctx.baseUrl, ctx.config.runId, `unknown to the target: ${r.why}`);
    return { ok: true, kind: 'unknown', message: `unknown to the target (${r.why}): nothing to cancel` };
  }
  const message = `the cancel failed (${cancelWhy}) and a read ${r.state === 'active' ? 'still shows the booking' : `did not tell its state (${r.why})`}`;
  ctx.ledger.recordCleanupFailed(bookingRef, ctx.baseUrl, ctx.config.runId, message);
  return { ok: false, kind: 'failed', message };
}

/**
 * An intent the target does not know. Its Commit may still be on its way (queued at a slow
 * gateway, a kill came before its reply): then it stays open in the ledger, to be checked again.
 * Only once it was answered, or its longest flight is over, is it written off as never booked.
 */
function unknownIntent(ctx: RunContext, e: OpenEntry, why: string): CleanupOutcome {
  const landsBy = landsByOf(ctx, e);
  const { runId } = ctx.config;
  if (!e.answered && Date.now() < Date.parse(landsBy)) {
    const message = `unknown to the target (${why}), but its Commit, sent at ${e.at} and never answered, could still land until ${landsBy}`;
    ctx.ledger.recordUnconfirmed(e.bookingRef, ctx.baseUrl, runId, message, landsBy);
    return { ok: false, kind: 'open', message, landsBy };
  }
  const because = e.answered ? 'the gateway answered its Commit' : `its Commit could land until ${landsBy} at the latest`;
  ctx.ledger.recordGone(e.bookingRef, ctx.baseUrl, runId, `intent never booked: unknown to the target (${why}); ${because}`);
  return { ok: true, kind: 'unknown', message: `never booked: unknown to the target (${why}), and ${because}` };
}

/**
 * Settles one outstanding booking. Committed: cancel it. An intent (a Commit whose reply may never
 * have come back): read first; known (or unclear), cancel it like any booking; unknown, see
 * unknownIntent.
 */
export async function settleEntry(ctx: RunContext, entry: OpenEntry): Promise<CleanupOutcome> {
  if (entry.event === 'committed') return cancelBooking(ctx, entry.bookingRef);
  const r = await read(ctx, entry.bookingRef);
  if (r.state === 'unknown') return unknownIntent(ctx, entry, r.why);
  if (r.state === 'cancelled') {
    ctx.ledger.recordCancelled(entry.bookingRef, ctx.baseUrl, ctx.config.runId);
    return { ok: true, kind: 'already-cancelled', message: 'already cancelled at the target' };
  }
  return cancelBooking(ctx, entry.bookingRef, entry);
}
