// Booking read: each check passes, fails and cannot tell, on the sandbox's form and on other
// legitimate forms (the gateway's own reference beside the client's, OTA_TourActivityResRetrieveRS,
// statuses in TPA_Extensions or @Status, other status words, prefixed namespace, refusals by status).
// One reply, one reading: an empty read, a refusal, a booking without the client's reference mean
// the same to every rule (src/contracts/booking-facts.ts, bookingRead).
import { strict as assert } from 'node:assert';
import { before, test } from 'node:test';
import { exchange, expectRule, loadXml, noReply, prefixed, rs } from '../../../support/contracts';
import { noLongerLive, onlyItemCancelled, readDetails, readReturns, shownLive } from '../../../../src/operations/bookread/contract';
import type { ExpectedBooking } from '../../../../src/contracts/booking-facts';

before(loadXml);

const BOOKED: ExpectedBooking = {
  bookingRef: 'B1',
  items: [
    { itemRef: 'I1', tourActivityId: 'PMI-DRACH', surnames: ['Conformance'] },
    { itemRef: 'I2', tourActivityId: 'PMI-BOAT', surnames: ['Conformance'] },
  ],
};
const WORDS = ['Cancelled', 'Canceled'];

const service = (ref: string, activity: string, status = 'Reserved', statusAttr = 'ReservationStatusType') =>
  `<Service ${statusAttr}="${status}" ServiceInventoryCode="${activity}" Type="37" ID="${ref}" ID_Context="Client"/>`;
const guests =
  '<ResGuests><ResGuest><Profiles><ProfileInfo><Profile><Customer><PersonName>' +
  '<GivenName>Ana</GivenName><Surname>Conformance</Surname>' +
  '</PersonName></Customer></Profile></ProfileInfo></Profiles></ResGuest></ResGuests>';

/** The sandbox's form: one HotelReservation whose Services are the booked activities. */
function reservation(opts: { ref?: string; status?: string; refs?: string; services?: string; attrs?: string } = {}) {
  const status = opts.status === undefined ? ' ResStatus="Reserved"' : opts.status ? ` ResStatus="${opts.status}"` : '';
  const refs = opts.refs ?? `<UniqueID Type="36" ID="${opts.ref ?? 'B1'}" ID_Context="Client"/>`;
  const services = opts.services ?? service('I1', 'PMI-DRACH') + service('I2', 'PMI-BOAT');
  return `<HotelReservation${status}${opts.attrs ?? ''}>${refs}<Services>${services}</Services>${guests}</HotelReservation>`;
}
const read = (reservations: string) => rs('OTA_ResRetrieveRS', `<Success/><ReservationsList>${reservations}</ReservationsList>`);
const refused = rs('OTA_ResRetrieveRS', '<Errors><Error Type="3" Code="87" ShortText="Booking not found"/></Errors>');

// OTA_TourActivityResRetrieveRS: one Detail per booked activity, references in Confirmation and TPA_Extensions.
const detail = (status = '') =>
  rs(
    'OTA_TourActivityResRetrieveRS',
    '<Success/><Detail><BasicInfo TourActivityID="PMI-DRACH"/><Confirmation Type="36" ID="B1" ID_Context="Client"/>' +
      '<ParticipantInfo><Individual><GivenName>Ana</GivenName><Surname>Conformance</Surname></Individual></ParticipantInfo>' +
      '<TPA_Extensions><UniqueID Type="37" ID="I1" ID_Context="Client"/>' +
      `${status ? `<ReservationStatus Status="${status}"/>` : ''}</TPA_Extensions></Detail>`,
  );
const ONE_ITEM: ExpectedBooking = { bookingRef: 'B1', items: [BOOKED.items[0]] };

test('RD-RETURNS-BOOKING: the booking asked for is returned, whatever the form', () => {
  const rule = readReturns(BOOKED);
  expectRule(rule, exchange('bookread', read(reservation())), 'passed');
  expectRule(rule, exchange('bookread', prefixed(read(reservation()))), 'passed');
  const internalFirst = '<UniqueID Type="36" ID="GW-778" ID_Context="Internal"/><UniqueID Type="36" ID="B1" ID_Context="Client"/>';
  expectRule(
    rule,
    exchange('bookread', read(reservation({ refs: internalFirst }))),
    'passed',
    undefined,
    'client and internal references side by side',
  );
  expectRule(readReturns(ONE_ITEM), exchange('bookread', detail()), 'passed', undefined, 'OTA_TourActivityResRetrieveRS');
});

