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
import { saysNothingOfTheBooking } from '../contracts/booking-read';
import { exchangeOptions, type RunContext } from '../run/run-context';
import type { SuiteConfig } from '../run/config';
import type { Exchange } from '../contracts/rule';
import type { OpenEntry } from './ledger-entries';

/**
 * open: unknown to the target while its Commit could still land; left open in the ledger.
 * still-live: the cancel was answered Success, yet reads still show the booking live (kept open).
 */
export type CleanupKind = 'cancelled' | 'already-cancelled' | 'unknown' | 'open' | 'failed' | 'still-live';

export interface CleanupOutcome {
  /** True when nothing is left to cancel (cancelled now, already cancelled, or unknown to the target for good). */
  ok: boolean;
  kind: CleanupKind;
  message: string;
  /** open: until when its Commit could still land. */
  landsBy?: string;
  /** cancelled: no read could tell the booking's state, so the clean-up rests on the cancel's reply alone. */
  unverified?: boolean;
}

/** A cancel answered Success and read back live is sent again this many times, with back-off (see cancelBooking). */
export const CANCEL_RETRIES = 2;
/** The first wait before a cancel is sent again; each further wait is twice as long. */
export const CANCEL_BACKOFF_MS = 500;

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
function landsByOf(ctx: RunContext, openEntry: OpenEntry): string {
  return openEntry.landsBy ?? new Date(Date.parse(openEntry.at) + commitFlightMs(ctx.config)).toISOString();
}

const STATUS_NAMES = ['ResStatus', 'ReservationStatusType', 'Status', 'BookingStatus', 'ReservationStatus'];
const STATUS_XPATH = STATUS_NAMES.map((n) => `//@*[local-name()='${n}'] | //*[local-name()='${n}']`).join(' | ');

function isSuccess(sent: Exchange): boolean {
  const doc = sent.reply.doc;
  return !!doc && doc.exists("/*/*[local-name()='Success']") && !refusalForm(sent);
}

/**
 * What a booking read shows: the booking live or cancelled; unknown (a refusal: the target does not
 * know it); unclear (served, but no status shown: a gateway whose reads tell no state); or failed (a
 * server error, a busy gateway, refused credentials, no reply or no readable Success: the read says
 * nothing of the booking, and nothing is closed on it). A refusal that shows statuses means what they show.
 */
type ReadState = 'active' | 'cancelled' | 'unknown' | 'unclear' | 'failed';
function readState(sent: Exchange, cancelledWords: readonly string[]): ReadState {
  const status = sent.reply.exchange?.status;
  if (status === undefined || sent.reply.transportError || saysNothingOfTheBooking(status)) return 'failed';
  const words = new Set(cancelledWords.map((w) => w.trim().toLowerCase()));
  const statuses = (sent.reply.doc?.values(STATUS_XPATH) ?? []).map((v) => v.trim().toLowerCase()).filter(Boolean);
  const refused = refusalForm(sent);
  if (refused && statuses.length === 0) return 'unknown';
  if (!refused && !isSuccess(sent)) return 'failed';
  if (statuses.length === 0) return 'unclear';
  return statuses.every((s) => words.has(s)) ? 'cancelled' : 'active';
}

async function send(ctx: RunContext, op: 'bookcancel' | 'bookread', bookingRef: string): Promise<Exchange> {
  const values = { ...baseValues(ctx.credentials, ctx.data, ctx.config.runId), bookingRef, cancelType: ctx.data.booking.commitCancelType };
  const request = OtaRequest.fromSample(OPERATIONS[op], ctx.config.samplesDir, values);
  return exchange(request, exchangeOptions(ctx));
}

export async function read(ctx: RunContext, bookingRef: string): Promise<{ state: ReturnType<typeof readState>; why: string }> {
  const sent = await send(ctx, 'bookread', bookingRef);
  try {
    const state = readState(sent, ctx.data.booking.cancelledStatusWords);
    const why = sent.reply.transportError?.message ?? sent.reply.unreadable ?? refusalForm(sent) ?? `HTTP ${sent.reply.exchange?.status}`;
    return { state, why };
  } finally {
    disposeExchange(sent);
  }
}

