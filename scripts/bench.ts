// `npm run bench -- [options]`: how fast the suite is. See scripts/bench/bench.ts
// and `npm run bench -- --help`. Exit 0 when the tables were printed (whatever the figures), 2 on
// a bad argument or when the bench itself failed.
import { BENCH_HELP, BenchUsageError, parseBenchArgs } from './bench/args';
import { runBench } from './bench/bench';
import { removeTempDirs } from './bench/processes';
import { contributorBench } from './bench/contributor';
import { safetyBench } from './bench/safety';

function exitAfterDrain(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

async function main(argv: string[]): Promise<number> {
  const opts = parseBenchArgs(argv);
  if (opts.help) {
    console.log(BENCH_HELP);
    return 0;
  }
  const print = (t: string) => console.log(t);
  const progress = (t: string) => console.error(t);
  const c = { opts, print, progress, started: performance.now() };
  try {
    if (opts.contributor) await contributorBench(c);
    else if (opts.safety) await safetyBench(c);
    else await runBench(opts, print, progress);
  } finally {
    removeTempDirs();
  }
  return 0;
}

main(process.argv.slice(2)).then(exitAfterDrain, (e) => {
  if (e instanceof BenchUsageError) console.error(`npm run bench: ${e.message}`);
  else console.error(`npm run bench failed: ${(e as Error)?.stack ?? String(e)}`);
  removeTempDirs();
  exitAfterDrain(2);
});
