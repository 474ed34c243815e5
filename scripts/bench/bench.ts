// `npm run bench`: how fast the suite is, measured by a benchmark, not by timed tests (issue 12,
// item 5). Every run is a child process with its own temp reports and ledger (reports/ and
// .ledger/ are never touched); figures are medians of --runs runs; tables go to stdout, progress
// to stderr. Sections, one file each (runs.ts: what they share):
//   1. exchanges.ts: the exchanges of a default run, counted at a proxy in front of a sandbox;
//   2. main-job.ts: the main job against a bare loop doing the same exchanges, the time to the
//      first scenario, the main job's phases, the secret scan's speed;
//   3. latency.ts: every reply held --hold-ms, for each --parallel value, beside the ideal;
//   4. memory.ts: peak memory per process (runner, each worker);
//   5. targets.ts: the targets, MET or NOT MET;
//   6. analysis.ts: where the time goes: (a) start-up part by part; (b, c) CPU profiles by
//      category of the main job and of the latency-bound run with workers.
// Bounded: the analysis starts nothing likely to end past BUDGET_MS (about 9 minutes).
import { cpus, loadavg } from 'node:os';
import type { BenchOptions } from './args';
import { whereTheTimeGoes } from './analysis';
import { captureDefaultRun, exchangesText } from './exchanges';
import { latencyTable, latencyText, workerStartText } from './latency';
import { mainJob, mainJobText } from './main-job';
import { memoryText } from './memory';
import { outcomeLine } from './processes';
import { elapsed, type BenchContext, type Print } from './runs';
import { seconds } from './stats';
import { targetsText } from './targets';

export async function runBench(opts: BenchOptions, print: Print, progress: Print): Promise<void> {
  const c: BenchContext = { opts, print, progress, started: performance.now() };
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  print(
    `OTA Gateway Conformance benchmark: ${cpus().length} cores, load average ${load()} at the start, node ${process.version}; ` +
      `${opts.runs} run(s) per timed figure${opts.quick ? ' (--quick)' : ''}.\n`,
  );
  const capture = await captureDefaultRun(c);
  print(exchangesText(capture.count, capture.run));
  print('');
  const main = await mainJob(c, capture.replayFile);
  const m = mainJobText(main, capture.count);
  print(m.text);
  print('');
  const latency = await latencyTable(c);
  print(latencyText(c, latency));
  print('');
  print(workerStartText(latency));
  print('');
  print(memoryText(main, latency));
  print('');
  // the issue states the latency target at --parallel 8; without that row, the largest measured
  const withWorkers = latency.filter((r) => r.parallel !== undefined).sort((a, b) => b.parallel! - a.parallel!);
  print(targetsText(c, m.mainMs, m.bareMs, withWorkers.find((r) => r.parallel === 8) ?? withWorkers[0]));
  print('');
  if (opts.analysis) {
    for (const t of await whereTheTimeGoes(c, { main, count: capture.count, latency, bareMs: m.bareMs, replayFile: capture.replayFile })) {
      print(t);
      print('');
    }
  }
  print(`Bench took ${seconds(elapsed(c))}; load average ${load()} at the end.`);
  if (capture.run.code !== 0 || main.main.some((r) => r.code !== 0))
    print(
      `Note: a main job did not conform (${outcomeLine(main.main.find((r) => r.code !== 0) ?? capture.run)}): the figures are of that run.`,
    );
}
