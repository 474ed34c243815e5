// The main job (`npm run conformance`): validate the arguments and configuration, open the run
// (the embedded sandbox unless OTA_BASE_URL names a target), check that the target answers and
// accepts the configured credentials, cancel bookings a killed earlier run left, run the features
// of the claimed classes, compute an outcome per requirement and the verdict, write the reports,
// scan them for secrets. Exit codes: see src/reporting/verdict.ts.
import { abandonRecording, cassetteTestData, clearCassette, finishRecording } from './cassette';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadConfiguration, runCucumber, loadSupport, type ISupportCodeLibrary } from '@cucumber/cucumber/api';
import { ConfigError, SuiteFault } from '../core/errors';
import { loadConfig, PROJECT_ROOT } from './config';
import { parseArguments, HELP, type RunArguments } from './arguments';
import { effectiveTestData, openRunContext, suiteVersion, type RunContext } from './run-context';
import { postXml, preflight } from '../transport/http';
import { cleanUpLedger, describeCleanup, settleAtEnd } from './bookings';
import { checkCredentials } from './credentials-check';
import { REPLAY_MISS_PREFIX } from '../transport/recording';
import { startRunGuard, GatewayStoppedAnswering } from '../safety/run-guard';
import { budgetNotes, latencyByOperation } from '../reporting/latency';
import { formatFindings as formatSecretFindings } from '../safety/redaction';
import { scanForSecretsInParallel } from '../safety/parallel-scan';
import { MessageCollector, requirementOutcomes } from '../reporting/outcomes';
import { decideVerdict, EXIT } from '../reporting/verdict';
import { formatConsoleSummary, SUMMARY_ONLY_NOTE } from '../reporting/console';
import type { ConformanceResult } from '../reporting/result';
import { OPERATION_NAMES, OPERATIONS, OTA_NS } from '../spec/operations';
import { requirement } from '../spec/requirements';
import type { ConformanceClass } from '../spec/requirements';
import { writeReports } from '../reporting/write';
import { PlainAllureWriter } from '../reporting/allure-writer';

const PROFILES = Object.keys(require(join(PROJECT_ROOT, 'cucumber.js')) as Record<string, unknown>);

// Started by scripts/launch.js, the runner is itself compiled (build/): cucumber, and each
// --parallel worker, then load the compiled support code instead of transpiling it with ts-node.
const RUNNING_COMPILED = __filename.endsWith('.js');

function useCompiledSupport(rc: Awaited<ReturnType<typeof loadConfiguration>>['runConfiguration']): void {
  const built = (p: string) => join('build', p.replace(/\.ts$/, '.js'));
  rc.support.requireModules = (rc.support.requireModules ?? []).filter((m) => !m.startsWith('ts-node'));
  rc.support.requirePaths = (rc.support.requirePaths ?? []).map(built);
  if (rc.formats.stdout?.endsWith('progress-formatter.cjs')) rc.formats.stdout = `./${built(rc.formats.stdout.replace(/\.cjs$/, '.ts'))}`;
}

/** Reports of an earlier run that this run replaces (history and ledgers are kept). */
const RUN_OUTPUTS = [
  'allure-results',
  'allure-formatter.log',
  'junit.xml',
  'cucumber-messages.ndjson',
  'cucumber-report.html',
  'summary.json',
  'conformance-report.html',
  'conformance-report.md',
  'conformance-report.json',
];

function validateTags(tags: string | undefined): void {
  if (!tags) return;
  const parse = (require('@cucumber/tag-expressions') as { default: (s: string) => unknown }).default;
  try {
    parse(tags);
  } catch (e) {
    throw new ConfigError(`--tags "${tags}" is not a tag expression: ${(e as Error).message}`);
  }
}

/** The feature folders of the claimed classes: folder = conformance class. */
function featurePaths(claims: readonly ConformanceClass[], args: RunArguments): string[] {
  if (args.cucumber.paths?.length) return args.cucumber.paths;
  return claims.map((c) => `features/${c}/**/*.feature`).filter((p) => existsSync(join(PROJECT_ROOT, p.split('/**')[0])));
}

/** A base URL under which every operation answers 404 is the wrong one: exit 2, not nine failures. */
async function everyOperationMissing(ctx: RunContext): Promise<boolean> {
  const probe = `<?xml version="1.0" encoding="UTF-8"?><OTA_PingRQ xmlns="${OTA_NS}" Version="1.0"/>`;
  for (const op of Object.values(OPERATIONS)) {
    try {
      const x = await postXml(`${ctx.baseUrl}${op.path}`, probe, {
        operation: op.name,
        limits: ctx.config.limits,
        retry: { retries: 0, backoffMs: 0 },
      });
      if (x.status !== 404) return false;
    } catch {
      return false; // a transport failure is judged by the scenarios (with its evidence)
    }
  }
  return true;
}

