// Leaving no booking behind, over runs: a run first settles what dead runs left in the ledger for
// its target (cancel-booking.ts: cancel, or nothing to cancel), names what the ledger holds for
// other targets (compared by the normal form of their URL, never touched), says when it cannot see
// its past (a booking run on a real gateway with a new ledger), sweeps the references a user lists,
// and at its end checks again the intents it left open and its own unanswered Commits. Before that,
// each Commit is written to the ledger before it is sent, and marked answered when its reply came.
import { normalTarget, type OpenEntry } from './ledger-entries';
import type { ConformanceClass } from '../specification/requirements';
import { commitInDoubt } from '../transport/gateway-answer';
import type { Exchange } from '../contracts/rule';
import { isAbsolute, relative } from 'node:path';
import { openedConfig, type RunContext } from '../run/run-context';
import { PROJECT_ROOT } from '../run/config';
import type { BookingsReport } from '../reporting/result';
import { cancelledOnReplyAlone, commitFlightMs, settleEntry, STILL_LIVE, waitForLanding, type CleanupOutcome } from './cancel-booking';
import { markLedgerRun } from './ledger-marks';
import { describeSweep, sweepReferences, type SweepList, type SweepReport } from './sweep';

export { cancelBooking, commitFlightMs, type CleanupOutcome } from './cancel-booking';

/**
 * The intents a start-up clean-up left open, checked again once their Commit can no longer land
 * (a timer per intent, a second after its bound), while the run still goes on. settleAtEnd stops
 * them and checks what is left.
 */
export class Rechecks {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  /** What the rechecks settled meanwhile. */
  readonly settled: Array<{ ref: string; outcome: CleanupOutcome }> = [];
  private stopped = false;

  constructor(private readonly ctx: RunContext) {}

  schedule(ref: string, landsBy: string): void {
    const delay = Math.max(0, Date.parse(landsBy) - Date.now()) + 1000;
    if (this.stopped || delay > this.ctx.config.runDeadlineMs) return; // the run ends before: settleAtEnd, or the next run
    clearTimeout(this.timers.get(ref));
    const timer = setTimeout(() => {
      this.timers.delete(ref);
      const p = this.recheck(ref).finally(() => this.running.delete(p));
      this.running.add(p);
    }, delay);
    timer.unref();
    this.timers.set(ref, timer);
  }

  private async recheck(ref: string): Promise<void> {
    // the run ended meanwhile (its context closed, or a next run of this process opened its own)
    if (this.stopped || openedConfig() !== this.ctx.config) return;
    const entry = this.ctx.ledger.outstanding(this.ctx.baseUrl).find((e) => e.bookingRef === ref);
    if (!entry) return; // settled meanwhile
    try {
      const outcome = await settleEntry(this.ctx, entry);
      if (outcome.kind === 'open') this.schedule(ref, outcome.landsBy!);
      else this.settled.push({ ref, outcome });
    } catch (e) {
      this.settled.push({ ref, outcome: { ok: false, kind: 'failed', message: `the recheck failed: ${(e as Error).message}` } });
    }
  }

  /** No further recheck; waits for one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.running]);
  }
}

export interface CleanupReport {
  /** Cancelled by this clean-up. */
  cancelled: string[];
  /** Cancelled ones recorded under another spelling of the same target (normal form equal). */
  spelledOtherwise: Array<{ ref: string; target: string }>;
  /** Nothing to do: already cancelled, or unknown to the target (never booked). */
  gone: Array<{ ref: string; message: string }>;
  /** Intents left open: unknown to the target while their Commit could still land (checked again later). */
  open: Array<{ ref: string; message: string; landsBy: string }>;
  failed: Array<{ ref: string; message: string }>;
  /** Outstanding entries left alone because the run that owns them is still alive. */
  ownedByLiveRuns: number;
  /** The live runs that own them: run id, process and host. */
  liveOwners: string[];
  /** Outstanding bookings of other targets (normal form), by target: named, never touched. */
  elsewhere: Array<{ target: string; refs: string[] }>;
  /** Set when this run cannot see its past: a booking run whose ledger is new or never saw the target. */
  pastUnseen?: string;
  /** Set when the ledger is older than its target's bookings (rolled back, restored) or foreign: one line. */
  ledgerBehind?: string;
  /** This booking run's number on the target in the ledger, and the ledger's id. */
  ledgerRun?: { seq: number; ledgerId: string };
  /** What --sweep-references did. */
  swept?: SweepReport;
  /** Lines of the ledger that were skipped (truncated, foreign, hand-edited), file and line named. */
  ledgerWarnings: string[];
  /** The rechecks of the open intents, later in the run (settleAtEnd ends them). */
  rechecks: Rechecks;
}

