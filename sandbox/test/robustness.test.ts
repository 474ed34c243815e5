// Resource bounds of the sandbox under load: the booking store keeps at most maxBookings, and a
// client that stalls while sending its request is cut after requestTimeoutMs / headersTimeoutMs.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '../src/index';
import { BookingStore, type Item } from '../src/store';
import { call, errorCode, initQuery, isSuccess, start } from './helpers';

before(() => initQuery());

function item(ref: string): Item {
  return {
    ref,
    status: 'Reserved',
    activityId: 'PMI-DRACH',
    supplierProductCode: 'DRACH-CAVES',
    supplierServiceCode: 'STD',
    name: 'Caves',
    serviceName: 'Coach',
    start: '2031-06-04T08:30:00',
    end: '2031-06-04T15:30:00',
    participants: [],
    unitPrices: {},
    total: 0,
    freeCancelUntil: 0,
    penaltyPercent: 0,
    createdAt: '2031-05-05T09:00:00',
  };
}

describe('booking store bound', () => {
  it('keeps at most maxBookings, forgetting the oldest booking first', () => {
    const bookingStore = new BookingStore(3);
    for (const r of ['A', 'B', 'C', 'D']) bookingStore.commit(r, item('1'), 'now');
    assert.equal(bookingStore.size, 3);
    assert.deepEqual(
      bookingStore.all().map((b) => b.ref),
      ['B', 'C', 'D'],
    );
  });

  it('forgets the booking cancelled longest ago before any live one', () => {
    const bookingStore = new BookingStore(3);
    for (const r of ['A', 'B', 'C']) bookingStore.commit(r, item('1'), 'now');
    for (const r of ['C', 'B']) {
      const { booking, items } = bookingStore.target(r);
      bookingStore.cancel(booking, items, 'now');
    }
    bookingStore.commit('D', item('1'), 'now');
    assert.deepEqual(
      bookingStore.all().map((b) => b.ref),
      ['A', 'B', 'D'],
      'C, cancelled first, goes first; A (live, oldest) stays',
    );
    bookingStore.commit('E', item('1'), 'now');
    assert.deepEqual(
      bookingStore.all().map((b) => b.ref),
      ['A', 'D', 'E'],
    );
    bookingStore.commit('F', item('1'), 'now');
    assert.deepEqual(
      bookingStore.all().map((b) => b.ref),
      ['D', 'E', 'F'],
      'no cancelled one left: the oldest goes',
    );
  });

  it('adding an item to a live booking never evicts', () => {
    const bookingStore = new BookingStore(2);
    bookingStore.commit('A', item('1'), 'now');
    bookingStore.commit('B', item('1'), 'now');
    bookingStore.commit('A', item('2'), 'now');
    assert.deepEqual(
      bookingStore.all().map((b) => `${b.ref}:${b.items.length}`),
      ['A:2', 'B:1'],
    );
  });

  it('refuses a bound that is not a positive integer', () => {
    assert.throws(() => new BookingStore(0), /maxBookings must be a positive integer/);
  });

  it('startSandbox({ maxBookings }) bounds what can be read back', async () => {
    const sb = await start({ maxBookings: 2 });
    try {
      for (const r of ['M-1', 'M-2', 'M-3']) assert.ok(isSuccess((await call(sb.baseUrl, 'activitybook', { bookingRef: r })).body));
      assert.equal(sb.store.size, 2);
      assert.equal(errorCode((await call(sb.baseUrl, 'bookread', { bookingRef: 'M-1' })).body), '3/87');
      assert.ok(isSuccess((await call(sb.baseUrl, 'bookread', { bookingRef: 'M-3' })).body));
    } finally {
      await sb.close();
    }
  });
});

/** Sends `data` on a raw connection, then nothing; resolves with what the server wrote before closing. */
function stall(baseUrl: string, data: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(data));
    let got = '';
    socket.on('data', (d) => (got += d));
    socket.on('error', reject);
    socket.on('close', () => resolve(got));
  });
}

describe('slow clients', () => {
  let sb: RunningSandbox;
  before(async () => {
    sb = await start({ requestTimeoutMs: 400, headersTimeoutMs: 200, faults: ['slow-reply'], slowMs: 800 });
  });
  after(() => sb.close());

  it('a client that sends its headers and then stalls mid-body is answered 408 and cut', { timeout: 20_000 }, async () => {
    const head = `POST /hotelavailability HTTP/1.1\r\nHost: sandbox\r\nContent-Type: application/xml\r\nContent-Length: 1000\r\n\r\n<OTA_HotelAvailRQ`;
    assert.match(await stall(sb.baseUrl, head), /^HTTP\/1\.1 408 /);
  });

  it('a client that stalls inside its headers is cut', { timeout: 20_000 }, async () => {
    assert.match(await stall(sb.baseUrl, 'POST /hotelavailability HTTP/1.1\r\nHost: sandbox\r\n'), /^HTTP\/1\.1 408 /);
  });

  it(
    'the deadline is for receiving the request: a reply slower than it still arrives, and the server keeps serving',
    { timeout: 20_000 },
    async () => {
      // slow-reply holds hotel availability for 800 ms, twice the request timeout.
      const reply = await call(sb.baseUrl, 'hotelavailability');
      assert.equal(reply.status, 200);
      assert.ok(isSuccess(reply.body));
    },
  );
});

describe('keep-alive', () => {
  // A client that reuses a connection just as the server closes it gets it reset: the runs that
  // compare concluded results on a loaded host keep connections open longer than they last.
  it('an idle connection stays open 5 s by default, SANDBOX_KEEP_ALIVE_MS or keepAliveTimeoutMs longer', async () => {
    const announced = async (sb: RunningSandbox) => {
      const response = await fetch(`${sb.baseUrl}/hotelavailability`, { method: 'POST', body: '<x/>' });
      await response.arrayBuffer();
      await sb.close();
      return response.headers.get('keep-alive');
    };
    assert.equal(await announced(await start()), 'timeout=5');
    assert.equal(await announced(await start({ keepAliveTimeoutMs: 600_000 })), 'timeout=600');
    process.env.SANDBOX_KEEP_ALIVE_MS = '120000';
    try {
      assert.equal(await announced(await start()), 'timeout=120');
    } finally {
      delete process.env.SANDBOX_KEEP_ALIVE_MS;
    }
  });
});
