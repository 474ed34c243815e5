// `npm run bench`: how fast the suite is, measured by a benchmark, not by timed tests. Every run is a child process with its own temp reports and ledger (reports/ and
// .ledger/ are never touched); figures are medians of --runs runs; tables go to stdout, progress
// to stderr. Sections, one file each (runs.ts: what they share):
//   1. exchanges.ts: the exchanges of a default run, counted at a proxy in front of a sandbox;
//   2. main-job.ts: the main job against a bare loop doing the same exchanges, the time to the
//      first scenario, the main job's phases, the secret scan's speed;
//   3. latency.ts: every reply held --hold-ms, for each --parallel value, beside the ideal;
//   4. memory.ts: peak memory per process (runner, each worker);
//   5. targets.ts: the speed targets, MET or NOT MET;
//   6. analysis.ts: where the time goes: (a) start-up part by part; (b, c) CPU profiles by
//      category of the main job and of the latency-bound run with workers.
// Bounded: the analysis starts nothing likely to end past BUDGET_MS (about 9 minutes). The figures
// are kept in docs/figures/bench.json (figures.ts); npm run docs shows them in README and docs/speed.md.
import { cpus, loadavg } from 'node:os';
import { DEFAULT_PARALLEL, type BenchOptions } from './args';
import { whereTheTimeGoes } from './analysis';
import { captureDefaultRun, exchangesText } from './exchanges';
import { latencyTable, latencyText, workerStartText } from './latency';
import { mainJob, mainJobText } from './main-job';
import { memoryText } from './memory';
import { outcomeLine } from './processes';
import { elapsed, type BenchContext, type Print } from './runs';
import { seconds } from './stats';
import { benchTargets, targetsText } from './targets';
import { benchFigures } from './figures';
import { loadNow, recordFigures } from '../measured-figures';

/** The command line of this bench run, as the docs show it beside its figures. */
function benchCommand(benchOptions: BenchOptions): string {
  const args = [
    ...(benchOptions.quick ? ['--quick'] : [`--runs ${benchOptions.runs}`, ...(benchOptions.analysis ? [] : ['--no-analysis'])]),
    ...(benchOptions.parallel.join(',') === DEFAULT_PARALLEL.join(',') ? [] : [`--parallel ${benchOptions.parallel.join(',')}`]),
    ...(benchOptions.sequential ? ['--sequential'] : []),
    ...(benchOptions.holdMs === 200 ? [] : [`--hold-ms ${benchOptions.holdMs}`]),
  ];
  return `npm run bench -- ${args.join(' ')}`;
}

export async function runBench(opts: BenchOptions, print: Print, progress: Print): Promise<void> {
  const benchContext: BenchContext = { opts, print, progress, started: performance.now() };
  const loadAtStart = loadNow();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  print(
    `OTA Gateway Conformance benchmark: ${cpus().length} cores, load average ${load()} at the start, node ${process.version}; ` +
      `${opts.runs} run(s) per timed figure${opts.quick ? ' (--quick)' : ''}.\n`,
  );
  const capture = await captureDefaultRun(benchContext);
  print(exchangesText(capture.count, capture.run));
  print('');
  const main = await mainJob(benchContext, capture.replayFile);
  const m = mainJobText(main, capture.count);
  print(m.text);
  print('');
  const latency = await latencyTable(benchContext);
  print(latencyText(benchContext, latency));
  print('');
  print(workerStartText(latency));
  print('');
  print(memoryText(main, latency));
  print('');
  const targets = benchTargets(m.mainMs, m.bareMs, latency);
  print(targetsText(benchContext, targets, latency));
  print('');
  if (opts.analysis) {
    for (const t of await whereTheTimeGoes(benchContext, {
      main,
      count: capture.count,
      latency,
      bareMs: m.bareMs,
      replayFile: capture.replayFile,
    })) {
      print(t);
      print('');
    }
  }
  print(`Bench took ${seconds(elapsed(benchContext))}; load average ${load()} at the end.`);
  print(
    recordFigures('bench', benchCommand(opts), benchFigures(benchContext, { count: capture.count, main, latency, targets }), loadAtStart),
  );
  if (capture.run.code !== 0 || main.main.some((r) => r.code !== 0))
    print(
      `Note: a main job did not conform (${outcomeLine(main.main.find((r) => r.code !== 0) ?? capture.run)}): the figures are of that run.`,
    );
}
