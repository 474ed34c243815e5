// The runner's command line: its own options, and cucumber-js options passed through. Every
// problem is a ConfigError of one line, found before the target is contacted or any earlier
// report is touched.
import { ConfigError } from '../core/errors';
import { readSweepList, type SweepList } from '../bookings/sweep';
import type { RunSelection } from '../reporting/result';
import { selectionOf } from '../reporting/selection';
import { closest } from '../core/json-schema';

export interface RunArguments {
  profile: string;
  /** --claim core,booking: overrides the test data's claims. */
  claims?: string[];
  strict: boolean;
  /** --summary-only: summary.json and the console summary, no other report (for tools that read summary.json). */
  summaryOnly: boolean;
  /** --record <dir>: write the run's exchanges to a cassette there. */
  record?: string;
  /** --replay <dir>: answer the run from the cassette there, with no network. */
  replay?: string;
  /** --sweep-references <file>: booking references (of the suite's form) to cancel, read and checked here. */
  sweepReferences?: SweepList;
  help: boolean;
  /** Cucumber options given on the command line (merged over the profile). */
  cucumber: CucumberOptions;
  /** What narrows the run below the claimed classes (tags, name, paths, dry run, shard): a selection, not a verdict. */
  selection?: RunSelection;
}

export interface CucumberOptions {
  tags?: string;
  name?: string[];
  paths?: string[];
  failFast?: boolean;
  dryRun?: boolean;
  parallel?: number;
  retry?: number;
  order?: string;
  format?: string[];
  /** `i/n`: run the i-th of n shards (npm run merge combines their reports). */
  shard?: string;
}

export const HELP = `npm run conformance -- [options] [feature paths]

The suite's options:
  -p, --profile <name>   a cucumber.js profile: default, read-only, ci (default: default)
  --claim <classes>      the conformance classes the target claims, comma-separated
                         (core, booking, partial-cancellation, security, alignment); default:
                         the test data's "claims"
  --strict               SHOULD findings fail the run (exit 1), for teams that want it in CI
  --record <dir>         write every exchange of the run to a cassette in <dir> (masked, scanned)
  --replay <dir>         run against the cassette in <dir>, with no network (no OTA_BASE_URL)
  --summary-only         write summary.json alone (no HTML, Markdown, EARL, JUnit, Allure or
                         cucumber reports): for tools that read it, as npm run mutants does
  --sweep-references <file>  cancel the bookings listed in <file> (one reference a line, of the
                         suite's own form OTAB...), for a ledger that was lost; then run as usual
  -h, --help             this text

cucumber-js options passed through:
  -t, --tags <expr>      only scenarios matching a tag expression (a selection: never
                         CONFORMS; exit 4 unless something failed)
  -n, --name <regexp>    only scenarios whose name matches (repeatable; a selection)
  --fail-fast            stop at the first failure
  -d, --dry-run          check the steps without sending anything (a selection)
  --parallel <n>         run n scenarios at a time, side by side in this process (lanes:
                         they help when the gateway is slow to answer)
  --shard <i/n>          run the i-th of n shards (a selection); npm run merge -- --out <new dir>
                         <reports dirs> gives one verdict (OTA_RUN_GROUP names the run)
  --retry <n>            run a failed scenario again, up to n times (a failure any
                         attempt showed stays a failure: "flaky" when another passed)
  --order <defined|random[:seed]>
  -f, --format <name:file>  an extra formatter writing to a file (repeatable)

Every option, path, variable and folder is checked before the target is contacted or an earlier
report removed: a bad one is one line and exit 2.

Exit codes: 0 conforms, 1 does not conform, 2 could not run, 3 a secret was found in the
reports, 4 not determined (or a selection passed).`;

/** Every option the runner takes, as its usage names them (for "did you mean"). */
const RUN_OPTIONS = [...new Set(HELP.match(/--[a-z][a-z-]*/g) ?? [])];

const int = (flag: string, value: string | undefined, min: number): number => {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < min)
    throw new ConfigError(`${flag} needs a whole number of at least ${min}, not ${value === undefined ? 'nothing' : `"${value}"`}`);
  return Number(value);
};

/**
 * Walks a command line (the runner's and the bench's): each argument by name, `--name=value` split,
 * its value taken on demand from the next argument. A missing or blank value is `usageError`.
 */
