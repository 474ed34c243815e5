// The end of a run, before its target is closed: what the start-up left open and the run's own
// Commits that were never confirmed are checked again, and the run's notes and summary.json's
// `bookings` say what was cancelled, settled, failed or left open.
import type { OpenEntry } from './ledger-entries';
import type { RunContext } from '../run/run-context';
import type { BookingsReport } from '../reporting/result';
import { cancelledOnReplyAlone, settleEntry, STILL_LIVE, waitForLanding, type CleanupOutcome } from './cancel-booking';
import type { CleanupReport } from './cleanup';
import { ledgerShown, refsShown } from './ledger-shown';

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
    for (const openEntry of ledger.allOutstanding().filter(mine))
      ledger.recordGone(openEntry.bookingRef, openEntry.target, runId, 'the embedded sandbox stopped with the run that made it');
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
          `the clean-up of ${unverified.length} booking(s) rests on the cancel's reply alone: the gateway's reads did not tell their state (${refsShown(unverified)})`,
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
