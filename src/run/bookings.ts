// Leaving no booking behind: cancelling what a scenario (or a killed earlier run) committed or was
// about to commit. The status of a booking is read wherever gateways put it (ResStatus,
// ReservationStatusType, Status, BookingStatus, ReservationStatus, any prefix, attribute or
// element) and compared with the test data's cancelled words; a refusal is recognised in any
// form (an Errors element, OTA_ErrorRS, a 4xx). A reference the target does not know is "gone",
// never reported as cancelled.
import { exchange, disposeExchange } from '../transport/exchange';
import { OtaRequest } from '../xml/requests';
import { OPERATIONS } from '../spec/operations';
import { baseValues } from './scenario-values';
import { refusalForm } from '../contracts/envelope';
import { exchangeOptions, type RunContext } from './run-context';
import type { Exchange } from '../contracts/rule';
import type { LedgerEntry } from '../safety/ledger';

export type CleanupKind = 'cancelled' | 'already-cancelled' | 'unknown' | 'failed';

export interface CleanupOutcome {
  /** True when nothing is left to cancel (cancelled now, already cancelled, or unknown to the target). */
  ok: boolean;
  kind: CleanupKind;
  message: string;
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

async function read(ctx: RunContext, bookingRef: string): Promise<{ state: ReturnType<typeof readState>; why: string }> {
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
 * unknown to the target (then it was never booked, or was purged: "unknown", not "cancelled").
 */
export async function cancelBooking(ctx: RunContext, bookingRef: string): Promise<CleanupOutcome> {
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
    ctx.ledger.recordGone(bookingRef, ctx.baseUrl, ctx.config.runId, `unknown to the target: ${r.why}`);
    return { ok: true, kind: 'unknown', message: `unknown to the target (${r.why}): nothing to cancel` };
  }
  const message = `the cancel failed (${cancelWhy}) and a read ${r.state === 'active' ? 'still shows the booking' : `did not tell its state (${r.why})`}`;
  ctx.ledger.recordCleanupFailed(bookingRef, ctx.baseUrl, ctx.config.runId, message);
  return { ok: false, kind: 'failed', message };
}

/**
 * An intent (a Commit whose reply never came back): read first. Unknown to the target: the Commit
 * never took effect, nothing is cancelled. Known (or unclear): cancel it like any booking.
 */
async function settleIntent(ctx: RunContext, entry: LedgerEntry): Promise<CleanupOutcome> {
  const r = await read(ctx, entry.bookingRef);
  if (r.state === 'unknown') {
    ctx.ledger.recordGone(entry.bookingRef, ctx.baseUrl, ctx.config.runId, `intent never booked: ${r.why}`);
    return { ok: true, kind: 'unknown', message: `never booked: unknown to the target (${r.why})` };
  }
  if (r.state === 'cancelled') {
    ctx.ledger.recordCancelled(entry.bookingRef, ctx.baseUrl, ctx.config.runId);
    return { ok: true, kind: 'already-cancelled', message: 'already cancelled at the target' };
  }
  return cancelBooking(ctx, entry.bookingRef);
}

export interface CleanupReport {
  /** Cancelled by this clean-up. */
  cancelled: string[];
  /** Nothing to do: already cancelled, or unknown to the target (never booked). */
  gone: Array<{ ref: string; message: string }>;
  failed: Array<{ ref: string; message: string }>;
  /** Outstanding entries left alone because the run that owns them is still alive. */
  ownedByLiveRuns: number;
}

/**
 * Settles what earlier runs that are no longer alive left in the ledger for this target (killed
 * runs; a run still in progress on the same ledger is left alone). With `runId`, settles only that
 * run's entries (the run's own leftovers, e.g. an intent whose Commit timed out).
 */
export async function cleanUpLedger(ctx: RunContext, opts: { runId?: string } = {}): Promise<CleanupReport> {
  const report: CleanupReport = { cancelled: [], gone: [], failed: [], ownedByLiveRuns: 0 };
  const entries = opts.runId ? ctx.ledger.outstanding(ctx.baseUrl).filter((e) => e.runId === opts.runId) : ctx.ledger.orphaned(ctx.baseUrl);
  if (!opts.runId) report.ownedByLiveRuns = ctx.ledger.outstanding(ctx.baseUrl).length - entries.length;
  for (const entry of entries) {
    const outcome = entry.event === 'intent' ? await settleIntent(ctx, entry) : await cancelBooking(ctx, entry.bookingRef);
    if (outcome.kind === 'cancelled') report.cancelled.push(entry.bookingRef);
    else if (outcome.ok) report.gone.push({ ref: entry.bookingRef, message: outcome.message });
    else report.failed.push({ ref: entry.bookingRef, message: outcome.message });
  }
  return report;
}

/** Console lines for a clean-up (empty when there was nothing to do). Refs only, never replies. */
export function describeCleanup(r: CleanupReport, ledgerFile: string): string[] {
  const lines: string[] = [];
  if (r.cancelled.length) lines.push(`Cancelled ${r.cancelled.length} booking(s) an earlier run left behind: ${r.cancelled.join(', ')}`);
  if (r.gone.length)
    lines.push(
      `${r.gone.length} reference(s) an earlier run left in the ledger needed no cancel (already cancelled, or never booked): ${r.gone.map((g) => `${g.ref} (${g.message})`).join('; ')}`,
    );
  if (r.ownedByLiveRuns) lines.push(`${r.ownedByLiveRuns} booking(s) in the ledger belong to a run still in progress: left to it`);
  if (r.failed.length)
    lines.push(
      `Could not cancel ${r.failed.length} booking(s) left by an earlier run (kept in ${ledgerFile}; the next run retries):\n${r.failed.map((f) => `  ${f.ref}: ${f.message}`).join('\n')}`,
    );
  return lines;
}

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
  ctx.ledger.recordIntent({ bookingRef, itemRefs: ref('37'), target: ctx.baseUrl, runId: ctx.config.runId, scenario });
  return bookingRef;
}
