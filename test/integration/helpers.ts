// Run-level test helpers: spawn the real runner (scripts/conformance.ts) as a child process with its
// own environment, temp reports dir and temp ledger, and a hard timeout; read what it wrote.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';
import { EvidenceCollector, textOf } from '../../src/reporting/evidence/collect';
import { readStream, STREAM_FILE } from '../../src/reporting/evidence/stream';
import { scanForSecrets, type SecretFinding } from '../../src/safety/scanning';
import type { CapturedRequest, Handler } from '../support/hostile-server';
import { isWarmScript, runWarm } from '../support/warm-runs/pool';
import type { ConformanceResult, RequirementResult } from '../../src/reporting/result';

export const PROJECT_ROOT = resolve(__dirname, '..', '..');

/** A run that takes longer than this is a hang: the child is killed and the test fails. */
export const DEFAULT_RUN_TIMEOUT_MS = 120_000; // generous: a loaded CI machine must not look like a hang

export interface RunResult {
  /** Exit code; null when killed (timedOut). */
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  ms: number;
  reportsDir: string;
  ledgerFile: string;
}

export interface ScenarioSummary {
  name: string;
  uri: string;
  tags: string[];
  ops: string[];
  reqs: string[];
  status: string;
  message?: string;
  /** SHOULD requirements the scenario found unmet (they do not fail it). */
  warnings?: string[];
}

export interface RunSummaryFile {
  scenarios: ScenarioSummary[];
  nonconformances: number;
  suiteErrors: number;
}

const tempDirs: string[] = [];

/** A fresh temp folder, removed by removeTempDirs() (kept when OTA_KEEP_TMP=1, for debugging). */
export function tempDir(prefix = 'ota-it-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(d);
  return d;
}

export function removeTempDirs(): void {
  if (process.env.OTA_KEEP_TMP === '1') return;
  for (const d of tempDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Every name that configures the suite or the sandbox is dropped: a developer's shell must not leak in. */
export function cleanEnv(extraSecretNames: string[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(OTA_|SANDBOX_)/.test(k) || k === 'NODE_TEST_CONTEXT' || extraSecretNames.includes(k)) continue;
    env[k] = v;
  }
  return env;
}

export interface RunOptions {
  /** The npm script run (default conformance). */
  script?: 'conformance' | 'init' | 'explore';
  args?: string[];
  /** Added to the clean environment (OTA_REPORTS_DIR and OTA_LEDGER_FILE are set by default). */
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Default: a fresh temp folder. */
  reportsDir?: string;
  /** Default: a fresh temp file name. */
  ledgerFile?: string;
  /** Run in a process of its own, not in a warm worker (what only a new process shows). */
  fresh?: boolean;
}

/**
 * Runs `scripts/conformance.ts` like `npm run conformance -- <args>` would, bounded in time: in a
 * warm worker process (test/support/warm-runs/), which runs the same compiled runner with exactly
 * this environment and gives back its exit code and console (npm run init too, with `script`). A
 * run in a process of its own instead: `fresh`, NODE_OPTIONS (a hook only a new process loads), or a
 * script the workers do not run.
 */
export async function runConformance(opts: RunOptions = {}): Promise<RunResult> {
  const script = opts.script ?? 'conformance';
  if (opts.fresh || opts.env?.NODE_OPTIONS !== undefined || !isWarmScript(script)) return startConformance(opts).done;
  const run = runEnvironment(opts);
  const t0 = Date.now();
  const warmResult = await runWarm({ script, argv: opts.args ?? [], env: run.env, timeoutMs: run.timeoutMs });
  return { ...warmResult, ms: Date.now() - t0, reportsDir: run.reportsDir, ledgerFile: run.ledgerFile };
}

/** A run's reports folder, ledger, environment and time limit, from its options. */
function runEnvironment(opts: RunOptions) {
  const root = tempDir();
  const reportsDir = opts.reportsDir ?? join(root, 'reports');
  const ledgerFile = opts.ledgerFile ?? join(root, 'ledger', 'bookings.jsonl');
  const env = {
    ...cleanEnv(Object.keys(opts.env ?? {})),
    OTA_REPORTS_DIR: reportsDir,
    OTA_LEDGER_FILE: ledgerFile,
    ...(opts.env ?? {}),
  };
  return { reportsDir, ledgerFile, env, timeoutMs: opts.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS };
}

/** A run in progress: its process (to kill it mid-run) and its result when it ends. */
export interface StartedRun {
  child: ChildProcess;
  /** What it has printed so far. */
  output(): { stdout: string; stderr: string };
  done: Promise<RunResult>;
}

/** Starts a run like runConformance, without waiting for it. */
export function startConformance(opts: RunOptions = {}): StartedRun {
  const { reportsDir, ledgerFile, env, timeoutMs } = runEnvironment(opts);
  const t0 = Date.now();
  const child = spawn(process.execPath, ['scripts/launch.js', opts.script ?? 'conformance', ...(opts.args ?? [])], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const done = new Promise<RunResult>((resolvePromise, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, timedOut, stdout, stderr, ms: Date.now() - t0, reportsDir, ledgerFile });
    });
  });
  return { child, output: () => ({ stdout, stderr }), done };
}

