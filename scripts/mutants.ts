// `npm run mutants [-- --only <fault|variant,...>] [--jobs <n>] [--full] [--no-variants] [--with-variants <variant,...>] [--matrix]`
// Proves both halves of what a conformance suite is worth, against the embedded sandbox:
//   - it catches mistakes: one run per FAULT of sandbox/src/faults/; a fault is caught when every
//     requirement it declares gets `failed` (a warning, for a SHOULD requirement) with findings;
//   - it blames nothing else: a baseline run without faults must say CONFORMS with no warning, and
//     one full run per dialect VARIANT of sandbox/src/variants/ (legitimate forms the spec leaves
//     open) must say CONFORMS with at most the warnings the variant declares;
//   - its faults hold in every dialect: a fixed sample of the fault × variant matrix (each fault once,
//     with some variant); `--matrix` runs the whole matrix (scripts/mutants/matrix.ts) instead;
//   - it decides: a variant run counts as decided when no MUST requirement is left at cannot tell
//     or untested ("MUST decided on variants: n/n"; exit 1 otherwise); variants that hide a fact (only corroboration
//     or another placement shows it) measure that the suite still decides.
// --with-variants runs every fault under those dialect variants (a fault must be caught whatever
// the dialect).
// A fault is caught only when EVERY requirement it declares failed. The kill matrix (which faults
// fail which requirements) goes to reports/mutants/kill-matrix.md.
// One line per run as it finishes; the tables and both scores at the end; exit 1 when a fault
// escapes or a variant is judged unfairly, 2 on bad arguments.
import { spawn } from 'node:child_process';
import { cpus, tmpdir } from 'node:os';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAULTS, type FaultDef } from '../sandbox/src/faults';
import { VARIANTS, type VariantDef } from '../sandbox/src/variants';
import { PROJECT_ROOT } from '../src/run/config';
import { REQUIREMENTS } from '../src/spec/requirements';
import { ConfigError } from '../src/core/errors';
import type { ConformanceResult } from '../src/reporting/result';
import { writeKillMatrix } from './mutants/kill-matrix';
import { CellPool } from './mutants/cell-pool';
import { checkCombinations, combinedDialects, matrixCells, matrixSample, matrixTable, type Cell, type DialectRun } from './mutants/matrix';

interface RunOutcome {
  label: string;
  exitCode: number;
  seconds: number;
  result?: ConformanceResult;
  dir: string;
}

/** The combined dialects of scripts/mutants/matrix.ts, each run as one dialect. */
const COMBINED = combinedDialects();

function parseArgs(argv: string[]) {
  const opts = {
    only: [] as string[],
    jobs: Math.max(1, cpus().length),
    full: false,
    variants: true,
    keep: false,
    matrix: false,
    under: [] as string[],
    fresh: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') opts.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (a === '--jobs') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new ConfigError('--jobs needs a whole number of at least 1');
      opts.jobs = n;
    } else if (a === '--full') opts.full = true;
    else if (a === '--no-variants') opts.variants = false;
    else if (a === '--keep') opts.keep = true;
    else if (a === '--with-variants') opts.under = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (a === '--matrix') opts.matrix = true;
    else if (a === '--fresh-processes') opts.fresh = true;
    else
      throw new ConfigError(
        `unknown argument ${a}; use --only <name,...>, --jobs <n>, --full, --no-variants, --with-variants <variant,...>, --keep, --matrix, --fresh-processes`,
      );
  }
  const names = new Set<string>([...FAULTS.map((f) => f.name), ...VARIANTS.map((v) => v.name), ...COMBINED.map((c) => c.name)]);
  const unknown = opts.only.filter((n) => !names.has(n));
  if (unknown.length)
    throw new ConfigError(
      `unknown fault, variant or combined dialect ${unknown.join(', ')}; see npm run sandbox -- --list-faults / --list-variants, and scripts/mutants/matrix.ts`,
    );
  // A combined dialect's name stands for its variants.
  opts.under = opts.under.flatMap((n) => COMBINED.find((c) => c.name === n)?.switchedOn ?? [n]);
  const notVariants = opts.under.filter((n) => !VARIANTS.some((v) => v.name === n));
  if (notVariants.length)
    throw new ConfigError(
      `--with-variants: unknown variant ${notVariants.join(', ')}; see npm run sandbox -- --list-variants, or a combined dialect of scripts/mutants/matrix.ts`,
    );
  return opts;
}

/** A mutants run selects a few scenarios of the sandbox: minutes are ample (a whole default run takes about a minute). */
const RUN_DEADLINE_MS = 5 * 60_000;

/** Warm worker processes for the runs (scripts/mutants/cell-pool.ts); undefined with --fresh-processes. */
let warm: CellPool | undefined;

