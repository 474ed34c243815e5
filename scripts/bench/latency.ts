// Section 3 of the bench: latency-bound runs (every reply held --hold-ms) for each --parallel, beside
// the ideal, and when each worker started.
import { cpus } from 'node:os';
import type { ChildRun } from './processes';
import { shortOutcome } from './processes';
import { runConformance, targetEnv, withProxiedSandbox, type BenchContext, type RunHow } from './runs';
import { idealMs, median, ratio, seconds, times } from './stats';
import { formatTable } from './table';
import { messagesFileOf, workerStarts } from './workers';

export interface LatencyRow {
  parallel?: number;
  run: ChildRun;
  exchanges: number;
  idealMs: number;
  /** ms from the run's start to each worker's first scenario. */
  workerStarts: number[];
}

export const latencyArgs = (c: BenchContext, parallel?: number) => [
  ...(parallel ? ['--parallel', String(parallel)] : []),
  ...(c.opts.latencyTags ? ['--tags', c.opts.latencyTags] : []),
];

async function latencyRun(benchContext: BenchContext, parallel: number | undefined, label: string, how: RunHow = {}): Promise<LatencyRow> {
  return withProxiedSandbox(benchContext.opts.holdMs, async (proxy) => {
    benchContext.progress(`bench: latency-bound, every reply held ${benchContext.opts.holdMs} ms, ${label}`);
    const run = await runConformance(benchContext, latencyArgs(benchContext, parallel), {
      ...how,
      env: { ...how.env, ...targetEnv(proxy.url) },
    });
    const exchanges = proxy.exchanges.length;
    const workers = workerStarts(messagesFileOf(run.reportsDir));
    return { parallel, run, exchanges, idealMs: idealMs(exchanges, benchContext.opts.holdMs, parallel ?? 1), workerStarts: workers };
  });
}

export async function latencyTable(benchContext: BenchContext): Promise<LatencyRow[]> {
  const rows: LatencyRow[] = [];
  if (benchContext.opts.sequential) rows.push(await latencyRun(benchContext, undefined, 'sequential'));
  for (const p of benchContext.opts.parallel) rows.push(await latencyRun(benchContext, p, `--parallel ${p}`));
  return rows;
}

export function latencyText(benchContext: BenchContext, rows: LatencyRow[]): string {
  const selection = benchContext.opts.latencyTags ? `the selection --tags "${benchContext.opts.latencyTags}"` : 'the full default run';
  return formatTable({
    title: `3. Latency-bound: every reply held ${benchContext.opts.holdMs} ms (${selection}; one run each)`,
    headers: ['--parallel', 'exchanges', 'wall', 'ideal', 'wall / ideal', 'first scenario', 'CPU', 'workers', 'outcome'],
    rows: rows.map((r) => [
      r.parallel ?? 'none',
      r.exchanges,
      seconds(r.run.wallMs),
      seconds(r.idealMs),
      times(ratio(r.run.wallMs, r.idealMs)),
      seconds(r.run.firstScenarioMs ?? NaN),
      seconds(r.run.cpuMs ?? NaN),
      r.run.peaks.filter((p) => p.role === 'worker').length,
      shortOutcome(r.run),
    ]),
    notes: [
      `ideal = ${benchContext.opts.holdMs} ms x (3 gate exchanges + exchanges / parallel), as the speed targets define it. Every run`,
      'has a fresh sandbox behind a proxy that holds each request before forwarding it; "first scenario": its progress line;',
      `"CPU": user + system time of the runner and its workers (the sandbox and proxy run in the bench); ${cpus().length} cores give`,
      `at most ${cpus().length} s of CPU per second of wall time.`,
    ],
  });
}

export function workerStartText(rows: LatencyRow[]): string {
  const withWorkers = rows.filter((r) => r.workerStarts.length > 0);
  return formatTable({
    title: "3b. Each worker's start: from the run's start to the worker's first scenario (cucumber messages of the runs above)",
    headers: ['--parallel', 'first', 'median', 'last', 'each worker (s)'],
    rows: withWorkers.length
      ? withWorkers.map((r) => [
          r.parallel ?? 'none',
          seconds(Math.min(...r.workerStarts)),
          seconds(median(r.workerStarts)),
          seconds(Math.max(...r.workerStarts)),
          r.workerStarts.map((ms) => (ms / 1000).toFixed(1)).join(' '),
        ])
      : [['(no run with workers)', '', '', '', '']],
    notes: ['A worker starts node, cucumber, the compiled support code; the later ones wait for a core while the first ones run.'],
  });
}
