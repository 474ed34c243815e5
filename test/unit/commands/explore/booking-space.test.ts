import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bookingSpaceParts,
  describeBookingCase,
  drawBookingCase,
  partyOf,
  shrinkBookingCandidates,
  type BookingCase,
} from '../../../../src/commands/explore/booking-space';
import { Random } from '../../../../src/commands/explore/random';

const draws = (seed: number, n: number, categories = ['10', '8', '11']) => {
  const rnd = new Random(seed);
  return Array.from({ length: n }, () => drawBookingCase(rnd, '2026-12-01', categories));
};

test('the same seed draws the same bookings; each within the space the spec allows', () => {
  assert.deepEqual(draws(7, 50), draws(7, 50));
  for (const bookingCase of draws(1, 300)) {
    assert.ok(bookingCase.participants.length >= 1 && bookingCase.participants.length <= 9);
    assert.ok(bookingCase.start >= '2026-12-01', bookingCase.start);
    assert.ok(bookingCase.references >= 1 && bookingCase.references <= 3);
    if (bookingCase.pickupTime) assert.match(bookingCase.pickupTime, /^([01]\d|2[0-3]):(00|15|30|45|59)$/);
  }
});

test('the space drawn covers its edges: every size, every category, late pickups, names beyond ASCII, several references', () => {
  const cs = draws(1, 300);
  assert.deepEqual(
    [...new Set(cs.map((c) => c.participants.length))].sort((a, b) => a - b),
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
  );
  assert.deepEqual([...new Set(cs.flatMap((c) => c.participants.map((p) => p.code)))].sort(), ['10', '11', '8']);
  assert.ok(cs.some((c) => (c.pickupTime ?? '') >= '22:00'));
  assert.ok(cs.some((c) => !c.pickupInd));
  assert.ok(cs.some((c) => c.references === 3));
  assert.ok(cs.some((c) => bookingSpaceParts(c).includes('names beyond ASCII')));
  // a senior only where the gateway shows one
  assert.ok(draws(2, 100, ['10', '8']).every((c) => c.participants.every((p) => p.code !== '11')));
});

test('every shrink candidate is strictly smaller, and shrinking ends at the smallest booking', () => {
  const size = (c: BookingCase) =>
    c.participants.length * 1e6 + (c.minutes ?? 240) * 10 + c.references * 2 + (c.pickupTime ? 1 : 0) + (c.pickupInd ? 0 : 1);
  for (const bookingCase of draws(3, 100)) {
    for (const s of shrinkBookingCandidates(bookingCase, 240))
      assert.ok(size(s) < size(bookingCase), `${describeBookingCase(s)} not smaller than ${describeBookingCase(bookingCase)}`);
    let smallest = bookingCase;
    for (let next = shrinkBookingCandidates(bookingCase, 240)[0]; next; next = shrinkBookingCandidates(smallest, 240)[0]) smallest = next;
    assert.equal(smallest.participants.length, 1);
    assert.equal(smallest.references, 1);
    assert.equal(smallest.pickupTime, undefined);
  }
});

test('the party availability is asked for: a count per category, one ParticipantInfo per participant in the booking', () => {
  const bookingCase: BookingCase = {
    op: 'activitybook',
    participants: [
      { code: '10', age: 35, givenName: 'Zoë', surname: 'Núñez' },
      { code: '10', age: 64, givenName: 'Ana', surname: 'Núñez' },
      { code: '8', age: 2, givenName: 'Leo', surname: 'Núñez' },
    ],
    start: '2026-12-31',
    days: 3,
    pickupInd: true,
    references: 2,
  };
  assert.deepEqual(
    partyOf(bookingCase).map((p) => [p.code, p.count]),
    [
      ['10', 2],
      ['8', 1],
    ],
  );
  assert.match(describeBookingCase(bookingCase), /^party 2×10 \+ 1×8 \(ages 35, 64, 2; Zoë Núñez/);
});
