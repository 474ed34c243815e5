// The booking ledger: one JSON line per event, appended and fsynced synchronously, so that a run
// killed at any moment cannot forget a booking it may have made:
//   intent     written BEFORE a Commit is sent: the suite chooses the reference itself, so it can
//              write it down first (a run killed while the reply is on its way leaves an intent);
//   committed  the gateway confirmed the Commit;
//   cancelled  the booking was cancelled (by its scenario or a later clean-up);
//   gone       the target does not know the reference (the Commit never took effect, or the
//              booking was purged): nothing to cancel;
//   cleanup-failed  a cancel that did not work: the next run tries again.
//   answered   the Commit got the gateway's reply (whatever it said): it is no longer in flight;
//   unconfirmed  read back, unknown to the target, while its Commit could still land (before
//              landsBy): left open, a later check or run tries again.
// Several runs may share one ledger (parallel CI jobs, a developer beside the nightly run): each
// entry names its run, the run's main process and host, and each run holds a lock file with its
// pid, host and a heartbeat while it lives. The start-up clean-up only touches entries of runs that
// are no longer alive. Targets are compared by their normal form (normalTarget), never by spelling.
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { ConfigError } from '../core/errors';
import { entryProblem, normalTarget, note, type BookingNote, type LedgerEntry, type LedgerEvent, type OpenEntry } from './ledger-entries';
import { RunLocks, type RunLock } from './run-locks';

/** The run's main process: the runner names itself to its workers (OTA_RUN_PID); else this process. */
function runPid(): number {
  const named = Number(process.env.OTA_RUN_PID);
  // only a parent or this process itself: a value inherited from elsewhere is not a run of ours
  return named === process.ppid || named === process.pid ? named : process.pid;
}

/** Ledger files this process created (assertWritable): a run that created its ledger cannot see its past. */
const CREATED = new Set<string>();

const WHY: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted (an immutable file or folder?)',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
};
/** A file system error in words: "permission denied (EACCES)", ... */
export const fileProblem = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return WHY[code] ? `${WHY[code]} (${code})` : (e as Error).message;
};

export class BookingLedger {
  /** Warnings of the last read (a truncated, foreign or hand-edited line), each passed once to onWarning. */
  lastWarnings: string[] = [];
  /** Of those, the lines that are not the suite's (foreign, hand-edited): assertOwnLines refuses them. */
  lastForeign: string[] = [];
  private readonly warned = new Set<string>();