function gitCommit(): string | undefined {
  try {
    return (
      execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || undefined
    );
  } catch {
    return undefined;
  }
}

async function run(argv: string[]): Promise<number> {
  const args = parseArguments(argv, PROFILES);
  if (args.help) {
    console.log(HELP);
    return EXIT.CONFORMS;
  }
  validateTags(args.cucumber.tags);
  // The claims, strictness and reply profile reach the workers through the environment.
  if (args.claims) process.env.OTA_CLAIMS = args.claims.join(',');
  if (args.strict) process.env.OTA_STRICT = 'true';
  // Record and replay reach the workers through the environment too; a replay uses the cassette's test data.
  if (args.record) process.env.OTA_RECORD_DIR = resolve(args.record);
  if (args.replay) {
    process.env.OTA_REPLAY_DIR = resolve(args.replay);
    process.env.OTA_TEST_DATA = cassetteTestData(resolve(args.replay));
  }
  const config = loadConfig();
  if (config.recordDir) clearCassette(config.recordDir);
  // masked console, ledger writable and claimed, run deadline: before anything is printed or sent
  const guard = startRunGuard(config);
  let recorded = false;
  const ctx = await openRunContext(config);
  const startedAt = new Date().toISOString();
  const target = config.replayDir
    ? `the cassette ${config.replayDir} (replayed: nothing is sent to a gateway)`
    : ctx.embedded
      ? `the embedded sandbox (${ctx.baseUrl})`
      : ctx.redactor.scrub(ctx.baseUrl);
  // The read-only profile certifies core only: no booking may be made there.
  const claims = args.profile === 'read-only' ? ctx.claims.filter((c) => c === 'core' || c === 'security') : ctx.claims;
  console.log(
    `OTA Gateway Conformance: run ${config.runId} against ${target}; profile ${args.profile}; claims ${claims.join(', ')}` +
      (args.selection ? `; selection ${args.selection}` : '') +
      (config.strict ? '; strict' : ''),
  );
  for (const w of ctx.redactor.warnings()) console.warn(`Warning: ${w}`);

  try {
    const reachable = await preflight(ctx.baseUrl, config.limits);
    if (!reachable.reachable) throw new ConfigError(ctx.redactor.scrub(reachable.message));
    if (await everyOperationMissing(ctx))
      throw new ConfigError(
        `every operation answers 404 under ${target}: is OTA_BASE_URL the gateway's base address (the part before /hotelavailability)?`,
      );
    // Before the clean-up (it needs the same credentials) and before any earlier report is removed.
    await checkCredentials(ctx);

    const cleanup = await cleanUpLedger(ctx, { claims, sweep: args.sweepReferences });
    for (const line of describeCleanup(cleanup, relative(PROJECT_ROOT, config.ledgerFile))) console.log(line);

    for (const name of RUN_OUTPUTS) rmSync(join(config.reportsDir, name), { recursive: true, force: true });
    mkdirSync(config.reportsDir, { recursive: true });

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
    const { runConfiguration } = await loadConfiguration(
      { file: 'cucumber.js', profiles: [args.profile], provided },
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
    if (c.format)
      runConfiguration.formats.files = {
        ...runConfiguration.formats.files,
        ...Object.fromEntries(
          c.format.filter((f) => f.includes(':')).map((f) => [f.slice(f.indexOf(':') + 1), f.slice(0, f.indexOf(':'))]),
        ),
      };

    const collector = new MessageCollector();
    let crashed: Error | undefined;
    try {
      if (supportKept === null) supportKept = await loadSupport(runConfiguration, { cwd: PROJECT_ROOT });
      const options = supportKept ? { ...runConfiguration, support: supportKept } : runConfiguration;
      await runCucumber(options, { cwd: PROJECT_ROOT }, collector.onMessage);
    } catch (e) {
      crashed = e as Error;
    }
    const stopped = guard.gatewayStopped();
    if (stopped && !crashed) crashed = new GatewayStoppedAnswering(stopped);
    const bookings = await settleAtEnd(ctx, cleanup); // before the target closes: what is left open, and why
    await ctx.close().catch(() => undefined);

    const scenarios = collector.results();
    const requirements = requirementOutcomes(scenarios, { claims, selection: args.selection });
    const verdict = decideVerdict({ requirements, scenarios, claims, strict: config.strict, selection: args.selection });
    const notes: string[] = [];
    if (crashed) notes.push(`cucumber stopped: ${ctx.redactor.scrub(crashed.message)}`);
    for (const p of collector.cleanupProblems)
      notes.push(`the clean-up could not cancel booking ${p.bookingRef} (kept in the ledger; the next run retries): ${p.message}`);
    for (const f of cleanup.failed)
      notes.push(`booking ${f.ref} left by an earlier run could not be cancelled: ${ctx.redactor.scrub(f.message)}`);
    notes.push(...bookings.notes);
    if (c.dryRun) notes.push('dry run: nothing was sent, no requirement was checked');
    if (args.summaryOnly) notes.push(SUMMARY_ONLY_NOTE);
    const latency = latencyByOperation(collector.timings, OPERATION_NAMES, ctx.data.latencyBudgetsMs);
    const result: ConformanceResult = {
      suite: { name: 'OTA Gateway Conformance', version: suiteVersion(), commit: gitCommit() },
      target: {
        url: config.replayDir ? `cassette ${config.replayDir}` : ctx.embedded ? 'embedded sandbox' : ctx.redactor.scrub(ctx.baseUrl),
        embedded: ctx.embedded,
        description: ctx.data.description ?? '',
      },
      runId: config.runId,
      startedAt,
      finishedAt: new Date().toISOString(),
      profile: args.profile,
      tags: c.tags,
      shard: c.shard,
      strict: config.strict,
      claims,
      verdict: crashed ? 'COULD NOT RUN' : verdict.verdict,
      exitCode: crashed ? EXIT.COULD_NOT_RUN : verdict.exitCode,
      verdictReason: crashed ? `cucumber stopped: ${ctx.redactor.scrub(crashed.message)}` : verdict.reason,
      warnings: verdict.warnings,
      classes: verdict.classes,
      requirements,
      scenarios: scenarios.map(({ assertions, ...s }) => ({
        ...s,
        message: s.message === undefined ? undefined : ctx.redactor.scrub(s.message),
        warnings: [...new Set(assertions.filter((a) => a.outcome === 'failed' && requirement(a.req).level === 'SHOULD').map((a) => a.req))],
      })),
      notes: [...notes, ...budgetNotes(latency)],
      assertions: Object.fromEntries(scenarios.map((s) => [s.id, s.assertions])),
      latency,
      bookings: bookings.report,
      evidence: {
        allureResults: 'allure-results',
        cucumberHtml: 'cucumber-report.html',
        junit: 'junit.xml',
        messages: 'cucumber-messages.ndjson',
      },
    };
    writeReports(result, config.reportsDir, ctx.redactor, { summaryOnly: args.summaryOnly });
    if (config.recordDir) {
      recorded = true;
      finishRecording(
        config.recordDir,
        {
          suite: { name: result.suite.name, version: result.suite.version },
          recordedAt: result.finishedAt,
          runId: config.runId,
          target: result.target.url,
        },
        effectiveTestData(config),
        join(config.reportsDir, 'summary.json'),
      );
    }
    console.log(ctx.redactor.scrub(formatConsoleSummary(result)));

    // Last: nothing the run wrote may hold a secret (encoded forms included).
    const leaks = await scanForSecretsInParallel(config.reportsDir, ctx.redactor.secrets);
    if (leaks.length > 0) {
      console.error(`\nA SECRET WAS FOUND IN THE REPORTS — do not publish ${config.reportsDir}:\n${formatSecretFindings(leaks)}`);
      return EXIT.SECRET_LEAKED;
    }
    if (config.recordDir) {
      const inCassette = await scanForSecretsInParallel(config.recordDir, ctx.redactor.secrets);
      if (inCassette.length > 0) {
        console.error(`\nA SECRET WAS FOUND IN THE CASSETTE — do not publish ${config.recordDir}:\n${formatSecretFindings(inCassette)}`);
        return EXIT.SECRET_LEAKED;
      }
    }
    // Replaying, a request the cassette could not answer is the suite's trouble: never a verdict.
    const unanswered = scenarios.filter((s) => s.status === 'suiteError' && s.message?.includes(REPLAY_MISS_PREFIX));
    if (config.replayDir && unanswered.length > 0) {
      console.error(
        `Could not run: the cassette ${config.replayDir} could not answer ${unanswered.length} scenario(s): ${unanswered.map((s) => `"${s.name}"`).join(', ')}; record it again with this suite`,
      );
      return EXIT.COULD_NOT_RUN;
    }
    return result.exitCode;
  } finally {
    guard.stop();
    await ctx.close().catch(() => undefined);
    // A run that ended before its cassette was finished leaves none: unscanned, it could hold anything.
    if (config.recordDir && !recorded) abandonRecording(config.recordDir);
  }
}

/**
 * The support code (steps, hooks, World) cucumber loaded, kept for the next run of this process:
 * undefined, each run loads its own (the default); null, the next run loads it and keeps it.
 */
let supportKept: ISupportCodeLibrary | null | undefined;

/**
 * Several runs in one process (npm run mutants -- --matrix runs thousands of small ones): the
 * support code is loaded once, as cucumber's API allows, instead of once per run.
 */
export function keepSupportBetweenRuns(): void {
  supportKept ??= null;
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
