// What every section of the bench shares: the runs of the runner it makes (a child process each,
// with its own temp reports), the targets it points them at (the embedded sandbox, or a sandbox of
// the bench's own behind the counting proxy), and the time bound of the whole bench.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_XSD_DIR, PROJECT_ROOT } from '../../src/run/config';
import type { BenchOptions } from './args';
import { runEnv, runNode, type ChildRun } from './processes';
import { startCountingProxy, type CountingProxy } from './proxy';
import { median } from './stats';

/** What `npm run conformance` runs: the launcher (a build check, nothing compiled when nothing changed), then the compiled runner. */
export const RUNNER = ['scripts/launch.js', 'conformance'];
/** The bench runs compiled (scripts/launch.js built build/ before it started): the bare loop is compiled too. */
export const BARE_LOOP = join(PROJECT_ROOT, 'build', 'scripts', 'bench', 'bare-loop.js');
/** A tag no scenario has: the run does everything but run a scenario (exit 2, "no scenario matched"). */
export const NO_MATCH_TAGS = '@no-such-tag';
export const SAMPLE_MS = 100;
/** The optional analysis (section 6) starts nothing that would likely end past this: the bench stays bounded. */
export const BUDGET_MS = 9 * 60_000;

export type Print = (text: string) => void;

export interface BenchContext {
  opts: BenchOptions;
  print: Print;
  progress: Print;
  started: number;
}

export const elapsed = (c: BenchContext) => performance.now() - c.started;
/** Is there time left for something expected to take `estimateMs`? */
export const withinBudget = (c: BenchContext, estimateMs = 0) => elapsed(c) + estimateMs < BUDGET_MS;

type SandboxModule = typeof import('../../sandbox/src/index');
export const sandboxModule = () => require('../../sandbox/src/index') as SandboxModule;

/** The environment that points the runner at a target with the sandbox's credentials. */
export function targetEnv(baseUrl: string): Record<string, string> {
  const credentials = sandboxModule().SANDBOX_CREDENTIALS;
  return {
    OTA_BASE_URL: baseUrl,
    OTA_REQUESTOR_ID: credentials.requestorId,
    OTA_REQUESTOR_CONTEXT: credentials.requestorContext,
    OTA_USER: credentials.user,
    OTA_PASSWORD: credentials.password,
  };
}

/** A fresh sandbox (fresh booking store) behind a fresh proxy, for one run. */
export async function withProxiedSandbox<T>(holdMs: number, fn: (proxy: CountingProxy) => Promise<T>): Promise<T> {
  const { startSandbox, SANDBOX_CREDENTIALS } = sandboxModule();
  const sb = await startSandbox({ port: 0, credentials: { ...SANDBOX_CREDENTIALS } });
  const proxy = await startCountingProxy(sb.baseUrl, { holdMs });
  try {
    return await fn(proxy);
  } finally {
    await proxy.close();
    await sb.close();
  }
}

/** The schemas folder a default run uses (OTA_XSD_DIR, else the project's own). */
export function xsdDir(): string | undefined {
  const dir = resolve(PROJECT_ROOT, process.env.OTA_XSD_DIR?.trim() || DEFAULT_XSD_DIR);
  return existsSync(dir) ? dir : undefined;
}

export interface RunHow {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** node arguments before the runner's own (default: the launcher). */
  script?: string[];
}

/** A run of the runner, with the reports folder it wrote (kept until the bench ends). */
type ConformanceRun = ChildRun & { reportsDir: string };

export async function runConformance(benchContext: BenchContext, args: string[], how: RunHow = {}): Promise<ConformanceRun> {
  const env = runEnv(how.env);
  const run = await runNode([...(how.script ?? RUNNER), ...args], {
    cwd: how.cwd ?? PROJECT_ROOT,
    env,
    timeoutMs: benchContext.opts.runTimeoutMs,
    sampleMs: SAMPLE_MS,
  });
  return { ...run, reportsDir: env.OTA_REPORTS_DIR! };
}

export const walls = (runs: readonly ChildRun[]) => runs.map((r) => r.wallMs);
/** Median CPU time (user + system, workers included) of runs; NaN without GNU time. */
export const cpu = (runs: readonly ChildRun[]) => median(runs.map((r) => r.cpuMs ?? NaN));
export const list = (runs: readonly ChildRun[]) => runs.map((r) => (r.wallMs / 1000).toFixed(1)).join(', ');
