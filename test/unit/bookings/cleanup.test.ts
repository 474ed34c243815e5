// The clean-up of bookings left in the ledger. It reads a booking's
// status wherever gateways put it (ResStatus, ReservationStatusType, Status, BookingStatus,
// ReservationStatus, any prefix, attribute or element) with the test data's cancelled words,
// recognises refusals in every form, cancels with booking.commitCancelType, settles intents (a
// Commit whose reply never came) by reading first, and never says "cancelled" of a reference the
// gateway never had.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadXml } from '../../../src/xml/xml';
import { loadConfig } from '../../../src/run/config';
import { loadTestData } from '../../../src/run/test-data-file';
import type { TestData } from '../../../src/core/test-data';
import { BookingLedger } from '../../../src/bookings/ledger';
import type { LedgerEvent } from '../../../src/bookings/ledger-entries';
import { cleanUpLedger, describeCleanup } from '../../../src/bookings/cleanup';
import { commitFlightMs } from '../../../src/bookings/cancel-booking';
import { settleAtEnd } from '../../../src/bookings/settle-at-end';
import { closeTransport } from '../../../src/transport/agents';
import { OTA_NS, startHostileServer, type CapturedRequest, type RunningServer } from '../../support/hostile-server';
import { openRunContext, type RunContext } from '../../../src/run/run-context';
import { Redactor } from '../../../src/safety/masking';
import { targetEnv } from '../../integration/helpers';

const root = mkdtempSync(join(tmpdir(), 'bookings-test-'));
before(() => loadXml());
after(async () => {
  await closeTransport();
  rmSync(root, { recursive: true, force: true });
});

const DEAD_PID = 2 ** 22 + 4242; // above the usual pid_max: a run that was killed

/** What the fake gateway answers, per booking reference. */
interface Booking {
  /** The inner XML of a successful read (status in some form); undefined: unknown reference. */
  read?: string;
  /** How a cancel is refused; undefined: the cancel succeeds (and a read then shows it cancelled). */
  refuseCancel?: 'errors' | 'ota-error-rs' | 'http-404';
  /** The cancel answers Success and changes nothing. */
  noopCancel?: boolean;
  /** How many cancels it was sent. */
  cancels?: number;
  /** Reads of it are answered with this HTTP status and a body that is no booking (a failing or busy read). */
  readStatus?: number;
}