/** One suite run against a fresh embedded sandbox; its reports go to a folder of its own. */
async function runSuite(root: string, label: string, env: Record<string, string>, tags?: string): Promise<RunOutcome> {
  const dir = join(root, label);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // summary.json is all a mutants run is judged on: no other report is written.
  const argv = ['--summary-only', ...(tags ? ['--tags', tags] : [])];
  const runEnv = {
    OTA_BASE_URL: '',
    OTA_REPORTS_DIR: dir,
    OTA_LEDGER_FILE: join(dir, 'ledger.jsonl'),
    OTA_SANDBOX_FAULTS: '',
    OTA_SANDBOX_VARIANTS: '',
    // A run that hangs must not stall the matrix: it stops with exit 2 and counts as not caught.
    OTA_RUN_DEADLINE_MS: String(RUN_DEADLINE_MS),
    ...env,
  };
  const started = Date.now();
  const outcome = (code: number): RunOutcome => {
    const file = join(dir, 'summary.json');
    const result = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ConformanceResult) : undefined;
    return { label, exitCode: code, seconds: (Date.now() - started) / 1000, result, dir };
  };
  if (warm) return outcome(await warm.run(argv, runEnv));
  const args = [join(PROJECT_ROOT, 'scripts/launch.js'), 'conformance', ...argv];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...runEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('close', (code) => {
      writeFileSync(join(dir, 'console.log'), log);
      resolve(outcome(code ?? -1));
    });
  });
}

