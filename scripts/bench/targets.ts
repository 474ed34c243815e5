// Section 5 of the bench: the targets, MET or NOT MET.
import { cpus, loadavg } from 'node:os';
import type { LatencyRow } from './latency';
import type { BenchContext } from './runs';
import { seconds, target, verdictWord } from './stats';
import { formatTable, type Cell } from './table';

export function targetsText(c: BenchContext, mainMs: number, bareMs: number, latency?: LatencyRow): string {
  const main = target(mainMs, bareMs);
  const rows: Cell[][] = [
    ['main job <= 1.5 x bare loop + 1 s', seconds(mainMs), `${seconds(main.limitMs)} (bare loop ${seconds(bareMs)})`, verdictWord(main)],
  ];
  if (latency) {
    const lat = target(latency.run.wallMs, latency.idealMs);
    rows.push([
      `latency-bound --parallel ${latency.parallel} <= 1.5 x ideal + 1 s`,
      seconds(latency.run.wallMs),
      `${seconds(lat.limitMs)} (ideal ${seconds(latency.idealMs)})`,
      verdictWord(lat),
    ]);
  }
  const notes = [
    `Machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} now; a shared machine makes the figures noisy.`,
  ];
  if (latency && latency.parallel !== 8)
    notes.push('The issue states the latency target for --parallel 8; the largest --parallel measured is shown.');
  if (c.opts.latencyTags) notes.push(`The latency-bound figure is of the selection --tags "${c.opts.latencyTags}", not of the full run.`);
  return formatTable({ title: '5. Targets (issue 17)', headers: ['target', 'measured', 'limit', ''], rows, notes });
}
