// What a run leaves behind, and the runner's last two phases: before the run, the reports of an
// earlier one cleared; then summary.json written and the console summary printed with the
// verdict, the reports built from the result and the evidence stream, the cassette finished
// (write); last, everything written scanned for the run's secrets (scan).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { formatConsoleSummary } from '../reporting/console-summary';
import type { ConformanceResult } from '../reporting/result';
import { writeReportsAfterSummary, writeSummary } from '../reporting/write';
import { EVIDENCE_FILE, REPRODUCERS_DIR } from '../reporting/evidence/names';
import { STREAM_FILE } from '../reporting/evidence/stream';
import { formatFindings as formatSecretFindings } from '../safety/scanning';
import { scanForSecretsInParallel } from '../safety/parallel-scan';
import type { ScannedFile } from '../safety/stream-scan';
import { EXIT } from '../reporting/verdict';
import type { RunArguments } from './arguments';
import { abandonRecording, finishRecording } from '../cassette/cassette';
import { PROJECT_ROOT, type SuiteConfig } from './config';
import { splitFormat } from './input-checks';
import { effectiveTestData, type RunContext } from './run-context';
import type { FeatureRun } from './run-features';

/** Reports of an earlier run that this run replaces (history and ledgers are kept). */
const RUN_OUTPUTS = [
  STREAM_FILE,
  'summary.json',
  'conformance-report.html',
  'conformance-report.md',
  'conformance-report.json',
  'junit.xml',
  EVIDENCE_FILE,
  REPRODUCERS_DIR,
  // built on demand from an earlier run's stream: they would show that run beside this one
  'cucumber-report.html',
  'allure-report',
  // npm run certify's bundle of the earlier run (its default place)
  'certificate.tar.gz',
  // what earlier versions wrote
  'allure-results',
  'allure-formatter.log',
];

/** Kept in the reports folder between runs: the Allure history (one line per run and target). */
const KEPT = ['history'];

/**
 * Makes the reports folder hold only this run's files (after the preflight: a run that cannot
 * start keeps them). An earlier run's reports are removed; the files of other commands (a diff, a
 * merge's shards, anything else) are moved aside into `<folder>.earlier/` (replacing what an
 * earlier run moved there), so that an old "Nothing differs" never sits beside a new verdict.
 * The history is kept, and so are the run's own inputs should they live there (`inputs`: the
 * ledger, a cassette, the test data). Returns the console's line, when something was moved.
 */
export function clearEarlierReports(reportsDir: string, inputs: ReadonlyArray<string | undefined> = []): string[] {
  for (const name of RUN_OUTPUTS) rmSync(join(reportsDir, name), { recursive: true, force: true });
  mkdirSync(reportsDir, { recursive: true });
  const holds = (entry: string) =>
    inputs.some((i) => i && (resolve(i) === resolve(entry) || resolve(i).startsWith(`${resolve(entry)}${sep}`)));
  // a folder that is a project or a repository is not a reports folder: nothing of it is moved
  if (existsSync(join(reportsDir, 'package.json')) || existsSync(join(reportsDir, '.git'))) return [];
  const others = readdirSync(reportsDir).filter((n) => !KEPT.includes(n) && !holds(join(reportsDir, n)));
  if (others.length === 0) return [];
  const aside = join(dirname(resolve(reportsDir)), `${basename(resolve(reportsDir))}.earlier`);
  rmSync(aside, { recursive: true, force: true });
  mkdirSync(aside, { recursive: true });
  for (const other of others) renameSync(join(reportsDir, other), join(aside, other));
  const shown = (p: string) => relative(process.cwd(), p) || '.';
  return [
    `Moved ${others.length} file(s) of earlier commands out of ${shown(resolve(reportsDir))}/ into ${shown(aside)}/, so that the reports hold only this run's: ${others.sort().join(', ')}`,
  ];
}

/** The run's cassette, when it records: finished with the reports, or abandoned (unscanned, it could hold anything). */
export class RunCassette {
  private finished = false;

  constructor(private readonly config: SuiteConfig) {}

  finish(result: ConformanceResult): void {
    const { config } = this;
    if (!config.recordDir) return;
    this.finished = true;
    console.log(`Cassette recorded in ${config.recordDir} (replay it with --replay ${relative(process.cwd(), config.recordDir) || '.'})`);
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
      config.replyProfileFile,
    );
  }

  /** A run that ended before its cassette was finished leaves none. */
  abandonUnlessFinished(): void {
    if (this.config.recordDir && !this.finished) abandonRecording(this.config.recordDir);
  }
}

/**
 * The write phase: summary.json, the console summary with the verdict, then the reports built
 * from the result and the evidence stream, and the cassette.
 */
export function writeOutputs(
  result: ConformanceResult,
  args: RunArguments,
  ctx: RunContext,
  cassette: RunCassette,
  features: FeatureRun,
): void {
  const dir = ctx.config.reportsDir;
  const width = process.stdout.isTTY ? process.stdout.columns : undefined;
  if (args.cucumber.dryRun) {
    // a dry run sends nothing and touches no report: the earlier run's reports stay as they were
    console.log(ctx.redactor.scrub(formatConsoleSummary(result, { width })));
    console.log(`Dry run: nothing was sent, and no report was written (${dir} is as it was).`);
    return;
  }
  writeSummary(result, dir, ctx.redactor);
  console.log(
    ctx.redactor.scrub(
      formatConsoleSummary(result, {
        reportsDir: dir,
        width,
        formats: (args.cucumber.format ?? []).map((f) => {
          const { name, file } = splitFormat(f);
          return { name, file: file && resolve(PROJECT_ROOT, file) };
        }),
      }),
    ),
  );
  if (!args.summaryOnly) writeReportsAfterSummary(result, dir, features.evidence);
  cassette.finish(result);
  // the report's own path, to open from any shell on any system (the quick start's last step), once it is written
  if (!args.summaryOnly) console.log(ctx.redactor.scrub(`Open in a browser: ${join(dir, 'conformance-report.html')}`));
}

/** The scan phase: nothing the run wrote may hold a secret (encoded forms included). EXIT.SECRET_LEAKED when something does. */
export async function scanOutputs(ctx: RunContext, streamScanned?: Promise<ScannedFile | undefined>): Promise<number | undefined> {
  const { config, redactor } = ctx;
  const leaks = await scanForSecretsInParallel(config.reportsDir, redactor.secrets, undefined, await streamScanned);
  if (leaks.length > 0) {
    console.error(`\nA SECRET WAS FOUND IN THE REPORTS — do not publish ${config.reportsDir}:\n${formatSecretFindings(leaks)}`);
    return EXIT.SECRET_LEAKED;
  }
  if (config.recordDir) {
    const inCassette = await scanForSecretsInParallel(config.recordDir, redactor.secrets);
    if (inCassette.length > 0) {
      console.error(`\nA SECRET WAS FOUND IN THE CASSETTE — do not publish ${config.recordDir}:\n${formatSecretFindings(inCassette)}`);
      return EXIT.SECRET_LEAKED;
    }
  }
  return undefined;
}
