// `npm run explore`: the input space of the read-only operations (with --profile booking, of
// booking, read and cancel too) explored with generated valid requests, judged by the same rules
// under the same requirement IDs as a conformance run, each failure shrunk to the smallest request
// that still fails. The run's rules hold: arguments checked before any contact, the run guard
// (masked console, deadline, ledger), the target's preflight and its clean-up of earlier bookings,
// the breaker, recording and replay, the reports and their secret scan. docs/explore.md.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, SuiteFault } from '../../core/errors';
import { formatConsoleSummary } from '../../reporting/console-summary';
import type { ExplorationSummary } from '../../reporting/result';
import { EXIT } from '../../reporting/verdict';
import { writeReports } from '../../reporting/write';
import { startRunGuard } from '../../run/run-guard';
import { cassetteReplyProfile, cassetteTestData, clearCassette } from '../../cassette/cassette';
import { loadConfig } from '../../run/config';
import { checkRunFolders, misspeltVariables } from '../../run/input-checks';
import { preflight } from '../../run/preflight';
import { openRunContext, type RunContext } from '../../run/run-context';
import { clearEarlierReports, RunCassette, scanOutputs } from '../../run/run-outputs';
import { summariseParts } from './coverage';
import { Exploration, type ExplorationOutcome } from './exploration';
import type { CleanupReport } from '../../bookings/cleanup';
import { settleAtEnd } from '../../bookings/settle-at-end';
import type { ConformanceResult } from '../../reporting/result';
import type { ExploredOperation } from './space';
import { EXPLORE_HELP, parseExploreArguments, type ExploreOptions } from './options';
import { corroborating, explorationResult } from './result';
import { preloadSubdivisions } from '../../contracts/subdivisions';

/** What a replay repeats of the recorded exploration: its day, seed, operations and the requests it sent. */
interface Recorded {
  today: string;
  seed: string;
  requests: number;
  operations: string[];
  /** --profile booking: its Commits (a replay repeats them from the cassette). */
  bookings?: number;
}

/** Record and replay reach the run context through the environment, as a conformance run's do. */
function configureEnvironment(opts: ExploreOptions): Recorded | undefined {
  for (const line of misspeltVariables(process.env)) console.warn(line);
  if (opts.strict) process.env.OTA_STRICT = 'true';
  if (opts.record) process.env.OTA_RECORD_DIR = resolve(opts.record);
  if (!opts.replay) return undefined;
  const dir = resolve(opts.replay);
  process.env.OTA_REPLAY_DIR = dir;
  process.env.OTA_TEST_DATA = cassetteTestData(dir);
  const profile = cassetteReplyProfile(dir);
  if (profile && !process.env.OTA_REPLY_PROFILE?.trim()) process.env.OTA_REPLY_PROFILE = profile;
  return recordedExploration(dir);
}

/**
 * The recorded exploration (its summary.json, kept in the cassette): a replay draws from the same
 * day with the same seed, over the same operations, and sends as many requests as it did (a
 * night stopped by its --time is replayed to the same request); a conformance cassette has none.
 */
function recordedExploration(dir: string): Recorded {
  const file = join(dir, 'summary.json');
  let explorationSummary: Partial<ExplorationSummary> | undefined;
  try {
    explorationSummary = (JSON.parse(readFileSync(file, 'utf8')) as { exploration?: ExplorationSummary }).exploration;
  } catch {
    explorationSummary = undefined;
  }
  if (!explorationSummary?.today || !explorationSummary.seed || !explorationSummary.requests || !explorationSummary.operations)
    throw new ConfigError(
      `cassette ${dir}: not recorded by npm run explore (its summary.json has no exploration); replay it with npm run conformance`,
    );
  return {
    today: explorationSummary.today,
    seed: explorationSummary.seed,
    requests: explorationSummary.requests,
    operations: explorationSummary.operations,
    bookings: explorationSummary.bookings,
  };
}

/** What the exploration covered, for the console: requests per operation and the parts of the space. */
export function coverageLines(out: ExplorationOutcome): string[] {
  const lines = [
    `Explored ${out.requests} requests in ${out.seconds.toFixed(1)} s (seed ${out.seed}, stopped by the ${out.stoppedBy}; ${out.shrinkRequests} spent shrinking; ${corroborating(out)} corroborating):`,
  ];
  const notCovered = out.coverage.notCovered();
  for (const [op, n] of Object.entries(out.byOperation) as Array<[ExploredOperation, number]>) {
    const parts = Object.keys(out.space[op] ?? {});
    lines.push(`  ${op}: ${n} requests; ${summariseParts(parts)}`);
    if (out.coverage.byOperation[op]) lines.push(`    shown: ${out.coverage.describe(op)}`);
    const blind = notCovered[op];
    if (blind) lines.push(`    NOT COVERED (no reply showed anything): ${summariseParts(blind)}`);
  }
  if (out.commits)
    lines.push(
      `  Commits: ${out.commits.committed} made, ${out.coverage.commits?.served ?? 0} served (each served one read, cancelled and read again), ${out.commits.closed.length} closed`,
    );
  for (const failure of out.failures)
    lines.push(
      `  FOUND ${failure.req}${failure.form ? ` (${failure.form}, refused every time)` : ''}: ${failure.failedRequests} request(s) failed it; ` +
        (failure.unshrunk
          ? 'the first failing booking as sent (a Commit is never sent twice: not shrunk)'
          : `smallest after ${failure.shrinkSteps} shrink step(s) in ${failure.shrinkRequests} request(s)`),
    );
  return lines;
}