export interface CleanupOptions {
  /** The run's claims: a run that claims booking or partial cancellation may book. */
  claims?: readonly ConformanceClass[];
  /** --sweep-references: references a user listed, from a lost ledger. */
  sweep?: SweepList;
}

/** A clean-up that did nothing (a dry run: nothing is sent). */
export function nothingSettled(ctx: RunContext): CleanupReport {
  return {
    cancelled: [],
    spelledOtherwise: [],
    gone: [],
    open: [],
    failed: [],
    ownedByLiveRuns: 0,
    liveOwners: [],
    elsewhere: [],
    ledgerWarnings: [],
    rechecks: new Rechecks(ctx),
  };
}

/**
 * Settles what earlier runs that are no longer alive left in the ledger for this target (killed
 * runs; a run still in progress on the same ledger is left alone), names what the ledger holds for
 * other targets, says when the run cannot see its past, and sweeps the references a user listed.
 * Intents left open are checked again once their Commit can no longer land (`rechecks`).
 */
export async function cleanUpLedger(ctx: RunContext, opts: CleanupOptions = {}): Promise<CleanupReport> {
  const report = nothingSettled(ctx);
  const { ledger } = ctx;
  // a ledger line that is truncated, foreign or hand-edited is named once, and skipped
  ledger.read();
  report.ledgerWarnings = [...ledger.lastWarnings];
  const mayBook = !!opts.claims?.some((c) => c === 'booking' || c === 'partial-cancellation');
  if (mayBook && !ctx.embedded && !ledger.knowsTarget(ctx.baseUrl)) report.pastUnseen = pastUnseen(ctx);
  if (mayBook && !ctx.embedded) {
    const { behind, ...run } = markLedgerRun(ctx, ledgerShown(ctx));
    report.ledgerRun = run;
    if (behind && !report.pastUnseen) report.ledgerBehind = behind;
  }
  const entries = ledger.orphaned(ctx.baseUrl);
  const live = ledger.outstanding(ctx.baseUrl).filter((e) => !entries.some((o) => o.bookingRef === e.bookingRef));
  report.ownedByLiveRuns = live.length;
  report.liveOwners = [...new Set(live.map((e) => `run ${e.runId}, pid ${e.runPid ?? e.pid} on ${e.host ?? 'an unknown host'}`))];
  const written = ctx.baseUrl.replace(/\/+$/, '');
  for (const entry of entries) {
    const outcome = await settleEntry(ctx, entry);
    if (outcome.kind === 'cancelled') {
      report.cancelled.push(entry.bookingRef);
      if (entry.target.replace(/\/+$/, '') !== written) report.spelledOtherwise.push({ ref: entry.bookingRef, target: entry.target });
    } else if (outcome.kind === 'open') {
      report.open.push({ ref: entry.bookingRef, message: outcome.message, landsBy: outcome.landsBy! });
      report.rechecks.schedule(entry.bookingRef, outcome.landsBy!);
    } else if (outcome.ok) report.gone.push({ ref: entry.bookingRef, message: outcome.message });
    else report.failed.push({ ref: entry.bookingRef, message: outcome.message });
  }
  report.elsewhere = elsewhere(ledger.outstandingElsewhere(ctx.baseUrl));
  if (opts.sweep) report.swept = await sweepReferences(ctx, opts.sweep);
  return report;
}

/** Other targets' open bookings, by normal form (an embedded sandbox's stopped with its run: not listed). */
function elsewhere(entries: OpenEntry[]): CleanupReport['elsewhere'] {
  const by = new Map<string, { target: string; refs: string[] }>();
  for (const e of entries.filter((x) => !x.embedded)) {
    const key = normalTarget(e.target);
    const t = by.get(key) ?? { target: e.target, refs: [] };
    t.refs.push(e.bookingRef);
    by.set(key, t);
  }
  return [...by.values()];
}

/** The ledger file as messages and summary.json show it: relative to the project when inside it. */
function ledgerShown(ctx: RunContext): string {
  const rel = relative(PROJECT_ROOT, ctx.config.ledgerFile);
  return rel.startsWith('..') || isAbsolute(rel) ? ctx.config.ledgerFile : rel;
}

/** One line: the run books on a real gateway with a ledger that holds nothing of it. */
function pastUnseen(ctx: RunContext): string {
  const file = ledgerShown(ctx);
  const target = ctx.redactor.scrub(ctx.baseUrl);
  const state = ctx.ledger.createdByThisProcess() ? `did not exist and was created by this run` : `holds no record of ${target}`;
  return (
    `The booking ledger ${file} ${state}: bookings an earlier run may have left on ${target} cannot be seen from here. ` +
    `If a ledger was lost, list their references (OTAB…, from the gateway's records) in a file and run once with --sweep-references FILE`
  );
}