/**
 * Cancels a whole booking, and believes it only when a read shows it closed: a cancel answered
 * Success is followed by a read. Still live, the cancel is sent again (CANCEL_RETRIES times, with
 * back-off), then the booking stays open in the ledger as "cancel acknowledged, still live" and the
 * next run retries it. A read that cannot tell the state (a gateway that does not serve reads)
 * leaves the cancel's own reply as the only evidence: recorded cancelled, and said (`unverified`).
 * When the cancel is refused, a read decides: cancelled already, or unknown to the target (then it
 * was never booked, or was purged: "unknown", not "cancelled"; for an `intent` whose Commit could
 * still land, left open).
 */
export async function cancelBooking(ctx: RunContext, bookingRef: string, intent?: OpenEntry): Promise<CleanupOutcome> {
  const { runId } = ctx.config;
  for (let attempt = 0; ; attempt++) {
    const cancel = await send(ctx, 'bookcancel', bookingRef);
    const accepted = isSuccess(cancel);
    const cancelWhy = accepted
      ? 'answered Success'
      : (cancel.reply.transportError?.message ??
        cancel.reply.unreadable ??
        refusalForm(cancel) ??
        `HTTP ${cancel.reply.exchange?.status}, no Success`);
    disposeExchange(cancel);
    const r = await read(ctx, bookingRef);
    if (r.state === 'cancelled') {
      ctx.ledger.recordCancelled(bookingRef, ctx.baseUrl, runId);
      return accepted
        ? { ok: true, kind: 'cancelled', message: 'cancelled (a read shows it cancelled)' }
        : { ok: true, kind: 'already-cancelled', message: 'already cancelled at the target' };
    }
    if (r.state === 'unknown') {
      if (intent) return unknownIntent(ctx, intent, r.why);
      if (accepted) {
        ctx.ledger.recordCancelled(bookingRef, ctx.baseUrl, runId);
        return { ok: true, kind: 'cancelled', message: `cancelled (a read no longer finds it: ${r.why})` };
      }
      ctx.ledger.recordGone(bookingRef, ctx.baseUrl, runId, `unknown to the target: ${r.why}`);
      return { ok: true, kind: 'unknown', message: `unknown to the target (${r.why}): nothing to cancel` };
    }
    if (accepted && r.state === 'unclear') {
      ctx.ledger.recordCancelled(bookingRef, ctx.baseUrl, runId, ON_REPLY_ALONE);
      return {
        ok: true,
        kind: 'cancelled',
        unverified: true,
        message: onReplyAlone(r.why),
      };
    }
    if (accepted && attempt < CANCEL_RETRIES) {
      await sleep(CANCEL_BACKOFF_MS * 2 ** attempt);
      continue;
    }
    const stillLive = r.state === 'active';
    const readSaid = stillLive ? 'still shows the booking' : `did not tell its state (${r.why})`;
    const message =
      accepted && stillLive
        ? `${STILL_LIVE}: ${attempt + 1} cancel(s) answered Success, and a read still shows the booking`
        : accepted
          ? `in doubt: ${attempt + 1} cancel(s) answered Success, and a read ${readSaid}`
          : `the cancel failed (${cancelWhy}) and a read ${readSaid}`;
    ctx.ledger.recordCleanupFailed(bookingRef, ctx.baseUrl, runId, message);
    return { ok: false, kind: accepted && stillLive ? 'still-live' : 'failed', message };
  }
}

/** Why a booking stays open whose cancels were answered Success while reads still show it live. */
export const STILL_LIVE = 'cancel acknowledged, still live';

/** The ledger's reason on a cancel believed without a read (the gateway's reads did not tell the state). */
export const ON_REPLY_ALONE = "on the cancel's reply alone";

const onReplyAlone = (why: string) => `cancelled on the cancel's reply alone: a read did not tell the booking's state (${why})`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An intent the target does not know. Its Commit may still be on its way (queued at a slow
 * gateway, a kill came before its reply): then it stays open in the ledger, to be checked again.
 * Only once it was answered, or its longest flight is over, is it written off as never booked.
 */
