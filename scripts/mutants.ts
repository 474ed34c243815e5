// `npm run mutants [-- --only <fault|variant,...>] [--jobs <n>] [--full] [--no-variants] [--with-variants <variant,...>] [--matrix] [--explore]`
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
// Edge faults (sandbox/src/faults/edges.ts, only some inputs show them) are counted apart: conformance
// is expected to pass them and npm run explore -- --seed 1 --budget 400 to find each one ("edge faults
// found by exploration: n/n", scripts/mutants/edges.ts); --explore also explores every dialect run,
// which must find nothing.
// --with-variants runs every fault under those dialect variants (a fault must be caught whatever
// the dialect).
// A fault is caught only when EVERY requirement it declares failed. The kill matrix (which faults
// fail which requirements) goes to reports/mutants/kill-matrix.md.
// One line per run as it finishes; the tables and both scores at the end; exit 1 when a fault
// escapes or a variant is judged unfairly, 2 on bad arguments.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULTS, type FaultDef } from '../sandbox/src/faults';
import { VARIANTS } from '../sandbox/src/variants';
import { ConfigError } from '../src/core/errors';
import { COMBINED, parseArgs, type MutantsOptions } from './mutants/args';
import { CellPool } from './mutants/cell-pool';
import { planJobs, runJob } from './mutants/jobs';
import { checkCombinations, matrixCells, matrixSample, type Cell, type DialectRun } from './mutants/matrix';
import { pool } from './mutants/run-suite';
import { exploreDialect, printEdges, runEdge } from './mutants/edges';
import { passed, printKillMatrix, printMatrix, printScores, printTables, tally, writeScore, type Tally } from './mutants/summary';
import { loadNow, recordFigures, type MatrixFigures } from './measured-figures';

/** The faults and dialects the options select: --only, and --no-variants; edge faults apart (scripts/mutants/edges.ts). */
function select(opts: MutantsOptions): { faults: FaultDef[]; edges: FaultDef[]; variants: DialectRun[] } {
  const pick = <T extends { name: string }>(xs: readonly T[]) =>
    opts.only.length ? xs.filter((x) => opts.only.includes(x.name)) : [...xs];
  // Each variant alone, then each combined dialect (scripts/mutants/matrix.ts) as a whole: both must
  // be judged fairly and decided.
  const variants: DialectRun[] = opts.variants ? [...pick(VARIANTS).map((v) => ({ ...v, switchedOn: [v.name] })), ...pick(COMBINED)] : [];
  return { faults: pick(FAULTS.filter((f) => !f.edge)), edges: opts.matrix ? [] : pick(FAULTS.filter((f) => f.edge)), variants };
}

function announce(opts: MutantsOptions, faults: readonly FaultDef[], variants: readonly DialectRun[], root: string): void {
  console.log(
    opts.matrix
      ? `Fault × variant matrix: ${faults.length} faults, ${matrixCells(faults).length} runs, ${opts.jobs} at a time. Reports: ${root}`
      : `Mutation and fairness runs: the baseline, ${faults.length} faults${opts.under.length ? ` (under ${opts.under.join(', ')})` : ''}, ${variants.length} variants, ${opts.only.length ? 0 : faults.length} matrix sample runs, ${opts.jobs} at a time. Reports: ${root}`,
  );
}

/** --matrix: every fault × variant cell; the default run: the fixed sample (each fault once), none with --only. */
function planCells(opts: MutantsOptions, faults: readonly FaultDef[]): Cell[] {
  const combinationProblems = checkCombinations();
  if (combinationProblems.length) throw new ConfigError(combinationProblems.join('; '));
  return opts.matrix ? matrixCells(faults) : opts.only.length ? [] : matrixSample(faults);
}

function recordMatrix(opts: MutantsOptions, t: Tally, seconds: number, loadAtStart: number): void {
  if (!opts.matrix || opts.only.length || opts.under.length) return;
  const figures: MatrixFigures = {
    faults: t.cellFaults.length,
    runs: t.cellRuns.length,
    jobs: opts.jobs,
    seconds: Math.round(seconds),
    caught: t.acrossDialects,
    missedCells: t.cellRuns.filter((r) => !r.caught).length,
  };
  const command = `npm run mutants -- --matrix --jobs ${opts.jobs}${opts.fresh ? ' --fresh-processes' : ''}`;
  console.log(recordFigures('matrix', command, figures, loadAtStart));
}

async function main(): Promise<number> {
  const loadAtStart = loadNow();
  const opts = parseArgs(process.argv.slice(2));
  const { faults, edges, variants } = select(opts);
  // Outside reports/: the run's own secret scan must not walk thousands of mutation files.
  const root = mkdtempSync(join(tmpdir(), 'ota-mutants-'));
  const t0 = Date.now();
  // Runs go to warm worker processes (one per job) unless --fresh-processes asks for one process each.
  const warm = opts.fresh ? undefined : new CellPool(root);
  announce(opts, faults, variants, root);
  const jobs = planJobs(opts, faults, variants, planCells(opts, faults));
  const results = await pool(jobs, opts.jobs, (job) => runJob(job, { opts, root, warm }));
  const edgeResults = await pool(edges, opts.jobs, (f) => runEdge(f, opts, root, warm));
  const explored = opts.explore ? await pool(variants, opts.jobs, (v) => exploreDialect(v, root)) : [];

  printTables(results);
  const t = tally(results);
  printMatrix(t, opts);
  const seconds = (Date.now() - t0) / 1000;
  if (warm)
    console.log(`${results.length} runs in ${warm.workersStarted} warm worker process(es) (--fresh-processes: one process per run)`);
  warm?.close();
  writeScore(root, t, variants.length, seconds);
  printKillMatrix(results);
  printScores(t, opts, { faults: faults.length, variants: variants.length }, seconds);
  recordMatrix(opts, t, seconds, loadAtStart);
  const ok = printEdges(edgeResults, explored) && passed(t);
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
