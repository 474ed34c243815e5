// Figures that come from a measurement (times, the full matrix) are never written by hand: the
// script that measures them writes its last figures to docs/figures/<name>.json, with the date,
// the commit and the machine, and `npm run docs` renders them into the README and docs/
// (scripts/docs/measured.ts). Commit the file with the docs it changed. The writers:
//   matrix       npm run mutants -- --matrix (the whole matrix, no --only)
//   bench        npm run bench
//   contributor  npm run bench -- --contributor (npm test and npm run quick, timed)
//   safety       npm run bench -- --safety (the bounds of docs/safety.md, timed)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/run/config';

export const FIGURES_FOLDER = 'docs/figures';
export const FIGURE_SETS = ['matrix', 'bench', 'contributor', 'safety'] as const;
export type FigureSet = (typeof FIGURE_SETS)[number];

/** The command that measures each set, as the docs tell a reader to run it. */
export const MEASURED_BY: Record<FigureSet, string> = {
  matrix: 'npm run mutants -- --matrix',
  bench: 'npm run bench',
  contributor: 'npm run bench -- --contributor',
  safety: 'npm run bench -- --safety',
};

export interface Machine {
  cores: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  os: string;
  /** One-minute load average when the measurement started and when it ended: a shared machine makes figures noisy. */
  load: { start: number; end: number };
}

export interface Measured<F> {
  /** The command that measured them, with its options. */
  command: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The commit measured (short hash), "+ changes" when the tree had uncommitted changes; "unknown" outside git. */
  commit: string;
  machine: Machine;
  figures: F;
}

export const loadNow = () => Math.round(loadavg()[0] * 10) / 10;

function commitNow(root: string): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = git('status', '--porcelain', '--untracked-files=no').length > 0;
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

export function machineNow(loadAtStart: number): Machine {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    os: `${platform()} ${release()}`,
    load: { start: loadAtStart, end: loadNow() },
  };
}

/** npm run mutants -- --matrix: the whole fault × variant matrix. */
export interface MatrixFigures {
  faults: number;
  runs: number;
  jobs: number;
  seconds: number;
  /** Faults caught in every cell of their row. */
  caught: number;
  missedCells: number;
}

/** npm run bench: the main job against the bare loop, its phases, the secret scan, the latency-bound runs. */
export interface BenchFigures {
  quick: boolean;
  /** Runs of each timed job; figures are medians. */
  runs: number;
  exchanges: number;
  /** conforms: every timed main job ended CONFORMS (exit 0). */
  mainJob: { wallMs: number; cpuMs: number | null; toFirstScenarioMs: number | null; conforms: boolean };
  bareLoopMs: number;
  /** Median wall time of each phase of the main job, by the labels of scripts/bench/phases.ts. */
  phases: Array<{ phase: string; ms: number }>;
  scan: { mbPerS: number; megabytes: number; files: number } | null;
  latency: {
    holdMs: number;
    /** The tag selection of the latency-bound runs; null: the full run. */
    tags: string | null;
    rows: Array<{
      parallel: number | null;
      exchanges: number;
      wallMs: number;
      idealMs: number;
      workerStartsMs: number[];
      conforms: boolean;
    }>;
  };
  /** The speed targets; null: not measured (a run failed). */
  targets: Array<{ target: string; measuredMs: number | null; reference: string; limitMs: number | null; met: boolean }>;
}

/** npm run bench -- --safety: the bounds of docs/safety.md, timed (test/support/measure-safety.ts). */
export interface SafetyFigures {
  /** Entity bombs libxml2 refuses: how long the refusal takes. */
  entityBombs: Array<{ bomb: string; ms: number; refused: boolean }>;
  /** The DOCTYPE check of a reply's prolog, one pass. */
  prolog: { items: number; ms: number };
  /** A hostile reply of `megabytes` MB, masked and scanned. */
  hostileReplies: Array<{ shape: string; megabytes: number; maskMs: number; scanMs: number }>;
  /** Ledger intents appended and fsynced. */
  ledger: { appends: number; medianMs: number; maxMs: number };
}

/** npm run bench -- --contributor: npm test and npm run quick, timed phase by phase. */
export interface ContributorFigures {
  test: TimedRun;
  quick: TimedRun & { files: string[]; tests: number; faults: string[] };
  /** The slowest unit and integration test files of that npm test, and their time. */
  slowestTests: Array<{ file: string; ms: number }>;
  testFiles: number;
}

export interface TimedRun {
  status: number;
  totalMs: number;
  phases: Array<{ name: string; ms: number; steps: Array<{ name: string; ms: number }> }>;
}

const fileOf = (set: FigureSet, root: string) => join(root, FIGURES_FOLDER, `${set}.json`);

/** Writes a set's figures (replacing the last ones); returns the line to print. */
export function recordFigures<F>(set: FigureSet, command: string, figures: F, loadAtStart: number, root = PROJECT_ROOT): string {
  const measured: Measured<F> = {
    command,
    date: new Date().toISOString().slice(0, 10),
    commit: commitNow(root),
    machine: machineNow(loadAtStart),
    figures,
  };
  mkdirSync(join(root, FIGURES_FOLDER), { recursive: true });
  writeFileSync(fileOf(set, root), `${JSON.stringify(measured, null, 2)}\n`);
  return `Figures written to ${FIGURES_FOLDER}/${set}.json: \`npm run docs\` puts them in the docs (commit both).`;
}

/** A set's last figures; undefined when never measured. */
export function readFigures<F>(set: FigureSet, root = PROJECT_ROOT): Measured<F> | undefined {
  const file = fileOf(set, root);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Measured<F>;
}
