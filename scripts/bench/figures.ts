// The figures of a bench run that the docs show (docs/figures/bench.json, rendered by npm run docs
// into the README and docs/speed.md): what the tables printed, as numbers.
import type { BenchFigures } from '../measured-figures';
import type { ExchangeCount } from './exchanges';
import type { LatencyRow } from './latency';
import { medianPhases, type MainJobFigures } from './main-job';
import { PHASE_LABELS, type RunPhases } from './phases';
import type { BenchContext } from './runs';
import { cpu, walls } from './runs';
import { median } from './stats';
import type { TargetRow } from './targets';

const orNull = (n: number) => (Number.isFinite(n) ? Math.round(n) : null);

export interface BenchResults {
  count: ExchangeCount;
  main: MainJobFigures;
  latency: readonly LatencyRow[];
  targets: readonly TargetRow[];
}

function scanFigures(main: MainJobFigures): BenchFigures['scan'] {
  const scanMs = median(main.scan.map((s) => s.ms));
  const scan = main.scan[0];
  if (!scan || !(scanMs > 0)) return null;
  return {
    mbPerS: Math.round((scan.bytes / 1e6 / (scanMs / 1000)) * 10) / 10,
    megabytes: Math.round(scan.bytes / 1e5) / 10,
    files: scan.files,
  };
}

export function benchFigures(benchContext: BenchContext, { count, main, latency, targets }: BenchResults): BenchFigures {
  const phases = medianPhases(main.main);
  return {
    quick: benchContext.opts.quick,
    runs: benchContext.opts.runs,
    exchanges: count.total,
    mainJob: {
      wallMs: Math.round(median(walls(main.main))),
      cpuMs: orNull(cpu(main.main)),
      toFirstScenarioMs: orNull(median(main.main.map((r) => r.firstScenarioMs ?? NaN))),
      conforms: main.main.every((r) => r.code === 0),
    },
    bareLoopMs: Math.round(median(main.bare.map((b) => b.run.wallMs))),
    phases: phases
      ? (Object.keys(PHASE_LABELS) as Array<keyof RunPhases>).map((k) => ({ phase: PHASE_LABELS[k], ms: Math.round(phases[k]) }))
      : [],
    scan: scanFigures(main),
    latency: {
      holdMs: benchContext.opts.holdMs,
      tags: benchContext.opts.latencyTags ?? null,
      rows: latency.map((r) => ({
        parallel: r.parallel ?? null,
        exchanges: r.exchanges,
        wallMs: Math.round(r.run.wallMs),
        idealMs: Math.round(r.idealMs),
        workerStartsMs: r.workerStarts.map(Math.round),
        conforms: r.run.code === 0,
      })),
    },
    targets: targets.map((t) => ({ ...t, measuredMs: orNull(t.measuredMs), limitMs: orNull(t.limitMs) })),
  };
}