function unknownIntent(ctx: RunContext, openEntry: OpenEntry, why: string): CleanupOutcome {
  const landsBy = landsByOf(ctx, openEntry);
  const { runId } = ctx.config;
  if (!openEntry.answered && Date.now() < Date.parse(landsBy)) {
    const message = `in doubt: unknown to the target (${why}), but its Commit, sent at ${openEntry.at} and never answered by the gateway, could still land until ${landsBy}`;
    ctx.ledger.recordUnconfirmed(openEntry.bookingRef, ctx.baseUrl, runId, message, landsBy);
    return { ok: false, kind: 'open', message, landsBy };
  }
  const because = openEntry.answered ? 'the gateway answered its Commit' : `its Commit could land until ${landsBy} at the latest`;
  ctx.ledger.recordGone(openEntry.bookingRef, ctx.baseUrl, runId, `intent never booked: unknown to the target (${why}); ${because}`);
  return { ok: true, kind: 'unknown', message: `never booked: unknown to the target (${why}), and ${because}` };
}

/**
 * Settles one outstanding booking. Committed: cancel it (and read it back). An intent (a Commit
 * whose answer never came from the gateway: in doubt), or a booking its scenario cancelled and
 * the gateway answered so (`cancelAnswered`): read first; cancelled, closed; unknown, see
 * unknownIntent (a committed one: purged, nothing to cancel); live, cancel it like any booking. A
 * read that cannot tell leaves a scenario's answered cancel as the only evidence (`unverified`).
 */
export async function settleEntry(ctx: RunContext, entry: OpenEntry, opts: { cancelAnswered?: boolean } = {}): Promise<CleanupOutcome> {
  if (entry.event === 'committed' && !opts.cancelAnswered) return cancelBooking(ctx, entry.bookingRef);
  const r = await read(ctx, entry.bookingRef);
  if (r.state === 'unclear' && opts.cancelAnswered) {
    ctx.ledger.recordCancelled(entry.bookingRef, ctx.baseUrl, ctx.config.runId, ON_REPLY_ALONE);
    return { ok: true, kind: 'cancelled', unverified: true, message: onReplyAlone(r.why) };
  }
  if (r.state === 'unknown') {
    if (entry.event === 'intent') return unknownIntent(ctx, entry, r.why);
    ctx.ledger.recordGone(entry.bookingRef, ctx.baseUrl, ctx.config.runId, `unknown to the target: ${r.why}`);
    return { ok: true, kind: 'unknown', message: `unknown to the target (${r.why}): nothing to cancel` };
  }
  if (r.state === 'cancelled') {
    ctx.ledger.recordCancelled(entry.bookingRef, ctx.baseUrl, ctx.config.runId);
    return { ok: true, kind: 'already-cancelled', message: 'already cancelled at the target' };
  }
  return cancelBooking(ctx, entry.bookingRef, entry.event === 'intent' ? entry : undefined);
}

/** Kept from the run's deadline for the rest of its end (reports, scan) when waiting for a Commit to land. */
const END_MARGIN_MS = 60_000;

/**
 * Waits until the Commits in doubt among `entries` can no longer land, when that is at most one
 * Commit's flight of this run away (commitFlightMs) and before the run's deadline (less
 * END_MARGIN_MS): then the read that follows decides, in this run. A later one is left open in the
 * ledger for the next run.
 */
export async function waitForLanding(ctx: RunContext, entries: OpenEntry[]): Promise<void> {
  const remaining = Math.min(commitFlightMs(ctx.config), ctx.config.runDeadlineMs - process.uptime() * 1000 - END_MARGIN_MS);
  const waits = entries
    .filter((e) => e.event === 'intent' && !e.answered && e.landsBy)
    .map((e) => Date.parse(e.landsBy!) - Date.now() + 250)
    .filter((ms) => ms > 0 && ms <= remaining);
  if (waits.length === 0) return;
  const ms = Math.max(...waits);
  console.log(`Waiting ${Math.ceil(ms / 1000)} s for ${waits.length} Commit(s) in doubt to land or expire, then reading them back`);
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** This run's bookings whose cancel was believed on its reply alone (no read could tell their state). */
export function cancelledOnReplyAlone(ctx: RunContext): string[] {
  const { runId } = ctx.config;
  return ctx.ledger
    .read()
    .filter((e) => e.event === 'cancelled' && e.runId === runId && e.pid === process.pid && e.reason === ON_REPLY_ALONE)
    .map((e) => e.bookingRef);
}
