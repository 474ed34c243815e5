// One suite run of npm run mutants: against a fresh embedded sandbox with the faults and variants
// its environment switches on, in a warm worker (cell-pool.ts) or a process of its own; its
// summary.json is all it is judged on.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceResult } from '../../src/reporting/result';
import { PROJECT_ROOT } from '../../src/run/config';
import type { CellPool } from './cell-pool';

export interface RunOutcome {
  label: string;
  exitCode: number;
  seconds: number;
  result?: ConformanceResult;
  dir: string;
}

/** A mutants run selects a few scenarios of the sandbox: minutes are ample (a whole default run takes about a minute). */
const RUN_DEADLINE_MS = 5 * 60_000;

/** The suite in a process of its own; resolves to its exit code, its console kept in `dir`. */
function runInOwnProcess(argv: string[], runEnv: Record<string, string>, dir: string, script = 'conformance'): Promise<number> {
  const args = [join(PROJECT_ROOT, 'scripts/launch.js'), script, ...argv];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...runEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('close', (code) => {
      writeFileSync(join(dir, 'console.log'), log);
      resolve(code ?? -1);
    });
  });
}

/**
 * One suite run against a fresh embedded sandbox; its reports go to a folder of its own under
 * `root`. `warm`: the worker pool to run in (none: a process of its own).
 */
export async function runSuite(
  root: string,
  label: string,
  env: Record<string, string>,
  tags: string | undefined,
  warm: CellPool | undefined,
): Promise<RunOutcome> {
  // summary.json is all a mutants run is judged on: no other report is written.
  const argv = ['--summary-only', ...(tags ? ['--tags', tags] : [])];
  return runIn(root, label, env, (runEnv, dir) => (warm ? warm.run(argv, runEnv) : runInOwnProcess(argv, runEnv, dir)));
}

/** The exploration every edge fault and (with --explore) every dialect gets: npm run explore -- --seed 1 --budget 400. */
export const EXPLORE_ARGS = ['--seed', '1', '--budget', '400'];

/** One exploration (npm run explore) against a fresh embedded sandbox, in a process of its own. */
export function runExploration(
  root: string,
  label: string,
  env: Record<string, string>,
  extra: readonly string[] = [],
): Promise<RunOutcome> {
  return runIn(root, label, env, (runEnv, dir) => runInOwnProcess([...EXPLORE_ARGS, ...extra], runEnv, dir, 'explore'));
}

/** A run in a folder of its own under `root`, with a fresh sandbox's environment; judged on its summary.json. */
async function runIn(
  root: string,
  label: string,
  env: Record<string, string>,
  start: (runEnv: Record<string, string>, dir: string) => Promise<number>,
): Promise<RunOutcome> {
  const dir = join(root, label);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const runEnv = {
    OTA_BASE_URL: '',
    OTA_REPORTS_DIR: dir,
    OTA_LEDGER_FILE: join(dir, 'ledger.jsonl'),
    OTA_SANDBOX_FAULTS: '',
    OTA_SANDBOX_VARIANTS: '',
    // A run that hangs must not stall the matrix: it stops with exit 2 and counts as not caught.
    OTA_RUN_DEADLINE_MS: String(RUN_DEADLINE_MS),
    ...env,
  };
  const started = Date.now();
  const code = await start(runEnv, dir);
  const file = join(dir, 'summary.json');
  const result = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ConformanceResult) : undefined;
  return { label, exitCode: code, seconds: (Date.now() - started) / 1000, result, dir };
}

/** Runs `fn` over `items`, `jobs` at a time; the results in the items' order. */
export async function pool<T, R>(items: T[], jobs: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]);
      }
    }),
  );
  return results;
}
