// The runner's third phase: cucumber configured from the profile and the command line, the
// features of the claimed classes run, and what its messages said collected. The breaker is read
// once cucumber is done: a gateway that stopped answering ends the run with exit 2.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfiguration, loadSources, loadSupport, runCucumber, type ISupportCodeLibrary } from '@cucumber/cucumber/api';
import { ConfigError } from '../core/errors';
import { EvidenceCollector, type ScenarioEvidence } from '../reporting/evidence/collect';
import { EvidenceStreamWriter, STREAM_FILE } from '../reporting/evidence/stream';
import type { TimedExchange } from '../reporting/latency';
import { MessageCollector, type ScenarioAssertions } from '../reporting/requirement-outcomes';
import { GatewayStoppedAnswering } from './run-guard';
import { StreamScan, type ScannedFile } from '../safety/stream-scan';
import type { ConformanceClass } from '../specification/requirements';
import type { CleanupReport } from '../bookings/cleanup';
import { settleAtEnd, type BookingsAtEnd } from '../bookings/settle-at-end';
import type { RunArguments } from './arguments';
import { PROJECT_ROOT } from './config';
import type { RunContext } from './run-context';
import { installLanes, withLanes } from './cucumber-patches';

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
  /** Every scenario's exchanges, as the evidence stream holds them (none with --summary-only). */
  evidence?: ScenarioEvidence[];
  /** The evidence stream's secret scan, made while it was written (none with --summary-only). */
  streamScanned?: Promise<ScannedFile | undefined>;
}

/**
 * The support code (steps, hooks, World) cucumber loaded, kept for the next run of this process:
 * undefined, each run loads its own (the default); null, the next run loads it and keeps it.
 */
export interface SupportKept {
  library: ISupportCodeLibrary | null | undefined;
}

// Started by scripts/launch.js, the runner is itself compiled (build/): cucumber then loads the
// compiled support code instead of transpiling it with ts-node.
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
  const cucumber = args.cucumber;
  const provided: Record<string, unknown> = { paths: featurePaths(claims, args) };
  if (args.profile === 'read-only')
    provided.tags = cucumber.tags ? `(not @creates-booking) and (${cucumber.tags})` : 'not @creates-booking';
  else if (cucumber.tags) provided.tags = cucumber.tags;
  if (cucumber.name) provided.name = cucumber.name;
  if (cucumber.failFast) provided.failFast = true;
  if (cucumber.dryRun) provided.dryRun = true;
  if (cucumber.retry !== undefined) provided.retry = cucumber.retry;
  if (cucumber.order) provided.order = cucumber.order;
  if (cucumber.shard) provided.shard = cucumber.shard;
  return provided;
}

/**
 * cucumber's run configuration: the profile, the command line, the compiled support code, the
 * report writers. The profile's message formatter (for plain cucumber-js) is left out when it
 * writes the evidence stream: the runner writes that file itself (runFeatures).
 */
async function cucumberConfiguration(args: RunArguments, claims: readonly ConformanceClass[], stream?: string): Promise<RunConfiguration> {
  const { runConfiguration } = await loadConfiguration(
    { file: 'cucumber.js', profiles: [args.profile], provided: providedOptions(args, claims) },
    { cwd: PROJECT_ROOT },
  );
  if (RUNNING_COMPILED) useCompiledSupport(runConfiguration);
  // --summary-only: no formatter writes a file (the console's progress stays); a dry run touches no report.
  if (args.summaryOnly || args.cucumber.dryRun) runConfiguration.formats.files = {};
  runConfiguration.formats.files = Object.fromEntries(
    Object.entries(runConfiguration.formats.files).filter(
      ([file, kind]) => !(kind === 'message' && resolve(PROJECT_ROOT, file) === stream),
    ),
  );
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
  const cucumber = args.cucumber;
  const key = JSON.stringify([args.profile, claims, cucumber.paths, cucumber.tags, cucumber.name, cucumber.order]);
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

/** cucumber configured and its support code (steps, hooks, World) loaded, ready to run the features. */
export interface LoadedCucumber {
  runConfiguration: RunConfiguration;
  library: ISupportCodeLibrary;
}

/**
 * Configures cucumber and loads its support code. The runner starts this before the preflight and
 * awaits it after: the support code's loading (most of cucumber's start) then runs while the gate
 * exchanges wait on the target. It contacts nothing and writes nothing.
 */
export async function loadCucumber(
  args: RunArguments,
  claims: readonly ConformanceClass[],
  support: SupportKept,
  reportsDir: string,
): Promise<LoadedCucumber> {
  const runConfiguration = await cucumberConfiguration(args, claims, resolve(PROJECT_ROOT, reportsDir, STREAM_FILE));
  const library = support.library ?? (await loadSupport(runConfiguration, { cwd: PROJECT_ROOT }));
  if (support.library === null) support.library = library;
  return { runConfiguration, library };
}

/**
 * Runs the features of the claimed classes; the run context is closed when cucumber is done.
 * --parallel n runs n scenario lanes in this process (./cucumber-patches.ts), never worker processes.
 */
export async function runFeatures(
  args: RunArguments,
  ctx: RunContext,
  loaded: Promise<LoadedCucumber>,
  cleanup: CleanupReport,
): Promise<FeatureRun> {
  const streamFile = resolve(PROJECT_ROOT, ctx.config.reportsDir, STREAM_FILE);
  const collector = new MessageCollector();
  // The evidence stream: written once, as the scenarios run; every other report is built from it.
  const stream = args.summaryOnly || args.cucumber.dryRun ? undefined : new EvidenceStreamWriter(streamFile);
  const evidence = stream ? new EvidenceCollector() : undefined;
  // scanned for secrets as it is written, on another thread (the scan phase then skips it)
  const scan = stream ? new StreamScan(join(ctx.config.reportsDir, STREAM_FILE), ctx.redactor.secrets) : undefined;
  if (scan) stream?.observe(scan.write);
  const onMessage: typeof collector.onMessage = (envelope) => {
    collector.onMessage(envelope);
    evidence?.onMessage(envelope);
    stream?.write(envelope);
  };
  let crashed: Error | undefined;
  try {
    const { runConfiguration, library } = await loaded;
    const lanes = args.cucumber.parallel ?? 0;
    if (lanes > 1) installLanes();
    const runtime = lanes > 1 ? withLanes(runConfiguration.runtime, lanes) : runConfiguration.runtime;
    await runCucumber({ ...runConfiguration, runtime, support: library }, { cwd: PROJECT_ROOT }, onMessage);
  } catch (error) {
    crashed = error as Error;
  } finally {
    stream?.close();
  }
  const streamScanned = scan?.end();
  const stopped = ctx.breaker.stoppedAnswering();
  if (stopped && !crashed) crashed = new GatewayStoppedAnswering(stopped);
  const bookings = await settleAtEnd(ctx, cleanup); // before the target closes: what is left open, and why
  await ctx.close().catch(() => undefined);
  return {
    scenarios: collector.results(),
    cleanupProblems: collector.cleanupProblems,
    timings: collector.timings,
    crashed,
    bookings,
    ...(evidence ? { evidence: evidence.scenarios() } : {}),
    ...(streamScanned ? { streamScanned } : {}),
  };
}