test('RD-RETURNS-BOOKING fails on another booking or a refusal, and cannot tell without the client reference', () => {
  const rule = readReturns(BOOKED);
  expectRule(rule, exchange('bookread', read(reservation({ ref: 'B9' }))), 'failed');
  expectRule(rule, exchange('bookread', read(reservation() + reservation({ ref: 'B9' }))), 'failed', undefined, 'and no other');
  expectRule(rule, exchange('bookread', refused), 'failed');
  expectRule(rule, exchange('bookread', '', { status: 404 }), 'failed');
  expectRule(rule, exchange('bookread', read(reservation({ refs: '<UniqueID Type="36" ID="GW-1" ID_Context="Internal"/>' }))), 'cantTell');
  expectRule(
    rule,
    exchange('bookread', read(reservation({ refs: '<UniqueID Type="36" ID="GW-1"/>' }))),
    'cantTell',
    undefined,
    'no context: maybe its own',
  );
  expectRule(rule, exchange('bookread', rs('OTA_ResRetrieveRS', '<Success/>')), 'failed', undefined, 'an empty read shows no booking');
  expectRule(rule, noReply('bookread'), 'cantTell');
});

test('RD-DETAILS: items by reference with their activity, participants by surname', () => {
  const rule = readDetails(BOOKED);
  expectRule(rule, exchange('bookread', read(reservation())), 'passed');
  expectRule(readDetails(ONE_ITEM), exchange('bookread', detail()), 'passed', undefined, 'OTA_TourActivityResRetrieveRS');
  expectRule(rule, exchange('bookread', read(reservation({ services: service('I1', 'PMI-DRACH') + service('I2', 'OTHER') }))), 'failed');
  expectRule(
    rule,
    exchange('bookread', read(reservation({ services: service('I1', 'PMI-DRACH') }))),
    'failed',
    undefined,
    'an item missing',
  );
  const unnamed = read(reservation()).replace(/<Surname>Conformance</, '<Surname>Other<');
  expectRule(rule, exchange('bookread', unnamed), 'failed', undefined, 'a participant missing');
  expectRule(rule, exchange('bookread', read(reservation({ services: '<Service ServiceInventoryCode="PMI-DRACH"/>' }))), 'cantTell');
  expectRule(
    rule,
    exchange('bookread', read(reservation()).replace(/<ResGuests>.*<\/ResGuests>/, '')),
    'cantTell',
    undefined,
    'no surnames shown',
  );
});

test('a booking is shown live: served, and no status it shows is a cancelled word', () => {
  const live = shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS);
  expectRule(live, exchange('bookread', read(reservation())), 'passed');
  expectRule(live, exchange('bookread', read(reservation({ status: '' }))), 'passed', undefined, 'no status shown: the booking is shown');
  const tpa = reservation({ status: '' }).replace(
    '</HotelReservation>',
    '<TPA_Extensions><ReservationStatus Status="Confirmed"/></TPA_Extensions></HotelReservation>',
  );
  expectRule(live, exchange('bookread', read(tpa)), 'passed', undefined, 'status in TPA_Extensions');
  expectRule(live, exchange('bookread', read(reservation({ status: 'Cancelled' }))), 'failed');
  expectRule(
    shownLive('CXL-QUOTE-NO-CHANGE', BOOKED, ['XL']),
    exchange('bookread', read(reservation({ status: 'xl' }))),
    'failed',
    undefined,
    'declared words',
  );
  expectRule(live, exchange('bookread', refused), 'failed', undefined, 'a read of an existing booking is refused');
  expectRule(live, exchange('bookread', read(reservation({ ref: 'B9' }))), 'failed');
  expectRule(live, exchange('bookread', rs('OTA_ResRetrieveRS', '<Success/>')), 'failed', undefined, 'an empty read shows no booking');
  expectRule(live, noReply('bookread'), 'cantTell');
});

