// The benchmark's command line (`npm run bench -- [options]`). Every problem is one line
// (BenchUsageError), found before anything is started.
import { forEachArgument } from '../../src/run/arguments';

export class BenchUsageError extends Error {
  override name = 'BenchUsageError';
}

export interface BenchOptions {
  /** Runs of each timed job (main job, start-up, bare loop); the median is reported. */
  runs: number;
  /** How long the delaying proxy holds every reply in the latency-bound table. */
  holdMs: number;
  /** The --parallel values of the latency-bound table. */
  parallel: number[];
  /** Also a sequential row (no --parallel) in the latency-bound table (about as long as --parallel 1). */
  sequential: boolean;
  /** A tag expression for the latency-bound runs; undefined: the full default run. */
  latencyTags?: string;
  /** Where the time goes: start-up parts, CPU profile, a precompiled build. */
  analysis: boolean;
  /** A short version: 1 run, a representative selection for the latency table, no analysis. */
  quick: boolean;
  /** Bound of one child run; past it the child is killed and the row says so. */
  runTimeoutMs: number;
  help: boolean;
}

/** The selection used by --quick for the latency-bound table: a booking flow and a read-only operation. */
export const QUICK_LATENCY_TAGS = '@op:activitybook or @op:hotelavailability';

export const BENCH_HELP = `npm run bench -- [options]

Measures the main job (npm run conformance against the embedded sandbox) and compares it with a
bare loop doing the same HTTP exchanges; times the start-up; runs a latency-bound table (every
reply held --hold-ms) for several --parallel values; reports peak memory per process and where
the time goes. Never touches reports/ or .ledger/: every run writes to a temp folder. With the
defaults it takes about 7 minutes on 2 cores (the analysis starts nothing past about 9 minutes).
CPU times need GNU time (/usr/bin/time); peak memory is read from /proc (Linux).

  --runs <n>            runs of each timed job, median reported (default 3; --quick: 1)
  --hold-ms <ms>        hold of every reply in the latency-bound table (default 200)
  --parallel <list>     --parallel values of the latency-bound table (default 1,2,4,8,16)
  --sequential          add a sequential row (no --parallel) to that table
  --latency-tags <expr> run the latency-bound table on a tag selection (default: the full run;
                        --quick: "${QUICK_LATENCY_TAGS}")
  --no-analysis         skip "where the time goes" (start-up parts, CPU profile, precompiled build)
  --quick               1 run, the selection above, no analysis: about 1.5 minutes
  --run-timeout <s>     bound of one child run in seconds (default 300)
  -h, --help            this text`;

function wholeNumber(flag: string, v: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (v === undefined || !/^\d+$/.test(v.trim()) || Number(v) < min || Number(v) > max)
    throw new BenchUsageError(`${flag} needs a whole number from ${min} to ${max}, not ${v === undefined ? 'nothing' : `"${v}"`}`);
  return Number(v);
}

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  let runs: number | undefined;
  let holdMs = 200;
  let parallel = [1, 2, 4, 8, 16];
  let sequential = false;
  let latencyTags: string | undefined;
  let analysis = true;
  let quick = false;
  let runTimeoutMs = 300_000;
  let help = false;
  forEachArgument(
    argv,
    (m) => new BenchUsageError(m),
    (a, value, raw) => {
      switch (a) {
        case '--runs':
          runs = wholeNumber(a, value(), 1, 50);
          break;
        case '--hold-ms':
          holdMs = wholeNumber(a, value(), 0, 10_000);
          break;
        case '--parallel': {
          const v = value();
          const parts = v.split(',').map((p) => p.trim());
          if (parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1 || Number(p) > 64))
            throw new BenchUsageError(`--parallel needs a comma-separated list of whole numbers from 1 to 64, not "${v}"`);
          parallel = [...new Set(parts.map(Number))].sort((x, y) => x - y);
          break;
        }
        case '--sequential':
          sequential = true;
          break;
        case '--latency-tags':
          latencyTags = value();
          break;
        case '--no-analysis':
          analysis = false;
          break;
        case '--quick':
          quick = true;
          break;
        case '--run-timeout':
          runTimeoutMs = wholeNumber(a, value(), 10, 3600) * 1000;
          break;
        case '-h':
        case '--help':
          help = true;
          break;
        default:
          throw new BenchUsageError(`unknown argument ${raw}; see npm run bench -- --help`);
      }
    },
  );
  if (quick) {
    latencyTags ??= QUICK_LATENCY_TAGS;
    analysis = false;
  }
  return { runs: runs ?? (quick ? 1 : 3), holdMs, parallel, sequential, latencyTags, analysis, quick, runTimeoutMs, help };
}
