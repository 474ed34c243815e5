// The ledger's entries: what one line of the booking ledger holds, how a line is told apart from a
// foreign or hand-edited one, and the normal form of a target by which entries are matched.

export type LedgerEvent = 'intent' | 'committed' | 'answered' | 'unconfirmed' | 'cancelled' | 'gone' | 'cleanup-failed' | 'run';

export interface LedgerEntry {
  bookingRef: string;
  itemRefs: string[];
  /** Base URL of the gateway the booking was made on, as the run was given it. */
  target: string;
  /** The same in its normal form (normalTarget): what entries are matched by. */
  targetKey?: string;
  runId: string;
  scenario?: string;
  /** ISO time of the event. */
  at: string;
  event: LedgerEvent;
  /** cleanup-failed, gone, unconfirmed: why. */
  reason?: string;
  /** The process that wrote the entry, and its host. */
  pid?: number;
  host?: string;
  /** The run's main process (the runner, whose lock says the run lives): a worker's entry names it too. */
  runPid?: number;
  /** intent, unconfirmed: the latest time the Commit could still land (sent + request timeout x attempts). */
  landsBy?: string;
  /** Written by a run against its embedded sandbox, which stops with the run. */
  embedded?: boolean;
  /** run: the number of this booking run on the target in this ledger (1, 2, ...), and the ledger's id. */
  seq?: number;
  ledgerId?: string;
}

/** An outstanding booking: its latest intent or committed entry, and whether the intent was answered. */
export type OpenEntry = LedgerEntry & { event: 'intent' | 'committed'; answered: boolean };

/** What one booking entry needs; the ledger adds time, event, pid and host. */
export interface BookingNote {
  bookingRef: string;
  itemRefs: string[];
  target: string;
  runId: string;
  scenario?: string;
  /** intent: the longest its Commit could be in flight (ms): landsBy is the intent's time plus this. */
  flightMs?: number;
}

/**
 * Names of this machine's loopback interface: one target. localhost resolves to 127.0.0.1 or ::1
 * as the resolver likes, and a local gateway (the sandbox on its own port, a proxy in front of it)
 * answers on the loopback whichever way it is spelt.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A base URL in its normal form, what targets are compared by: scheme and host in lower case, the
 * default port dropped, a host's trailing dot and the path's trailing slashes dropped, IPv4 in
 * dotted form, and every loopback name as localhost. Text that is not a URL is only trimmed.
 */
export function normalTarget(url: string): string {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return url.trim().replace(/\/+$/, '');
  }
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  const port = u.port ? `:${u.port}` : ''; // empty for the scheme's default port
  return `${u.protocol}//${LOOPBACK.has(host) ? 'localhost' : host}${port}${u.pathname.replace(/\/+$/, '')}${u.search}`;
}

/** An entry of a booking note, at this time (landsBy from its flight time). */
export function note(bookingNote: BookingNote): Omit<LedgerEntry, 'event'> {
  const now = Date.now();
  return {
    bookingRef: bookingNote.bookingRef,
    itemRefs: [...bookingNote.itemRefs],
    target: bookingNote.target,
    runId: bookingNote.runId,
    scenario: bookingNote.scenario,
    at: new Date(now).toISOString(),
    ...(bookingNote.flightMs !== undefined ? { landsBy: new Date(now + bookingNote.flightMs).toISOString() } : {}),
  };
}

const EVENTS: readonly LedgerEvent[] = ['intent', 'committed', 'answered', 'unconfirmed', 'cancelled', 'gone', 'cleanup-failed', 'run'];

/** Why a parsed line is not a ledger entry (foreign, or edited by hand), or undefined when it is one. */
export function entryProblem(e: unknown): string | undefined {
  if (!e || typeof e !== 'object' || Array.isArray(e)) return 'not a JSON object';
  const record = e as Record<string, unknown>;
  const text = (v: unknown) => typeof v === 'string' && v.trim() !== '' && !/[\u0000-\u001f]/.test(v);
  const time = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
  if (!text(record.bookingRef)) return 'no bookingRef';
  if (!text(record.runId)) return 'no runId';
  if (!EVENTS.includes(record.event as LedgerEvent)) return `event ${JSON.stringify(record.event)} is none of ${EVENTS.join(', ')}`;
  if (!Array.isArray(record.itemRefs) || !record.itemRefs.every((r) => typeof r === 'string'))
    return 'itemRefs is not a list of references';
  if (typeof record.target !== 'string' || !/^https?:\/\/[^/?#\s]/i.test(record.target))
    return `target ${JSON.stringify(record.target)} is not an http(s) URL`;
  if (!time(record.at)) return `at ${JSON.stringify(record.at)} is not a time`;
  if (record.landsBy !== undefined && !time(record.landsBy)) return `landsBy ${JSON.stringify(record.landsBy)} is not a time`;
  for (const key of ['pid', 'runPid'])
    if (record[key] !== undefined && !(Number.isInteger(record[key]) && (record[key] as number) > 0))
      return `${key} ${JSON.stringify(record[key])} is not a process id`;
  if (record.host !== undefined && typeof record.host !== 'string') return 'host is not a name';
  if (record.seq !== undefined && !(Number.isInteger(record.seq) && (record.seq as number) > 0))
    return `seq ${JSON.stringify(record.seq)} is not a run number`;
  return undefined;
}
