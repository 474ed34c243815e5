// The edge faults of npm run mutants (sandbox/src/faults/edges.ts: mistakes only some inputs
// show), counted apart from the catalogue's faults: npm run conformance is expected to pass each
// one (its fixed requests never carry those inputs), and an exploration (npm run explore -- --seed 1
// --budget 400) to find it, every requirement it declares failed. With --explore, each dialect
// (variant or combined) is explored too, and must be judged as fairly as its conformance run.
import type { FaultDef } from '../../sandbox/src/faults';
import type { MutantsOptions } from './args';
import type { CellPool } from './cell-pool';
import { judgeFault, judgeVariant } from './judge';
import type { DialectRun } from './matrix';
import { EXPLORE_ARGS, runExploration, runSuite, type RunOutcome } from './run-suite';

export interface EdgeResult {
  fault: FaultDef;
  /** npm run conformance failed none of its requirements (expected). */
  passedConformance: boolean;
  /** npm run explore failed every one of them (expected). */
  found: boolean;
  detail: string;
}

export interface ExploredDialect {
  dialect: DialectRun;
  fair: boolean;
  why: string;
}

const explore = `npm run explore -- ${EXPLORE_ARGS.join(' ')} (with --profile booking for a booking operation's fault)`;

const BOOKING_OPERATIONS = ['activitybook', 'bookread', 'bookcancel'];
/** The exploration's profile for a fault: booking when it changes a booking operation's replies. */
export const bookingProfile = (f: FaultDef): string[] =>
  f.operations.some((op) => BOOKING_OPERATIONS.includes(op)) ? ['--profile', 'booking'] : [];

/** One edge fault: its conformance run (the scenarios of what it breaks), then its exploration. */
export async function runEdge(faultDef: FaultDef, opts: MutantsOptions, root: string, warm: CellPool | undefined): Promise<EdgeResult> {
  const env = { OTA_SANDBOX_FAULTS: faultDef.name, ...(opts.under.length ? { OTA_SANDBOX_VARIANTS: opts.under.join(',') } : {}) };
  const tags = opts.full ? undefined : faultDef.breaks.map((r) => `@req:${r}`).join(' or ');
  const conformance = await runSuite(root, `edge-${faultDef.name}`, env, tags, warm);
  const caughtByConformance = judgeFault(faultDef, conformance);
  // a fault of the booking operations is explored with --profile booking (quotes, and a few Commits, each cancelled)
  const exploration = await runExploration(root, `explore-${faultDef.name}`, env, bookingProfile(faultDef));
  const byExploration = judgeFault(faultDef, exploration);
  const passedConformance = !!conformance.result && caughtByConformance.by.length === 0;
  const detail = [
    passedConformance
      ? 'conformance passes it'
      : `conformance failed ${caughtByConformance.by.join(', ') || `(exit ${conformance.exitCode})`}`,
    byExploration.caught
      ? `exploration found ${byExploration.by.join(', ')}`
      : `exploration MISSED ${byExploration.missed.join(', ')} (exit ${exploration.exitCode})`,
  ].join('; ');
  console.log(`edge fault ${faultDef.name}: ${detail} (${(conformance.seconds + exploration.seconds).toFixed(0)} s)`);
  return { fault: faultDef, passedConformance, found: byExploration.caught, detail };
}

/** --explore: one dialect explored with no fault must find nothing beyond its declared warnings. */
export async function exploreDialect(dialectRun: DialectRun, root: string): Promise<ExploredDialect> {
  const run = await runExploration(root, `explore-variant-${dialectRun.name}`, { OTA_SANDBOX_VARIANTS: dialectRun.switchedOn.join(',') });
  const j = dialectRun.exploration === 'nothing shown' ? judgeNothingShown(run) : judgeVariant(dialectRun, run);
  console.log(
    `explored variant ${dialectRun.name}: ${j.fair ? (dialectRun.exploration ? 'shown nothing, not determined' : 'nothing found') : 'FOUND'}: ${j.why} (${run.seconds.toFixed(0)} s)`,
  );
  return { dialect: dialectRun, fair: j.fair, why: j.why };
}

/**
 * A dialect that shows nothing but the test data's own request (exploration: 'nothing shown'): its
 * exploration must say so, NOT DETERMINED (exit 4) naming the operations shown nothing, never "no
 * finding", and fail no requirement (nothing available is no failure).
 */
function judgeNothingShown(run: RunOutcome): { fair: boolean; why: string } {
  const shownNothing = run.result?.exploration?.nothingShown ?? [];
  const failed = (run.result?.requirements ?? []).filter((q) => q.outcome === 'failed').map((q) => q.id);
  if (run.exitCode !== 4 || !shownNothing.length || failed.length)
    return {
      fair: false,
      why: `expected NOT DETERMINED (exit 4) with the operations shown nothing; got ${run.result?.verdict ?? 'no result'} (exit ${run.exitCode})${failed.length ? `, failed ${failed.join(', ')}` : ''}`,
    };
  return { fair: true, why: `NOT DETERMINED as it must be: nothing shown to ${shownNothing.join(', ')}` };
}

/** The closing lines of the edge faults and explored dialects; whether they passed. */
export function printEdges(edges: readonly EdgeResult[], explored: readonly ExploredDialect[]): boolean {
  if (edges.length) {
    console.log(`\nEdge faults (only some inputs show them; ${explore})`);
    for (const edge of edges) console.log(`  ${edge.fault.name.padEnd(32)} ${edge.fault.breaks.join(' ').padEnd(18)} ${edge.detail}`);
    console.log(`edge faults passed by conformance: ${edges.filter((e) => e.passedConformance).length}/${edges.length}`);
    console.log(`edge faults found by exploration: ${edges.filter((e) => e.found).length}/${edges.length}`);
  }
  if (explored.length)
    console.log(
      `dialects explored with nothing found (or, shown nothing, not determined): ${explored.filter((d) => d.fair).length}/${explored.length}`,
    );
  // conformance catching one (29 February, on the one day in four years its stay starts then) is said, not failed
  return edges.every((e) => e.found) && explored.every((d) => d.fair);
}
