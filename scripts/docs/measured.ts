// The measured figures the README and docs/ show, rendered from docs/figures/<set>.json (written by
// the script that measured them: scripts/measured-figures.ts) between `<!-- measured:<key> -->`
// markers, with the date, the commit, the machine and its load, and the command that measures them
// again. No measured figure is written by hand, so none goes stale unseen: `npm run docs` renders
// the blocks, and the docs test fails when a block differs from its file. A set measured on other
// code than this clone's (the matrix of another fault count) fails `npm run docs -- --check`, with
// the command that measures it again (staleFigures).
import { FAULTS } from '../../sandbox/src/faults';
import { PROJECT_ROOT } from '../../src/run/config';
import {
  MEASURED_BY,
  readFigures,
  type BenchFigures,
  type ContributorFigures,
  type FigureSet,
  type MatrixFigures,
  type Measured,
  type SafetyFigures,
  type TimedRun,
} from '../measured-figures';

const s = (ms: number | null, digits = 1) => (ms === null || !Number.isFinite(ms) ? '–' : `${(ms / 1000).toFixed(digits)} s`);
const msText = (ms: number) => `${ms < 10 ? ms.toFixed(2) : Math.round(ms)} ms`;
const x = (a: number | null, b: number | null) => (a === null || b === null || b <= 0 ? '–' : `${(a / b).toFixed(1)}×`);
const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
const table = (header: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---|').join('')}`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** The line above every block: when, at which commit, on what machine, under what load, and how to measure again. */
export function provenance(measured: Measured<unknown>): string {
  const machine = measured.machine;
  return (
    `*Measured on ${measured.date} at ${measured.commit} by \`${measured.command}\`: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, ` +
    `Node ${machine.node}, ${machine.os}; load average ${machine.load.start} at the start, ${machine.load.end} at the end.*`
  );
}

const notMeasured = (set: FigureSet) =>
  `*Not measured yet: \`${MEASURED_BY[set]}\` measures these figures, then \`npm run docs\` shows them here.*`;

/** Renders a set's block, or says how to measure it. */
function block<F>(set: FigureSet, measured: Measured<F> | undefined, body: (f: F, measured: Measured<F>) => string): string {
  return measured ? `${provenance(measured)}\n\n${body(measured.figures, measured)}` : notMeasured(set);
}

const met = (t: BenchFigures['targets'][number]) => (t.met ? 'MET' : '**NOT MET**');

function targetsTable(benchFigures: BenchFigures): string {
  return table(
    ['Target', 'Measured', 'Limit', ''],
    benchFigures.targets.map((t) => [t.target, s(t.measuredMs), t.limitMs === null ? '–' : `${s(t.limitMs)} (${t.reference})`, met(t)]),
  );
}

/** The README's, in one line: when, where and how, briefly (the docs' blocks say it whole). */
export function briefProvenance(measured: Measured<unknown>): string {
  return `*Measured on ${measured.date} at ${measured.commit} by \`${measured.command}\`, ${measured.machine.cores} cores, load average ${measured.machine.load.start} to ${measured.machine.load.end}.*`;
}

/** The README's: each target, its figure against its limit, in one line. */
export function benchTargets(benchFigures: BenchFigures): string {
  const selection = benchFigures.latency.tags
    ? ` The latency-bound figures are of the selection \`${benchFigures.latency.tags}\`, not the full run.`
    : '';
  const each = benchFigures.targets.map(
    (t) => `${t.target}: ${s(t.measuredMs)} against ${t.limitMs === null ? '–' : `${s(t.limitMs)} (${t.reference})`}, ${met(t)}`,
  );
  return `${each.join('; ')}.${selection}`;
}

/** A block in one line: the figures, then briefly when and where; or how to measure them. */
function line<F>(set: FigureSet, measured: Measured<F> | undefined, body: (f: F) => string): string {
  return measured ? `${body(measured.figures)} ${briefProvenance(measured)}` : notMeasured(set);
}

/** docs/speed.md: every figure of the bench, table by table. */
export function benchAll(benchFigures: BenchFigures): string {
  const main = table(
    ['Main job against the bare loop (median of ' + benchFigures.runs + ')', 'Wall'],
    [
      [
        `\`npm run conformance\`, every report, embedded sandbox${benchFigures.mainJob.conforms ? '' : ' (**did not conform**)'}`,
        s(benchFigures.mainJob.wallMs),
      ],
      ['  of which CPU (user + system)', s(benchFigures.mainJob.cpuMs)],
      ['  its first scenario finished', s(benchFigures.mainJob.toFirstScenarioMs)],
      [`bare loop: the same ${benchFigures.exchanges} exchanges with undici and libxml2-wasm, one process`, s(benchFigures.bareLoopMs)],
      ['ratio', x(benchFigures.mainJob.wallMs, benchFigures.bareLoopMs)],
    ],
  );
  const phases = table(
    ['Phase of the main job', 'Wall', 'Share'],
    benchFigures.phases.map((p) => [p.phase, s(p.ms), `${Math.round((100 * p.ms) / benchFigures.mainJob.wallMs)} %`]),
  );
  const scan = benchFigures.scan
    ? `The secret scan, one thread: ${benchFigures.scan.mbPerS} MB/s over ${benchFigures.scan.megabytes} MB in ${benchFigures.scan.files} files.`
    : '';
  const held = benchFigures.latency.tags ? `the selection \`${benchFigures.latency.tags}\`` : 'the full run';
  const latency = table(
    [
      `Every reply held ${benchFigures.latency.holdMs} ms, ${held}: \`--parallel\``,
      'Exchanges',
      'Wall',
      'Ideal',
      'Wall / ideal',
      'Workers started',
    ],
    benchFigures.latency.rows.map((r) => [
      `${r.parallel ?? 'none'}${r.conforms ? '' : ' (**did not conform**)'}`,
      String(r.exchanges),
      s(r.wallMs),
      s(r.idealMs),
      x(r.wallMs, r.idealMs),
      r.workerStartsMs.length ? `${s(Math.min(...r.workerStartsMs))} to ${s(Math.max(...r.workerStartsMs))}` : '–',
    ]),
  );
  return [main, phases, scan, latency, targetsTable(benchFigures)].filter(Boolean).join('\n\n');
}

/** A wall time of a contributor's loop: seconds, and minutes too from two minutes on. */
const wall = (ms: number) => (ms < 120_000 ? s(ms) : `${minutes(ms)} (${s(ms, 0)})`);

function phasesTable(title: string, run: TimedRun): string {
  const rows = run.phases.flatMap((p) => [
    [p.name, wall(p.ms)],
    ...(p.steps.length > 1 ? p.steps.map((st) => [`  ${st.name}`, wall(st.ms)]) : []),
  ]);
  rows.push([run.status === 0 ? '**total**' : `**total** (failed, exit ${run.status})`, `**${wall(run.totalMs)}**`]);
  return table([title, 'Wall'], rows);
}

/** docs/development.md: npm test phase by phase, the quick loop on a change. */
export function contributor(contributorFigures: ContributorFigures): string {
  const slowest = contributorFigures.slowestTests.length
    ? `The slowest of its ${contributorFigures.testFiles} test files: ${contributorFigures.slowestTests
        .slice(0, 5)
        .map((t) => `\`${t.file}\` ${s(t.ms)}`)
        .join(', ')}.`
    : '';
  const quick = phasesTable(
    `\`npm run quick\` after a change of ${contributorFigures.quick.files.length} files (${contributorFigures.quick.tests} test files, ${contributorFigures.quick.faults.length} faults)`,
    contributorFigures.quick,
  );
  return [
    phasesTable('`npm test`, phase by phase (target: within 5 minutes on 2 cores)', contributorFigures.test),
    slowest,
    quick,
    `The change: ${contributorFigures.quick.files.map((file) => `\`${file}\``).join(', ')} (the first edited, the others named). Target: within 90 s.`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** docs/safety.md: the bounds, timed. */
export function safety(safetyFigures: SafetyFigures): string {
  return table(
    ['What', 'Time'],
    [
      ...safetyFigures.entityBombs.map((b) => [`${b.bomb}: ${b.refused ? 'refused' : '**parsed**'}`, msText(b.ms)]),
      [`the DOCTYPE check of a prolog of ${safetyFigures.prolog.items} items`, msText(safetyFigures.prolog.ms)],
      ...safetyFigures.hostileReplies.map((h) => [
        `${h.megabytes} MB hostile reply (${h.shape}): masked, scanned`,
        `${msText(h.maskMs)}, ${msText(h.scanMs)}`,
      ]),
      [
        `a ledger intent appended and fsynced: median of ${safetyFigures.ledger.appends}, the slowest`,
        `${msText(safetyFigures.ledger.medianMs)}, ${msText(safetyFigures.ledger.maxMs)}`,
      ],
    ],
  );
}

/** docs/mutants.md: the whole fault × variant matrix (staleFigures names a matrix of another fault count). */
export function matrix(matrixFigures: MatrixFigures): string {
  return (
    `The full matrix: **${matrixFigures.runs.toLocaleString('en')} runs in ${minutes(matrixFigures.seconds * 1000)}** with \`--jobs ${matrixFigures.jobs}\`; ` +
    `${matrixFigures.caught}/${matrixFigures.faults} faults caught in every dialect that touches them, ${matrixFigures.missedCells} cells missed.`
  );
}