async function pool<T, R>(items: T[], jobs: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

/** Requirements that failed in a run: MUST failures and SHOULD warnings. */
const failed = (r: RunOutcome, level?: string) =>
  (r.result?.requirements ?? []).filter((q) => q.outcome === 'failed' && (!level || q.level === level));

/** Caught only when EVERY requirement the fault declares failed (a warning, for a SHOULD) with findings. */
export function judgeFault(f: FaultDef, run: RunOutcome): { caught: boolean; by: string[]; missed: string[] } {
  const hit = failed(run).filter((q) => (f.breaks as readonly string[]).includes(q.id) && q.findings.length > 0);
  const by = hit.map((q) => `${q.id} (${q.level === 'MUST' ? 'failed' : 'warning'})`);
  const missed = f.breaks.filter((id) => !hit.some((q) => q.id === id));
  return { caught: missed.length === 0, by, missed };
}

/** MUST requirements a run left open (cannot tell, or untested though testable): a decided run has none. */
export const openMusts = (run: RunOutcome): string[] =>
  (run.result?.requirements ?? [])
    .filter((q) => q.level === 'MUST' && (q.outcome === 'cantTell' || (q.outcome === 'untested' && !isUntestable(q.id))))
    .map((q) => q.id);
const isUntestable = (id: string) => REQUIREMENTS.some((q) => q.id === id && 'untestable' in q && !!q.untestable);

export function judgeVariant(v: VariantDef, run: RunOutcome): { fair: boolean; why: string } {
  if (!run.result) return { fair: false, why: `no result (exit ${run.exitCode}): see ${join(run.dir, 'console.log')}` };
  const must = failed(run, 'MUST').map((q) => q.id);
  const unexpected = failed(run, 'SHOULD')
    .map((q) => q.id)
    .filter((id) => !(v.expectedWarnings as readonly string[]).includes(id));
  if (run.exitCode !== 0) return { fair: false, why: `${run.result.verdict} (exit ${run.exitCode}): ${run.result.verdictReason}` };
  if (must.length || unexpected.length) return { fair: false, why: `undeclared findings: ${[...must, ...unexpected].join(', ')}` };
  return { fair: true, why: `CONFORMS${run.result.warnings ? ` with ${run.result.warnings} declared warning(s)` : ''}` };
}

/** The kill matrix outlives the temporary run folders: reports/mutants/ (never committed). */
function mutantsReportDir(): string {
  const dir = join(PROJECT_ROOT, 'reports', 'mutants');
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  const pick = <T extends { name: string }>(xs: readonly T[]) =>
    opts.only.length ? xs.filter((x) => opts.only.includes(x.name)) : [...xs];
  const faults = pick(FAULTS);
  // Each variant alone, then each combined dialect (scripts/mutants/matrix.ts) as a whole: both must
  // be judged fairly and decided.
  const variants: DialectRun[] = opts.variants ? [...pick(VARIANTS).map((v) => ({ ...v, switchedOn: [v.name] })), ...pick(COMBINED)] : [];
  // Outside reports/: the run's own secret scan must not walk thousands of mutation files.
  const root = mkdtempSync(join(tmpdir(), 'ota-mutants-'));
  const t0 = Date.now();
  // Runs go to warm worker processes (one per job) unless --fresh-processes asks for one process each.
  if (!opts.fresh) warm = new CellPool(root);
  console.log(
    opts.matrix
      ? `Fault × variant matrix: ${faults.length} faults, ${matrixCells(faults).length} runs, ${opts.jobs} at a time. Reports: ${root}`
      : `Mutation and fairness runs: the baseline, ${faults.length} faults${opts.under.length ? ` (under ${opts.under.join(', ')})` : ''}, ${variants.length} variants, ${opts.only.length ? 0 : faults.length} matrix sample runs, ${opts.jobs} at a time. Reports: ${root}`,
  );

  // --matrix: only the fault × variant cells; the default run adds the fixed sample (each fault once).
  const combinationProblems = checkCombinations();
  if (combinationProblems.length) throw new ConfigError(combinationProblems.join('; '));
  const cells: Cell[] = opts.matrix ? matrixCells(faults) : opts.only.length ? [] : matrixSample(faults);
  type Job = { kind: 'baseline' } | { kind: 'fault'; f: FaultDef } | { kind: 'variant'; v: DialectRun } | { kind: 'cell'; cell: Cell };
  const jobs: Job[] = opts.matrix
    ? cells.map((cell) => ({ kind: 'cell' as const, cell }))
    : [
        { kind: 'baseline' },
        ...faults.map((f) => ({ kind: 'fault' as const, f })),
        ...variants.map((v) => ({ kind: 'variant' as const, v })),
        ...cells.map((cell) => ({ kind: 'cell' as const, cell })),
      ];
  // A fault's runEnv configures what its run needs (the slow reply outlasts the time-out; the real Instance).
  const faultEnv = (f: FaultDef): Record<string, string> => ({
    OTA_SANDBOX_FAULTS: f.name,
    ...(opts.under.length ? { OTA_SANDBOX_VARIANTS: opts.under.join(',') } : {}),
    ...(f.runEnv ?? {}),
  });
  // Only the scenarios of the requirements a fault declares; booking faults also need other bookings
  // in the store (a read that returns another booking).
  const faultTags = (f: FaultDef): string | undefined =>
    opts.full ? undefined : [...f.breaks.map((r) => `@req:${r}`), ...(f.area === 'booking' ? ['@creates-booking'] : [])].join(' or ');
  const results = await pool(jobs, opts.jobs, async (job) => {
    if (job.kind === 'baseline') {
      const run = await runSuite(root, 'baseline', {});
      const ok = run.exitCode === 0 && run.result?.verdict === 'CONFORMS' && run.result.warnings === 0;
      console.log(
        `baseline: ${ok ? 'CONFORMS, no warning' : `NOT CLEAN: ${run.result?.verdict ?? `exit ${run.exitCode}`} ${run.result?.verdictReason ?? ''}`} (${run.seconds.toFixed(0)} s)`,
      );
      return { job, run, ok, detail: run.result?.verdictReason ?? '' };
    }
    if (job.kind === 'cell') {
      const { fault, column, variants: on } = job.cell;
      const run = await runSuite(
        root,
        `cell-${fault.name}-${column}`,
        { ...faultEnv(fault), OTA_SANDBOX_VARIANTS: on.join(',') },
        faultTags(fault),
      );
      const j = judgeFault(fault, run);
      if (!j.caught) console.log(`fault ${fault.name} with ${column}: MISSED (exit ${run.exitCode}; not failed: ${j.missed.join(', ')})`);
      return { job, run, ok: j.caught, detail: j.caught ? j.by.join(', ') : `not failed: ${j.missed.join(', ')}` };
    }
    if (job.kind === 'fault') {
      const run = await runSuite(root, `fault-${job.f.name}`, faultEnv(job.f), faultTags(job.f));
      const j = judgeFault(job.f, run);
      console.log(
        `fault ${job.f.name}: ${j.caught ? `caught by ${j.by.join(', ')}` : `ESCAPED (exit ${run.exitCode}; not failed: ${j.missed.join(', ')})`} (${run.seconds.toFixed(0)} s)`,
      );
      return {
        job,
        run,
        ok: j.caught,
        detail: j.caught
          ? j.by.join(', ')
          : `not failed: ${j.missed.join(', ')}; exit ${run.exitCode}, ${run.result?.scenarios.length ?? 0} scenarios`,
      };
    }
    const run = await runSuite(root, `variant-${job.v.name}`, { OTA_SANDBOX_VARIANTS: job.v.switchedOn.join(',') });
    const j = judgeVariant(job.v, run);
    const open = openMusts(run);
    const decided = open.length ? `; MUST open: ${open.join(', ')}` : '';
    console.log(`variant ${job.v.name}: ${j.fair ? 'judged fairly' : 'JUDGED UNFAIRLY'}: ${j.why}${decided} (${run.seconds.toFixed(0)} s)`);
    return { job, run, ok: j.fair, detail: j.why + decided, decided: !!run.result && open.length === 0 };
  });

  const rows = (kind: 'fault' | 'variant') => results.filter((r) => r.job.kind === kind);
  const table = (title: string, head: string[], body: string[][]) => {
    const all = [head, ...body];
    const widths = head.map((_, c) => Math.min(48, Math.max(...all.map((r) => r[c].length))));
    console.log(`\n${title}\n${all.map((r) => r.map((v, c) => (c === r.length - 1 ? v : v.padEnd(widths[c]))).join('  ')).join('\n')}`);
  };
  if (rows('fault').length)
    table(
      'Faults (mistakes the suite must catch)',
      ['fault', 'area', 'breaks', 'caught', 'by'],
      rows('fault').map((r) => {
        const f = (r.job as { f: FaultDef }).f;
        return [f.name, f.area, f.breaks.join(' '), r.ok ? 'yes' : 'NO', r.detail];
      }),
    );
  if (rows('variant').length)
    table(
      'Variants (legitimate forms the suite must accept)',
      ['variant', 'declared warnings', 'fair', 'outcome'],
      rows('variant').map((r) => {
        const v = (r.job as { v: VariantDef }).v;
        return [v.name, v.expectedWarnings.join(' ') || '-', r.ok ? 'yes' : 'NO', r.detail];
      }),
    );
  // --matrix runs no baseline: it is the default run's job.
  const baselineOk = results.find((r) => r.job.kind === 'baseline')?.ok ?? true;
  const caught = rows('fault').filter((r) => r.ok).length;
  const fair = rows('variant').filter((r) => r.ok).length;
  const decided = rows('variant').filter((r) => 'decided' in r && r.decided).length;
  const cellRuns = results.filter((r) => r.job.kind === 'cell').map((r) => ({ cell: (r.job as { cell: Cell }).cell, caught: r.ok }));
  const cellFaults = [...new Set(cellRuns.map((r) => r.cell.fault.name))];
  const acrossDialects = cellFaults.filter((f) => cellRuns.every((r) => r.cell.fault.name !== f || r.caught)).length;
  if (cellRuns.length) {
    const table = `Fault × variant matrix (${opts.matrix ? 'full' : 'fixed sample'}, ${cellRuns.length} runs)\n${matrixTable(cellRuns)}`;
    console.log(`\n${table}`);
    // kept with the kill matrix (a CI job uploads reports/mutants/)
    writeFileSync(join(mutantsReportDir(), opts.matrix ? 'matrix.txt' : 'matrix-sample.txt'), `${table}\n`);
  }
  const seconds = (Date.now() - t0) / 1000;
  if (warm)
    console.log(`${results.length} runs in ${warm.workersStarted} warm worker process(es) (--fresh-processes: one process per run)`);
  warm?.close();
  writeFileSync(
    join(root, 'score.json'),
    JSON.stringify(
      {
        baseline: baselineOk,
        caught,
        faults: rows('fault').length,
        fair,
        decided,
        variants: variants.length,
        cells: cellRuns.length,
        acrossDialects,
        seconds,
      },
      null,
      2,
    ),
  );
  if (rows('fault').length)
    console.log(
      `\n${writeKillMatrix(
        mutantsReportDir(),
        rows('fault').map((r) => ({
          fault: (r.job as { f: FaultDef }).f.name,
          breaks: (r.job as { f: FaultDef }).f.breaks,
          result: r.run.result,
        })),
      )}`,
    );
  console.log(`${seconds.toFixed(0)} s.`);
  if (!opts.matrix) {
    console.log(`baseline: ${baselineOk ? 'CONFORMS with no warning' : 'NOT CLEAN'}`);
    console.log(`mutation score: ${caught}/${faults.length} faults caught`);
  }
  if (variants.length && !opts.matrix) console.log(`variants judged fairly: ${fair}/${variants.length}`);
  if (variants.length && !opts.matrix) console.log(`MUST decided on variants: ${decided}/${variants.length}`);
  if (cellRuns.length) console.log(`faults caught across dialects: ${acrossDialects}/${cellFaults.length}`);
  // Undecided is a failure too: a conformant dialect left at NOT DETERMINED is a suite that cannot certify.
  const ok =
    baselineOk &&
    caught === rows('fault').length &&
    fair === rows('variant').length &&
    decided === rows('variant').length &&
    acrossDialects === cellFaults.length;
  if (ok && !opts.keep) rmSync(root, { recursive: true, force: true });
  else console.log(`Reports of each run kept in ${root}`);
  return ok ? 0 : 1;
}

// Run by scripts/launch.js (npm run mutants): no require.main guard, the launcher is the main module.
main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof ConfigError ? `mutants: ${e.message}` : (e as Error).stack);
    process.exit(2);
  },
);
