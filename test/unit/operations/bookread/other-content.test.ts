// A read that shows the reference asked over another booking's items (a store that joins on the
// wrong key) is another booking for every rule; one that shows the reference and nothing booked
// under it is no evidence (a reference alone is an acknowledgement); RD-DETAILS counts participants.
import { strict as assert } from 'node:assert';
import { before, test } from 'node:test';
import { exchange, expectRule, loadXml, rs } from '../../../support/contracts';
import { readDetails, readReturns, shownLive } from '../../../../src/operations/bookread/contract';
import type { ExpectedBooking } from '../../../../src/contracts/booking-facts';

before(loadXml);

const WORDS = ['XL', 'Cancelled'];
const BOOKED: ExpectedBooking = {
  bookingRef: 'B2',
  items: [
    { itemRef: 'I3', tourActivityId: 'K-DOLPHIN', surnames: ['Lind'], date: '2027-03-02', participants: 3 },
    { itemRef: 'I4', tourActivityId: 'K-DOLPHIN', surnames: ['Lind'], date: '2027-03-02', participants: 3 },
  ],
};
const person = (s: string) =>
  `<ParticipantInfo><Individual><GivenName>Eva</GivenName><Surname>${s}</Surname></Individual></ParticipantInfo>`;
const summary = (ref: string, activity = 'K-DOLPHIN', people = 3, surname = 'Lind') =>
  `<Summary><BasicInfo TourActivityID="${activity}"/><Confirmation Type="37" ID="${ref}" ID_Context="Client"/>${person(surname).repeat(people)}</Summary>`;
const segment = (n: number, ref: string) =>
  `<Segment ItinSegNbr="${n}" ItemRef="${ref}" TourActivityID="K-DOLPHIN" Start="2027-03-02T09:00:00" Status="HK"/>`;
/** Kestrel's layout: a Summary per item, then a Detail of the booking with its items' entries. */
const read = (refs: string[], opts: { people?: number; surname?: string; activity?: string; detail?: string } = {}) =>
  exchange(
    'bookread',
    rs(
      'OTA_TourActivityResRetrieveRS',
      '<Success/>' +
        refs.map((r) => summary(r, opts.activity, opts.people, opts.surname)).join('') +
        `<Detail><BasicInfo TourActivityID="${opts.activity ?? 'K-DOLPHIN'}"/><Confirmation Type="36" ID="B2" ID_Context="Client"/>` +
        `<Schedule Start="2027-03-02T09:00:00"/>${opts.detail ?? `<TPA_Extensions><Segments>${refs.map((r, i) => segment(i + 1, r)).join('')}</Segments></TPA_Extensions>`}</Detail>`,
    ),
  );

test('the reference asked over the items booked: every rule passes', () => {
  const sent = read(['I3', 'I4']);
  expectRule(readReturns(BOOKED, WORDS), sent, 'passed');
  expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), sent, 'passed');
  expectRule(readDetails(BOOKED, WORDS), sent, 'passed');
});

test("the reference asked over another booking's items (same activity, day and surnames): another booking, never a pass", () => {
  const sent = read(['I1', 'I2']);
  expectRule(readReturns(BOOKED, WORDS), sent, 'failed');
  expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), sent, 'failed');
  const details = expectRule(readDetails(BOOKED, WORDS), sent, 'cantTell');
  const why = details.reasons.join(' ');
  assert.match(why, /another booking's content/);
  assert.doesNotMatch(why, /does not show the item references/);
});

test("the reference asked over another booking's activity, day and surnames, with no item reference: another booking", () => {
  const other = exchange(
    'bookread',
    rs(
      'OTA_TourActivityResRetrieveRS',
      `<Success/><Detail><BasicInfo TourActivityID="K-KAYAK"/><Confirmation Type="36" ID="B2" ID_Context="Client"/><Schedule Start="2027-04-11T09:00:00"/>${person('Okafor')}</Detail>`,
    ),
  );
  expectRule(readReturns(BOOKED, WORDS), other, 'failed');
  expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), other, 'failed');
});

test('the reference alone (nothing booked under it shown, nothing else either): cannot tell, never a pass', () => {
  const bare = exchange(
    'bookread',
    rs('OTA_TourActivityResRetrieveRS', '<Success/><Detail><Confirmation Type="36" ID="B2" ID_Context="Client"/></Detail>'),
  );
  expectRule(readReturns(BOOKED, WORDS), bare, 'cantTell');
  expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), bare, 'cantTell');
});

test('RD-DETAILS: an item shown with fewer participants than booked fails (the first participant only)', () => {
  expectRule(readDetails(BOOKED, WORDS), read(['I3', 'I4'], { people: 1 }), 'failed');
  expectRule(readReturns(BOOKED, WORDS), read(['I3', 'I4'], { people: 1 }), 'passed', undefined, 'still the booking asked for');
});
