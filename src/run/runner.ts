// The main job (`npm run conformance`), in its phases: configure (arguments, configuration, the
// run opened: the embedded sandbox unless OTA_BASE_URL names a target), preflight (the target
// answers and accepts the configured credentials; bookings a killed earlier run left are
// cancelled), run (the features of the claimed classes), conclude (an outcome per requirement
// and the verdict), write (the reports, the cassette, the console summary) and scan (for
// secrets). Exit codes: see src/reporting/verdict.ts.
import { join } from 'node:path';
import { SuiteFault } from '../core/errors';
import { EXIT } from '../reporting/verdict';
import { startRunGuard } from './run-guard';
import { REPLAY_MISS_PREFIX } from '../transport/recording';
import { HELP, parseArguments } from './arguments';
import { conclude } from './conclude';
import { PROJECT_ROOT, type SuiteConfig } from './config';
import { announceRun, configure } from './configure';
import { preflight } from './preflight';
import { preloadSubdivisions } from '../contracts/subdivisions';
import { nothingSettled } from '../bookings/cleanup';
import { openRunContext } from './run-context';
import { checkSelection, loadCucumber, runFeatures, type FeatureRun, type SupportKept } from './run-features';
import { clearEarlierReports, RunCassette, scanOutputs, writeOutputs } from './run-outputs';

const PROFILES = Object.keys(require(join(PROJECT_ROOT, 'cucumber.js')) as Record<string, unknown>);

/** Kept between the runs of this process once keepSupportBetweenRuns is called. */
const support: SupportKept = { library: undefined };

async function run(argv: string[]): Promise<number> {
  const args = parseArguments(argv, PROFILES);
  if (args.help) {
    console.log(HELP);
    return EXIT.CONFORMS;
  }
  const config = configure(args);
  // masked console, ledger writable and claimed, run deadline: before anything is printed or sent
  const guard = startRunGuard(config);
  const cassette = new RunCassette(config);
  const ctx = await openRunContext(config);
  const start = announceRun(args, ctx);
  try {
    await checkSelection(args, start.claims);
    // cucumber loads its support code while the gate exchanges wait on the target
    const cucumber = loadCucumber(args, start.claims, support, config.reportsDir);
    cucumber.catch(() => undefined); // awaited by runFeatures; a preflight that fails first leaves it unread
    // a dry run sends nothing (no preflight, no clean-up: nothing is settled) and touches no report
    const dryRun = !!args.cucumber.dryRun;
    // the place datasets (seconds on a loaded host) are read before the first request: read after
    // the preflight, they left its pooled connections idle longer than a gateway keeps them open
    // (Node's server: 5 s), and the first scenario's exchange was reset with no reply
    if (!dryRun) preloadSubdivisions();
    const cleanup = dryRun
      ? nothingSettled(ctx)
      : await preflight(ctx, start.target, { claims: start.claims, sweep: args.sweepReferences });
    if (!dryRun)
      for (const line of clearEarlierReports(config.reportsDir, [
        config.ledgerFile,
        config.recordDir,
        config.replayDir,
        config.testDataFile,
      ]))
        console.log(line);
    const features = await runFeatures(args, ctx, cucumber, cleanup);
    const result = conclude({ args, ctx, start, cleanup, features });
    writeOutputs(result, args, ctx, cassette, features);
    return (await scanOutputs(ctx, features.streamScanned)) ?? replayIncomplete(config, features) ?? result.exitCode;
  } finally {
    guard.stop();
    await ctx.close().catch(() => undefined);
    cassette.abandonUnlessFinished();
  }
}

/** Replaying, a request the cassette could not answer is the suite's trouble: never a verdict. */
function replayIncomplete(config: SuiteConfig, features: FeatureRun): number | undefined {
  const unanswered = features.scenarios.filter((s) => s.status === 'suiteError' && s.message?.includes(REPLAY_MISS_PREFIX));
  if (!config.replayDir || unanswered.length === 0) return undefined;
  console.error(
    `Could not run: the cassette ${config.replayDir} could not answer ${unanswered.length} scenario(s): ${unanswered.map((s) => `"${s.name}"`).join(', ')}; record it again with this suite`,
  );
  return EXIT.COULD_NOT_RUN;
}

/**
 * Several runs in one process (npm run mutants -- --matrix runs thousands of small ones): the
 * support code is loaded once, as cucumber's API allows, instead of once per run.
 */
export function keepSupportBetweenRuns(): void {
  support.library ??= null;
}

/** One run: its exit code; a suite fault is printed as one line (exit 2). */
export function runOnce(argv: string[]): Promise<number> {
  return run(argv).catch((e: unknown) => {
    if (e instanceof SuiteFault) console.error(`Could not run: ${e.message}`);
    else console.error(`Could not run: ${(e as Error)?.stack ?? String(e)}`);
    return EXIT.COULD_NOT_RUN;
  });
}

/** Runs, prints a suite fault as one line, and exits only once stdout has drained. */
export function main(argv: string[]): void {
  void runOnce(argv).then((code) => exitAfterDrain(code));
}

function exitAfterDrain(code: number): void {
  process.exitCode = code;
  // A pipe that is slow to read must still get the verdict: exit when stdout has flushed.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
