// Child runs of the benchmark: spawned with a clean environment and their own temp reports and
// ledger, bounded in time, timed from spawn to exit, with the peak memory (VmHWM) of the process
// and of every descendant (cucumber's parallel workers) sampled from /proc.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export interface ProcessPeak {
  pid: number;
  /** 'runner' (the spawned process), 'worker' (a cucumber parallel worker) or the program's name. */
  role: string;
  /** Highest resident set seen, in KiB (VmHWM: the kernel's own high-water mark). */
  hwmKb: number;
}

export interface ChildRun {
  code: number | null;
  timedOut: boolean;
  wallMs: number;
  /** User + system CPU of the process and the descendants it waited for (its workers); undefined without GNU time. */
  cpuMs?: number;
  stdout: string;
  stderr: string;
  /** ms from spawn to the first progress line "[1/n] ..." (the first scenario finished). */
  firstScenarioMs?: number;
  /** Every complete stdout line with the ms from spawn at which it arrived. */
  lines: Array<{ ms: number; text: string }>;
  peaks: ProcessPeak[];
}

export interface ChildOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Sample /proc every this many ms (0: no memory sampling). */
  sampleMs?: number;
}

/** The environment of a child run: the bench's own, minus everything that configures the suite or the sandbox. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(OTA_|SANDBOX_|CUCUMBER_)/.test(k) || k === 'NODE_TEST_CONTEXT' || k === 'NODE_OPTIONS') continue;
    env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

const tempRoots: string[] = [];

/** A fresh temp folder, removed by removeTempDirs(). */
export function benchTempDir(prefix = 'ota-bench-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  tempRoots.push(d);
  return d;
}

export function removeTempDirs(): void {
  for (const d of tempRoots.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** The environment of one conformance run: reports and ledger in a fresh temp folder. */
export function runEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const root = benchTempDir('ota-bench-run-');
  return cleanEnv({ OTA_REPORTS_DIR: join(root, 'reports'), OTA_LEDGER_FILE: join(root, 'ledger', 'bookings.jsonl'), ...extra });
}

// ---------------------------------------------------------------------------------------------
// /proc sampling (Linux); elsewhere the peaks stay empty and the tables say "-".

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Children of every thread of `pid` (a fork may come from any thread). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  let tids: string[] = [String(pid)];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    // gone
  }
  for (const tid of tids) {
    const text = readText(`/proc/${pid}/task/${tid}/children`);
    if (text) for (const c of text.trim().split(/\s+/)) if (c) out.push(Number(c));
  }
  return out;
}

export function descendants(pid: number): number[] {
  const all: number[] = [];
  const queue = childrenOf(pid);
  while (queue.length) {
    const p = queue.shift()!;
    all.push(p);
    queue.push(...childrenOf(p));
  }
  return all;
}

/** VmHWM of a process in KiB, or undefined when it is gone. */
export function vmHwmKb(pid: number): number | undefined {
  const text = readText(`/proc/${pid}/status`);
  const m = text && /^VmHWM:\s+(\d+)\s+kB/m.exec(text);
  return m ? Number(m[1]) : undefined;
}

