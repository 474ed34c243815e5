// Each dialect variant of the booking story (references, status words and homes, committing forms,
// the cancel reply) changes the form it claims and not the substance
// (sandbox/src/variants/booking.ts): the same requests go to a default sandbox and to one with the
// variant, and both replies are read by meaning.
import assert from 'node:assert/strict';
import { VARIANT_LIST, Variants } from '../../src/variants';
import type { BOOKING_VARIANTS } from '../../src/variants/booking';
import type { XNode } from '../../src/xml';
import { call, errorCode, fill, forOneItem, isSuccess, one, post, type Reply, xp } from '../helpers';
import type { BookingForms } from '../xsd-cases';
import { BOOKED_DETAILS, bookingFlow, both, canon, count, RESERVATION, same, type VariantEffects } from './support';

/**
 * Books items A and B under one booking on `base`, cancels one item with `segment` (a Segment
 * element of OTA_CancelRQ) and reads it: the reply to the cancel and the item statuses read.
 */
async function cancelBySegment(base: string, ref: string, segment: string): Promise<{ cancel: Reply; statuses: string[] }> {
  for (const itemRef of ['A', 'B']) assert.ok(isSuccess((await call(base, 'activitybook', { bookingRef: ref, itemRef })).raw));
  const cancel = await post(
    base,
    'bookcancel',
    fill('bookcancel', { bookingRef: ref }).replace('</OTA_CancelRQ>', `${segment}</OTA_CancelRQ>`),
  );
  const statuses = xp(
    (await call(base, 'bookread', { bookingRef: ref })).raw,
    `${RESERVATION}/ota:Services/ota:Service/@ReservationStatusType`,
  );
  return { cancel, statuses };
}

/** A variant that cancels one item by its number in a Segment takes that form only: item 2 (B) alone is cancelled; a Type 37 is refused. */
async function segmentForm(p: { d: string; v: string }, segment: string): Promise<void> {
  const v = await cancelBySegment(p.v, 'V-S', segment);
  assert.ok(isSuccess(v.cancel.raw), v.cancel.body.slice(0, 400));
  assert.deepEqual(v.statuses, ['Reserved', 'Cancelled'], 'only the item numbered 2 (the second booked)');
  // the sandbox's own dialect does not read a Segment: the whole booking is cancelled
  assert.deepEqual((await cancelBySegment(p.d, 'V-S', segment)).statuses, ['Cancelled', 'Cancelled']);
  for (const itemRef of ['A', 'B']) await call(p.v, 'activitybook', { bookingRef: 'V-T', itemRef });
  const byReference = await post(p.v, 'bookcancel', forOneItem(fill('bookcancel', { bookingRef: 'V-T' }), 'A'));
  assert.equal(errorCode(byReference.raw), '3/320', "a UniqueID Type 37 is not this dialect's form");
}

/**
 * Variants read-items-apart(-warnings): the same booking (items A and B, then A cancelled, then all)
 * read as a Summary per item and a Detail of the booking, with the statuses the default's Services
 * show, in the Detail's TPA_Extensions or (with -warnings) a cancelled item named by a warning.
 */