/** Resolves when `cond` holds (polled), or rejects after `ms` saying what was awaited. */
export async function waitFor(what: string, cond: () => boolean, ms = 60_000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** For assertion messages: what the run printed, cut. */
export function describeRun(runResult: RunResult): string {
  const cut = (s: string) => (s.length > 4000 ? `${s.slice(0, 1500)}\n…\n${s.slice(-2500)}` : s);
  return `exit ${runResult.code}${runResult.timedOut ? ' (KILLED: timed out)' : ''} after ${runResult.ms} ms\n--- stdout ---\n${cut(runResult.stdout)}\n--- stderr ---\n${cut(runResult.stderr)}`;
}

/** The console of a run as a file, scanned for every form of the secrets the reports are scanned for. */
export function consoleLeaks(runResult: RunResult, secrets: string[]): SecretFinding[] {
  const f = join(tempDir('ota-it-console-'), 'console.txt');
  writeFileSync(f, `${runResult.stdout}\n${runResult.stderr}`);
  return scanForSecrets(f, secrets);
}

/** What every run writes by default (README: "Reading the results"). */
export const RUN_REPORTS = [
  'summary.json',
  'conformance-report.html',
  'conformance-report.md',
  'conformance-report.json',
  'junit.xml',
  'cucumber-messages.ndjson',
  'evidence.html',
  'reproducers',
];

/** Every kind of artifact was written, and neither the artifacts nor the console hold a secret in any form. */
export function assertArtifactsHoldNoSecret(runResult: RunResult, secrets: string[]): void {
  for (const name of RUN_REPORTS) assert.ok(existsSync(join(runResult.reportsDir, name)), `${name} was written`);
  assert.ok(
    evidenceAttachments(runResult).some((a) => a.name.endsWith('-reply-headers.txt')),
    'the evidence of the exchanges was written',
  );
  assert.ok(readdirSync(join(runResult.reportsDir, 'reproducers')).length > 0, 'reproducers were written');
  assert.deepEqual(scanForSecrets(runResult.reportsDir, secrets), []);
  assert.deepEqual(consoleLeaks(runResult, secrets), []);
}

export function readSummary(runResult: RunResult): RunSummaryFile | undefined {
  const f = join(runResult.reportsDir, 'summary.json');
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as RunSummaryFile) : undefined;
}

export function requireSummary(runResult: RunResult): RunSummaryFile {
  const summary = readSummary(runResult);
  if (!summary) throw new Error(`no summary.json in ${runResult.reportsDir}\n${describeRun(runResult)}`);
  return summary;
}

/** The scenario of this operation (by its @op: tag); throws listing the scenarios when absent. */
export function scenarioFor(runSummaryFile: RunSummaryFile, op: string): ScenarioSummary {
  const found = runSummaryFile.scenarios.filter((x) => x.ops.includes(op));
  if (found.length !== 1)
    throw new Error(
      `expected one scenario for @op:${op}, found ${found.length}: ${runSummaryFile.scenarios.map((x) => x.name).join('; ')}`,
    );
  return found[0];
}

export interface EvidenceAttachment {
  /** The file name the World gave it (e.g. 1-hotelavailability-reply-headers.txt). */
  name: string;
  type: string;
  /** The scenario it belongs to. */
  test: string;
  content: string;
}

/** Every attachment of every scenario of the run, as its evidence stream holds it. */
export function evidenceAttachments(runResult: RunResult): EvidenceAttachment[] {
  const file = join(runResult.reportsDir, STREAM_FILE);
  if (!existsSync(file)) return [];
  const collector = new EvidenceCollector();
  readStream(file).forEach(collector.onMessage);
  return collector
    .scenarios()
    .flatMap((s) =>
      s.attempts.flatMap((a) =>
        a.steps.flatMap((st) =>
          st.attachments.map((x) => ({ name: x.fileName ?? '', type: x.mediaType, test: s.name, content: textOf(x) })),
        ),
      ),
    );
}

/** Environment for a run against an external target with the sandbox's default credentials. */
export function targetEnv(baseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    OTA_BASE_URL: baseUrl,
    OTA_REQUESTOR_ID: SANDBOX_CREDENTIALS.requestorId,
    OTA_REQUESTOR_CONTEXT: SANDBOX_CREDENTIALS.requestorContext,
    OTA_USER: SANDBOX_CREDENTIALS.user,
    OTA_PASSWORD: SANDBOX_CREDENTIALS.password,
    ...extra,
  };
}

/** The operation a request was sent to: its path without the slash. */
export const opOf = (req: CapturedRequest): string => req.path.replace(/^\/+/, '').split(/[/?]/)[0];

