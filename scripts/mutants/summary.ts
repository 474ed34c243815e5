// What npm run mutants says at the end: the tables of faults and variants, the fault × variant
// matrix, the kill matrix, score.json and the scores; and whether the whole run passed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FaultDef } from '../../sandbox/src/faults';
import type { VariantDef } from '../../sandbox/src/variants';
import { PROJECT_ROOT } from '../../src/run/config';
import type { MutantsOptions } from './args';
import type { JobResult } from './jobs';
import { writeKillMatrix } from './kill-matrix';
import { matrixTable, type Cell } from './matrix';

/** The kill matrix outlives the temporary run folders: reports/mutants/ (never committed). */
function mutantsReportDir(): string {
  const dir = join(PROJECT_ROOT, 'reports', 'mutants');
  mkdirSync(dir, { recursive: true });
  return dir;
}

const rows = (results: readonly JobResult[], kind: 'fault' | 'variant') => results.filter((r) => r.job.kind === kind);
const faultOf = (r: JobResult) => (r.job as { f: FaultDef }).f;

function printTable(title: string, head: string[], body: string[][]): void {
  const all = [head, ...body];
  const widths = head.map((_, c) => Math.min(48, Math.max(...all.map((r) => r[c].length))));
  console.log(`\n${title}\n${all.map((r) => r.map((v, c) => (c === r.length - 1 ? v : v.padEnd(widths[c]))).join('  ')).join('\n')}`);
}

/** The table of the faults run, then of the variants run. */
export function printTables(results: readonly JobResult[]): void {
  if (rows(results, 'fault').length)
    printTable(
      'Faults (mistakes the suite must catch)',
      ['fault', 'area', 'breaks', 'caught', 'by'],
      rows(results, 'fault').map((jobResult) => {
        const faultDef = faultOf(jobResult);
        return [faultDef.name, faultDef.area, faultDef.breaks.join(' '), jobResult.ok ? 'yes' : 'NO', jobResult.detail];
      }),
    );
  if (rows(results, 'variant').length)
    printTable(
      'Variants (legitimate forms the suite must accept)',
      ['variant', 'declared warnings', 'fair', 'outcome'],
      rows(results, 'variant').map((jobResult) => {
        const variantDef = (jobResult.job as { v: VariantDef }).v;
        return [variantDef.name, variantDef.expectedWarnings.join(' ') || '-', jobResult.ok ? 'yes' : 'NO', jobResult.detail];
      }),
    );
}

/** The figures of a mutants run. */
export interface Tally {
  /** The baseline said CONFORMS with no warning (--matrix runs no baseline: it is the default run's job). */
  baselineOk: boolean;
  faultRuns: number;
  caught: number;
  variantRuns: number;
  fair: number;
  decided: number;
  cellRuns: { cell: Cell; caught: boolean }[];
  /** Faults run in cells, and those caught in every cell they ran in. */
  cellFaults: string[];
  acrossDialects: number;
}

export function tally(results: readonly JobResult[]): Tally {
  const cellRuns = results.filter((r) => r.job.kind === 'cell').map((r) => ({ cell: (r.job as { cell: Cell }).cell, caught: r.ok }));
  const cellFaults = [...new Set(cellRuns.map((r) => r.cell.fault.name))];
  return {
    baselineOk: results.find((r) => r.job.kind === 'baseline')?.ok ?? true,
    faultRuns: rows(results, 'fault').length,
    caught: rows(results, 'fault').filter((r) => r.ok).length,
    variantRuns: rows(results, 'variant').length,
    fair: rows(results, 'variant').filter((r) => r.ok).length,
    decided: rows(results, 'variant').filter((r) => r.decided === true).length,
    cellRuns,
    cellFaults,
    acrossDialects: cellFaults.filter((f) => cellRuns.every((r) => r.cell.fault.name !== f || r.caught)).length,
  };
}

/** The fault × variant matrix, printed and kept with the kill matrix (a CI job uploads reports/mutants/). */
export function printMatrix(tally: Tally, opts: MutantsOptions): void {
  if (!tally.cellRuns.length) return;
  const table = `Fault × variant matrix (${opts.matrix ? 'full' : 'fixed sample'}, ${tally.cellRuns.length} runs)\n${matrixTable(tally.cellRuns)}`;
  console.log(`\n${table}`);
  writeFileSync(join(mutantsReportDir(), opts.matrix ? 'matrix.txt' : 'matrix-sample.txt'), `${table}\n`);
}

/** score.json beside the runs' reports. */
export function writeScore(root: string, tally: Tally, variantsPlanned: number, seconds: number): void {
  const score = {
    baseline: tally.baselineOk,
    caught: tally.caught,
    faults: tally.faultRuns,
    fair: tally.fair,
    decided: tally.decided,
    variants: variantsPlanned,
    cells: tally.cellRuns.length,
    acrossDialects: tally.acrossDialects,
    seconds,
  };
  writeFileSync(join(root, 'score.json'), JSON.stringify(score, null, 2));
}

/** Which faults failed which requirements, to reports/mutants/kill-matrix.md; its summary line. */
export function printKillMatrix(results: readonly JobResult[]): void {
  if (!rows(results, 'fault').length) return;
  const runs = rows(results, 'fault').map((r) => ({ fault: faultOf(r).name, breaks: faultOf(r).breaks, result: r.run.result }));
  console.log(`\n${writeKillMatrix(mutantsReportDir(), runs)}`);
}

/** The closing lines: time, baseline, and every score. */
export function printScores(tally: Tally, opts: MutantsOptions, planned: { faults: number; variants: number }, seconds: number): void {
  console.log(`${seconds.toFixed(0)} s.`);
  if (!opts.matrix) {
    console.log(`baseline: ${tally.baselineOk ? 'CONFORMS with no warning' : 'NOT CLEAN'}`);
    console.log(`mutation score: ${tally.caught}/${planned.faults} faults caught`);
  }
  if (planned.variants && !opts.matrix) console.log(`variants judged fairly: ${tally.fair}/${planned.variants}`);
  if (planned.variants && !opts.matrix) console.log(`MUST decided on variants: ${tally.decided}/${planned.variants}`);
  if (tally.cellRuns.length) console.log(`faults caught across dialects: ${tally.acrossDialects}/${tally.cellFaults.length}`);
}

/** Undecided is a failure too: a conformant dialect left at NOT DETERMINED is a suite that cannot certify. */
export function passed(tally: Tally): boolean {
  return (
    tally.baselineOk &&
    tally.caught === tally.faultRuns &&
    tally.fair === tally.variantRuns &&
    tally.decided === tally.variantRuns &&
    tally.acrossDialects === tally.cellFaults.length
  );
}
