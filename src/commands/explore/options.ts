// The command line of `npm run explore`: every value checked before anything is contacted (one
// line and exit 2 for a budget of 0, a negative time, an unknown operation...).
import { ConfigError } from '../../core/errors';
import { forEachArgument } from '../../run/arguments';
import { EXPLORED_OPERATIONS, type ExploredOperation } from './space';
import { DEFAULT_BOOKINGS } from './booking-space';

export interface ExploreOptions {
  /** Requests to send at most (shrinking included). */
  budget: number;
  /** Seconds to explore at most; undefined: the budget alone bounds it. */
  timeSeconds?: number;
  /** The seed, as given (a number, or any text): the same seed draws the same requests. */
  seed: string;
  operations: ExploredOperation[];
  /** Requests per second at most; undefined: as fast as the gateway answers. */
  rate?: number;
  strict: boolean;
  /** --profile booking: the Commits to make at most (each read, cancelled and read again); undefined: read-only. */
  bookings?: number;
  record?: string;
  replay?: string;
  help: boolean;
}

export const DEFAULT_BUDGET = 400;

export const EXPLORE_HELP = `npm run explore -- [options]
Sends generated valid requests of the read-only operations (--profile booking: of booking, read and
cancel too), judges each reply by the requirements a conformance run judges it by, and shrinks
every failure to the smallest request that still fails.

  --budget N          requests to send at most, shrinking included (default ${DEFAULT_BUDGET})
  --time S            seconds to explore at most (the budget still bounds it)
  --seed S            the seed: the same seed sends the same requests (default 1)
  --operations a,b    the operations to explore (default: ${EXPLORED_OPERATIONS.join(', ')})
  --rate R            requests per second at most (a 429 or 503 reply always slows it down)
  --profile P         read-only (default: it never books), or booking: activity booking, read and
                      cancel explored too (quotes, and a few Commits, each cancelled: docs/explore.md)
  --bookings N        with --profile booking: the Commits to make at most (default ${DEFAULT_BOOKINGS})
  --strict            a SHOULD finding fails the exploration too (exit 1)
  --record DIR        record every exchange in a cassette (as npm run conformance -- --record)
  --replay DIR        answer every request from a cassette recorded by npm run explore
  --help              this text

Exit 0: NO FINDING (every operation showed what its rules judge, nothing failed: an exploration,
not a conformance verdict); 1: a MUST finding (a SHOULD too with --strict); 2: could not run; 3: a
secret was found in what the run wrote; 4: NOT DETERMINED (an operation showed nothing to any of
its explored requests). The target, credentials and reports folder are those of
npm run conformance (docs/options.md). How to read a finding: docs/explore.md.`;

/** A whole number of at least `min`, or one line naming the option. */
function wholeNumber(name: string, raw: string, min: number): number {
  const n = Number(raw);
  if (!/^\s*-?\d+\s*$/.test(raw) || !Number.isSafeInteger(n) || n < min)
    throw new ConfigError(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return n;
}

function positiveNumber(name: string, raw: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n <= 0) throw new ConfigError(`${name} must be a number above 0, not "${raw}"`);
  return n;
}

function operationsOf(raw: string): ExploredOperation[] {
  const names = raw
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new ConfigError('--operations names no operation');
  const unknown = names.filter((n) => !(EXPLORED_OPERATIONS as readonly string[]).includes(n));
  if (unknown.length)
    throw new ConfigError(
      `--operations: ${unknown.join(', ')} is not an operation an exploration sends; known: ${EXPLORED_OPERATIONS.join(', ')}` +
        ' (booking, booking read and cancel change state: --profile booking explores them beside these)',
    );
  return [...new Set(names)] as ExploredOperation[];
}

export function parseExploreArguments(argv: readonly string[]): ExploreOptions {
  // "--time -5" is a negative number given, not a value left out: say so
  argv.forEach((a, index) => {
    if (['--budget', '--time', '--rate', '--bookings'].includes(a) && /^-\d/.test(argv[index + 1] ?? ''))
      throw new ConfigError(`${a} must be a number above 0, not "${argv[index + 1]}"`);
  });
  const out: ExploreOptions = { budget: DEFAULT_BUDGET, seed: '1', operations: [...EXPLORED_OPERATIONS], strict: false, help: false };
  let profileGiven = 'read-only';
  let bookings: number | undefined;
  forEachArgument(
    argv,
    (m) => new ConfigError(m),
    (a, value) => {
      switch (a) {
        case '--budget':
          out.budget = wholeNumber('--budget', value(), 1);
          return;
        case '--time':
          out.timeSeconds = positiveNumber('--time', value());
          return;
        case '--seed':
          out.seed = value().trim();
          return;
        case '--operations':
          out.operations = operationsOf(value());
          return;
        case '--rate':
          out.rate = positiveNumber('--rate', value());
          return;
        case '-p':
        case '--profile': {
          const profile = value();
          if (profile !== 'read-only' && profile !== 'booking')
            throw new ConfigError(
              `--profile ${profile}: an exploration runs read-only or booking; npm run conformance -- --profile ${profile} judges the rest`,
            );
          profileGiven = profile;
          return;
        }
        case '--bookings':
          bookings = wholeNumber('--bookings', value(), 1);
          return;
        case '--strict':
          out.strict = true;
          return;
        case '--record':
          out.record = value();
          return;
        case '--replay':
          out.replay = value();
          return;
        case '-h':
        case '--help':
          out.help = true;
          return;
        default:
          throw new ConfigError(`unknown argument ${a}; see npm run explore -- --help`);
      }
    },
  );
  if (out.record && out.replay) throw new ConfigError('--record and --replay together: a replay sends nothing to record');
  if (bookings !== undefined && profileGiven !== 'booking')
    throw new ConfigError('--bookings makes Commits: it needs --profile booking (an exploration is read-only by default)');
  if (profileGiven === 'booking') out.bookings = bookings ?? DEFAULT_BOOKINGS;
  return out;
}