/** The client's booking reference (UniqueID Type 36) of a request. */
export const bookingRefOf = (req: CapturedRequest): string =>
  /UniqueID[^>]*Type="36"[^>]*ID="([^"]+)"/.exec(req.body)?.[1] ?? /UniqueID[^>]*ID="([^"]+)"[^>]*Type="36"/.exec(req.body)?.[1] ?? '';

/** An activity booking that books (the sandbox's ResStatus Commit). */
export const isCommit = (req: CapturedRequest): boolean => opOf(req) === 'activitybook' && /ResStatus="Commit"/.test(req.body);

/** Run arguments: one booking scenario (discover, quote, commit, read). */
export const BOOKING_SCENARIO = ['--tags', '@req:RD-RETURNS-BOOKING and @req:RD-DETAILS'];
/** Run arguments: one scenario that books nothing. */
export const NO_BOOKING = ['--profile', 'read-only', '--tags', '@req:RD-UNKNOWN'];

/** waitFor while a run goes on: when the wait fails, the run is killed and its output shown. */
export async function waitDuring(run: StartedRun, what: string, cond: () => boolean, ms = 60_000): Promise<void> {
  try {
    await waitFor(what, cond, ms);
  } catch (error) {
    run.child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${describeRun(await run.done)}`);
  }
}

/**
 * A hostile-server handler that forwards every request to a real gateway (a sandbox) and lets
 * `tamper` change the reply, or answer itself (return true when it has answered).
 */
export function proxyTo(
  target: string,
  tamper: (req: CapturedRequest, res: ServerResponse) => boolean | Promise<boolean> = () => false,
  rewrite: (
    reply: { status: number; headers: Record<string, string>; body: Buffer },
    req: CapturedRequest,
  ) => {
    status: number;
    headers: Record<string, string>;
    body: Buffer;
  } = (x) => x,
): Handler {
  return async (req, res) => {
    if (await tamper(req, res)) return;
    const upstream = await fetch(`${target}${req.path}`, {
      method: req.method,
      headers: req.method === 'POST' ? { 'content-type': String(req.headers['content-type'] ?? 'application/xml') } : {},
      body: req.method === 'POST' ? req.body : undefined,
    });
    const headers: Record<string, string> = {};
    const ct = upstream.headers.get('content-type');
    if (ct) headers['content-type'] = ct;
    const reply = rewrite({ status: upstream.status, headers, body: Buffer.from(await upstream.arrayBuffer()) }, req);
    res.writeHead(reply.status, { ...reply.headers, 'content-length': String(reply.body.length) });
    res.end(reply.body);
  };
}

/**
 * A copy of this checkout's files (tracked, and new ones not ignored) in `clone`, as a fresh clone
 * on another path would have them, with this checkout's node_modules linked in (`npm ci` proves
 * the install; a second one would cost minutes and the registry).
 */
export function copyCheckout(clone: string): void {
  const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  assert.equal(files.status, 0, files.stderr);
  for (const f of files.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(PROJECT_ROOT, f))) continue; // deleted in the work tree, not yet committed
    mkdirSync(dirname(join(clone, f)), { recursive: true });
    copyFileSync(join(PROJECT_ROOT, f), join(clone, f));
  }
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
}

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- <args>` of the checkout at `cwd`, with nothing of this shell's suite configuration (only `env`). */
export function runScript(script: string, args: readonly string[], env: Record<string, string> = {}, cwd = PROJECT_ROOT): ScriptRun {
  const spawned = spawnSync(process.execPath, ['scripts/launch.js', script, ...args], {
    cwd,
    env: { ...cleanEnv(Object.keys(env)), ...env },
    encoding: 'utf8',
    timeout: 900_000,
  });
  return { code: spawned.status, stdout: spawned.stdout, stderr: spawned.stderr };
}

/** Runs jobs two at a time, the rest queued: the machine has two cores, and each run is a child process. */
export function twoAtATime(): <T>(job: () => Promise<T>) => Promise<T> {
  const queue: Array<() => void> = [];
  let running = 0;
  return <T>(job: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        running++;
        job()
          .then(resolve, reject)
          .finally(() => {
            running--;
            queue.shift()?.();
          });
      };
      if (running < 2) start();
      else queue.push(start);
    });
}

/** The requirement `id` of a run's summary; a missing one fails the test. */
export function requirementIn(summary: ConformanceResult, id: string): RequirementResult {
  const found = summary.requirements.find((q) => q.id === id);
  assert.ok(found, `requirement ${id} is in the summary`);
  return found;
}

/** A requirement's outcome, reason and findings, for an assertion's message. */
export const requirementEvidence = (r: RequirementResult): string =>
  `${r.id} ${r.outcome}: ${r.reason ?? ''}\n${r.findings.map((f) => `  at ${f.at}: expected ${f.expected}, found ${f.found}`).join('\n')}`;

/** MUST requirements of the claimed classes that did not pass (AUTH-WHITELIST is untestable by nature). */
export const openMusts = (requirements: readonly RequirementResult[]): RequirementResult[] =>
  requirements.filter((q) => q.level === 'MUST' && q.outcome !== 'passed' && q.outcome !== 'inapplicable' && q.id !== 'AUTH-WHITELIST');