test("a booking is no longer live: shown cancelled in the target's words, or gone by contrast with the read before", () => {
  const shownBefore = exchange('bookread', read(reservation()));
  const gone = noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS, shownBefore);
  expectRule(gone, exchange('bookread', refused), 'passed');
  expectRule(gone, exchange('bookread', rs('OTA_ErrorRS', '<Errors><Error Type="3" Code="87"/></Errors>')), 'passed');
  expectRule(gone, exchange('bookread', '', { status: 404 }), 'passed');
  expectRule(gone, exchange('bookread', 'oops', { status: 500, contentType: 'text/plain' }), 'cantTell', undefined, 'a 5xx is no evidence');
  expectRule(gone, exchange('bookread', '', { status: 429 }), 'cantTell', undefined, 'a busy gateway is no evidence');
  expectRule(gone, exchange('bookread', '', { status: 401 }), 'cantTell', undefined, 'refused credentials are no evidence');
  expectRule(gone, exchange('bookread', read(reservation({ status: 'CANCELED' }))), 'passed', undefined, 'case-insensitive');
  const itemsCancelled = service('I1', 'PMI-DRACH', 'Cancelled', 'Status') + service('I2', 'PMI-BOAT', 'Cancelled', 'Status');
  expectRule(
    gone,
    exchange('bookread', read(reservation({ status: '', services: itemsCancelled }))),
    'passed',
    undefined,
    'every item cancelled',
  );
  expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, ['XL']), exchange('bookread', read(reservation({ status: 'XL' }))), 'passed');
  expectRule(gone, exchange('bookread', read(reservation())), 'failed');
  expectRule(
    noLongerLive('CXL-COMMIT-CANCELS', BOOKED, ['XL']),
    exchange('bookread', read(reservation({ status: 'Cancelled' }))),
    'failed',
    undefined,
    'not a declared word',
  );
  expectRule(gone, exchange('bookread', read(reservation({ status: '', services: '<Service Type="37" ID="I1"/>' }))), 'cantTell');
  expectRule(
    gone,
    exchange('bookread', 'oops', { status: 200, contentType: 'text/plain' }),
    'cantTell',
    undefined,
    'neither served nor refused',
  );
  expectRule(gone, exchange('bookread', detail('Cancelled')), 'passed', undefined, 'OTA_TourActivityResRetrieveRS');
  // a read served with nothing but its status no longer shows the booking, after a read that showed it
  for (const empty of ['<Success/>', '<Success/><ReservationsList/>', '<Success/><Warnings><Warning Type="1">none</Warning></Warnings>'])
    expectRule(gone, exchange('bookread', rs('OTA_ResRetrieveRS', empty)), 'passed', undefined, empty);
  expectRule(
    gone,
    exchange('bookread', rs('OTA_ResRetrieveRS', '<Success/><Offers><Offer Ref="X1"/></Offers>')),
    'cantTell',
    undefined,
    'unknown layout',
  );
});

test('an absence is no evidence of a cancellation without a read before that showed the booking live', () => {
  const absences = {
    'an Errors reply': exchange('bookread', refused),
    'a bare 404': exchange('bookread', 'not found', { status: 404, contentType: 'text/plain' }),
    'an empty Success': exchange('bookread', rs('OTA_ResRetrieveRS', '<Success/>')),
  };
  const befores = {
    'no read before': undefined,
    'a refused read before': exchange('bookread', refused),
    'an empty read before': exchange('bookread', rs('OTA_ResRetrieveRS', '<Success/>')),
    'a read before showing it cancelled': exchange('bookread', read(reservation({ status: 'Cancelled' }))),
    'a read before showing another booking': exchange('bookread', read(reservation({ ref: 'B9' }))),
  };
  for (const [b, before] of Object.entries(befores))
    for (const [a, x] of Object.entries(absences)) {
      const outcome = expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS, before), x, 'cantTell', undefined, `${a}, ${b}`);
      assert.match(outcome.reasons.join(' '), /before the cancel/);
    }
  // shown cancelled is evidence by itself
  expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS), exchange('bookread', read(reservation({ status: 'Cancelled' }))), 'passed');
});

