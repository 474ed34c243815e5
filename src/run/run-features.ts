// The runner's third phase: cucumber configured from the profile and the command line, the
// features of the claimed classes run, and what its messages said collected. The breaker is read
// once cucumber is done: a gateway that stopped answering ends the run with exit 2.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfiguration, loadSources, loadSupport, runCucumber, type ISupportCodeLibrary } from '@cucumber/cucumber/api';
import { ConfigError } from '../core/errors';
import { PlainAllureWriter } from '../reporting/allure-writer';
import type { TimedExchange } from '../reporting/latency';
import { MessageCollector, type ScenarioAssertions } from '../reporting/requirement-outcomes';
import { GatewayStoppedAnswering } from '../safety/run-guard';
import type { ConformanceClass } from '../spec/requirements';
import { settleAtEnd, type BookingsAtEnd, type CleanupReport } from './bookings';
import type { RunArguments } from './arguments';
import { PROJECT_ROOT } from './config';
import type { RunContext } from './run-context';

type RunConfiguration = Awaited<ReturnType<typeof loadConfiguration>>['runConfiguration'];

/** What the features' run left for the verdict. */
export interface FeatureRun {
  /** Every scenario run, each with the assertions of all its attempts (--retry). */
  scenarios: ScenarioAssertions[];
  /** Bookings the scenarios' clean-up could not cancel (they stay in the ledger). */
  cleanupProblems: Array<{ bookingRef: string; message: string }>;
  timings: TimedExchange[];
  /** Why cucumber stopped before its end (a crash, or the gateway stopped answering). */
  crashed?: Error;
  /** What the run left open in the ledger, settled at its end, and why. */
  bookings: BookingsAtEnd;
}

/**
 * The support code (steps, hooks, World) cucumber loaded, kept for the next run of this process:
 * undefined, each run loads its own (the default); null, the next run loads it and keeps it.
 */
export interface SupportKept {
  library: ISupportCodeLibrary | null | undefined;
}

// Started by scripts/launch.js, the runner is itself compiled (build/): cucumber, and each
// --parallel worker, then load the compiled support code instead of transpiling it with ts-node.
const RUNNING_COMPILED = __filename.endsWith('.js');

function useCompiledSupport(rc: RunConfiguration): void {
  const built = (p: string) => join('build', p.replace(/\.ts$/, '.js'));
  rc.support.requireModules = (rc.support.requireModules ?? []).filter((m) => !m.startsWith('ts-node'));
  rc.support.requirePaths = (rc.support.requirePaths ?? []).map(built);
  if (rc.formats.stdout?.endsWith('progress-formatter.cjs')) rc.formats.stdout = `./${built(rc.formats.stdout.replace(/\.cjs$/, '.ts'))}`;
}

/** The feature folders of the claimed classes: folder = conformance class. */
function featurePaths(claims: readonly ConformanceClass[], args: RunArguments): string[] {
  if (args.cucumber.paths?.length) return args.cucumber.paths;
  return claims.map((c) => `features/${c}/**/*.feature`).filter((p) => existsSync(join(PROJECT_ROOT, p.split('/**')[0])));
}

/** The cucumber options of the command line, over the profile's. */
function providedOptions(args: RunArguments, claims: readonly ConformanceClass[]): Record<string, unknown> {
  const c = args.cucumber;
  const provided: Record<string, unknown> = { paths: featurePaths(claims, args) };
  if (args.profile === 'read-only') provided.tags = c.tags ? `(not @creates-booking) and (${c.tags})` : 'not @creates-booking';
  else if (c.tags) provided.tags = c.tags;
  if (c.name) provided.name = c.name;
  if (c.failFast) provided.failFast = true;
  if (c.dryRun) provided.dryRun = true;
  if (c.parallel !== undefined) provided.parallel = c.parallel;
  if (c.retry !== undefined) provided.retry = c.retry;
  if (c.order) provided.order = c.order;
  if (c.shard) provided.shard = c.shard;
  return provided;
}