const refOf = (req: CapturedRequest) => /UniqueID[^>]*Type="36"[^>]*ID="([^"]+)"/.exec(req.body)?.[1] ?? '';
const xml = (root: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><${root} xmlns="${OTA_NS}" Version="1.0">${inner}</${root}>`;

async function gateway(bookings: Record<string, Booking>): Promise<RunningServer> {
  return startHostileServer((req, res) => {
    const booking = bookings[refOf(req)];
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(body);
    };
    const op = req.path.replace(/^\//, '');
    if (op === 'bookread') {
      if (booking?.readStatus) return send(booking.readStatus, 'try again later');
      if (!booking?.read)
        return send(200, xml('OTA_ResRetrieveRS', '<Errors><Error Type="3" Code="95" ShortText="Booking not found"/></Errors>'));
      return send(200, xml('OTA_ResRetrieveRS', `<Success/>${booking.read}`));
    }
    if (op === 'bookcancel') {
      const refusal = booking ? booking.refuseCancel : 'errors';
      if (refusal === 'errors') return send(200, xml('OTA_CancelRS', '<Errors><Error Type="3" ShortText="cannot cancel"/></Errors>'));
      if (refusal === 'ota-error-rs') return send(200, xml('OTA_ErrorRS', '<Errors><Error Type="3" ShortText="no"/></Errors>'));
      if (refusal === 'http-404') return send(404, '<html>not found</html>');
      if (booking) booking.cancels = (booking.cancels ?? 0) + 1;
      if (booking?.read && !booking.noopCancel) booking.read = booking.read.replace(/ResStatus="[^"]*"/, 'ResStatus="Cancelled"');
      return send(200, xml('OTA_CancelRS', '<Success/>'));
    }
    send(404, 'unexpected');
  });
}

function context(baseUrl: string, ledgerFile: string, booking: Partial<TestData['booking']> = {}): RunContext {
  const config = loadConfig({
    OTA_LEDGER_FILE: ledgerFile,
    OTA_REQUEST_TIMEOUT_MS: '5000',
    OTA_REPORTS_DIR: join(dirname(ledgerFile), 'reports'),
  });
  const data = loadTestData(config.testDataFile);
  data.booking = { ...data.booking, ...booking };
  return {
    config,
    baseUrl,
    embedded: false,
    redactor: new Redactor(config.secrets),
    credentials: config.credentials,
    data,
    ledger: new BookingLedger(ledgerFile, () => undefined),
  } as unknown as RunContext;
}

let n = 0;
/** A ledger holding what a killed run left: entries with a dead pid and no lock. */
function leftBehind(target: string, entries: Array<[string, LedgerEvent]>, extra: Record<string, unknown> = {}): string {
  const file = join(root, `l${++n}`, 'bookings.jsonl');
  mkdirSync(dirname(file), { recursive: true });
  for (const [bookingRef, event] of entries)
    appendFileSync(
      file,
      `${JSON.stringify({ bookingRef, itemRefs: [], target, runId: 'KILLED', event, at: new Date().toISOString(), pid: DEAD_PID, runPid: DEAD_PID, host: hostname(), ...extra })}\n`,
    );
  return file;
}

const ops = (srv: RunningServer) => srv.requests.map((r) => `${r.path.slice(1)} ${refOf(r)}`);

describe('ledger clean-up', () => {
  const cancelledForms: Array<[string, string]> = [
    ['ResStatus', '<ReservationsList><HotelReservation ResStatus="Cancelled"/></ReservationsList>'],
    ['ReservationStatusType', '<ReservationsList><HotelReservation ReservationStatusType="Canceled"/></ReservationsList>'],
    ['Status', '<ReservationsList><HotelReservation Status="CANCELLED"/></ReservationsList>'],
    ['BookingStatus', '<Booking BookingStatus="cancelled"/>'],
    ['ReservationStatus', '<ReservationsList><HotelReservation ReservationStatus="Cancelled"/></ReservationsList>'],
    ['a prefixed attribute', '<ReservationsList xmlns:x="urn:x"><HotelReservation x:ResStatus="Cancelled"/></ReservationsList>'],
    ['an element', '<ReservationsList><HotelReservation><Status>Cancelled</Status></HotelReservation></ReservationsList>'],
  ];
  for (const [where, read] of cancelledForms) {
    test(`a booking already cancelled at the gateway (status in ${where}) is settled, not "could not cancel"`, async () => {
      const srv = await gateway({ B1: { read, refuseCancel: 'errors' } });
      try {
        // the default words (src/run/test-data-file.ts), both spellings
        const ctx = context(srv.url, leftBehind(srv.url, [['B1', 'committed']]), { cancelledStatusWords: ['Cancelled', 'Canceled'] });
        const cleanupReport = await cleanUpLedger(ctx);
        assert.deepEqual(cleanupReport.failed, []);
        assert.deepEqual(cleanupReport.cancelled, [], 'it was not cancelled by us');
        assert.deepEqual(
          cleanupReport.gone.map((g) => [g.ref, g.message]),
          [['B1', 'already cancelled at the target']],
        );
        assert.deepEqual(ctx.ledger.outstanding(srv.url), [], 'settled: later runs do not try again');
      } finally {
        await srv.close();
      }
    });
  }

  for (const refusal of ['errors', 'ota-error-rs', 'http-404'] as const) {
    test(`a reference the gateway never had (cancel refused as ${refusal}) is "unknown", never "cancelled"`, async () => {
      const srv = await gateway({ NEVER: { refuseCancel: refusal } });
      try {
        const ctx = context(srv.url, leftBehind(srv.url, [['NEVER', 'committed']]));
        const cleanupReport = await cleanUpLedger(ctx);
        assert.deepEqual(cleanupReport.cancelled, []);
        assert.deepEqual(cleanupReport.failed, []);
        assert.equal(cleanupReport.gone.length, 1);
        assert.match(cleanupReport.gone[0].message, /^unknown to the target/);
        const lines = describeCleanup(cleanupReport, 'ledger.jsonl');
        assert.ok(
          lines.every((l) => !/^Cancelled/.test(l)),
          lines.join('\n'),
        );
        assert.ok(ctx.ledger.read().some((e) => e.bookingRef === 'NEVER' && e.event === 'gone'));
      } finally {
        await srv.close();
      }
    });
  }

  test('an intent the gateway does not know, whose Commit can no longer land: read, no cancel sent, recorded gone', async () => {
    const srv = await gateway({});
    try {
      // written by an older version (no landsBy) 10 minutes ago: this run's bound (5 s x 1 attempt) is long over
      const ctx = context(srv.url, leftBehind(srv.url, [['INTENT1', 'intent']], { at: new Date(Date.now() - 600_000).toISOString() }));
      const cleanupReport = await cleanUpLedger(ctx);
      assert.deepEqual(ops(srv), ['bookread INTENT1']);
      assert.deepEqual(cleanupReport.cancelled, []);
      assert.deepEqual(cleanupReport.open, []);
      assert.match(cleanupReport.gone[0].message, /^never booked: unknown to the target .*its Commit could land until .* at the latest/);
      assert.deepEqual(ctx.ledger.outstanding(srv.url), []);
    } finally {
      await srv.close();
    }
  });

  test("an intent the gateway booked (the reply was lost): cancelled with the test data's commitCancelType", async () => {
    const srv = await gateway({ INTENT2: { read: '<ReservationsList><HotelReservation ResStatus="Reserved"/></ReservationsList>' } });
    try {
      const ctx = context(srv.url, leftBehind(srv.url, [['INTENT2', 'intent']]), { commitCancelType: 'Cancel' });
      const cleanupReport = await cleanUpLedger(ctx);
      assert.deepEqual(ops(srv), ['bookread INTENT2', 'bookcancel INTENT2', 'bookread INTENT2'], 'the cancel is read back');
      assert.match(srv.requests[1].body, /CancelType="Cancel"/, 'not the literal Commit');
      assert.deepEqual(cleanupReport.cancelled, ['INTENT2']);
      assert.deepEqual(ctx.ledger.outstanding(srv.url), []);
    } finally {
      await srv.close();
    }
  });

  test("the test data's cancelled words decide (a gateway that says Annulled)", async () => {
    const srv = await gateway({
      B2: { read: '<ReservationsList><HotelReservation ResStatus="Annulled"/></ReservationsList>', refuseCancel: 'errors' },
    });
    try {
      const ctx = context(srv.url, leftBehind(srv.url, [['B2', 'committed']]), { cancelledStatusWords: ['Annulled'] });
      const cleanupReport = await cleanUpLedger(ctx);
      assert.deepEqual(
        cleanupReport.gone.map((g) => g.message),
        ['already cancelled at the target'],
      );
    } finally {
      await srv.close();
    }
  });

  test('still active and the cancel refused: failed, kept for the next run, nothing claimed', async () => {
    const srv = await gateway({
      B3: { read: '<ReservationsList><HotelReservation ResStatus="Reserved"/></ReservationsList>', refuseCancel: 'errors' },
    });
    try {
      const ctx = context(srv.url, leftBehind(srv.url, [['B3', 'committed']]));
      const cleanupReport = await cleanUpLedger(ctx);
      assert.deepEqual(cleanupReport.cancelled, []);
      assert.equal(cleanupReport.failed.length, 1);
      assert.match(
        cleanupReport.failed[0].message,
        /the cancel failed \(an Errors reply: cannot cancel\) and a read still shows the booking/,
      );
      assert.deepEqual(
        ctx.ledger.outstanding(srv.url).map((e) => e.bookingRef),
        ['B3'],
      );
    } finally {
      await srv.close();
    }
  });

  test('entries of a run that is still alive are left to it', async () => {
    const srv = await gateway({ LIVE: { read: '<ReservationsList><HotelReservation ResStatus="Reserved"/></ReservationsList>' } });
    try {
      const file = join(root, `l${++n}`, 'bookings.jsonl');
      const ledger = new BookingLedger(file, () => undefined);
      const claim = ledger.claimRun('ALIVE');
      ledger.recordCommitted({ bookingRef: 'LIVE', itemRefs: [], target: srv.url, runId: 'ALIVE' });
      const cleanupReport = await cleanUpLedger(context(srv.url, file));
      claim.release();
      assert.deepEqual(srv.requests, [], 'nothing sent about it');
      assert.equal(cleanupReport.ownedByLiveRuns, 1);
    } finally {
      await srv.close();
    }
  });
});

const RESERVED = '<ReservationsList><HotelReservation ResStatus="Reserved"/></ReservationsList>';
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

// An intent is written off only when its Commit cannot still land; other targets are
// named, never touched; a run that cannot see its past says so.
describe('ledger clean-up: Commits in flight, other targets, a past the run cannot see', () => {
  test('the longest flight of a Commit: the request timeout x attempts, and the back-off between them', () => {
    const flight = (requestTimeoutMs: number, retries: number, backoffMs: number) =>
      commitFlightMs({ limits: { requestTimeoutMs, connectTimeoutMs: 1, maxReplyBytes: 1 }, retry: { retries, backoffMs } });
    assert.equal(flight(30_000, 0, 500), 30_000);
    assert.equal(flight(30_000, 2, 500), 3 * 30_000 + 500 + 1000);
  });

  test('an intent the target does not know while its Commit could still land: read only, left open, recorded unconfirmed', async () => {
    const srv = await gateway({});
    try {
      const landsBy = inMs(600_000);
      const ctx = context(srv.url, leftBehind(srv.url, [['INFLIGHT', 'intent']], { landsBy }));
      const cleanupReport = await cleanUpLedger(ctx);
      await cleanupReport.rechecks.stop();
      assert.deepEqual(ops(srv), ['bookread INFLIGHT'], 'no cancel of a booking that does not exist yet');
      assert.deepEqual(cleanupReport.gone, [], 'not written off');
      assert.deepEqual(
        cleanupReport.open.map((o) => [o.ref, o.landsBy]),
        [['INFLIGHT', landsBy]],
      );
      assert.match(cleanupReport.open[0].message, /unknown to the target .*could still land until/);
      assert.deepEqual(
        ctx.ledger.outstanding(srv.url).map((e) => e.bookingRef),
        ['INFLIGHT'],
        'still open: a later run retries it',
      );
      assert.ok(ctx.ledger.read().some((e) => e.bookingRef === 'INFLIGHT' && e.event === 'unconfirmed' && e.landsBy === landsBy));
      assert.ok(
        describeCleanup(cleanupReport, 'ledger.jsonl').some((l) => /1 booking intent\(s\) .* left open in the ledger.*INFLIGHT/.test(l)),
      );
    } finally {
      await srv.close();
    }
  });

  test('an intent whose Commit was answered is written off at once when the target does not know it', async () => {
    const srv = await gateway({});
    try {
      const file = leftBehind(srv.url, [['REFUSED', 'intent']], { landsBy: inMs(600_000) });
      appendFileSync(
        file,
        `${JSON.stringify({ bookingRef: 'REFUSED', itemRefs: [], target: srv.url, runId: 'KILLED', event: 'answered', at: new Date().toISOString(), pid: DEAD_PID, runPid: DEAD_PID, host: hostname() })}\n`,
      );
      const ctx = context(srv.url, file);
      const cleanupReport = await cleanUpLedger(ctx);
      await cleanupReport.rechecks.stop();
      assert.deepEqual(cleanupReport.open, []);
      assert.match(cleanupReport.gone[0].message, /^never booked: .*the gateway answered its Commit/);
      assert.deepEqual(ctx.ledger.outstanding(srv.url), []);
    } finally {
      await srv.close();
    }
  });

  test('checked again once its flight is over, during the run: the Commit landed meanwhile, so it is cancelled', async (testContext) => {
    const bookings: Record<string, { read?: string }> = {};
    const srv = await gateway(bookings);
    const file = leftBehind(srv.url, [['LATE', 'intent']], { landsBy: inMs(1500) });
    const env = { ...targetEnv(srv.url), OTA_LEDGER_FILE: file, OTA_REQUEST_TIMEOUT_MS: '5000' };
    const ctx = await openRunContext(loadConfig(env));
    testContext.after(async () => {
      await ctx.close();
      await srv.close();
    });
    const cleanupReport = await cleanUpLedger(ctx);
    assert.deepEqual(
      cleanupReport.open.map((o) => o.ref),
      ['LATE'],
    );
    bookings.LATE = { read: RESERVED }; // the Commit lands at the gateway
    const t0 = Date.now();
    while (cleanupReport.rechecks.settled.length === 0 && Date.now() - t0 < 60_000) await new Promise((res) => setTimeout(res, 100));
    assert.deepEqual(
      cleanupReport.rechecks.settled.map((s) => [s.ref, s.outcome.kind]),
      [['LATE', 'cancelled']],
    );
    assert.deepEqual(ops(srv), ['bookread LATE', 'bookread LATE', 'bookcancel LATE', 'bookread LATE']);
    const end = await settleAtEnd(ctx, cleanupReport);
    assert.deepEqual(end.report.leftOpen, []);
    assert.deepEqual(end.report.cancelled, ['LATE']);
    assert.deepEqual(ctx.ledger.outstanding(srv.url), []);
  });

  test('at the end of the run: what is still unknown stays open (named, with why), own unanswered Commits that landed are cancelled', async () => {
    const srv = await gateway({ MINE2: { read: RESERVED } });
    try {
      const file = leftBehind(srv.url, [['EARLIER', 'intent']], { landsBy: inMs(600_000) });
      const ctx = context(srv.url, file);
      const cleanupReport = await cleanUpLedger(ctx);
      // this run's own Commits: one answered (refused), one that timed out and landed after all
      const own = { itemRefs: [], target: srv.url, runId: ctx.config.runId, flightMs: 600_000 };
      ctx.ledger.recordIntent({ ...own, bookingRef: 'MINE1' });
      ctx.ledger.recordAnswered('MINE1', srv.url, ctx.config.runId);
      ctx.ledger.recordIntent({ ...own, bookingRef: 'MINE2' });
      const end = await settleAtEnd(ctx, cleanupReport);
      assert.deepEqual(
        end.report.leftOpen.map((o) => o.ref),
        ['EARLIER'],
      );
      assert.match(end.report.leftOpen[0].why, /unknown to the target .*could still land until/);
      assert.ok(
        end.notes.some((l) =>
          /^booking EARLIER left open in the ledger .*: in doubt: unknown to the target.*the next run checks it again$/.test(l),
        ),
        end.notes.join('\n'),
      );
      assert.deepEqual(end.report.cancelled, ['MINE2']);
      assert.ok(end.report.settled.some((s) => s.ref === 'MINE1' && /gateway answered its Commit/.test(s.why)));
      assert.deepEqual(
        ctx.ledger.outstanding(srv.url).map((e) => e.bookingRef),
        ['EARLIER'],
      );
    } finally {
      await srv.close();
    }
  });

  test('the same target spelt otherwise is settled and named; another target is named in one line and never touched', async () => {
    const srv = await gateway({ SPELT: { read: RESERVED } });
    try {
      const port = new URL(srv.url).port;
      const file = leftBehind(`http://LOCALHOST:${port}/`, [['SPELT', 'committed']]);
      appendFileSync(
        file,
        readFileSync(
          leftBehind(`http://localhost:${Number(port) + 1}`, [
            ['FAR1', 'committed'],
            ['FAR2', 'intent'],
          ]),
          'utf8',
        ),
      );
      appendFileSync(file, readFileSync(leftBehind('http://127.0.0.1:9', [['SANDBOX', 'intent']], { embedded: true }), 'utf8'));
      const ctx = context(srv.url, file);
      const cleanupReport = await cleanUpLedger(ctx);
      assert.deepEqual(ops(srv), ['bookcancel SPELT', 'bookread SPELT']);
      assert.deepEqual(cleanupReport.cancelled, ['SPELT']);
      assert.deepEqual(cleanupReport.spelledOtherwise, [{ ref: 'SPELT', target: `http://LOCALHOST:${port}/` }]);
      assert.deepEqual(
        cleanupReport.elsewhere,
        [{ target: `http://localhost:${Number(port) + 1}`, refs: ['FAR1', 'FAR2'] }],
        'an embedded sandbox stopped with its run: not listed',
      );
      const lines = describeCleanup(cleanupReport, 'ledger.jsonl');
      assert.ok(
        lines.includes(
          `Cancelled 1 booking(s) an earlier run left behind: SPELT (recorded for http://LOCALHOST:${port}/, the same target)`,
        ),
        lines.join('\n'),
      );
      const other = lines.filter((l) => /another target/.test(l));
      assert.deepEqual(other, [
        `2 open booking(s) in the ledger are of another target, left alone: 2 of http://localhost:${Number(port) + 1} (FAR1, FAR2)`,
      ]);
    } finally {
      await srv.close();
    }
  });

  test('a booking run on a real gateway whose ledger holds nothing of it says it cannot see its past, in one line', async () => {
    const srv = await gateway({});
    try {
      const empty = join(root, `l${++n}`, 'bookings.jsonl');
      const line = async (ctx: RunContext, claims: Array<'core' | 'booking'>) => (await cleanUpLedger(ctx, { claims })).pastUnseen;
      const seen = await line(context(srv.url, empty), ['core', 'booking']);
      assert.match(
        seen ?? '',
        new RegExp(`^The booking ledger .*bookings.jsonl holds no record of ${srv.url}: .*--sweep-references FILE$`),
      );
      assert.doesNotMatch(seen!, /\n/);
      assert.equal(await line(context(srv.url, empty), ['core']), undefined, 'a run that books nothing');
      assert.equal(await line({ ...context(srv.url, empty), embedded: true }, ['core', 'booking']), undefined, 'the embedded sandbox');
      const known = leftBehind(srv.url, [['X', 'committed']]);
      new BookingLedger(known, () => undefined).recordCancelled('X', srv.url, 'r');
      assert.equal(await line(context(srv.url, known), ['core', 'booking']), undefined, 'a ledger that knows the target');
    } finally {
      await srv.close();
    }
  });

  test('a run against its embedded sandbox writes off what it leaves (the sandbox stops with it), without asking', async () => {
    const srv = await gateway({});
    try {
      const ctx = { ...context(srv.url, join(root, `l${++n}`, 'bookings.jsonl')), embedded: true };
      const cleanupReport = await cleanUpLedger(ctx);
      ctx.ledger.recordIntent({ bookingRef: 'EMB1', itemRefs: [], target: srv.url, runId: ctx.config.runId, flightMs: 600_000 });
      ctx.ledger.recordIntent({
        bookingRef: 'EMB2',
        itemRefs: [],
        target: 'http://127.0.0.1:9',
        runId: ctx.config.runId,
        flightMs: 600_000,
      }); // a worker's sandbox
      const end = await settleAtEnd(ctx, cleanupReport);
      assert.deepEqual(srv.requests, []);
      assert.deepEqual(end.report.leftOpen, []);
      assert.deepEqual(ctx.ledger.allOutstanding(), []);
    } finally {
      await srv.close();
    }
  });
});