test('a booking shown without the client reference is never taken for it; another activity, surname or day makes it another', () => {
  const lone = (opts: { activity?: string; surname?: string; day?: string }) =>
    read(
      `<HotelReservation ResStatus="Reserved"><UniqueID Type="36" ID="GW-1" ID_Context="Internal"/><Services>` +
        `<Service ServiceInventoryCode="${opts.activity ?? 'PMI-DRACH'}"><ServiceDetails><TimeSpan Start="${opts.day ?? '2030-06-02'}T09:00:00"/></ServiceDetails></Service>` +
        `</Services><ResGuests><ResGuest><Profiles><ProfileInfo><Profile><Customer><PersonName><Surname>${opts.surname ?? 'Conformance'}</Surname>` +
        '</PersonName></Customer></Profile></ProfileInfo></Profiles></ResGuest></ResGuests></HotelReservation>',
    );
  const dated: ExpectedBooking = { bookingRef: 'B1', items: [{ ...BOOKED.items[0], date: '2030-06-02' }] };
  const rules = [shownLive('BKG-COMMIT-PERSISTS', dated, WORDS), readReturns(dated, WORDS)];
  for (const rule of rules) {
    expectRule(rule, exchange('bookread', lone({})), 'cantTell', undefined, 'the same activity, surname and day: still not identified');
    for (const other of [{ activity: 'PMI-OTHER' }, { surname: 'Example' }, { day: '2024-06-03' }]) {
      const assertion = expectRule(rule, exchange('bookread', lone(other)), 'failed', undefined, JSON.stringify(other));
      assert.match(assertion.findings[0].found, /not the one booked/);
    }
  }
  // the gw fault read-without-reference: a Detail of someone else, no Confirmation at all
  const demo = rs(
    'OTA_TourActivityResRetrieveRS',
    '<Success/><Detail><BasicInfo TourActivityID="TFCABLE"/><ParticipantInfo><Individual><Surname>Example</Surname></Individual></ParticipantInfo>' +
      '<Schedule Start="2024-06-03T09:00:00"/></Detail>',
  );
  for (const rule of rules) expectRule(rule, exchange('bookread', demo), 'failed', undefined, 'the demonstration booking');
  expectRule(readDetails(dated), exchange('bookread', demo), 'cantTell', undefined, 'RD-RETURNS-BOOKING says it');
});

test('one reading: the same read means the same to every rule', () => {
  const replies = {
    'an empty Success': rs('OTA_ResRetrieveRS', '<Success/>'),
    'an unknown layout': rs('OTA_ResRetrieveRS', '<Success/><Offers><Offer Ref="B1"/></Offers>'),
    'another booking': read(reservation({ ref: 'B9' })),
  };
  const expected: Record<string, string> = { 'an empty Success': 'failed', 'an unknown layout': 'cantTell', 'another booking': 'failed' };
  for (const [kind, body] of Object.entries(replies)) {
    const sent = exchange('bookread', body);
    for (const rule of [
      readReturns(BOOKED),
      shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS),
      onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS),
    ])
      expectRule(rule, sent, expected[kind] as 'failed' | 'cantTell', undefined, `${rule.req} on ${kind}`);
    const gone = noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS, exchange('bookread', read(reservation())));
    expectRule(gone, sent, kind === 'an empty Success' ? 'passed' : 'cantTell', undefined, `CXL-COMMIT-CANCELS on ${kind}`);
  }
});

test('CXL-PARTIAL: only the item cancelled is shown cancelled (or dropped); the others stay live', () => {
  const partial = onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS);
  expectRule(
    partial,
    exchange('bookread', read(reservation({ services: service('I1', 'PMI-DRACH', 'Cancelled') + service('I2', 'PMI-BOAT') }))),
    'passed',
  );
  const dropped = exchange('bookread', read(reservation({ services: service('I2', 'PMI-BOAT') })));
  expectRule(
    onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS, exchange('bookread', read(reservation()))),
    dropped,
    'passed',
    undefined,
    'the cancelled item dropped, after a read that showed it',
  );
  expectRule(partial, dropped, 'cantTell', undefined, 'the cancelled item dropped, and no read before showed it');
  const asStatus = service('I1', 'PMI-DRACH', 'Canceled', 'Status') + service('I2', 'PMI-BOAT', 'Reserved', 'Status');
  expectRule(
    partial,
    exchange('bookread', prefixed(read(reservation({ services: asStatus })))),
    'passed',
    undefined,
    'item @Status, prefixed',
  );
  const all = service('I1', 'PMI-DRACH', 'Cancelled') + service('I2', 'PMI-BOAT', 'Cancelled');
  expectRule(partial, exchange('bookread', read(reservation({ services: all }))), 'failed', undefined, 'the whole booking cancelled');
  expectRule(
    partial,
    exchange('bookread', read(reservation({ services: service('I1', 'PMI-DRACH', 'Cancelled') }))),
    'failed',
    undefined,
    'a live item missing',
  );
  expectRule(partial, exchange('bookread', refused), 'failed');
  expectRule(partial, exchange('bookread', rs('OTA_ResRetrieveRS', '<Success/>')), 'failed', undefined, 'an empty read');
  expectRule(partial, exchange('bookread', read(reservation({ services: '<Service ServiceInventoryCode="PMI-DRACH"/>' }))), 'cantTell');
  expectRule(
    partial,
    exchange('bookread', read(reservation({ services: '<Service Type="37" ID="I1"/><Service Type="37" ID="I2"/>' }))),
    'cantTell',
  );
});

