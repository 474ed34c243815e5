// Section 4 of the bench: peak memory per process (runner, each worker).
import type { LatencyRow } from './latency';
import type { MainJobFigures } from './main-job';
import type { ChildRun, ProcessPeak } from './processes';
import { median, megabytes } from './stats';
import { formatTable, type Cell } from './table';

function peakRows(label: string, peaks: ProcessPeak[]): Cell[][] {
  const main = peaks.filter((p) => p.role === 'runner');
  const workers = peaks.filter((p) => p.role === 'worker');
  const rows: Cell[][] = [];
  if (main.length) rows.push([label, 'main process', 1, megabytes(Math.max(...main.map((p) => p.hwmKb))), '']);
  if (workers.length)
    rows.push([
      '',
      'cucumber worker',
      workers.length,
      megabytes(Math.max(...workers.map((p) => p.hwmKb))),
      `median ${megabytes(median(workers.map((p) => p.hwmKb)))}; all processes ${megabytes(peaks.reduce((s, p) => s + p.hwmKb, 0))}`,
    ]);
  return rows;
}

function highestByRole(runs: ChildRun[]): ProcessPeak[] {
  const best = new Map<string, ProcessPeak>();
  for (const run of runs)
    for (const peak of run.peaks) if (!best.has(peak.role) || best.get(peak.role)!.hwmKb < peak.hwmKb) best.set(peak.role, peak);
  return [...best.values()];
}

export function memoryText(mainJobFigures: MainJobFigures, latency: LatencyRow[]): string {
  const rows: Cell[][] = [
    ...peakRows('main job, sequential (embedded sandbox inside)', highestByRole(mainJobFigures.main)),
    ...peakRows('bare loop (sandbox inside)', highestByRole(mainJobFigures.bare.map((b) => b.run))),
  ];
  for (const latencyRow of latency)
    rows.push(
      ...peakRows(
        latencyRow.parallel ? `latency-bound, --parallel ${latencyRow.parallel}` : 'latency-bound, sequential',
        latencyRow.run.peaks,
      ),
    );
  return formatTable({
    title: '4. Peak memory per process (max RSS: VmHWM from /proc, sampled every 100 ms)',
    headers: ['run', 'process', 'count', 'peak', ''],
    rows,
    notes: ['"peak" is the highest process of its kind (over the runs for the main job); "all processes" sums the peaks of one run.'],
  });
}