function roleOf(pid: number, rootPid: number): string {
  if (pid === rootPid) return 'runner';
  const argv = (readText(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
  if (argv.some((a) => a.endsWith('run_worker.js'))) return 'worker';
  return basename(argv[0] ?? `pid ${pid}`);
}

class PeakSampler {
  private readonly peaks = new Map<number, ProcessPeak>();
  private timer?: NodeJS.Timeout;

  private rootPid?: number;

  /** spawnedPid: /usr/bin/time when it wraps node (wrapped), else node itself. */
  constructor(
    private readonly spawnedPid: number,
    private readonly wrapped: boolean,
  ) {}

  start(everyMs: number): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  sample(): void {
    this.rootPid ??= this.wrapped ? childrenOf(this.spawnedPid)[0] : this.spawnedPid;
    const root = this.rootPid;
    if (root === undefined) return;
    for (const pid of [root, ...descendants(root)]) {
      const kb = vmHwmKb(pid);
      if (kb === undefined) continue;
      const processPeak = this.peaks.get(pid);
      if (processPeak) {
        processPeak.hwmKb = Math.max(processPeak.hwmKb, kb);
        // seen between fork and exec, a child still shows its parent's command line
        if (processPeak.role !== 'runner' && processPeak.role !== 'worker') processPeak.role = roleOf(pid, root);
      } else this.peaks.set(pid, { pid, role: roleOf(pid, root), hwmKb: kb });
    }
  }

  stop(): ProcessPeak[] {
    if (this.timer) clearInterval(this.timer);
    return [...this.peaks.values()];
  }
}

// ---------------------------------------------------------------------------------------------

/** A line of the runner's progress outside a terminal: "[12/193] passed ...". */
export const PROGRESS_LINE = /^\[\d+\/\d+\]/;

/** Runs `node <args>` (the bench's own node binary), timed from spawn to exit, bounded by opts.timeoutMs. */
/** GNU time, when present: it reports the CPU time of node and of every descendant node waited for (the workers). */
const TIME_BIN = process.platform === 'linux' && existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** "%U %S" as GNU time writes it (seconds of user and system CPU), in ms; undefined when unreadable. */
export function parseCpuSeconds(text: string): number | undefined {
  const match = /(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s*$/.exec(text.trim());
  return match ? Math.round((Number(match[1]) + Number(match[2])) * 1000) : undefined;
}

export function runNode(args: string[], opts: ChildOptions): Promise<ChildRun> {
  return new Promise((resolve) => {
    const cpuFile = TIME_BIN ? join(benchTempDir('ota-bench-cpu-'), 'cpu.txt') : undefined;
    const t0 = performance.now();
    const child =
      TIME_BIN && cpuFile
        ? spawn(TIME_BIN, ['-f', '%U %S', '-o', cpuFile, process.execPath, ...args], {
            cwd: opts.cwd,
            env: opts.env,
            stdio: ['ignore', 'pipe', 'pipe'],
          })
        : spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const lines: Array<{ ms: number; text: string }> = [];
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      const ms = performance.now() - t0;
      stdout += c;
      const parts = (partial + c).split('\n');
      partial = parts.pop() ?? '';
      for (const text of parts) lines.push({ ms, text });
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const sampler = child.pid && opts.sampleMs ? new PeakSampler(child.pid, TIME_BIN !== undefined) : undefined;
    // The last sample is taken when stdout closes (the process is exiting but still in /proc).
    child.stdout.on('end', () => sampler?.sample());
    sampler?.start(opts.sampleMs!);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) for (const pid of descendants(child.pid)) killQuietly(pid);
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.on('close', (code) => {
      const wallMs = performance.now() - t0;
      clearTimeout(timer);
      if (partial) lines.push({ ms: wallMs, text: partial });
      const firstScenarioMs = lines.find((l) => PROGRESS_LINE.test(l.text))?.ms;
      const cpuMs = cpuFile && !timedOut ? parseCpuSeconds(readText(cpuFile) ?? '') : undefined;
      resolve({ code, timedOut, wallMs, cpuMs, stdout, stderr, firstScenarioMs, lines, peaks: sampler?.stop() ?? [] });
    });
  });
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The last line of a run's output that says what happened (the verdict, or "Could not run: ..."). */
export function outcomeLine(run: Pick<ChildRun, 'stdout' | 'stderr' | 'code' | 'timedOut'>): string {
  if (run.timedOut) return 'killed: took longer than the run bound';
  const lines = `${run.stdout}\n${run.stderr}`.split('\n').map((l) => l.trim());
  const hit = [...lines]
    .reverse()
    .find((l) => /^(CONFORMS|DOES NOT CONFORM|NOT DETERMINED|COULD NOT RUN|SELECTION|Could not run|A SECRET)/i.test(l));
  return hit ?? `exit ${run.code}`;
}

/** outcomeLine when it is short, else its verdict word(s) before the colon ("CONFORMS", "SELECTION PASSED"). */
export function shortOutcome(run: Pick<ChildRun, 'stdout' | 'stderr' | 'code' | 'timedOut'>, max = 40): string {
  const line = outcomeLine(run);
  if (line.length <= max) return line;
  const head = line.split(':')[0];
  return head.length <= max ? head : `${head.slice(0, max - 1)}…`;
}