async function explore(argv: string[]): Promise<number> {
  const opts = parseExploreArguments(argv);
  if (opts.help) {
    console.log(EXPLORE_HELP);
    return EXIT.CONFORMS;
  }
  const recorded = configureEnvironment(opts);
  if (recorded) {
    const operations = parseExploreArguments(['--operations', recorded.operations.join(',')]).operations;
    Object.assign(opts, {
      seed: recorded.seed,
      budget: recorded.requests,
      operations,
      timeSeconds: undefined,
      bookings: recorded.bookings,
    });
  }
  const config = loadConfig();
  checkRunFolders(config);
  if (config.recordDir) clearCassette(config.recordDir);
  const guard = startRunGuard(config);
  const cassette = new RunCassette(config);
  const ctx: RunContext = await openRunContext(config);
  preloadSubdivisions(); // before the first request: no rule stalls the run between two of them
  try {
    const target = config.replayDir
      ? `the cassette ${config.replayDir} (replayed: nothing is sent to a gateway)`
      : ctx.embedded
        ? `the embedded sandbox (${ctx.baseUrl})`
        : ctx.redactor.scrub(ctx.baseUrl);
    // the classes a run of the profile certifies that an exploration judges (no partial cancellation, no alignment)
    const claims = ctx.claims.filter((c) => c === 'core' || c === 'security' || (c === 'booking' && !!opts.bookings));
    const start = { startedAt: new Date().toISOString(), target, claims };
    console.log(
      `OTA Gateway Conformance: exploration ${config.runId} against ${target}; seed ${opts.seed}, budget ${opts.budget} requests` +
        `${opts.timeSeconds ? `, ${opts.timeSeconds} s` : ''}; operations ${opts.operations.join(', ')}`,
    );
    for (const w of ctx.redactor.warnings()) console.warn(`Warning: ${w}`);
    const cleanup = await preflight(ctx, target, { claims });
    clearEarlierReports(config.reportsDir);
    const out = await new Exploration(ctx, opts, recorded?.today).run();
    const { result, evidence } = explorationResult(ctx, opts, start, out);
    if (opts.bookings) await settleBookings(ctx, cleanup, out, result);
    writeReports(result, config.reportsDir, ctx.redactor, { evidence });
    console.log(ctx.redactor.scrub(formatConsoleSummary(result, { reportsDir: config.reportsDir })));
    for (const line of coverageLines(out)) console.log(ctx.redactor.scrub(line));
    cassette.finish(result);
    console.log(ctx.redactor.scrub(`Open in a browser: ${join(config.reportsDir, 'conformance-report.html')}`));
    return (await scanOutputs(ctx)) ?? result.exitCode;
  } finally {
    guard.stop();
    await ctx.close().catch(() => undefined);
    cassette.abandonUnlessFinished();
  }
}

/**
 * --profile booking, at the end, before the target closes: the run's clean-up checks again what
 * is left open (its Commits in doubt, cancels that did not hold), as a conformance run's end does;
 * the report says what the Commits came to and what the clean-up did.
 */
async function settleBookings(ctx: RunContext, cleanup: CleanupReport, out: ExplorationOutcome, result: ConformanceResult): Promise<void> {
  const atEnd = await settleAtEnd(ctx, cleanup);
  const commits = out.commits;
  const made = commits
    ? `${commits.committed} Commit(s) made, each written to the ledger before it was sent; ${commits.closed.length} closed (a read shows each cancelled, or the target does not know it)` +
      `${commits.open.length ? `; ${commits.open.length} left to the run's end: ${commits.open.map((o) => `${o.ref} (${o.why})`).join('; ')}` : ''}`
    : 'no Commit made';
  result.bookings = atEnd.report;
  result.notes = [...result.notes, ctx.redactor.scrub(`bookings: ${made}`), ...atEnd.notes];
}

/** One exploration: its exit code; a suite fault is one line (exit 2). */
export function exploreOnce(argv: string[]): Promise<number> {
  return explore(argv).catch((e: unknown) => {
    if (e instanceof SuiteFault) console.error(`Could not run: ${e.message}`);
    else console.error(`Could not run: ${(e as Error)?.stack ?? String(e)}`);
    return EXIT.COULD_NOT_RUN;
  });
}

export function main(argv: string[]): void {
  void exploreOnce(argv).then((code) => {
    process.exitCode = code;
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  });
}