async function itemsApartEffect(p: { d: string; v: string }, byWarning: boolean): Promise<void> {
  for (const base of [p.d, p.v])
    for (const itemRef of ['A', 'B']) assert.ok(isSuccess((await call(base, 'activitybook', { bookingRef: 'V-P', itemRef })).raw));
  const APART = '/ota:OTA_TourActivityResRetrieveRS';
  const defaultItems = (r: Reply) => xp(r.raw, `${RESERVATION}/ota:Services/ota:Service/@ID`);
  const summarised = (r: Reply) => xp(r.raw, `${APART}/ota:Summary/ota:Confirmation[@Type='37']/@ID`);
  const statuses = (r: Reply) => xp(r.raw, `${APART}/ota:Detail/ota:TPA_Extensions/ota:ItemStatus/@Status`);
  const warned = (r: Reply) => xp(r.raw, `${APART}/ota:Warnings/ota:Warning[@Type='11']/@ShortText`);
  const [d0, v0] = await both(p, 'bookread', { bookingRef: 'V-P' });
  assert.deepEqual(summarised(v0), defaultItems(d0), 'a Summary per item, under its Type 37');
  assert.deepEqual(xp(v0.raw, `${APART}/ota:Detail/ota:Confirmation[@Type='36']/@ID`), ['V-P'], 'the booking is the Detail');
  assert.deepEqual(
    xp(v0.raw, `${APART}/ota:Summary/ota:BasicInfo/@TourActivityID`),
    xp(d0.raw, `${RESERVATION}/ota:Services/ota:Service/@ServiceInventoryCode`),
  );
  assert.deepEqual(statuses(v0), ['Confirmed', 'Confirmed']);
  for (const base of [p.d, p.v]) await post(base, 'bookcancel', forOneItem(fill('bookcancel', { bookingRef: 'V-P' }), 'A'));
  const [d1, v1] = await both(p, 'bookread', { bookingRef: 'V-P' });
  assert.deepEqual(xp(d1.raw, `${RESERVATION}/ota:Services/ota:Service/@ReservationStatusType`), ['Cancelled', 'Reserved']);
  if (byWarning) {
    assert.deepEqual(summarised(v1), ['B'], 'the cancelled item is no longer summarised');
    assert.deepEqual(statuses(v1), ['Confirmed']);
    assert.deepEqual(warned(v1), ['Item A Cancelled'], 'a warning names it');
  } else {
    assert.deepEqual(summarised(v1), ['A', 'B']);
    assert.deepEqual(statuses(v1), ['Cancelled', 'Confirmed']);
  }
  for (const base of [p.d, p.v]) await call(base, 'bookcancel', { bookingRef: 'V-P' });
  const [, v2] = await both(p, 'bookread', { bookingRef: 'V-P' });
  if (byWarning) assert.deepEqual(warned(v2), ['Item A Cancelled', 'Item B Cancelled']);
  else assert.deepEqual(statuses(v2), ['Cancelled', 'Cancelled']);
}

