// The booking ledger: one JSON line per event, appended and fsynced synchronously, so that a run
// killed at any moment cannot forget a booking it may have made:
//   intent     written BEFORE a Commit is sent: the suite chooses the reference itself, so it can
//              write it down first (a run killed while the reply is on its way leaves an intent);
//   committed  the gateway confirmed the Commit;
//   cancelled  the booking was cancelled (by its scenario or a later clean-up);
//   gone       the target does not know the reference (the Commit never took effect, or the
//              booking was purged): nothing to cancel;
//   cleanup-failed  a cancel that did not work: the next run tries again.
// Several runs may share one ledger (parallel CI jobs, a developer beside the nightly run): each
// entry names its run, and each run holds a lock file with its pid, host and a heartbeat while it
// lives. The start-up clean-up only touches entries of runs that are no longer alive.
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ConfigError } from '../core/errors';

export type LedgerEvent = 'intent' | 'committed' | 'cancelled' | 'gone' | 'cleanup-failed';

export interface LedgerEntry {
  bookingRef: string;
  itemRefs: string[];
  /** Base URL of the gateway the booking was made on. */
  target: string;
  runId: string;
  scenario?: string;
  /** ISO time of the event. */
  at: string;
  event: LedgerEvent;
  /** cleanup-failed, gone: why. */
  reason?: string;
  /** The process that wrote the entry, and its host: ownership when the run holds no lock. */
  pid?: number;
  host?: string;
}

/** What one booking entry needs; the ledger adds time, event, pid and host. */
export interface BookingNote {
  bookingRef: string;
  itemRefs: string[];
  target: string;
  runId: string;
  scenario?: string;
}

/** A run's lock file: it is alive while its process lives and its heartbeat is fresh. */
export interface RunLock {
  runId: string;
  pid: number;
  host: string;
  startedAt: string;
  heartbeatAt: string;
}

const HEARTBEAT_MS = 15_000;
/** A run on another host whose heartbeat is older than this is dead. */
export const STALE_OTHER_HOST_MS = 2 * 60_000;
/** On this host a dead pid is enough; a live pid with a heartbeat this old is a reused pid. */
export const STALE_SAME_HOST_MS = 10 * 60_000;
/** Entries of a run that held no lock (plain cucumber-js) are its own for this long while its pid lives. */
const NO_LOCK_MAX_AGE_MS = 2 * 60 * 60_000;

/** Trailing slashes do not make another gateway. */
function sameTarget(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

const WHY: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted (an immutable file or folder?)',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
};
const why = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return WHY[code] ? `${WHY[code]} (${code})` : (e as Error).message;
};

export class BookingLedger {
  /** Warnings of the last read (a truncated or corrupt line), also passed to onWarning. */
  lastWarnings: string[] = [];

  constructor(
    readonly file: string,
    private readonly onWarning: (message: string) => void = (m) => console.warn(m),
  ) {}

  /** Where the runs sharing this ledger keep their lock files. */
  get runsDir(): string {
    return join(dirname(this.file), `${basename(this.file)}.runs`);
  }

