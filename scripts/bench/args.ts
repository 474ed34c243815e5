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
  /** Instead of the sections above: npm test and npm run quick, timed (scripts/bench/contributor.ts). */
  contributor: boolean;
  /** The change npm run quick is timed on (--contributor). */
  quickFiles: string[];
  /** Instead of the sections above: the bounds of docs/safety.md, timed (scripts/bench/safety.ts). */
  safety: boolean;
  help: boolean;
}

/**
 * The change the contributor's loop is timed on: a SHOULD check as docs/development.md adds one to
 * the operation with the most rules (its requirements, contract and test, a feature, a fault whose
 * effect is the place it shows; the walk's new fact-family file does not exist here).
 */
export const QUICK_LOOP_CHANGE = [
  'src/operations/transferavailability/contract.ts',
  'src/operations/transferavailability/requirements.ts',
  'test/unit/operations/transferavailability/contract.test.ts',
  'features/core/transfer-availability.feature',
  'sandbox/src/faults/transfers.ts',
];

/** The --parallel values of the latency-bound table unless --parallel names others. */
export const DEFAULT_PARALLEL: readonly number[] = [1, 2, 4, 8, 16];

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
  --contributor         instead: time npm test (phase by phase) and npm run quick on a change
                        (default: a SHOULD check's files, the first edited by a comment line and
                        restored after; --quick-files <file,...> names others)
  --safety              instead: time the bounds of docs/safety.md (entity bombs, a long prolog,
                        masking and scanning 5 MB hostile replies, ledger appends)
  -h, --help            this text

Every mode writes its figures to docs/figures/ (bench.json, contributor.json, safety.json):
npm run docs puts them in the docs.`;

function wholeNumber(flag: string, value: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || !/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max)
    throw new BenchUsageError(`${flag} needs a whole number from ${min} to ${max}, not ${value === undefined ? 'nothing' : `"${value}"`}`);
  return Number(value);
}

/** The --parallel list: whole numbers from 1 to 64, each once, in order. */
function parallelList(value: string): number[] {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1 || Number(p) > 64))
    throw new BenchUsageError(`--parallel needs a comma-separated list of whole numbers from 1 to 64, not "${value}"`);
  return [...new Set(parts.map(Number))].sort((x, y) => x - y);
}

/** Flags without a value: the option each one turns on or off. */
const SWITCHES: Record<string, Partial<BenchOptions>> = {
  '--sequential': { sequential: true },
  '--no-analysis': { analysis: false },
  '--quick': { quick: true },
  '--contributor': { contributor: true },
  '--safety': { safety: true },
  '-h': { help: true },
  '--help': { help: true },
};

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  let runs: number | undefined;
  const benchOptions: BenchOptions = {
    runs: 0,
    holdMs: 200,
    parallel: [...DEFAULT_PARALLEL],
    sequential: false,
    analysis: true,
    quick: false,
    runTimeoutMs: 300_000,
    contributor: false,
    quickFiles: QUICK_LOOP_CHANGE,
    safety: false,
    help: false,
  };
  forEachArgument(
    argv,
    (m) => new BenchUsageError(m),
    (a, value, raw) => {
      if (Object.hasOwn(SWITCHES, a)) Object.assign(benchOptions, SWITCHES[a]);
      else if (a === '--runs') runs = wholeNumber(a, value(), 1, 50);
      else if (a === '--hold-ms') benchOptions.holdMs = wholeNumber(a, value(), 0, 10_000);
      else if (a === '--parallel') benchOptions.parallel = parallelList(value());
      else if (a === '--latency-tags') benchOptions.latencyTags = value();
      else if (a === '--run-timeout') benchOptions.runTimeoutMs = wholeNumber(a, value(), 10, 3600) * 1000;
      else if (a === '--quick-files') benchOptions.quickFiles = value().split(',').filter(Boolean);
      else throw new BenchUsageError(`unknown argument ${raw}; see npm run bench -- --help`);
    },
  );
  if (benchOptions.quick) {
    benchOptions.latencyTags ??= QUICK_LATENCY_TAGS;
    benchOptions.analysis = false;
  }
  if (benchOptions.contributor && benchOptions.safety)
    throw new BenchUsageError('--contributor and --safety are two benches: run one at a time');
  return { ...benchOptions, runs: runs ?? (benchOptions.quick ? 1 : 3) };
}
