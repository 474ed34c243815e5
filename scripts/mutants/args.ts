// The arguments of npm run mutants: which faults and variants run, how many at a time, how.
import { cpus } from 'node:os';
import { FAULTS } from '../../sandbox/src/faults';
import { VARIANTS } from '../../sandbox/src/variants';
import { ConfigError } from '../../src/core/errors';
import { combinedDialects } from './matrix';

export interface MutantsOptions {
  /** --only: faults, variants and combined dialects to run (none: all of them). */
  only: string[];
  /** --jobs: runs at a time. */
  jobs: number;
  /** --full: a fault's run has every scenario, not only those of the requirements it declares. */
  full: boolean;
  /** --no-variants turns the variant runs off. */
  variants: boolean;
  /** --keep: the runs' reports stay even when every run passed. */
  keep: boolean;
  /** --matrix: the whole fault × variant matrix instead of the default runs. */
  matrix: boolean;
  /** --with-variants: the variants every fault runs under (a combined dialect stands for its variants). */
  under: string[];
  /** --fresh-processes: one process per run instead of warm workers. */
  fresh: boolean;
  /** --explore: each dialect run is explored too (npm run explore), and must find nothing. */
  explore: boolean;
}

/** The combined dialects of scripts/mutants/matrix.ts, each run as one dialect. */
export const COMBINED = combinedDialects();

function readFlags(argv: string[]): MutantsOptions {
  const opts: MutantsOptions = {
    only: [],
    jobs: Math.max(1, cpus().length),
    full: false,
    variants: true,
    keep: false,
    matrix: false,
    under: [],
    fresh: false,
    explore: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') opts.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (a === '--jobs') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new ConfigError('--jobs needs a whole number of at least 1');
      opts.jobs = n;
    } else if (a === '--full') opts.full = true;
    else if (a === '--no-variants') opts.variants = false;
    else if (a === '--keep') opts.keep = true;
    else if (a === '--with-variants') opts.under = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (a === '--matrix') opts.matrix = true;
    else if (a === '--fresh-processes') opts.fresh = true;
    else if (a === '--explore') opts.explore = true;
    else
      throw new ConfigError(
        `unknown argument ${a}; use --only <name,...>, --jobs <n>, --full, --no-variants, --with-variants <variant,...>, --keep, --matrix, --fresh-processes, --explore`,
      );
  }
  return opts;
}

/** The options of a mutants run; an unknown name or argument is a ConfigError (exit 2). */
export function parseArgs(argv: string[]): MutantsOptions {
  const opts = readFlags(argv);
  const names = new Set<string>([...FAULTS.map((f) => f.name), ...VARIANTS.map((v) => v.name), ...COMBINED.map((c) => c.name)]);
  const unknown = opts.only.filter((n) => !names.has(n));
  if (unknown.length)
    throw new ConfigError(
      `unknown fault, variant or combined dialect ${unknown.join(', ')}; see npm run sandbox -- --list-faults / --list-variants, and scripts/mutants/matrix.ts`,
    );
  // A combined dialect's name stands for its variants.
  opts.under = opts.under.flatMap((n) => COMBINED.find((c) => c.name === n)?.switchedOn ?? [n]);
  const notVariants = opts.under.filter((n) => !VARIANTS.some((v) => v.name === n));
  if (notVariants.length)
    throw new ConfigError(
      `--with-variants: unknown variant ${notVariants.join(', ')}; see npm run sandbox -- --list-variants, or a combined dialect of scripts/mutants/matrix.ts`,
    );
  return opts;
}
