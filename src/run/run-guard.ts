// The run's safety net, set up right after the configuration is loaded and before anything is
// printed about the target or sent to it:
//   - every process (the runner and each cucumber worker) masks its console (protectProcess);
//   - the runner checks that the booking ledger can be written, claims its share of the ledger
//     (a lock with pid, host and heartbeat: other runs leave its bookings alone), and bounds the
//     whole run with OTA_RUN_DEADLINE_MS: past it the run stops with exit 2 and kills cucumber's
//     worker processes. A second timer on its own thread backs this up if the runner's event loop
//     itself were frozen (a hostile reply once did that): it kills the run 30 s later. It clears
//     the marker of the run's "gateway stopped answering" breaker (failure-breaker.ts) at both ends.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { SuiteFault } from '../core/errors';
import { breakerMarker } from './failure-breaker';
import { BookingLedger } from '../bookings/ledger';
import { maskConsole, scrubText } from '../safety/masked-console';
import { Redactor } from '../safety/masking';

/** Exit code of a run that could not take place (src/reporting/verdict.ts EXIT.COULD_NOT_RUN). */
const COULD_NOT_RUN = 2;
/** How long after the deadline the backstop thread kills a run whose event loop does not answer. */
const BACKSTOP_GRACE_MS = 30_000;

/** The gateway stopped answering: the run could not judge it (exit 2). */
export class GatewayStoppedAnswering extends SuiteFault {
  override name = 'GatewayStoppedAnswering';
}

/** What the guard reads of the run's configuration (src/run/config's SuiteConfig is one). */
export interface GuardedRun {
  runId: string;
  ledgerFile: string;
  secrets: string[];
  credentials: { user: string };
  runDeadlineMs: number;
}

/** Per process (runner and every cucumber worker): masked console. */
export function protectProcess(config: GuardedRun): void {
  maskConsole(new Redactor(config.secrets, { user: config.credentials.user }));
}

/**
 * For cucumber's setDefinitionFunctionWrapper: an error thrown by a step or hook has its message
 * and stack masked before any formatter (console, messages, HTML, JUnit, Allure) sees it: an
 * error may quote a gateway's reply (an HTML title, a parser message naming an element).
 */
export function maskStepErrors(fn: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  const scrubError = (e: unknown): unknown => {
    if (e instanceof Error) {
      e.message = scrubText(e.message);
      if (e.stack) e.stack = scrubText(e.stack);
    }
    return e;
  };
  return function (this: unknown, ...args: unknown[]) {
    try {
      const r = fn.apply(this, args);
      if (r && typeof (r as Promise<unknown>).then === 'function')
        return (r as Promise<unknown>).then(undefined, (e: unknown) => Promise.reject(scrubError(e)));
      return r;
    } catch (error) {
      throw scrubError(error);
    }
  };
}

export interface RunGuard {
  /** Ends the deadline, releases the ledger claim. Idempotent. */
  stop(): void;
}

/**
 * The runner's guard. Throws a ConfigError (one line, exit 2) when the ledger cannot be written.
 * Sets OTA_RUN_ID so that cucumber's workers and the run context share this run's id, and
 * OTA_RUN_PID so that the workers' ledger entries name the process whose lock says the run lives.
 */
export function startRunGuard(config: GuardedRun): RunGuard {
  process.env.OTA_RUN_ID = config.runId;
  process.env.OTA_RUN_PID = String(process.pid);
  protectProcess(config);
  const ledger = new BookingLedger(config.ledgerFile);
  ledger.assertWritable();
  ledger.assertOwnLines();
  const claim = ledger.claimRun(config.runId, config.runDeadlineMs + BACKSTOP_GRACE_MS);
  const marker = breakerMarker(config);
  rmSync(marker, { force: true }); // a reused OTA_RUN_ID must not inherit a trip

  // cucumber forks its parallel workers with child_process.fork (read at call time): keep them, to
  // kill them. The module object itself, not an import binding: only it can be patched.
  const childProcess = require('node:child_process') as { fork: (...list: unknown[]) => ChildProcess };
  const children = new Set<ChildProcess>();
  const originalFork = childProcess.fork;
  const minutes = (config.runDeadlineMs / 60_000).toFixed(config.runDeadlineMs < 60_000 ? 2 : 0);
  const message =
    `Could not run: the run did not finish within OTA_RUN_DEADLINE_MS=${config.runDeadlineMs} ms (${minutes} min) and was stopped. ` +
    `Bookings it may have made are in the ledger (${config.ledgerFile}): the next run cancels them.`;
  const backstop = startBackstop(config.runDeadlineMs + BACKSTOP_GRACE_MS, `${message} (the run did not answer: killed)`);
  childProcess.fork = function (this: unknown, ...args: unknown[]) {
    const child = originalFork.apply(this, args);
    children.add(child);
    if (child.pid) backstop.postMessage({ add: child.pid });
    child.once('exit', () => {
      children.delete(child);
      if (child.pid) backstop.postMessage({ remove: child.pid });
    });
    return child;
  };

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(deadline);
    void backstop.terminate();
    childProcess.fork = originalFork;
    claim.release();
    rmSync(marker, { force: true });
  };
  const deadline = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    stop();
    process.exitCode = COULD_NOT_RUN;
    process.stderr.write(`${message}\n`, () => process.exit(COULD_NOT_RUN));
    // a stderr that never drains must not keep the run alive either
    setTimeout(() => process.exit(COULD_NOT_RUN), 2000).unref();
  }, config.runDeadlineMs);
  deadline.unref();

  return { stop };
}

// A thread of its own: it runs even when the main thread is stuck in a loop.
const BACKSTOP = `
const { workerData, parentPort } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const pids = new Set();
parentPort.on('message', (m) => { if (m.add) pids.add(m.add); if (m.remove) pids.delete(m.remove); });
setTimeout(() => {
  try { writeSync(2, workerData.message + '\\n'); } catch {}
  for (const pid of pids) { try { process.kill(pid, 'SIGKILL'); } catch {} }
  process.kill(workerData.pid, 'SIGKILL');
}, workerData.ms);
`;

function startBackstop(ms: number, message: string): Worker {
  const worker = new Worker(BACKSTOP, { eval: true, execArgv: [], workerData: { ms, message, pid: process.pid } });
  worker.unref();
  return worker;
}
