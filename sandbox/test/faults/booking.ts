// Every fault of the booking story (activity booking, booking read, booking cancel) changes the
// behaviour it claims (sandbox/src/faults/booking.ts).
import assert from 'node:assert/strict';
import type { BOOKING_FAULTS } from '../../src/faults/booking';
import { call, errorCode, fill, forOneItem, isSuccess, one, post, xp } from '../helpers';
import { bookCancelRead, type FaultEffects, RESERVATION } from './support';

export const BOOKING_EFFECTS: FaultEffects<typeof BOOKING_FAULTS> = {
  'quote-stores-booking': async (b) => {
    await call(b, 'activitybook', { resStatus: 'Quote', bookingRef: 'F-Q' });
    assert.ok(isSuccess((await call(b, 'bookread', { bookingRef: 'F-Q' })).body));
  },
  'commit-not-persisted': async (b) => {
    assert.ok(isSuccess((await call(b, 'activitybook', { bookingRef: 'F-C' })).body));
    assert.equal(errorCode((await call(b, 'bookread', { bookingRef: 'F-C' })).body), '3/87');
  },
  'duplicate-accepted': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-D', itemRef: 'I' });
    assert.ok(isSuccess((await call(b, 'activitybook', { bookingRef: 'F-D', itemRef: 'I' })).body));
    assert.equal(xp((await call(b, 'bookread', { bookingRef: 'F-D' })).body, `${RESERVATION}//ota:Service`).length, 2);
  },
  'read-returns-other-booking': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-R1' });
    await call(b, 'activitybook', { bookingRef: 'F-R2' });
    assert.equal(one((await call(b, 'bookread', { bookingRef: 'F-R1' })).body, `${RESERVATION}/ota:UniqueID/@ID`), 'F-R2');
  },
  'cancel-quote-cancels': async (b) => assert.deepEqual(await bookCancelRead(b, 'F-X1', 'Quote'), ['Pending', 'Cancelled']),
  'cancel-commit-noop': async (b) => assert.deepEqual(await bookCancelRead(b, 'F-X2', 'Commit'), ['Cancelled', 'Reserved']),
  'cancel-unknown-succeeds': async (b) => assert.ok(isSuccess((await call(b, 'bookcancel', { bookingRef: 'NO-SUCH-REF' })).body)),
  'partial-cancels-all': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-P', itemRef: 'A' });
    await call(b, 'activitybook', { bookingRef: 'F-P', itemRef: 'B' });
    await post(b, 'bookcancel', forOneItem(fill('bookcancel', { bookingRef: 'F-P' }), 'A'));
    assert.deepEqual(xp((await call(b, 'bookread', { bookingRef: 'F-P' })).body, `${RESERVATION}//ota:Service/@ReservationStatusType`), [
      'Cancelled',
      'Cancelled',
    ]);
  },
  'quote-unhandled': async (b) => assert.equal(errorCode((await call(b, 'activitybook', { resStatus: 'Quote' })).body), '12/448'),
  'quote-priced-zero': async (b) => {
    const body = (await call(b, 'activitybook', { resStatus: 'Quote' })).body;
    assert.ok(isSuccess(body));
    assert.deepEqual([...new Set(xp(body, '//ota:ReservationDetails//@Amount'))], ['0.00']);
  },
  'participants-keyed-by-category': async (b) => {
    // the sample's second participant (a child) made a second adult
    const twoAdults = fill('activitybook', { resStatus: 'Quote' })
      .replace('QualifierInfo="8"', 'QualifierInfo="10"')
      .replace('Age="8"', 'Age="41"');
    assert.equal(errorCode((await post(b, 'activitybook', twoAdults)).body), '12/448');
  },
  'commit-ref-overwritten': async (b) => {
    const body = (await call(b, 'activitybook', { bookingRef: 'F-CR' })).body;
    assert.notEqual(one(body, "//ota:ReservationDetails/ota:Confirmation[@Type='36'][@ID_Context='Client']/@ID"), 'F-CR');
    assert.ok(isSuccess((await call(b, 'bookread', { bookingRef: 'F-CR' })).body), 'stored under the client reference');
  },
  'read-names-swapped': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-N' });
    assert.deepEqual(xp((await call(b, 'bookread', { bookingRef: 'F-N' })).body, `${RESERVATION}//ota:Surname`), ['Ana', 'Leo']);
  },
  'read-list-refused': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-L' });
    const listRead = fill('bookread', { bookingRef: 'F-L' }).replace('ReturnListIndicator="false"', 'ReturnListIndicator="true"');
    assert.equal(errorCode((await post(b, 'bookread', listRead)).body), '3/320');
  },
  'cancel-quote-refused': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-XQ' });
    assert.equal(errorCode((await call(b, 'bookcancel', { bookingRef: 'F-XQ', cancelType: 'Quote' })).body), '3/320');
  },
  'cancel-quote-says-cancelled': async (b) => assert.deepEqual(await bookCancelRead(b, 'F-XS', 'Quote'), ['Cancelled', 'Reserved']),
  'cancel-status-pending': async (b) => assert.deepEqual(await bookCancelRead(b, 'F-XP', 'Commit'), ['Pending', 'Cancelled']),
  'cancel-twice-succeeds': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-X3' });
    await call(b, 'bookcancel', { bookingRef: 'F-X3' });
    assert.equal(one((await call(b, 'bookcancel', { bookingRef: 'F-X3' })).body, '/*/@Status'), 'Cancelled');
  },
  'read-unknown-served': async (b) => assert.ok(isSuccess((await call(b, 'bookread', { bookingRef: 'NO-SUCH-REF' })).body)),
  'read-without-reference': async (b) => {
    assert.ok(isSuccess((await call(b, 'activitybook', { bookingRef: 'F-W' })).body));
    const read = (await call(b, 'bookread', { bookingRef: 'F-W' })).body;
    assert.ok(isSuccess(read));
    assert.equal(xp(read, `${RESERVATION}/ota:UniqueID`).length, 0, 'no reference');
    assert.deepEqual(xp(read, `${RESERVATION}//ota:Surname`), ['Example'], "someone else's booking");
  },
  'read-empty': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-E' });
    const read = (await call(b, 'bookread', { bookingRef: 'F-E' })).body;
    assert.ok(isSuccess(read));
    assert.equal(xp(read, '/*/*').length, 1, 'Success alone');
  },
  'read-refusal-shows-booking': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-RS' });
    const refused = (await call(b, 'bookread', { bookingRef: 'F-RS', password: 'wrong' })).body;
    assert.equal(errorCode(refused), '4/497');
    assert.equal(one(refused, "/*/ota:TPA_Extensions/ota:HotelReservation/ota:UniqueID[@Type='36']/@ID"), 'F-RS');
  },
  'commit-refused-plain': async (b) => {
    const reply = await call(b, 'activitybook', { bookingRef: 'F-CP' });
    assert.equal(reply.status, 400);
    assert.match(reply.contentType, /^text\/plain/);
    assert.ok(isSuccess((await call(b, 'activitybook', { resStatus: 'Quote' })).body), 'a quote is served');
  },
  'unknown-booking-plain-404': async (b) => {
    for (const op of ['bookread', 'bookcancel']) {
      const reply = await call(b, op, { bookingRef: 'NO-SUCH-REF' });
      assert.equal(reply.status, 404, op);
      assert.match(reply.contentType, /^text\/plain/, op);
      assert.doesNotMatch(reply.body, /Errors/, op);
    }
  },
};