  constructor(
    readonly file: string,
    private readonly onWarning: (message: string) => void = (m) => console.warn(m),
    /** embedded: this process runs against its embedded sandbox (its entries say so). */
    private readonly opts: { embedded?: boolean } = {},
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
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR') throw new ConfigError(`${where} cannot be created: ${fileAncestor(this.file)} is a file, not a folder`);
      if (code !== 'ENOENT') throw new ConfigError(`${where} cannot be read: ${fileProblem(error)}`);
    }
    if (st?.isDirectory())
      throw new ConfigError(`${where} is a folder; it must name a file (for example ${join(this.file, 'bookings.jsonl')})`);
    if (st && !st.isFile()) throw new ConfigError(`${where} is not a regular file`);
    for (const dir of [dirname(this.file), this.runsDir]) {
      try {
        mkdirSync(dir, { recursive: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTDIR' || code === 'EEXIST')
          throw new ConfigError(`${where} cannot be created: ${fileAncestor(dir)} is a file, not a folder`);
        throw new ConfigError(`${where}: the folder ${dir} cannot be created: ${fileProblem(error)}`);
      }
    }
    try {
      closeSync(openSync(this.file, 'a'));
      if (!st) CREATED.add(resolve(this.file));
      // the lock files of the runs sharing the ledger are created and removed in runsDir
      const probe = join(this.runsDir, `.probe-${process.pid}`);
      writeFileSync(probe, '');
      rmSync(probe, { force: true });
    } catch (error) {
      throw new ConfigError(`${where} is not writable: ${fileProblem(error)}`);
    }
  }

  /**
   * Refuses a ledger holding a line that is not the suite's (another tool's, or one edited by
   * hand): a ConfigError naming the first such line (exit 2), before the target is contacted, so
   * that nothing is cancelled on its strength. A line of ours cut by a kill is only skipped.
   */
  assertOwnLines(): void {
    const quiet = new BookingLedger(this.file, () => undefined); // the clean-up names skipped lines, once
    quiet.read();
    const [first, ...more] = quiet.lastForeign;
    if (first)
      throw new ConfigError(
        `${first}${more.length ? ` (and ${more.length} more line(s))` : ''}: refused; nothing is settled or cancelled on the strength of such a ledger: remove or correct the line`,
      );
  }

  /** Written and fsynced before a Commit is sent: a run killed while it is on its way leaves this. */
  recordIntent(bookingNote: BookingNote): void {
    this.append({ ...note(bookingNote), event: 'intent' });
  }

  recordCommitted(bookingNote: BookingNote): void {
    this.append({ ...note(bookingNote), event: 'committed' });
  }

  /** The Commit got the gateway's reply: it is no longer in flight, and cannot land later. */
  recordAnswered(bookingRef: string, target: string, runId: string): void {
    this.mark('answered', bookingRef, target, runId);
  }

  /** Read back and unknown, while its Commit could still land: the intent stays open. */
  recordUnconfirmed(bookingRef: string, target: string, runId: string, reason: string, landsBy: string): void {
    this.mark('unconfirmed', bookingRef, target, runId, { reason, landsBy });
  }

  /**
   * A booking run on `target` starts: its number on the target in this ledger (one more than the
   * last) and the ledger's id (its first run's, else a new one). A copy of the ledger that lacks
   * later runs, or another ledger, is told by them (src/run/ledger-marks.ts).
   */
  recordRun(target: string, runId: string, after = 0): { seq: number; ledgerId: string } {
    const last = this.lastRun(target);
    const seq = Math.max(last.seq, after) + 1;
    const ledgerId = last.ledgerId ?? randomUUID();
    this.append({ bookingRef: '#run', itemRefs: [], target, runId, at: new Date().toISOString(), event: 'run', seq, ledgerId });
    return { seq, ledgerId };
  }

  /** The last run recorded on `target` (by normal form), and the ledger's id: what recordRun would continue from. */
  lastRun(target: string): { seq: number; ledgerId?: string } {
    const key = normalTarget(target);
    const runs = this.read().filter((e) => e.event === 'run');
    return {
      seq: Math.max(0, ...runs.filter((e) => normalTarget(e.target) === key).map((e) => e.seq ?? 0)),
      ledgerId: runs.find((e) => e.ledgerId)?.ledgerId,
    };
  }

  /** Closed: a read shows it cancelled (or, `reason`, the cancel's reply alone where no read could tell). */
  recordCancelled(bookingRef: string, target: string, runId: string, reason?: string): void {
    this.mark('cancelled', bookingRef, target, runId, reason ? { reason } : {});
  }

  /** The target does not know the reference, and its Commit can no longer land: nothing to cancel. */
  recordGone(bookingRef: string, target: string, runId: string, reason: string): void {
    this.mark('gone', bookingRef, target, runId, { reason });
  }

  /** A cancel that did not work: the booking stays outstanding, the next run tries again. */
  recordCleanupFailed(bookingRef: string, target: string, runId: string, reason: string): void {
    this.mark('cleanup-failed', bookingRef, target, runId, { reason });
  }

  private mark(event: LedgerEvent, bookingRef: string, target: string, runId: string, extra: Partial<LedgerEntry> = {}): void {
    this.append({ bookingRef, itemRefs: [], target, runId, at: new Date().toISOString(), event, ...extra });
  }

  /**
   * Bookings intended or committed on this target (by normal form) and neither cancelled nor gone
   * since, from any run (also a killed one). The latest entry is returned (its item refs are the
   * most complete); its event is 'committed' when any Commit of the reference was confirmed,
   * 'intent' otherwise, and `answered` says whether the latest intent's Commit got its reply.
   */
  outstanding(target: string): OpenEntry[] {
    const key = normalTarget(target);
    return this.open().filter((e) => normalTarget(e.target) === key);
  }

  /** Outstanding bookings of other targets than this one (by normal form): never touched, only named. */
  outstandingElsewhere(target: string): OpenEntry[] {
    const key = normalTarget(target);
    return this.open().filter((e) => normalTarget(e.target) !== key);
  }

  /** Whether any entry, of any event, was written for this target (by normal form). */
  knowsTarget(target: string): boolean {
    const key = normalTarget(target);
    return this.read().some((e) => normalTarget(e.target) === key);
  }

  /** Whether this process created the ledger file (it did not exist before this run). */
  createdByThisProcess(): boolean {
    return CREATED.has(resolve(this.file));
  }

  /** Every outstanding booking, of every target. */
  allOutstanding(): OpenEntry[] {
    return this.open();
  }

  private open(): OpenEntry[] {
    const open = new Map<string, OpenEntry>();
    for (const ledgerEntry of this.read()) {
      const key = `${normalTarget(ledgerEntry.target)} ${ledgerEntry.bookingRef}`;
      const was = open.get(key);
      if (ledgerEntry.event === 'intent' || ledgerEntry.event === 'committed') {
        const committed = ledgerEntry.event === 'committed' || was?.event === 'committed';
        open.delete(key); // re-insert: keep the order of the latest entry
        open.set(key, {
          ...ledgerEntry,
          event: committed ? 'committed' : 'intent',
          answered: ledgerEntry.event === 'intent' ? false : !!was?.answered,
        });
      } else if (ledgerEntry.event === 'answered' && was) was.answered = true;
      else if (ledgerEntry.event === 'cancelled' || ledgerEntry.event === 'gone') open.delete(key);
    }
    return [...open.values()];
  }

  /** The lock files of the runs sharing this ledger. */
  get locks(): RunLocks {
    return new RunLocks(this.runsDir);
  }

  /** Whether the run that wrote `entry` still lives (see RunLocks.alive). */
  runAlive(runId: string, entry?: Pick<LedgerEntry, 'pid' | 'host' | 'at' | 'runPid'>): boolean {
    return this.locks.alive(runId, entry);
  }

  /** Marks this run alive for the others sharing the ledger, until release() (see RunLocks.claim). */
  claimRun(runId: string, lifetimeMs?: number): { release(): void } {
    return this.locks.claim(runId, lifetimeMs);
  }

  /** The runs that hold a lock on this ledger now (for messages). */
  liveRuns(): RunLock[] {
    return this.locks.live();
  }

  /** Outstanding entries whose run is no longer alive: what a start-up clean-up may touch. */
  orphaned(target: string): OpenEntry[] {
    const alive = new Map<string, boolean>();
    return this.outstanding(target).filter((openEntry) => {
      const owner = `${openEntry.runId} ${openEntry.runPid ?? ''}@${openEntry.host ?? ''}`;
      if (!alive.has(owner)) alive.set(owner, this.runAlive(openEntry.runId, openEntry));
      return !alive.get(owner);
    });
  }

  /**
   * Every well-formed entry, in order. A truncated, foreign or hand-edited line is skipped with a
   * warning naming the file, the line and what is wrong with it; every other entry still counts.
   */
  read(): LedgerEntry[] {
    this.lastWarnings = [];
    this.lastForeign = [];
    if (!existsSync(this.file)) return [];
    const lines = readFileSync(this.file, 'utf8').split('\n');
    const entries: LedgerEntry[] = [];
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      const last = index === lines.length - 1; // no newline after it: the write was cut
      let e: unknown;
      let problem: string | undefined;
      try {
        e = JSON.parse(line);
        problem = entryProblem(e);
      } catch {
        problem = 'not JSON';
      }
      if (!problem) {
        entries.push(e as LedgerEntry);
        return;
      }
      const where = `booking ledger ${this.file}, line ${index + 1}`;
      // a line of ours cut by a kill: the last, or one a later append started a new line after
      const cut = last || (problem === 'not JSON' && line.startsWith('{"bookingRef":'));
      const w = cut
        ? `${where}: the line is incomplete (a run was probably killed while writing it); skipped: ${line.slice(0, 200)}`
        : `${where} is not a ledger entry (${problem}); skipped: ${line.slice(0, 200)}`;
      if (!cut) this.lastForeign.push(`${where} is not a ledger entry of this suite (${problem}): ${line.slice(0, 120)}`);
      this.lastWarnings.push(w);
      if (!this.warned.has(w)) this.onWarning(w);
      this.warned.add(w);
    });
    return entries;
  }

  private append(entry: LedgerEntry): void {
    const line: LedgerEntry = {
      ...entry,
      targetKey: normalTarget(entry.target),
      pid: process.pid,
      host: hostname(),
      runPid: runPid(),
      ...(this.opts.embedded ? { embedded: true } : {}),
    };
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
