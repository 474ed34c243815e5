// Long-lived worker processes for many small suite runs (npm run mutants -- --matrix): a run costs
// about 0.5 s of CPU in a warm worker instead of about 1.1 s in a fresh process, most of it module
// loading. A worker that dies (a run past its deadline exits the process) fails its run with
// exit 2 and is replaced by the next run that needs one.
import { fork, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { CellReply, CellRequest } from './cell-worker';

const WORKER = join(__dirname, `cell-worker${extname(__filename)}`);
const COULD_NOT_RUN = 2;

interface Worker {
  child: ChildProcess;
  log: number;
  pending?: { id: number; resolve: (code: number) => void };
}

export class CellPool {
  private idle: Worker[] = [];
  private all = new Set<Worker>();
  private nextId = 0;
  private started = 0;

  /** `logDir`: each worker's console goes to worker-<n>.log there. */
  constructor(private readonly logDir: string) {}

  /** Worker processes started so far (a replaced worker counts again). */
  get workersStarted(): number {
    return this.started;
  }

  /** Runs the suite with these arguments and environment in a warm worker; resolves to its exit code. */
  run(argv: string[], env: Record<string, string>): Promise<number> {
    const worker = this.idle.pop() ?? this.spawn();
    const id = this.nextId++;
    return new Promise((resolve) => {
      worker.pending = { id, resolve };
      worker.child.send({ id, argv, env } satisfies CellRequest);
    });
  }

  close(): void {
    for (const worker of this.all) {
      worker.child.disconnect();
      closeSync(worker.log);
    }
    this.all.clear();
    this.idle = [];
  }

  private spawn(): Worker {
    const log = openSync(join(this.logDir, `worker-${++this.started}.log`), 'a');
    const child = fork(WORKER, [], { stdio: ['ignore', log, log, 'ipc'], execArgv: process.execArgv });
    const worker: Worker = { child, log };
    this.all.add(worker);
    child.on('message', (cellReply: CellReply) => {
      const pending = worker.pending;
      if (!pending || pending.id !== cellReply.id) return;
      worker.pending = undefined;
      this.idle.push(worker);
      pending.resolve(cellReply.code);
    });
    child.on('exit', () => {
      this.all.delete(worker);
      this.idle = this.idle.filter((x) => x !== worker);
      worker.pending?.resolve(COULD_NOT_RUN);
      worker.pending = undefined;
    });
    return worker;
  }
}
