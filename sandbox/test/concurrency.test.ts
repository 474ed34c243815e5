// 50 concurrent clients, 2,000 mixed book/read/cancel operations: no booking lost or duplicated.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Agent, setGlobalDispatcher } from 'undici';
import type { RunningSandbox } from '../src/index';
import { errorCode, fill, initQuery, isSuccess, one, post, start, xp } from './helpers';

let sb: RunningSandbox;
before(async () => {
  await initQuery();
  setGlobalDispatcher(new Agent({ connections: 64 }));
  sb = await start();
});
after(() => sb.close());

const CLIENTS = 50;
const OPS = 2000;

it(`${CLIENTS} clients, ${OPS} mixed operations: every committed booking readable, none duplicated, counts reconcile`, async () => {
  const bookXml = (ref: string, item: string) => fill('activitybook', { bookingRef: ref, itemRef: item });
  // Shared references so that clients race on the same bookings.
  const refs = Array.from({ length: 120 }, (_, i) => `CC-${i}`);
  const committed = new Map<string, Set<string>>(); // ref -> items confirmed
  const cancelledItems = new Set<string>();
  const cancelledBookings = new Set<string>();
  let next = 0;
  let duplicates = 0;
  const t0 = Date.now();
  async function client(c: number) {
    for (;;) {
      const n = next++;
      if (n >= OPS) return;
      const ref = refs[(n * 7 + c) % refs.length];
      const kind = n % 10;
      if (kind < 5) {
        // Commit an item; items repeat (n % 4) so that racing duplicates happen.
        const item = `IT-${n % 4}`;
        const reply = await post(sb.baseUrl, 'activitybook', bookXml(ref, item));
        if (isSuccess(reply.body)) {
          const s = committed.get(ref) ?? new Set();
          assert.ok(!s.has(item), `item ${ref}/${item} confirmed twice`);
          s.add(item);
          committed.set(ref, s);
        } else {
          const code = errorCode(reply.body);
          assert.ok(code === '3/127' || code === '3/95', `unexpected ${code}`);
          if (code === '3/127') duplicates++;
        }
      } else if (kind < 8) {
        const r = await post(sb.baseUrl, 'bookread', fill('bookread', { bookingRef: ref }));
        if (committed.has(ref)) assert.ok(isSuccess(r.body), `committed ${ref} not readable`);
      } else {
        const item = n % 20 === 8 ? undefined : `IT-${n % 4}`;
        let xml = fill('bookcancel', { bookingRef: ref, cancelType: 'Commit' });
        if (item) xml = xml.replace(/(<UniqueID Type="36"[^>]*\/>)/, `$1<UniqueID Type="37" ID="${item}" ID_Context="Client"/>`);
        const r = await post(sb.baseUrl, 'bookcancel', xml);
        if (isSuccess(r.body)) {
          if (item) cancelledItems.add(`${ref}/${item}`);
          else cancelledBookings.add(ref);
        } else assert.ok(['3/87', '3/95'].includes(errorCode(r.body) ?? ''), r.body.slice(0, 300));
      }
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const elapsed = Date.now() - t0;
  console.log(
    `# concurrency: ${OPS} operations by ${CLIENTS} clients in ${elapsed} ms (${Math.round((OPS / elapsed) * 1000)} ops/s); ${committed.size} bookings, ${duplicates} duplicates refused`,
  );

  // Every committed booking is readable and holds exactly the confirmed items, once each.
  let items = 0;
  for (const [ref, set] of committed) {
    const r = await post(sb.baseUrl, 'bookread', fill('bookread', { bookingRef: ref }));
    assert.ok(isSuccess(r.body), `${ref} not readable`);
    const ids = xp(r.body, '//ota:HotelReservation/ota:Services/ota:Service/@ID');
    assert.equal(new Set(ids).size, ids.length, `${ref} holds a duplicated item`);
    assert.deepEqual(new Set(ids), set, `${ref}: stored items differ from confirmed ones`);
    items += ids.length;
    // Status reconciles with the cancellations that succeeded.
    const statuses = xp(r.body, '//ota:Service/@ReservationStatusType');
    const live = statuses.filter((s) => s === 'Reserved').length;
    assert.equal(one(r.body, '//ota:HotelReservation/@ResStatus'), live > 0 ? 'Reserved' : 'Cancelled');
  }
  // The store holds exactly the committed bookings, no more.
  assert.equal(sb.store.size, committed.size);
  assert.equal(
    sb.store.all().reduce((t, b) => t + b.items.length, 0),
    items,
  );
  assert.ok(committed.size > 50 && duplicates > 0 && cancelledItems.size + cancelledBookings.size > 0);
});