/** cucumber's run configuration: the profile, the command line, the compiled support code, the report writers. */
async function cucumberConfiguration(args: RunArguments, claims: readonly ConformanceClass[]): Promise<RunConfiguration> {
  const { runConfiguration } = await loadConfiguration(
    { file: 'cucumber.js', profiles: [args.profile], provided: providedOptions(args, claims) },
    { cwd: PROJECT_ROOT },
  );
  if (RUNNING_COMPILED) useCompiledSupport(runConfiguration);
  // --summary-only: no formatter writes a file (the console's progress stays).
  if (args.summaryOnly) runConfiguration.formats.files = {};
  // allure-cucumberjs takes its writer from the format options (only this process's formatters
  // write: --parallel workers send their messages here).
  const allureResults = runConfiguration.formats.options.resultsDir;
  if (typeof allureResults === 'string' && !args.summaryOnly)
    runConfiguration.formats.options = {
      ...runConfiguration.formats.options,
      // not JSON, so outside the options' declared type; allure-cucumberjs reads it as is
      writer: new PlainAllureWriter(resolve(PROJECT_ROOT, allureResults)) as unknown as string,
    };
  const format = args.cucumber.format;
  if (format)
    runConfiguration.formats.files = {
      ...runConfiguration.formats.files,
      ...Object.fromEntries(format.filter((f) => f.includes(':')).map((f) => [f.slice(f.indexOf(':') + 1), f.slice(0, f.indexOf(':'))])),
    };
  return runConfiguration;
}

/** What a selection was found to hold, by its key: npm run mutants runs thousands of runs in one process. */
const selectionsChecked = new Map<string, string | undefined>();

/**
 * Before the target is contacted: the features parse, and what is selected (profile, claims,
 * tags, names, paths; a shard may be empty) holds a scenario. A selection of nothing would run
 * nothing and report every requirement untested.
 */
export async function checkSelection(args: RunArguments, claims: readonly ConformanceClass[]): Promise<void> {
  const c = args.cucumber;
  const key = JSON.stringify([args.profile, claims, c.paths, c.tags, c.name, c.order]);
  if (!selectionsChecked.has(key)) {
    const { sources } = await cucumberConfiguration(args, claims);
    const { plan, errors } = await loadSources({ ...sources, shard: undefined }, { cwd: PROJECT_ROOT });
    const problem = errors.length
      ? `${errors[0].uri}:${errors[0].location.line}: ${errors[0].message.split('\n')[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`
      : plan.length === 0
        ? `${args.selection ? `the selection ${args.selection.text}` : 'the run'} holds no scenario of the claimed classes (${claims.join(', ')})${args.profile === 'read-only' ? ' that books nothing (profile read-only)' : ''}`
        : undefined;
    selectionsChecked.set(key, problem);
  }
  const problem = selectionsChecked.get(key);
  if (problem) throw new ConfigError(problem);
}

/** Runs the features of the claimed classes; the run context is closed when cucumber is done. */
export async function runFeatures(
  args: RunArguments,
  claims: readonly ConformanceClass[],
  ctx: RunContext,
  support: SupportKept,
  cleanup: CleanupReport,
): Promise<FeatureRun> {
  const runConfiguration = await cucumberConfiguration(args, claims);
  const collector = new MessageCollector();
  let crashed: Error | undefined;
  try {
    if (support.library === null) support.library = await loadSupport(runConfiguration, { cwd: PROJECT_ROOT });
    const options = support.library ? { ...runConfiguration, support: support.library } : runConfiguration;
    await runCucumber(options, { cwd: PROJECT_ROOT }, collector.onMessage);
  } catch (e) {
    crashed = e as Error;
  }
  const stopped = ctx.breaker.stoppedAnswering();
  if (stopped && !crashed) crashed = new GatewayStoppedAnswering(stopped);
  const bookings = await settleAtEnd(ctx, cleanup); // before the target closes: what is left open, and why
  await ctx.close().catch(() => undefined);
  return { scenarios: collector.results(), cleanupProblems: collector.cleanupProblems, timings: collector.timings, crashed, bookings };
}
