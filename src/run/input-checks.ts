// Inputs checked before the target is contacted or any earlier report is touched, by every
// command (run, merge, diff, report, and what comes): folders written and read, files written,
// feature paths, formatters, name patterns. Each problem is one ConfigError of one
// line (exit 2), naming the input and what is wrong with it.
import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { ConfigError } from '../core/errors';
import { closest } from '../core/json-schema';
import type { RunArguments } from './arguments';
import type { SuiteConfig } from './config';
import { builtinFormatters } from './cucumber-patches';

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The nearest folder that exists above `path` (or a file standing where a folder must be). */
function nearestExisting(path: string): string {
  let p = resolve(path);
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  return p;
}

/** Where a file or folder that does not exist yet can be created: its nearest existing ancestor is a writable folder. */
function checkCreatable(path: string, what: string): void {
  const above = nearestExisting(dirname(resolve(path)));
  if (!statSync(above).isDirectory()) throw new ConfigError(`${what} ${path} cannot be created: ${above} is a file, not a folder`);
  if (!writable(above)) throw new ConfigError(`${what} ${path} cannot be created: ${above} is not writable`);
}

/** A folder a command writes into: a writable folder, or one it can create; never a file. */
export function checkOutputFolder(path: string, what: string): void {
  if (!existsSync(path)) return checkCreatable(path, what);
  if (!statSync(path).isDirectory()) throw new ConfigError(`${what} ${path} is a file, not a folder`);
  if (!writable(path)) throw new ConfigError(`${what} ${path} is not writable`);
}

/** A folder a command reads: it exists and is a folder. */
export function checkInputFolder(path: string, what: string): void {
  if (!existsSync(path)) throw new ConfigError(`${what} ${path} does not exist`);
  if (!statSync(path).isDirectory()) throw new ConfigError(`${what} ${path} is a file, not a folder`);
}

/** A file a command writes: not a folder, and its folder can be written or created. */
export function checkOutputFile(path: string, what: string): void {
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) throw new ConfigError(`${what} ${path} is a folder, not a file`);
    if (!writable(path)) throw new ConfigError(`${what} ${path} is not writable`);
    return;
  }
  checkCreatable(path, what);
}

/** A file a command reads: it exists and is a file. */
export function checkInputFile(path: string, what: string): void {
  if (!existsSync(path)) throw new ConfigError(`${what}: no file at ${path}`);
  if (statSync(path).isDirectory()) throw new ConfigError(`${what}: ${path} is a folder, not a file`);
}

const GLOB = /[*?[\]{}]/;

/**
 * The existing path a mistyped one was meant to be, part by part: each part that does not exist is
 * the one entry of its folder it is closest to (a letter or two off, or its beginning). Undefined
 * when a part has no such neighbour.
 */
export function nearestPath(path: string, root: string): string | undefined {
  const parts = path.split(/[/\\]+/).filter((p) => p !== '' && p !== '.');
  let at = isAbsolute(path) ? '/' : root;
  const fixed: string[] = [];
  for (const part of parts) {
    let next = part;
    if (!existsSync(join(at, part))) {
      if (!existsSync(at) || !statSync(at).isDirectory()) return undefined;
      const meant = closest(part, readdirSync(at));
      if (!meant) return undefined;
      next = meant;
    }
    fixed.push(next);
    at = join(at, next);
  }
  const out = fixed.join('/');
  return isAbsolute(path) ? `/${out}` : out;
}

/**
 * Feature paths as cucumber takes them (a file or folder, `file:line`, a glob), relative to `root`:
 * each must name something that exists, or a run would silently run nothing of it.
 */
export function checkFeaturePaths(paths: readonly string[], root: string): void {
  for (const given of paths) {
    if (given.startsWith('@')) continue; // a rerun file: cucumber reads it and names what it lacks
    const path = given.replace(/(:\d+)+$/, '');
    const full = isAbsolute(path) ? path : join(root, path);
    if (GLOB.test(path)) {
      // the fixed part of a glob must exist (what it matches is counted with the selection)
      const fixed = full.split(/[/\\]/).findIndex((part) => GLOB.test(part));
      const base = full.split(/[/\\]/).slice(0, fixed).join('/');
      if (base && !existsSync(base)) throw new ConfigError(`feature path ${given}: ${base} does not exist`);
      continue;
    }
    if (!existsSync(full)) {
      const meant = nearestPath(path, root);
      throw new ConfigError(
        `feature path ${given} does not exist (paths are relative to ${root})${meant ? `; did you mean ${meant}${given.slice(path.length)}?` : ''}`,
      );
    }
    if (statSync(full).isFile() && !full.endsWith('.feature'))
      throw new ConfigError(`feature path ${given} is not a .feature file or a folder`);
    if (path !== given && !statSync(full).isFile()) throw new ConfigError(`feature path ${given}: a line number needs a .feature file`);
  }
}

/** cucumber's `name:file` split of a --format value (a Windows drive letter stays in the file). */
export function splitFormat(value: string): { name: string; file?: string } {
  const index = value.indexOf(':');
  return index < 0 ? { name: value } : { name: value.slice(0, index), file: value.slice(index + 1) };
}

/**
 * Each --format is `<name>:<file>` (the console shows the suite's own progress), with a formatter
 * cucumber has built in or can load, and a file that can be written.
 */