const list = (refs: string[], max = 5) =>
  refs.length > max ? `${refs.slice(0, max).join(', ')} and ${refs.length - max} more` : refs.join(', ');

/** Console lines for a clean-up (empty when there was nothing to do). Refs only, never replies. */
export function describeCleanup(r: CleanupReport, ledgerFile: string): string[] {
  const lines: string[] = [];
  if (r.pastUnseen) lines.push(r.pastUnseen);
  if (r.ledgerBehind) lines.push(r.ledgerBehind);
  if (r.cancelled.length) {
    const spelt = (ref: string) => r.spelledOtherwise.find((s) => s.ref === ref);
    const named = r.cancelled.map((ref) => (spelt(ref) ? `${ref} (recorded for ${spelt(ref)!.target}, the same target)` : ref));
    lines.push(`Cancelled ${r.cancelled.length} booking(s) an earlier run left behind: ${named.join(', ')}`);
  }
  if (r.gone.length)
    lines.push(
      `${r.gone.length} reference(s) an earlier run left in the ledger needed no cancel (already cancelled, or never booked): ${r.gone.map((g) => `${g.ref} (${g.message})`).join('; ')}`,
    );
  if (r.open.length)
    lines.push(
      `${r.open.length} booking intent(s) an earlier run left are unknown to the target, but their Commit could still land: left open in the ledger, checked again at the end of this run and when their flight is over, else by the next run: ${r.open.map((o) => `${o.ref} (until ${o.landsBy})`).join(', ')}`,
    );
  if (r.ownedByLiveRuns)
    lines.push(`${r.ownedByLiveRuns} booking(s) in the ledger belong to a run still in progress: left to it (${r.liveOwners.join('; ')})`);
  if (r.elsewhere.length) {
    const n = r.elsewhere.reduce((k, t) => k + t.refs.length, 0);
    lines.push(
      `${n} open booking(s) in the ledger are of another target, left alone: ${r.elsewhere.map((t) => `${t.refs.length} of ${t.target} (${list(t.refs)})`).join('; ')}`,
    );
  }
  if (r.swept) lines.push(...describeSweep(r.swept));
  if (r.failed.length)
    lines.push(
      `Could not cancel ${r.failed.length} booking(s) left by an earlier run (kept in ${ledgerFile}; the next run retries):\n${r.failed.map((f) => `  ${f.ref}: ${f.message}`).join('\n')}`,
    );
  return lines;
}

export interface BookingsAtEnd {
  /** For the run's notes (console and summary.json). */
  notes: string[];
  /** summary.json's `bookings`. */
  report: BookingsReport;
}

/** A booking whose cancels were answered Success while reads still show it live. */
const stillLive = (f: { message: string }) => f.message.startsWith(STILL_LIVE);

/**
 * What the run leaves open in the ledger: its Commits in doubt, its bookings whose cancel did not
 * hold, and an earlier run's booking the start-up saw acknowledged and still live.
 */
function leftOpenOf(
  ctx: RunContext,
  start: CleanupReport,
  outcomes: Array<{ ref: string; outcome: CleanupOutcome }>,
): BookingsReport['leftOpen'] {
  const scrub = (s: string) => ctx.redactor.scrub(s);
  return [
    ...start.failed.filter(stillLive).map((f) => ({ ref: f.ref, target: scrub(ctx.baseUrl), why: scrub(f.message) })),
    ...outcomes
      .filter((o) => o.outcome.kind === 'open' || o.outcome.kind === 'still-live')
      .map((o) => ({
        ref: o.ref,
        target: scrub(ctx.baseUrl),
        why: scrub(o.outcome.message),
        ...(o.outcome.landsBy ? { landsBy: o.outcome.landsBy } : {}),
      })),
  ];
}

/**
 * At the end of the run, before its target is closed: stops the rechecks, then checks again the
 * intents the start-up left open and this run's own Commits that were never confirmed. One the
 * target now knows is cancelled; one it does not know is written off only when its Commit can no
 * longer land, else it stays open in the ledger for the next run. A run against its embedded
 * sandbox writes off what it leaves: the sandbox, and its bookings, stop with the run.
 */
