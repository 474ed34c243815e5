// The booking ledger: one JSON line per event, appended and fsynced synchronously the moment a
// booking is committed, so that a run killed right after cannot forget it. The next run reads
// outstanding() and cancels what is left.
import { closeSync, existsSync, fstatSync, fsyncSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export type LedgerEvent = 'committed' | 'cancelled' | 'cleanup-failed';

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
  /** cleanup-failed: why. */
  reason?: string;
}

/** Trailing slashes do not make another gateway. */
function sameTarget(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

export class BookingLedger {
  /** Warnings of the last read (a truncated or corrupt line), also passed to onWarning. */
  lastWarnings: string[] = [];

  constructor(
    readonly file: string,
    private readonly onWarning: (message: string) => void = (m) => console.warn(m),
  ) {}

  recordCommitted(e: { bookingRef: string; itemRefs: string[]; target: string; runId: string; scenario?: string }): void {
    this.append({ bookingRef: e.bookingRef, itemRefs: [...e.itemRefs], target: e.target, runId: e.runId, scenario: e.scenario, at: new Date().toISOString(), event: 'committed' });
  }

  recordCancelled(bookingRef: string, target: string, runId: string): void {
    this.append({ bookingRef, itemRefs: [], target, runId, at: new Date().toISOString(), event: 'cancelled' });
  }

  /** A cancel that did not work: the booking stays outstanding, the next run tries again. */
  recordCleanupFailed(bookingRef: string, target: string, runId: string, reason: string): void {
    this.append({ bookingRef, itemRefs: [], target, runId, at: new Date().toISOString(), event: 'cleanup-failed', reason });
  }

  /**
   * Bookings committed on this target and not cancelled since, from any run (also a killed one).
   * When a reference was committed more than once, the latest commit is returned (its item refs
   * are the most complete).
   */
  outstanding(target: string): LedgerEntry[] {
    const open = new Map<string, LedgerEntry>();
    for (const e of this.read()) {
      if (!sameTarget(e.target, target)) continue;
      if (e.event === 'committed') {
        open.delete(e.bookingRef); // re-insert: keep the order of the latest commit
        open.set(e.bookingRef, e);
      } else if (e.event === 'cancelled') open.delete(e.bookingRef);
    }
    return [...open.values()];
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
    mkdirSync(dirname(this.file), { recursive: true });
    // O_APPEND: each line goes to the end in one write(2), also with several processes appending
    const fd = openSync(this.file, 'a+');
    try {
      // a killed run may have left a line without its newline: start ours on a line of its own
      const size = fstatSync(fd).size;
      const last = Buffer.alloc(1);
      const prefix = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a ? '\n' : '';
      writeSync(fd, `${prefix}${JSON.stringify(entry)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

function isEntry(e: unknown): e is LedgerEntry {
  if (!e || typeof e !== 'object') return false;
  const x = e as Record<string, unknown>;
  return (
    typeof x.bookingRef === 'string' &&
    typeof x.target === 'string' &&
    typeof x.runId === 'string' &&
    Array.isArray(x.itemRefs) &&
    (x.event === 'committed' || x.event === 'cancelled' || x.event === 'cleanup-failed')
  );
}
