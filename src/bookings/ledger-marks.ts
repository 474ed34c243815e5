// A ledger that knows when it is older than its target's bookings. Each booking run on a real
// gateway is numbered per target in the ledger (BookingLedger.recordRun: its number and the
// ledger's id), and the number is kept beside the reports too, in <reports>/history/ledger-marks.json
// (kept between runs like the Allure history) and in summary.json. A ledger whose last run on the
// target is older than the marks say (a stale CI cache restored, a copy rolled back), or that is
// another ledger than the one the marks name, is named, with the sweep to run.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { normalTarget } from './ledger-entries';
import type { RunContext } from '../run/run-context';

/** What the reports remember of the last booking run on a target. */
export interface LedgerMark {
  seq: number;
  ledgerId: string;
  runId: string;
  at: string;
}

export const MARKS_FILE = join('history', 'ledger-marks.json');

function readMarks(file: string): Record<string, LedgerMark> {
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return m && typeof m === 'object' && !Array.isArray(m) ? (m as Record<string, LedgerMark>) : {};
  } catch {
    return {}; // none yet, or unreadable: nothing to compare with
  }
}

/**
 * Numbers this booking run in the ledger and in the marks, and says (one line) when the ledger is
 * older than the marks, or another ledger than theirs. `shownLedger`: the ledger as messages show it.
 */
export function markLedgerRun(ctx: RunContext, shownLedger: string): { seq: number; ledgerId: string; behind?: string } {
  const file = join(ctx.config.reportsDir, MARKS_FILE);
  const marks = readMarks(file);
  const key = normalTarget(ctx.baseUrl);
  const seen = marks[key];
  const last = ctx.ledger.lastRun(ctx.baseUrl);
  const target = ctx.redactor.scrub(ctx.baseUrl);
  const sweep = `bookings of the runs it lacks cannot be seen from here: list their references (OTAB…, from the gateway's records) in a file and run once with --sweep-references FILE`;
  let behind: string | undefined;
  if (seen && typeof seen.seq === 'number') {
    if (last.ledgerId && seen.ledgerId && last.ledgerId !== seen.ledgerId)
      behind = `The booking ledger ${shownLedger} is not the one the earlier runs on ${target} used (its id ${last.ledgerId}, the reports' ${seen.ledgerId}: a foreign ledger): ${sweep}`;
    else if (seen.seq > last.seq)
      behind =
        `The booking ledger ${shownLedger} is older than its target's bookings: the reports saw booking run ${seen.seq} on ${target} (run ${seen.runId}, ${seen.at}), ` +
        `the ledger ${last.seq ? `knows only up to run ${last.seq}` : 'knows none of them'} (a rolled-back or restored copy): ${sweep}`;
  }
  const run = ctx.ledger.recordRun(ctx.baseUrl, ctx.config.runId, seen?.seq ?? 0);
  marks[key] = { seq: run.seq, ledgerId: run.ledgerId, runId: ctx.config.runId, at: new Date().toISOString() };
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, `${JSON.stringify(marks, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  } catch {
    // the reports folder was checked writable; a mark that cannot be kept only weakens the next check
  }
  return { ...run, ...(behind ? { behind } : {}) };
}