export async function settleAtEnd(ctx: RunContext, start: CleanupReport): Promise<BookingsAtEnd> {
  await start.rechecks.stop();
  const { ledger } = ctx;
  const { runId } = ctx.config;
  const ledgerFile = ledgerShown(ctx);
  const mine = (e: OpenEntry) => e.runId === runId && e.runPid === process.pid;
  const outcomes = start.rechecks.settled.slice();
  if (ctx.embedded) {
    // the runner's sandbox, and each parallel worker's, each its own target
    for (const e of ledger.allOutstanding().filter(mine))
      ledger.recordGone(e.bookingRef, e.target, runId, 'the embedded sandbox stopped with the run that made it');
  }
  const pending = new Set(start.open.map((o) => o.ref));
  const toSettle = () => ledger.outstanding(ctx.baseUrl).filter((x) => pending.has(x.bookingRef) || mine(x));
  // a Commit in doubt that can land before the run's deadline is waited for: then a read decides
  await waitForLanding(ctx, toSettle());
  // this run's own: Commits in doubt, and bookings whose cancel did not hold (tried again once)
  for (const e of toSettle()) outcomes.push({ ref: e.bookingRef, outcome: await settleEntry(ctx, e) });

  const scrub = (s: string) => ctx.redactor.scrub(s);
  const leftOpen = leftOpenOf(ctx, start, outcomes);
  const cancelledNow = outcomes.filter((o) => o.outcome.kind === 'cancelled').map((o) => o.ref);
  const failedNow = outcomes.filter((o) => o.outcome.kind === 'failed');
  const unverified = cancelledOnReplyAlone(ctx);
  const notes = [
    ...leftOpen.map((o) => `booking ${o.ref} left open in the ledger ${ledgerFile}: ${o.why}; the next run checks it again`),
    ...(cancelledNow.length
      ? [
          `cancelled ${cancelledNow.length} booking(s) whose Commit had no answer from the gateway, landed late, or whose cancel did not hold, when checked again: ${cancelledNow.join(', ')}`,
        ]
      : []),
    ...(unverified.length
      ? [
          `the clean-up of ${unverified.length} booking(s) rests on the cancel's reply alone: the gateway's reads did not tell their state (${list(unverified)})`,
        ]
      : []),
    ...failedNow.map(
      (f) =>
        `booking ${f.ref} could not be cancelled when checked again (kept in the ledger; the next run retries): ${scrub(f.outcome.message)}`,
    ),
    ...(start.swept?.failed ?? []).map(
      (f) => `swept booking ${f.ref} could not be cancelled (kept in the ledger; the next run retries): ${scrub(f.message)}`,
    ),
    ...(start.pastUnseen ? [scrub(start.pastUnseen)] : []),
    ...(start.ledgerBehind ? [scrub(start.ledgerBehind)] : []),
    ...start.ledgerWarnings.map(scrub),
  ];
  return {
    notes,
    report: {
      ledger: ledgerFile,
      leftOpen,
      cancelled: [...start.cancelled, ...(start.swept?.cancelled ?? []), ...cancelledNow],
      settled: [
        ...start.gone,
        ...(start.swept?.notNeeded ?? []),
        ...outcomes.filter((o) => o.outcome.ok && o.outcome.kind !== 'cancelled').map((o) => ({ ref: o.ref, message: o.outcome.message })),
      ].map((g) => ({ ref: g.ref, why: scrub(g.message) })),
      failed: [
        ...start.failed.filter((f) => !stillLive(f)),
        ...(start.swept?.failed ?? []),
        ...failedNow.map((f) => ({ ref: f.ref, message: f.outcome.message })),
      ].map((f) => ({ ref: f.ref, why: scrub(f.message) })),
      otherTargets: start.elsewhere.map((t) => ({ target: scrub(t.target), refs: t.refs })),
      leftToLiveRuns: start.ownedByLiveRuns,
      ...(start.pastUnseen ? { pastUnseen: scrub(start.pastUnseen) } : {}),
      ...(start.ledgerBehind ? { ledgerBehind: scrub(start.ledgerBehind) } : {}),
      ...(start.ledgerRun ? { ledgerRun: start.ledgerRun } : {}),
      ...(start.swept ? { swept: start.swept.file } : {}),
      ...(unverified.length ? { cancelledOnReplyAlone: unverified } : {}),
      skippedLedgerLines: start.ledgerWarnings.map(scrub),
    },
  };
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
export function recordCommitReply(ctx: RunContext, bookingRef: string, x: Exchange): boolean {
  // a Commit sent again (a retry) after an attempt no gateway answered may still land from that attempt
  if (commitInDoubt(x) || (x.reply.exchange?.attempts.length ?? 1) > 1) return false;
  ctx.ledger.recordAnswered(bookingRef, ctx.baseUrl, ctx.config.runId);
  return true;
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