export function checkFormats(formats: readonly string[], root: string): void {
  for (const format of formats) {
    const { name, file } = splitFormat(format);
    const known = builtinFormatters();
    const loadable = (() => {
      if (known.includes(name)) return true;
      try {
        require.resolve(name.startsWith('.') ? resolve(root, name) : name, { paths: [root] });
        return true;
      } catch {
        return false;
      }
    })();
    const meant = name ? closest(name, known) : undefined;
    if (!name || !loadable)
      throw new ConfigError(
        `--format ${format}: no formatter "${name}"${meant ? `; did you mean ${meant}:${file ?? `reports/${meant}.out`}?` : ''}; built in: ${known.join(', ')}, or the path of a formatter module`,
      );
    if (!file)
      throw new ConfigError(
        `--format ${format} would write to the console, which shows the suite's own progress: name a file, as --format ${name}:reports/${name}.out`,
      );
    checkOutputFile(resolve(root, file), `--format ${format}: the file`);
  }
}

/** Each --name is a regular expression (cucumber matches scenario names with it). */
export function checkNamePatterns(names: readonly string[]): void {
  for (const n of names)
    try {
      new RegExp(n);
    } catch (error) {
      throw new ConfigError(`--name "${n}" is not a regular expression: ${(error as Error).message}`);
    }
}

/** What the runner's command line names, checked before anything is contacted or written. */
export function checkRunArguments(args: RunArguments, root: string): void {
  checkFeaturePaths(args.cucumber.paths ?? [], root);
  checkFormats(args.cucumber.format ?? [], root);
  checkNamePatterns(args.cucumber.name ?? []);
}

/** The folders and files a run writes and reads, checked before the target is contacted or an earlier report removed. */
export function checkRunFolders(config: Pick<SuiteConfig, 'reportsDir' | 'testDataFile'>): void {
  // (--record is checked where the cassette is opened: src/cassette/cassette.ts)
  checkOutputFolder(config.reportsDir, 'the reports folder (OTA_REPORTS_DIR)');
  checkInputFile(config.testDataFile, 'OTA_TEST_DATA');
}

/** Every environment variable the suite reads (docs/options.md; a test keeps both equal to the code). */
export const SUITE_VARIABLES: readonly string[] = [
  'OTA_BASE_URL',
  'OTA_REQUESTOR_ID',
  'OTA_REQUESTOR_CONTEXT',
  'OTA_REQUESTOR_INSTANCE',
  'OTA_USER',
  'OTA_PASSWORD',
  'OTA_TEST_DATA',
  'OTA_REPLY_PROFILE',
  'OTA_RUN_GROUP',
  'OTA_CLAIMS',
  'OTA_STRICT',
  'OTA_SAMPLES_DIR',
  'OTA_XSD_DIR',
  'OTA_CONNECT_TIMEOUT_MS',
  'OTA_REQUEST_TIMEOUT_MS',
  'OTA_MAX_REPLY_BYTES',
  'OTA_RETRIES',
  'OTA_RETRY_BACKOFF_MS',
  'OTA_SECRET_ENV',
  'OTA_REPORTS_DIR',
  'OTA_HISTORY_LIMIT',
  'OTA_LEDGER_FILE',
  'OTA_RUN_ID',
  'OTA_RUN_DEADLINE_MS',
  'OTA_MAX_CONSECUTIVE_FAILURES',
  'OTA_MAX_CORROBORATION_REQUESTS',
  'OTA_SANDBOX_FAULTS',
  'OTA_SANDBOX_VARIANTS',
  'OTA_SPEC_FILE',
  'OTA_CHROMIUM',
  // the project's own tooling: npm test, npm run quick and the bench write their times there
  'OTA_TEST_PHASES',
  'OTA_TEST_TIMES',
  'OTA_QUICK_PHASES',
  'OTA_TS_CACHE_DIR',
  'OTA_WARM_POOL',
  // set by the runner for its workers
  'OTA_RECORD_DIR',
  'OTA_REPLAY_DIR',
  'OTA_RUN_PID',
];

/**
 * An OTA_ variable that is a slip for one the suite reads (OTA_BASE_ULR would leave the run on the
 * embedded sandbox): one warning line each. Others are left alone: CI and OTA_SECRET_ENV may name
 * their own.
 */
export function misspeltVariables(env: Record<string, string | undefined>): string[] {
  return slips(env).map(([name, meant]) => `Warning: ${name} is not a variable of the suite, and is ignored; did you mean ${meant}?`);
}

/** Each unknown OTA_ variable that resembles one the suite reads and which is unset: [the slip, the one meant]. */
function slips(env: Record<string, string | undefined>): Array<[string, string]> {
  const own = new Set((env.OTA_SECRET_ENV ?? '').split(/[\s,]+/));
  return Object.keys(env)
    .filter((name) => name.startsWith('OTA_') && !SUITE_VARIABLES.includes(name) && !own.has(name))
    .flatMap((name): Array<[string, string]> => {
      const meant = closest(name, SUITE_VARIABLES);
      return meant && env[meant] === undefined ? [[name, meant]] : [];
    });
}

/**
 * A run stops before any contact (a ConfigError: exit 2) when an OTA_ variable is a slip for one
 * the suite reads and that one is unset: run on, OTA_BASE_ULR would send the run to the embedded
 * sandbox and OTA_PASWORD would send no password, each with the wrong advice at its end.
 */
export function refuseMisspeltVariables(env: Record<string, string | undefined>): void {
  const found = slips(env);
  if (found.length === 0) return;
  const named = found.map(
    ([name, meant]) => `${name} is set but is not a variable of the suite, and ${meant}, which it resembles, is not set`,
  );
  throw new ConfigError(`${named.join('; ')}: rename it (or, if it is your own, list it in OTA_SECRET_ENV or unset it)`);
}