  /**
   * Fails with one line (a ConfigError: exit 2) when the ledger cannot be written: a folder, a
   * path under a file, a read-only folder or file system, an immutable file. Called before the
   * first scenario, so that a booking is never made that could not be recorded.
   */
  assertWritable(variable = 'OTA_LEDGER_FILE'): void {
    const where = `${variable}=${this.file}`;
    let st: ReturnType<typeof statSync> | undefined;
    try {
      st = statSync(this.file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR') throw new ConfigError(`${where} cannot be created: ${fileAncestor(this.file)} is a file, not a folder`);
      if (code !== 'ENOENT') throw new ConfigError(`${where} cannot be read: ${why(e)}`);
    }
    if (st?.isDirectory())
      throw new ConfigError(`${where} is a folder; it must name a file (for example ${join(this.file, 'bookings.jsonl')})`);
    if (st && !st.isFile()) throw new ConfigError(`${where} is not a regular file`);
    for (const dir of [dirname(this.file), this.runsDir]) {
      try {
        mkdirSync(dir, { recursive: true });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOTDIR' || code === 'EEXIST')
          throw new ConfigError(`${where} cannot be created: ${fileAncestor(dir)} is a file, not a folder`);
        throw new ConfigError(`${where}: the folder ${dir} cannot be created: ${why(e)}`);
      }
    }
    try {
      closeSync(openSync(this.file, 'a'));
      // the lock files of the runs sharing the ledger are created and removed in runsDir
      const probe = join(this.runsDir, `.probe-${process.pid}`);
      writeFileSync(probe, '');
      rmSync(probe, { force: true });
    } catch (e) {
      throw new ConfigError(`${where} is not writable: ${why(e)}`);
    }
  }

  /** Written and fsynced before a Commit is sent: a run killed while it is on its way leaves this. */
  recordIntent(e: BookingNote): void {
    this.append({ ...note(e), event: 'intent' });
  }

  recordCommitted(e: BookingNote): void {
    this.append({ ...note(e), event: 'committed' });
  }

  recordCancelled(bookingRef: string, target: string, runId: string): void {
    this.append({ bookingRef, itemRefs: [], target, runId, at: new Date().toISOString(), event: 'cancelled' });
  }

  /** The target does not know the reference: nothing to cancel, and nothing was cancelled. */
  recordGone(bookingRef: string, target: string, runId: string, reason: string): void {
    this.append({ bookingRef, itemRefs: [], target, runId, at: new Date().toISOString(), event: 'gone', reason });
  }

  /** A cancel that did not work: the booking stays outstanding, the next run tries again. */
  recordCleanupFailed(bookingRef: string, target: string, runId: string, reason: string): void {
    this.append({ bookingRef, itemRefs: [], target, runId, at: new Date().toISOString(), event: 'cleanup-failed', reason });
  }

  /**
   * Bookings intended or committed on this target and neither cancelled nor gone since, from any
   * run (also a killed one). The latest entry is returned (its item refs are the most complete);
   * its event is 'committed' when any Commit of the reference was confirmed, 'intent' otherwise.
   */
  outstanding(target: string): LedgerEntry[] {
    const open = new Map<string, LedgerEntry>();
    for (const e of this.read()) {
      if (!sameTarget(e.target, target)) continue;
      if (e.event === 'intent' || e.event === 'committed') {
        const committed = e.event === 'committed' || open.get(e.bookingRef)?.event === 'committed';
        open.delete(e.bookingRef); // re-insert: keep the order of the latest entry
        open.set(e.bookingRef, { ...e, event: committed ? 'committed' : 'intent' });
      } else if (e.event === 'cancelled' || e.event === 'gone') open.delete(e.bookingRef);
    }
    return [...open.values()];
  }

  /** Outstanding entries whose run is no longer alive: what a start-up clean-up may touch. */
  orphaned(target: string): LedgerEntry[] {
    const alive = new Map<string, boolean>();
    return this.outstanding(target).filter((e) => {
      if (!alive.has(e.runId)) alive.set(e.runId, this.runAlive(e.runId, e));
      return !alive.get(e.runId);
    });
  }

  /** Whether the run that wrote `entry` still lives (its lock, else the entry's own pid). */
  runAlive(runId: string, entry?: Pick<LedgerEntry, 'pid' | 'host' | 'at'>): boolean {
    const lock = this.readLock(runId);
    const now = Date.now();
    if (lock) {
      const age = now - Date.parse(lock.heartbeatAt);
      if (lock.host === hostname()) return pidAlive(lock.pid) && age < STALE_SAME_HOST_MS;
      return age < STALE_OTHER_HOST_MS;
    }
    // no lock: the run ended (it releases its lock), or ran without the runner
    return !!entry?.pid && entry.host === hostname() && pidAlive(entry.pid) && now - Date.parse(entry.at) < NO_LOCK_MAX_AGE_MS;
  }

  /**
   * Marks this run as alive for the others sharing the ledger: a lock file with pid, host and a
   * heartbeat rewritten every HEARTBEAT_MS. release() removes it (a killed run leaves it with a
   * dead pid, which is what lets the next run clean up after it).
   */
  claimRun(runId: string): { release(): void } {
    mkdirSync(this.runsDir, { recursive: true });
    const file = this.lockFile(runId);
    const lock: RunLock = { runId, pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), heartbeatAt: '' };
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
  liveRuns(): RunLock[] {
    if (!existsSync(this.runsDir)) return [];
    return readdirSync(this.runsDir)
      .filter((n) => n.endsWith('.lock.json'))
      .map((n) => this.readLock(n.slice(0, -'.lock.json'.length)))
      .filter((l): l is RunLock => !!l && this.runAlive(l.runId));
  }

  private lockFile(runId: string): string {
    return join(this.runsDir, `${runId.replace(/[^\w.-]/g, '_')}.lock.json`);
  }

  private readLock(runId: string): RunLock | undefined {
    try {
      const l = JSON.parse(readFileSync(this.lockFile(runId), 'utf8')) as RunLock;
      return typeof l.pid === 'number' && typeof l.host === 'string' && typeof l.heartbeatAt === 'string' ? l : undefined;
    } catch {
      return undefined;
    }
  }

  /** Every well-formed entry, in order. A truncated or corrupt line is skipped with a warning. */
  read(): LedgerEntry[] {
    this.lastWarnings = [];
    if (!existsSync(this.file)) return [];
    const lines = readFileSync(this.file, 'utf8').split('\n');
    const entries: LedgerEntry[] = [];
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const last = i === lines.length - 1; // no newline after it: the write was cut
      let e: unknown;
      try {
        e = JSON.parse(line);
      } catch {
        e = undefined;
      }
      if (isEntry(e)) entries.push(e);
      else {
        const w = last
          ? `booking ledger ${this.file}: the last line is incomplete (a run was probably killed while writing it); skipped: ${line.slice(0, 200)}`
          : `booking ledger ${this.file}: line ${i + 1} is not a ledger entry; skipped: ${line.slice(0, 200)}`;
        this.lastWarnings.push(w);
        this.onWarning(w);
      }
    });
    return entries;
  }

  private append(entry: LedgerEntry): void {
    const line = { ...entry, pid: process.pid, host: hostname() };
    mkdirSync(dirname(this.file), { recursive: true });
    // O_APPEND: each line goes to the end in one write(2), also with several processes appending
    const fd = openSync(this.file, 'a+');
    try {
      // a killed run may have left a line without its newline: start ours on a line of its own
      const size = fstatSync(fd).size;
      const last = Buffer.alloc(1);
      const prefix = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a ? '\n' : '';
      writeSync(fd, `${prefix}${JSON.stringify(line)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

function note(e: BookingNote): Omit<LedgerEntry, 'event'> {
  return {
    bookingRef: e.bookingRef,
    itemRefs: [...e.itemRefs],
    target: e.target,
    runId: e.runId,
    scenario: e.scenario,
    at: new Date().toISOString(),
  };
}

/** The first component of `path` that exists and is not a folder. */
function fileAncestor(path: string): string {
  let p = path;
  for (;;) {
    const parent = dirname(p);
    if (parent === p) return path;
    try {
      if (!statSync(parent).isDirectory()) return parent;
      return p;
    } catch {
      p = parent;
    }
  }
}

const EVENTS: readonly string[] = ['intent', 'committed', 'cancelled', 'gone', 'cleanup-failed'];

function isEntry(e: unknown): e is LedgerEntry {
  if (!e || typeof e !== 'object') return false;
  const x = e as Record<string, unknown>;
  return (
    typeof x.bookingRef === 'string' &&
    typeof x.target === 'string' &&
    typeof x.runId === 'string' &&
    Array.isArray(x.itemRefs) &&
    EVENTS.includes(x.event as string)
  );
}
