// --sweep-references FILE: cancelling bookings a lost ledger no longer knows. The user lists the
// references from the gateway's own records, one a line; the run cancels them on its target after
// the start-up clean-up. Only references of the suite's own form are accepted (isSuiteBookingRef):
// a file naming any other is refused before the target is contacted, so the suite never cancels a
// booking it did not make. A reference the ledger holds open is left to its own settlement.
import { readFileSync, statSync } from 'node:fs';
import { ConfigError } from '../core/errors';
import { fileProblem } from './ledger';
import { isSuiteBookingRef } from '../run/scenario-values';
import { cancelBooking, commitFlightMs, read } from './cancel-booking';
import type { RunContext } from '../run/run-context';

export interface SweepList {
  /** The file as the user named it. */
  file: string;
  refs: string[];
}

export interface SweepReport {
  file: string;
  cancelled: string[];
  /** Already cancelled, or unknown to the target: nothing to cancel. */
  notNeeded: Array<{ ref: string; message: string }>;
  /** Open in the ledger (a run in progress, or a Commit that could still land): left to its settlement. */
  skipped: Array<{ ref: string; message: string }>;
  /**
   * Unknown to the target now, while a Commit of it may still be in flight (nothing says when it
   * was sent): kept in the ledger as in doubt until landsBy, read again at the run's end (after
   * waiting for landsBy when the deadline allows) and by the next run. Never written off now.
   */
  notYet: Array<{ ref: string; message: string; landsBy: string }>;
  failed: Array<{ ref: string; message: string }>;
}

/** More than this is not a list of references. */
const MAX_BYTES = 1024 * 1024;
const OPTION = '--sweep-references';

/**
 * Reads the list: one reference a line, blank lines and lines starting with # ignored. Missing,
 * unreadable, empty, or holding anything but the suite's own booking references: a ConfigError of
 * one line (exit 2), naming the file and, for a reference, its line.
 */
export function readSweepList(file: string): SweepList {
  const where = `${OPTION} ${file}`;
  let text: string;
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw new ConfigError(`${where} is a folder; it must name a file listing booking references, one a line`);
    if (!st.isFile()) throw new ConfigError(`${where} is not a regular file`);
    if (st.size > MAX_BYTES) throw new ConfigError(`${where} is larger than 1 MiB: not a list of booking references`);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ConfigError(`${where}: no such file`);
    throw new ConfigError(`${where} cannot be read: ${fileProblem(error)}`);
  }
  const refs: string[] = [];
  const foreign: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (!isSuiteBookingRef(line)) foreign.push(`line ${index + 1}: ${JSON.stringify(line.slice(0, 60))}`);
    else if (!refs.includes(line)) refs.push(line);
  });
  if (foreign.length > 0)
    throw new ConfigError(
      `${where}, ${foreign[0]} is not a booking reference of this suite (OTAB, the run id, a 6-character nonce, a sequence; at most 32 characters)` +
        `${foreign.length > 1 ? ` (and ${foreign.length - 1} more line(s))` : ''}: refused, the suite cancels only bookings it made`,
    );
  if (refs.length === 0) throw new ConfigError(`${where} lists no booking reference (one a line; a line starting with # is a comment)`);
  return { file, refs };
}

/**
 * Cancels each listed reference the target shows (recorded in the ledger first, so a cancel that
 * fails is retried by the next run); one the target does not know or shows cancelled needs nothing.
 */
export async function sweepReferences(ctx: RunContext, list: SweepList): Promise<SweepReport> {
  const report: SweepReport = { file: list.file, cancelled: [], notNeeded: [], skipped: [], notYet: [], failed: [] };
  const open = ctx.ledger.outstanding(ctx.baseUrl);
  const { runId } = ctx.config;
  for (const ref of list.refs) {
    const known = open.find((e) => e.bookingRef === ref);
    if (known) {
      report.skipped.push({ ref, message: `open in the ledger (run ${known.runId}): settled as its own entry` });
      continue;
    }
    const r = await read(ctx, ref);
    if (r.state === 'unknown') {
      // a Commit of it may still be on its way: in doubt, never written off on this read alone
      const flightMs = commitFlightMs(ctx.config);
      ctx.ledger.recordIntent({ bookingRef: ref, itemRefs: [], target: ctx.baseUrl, runId, scenario: `${OPTION} ${list.file}`, flightMs });
      const landsBy = new Date(Date.now() + flightMs).toISOString();
      report.notYet.push({
        ref,
        message: `unknown to the target now (${r.why}); a Commit of it could still land until ${landsBy}`,
        landsBy,
      });
    } else if (r.state === 'cancelled') report.notNeeded.push({ ref, message: 'already cancelled at the target' });
    else {
      ctx.ledger.recordCommitted({ bookingRef: ref, itemRefs: [], target: ctx.baseUrl, runId, scenario: `${OPTION} ${list.file}` });
      const outcome = await cancelBooking(ctx, ref);
      if (outcome.kind === 'cancelled') report.cancelled.push(ref);
      else if (outcome.ok) report.notNeeded.push({ ref, message: outcome.message });
      else report.failed.push({ ref, message: outcome.message });
    }
  }
  return report;
}

/** One line for the sweep, and one per reference that could not be cancelled. */
export function describeSweep(sweepReport: SweepReport): string[] {
  const n =
    sweepReport.cancelled.length +
    sweepReport.notNeeded.length +
    sweepReport.skipped.length +
    sweepReport.notYet.length +
    sweepReport.failed.length;
  const parts = [
    `cancelled ${sweepReport.cancelled.length}${sweepReport.cancelled.length ? ` (${sweepReport.cancelled.join(', ')})` : ''}`,
    sweepReport.notNeeded.length
      ? `needed no cancel ${sweepReport.notNeeded.length} (${sweepReport.notNeeded.map((x) => `${x.ref}: ${x.message}`).join('; ')})`
      : '',
    sweepReport.skipped.length
      ? `left to the ledger ${sweepReport.skipped.length} (${sweepReport.skipped.map((x) => `${x.ref}: ${x.message}`).join('; ')})`
      : '',
    sweepReport.notYet.length
      ? `could not settle yet ${sweepReport.notYet.length}, kept in the ledger as in doubt and read again at the end of this run, else by the next run (${sweepReport.notYet.map((x) => `${x.ref}: ${x.message}`).join('; ')})`
      : '',
    sweepReport.failed.length ? `could not cancel ${sweepReport.failed.length} (kept in the ledger; the next run retries)` : '',
  ].filter(Boolean);
  return [
    `Swept ${n} reference(s) listed in ${sweepReport.file}: ${parts.join('; ')}`,
    ...sweepReport.failed.map((f) => `  ${f.ref}: ${f.message}`),
  ];
}