// OTA_TourActivityResRetrieveRS shows one activity per Summary (or Detail): a booking of two items
// may come back as two nodes, each with the client's reference and its own item reference and status.
const part = (element: 'Summary' | 'Detail', item: string, activity: string, status: string, ref = 'B1') =>
  `<${element}><BasicInfo TourActivityID="${activity}"/><Confirmation Type="36" ID="${ref}" ID_Context="Client"/>` +
  '<ParticipantInfo><Individual><GivenName>Ana</GivenName><Surname>Conformance</Surname></Individual></ParticipantInfo>' +
  `<TPA_Extensions><UniqueID Type="37" ID="${item}" ID_Context="Client"/><ReservationStatus Status="${status}"/></TPA_Extensions></${element}>`;
const summaries = (...parts: string[]) => rs('OTA_TourActivityResRetrieveRS', `<Success/>${parts.join('')}`);
const I1 = (status: string, element: 'Summary' | 'Detail' = 'Summary') => part(element, 'I1', 'PMI-DRACH', status);
const I2 = (status: string, element: 'Summary' | 'Detail' = 'Summary') => part(element, 'I2', 'PMI-BOAT', status);

test('a booking spread over one Summary per item: its items are those of every node with its reference', () => {
  const partlyCancelled = summaries(I1('Cancelled'), I2('Confirmed'));
  expectRule(onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS), exchange('bookread', partlyCancelled), 'passed');
  expectRule(
    onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS),
    exchange('bookread', prefixed(summaries(I2('Reserved'), I1('Canceled')))),
    'passed',
    undefined,
    'live item first, prefixed',
  );
  expectRule(
    onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I2', WORDS),
    exchange('bookread', partlyCancelled),
    'failed',
    undefined,
    'the other item cancelled',
  );
  expectRule(
    onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS),
    exchange('bookread', summaries(I1('Cancelled'), I2('Cancelled'))),
    'failed',
    undefined,
    'both items cancelled',
  );
  expectRule(readDetails(BOOKED), exchange('bookread', summaries(I1('Confirmed'), I2('Confirmed'))), 'passed');
  expectRule(
    readDetails(BOOKED),
    exchange('bookread', summaries(I1('Confirmed'), part('Summary', 'I2', 'OTHER', 'Confirmed'))),
    'failed',
    undefined,
    "the second item's activity",
  );
});

test('a booking spread over several nodes is live when any item is, cancelled when every item is', () => {
  const live = shownLive('CXL-PARTIAL', BOOKED, WORDS);
  const gone = noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS);
  const partlyCancelled = summaries(I1('Cancelled'), I2('Reserved'));
  expectRule(live, exchange('bookread', partlyCancelled), 'passed', undefined, "I1's status is not the booking's");
  expectRule(gone, exchange('bookread', partlyCancelled), 'failed', undefined, 'I2 still live');
  expectRule(live, exchange('bookread', summaries(I1('Cancelled', 'Detail'), I2('Reserved', 'Detail'))), 'passed', undefined, 'Detail');
  const allCancelled = summaries(I1('Cancelled'), I2('Canceled'));
  expectRule(gone, exchange('bookread', allCancelled), 'passed');
  expectRule(live, exchange('bookread', allCancelled), 'failed');
  const oneUnknown = summaries(I1('Cancelled'), I2('Cancelled').replace(/<ReservationStatus[^>]*>/, ''));
  expectRule(gone, exchange('bookread', oneUnknown), 'cantTell', undefined, "an item's status not shown");
});

test('RD-RETURNS-BOOKING: the other nodes of the same booking are not other bookings; a different booking is', () => {
  const rule = readReturns(BOOKED);
  const same = expectRule(rule, exchange('bookread', summaries(I1('Cancelled'), I2('Reserved'))), 'passed');
  assert.deepEqual(same.findings, []);
  expectRule(rule, exchange('bookread', summaries(I1('Reserved', 'Detail'), I2('Reserved', 'Detail'))), 'passed', undefined, 'Detail');
  const other = expectRule(
    rule,
    exchange('bookread', summaries(I1('Reserved'), I2('Reserved'), part('Summary', 'I9', 'PMI-DRACH', 'Reserved', 'B2'))),
    'failed',
  );
  assert.equal(other.findings.length, 1);
  assert.match(other.findings[0].found, /Summary\[3\]/);
  assert.doesNotMatch(other.findings[0].found, /Summary\[[12]\]/);
  expectRule(
    rule,
    exchange('bookread', summaries(part('Summary', 'I9', 'PMI-DRACH', 'Reserved', 'B2'), I1('Reserved'))),
    'failed',
    undefined,
    'the other booking first',
  );
});