// A booking is closed only when a read shows it closed: a cancel's own Success is not evidence.
describe('ledger clean-up: a cancel is believed only when a read shows it', () => {
  test('a cancel that answers Success and changes nothing: sent again with back-off, then left open as "cancel acknowledged, still live"', async () => {
    const bookings: Record<string, Booking> = { NOOP: { read: RESERVED, noopCancel: true } };
    const srv = await gateway(bookings);
    try {
      const ctx = context(srv.url, leftBehind(srv.url, [['NOOP', 'committed']]));
      const cleanupReport = await cleanUpLedger(ctx);
      assert.deepEqual(cleanupReport.cancelled, [], 'never "cancelled" on the strength of the reply');
      assert.equal(bookings.NOOP.cancels, 3, 'the cancel is sent again, twice');
      assert.deepEqual(ops(srv), [
        'bookcancel NOOP',
        'bookread NOOP',
        'bookcancel NOOP',
        'bookread NOOP',
        'bookcancel NOOP',
        'bookread NOOP',
      ]);
      assert.match(
        cleanupReport.failed[0].message,
        /^cancel acknowledged, still live: 3 cancel\(s\) answered Success, and a read still shows the booking/,
      );
      assert.deepEqual(
        ctx.ledger.outstanding(srv.url).map((e) => e.bookingRef),
        ['NOOP'],
        'still open: the next run retries it',
      );
      // this run's own booking that its scenario could not close is named at the end, in leftOpen
      ctx.ledger.recordCommitted({ bookingRef: 'MINE', itemRefs: [], target: srv.url, runId: ctx.config.runId });
      bookings.MINE = { read: RESERVED, noopCancel: true };
      const end = await settleAtEnd(ctx, cleanupReport);
      assert.deepEqual(
        end.report.leftOpen.map((o) => [o.ref, o.why.replace(/:.*/, '')]),
        [
          ['NOOP', 'cancel acknowledged, still live'],
          ['MINE', 'cancel acknowledged, still live'],
        ],
      );
      assert.ok(
        end.notes.some((l) =>
          /^booking MINE left open in the ledger .*cancel acknowledged, still live.*the next run checks it again$/.test(l),
        ),
      );
      // the gateway fixed: the next run closes it, read back (MINE is this live process's own: left to it)
      bookings.NOOP.noopCancel = false;
      const next = await cleanUpLedger(context(srv.url, ctx.ledger.file));
      assert.deepEqual(next.cancelled, ['NOOP']);
      assert.deepEqual(
        ctx.ledger.outstanding(srv.url).map((e) => e.bookingRef),
        ['MINE'],
      );
    } finally {
      await srv.close();
    }
  });

  test('a read answered 5xx, 429 or 401 after a cancel answered Success closes nothing: the booking stays open, in doubt', async () => {
    for (const readStatus of [503, 429, 401]) {
      const bookings: Record<string, Booking> = { DOWN: { read: RESERVED, readStatus } };
      const srv = await gateway(bookings);
      try {
        const ctx = context(srv.url, leftBehind(srv.url, [['DOWN', 'committed']]));
        const cleanupReport = await cleanUpLedger(ctx);
        assert.deepEqual(cleanupReport.cancelled, [], `HTTP ${readStatus}: not closed on the cancel's Success`);
        assert.match(
          cleanupReport.failed[0]?.message ?? '',
          /^in doubt: \d cancel\(s\) answered Success, and a read did not tell its state/,
        );
        assert.deepEqual(
          ctx.ledger.outstanding(srv.url).map((e) => e.bookingRef),
          ['DOWN'],
          'still open: the next run checks it again',
        );
      } finally {
        await srv.close();
      }
    }
  });

  test("a gateway whose reads cannot tell: the clean-up rests on the cancel's reply alone, and says so", async () => {
    const srv = await gateway({ BLIND: { read: '<Note>no status here</Note>' } });
    try {
      const ctx = context(srv.url, leftBehind(srv.url, [['BLIND', 'committed']]));
      const cleanupReport = await cleanUpLedger(ctx);
      assert.deepEqual(cleanupReport.cancelled, ['BLIND']);
      assert.ok(
        ctx.ledger.read().some((e) => e.bookingRef === 'BLIND' && e.event === 'cancelled' && e.reason === "on the cancel's reply alone"),
      );
      const end = await settleAtEnd(ctx, cleanupReport);
      assert.deepEqual(end.report.cancelledOnReplyAlone, ['BLIND']);
      assert.ok(
        end.notes.some((l) => /^the clean-up of 1 booking\(s\) rests on the cancel's reply alone: .*BLIND/.test(l)),
        end.notes.join('\n'),
      );
    } finally {
      await srv.close();
    }
  });

  test('a Commit of this run in doubt (no answer from the gateway) that lands late: the run waits for its landsBy, reads it back and cancels it', async () => {
    const bookings: Record<string, Booking> = {};
    const srv = await gateway(bookings);
    try {
      const ctx = context(srv.url, join(root, `l${++n}`, 'bookings.jsonl'));
      const cleanupReport = await cleanUpLedger(ctx);
      ctx.ledger.recordIntent({ bookingRef: 'DOUBT', itemRefs: [], target: srv.url, runId: ctx.config.runId, flightMs: 1500 });
      setTimeout(() => (bookings.DOUBT = { read: RESERVED }), 700).unref(); // the gateway books it late
      const end = await settleAtEnd(ctx, cleanupReport);
      assert.deepEqual(end.report.leftOpen, []);
      assert.deepEqual(end.report.cancelled, ['DOUBT']);
      assert.deepEqual(ctx.ledger.outstanding(srv.url), []);
      assert.ok(
        ctx.ledger.read().every((e) => e.event !== 'gone'),
        'never written off',
      );
    } finally {
      await srv.close();
    }
  });
});

// A ledger knows when it is older than its target's bookings: booking runs are numbered per target
// in the ledger and in the reports' history/ledger-marks.json.
describe('ledger clean-up: a rolled-back or foreign ledger is named', () => {
  test('a copy of the ledger older than the reports, and another ledger, are named with the sweep to run', async () => {
    const srv = await gateway({});
    try {
      const dir = join(root, `marks${++n}`);
      const file = join(dir, 'bookings.jsonl');
      const run = async (ledgerFile: string) => cleanUpLedger(context(srv.url, ledgerFile), { claims: ['core', 'booking'] });
      mkdirSync(dir, { recursive: true });
      const first = await run(file);
      assert.deepEqual(first.ledgerRun?.seq, 1);
      const copy = readFileSync(file, 'utf8'); // the cache saved after run 1
      const second = await run(file);
      assert.equal(second.ledgerRun?.seq, 2);
      assert.equal(second.ledgerBehind, undefined);
      // the cache restored: the ledger as it was after run 1, the reports remember run 2
      writeFileSync(file, copy);
      const rolledBack = await run(file);
      assert.match(
        rolledBack.ledgerBehind ?? '',
        new RegExp(
          `^The booking ledger .*bookings.jsonl is older than its target's bookings: the reports saw booking run 2 on ${srv.url} .*knows only up to run 1 \\(a rolled-back or restored copy\\): .*--sweep-references FILE$`,
        ),
      );
      assert.ok(describeCleanup(rolledBack, 'ledger.jsonl').includes(rolledBack.ledgerBehind!));
      assert.equal(rolledBack.ledgerRun?.seq, 3, 'numbered on from what the reports saw');
      assert.equal((await run(file)).ledgerBehind, undefined, 'named once; the next run goes on from there');
      // another ledger (its own id), beside the same reports
      const other = join(dir, 'other-bookings.jsonl');
      new BookingLedger(other, () => undefined).recordRun(srv.url, 'ELSEWHERE', 9);
      const foreign = await run(other);
      assert.match(
        foreign.ledgerBehind ?? '',
        /is not the one the earlier runs on .* used \(its id .*, the reports' .*: a foreign ledger\): .*--sweep-references FILE$/,
      );
    } finally {
      await srv.close();
    }
  });
});
