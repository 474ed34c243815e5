// Each dialect variant of the booking story (references, status words and homes, committing forms,
// the cancel reply) changes the form it claims and not the substance
// (sandbox/src/variants/booking.ts): the same requests go to a default sandbox and to one with the
// variant, and both replies are read by meaning.
import assert from 'node:assert/strict';
import { VARIANT_LIST, Variants } from '../../src/variants';
import type { BOOKING_VARIANTS } from '../../src/variants/booking';
import type { XNode } from '../../src/xml';
import { call, errorCode, one, type Reply, xp } from '../helpers';
import type { BookingForms } from '../xsd-cases';
import { BOOKED_DETAILS, bookingFlow, canon, count, RESERVATION, same, type VariantEffects } from './support';

export const BOOKING_EFFECTS: VariantEffects<typeof BOOKING_VARIANTS> = {
  'internal-and-client-refs': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    const conf = (r: Reply, q: string) => xp(r.raw, `${BOOKED_DETAILS}/ota:Confirmation${q}/@ID`);
    assert.deepEqual(conf(v.book1, "[@Type='36'][@ID_Context='Client']"), conf(d.book1, "[@Type='36'][@ID_Context='Client']"));
    const internal = conf(v.book1, "[@ID_Context='Internal']");
    assert.equal(internal.length, 1);
    assert.notEqual(internal[0], 'V-1');
    // The item reference: Confirmation Type 37 by default, TPA_Extensions/UniqueID Type 37 here.
    assert.deepEqual(xp(v.book2.raw, `${BOOKED_DETAILS}/ota:TPA_Extensions/ota:UniqueID[@Type='37']/@ID`), conf(d.book2, "[@Type='37']"));
    for (const r of ['read1', 'read2'] as const) {
      assert.deepEqual(
        xp(v[r].raw, `${RESERVATION}/ota:UniqueID[@ID_Context='Client']/@ID`),
        xp(d[r].raw, `${RESERVATION}/ota:UniqueID[@ID_Context='Client']/@ID`),
      );
      assert.deepEqual(xp(v[r].raw, `${RESERVATION}/ota:UniqueID[@ID_Context='Internal']/@ID`), internal);
      assert.equal(canon(v[r].raw, { drop: (n) => n.attrs.ID_Context === 'Internal' }), canon(d[r].raw), `${r}: nothing else changed`);
    }
    assert.deepEqual(xp(v.whole.raw, "/*/ota:UniqueID[@ID_Context='Internal']/@ID"), internal);
    assert.equal(canon(v.whole.raw, { drop: (n) => n.attrs.ID_Context === 'Internal' }), canon(d.whole.raw));
  },
  'cancel-status-words': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    assert.equal(one(d.partial.raw, '/*/@Status'), 'Cancelled');
    assert.equal(one(v.partial.raw, '/*/@Status'), 'Canceled');
    assert.equal(one(v.whole.raw, '/*/@Status'), 'Canceled');
    const items = (r: Reply) => xp(r.raw, `${RESERVATION}/ota:Services/ota:Service/@ReservationStatusType`);
    assert.deepEqual(items(d.read1), ['Cancelled', 'Reserved']);
    assert.deepEqual(items(v.read1), ['Canceled', 'Reserved']);
    assert.equal(one(v.read1.raw, `${RESERVATION}/@ResStatus`), 'Reserved');
    assert.equal(one(d.read2.raw, `${RESERVATION}/@ResStatus`), 'Cancelled');
    assert.equal(one(v.read2.raw, `${RESERVATION}/@ResStatus`), 'XL');
    // The words it uses are the ones its test data declares.
    const declared = (
      VARIANT_LIST.find((x) => x.name === 'cancel-status-words')!.testData as { booking: { cancelledStatusWords: string[] } }
    ).booking.cancelledStatusWords;
    for (const w of ['Canceled', 'XL']) assert.ok(declared.includes(w), w);
    assert.equal(canon(v.read1.raw, { ignore: ['ReservationStatusType'] }), canon(d.read1.raw, { ignore: ['ReservationStatusType'] }));
  },
  'tour-activity-cancel-reply': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    assert.equal(one(d.whole.raw, 'local-name(/*)'), 'OTA_CancelRS');
    assert.equal(one(v.whole.raw, 'local-name(/*)'), 'OTA_TourActivityCancelRS');
    assert.equal(xp(v.whole.raw, 'count(/*/@Status)')[0], '0');
    assert.match(one(v.whole.raw, "/*/ota:Reservation/ota:CancelConfirmation/ota:UniqueID[@Type='15']/@ID") ?? '', /-C\d+$/);
    // what was cancelled is the same: the reads after it agree
    assert.equal(one(v.read2.raw, `${RESERVATION}/@ResStatus`), one(d.read2.raw, `${RESERVATION}/@ResStatus`));
  },
  'book-resstatus-book': async (p) => {
    const forms = new Variants(['book-resstatus-book']).testData.booking as BookingForms;
    assert.deepEqual(forms, { commitResStatus: 'Book', commitCancelType: 'Cancel' });
    // Commit is an unknown value here; Book books.
    const refused = await call(p.v, 'activitybook', { resStatus: 'Commit', bookingRef: 'W-1' });
    assert.equal(errorCode(refused.raw), '3/320');
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v, forms);
    for (const r of ['book1', 'book2', 'partial', 'read1', 'whole', 'read2'] as const) assert.equal(canon(v[r].raw), canon(d[r].raw), r);
    await call(p.v, 'activitybook', { resStatus: 'Book', bookingRef: 'W-2' });
    const noCommit = await call(p.v, 'bookcancel', { bookingRef: 'W-2', cancelType: 'Commit' });
    assert.equal(errorCode(noCommit.raw), '3/320');
    assert.equal(one((await call(p.v, 'bookread', { bookingRef: 'W-2' })).raw, `${RESERVATION}/@ResStatus`), 'Reserved');
  },
  'item-status-attribute': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    for (const r of ['read1', 'read2'] as const) {
      assert.deepEqual(
        xp(v[r].raw, `${RESERVATION}/ota:Services/ota:Service/@Status`),
        xp(d[r].raw, `${RESERVATION}/ota:Services/ota:Service/@ReservationStatusType`),
      );
      assert.equal(count(v[r].raw, '//@ReservationStatusType'), 0);
      assert.equal(one(v[r].raw, `${RESERVATION}/@ResStatus`), one(d[r].raw, `${RESERVATION}/@ResStatus`));
    }
    assert.deepEqual(xp(v.read1.raw, `${RESERVATION}/ota:Services/ota:Service/@Status`), ['Cancelled', 'Reserved']);
  },
  'status-in-tpa-extensions': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    for (const r of ['read1', 'read2'] as const) {
      assert.deepEqual(
        xp(v[r].raw, `${RESERVATION}/ota:Services/ota:Service/ota:TPA_Extensions/ota:ReservationStatus/@Status`),
        xp(d[r].raw, `${RESERVATION}/ota:Services/ota:Service/@ReservationStatusType`),
      );
      assert.equal(
        one(v[r].raw, `${RESERVATION}/ota:TPA_Extensions/ota:ReservationStatus/@Status`),
        one(d[r].raw, `${RESERVATION}/@ResStatus`),
      );
      assert.equal(count(v[r].raw, '//@ReservationStatusType | //@ResStatus'), 0);
    }
    assert.equal(one(v.read2.raw, `${RESERVATION}/ota:TPA_Extensions/ota:ReservationStatus/@Status`), 'Cancelled');
  },
  'book-reply-gateway-ref-only': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    for (const r of ['book1', 'book2'] as const) {
      const conf = (x: Reply, q: string) => xp(x.raw, `${BOOKED_DETAILS}/ota:Confirmation${q}/@ID`);
      assert.deepEqual(conf(d[r], "[@Type='36'][@ID_Context='Client']"), ['V-1']);
      assert.deepEqual(conf(v[r], "[@Type='36'][@ID_Context='Client']"), [], `${r}: no client Type 36`);
      assert.equal(count(v[r].raw, `${BOOKED_DETAILS}//*[@ID='V-1']`), 0);
      const own = conf(v[r], "[@Type='36'][@ID_Context='Internal']");
      assert.equal(own.length, 1);
      assert.match(own[0], /^SBX-\d{8}$/);
      assert.deepEqual(conf(v[r], "[@Type='37']"), conf(d[r], "[@Type='37']"), `${r}: the item reference`);
      const refs = { drop: (n: XNode) => n.name === 'Confirmation' && n.attrs.Type === '36' };
      assert.equal(canon(v[r].raw, refs), canon(d[r].raw, refs), `${r}: nothing else changed`);
    }
    // Stored, read and cancelled under the client's reference.
    for (const r of ['partial', 'read1', 'whole', 'read2'] as const) assert.equal(canon(v[r].raw), canon(d[r].raw), r);
    await same(p, 'activitybook', { resStatus: 'Quote' }, { ignore: ['ID'] });
  },
};
