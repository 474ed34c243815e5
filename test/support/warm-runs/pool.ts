// Warm worker processes for the integration tests' suite runs (as scripts/mutants/cell-pool.ts is
// for the mutation run): a run costs its own work in a warm worker, instead of that plus about a
// second of CPU to start node, cucumber, the support code and the XML library in a fresh process.
// At most one worker per core; a run waits for a free one. A worker that dies (a run past its
// deadline exits the process) ends its run with the exit code or signal it died of, and is
// replaced by the next run that needs one; a run past the caller's time limit is killed with its
// worker (timedOut), as a child process would be.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';

const PROJECT_ROOT = resolve(__dirname, '..', '..', '..');
const WORKER = join(__dirname, 'worker.js');

/** The scripts a warm worker runs (worker.js). */
const WARM_SCRIPTS = ['conformance', 'init'] as const;
export type WarmScript = (typeof WARM_SCRIPTS)[number];
export const isWarmScript = (s: string): s is WarmScript => (WARM_SCRIPTS as readonly string[]).includes(s);

/** One run of `npm run <script>` with these arguments and exactly this environment. */
export interface WarmRequest {
  script: WarmScript;
  argv: string[];
  env: Record<string, string | undefined>;
  /** Past this, the run is killed (with its worker) and ends timedOut. */
  timeoutMs: number;
}

export interface WarmResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/** How a run ended: its exit code, or the signal its worker died of. */
type Ended = Pick<WarmResult, 'code' | 'signal'>;

interface Worker {
  child: ChildProcess;
  /** The run in progress. */
  run?: { id: number; done: (ended: Ended) => void };
}

export class WarmPool {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly waiting: Array<() => void> = [];
  private readonly dir = mkdtempSync(join(tmpdir(), 'ota-warm-'));
  private nextId = 0;
  private started = 0;
  private built = false;

  constructor(readonly size = availableParallelism()) {}

  /** Worker processes started so far (a replaced worker counts again). */
  get workersStarted(): number {
    return this.started;
  }

  async run(req: WarmRequest): Promise<WarmResult> {
    const worker = await this.worker();
    const id = this.nextId++;
    const files = { stdout: join(this.dir, `${id}.out`), stderr: join(this.dir, `${id}.err`) };
    let timedOut = false;
    const ended = await new Promise<Ended>((done) => {
      const timer = setTimeout(() => {
        timedOut = true;
        worker.child.kill('SIGKILL');
      }, req.timeoutMs);
      worker.run = {
        id,
        done: (ended) => {
          clearTimeout(timer);
          done(ended);
        },
      };
      worker.child.send({ id, script: req.script, argv: req.argv, env: req.env, stdoutFile: files.stdout, stderrFile: files.stderr });
    });
    const text = (f: string) => {
      try {
        return readFileSync(f, 'utf8');
      } catch {
        return '';
      }
    };
    const result = { ...ended, timedOut, stdout: text(files.stdout), stderr: text(files.stderr) };
    rmSync(files.stdout, { force: true });
    rmSync(files.stderr, { force: true });
    if (this.all.has(worker)) this.release(worker);
    return result;
  }

  /** Stops every worker; resolves once they have exited (their CPU time is then their parent's to count). */
  async close(): Promise<void> {
    const exited = [...this.all].map((w) => new Promise((r) => w.child.once('exit', r)));
    for (const worker of this.all) worker.child.kill();
    await Promise.all(exited);
    this.idle.length = 0;
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** An idle worker, a new one while there are fewer than `size`, else the next one released. */
  private async worker(): Promise<Worker> {
    for (;;) {
      const worker = this.idle.pop();
      if (worker) return worker;
      if (this.all.size < this.size) return this.spawn();
      await new Promise<void>((r) => this.waiting.push(r));
    }
  }

  private release(worker: Worker): void {
    this.idle.push(worker);
    this.waiting.shift()?.();
  }

  private spawn(): Worker {
    if (!this.built) {
      // the workers run the compiled runner, as scripts/launch.js does: build/ brought up to date once
      (require('../../../scripts/build.js') as { build: () => unknown }).build();
      this.built = true;
    }
    this.started++;
    const child = fork(WORKER, [], { cwd: PROJECT_ROOT, execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    // an idle worker must not keep the test process alive: a run in progress has its timer
    child.unref();
    child.channel?.unref();
    const worker: Worker = { child };
    this.all.add(worker);
    child.on('message', (m: { id: number; code: number }) => {
      if (worker.run?.id !== m.id) return;
      const run = worker.run;
      worker.run = undefined;
      run.done({ code: m.code, signal: null });
    });
    child.on('exit', (code, signal) => {
      this.all.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      const run = worker.run;
      worker.run = undefined;
      run?.done({ code, signal });
      this.waiting.shift()?.();
    });
    return worker;
  }
}

/**
 * `npm run test:unit` shares one pool among all its test files (server.ts; its socket in
 * OTA_WARM_POOL), so that the workers stay warm from file to file; a test file run alone gets a
 * pool of its own.
 */
export const WARM_POOL_SOCKET = 'OTA_WARM_POOL';

let local: WarmPool | undefined;

/** Runs `npm run conformance` in a warm worker: the suite-wide pool, else this process's own. */
export function runWarm(req: WarmRequest): Promise<WarmResult> {
  const socket = process.env[WARM_POOL_SOCKET];
  if (socket) return askServer(socket, req);
  local ??= new WarmPool();
  return local.run(req);
}

function askServer(socket: string, req: WarmRequest): Promise<WarmResult> {
  return new Promise((resolvePromise, reject) => {
    const c = connect(socket);
    let reply = '';
    c.setEncoding('utf8');
    c.on('data', (d: string) => (reply += d));
    c.on('error', reject);
    c.on('end', () => {
      try {
        resolvePromise(JSON.parse(reply) as WarmResult);
      } catch {
        reject(new Error(`the warm pool at ${socket} answered no result: ${reply.slice(0, 200)}`));
      }
    });
    c.end(JSON.stringify(req));
  });
}