// OpenTravel's own read layout with items apart from their booking: OTA_TourActivityResRetrieveRS
// with one Summary per item (Confirmation Type 37), then a Detail for the booking (Confirmation
// Type 36), the items' statuses in Detail/TPA_Extensions or in warnings naming them. Items and
// booking are tied by their references; each Summary is an item of the booking, never a booking.
const summary = (ref: string, activity: string) =>
  `<Summary><BasicInfo TourActivityID="${activity}"/><Confirmation Type="37" ID="${ref}" ID_Context="Client"/>` +
  '<ParticipantInfo><Individual><GivenName>Ana</GivenName><Surname>Conformance</Surname></Individual></ParticipantInfo></Summary>';
const apart = (o: { summaries?: string; entries?: string; own?: string; warnings?: string; ref?: string } = {}) =>
  rs(
    'OTA_TourActivityResRetrieveRS',
    `<Success/>${o.warnings ? `<Warnings>${o.warnings}</Warnings>` : ''}` +
      (o.summaries ?? summary('I1', 'PMI-DRACH') + summary('I2', 'PMI-BOAT')) +
      `<Detail><Confirmation Type="36" ID="${o.ref ?? 'B1'}" ID_Context="Client"/>` +
      `<TPA_Extensions>${o.own ?? ''}${o.entries ?? '<ItemStatus ItemRef="I1" Status="Confirmed"/><ItemStatus ItemRef="I2" Status="Confirmed"/>'}</TPA_Extensions></Detail>`,
  );

test('items apart from their booking (a Summary per item, a Detail of the booking): RD-RETURNS-BOOKING and RD-DETAILS decided', () => {
  expectRule(readReturns(BOOKED), exchange('bookread', apart()), 'passed');
  expectRule(readDetails(BOOKED), exchange('bookread', apart()), 'passed');
  expectRule(readDetails(BOOKED), exchange('bookread', prefixed(apart())), 'passed');
  expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), exchange('bookread', apart()), 'passed');
  // an item of another activity is seen; a missing item is seen
  expectRule(
    readDetails(BOOKED),
    exchange('bookread', apart({ summaries: summary('I1', 'PMI-DRACH') + summary('I2', 'PMI-CAVES') })),
    'failed',
  );
  expectRule(readDetails(BOOKED), exchange('bookread', apart({ summaries: summary('I1', 'PMI-DRACH'), entries: '' })), 'failed');
  // another booking's Detail does not take the items
  expectRule(readReturns(BOOKED), exchange('bookread', apart({ ref: 'B9' })), 'failed');
});

test('items apart: their statuses in the booking Detail/TPA_Extensions decide the partial cancellation', () => {
  const rule = onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS);
  const first = '<ItemStatus ItemRef="I1" Status="Cancelled"/><ItemStatus ItemRef="I2" Status="Confirmed"/>';
  expectRule(rule, exchange('bookread', apart({ entries: first })), 'passed');
  // the first entry is an item's, never the booking's own status
  expectRule(shownLive('CXL-PARTIAL', BOOKED, WORDS), exchange('bookread', apart({ entries: first })), 'passed');
  const both = '<ItemStatus ItemRef="I1" Status="Cancelled"/><ItemStatus ItemRef="I2" Status="Cancelled"/>';
  expectRule(rule, exchange('bookread', apart({ entries: both })), 'failed');
  expectRule(shownLive('CXL-PARTIAL', BOOKED, WORDS), exchange('bookread', apart({ entries: both })), 'failed');
  // an entry naming the item by a Type 37 UniqueID inside it, and the booking's own status beside
  const nested =
    '<ReservationStatus Status="Confirmed"/><Item Status="Cancelled"><UniqueID Type="37" ID="I1" ID_Context="Client"/></Item>' +
    '<Item Status="Confirmed"><UniqueID Type="37" ID="I2" ID_Context="Client"/></Item>';
  expectRule(rule, exchange('bookread', apart({ entries: nested })), 'passed');
  assert.match(expectRule(rule, exchange('bookread', apart({ entries: '' })), 'cantTell').reasons.join(' '), /status of item I1/);
});

