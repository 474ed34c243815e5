// `npm run bench -- --contributor`: the contributor's two loops, timed. `npm test` phase by phase
// (scripts/test.ts writes its times) with the slowest test files, then `npm run quick` on a change
// (by default the files a SHOULD check touches; the first one really changed by a comment line,
// restored after). Prints where the time went and keeps the figures
// (docs/figures/contributor.json; npm run docs renders them in docs/development.md). Asserts
// nothing: the targets (npm test within 5 minutes, the quick loop within 90 s on 2 cores) are read
// off the figures.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from '../../src/run/config';
import { loadNow, recordFigures, type ContributorFigures, type TimedRun } from '../measured-figures';
import type { PhasesResult } from '../phases';
import type { QuickPlan } from '../quick/plan';
import { benchTempDir } from './processes';
import type { BenchContext } from './runs';
import { seconds } from './stats';
import { formatTable, type Cell } from './table';

/** Runs an npm script with the console passed through, and an environment of its own. */
function npm(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(2));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * Runs `fn` with a comment line appended to `file`, then restores its bytes: the loop is timed on
 * a real change, so the incremental type check and the transpile cache do the work a change costs.
 */
async function withChangedFile<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const path = join(PROJECT_ROOT, file);
  const before = readFileSync(path);
  writeFileSync(
    path,
    Buffer.concat([before, Buffer.from(`// npm run bench -- --contributor: a change to time npm run quick on (${Date.now()})\n`)]),
  );
  try {
    return await fn();
  } finally {
    writeFileSync(path, before);
  }
}

const timed = (r: PhasesResult): TimedRun => ({
  status: r.status,
  totalMs: Math.round(r.totalMs),
  phases: r.phases.map((p) => ({
    name: p.name,
    ms: Math.round(p.ms),
    steps: p.steps.map((s) => ({ name: s.name, ms: Math.round(s.ms) })),
  })),
});

function table(title: string, run: TimedRun, notes: string[]): string {
  const rows: Cell[][] = run.phases.flatMap((p) => [
    [p.name, seconds(p.ms)],
    ...(p.steps.length > 1 ? p.steps.map((s): Cell[] => [`  ${s.name}`, seconds(s.ms)]) : []),
  ]);
  rows.push([run.status === 0 ? 'total' : `total (FAILED, exit ${run.status})`, seconds(run.totalMs)]);
  return formatTable({ title, headers: ['phase', 'wall'], rows, notes });
}

export async function contributorBench(benchContext: BenchContext): Promise<void> {
  const loadAtStart = loadNow();
  const dir = benchTempDir('ota-bench-contributor-');
  const files = { test: join(dir, 'test.json'), units: join(dir, 'units.json'), quick: join(dir, 'quick.json') };
  benchContext.progress('bench: npm test, phase by phase');
  await npm(['test'], { OTA_TEST_PHASES: files.test, OTA_TEST_TIMES: files.units });
  const test = JSON.parse(readFileSync(files.test, 'utf8')) as PhasesResult;
  let units: Array<{ file: string; ms: number }> = [];
  try {
    units = (JSON.parse(readFileSync(files.units, 'utf8')) as { files: typeof units }).files;
  } catch {
    // npm test stopped before its tests ran: no test times.
  }
  benchContext.progress(`bench: npm run quick -- --files ${benchContext.opts.quickFiles.join(',')}, the first one changed`);
  await withChangedFile(benchContext.opts.quickFiles[0], () =>
    npm(['run', 'quick', '--', '--files', benchContext.opts.quickFiles.join(',')], { OTA_QUICK_PHASES: files.quick }),
  );
  const quick = JSON.parse(readFileSync(files.quick, 'utf8')) as PhasesResult & { plan: QuickPlan };
  const figures: ContributorFigures = {
    test: timed(test),
    quick: { ...timed(quick), files: benchContext.opts.quickFiles, tests: quick.plan.tests.length, faults: quick.plan.faults },
    slowestTests: units.slice(0, 10).map((u) => ({ file: relative(PROJECT_ROOT, u.file), ms: u.ms })),
    testFiles: units.length,
  };
  benchContext.print(
    table('npm test, phase by phase (wall time)', figures.test, [
      `${test.cores} cores; load average ${test.load.start} at the start, ${test.load.end} at the end.`,
    ]),
  );
  benchContext.print('');
  benchContext.print(
    formatTable({
      title: `The slowest of the ${figures.testFiles} test files (their tests' time, not counting the process start)`,
      headers: ['file', 'time'],
      rows: figures.slowestTests.map((t) => [t.file, seconds(t.ms)]),
    }),
  );
  benchContext.print('');
  benchContext.print(
    table(
      `npm run quick on a change of ${figures.quick.files.length} file(s): ${figures.quick.tests} test file(s), ${figures.quick.faults.length} fault(s)`,
      figures.quick,
      [`The change: ${figures.quick.files.join(', ')}.`],
    ),
  );
  benchContext.print('');
  benchContext.print(recordFigures('contributor', `npm run bench -- --contributor`, figures, loadAtStart));
}
