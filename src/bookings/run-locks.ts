// The runs that share a booking ledger: each holds a lock file (pid, host, a heartbeat) in the
// ledger's runs folder while it lives, one per process. A killed run leaves its lock with a dead pid
// or a stale heartbeat, or its deadline passed: that is how a next run knows it may clean up after it.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { LedgerEntry } from './ledger-entries';

/** A run's lock file: it is alive while its process lives and its heartbeat is fresh. */
export interface RunLock {
  runId: string;
  pid: number;
  host: string;
  startedAt: string;
  heartbeatAt: string;
  /** When the run is stopped at the latest: its OTA_RUN_DEADLINE_MS and the backstop's grace after it. */
  deadlineAt?: string;
}

export const HEARTBEAT_MS = 15_000;
/**
 * A lock whose heartbeat is older than this (four beats missed) is a dead run's, on any host: a
 * host name proves nothing (CI containers, a cached ledger restored elsewhere, pids reused in a
 * container all share names and numbers). On this host a dead pid is dead at once.
 */
export const STALE_HEARTBEAT_MS = 4 * HEARTBEAT_MS;

/** Entries of a run that held no lock (plain cucumber-js) are its own for this long while its pid lives. */
const NO_LOCK_MAX_AGE_MS = 2 * 60 * 60_000;

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/**
 * A lock is alive while its heartbeat is fresh (STALE_HEARTBEAT_MS), its run's deadline has not
 * passed and, on this host, its process lives.
 */
function lockAlive(lock: RunLock): boolean {
  const now = Date.now();
  if (lock.deadlineAt && now > Date.parse(lock.deadlineAt)) return false;
  if (!(now - Date.parse(lock.heartbeatAt) < STALE_HEARTBEAT_MS)) return false;
  return lock.host !== hostname() || pidAlive(lock.pid);
}

/** The lock files of the runs sharing one ledger, in its runs folder. */
export class RunLocks {
  constructor(readonly dir: string) {}

  /**
   * Whether the run that wrote `entry` still lives. An entry that names its run's process is that
   * process's: its lock (pid, host, heartbeat) decides, and without a lock its pid, so a dead
   * process is a finished run whatever its run id (a next run may reuse the id of a killed one).
   * An older entry without it goes by any lock of its run id, else by the entry's own pid.
   */
  alive(runId: string, entry?: Pick<LedgerEntry, 'pid' | 'host' | 'at' | 'runPid'>): boolean {
    const locks = this.read(runId);
    const owner = entry?.runPid;
    if (owner !== undefined) {
      const lock = locks.find((l) => l.pid === owner && l.host === entry?.host);
      if (lock) return lockAlive(lock);
    } else if (locks.length > 0) return locks.some(lockAlive);
    // no lock: the run ended (it releases its lock), or ran without the runner
    const pid = owner ?? entry?.pid;
    return !!pid && entry?.host === hostname() && pidAlive(pid) && Date.now() - Date.parse(entry.at) < NO_LOCK_MAX_AGE_MS;
  }

  /**
   * Marks this run as alive for the others sharing the ledger: a lock file with pid, host and a
   * heartbeat rewritten every HEARTBEAT_MS, and the time by which the run is stopped at the latest
   * (`lifetimeMs` from now: its deadline and the backstop's grace). release() removes it (a killed run leaves it with a
   * dead pid, which is what lets the next run clean up after it).
   */
  claim(runId: string, lifetimeMs?: number): { release(): void } {
    mkdirSync(this.dir, { recursive: true });
    const file = this.lockFile(runId, process.pid, hostname());
    const now = Date.now();
    const lock: RunLock = {
      runId,
      pid: process.pid,
      host: hostname(),
      startedAt: new Date(now).toISOString(),
      heartbeatAt: '',
      ...(lifetimeMs ? { deadlineAt: new Date(now + lifetimeMs).toISOString() } : {}),
    };
    const beat = () => {
      lock.heartbeatAt = new Date().toISOString();
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(tmp, JSON.stringify(lock));
        renameSync(tmp, file); // atomic: a reader never sees half a lock
      } catch {
        // a missed heartbeat is not fatal; the ledger itself was checked writable
      }
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    timer.unref();
    const release = () => {
      clearInterval(timer);
      process.removeListener('exit', release);
      rmSync(file, { force: true });
    };
    // any orderly exit releases it (a kill does not, and must not: that is how a killed run is told)
    process.once('exit', release);
    return { release };
  }

  /** The runs that hold a lock on this ledger now (for messages). */
  live(): RunLock[] {
    return this.read().filter(lockAlive);
  }

  /** One lock file per process: two live processes may share a run id (a re-run, shards), and never share a lock. */
  private lockFile(runId: string, pid: number, host: string): string {
    const safe = (s: string) => s.replace(/[^\w.-]/g, '_');
    return join(this.dir, `${safe(runId)}.${pid}@${safe(host)}.lock.json`);
  }

  /** The locks in the folder (of one run id, when given); an unreadable one is no lock. */
  private read(runId?: string): RunLock[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.lock.json'));
    } catch {
      return [];
    }
    const locks: RunLock[] = [];
    for (const n of names) {
      try {
        const runLock = JSON.parse(readFileSync(join(this.dir, n), 'utf8')) as RunLock;
        const ok =
          typeof runLock.runId === 'string' &&
          typeof runLock.pid === 'number' &&
          typeof runLock.host === 'string' &&
          typeof runLock.heartbeatAt === 'string';
        if (ok && (runId === undefined || runLock.runId === runId)) locks.push(runLock);
      } catch {
        // removed meanwhile, or half written by an older version: not a lock
      }
    }
    return locks;
  }
}