test('items apart: a warning naming an item gives its status; a cancelled item no longer summarised is still seen', () => {
  const rule = onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS);
  const warning = '<Warning Type="11" ShortText="Item I1 Cancelled">Item I1 of booking B1 was cancelled</Warning>';
  expectRule(rule, exchange('bookread', apart({ warnings: warning, entries: '<ItemStatus ItemRef="I2" Status="Confirmed"/>' })), 'passed');
  expectRule(
    rule,
    exchange(
      'bookread',
      apart({ warnings: warning, summaries: summary('I2', 'PMI-BOAT'), entries: '<ItemStatus ItemRef="I2" Status="Confirmed"/>' }),
    ),
    'passed',
  );
  // a warning naming the other item cancelled is a finding
  const wrong = '<Warning Type="11" ShortText="Item I2 Cancelled"/>';
  expectRule(rule, exchange('bookread', apart({ warnings: wrong + warning, entries: '' })), 'failed');
});

test('items apart: a booking whose items are all named cancelled in warnings is no longer live', () => {
  const warnings = '<Warning Type="11" RecordID="I1" ShortText="Cancelled"/><Warning Type="11" RecordID="I2" ShortText="Cancelled"/>';
  const gone = apart({ warnings, summaries: '', entries: '' });
  expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS), exchange('bookread', gone), 'passed');
  expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), exchange('bookread', gone), 'failed');
  // one of them named live in the booking's entries: still live
  const half = apart({ warnings: warnings.split('/>')[0] + '/>', summaries: '', entries: '<ItemStatus ItemRef="I2" Status="Confirmed"/>' });
  expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS), exchange('bookread', half), 'failed');
});

/** The booked items with no status of their own. */
const statusless =
  '<Service ServiceInventoryCode="PMI-DRACH" Type="37" ID="I1" ID_Context="Client"/><Service ServiceInventoryCode="PMI-BOAT" Type="37" ID="I2" ID_Context="Client"/>';

// A refusal in form (Warnings and no Success, an Errors reply) whose document shows the booking is
// no absence: it means what it shows, to CXL-COMMIT-CANCELS as to any rule.
test('CXL-COMMIT-CANCELS: a refusal-shaped read that shows the booking live fails; shown cancelled, it passes', () => {
  const shownBefore = exchange('bookread', read(reservation()));
  const pending = '<Warnings><Warning Type="11" ShortText="Cancellation pending"/></Warnings>';
  const refusedOver = (head: string, status?: string, services?: string) =>
    rs('OTA_ResRetrieveRS', `${head}<ReservationsList>${reservation({ status, services })}</ReservationsList>`);
  for (const before of [shownBefore, undefined]) {
    const gone = noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS, before);
    const when = before ? 'after a read that showed it live' : 'no read before';
    const assertion = expectRule(
      gone,
      exchange('bookread', refusedOver(pending)),
      'failed',
      undefined,
      `Warnings, no Success, Reserved; ${when}`,
    );
    assert.match(assertion.findings[0].found, /Reserved/);
    expectRule(gone, exchange('bookread', prefixed(refusedOver(pending))), 'failed', undefined, `prefixed; ${when}`);
    const errors = '<Errors><Error Type="3" Code="95" ShortText="Cancellation failed"/></Errors>';
    expectRule(gone, exchange('bookread', refusedOver(errors), { status: 409 }), 'failed', undefined, `409 Errors, Reserved; ${when}`);
    expectRule(
      gone,
      exchange('bookread', refusedOver(pending, 'Cancelled')),
      'passed',
      undefined,
      `Warnings, no Success, Cancelled; ${when}`,
    );
    expectRule(
      gone,
      exchange('bookread', refusedOver(pending, '', statusless)),
      'cantTell',
      undefined,
      `the booking shown, no status; ${when}`,
    );
  }
  // a bare echo of the reference in a refusal is an acknowledgement: the refusal is judged as one
  const echo = rs(
    'OTA_ResRetrieveRS',
    '<Errors><Error Type="3" Code="87" ShortText="Booking not found"/></Errors><ReservationsList><HotelReservation>' +
      '<UniqueID Type="36" ID="B1" ID_Context="Client"/></HotelReservation></ReservationsList>',
  );
  expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS, shownBefore), exchange('bookread', echo), 'passed');
  // a server error shows nothing, whatever its body
  expectRule(
    noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS, shownBefore),
    exchange('bookread', refusedOver(pending, 'Cancelled'), { status: 503 }),
    'cantTell',
  );
});

