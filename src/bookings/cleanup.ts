// Leaving no booking behind, over runs: a run first settles what dead runs left in the ledger for
// its target (cancel-booking.ts: cancel, or nothing to cancel), names what the ledger holds for
// other targets (compared by the normal form of their URL, never touched), says when it cannot see
// its past (a booking run on a real gateway with a new ledger), and sweeps the references a user
// lists. What it leaves open is checked again later in the run (rechecks.ts) and at its end
// (settle-at-end.ts); each Commit is written to the ledger before it is sent (scenario-bookings.ts).
import { normalTarget, type OpenEntry } from './ledger-entries';
import type { ConformanceClass } from '../specification/requirements';
import type { RunContext } from '../run/run-context';
import { settleEntry } from './cancel-booking';
import { markLedgerRun } from './ledger-marks';
import { ledgerShown, refsShown } from './ledger-shown';
import { Rechecks } from './rechecks';
import { describeSweep, sweepReferences, type SweepList, type SweepReport } from './sweep';

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
  for (const entry of entries.filter((x) => !x.embedded)) {
    const key = normalTarget(entry.target);
    const t = by.get(key) ?? { target: entry.target, refs: [] };
    t.refs.push(entry.bookingRef);
    by.set(key, t);
  }
  return [...by.values()];
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

/** Console lines for a clean-up (empty when there was nothing to do). Refs only, never replies. */
export function describeCleanup(cleanupReport: CleanupReport, ledgerFile: string): string[] {
  const lines: string[] = [];
  if (cleanupReport.pastUnseen) lines.push(cleanupReport.pastUnseen);
  if (cleanupReport.ledgerBehind) lines.push(cleanupReport.ledgerBehind);
  if (cleanupReport.cancelled.length) {
    const spelt = (ref: string) => cleanupReport.spelledOtherwise.find((s) => s.ref === ref);
    const named = cleanupReport.cancelled.map((ref) => (spelt(ref) ? `${ref} (recorded for ${spelt(ref)!.target}, the same target)` : ref));
    lines.push(`Cancelled ${cleanupReport.cancelled.length} booking(s) an earlier run left behind: ${named.join(', ')}`);
  }
  if (cleanupReport.gone.length)
    lines.push(
      `${cleanupReport.gone.length} reference(s) an earlier run left in the ledger needed no cancel (already cancelled, or never booked): ${cleanupReport.gone.map((g) => `${g.ref} (${g.message})`).join('; ')}`,
    );
  if (cleanupReport.open.length)
    lines.push(
      `${cleanupReport.open.length} booking intent(s) an earlier run left are unknown to the target, but their Commit could still land: left open in the ledger, checked again at the end of this run and when their flight is over, else by the next run: ${cleanupReport.open.map((o) => `${o.ref} (until ${o.landsBy})`).join(', ')}`,
    );
  if (cleanupReport.ownedByLiveRuns)
    lines.push(
      `${cleanupReport.ownedByLiveRuns} booking(s) in the ledger belong to a run still in progress: left to it (${cleanupReport.liveOwners.join('; ')})`,
    );
  if (cleanupReport.elsewhere.length) {
    const n = cleanupReport.elsewhere.reduce((k, t) => k + t.refs.length, 0);
    lines.push(
      `${n} open booking(s) in the ledger are of another target, left alone: ${cleanupReport.elsewhere.map((t) => `${t.refs.length} of ${t.target} (${refsShown(t.refs)})`).join('; ')}`,
    );
  }
  if (cleanupReport.swept) lines.push(...describeSweep(cleanupReport.swept));
  if (cleanupReport.failed.length)
    lines.push(
      `Could not cancel ${cleanupReport.failed.length} booking(s) left by an earlier run (kept in ${ledgerFile}; the next run retries):\n${cleanupReport.failed.map((f) => `  ${f.ref}: ${f.message}`).join('\n')}`,
    );
  return lines;
}
