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
  for (const r of runs) for (const p of r.peaks) if (!best.has(p.role) || best.get(p.role)!.hwmKb < p.hwmKb) best.set(p.role, p);
  return [...best.values()];
}

export function memoryText(f: MainJobFigures, latency: LatencyRow[]): string {
  const rows: Cell[][] = [
    ...peakRows('main job, sequential (embedded sandbox inside)', highestByRole(f.main)),
    ...peakRows('bare loop (sandbox inside)', highestByRole(f.bare.map((b) => b.run))),
  ];
  for (const r of latency)
    rows.push(...peakRows(r.parallel ? `latency-bound, --parallel ${r.parallel}` : 'latency-bound, sequential', r.run.peaks));
  return formatTable({
    title: '4. Peak memory per process (max RSS: VmHWM from /proc, sampled every 100 ms)',
    headers: ['run', 'process', 'count', 'peak', ''],
    rows,
    notes: ['"peak" is the highest process of its kind (over the runs for the main job); "all processes" sums the peaks of one run.'],
  });
}