test('an absence counts only after a read that showed the booking itself live: an acknowledgement before is no contrast', () => {
  const echo = (attrs = '') => read(`<HotelReservation${attrs}><UniqueID Type="36" ID="B1" ID_Context="Client"/></HotelReservation>`);
  const ownAndExtension = (own: string, extension: string) =>
    reservation({
      status: own,
      services: `${service('I1', 'PMI-DRACH')}${service('I2', 'PMI-BOAT')}</Services><TPA_Extensions><ReservationStatus Status="${extension}"/></TPA_Extensions><Services>`,
    });
  const befores = {
    'a bare echo of the reference': echo(),
    'a bare echo, Reserved': echo(' ResStatus="Reserved"'),
    'the booking without a status': read(reservation({ status: '', services: statusless })),
    'its own status Reserved and Cancelled': read(ownAndExtension('Reserved', 'Cancelled')),
    'an item both Reserved and Cancelled': read(
      reservation({
        services: `${service('I1', 'PMI-DRACH')}<Service ServiceInventoryCode="PMI-BOAT" Type="37" ID="I2" ID_Context="Client" ReservationStatusType="Reserved" Status="Cancelled"/>`,
      }),
    ),
  };
  const absences = {
    'a bare 404': exchange('bookread', '', { status: 404 }),
    'an Errors reply': exchange('bookread', refused),
    'an empty Success': exchange('bookread', rs('OTA_ResRetrieveRS', '<Success/>')),
  };
  for (const [b, body] of Object.entries(befores))
    for (const [a, x] of Object.entries(absences)) {
      const outcome = expectRule(
        noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS, exchange('bookread', body)),
        x,
        'cantTell',
        undefined,
        `${a} after ${b}`,
      );
      assert.match(outcome.reasons.join(' '), /before the cancel/);
    }
  // the item dropped after a partial cancel: only a read that showed it, live, under a live booking, makes that count
  const dropped = exchange('bookread', read(reservation({ services: service('I2', 'PMI-BOAT') })));
  for (const [b, body] of Object.entries({
    ...befores,
    'I1 already cancelled': read(reservation({ services: service('I1', 'PMI-DRACH', 'Cancelled') + service('I2', 'PMI-BOAT') })),
  }))
    expectRule(
      onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS, exchange('bookread', body)),
      dropped,
      'cantTell',
      undefined,
      `I1 dropped after ${b}`,
    );
  // the honest contrast still decides
  const shownBefore = exchange('bookread', read(reservation()));
  for (const absence of Object.values(absences))
    expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS, shownBefore), absence, 'passed');
  expectRule(onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS, shownBefore), dropped, 'passed');
});

test("CXL-PARTIAL: the booking's own status decides too; shown cancelled as a whole, or both, it fails", () => {
  const partial = onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS);
  const items = service('I1', 'PMI-DRACH', 'Cancelled') + service('I2', 'PMI-BOAT');
  for (const status of ['Cancelled', 'canceled']) {
    const assertion = expectRule(
      partial,
      exchange('bookread', read(reservation({ status, services: items }))),
      'failed',
      undefined,
      status,
    );
    assert.match(assertion.findings[0].expected, /booking B1 live, only item I1 cancelled/);
  }
  expectRule(
    partial,
    exchange('bookread', prefixed(read(reservation({ status: 'Cancelled', services: items })))),
    'failed',
    undefined,
    'prefixed',
  );
  expectRule(
    partial,
    exchange('bookread', read(reservation({ status: 'Cancelled', services: '' }))),
    'failed',
    undefined,
    'no items shown',
  );
  const both = reservation({
    services: `${items}</Services><TPA_Extensions><ReservationStatus Status="Cancelled"/></TPA_Extensions><Services>`,
  });
  expectRule(partial, exchange('bookread', read(both)), 'failed', undefined, 'its own status Reserved and Cancelled');
  // honest: the booking live, or no status of its own
  expectRule(partial, exchange('bookread', read(reservation({ services: items }))), 'passed', undefined, 'Reserved');
  expectRule(
    partial,
    exchange('bookread', read(reservation({ status: '', services: items }))),
    'passed',
    undefined,
    'no status of its own',
  );
});