export const BOOKING_EFFECTS: VariantEffects<typeof BOOKING_VARIANTS> = {
  'internal-and-client-refs': async (pair) => {
    const d = await bookingFlow(pair.d);
    const v = await bookingFlow(pair.v);
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
  'cancel-status-words': async (pair) => {
    const d = await bookingFlow(pair.d);
    const v = await bookingFlow(pair.v);
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
  'tour-activity-cancel-reply': async (pair) => {
    const d = await bookingFlow(pair.d);
    const v = await bookingFlow(pair.v);
    assert.equal(one(d.whole.raw, 'local-name(/*)'), 'OTA_CancelRS');
    assert.equal(one(v.whole.raw, 'local-name(/*)'), 'OTA_TourActivityCancelRS');
    assert.equal(xp(v.whole.raw, 'count(/*/@Status)')[0], '0');
    assert.match(one(v.whole.raw, "/*/ota:Reservation/ota:CancelConfirmation/ota:UniqueID[@Type='15']/@ID") ?? '', /-C\d+$/);
    // what was cancelled is the same: the reads after it agree
    assert.equal(one(v.read2.raw, `${RESERVATION}/@ResStatus`), one(d.read2.raw, `${RESERVATION}/@ResStatus`));
  },
  'book-resstatus-book': async (pair) => {
    const forms = new Variants(['book-resstatus-book']).testData.booking as BookingForms;
    assert.deepEqual(forms, { commitResStatus: 'Book', commitCancelType: 'Cancel' });
    // Commit is an unknown value here; Book books.
    const refused = await call(pair.v, 'activitybook', { resStatus: 'Commit', bookingRef: 'W-1' });
    assert.equal(errorCode(refused.raw), '3/320');
    const d = await bookingFlow(pair.d);
    const v = await bookingFlow(pair.v, forms);
    for (const r of ['book1', 'book2', 'partial', 'read1', 'whole', 'read2'] as const) assert.equal(canon(v[r].raw), canon(d[r].raw), r);
    await call(pair.v, 'activitybook', { resStatus: 'Book', bookingRef: 'W-2' });
    const noCommit = await call(pair.v, 'bookcancel', { bookingRef: 'W-2', cancelType: 'Commit' });
    assert.equal(errorCode(noCommit.raw), '3/320');
    assert.equal(one((await call(pair.v, 'bookread', { bookingRef: 'W-2' })).raw, `${RESERVATION}/@ResStatus`), 'Reserved');
  },
  'item-status-attribute': async (pair) => {
    const d = await bookingFlow(pair.d);
    const v = await bookingFlow(pair.v);
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
  'status-in-tpa-extensions': async (pair) => {
    const d = await bookingFlow(pair.d);
    const v = await bookingFlow(pair.v);
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
  'book-reply-gateway-ref-only': async (pair) => {
    const d = await bookingFlow(pair.d);
    const v = await bookingFlow(pair.v);
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
    await same(pair, 'activitybook', { resStatus: 'Quote' }, { ignore: ['ID'] });
  },
  'partial-by-segment': async (pair) => {
    assert.equal(
      (new Variants(['partial-by-segment']).testData.booking as { partialCancellation?: string }).partialCancellation,
      'segment',
    );
    await segmentForm(pair, '<Segment ItinSegNbr="2"/>');
  },
  'partial-by-segment-range': async (pair) => {
    assert.equal(
      (new Variants(['partial-by-segment-range']).testData.booking as { partialCancellation?: string }).partialCancellation,
      'segment-range',
    );
    await segmentForm(pair, '<Segment FirstItinSegNbr="2" LastItinSegNbr="2"/>');
  },
  'book-reply-success-only': async (pair) => {
    const commit = { bookingRef: 'V-S1', itemRef: 'A' };
    const [d, v] = await both(pair, 'activitybook', commit);
    assert.equal(count(d.raw, BOOKED_DETAILS), 1);
    assert.ok(isSuccess(v.raw));
    assert.equal(count(v.raw, '/*/*'), 1, 'Success alone');
    // the booking is the same: stored and read under the client's reference
    await same(pair, 'bookread', { bookingRef: 'V-S1' }, { ignore: ['CreateDateTime', 'TimeStamp'] });
    await same(pair, 'activitybook', { resStatus: 'Quote' }, { ignore: ['ID', 'TimeStamp'] });
  },
  'read-items-apart': async (p) => itemsApartEffect(p, false),
  'read-items-apart-warnings': async (p) => itemsApartEffect(p, true),
  'read-live-items-only': async (pair) => {
    for (const base of [pair.d, pair.v])
      for (const itemRef of ['A', 'B']) assert.ok(isSuccess((await call(base, 'activitybook', { bookingRef: 'V-L', itemRef })).raw));
    const items = (r: Reply) => xp(r.raw, `${RESERVATION}/ota:Services/ota:Service/@ID`);
    const [d0, v0] = await both(pair, 'bookread', { bookingRef: 'V-L' });
    assert.deepEqual(items(v0), items(d0), 'every item live: all listed');
    for (const base of [pair.d, pair.v]) await post(base, 'bookcancel', forOneItem(fill('bookcancel', { bookingRef: 'V-L' }), 'A'));
    const [d1, v1] = await both(pair, 'bookread', { bookingRef: 'V-L' });
    assert.deepEqual(items(d1), ['A', 'B']);
    assert.deepEqual(items(v1), ['B'], 'the cancelled item is no longer listed');
    for (const base of [pair.d, pair.v]) await call(base, 'bookcancel', { bookingRef: 'V-L' });
    const [d2, v2] = await both(pair, 'bookread', { bookingRef: 'V-L' });
    assert.equal(one(d2.raw, `${RESERVATION}/@ResStatus`), 'Cancelled');
    assert.equal(errorCode(v2.raw), '3/87', 'a booking with no live item is not found');
  },
};
