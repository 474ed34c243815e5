// What a run leaves behind, and the runner's last two phases: before the run, the reports of an
// earlier one cleared; then summary.json written and the console summary printed with the
// verdict, the reports built from the result and the evidence stream, the cassette finished
// (write); last, everything written scanned for the run's secrets (scan).
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatConsoleSummary } from '../reporting/console-summary';
import type { ConformanceResult } from '../reporting/result';
import { writeReportsAfterSummary, writeSummary } from '../reporting/write';
import { EVIDENCE_FILE, REPRODUCERS_DIR } from '../reporting/evidence/names';
import { STREAM_FILE } from '../reporting/evidence/stream';
import { formatFindings as formatSecretFindings } from '../safety/scanning';
import { scanForSecretsInParallel } from '../safety/parallel-scan';
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
  // what earlier versions wrote
  'allure-results',
  'allure-formatter.log',
];

/** Removes the reports an earlier run left (after the preflight: a run that cannot start keeps them). */
export function clearEarlierReports(reportsDir: string): void {
  for (const name of RUN_OUTPUTS) rmSync(join(reportsDir, name), { recursive: true, force: true });
  mkdirSync(reportsDir, { recursive: true });
}

/** The run's cassette, when it records: finished with the reports, or abandoned (unscanned, it could hold anything). */
export class RunCassette {
  private finished = false;

  constructor(private readonly config: SuiteConfig) {}

  finish(result: ConformanceResult): void {
    const { config } = this;
    if (!config.recordDir) return;
    this.finished = true;
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
  writeSummary(result, dir, ctx.redactor);
  console.log(
    ctx.redactor.scrub(
      formatConsoleSummary(result, {
        reportsDir: dir,
        width: process.stdout.isTTY ? process.stdout.columns : undefined,
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
export async function scanOutputs(ctx: RunContext): Promise<number | undefined> {
  const { config, redactor } = ctx;
  const leaks = await scanForSecretsInParallel(config.reportsDir, redactor.secrets);
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