export function forEachArgument(
  argv: readonly string[],
  usageError: (message: string) => Error,
  visit: (name: string, value: () => string, raw: string) => void,
): void {
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i];
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const name = eq > 0 ? raw.slice(0, eq) : raw;
    const inline = eq > 0 ? raw.slice(eq + 1) : undefined;
    const value = (): string => {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('-')) || value.trim() === '')
        throw usageError(`${name} needs a value`);
      return value;
    };
    visit(name, value, raw);
  }
}

export function parseArguments(argv: string[], knownProfiles: string[]): RunArguments {
  const out: RunArguments = { profile: 'default', strict: false, summaryOnly: false, help: false, cucumber: {} };
  forEachArgument(
    argv,
    (m) => new ConfigError(m),
    (a, value) => {
      if (suiteOption(out, a, value) || cucumberOption(out.cucumber, a, value)) return;
      if (a.startsWith('-')) {
        const meant = closest(a, RUN_OPTIONS);
        throw new ConfigError(`unknown argument ${a}${meant ? `; did you mean ${meant}?` : ''}; see npm run conformance -- --help`);
      }
      (out.cucumber.paths ??= []).push(a);
    },
  );
  if (!knownProfiles.includes(out.profile)) {
    const meant = closest(out.profile, knownProfiles);
    throw new ConfigError(`unknown profile "${out.profile}"${meant ? `; did you mean ${meant}?` : ''}; known: ${knownProfiles.join(', ')}`);
  }
  if (out.sweepReferences && out.replay)
    throw new ConfigError(
      '--sweep-references cancels bookings at a gateway, and --replay sends nothing to one: run the sweep without --replay',
    );
  const selection = runSelection(out.cucumber);
  if (selection) out.selection = selection;
  return out;
}

/** One of the suite's own options into `out`; false when `a` is not one. */
function suiteOption(out: RunArguments, a: string, value: () => string): boolean {
  switch (a) {
    case '-p':
    case '--profile':
      out.profile = value();
      return true;
    case '--claim':
      out.claims = value()
        .split(/[\s,]+/)
        .filter(Boolean);
      return true;
    case '--strict':
      out.strict = true;
      return true;
    case '--summary-only':
      out.summaryOnly = true;
      return true;
    case '--record':
      out.record = value();
      return true;
    case '--replay':
      out.replay = value();
      return true;
    case '--sweep-references':
      out.sweepReferences = readSweepList(value());
      return true;
    case '-h':
    case '--help':
      out.help = true;
      return true;
    default:
      return false;
  }
}

/** One of cucumber's options into `c`, checked; false when `a` is not one. */
function cucumberOption(cucumberOptions: CucumberOptions, a: string, value: () => string): boolean {
  switch (a) {
    case '-t':
    case '--tags':
      cucumberOptions.tags = cucumberOptions.tags ? `(${cucumberOptions.tags}) and (${value()})` : value();
      return true;
    case '-n':
    case '--name':
      (cucumberOptions.name ??= []).push(value());
      return true;
    case '--fail-fast':
      cucumberOptions.failFast = true;
      return true;
    case '-d':
    case '--dry-run':
      cucumberOptions.dryRun = true;
      return true;
    case '--parallel':
      cucumberOptions.parallel = int(a, value(), 0);
      return true;
    case '--retry':
      cucumberOptions.retry = int(a, value(), 0);
      return true;
    case '--order': {
      const v = value();
      if (!/^(defined|random(:\d+)?)$/.test(v)) throw new ConfigError(`--order must be defined or random[:seed], not "${v}"`);
      cucumberOptions.order = v;
      return true;
    }
    case '--shard': {
      const v = value();
      const match = /^(\d+)\/(\d+)$/.exec(v);
      if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2]))
        throw new ConfigError(`--shard must be i/n with 1 <= i <= n, not "${v}"`);
      cucumberOptions.shard = v;
      return true;
    }
    case '-f':
    case '--format':
      (cucumberOptions.format ??= []).push(value());
      return true;
    default:
      return false;
  }
}

/**
 * What narrows the run below the claimed classes; undefined for a whole run. --fail-fast does not:
 * it stops at a failure, which decides the run, and what it skipped is untested. One shard of one
 * (`--shard 1/1`) is the whole run.
 */
function runSelection(cucumberOptions: CucumberOptions): RunSelection | undefined {
  const shard = cucumberOptions.shard && Number(cucumberOptions.shard.split('/')[1]) > 1 ? [cucumberOptions.shard] : undefined;
  return selectionOf({
    tags: cucumberOptions.tags,
    name: cucumberOptions.name,
    paths: cucumberOptions.paths,
    dryRun: cucumberOptions.dryRun,
    shards: shard,
  });
}
