// Issue 11, items 2, 7 and 13: the clean-up of bookings left in the ledger. It reads a booking's
// status wherever gateways put it (ResStatus, ReservationStatusType, Status, BookingStatus,
// ReservationStatus, any prefix, attribute or element) with the test data's cancelled words,
// recognises refusals in every form, cancels with booking.commitCancelType, settles intents (a
// Commit whose reply never came) by reading first, and never says "cancelled" of a reference the
// gateway never had.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadXml } from '../../../src/xml/xml';
import { loadConfig } from '../../../src/run/config';
import { loadTestData } from '../../../src/run/test-data-file';
import type { TestData } from '../../../src/core/test-data';
import { BookingLedger, type LedgerEvent } from '../../../src/safety/ledger';
import { cleanUpLedger, describeCleanup } from '../../../src/run/bookings';
import { closeTransport } from '../../../src/transport/agents';
import { OTA_NS, startHostileServer, type CapturedRequest, type RunningServer } from '../../support/hostile-server';
import type { RunContext } from '../../../src/run/run-context';

const root = mkdtempSync(join(tmpdir(), 'cleanup-test-'));
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
  /** How a cancel is refused; undefined: the cancel succeeds. */
  refuseCancel?: 'errors' | 'ota-error-rs' | 'http-404';
}

const refOf = (req: CapturedRequest) => /UniqueID[^>]*Type="36"[^>]*ID="([^"]+)"/.exec(req.body)?.[1] ?? '';
const xml = (root: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><${root} xmlns="${OTA_NS}" Version="1.0">${inner}</${root}>`;

async function gateway(bookings: Record<string, Booking>): Promise<RunningServer> {
  return startHostileServer((req, res) => {
    const b = bookings[refOf(req)];
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(body);
    };
    const op = req.path.replace(/^\//, '');
    if (op === 'bookread') {
      if (!b?.read)
        return send(200, xml('OTA_ResRetrieveRS', '<Errors><Error Type="3" Code="95" ShortText="Booking not found"/></Errors>'));
      return send(200, xml('OTA_ResRetrieveRS', `<Success/>${b.read}`));
    }
    if (op === 'bookcancel') {
      const refusal = b ? b.refuseCancel : 'errors';
      if (refusal === 'errors') return send(200, xml('OTA_CancelRS', '<Errors><Error Type="3" ShortText="cannot cancel"/></Errors>'));
      if (refusal === 'ota-error-rs') return send(200, xml('OTA_ErrorRS', '<Errors><Error Type="3" ShortText="no"/></Errors>'));
      if (refusal === 'http-404') return send(404, '<html>not found</html>');
      return send(200, xml('OTA_CancelRS', '<Success/>'));
    }
    send(404, 'unexpected');
  });
}

function context(baseUrl: string, ledgerFile: string, booking: Partial<TestData['booking']> = {}): RunContext {
  const config = loadConfig({ OTA_LEDGER_FILE: ledgerFile, OTA_REQUEST_TIMEOUT_MS: '5000' });
  const data = loadTestData(config.testDataFile);
  data.booking = { ...data.booking, ...booking };
  return {
    config,
    baseUrl,
    credentials: config.credentials,
    data,
    ledger: new BookingLedger(ledgerFile, () => undefined),
  } as unknown as RunContext;
}

let n = 0;
/** A ledger holding what a killed run left: entries with a dead pid and no lock. */
function leftBehind(target: string, entries: Array<[string, LedgerEvent]>): string {
  const file = join(root, `l${++n}`, 'bookings.jsonl');
  mkdirSync(dirname(file), { recursive: true });
  for (const [bookingRef, event] of entries)
    appendFileSync(
      file,
      `${JSON.stringify({ bookingRef, itemRefs: [], target, runId: 'KILLED', event, at: new Date().toISOString(), pid: DEAD_PID, host: hostname() })}\n`,
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
        const r = await cleanUpLedger(ctx);
        assert.deepEqual(r.failed, []);
        assert.deepEqual(r.cancelled, [], 'it was not cancelled by us');
        assert.deepEqual(
          r.gone.map((g) => [g.ref, g.message]),
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
        const r = await cleanUpLedger(ctx);
        assert.deepEqual(r.cancelled, []);
        assert.deepEqual(r.failed, []);
        assert.equal(r.gone.length, 1);
        assert.match(r.gone[0].message, /^unknown to the target/);
        const lines = describeCleanup(r, 'ledger.jsonl');
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

  test('an intent the gateway does not know: read, no cancel sent, recorded gone', async () => {
    const srv = await gateway({});
    try {
      const ctx = context(srv.url, leftBehind(srv.url, [['INTENT1', 'intent']]));
      const r = await cleanUpLedger(ctx);
      assert.deepEqual(ops(srv), ['bookread INTENT1']);
      assert.deepEqual(r.cancelled, []);
      assert.match(r.gone[0].message, /^never booked/);
      assert.deepEqual(ctx.ledger.outstanding(srv.url), []);
    } finally {
      await srv.close();
    }
  });

  test("an intent the gateway booked (the reply was lost): cancelled with the test data's commitCancelType", async () => {
    const srv = await gateway({ INTENT2: { read: '<ReservationsList><HotelReservation ResStatus="Reserved"/></ReservationsList>' } });
    try {
      const ctx = context(srv.url, leftBehind(srv.url, [['INTENT2', 'intent']]), { commitCancelType: 'Cancel' });
      const r = await cleanUpLedger(ctx);
      assert.deepEqual(ops(srv), ['bookread INTENT2', 'bookcancel INTENT2']);
      assert.match(srv.requests[1].body, /CancelType="Cancel"/, 'not the literal Commit');
      assert.deepEqual(r.cancelled, ['INTENT2']);
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
      const r = await cleanUpLedger(ctx);
      assert.deepEqual(
        r.gone.map((g) => g.message),
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
      const r = await cleanUpLedger(ctx);
      assert.deepEqual(r.cancelled, []);
      assert.equal(r.failed.length, 1);
      assert.match(r.failed[0].message, /the cancel failed \(an Errors reply: cannot cancel\) and a read still shows the booking/);
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
      const r = await cleanUpLedger(context(srv.url, file));
      claim.release();
      assert.deepEqual(srv.requests, [], 'nothing sent about it');
      assert.equal(r.ownedByLiveRuns, 1);
    } finally {
      await srv.close();
    }
  });
});