/** The faults the matrix runs: those conformance must catch (edge faults are explored apart). */
const MATRIX_FAULTS = () => FAULTS.filter((fault) => !fault.edge).length;

/**
 * The measured figures the code has outgrown, each with the command that measures them again: the
 * matrix measured with another number of faults than the sandbox has. `npm run docs -- --check`
 * fails on them rather than the docs saying it.
 */
export function staleFigures(root = PROJECT_ROOT, faults = MATRIX_FAULTS()): string[] {
  const figures = readFigures<MatrixFigures>('matrix', root);
  if (!figures || figures.figures.faults === faults) return [];
  return [
    `docs/figures/matrix.json was measured with ${figures.figures.faults} faults and the sandbox has ${faults}: ` +
      `run \`${MEASURED_BY.matrix}\`, then \`npm run docs\``,
  ];
}

/** Every measured block, by its marker key. */
export function measuredTables(root = PROJECT_ROOT): Map<string, string> {
  const bench = readFigures<BenchFigures>('bench', root);
  return new Map([
    ['measured:bench-targets', line('bench', bench, benchTargets)],
    ['measured:bench', block('bench', bench, benchAll)],
    ['measured:contributor', block('contributor', readFigures<ContributorFigures>('contributor', root), contributor)],
    ['measured:safety', block('safety', readFigures<SafetyFigures>('safety', root), safety)],
    ['measured:matrix', block('matrix', readFigures<MatrixFigures>('matrix', root), matrix)],
    ['measured:matrix-summary', line('matrix', readFigures<MatrixFigures>('matrix', root), matrix)],
  ]);
}
