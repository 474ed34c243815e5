// One item of a booking shown in two placements of a read (a Summary tied to it by its Type 37, the
// entry of its booking's Detail that names it, a warning naming it, two places inside the item
// itself): for each fact family, placements that agree pass and placements that disagree are a
// finding of the rule that reads the fact, never a pass and never a crash.
import { strict as assert } from 'node:assert';
import { before, test } from 'node:test';
import { exchange, expectRule, loadXml, prefixed, rs } from '../../support/contracts';
import { noLongerLive, onlyItemCancelled, readDetails, shownLive } from '../../../src/operations/bookread';
import type { ExpectedBooking } from '../../../src/contracts/booking-facts';

before(loadXml);

const BOOKED: ExpectedBooking = {
  bookingRef: 'B1',
  items: [
    { itemRef: 'I1', tourActivityId: 'PMI-DRACH', surnames: ['Conformance'] },
    { itemRef: 'I2', tourActivityId: 'PMI-BOAT', surnames: ['Conformance'] },
  ],
};
const WORDS = ['Cancelled', 'Canceled'];

const person = (surname: string) =>
  `<ParticipantInfo><Individual><GivenName>Ana</GivenName><Surname>${surname}</Surname></Individual></ParticipantInfo>`;
/** A Summary of one item (OTA_TourActivityResRetrieveRS), `more` inside it. */
const summary = (ref: string, activity: string, more = '') =>
  `<Summary><BasicInfo TourActivityID="${activity}"/><Confirmation Type="37" ID="${ref}" ID_Context="Client"/>${more}${person('Conformance')}</Summary>`;
/** The booking's entry naming an item, `attrs` and `more` inside it. */
const entry = (ref: string, activity: string, attrs = 'Status="Confirmed"', more = '') =>
  `<Item ${attrs}><UniqueID Type="37" ID="${ref}" ID_Context="Client"/><BasicInfo TourActivityID="${activity}"/>${more}</Item>`;
const read = (o: { summaries?: string; entries?: string; warnings?: string } = {}) =>
  rs(
    'OTA_TourActivityResRetrieveRS',
    `<Success/>${o.warnings ? `<Warnings>${o.warnings}</Warnings>` : ''}` +
      (o.summaries ?? summary('I1', 'PMI-DRACH') + summary('I2', 'PMI-BOAT')) +
      '<Detail><Confirmation Type="36" ID="B1" ID_Context="Client"/>' +
      `<TPA_Extensions><Items>${o.entries ?? entry('I1', 'PMI-DRACH') + entry('I2', 'PMI-BOAT')}</Items></TPA_Extensions></Detail>`,
  );
const on = (body: string) => exchange('bookread', body);

test('agreeing placements pass, in both namespace forms', () => {
  for (const body of [read(), prefixed(read())]) {
    expectRule(readDetails(BOOKED), on(body), 'passed');
    expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), on(body), 'passed');
  }
});

test('activity: the Summary and the booking entry name two activities for one item', () => {
  const body = read({ entries: entry('I1', 'PMI-DRACH') + entry('I2', 'PMI-CAVES') });
  const assertion = expectRule(readDetails(BOOKED), on(body), 'failed');
  assert.match(assertion.findings[0].at, /item I2/);
  assert.match(assertion.findings[0].found, /PMI-BOAT at .*Summary\[2\].*PMI-CAVES at .*Item\[2\]/);
  // the same activity in another case agrees
  expectRule(readDetails(BOOKED), on(read({ entries: entry('I1', 'pmi-drach') + entry('I2', 'PMI-BOAT') })), 'passed');
});

test('day: the Summary and the entry show two days for one item; a time of the same day agrees', () => {
  const sched = (start: string) => `<Schedule Start="${start}"/>`;
  const disagree = read({
    summaries: summary('I1', 'PMI-DRACH', sched('2030-06-03T09:30:00')) + summary('I2', 'PMI-BOAT'),
    entries: entry('I1', 'PMI-DRACH', 'Status="Confirmed"', sched('2030-06-04T09:30:00')) + entry('I2', 'PMI-BOAT'),
  });
  assert.match(expectRule(readDetails(BOOKED), on(disagree), 'failed').findings[0].expected, /day of an item/);
  const agree = read({
    summaries: summary('I1', 'PMI-DRACH', sched('2030-06-03')) + summary('I2', 'PMI-BOAT'),
    entries: entry('I1', 'PMI-DRACH', 'Status="Confirmed"', sched('2030-06-03T09:30:00')) + entry('I2', 'PMI-BOAT'),
  });
  expectRule(readDetails(BOOKED), on(agree), 'passed');
});

test('amount and currency: one item priced twice at the same place, differently', () => {
  const price = (amount: string, currency = 'EUR') => `<Pricing><Summary Amount="${amount}" CurrencyCode="${currency}"/></Pricing>`;
  const with2 = (a: string, b: string) =>
    read({
      summaries: summary('I1', 'PMI-DRACH', a) + summary('I2', 'PMI-BOAT'),
      entries: entry('I1', 'PMI-DRACH', 'Status="Confirmed"', b) + entry('I2', 'PMI-BOAT'),
    });
  expectRule(readDetails(BOOKED), on(with2(price('45.00'), price('45'))), 'passed');
  assert.match(expectRule(readDetails(BOOKED), on(with2(price('45.00'), price('54.00'))), 'failed').findings[0].expected, /price/);
  assert.match(
    expectRule(readDetails(BOOKED), on(with2(price('45.00'), price('45.00', 'GBP'))), 'failed').findings[0].expected,
    /currency/,
  );
});

test('participants: two placements of one item that name no surname in common; a lead name beside the party agrees', () => {
  const entryWith = (surname: string) => entry('I1', 'PMI-DRACH', 'Status="Confirmed"', person(surname));
  expectRule(readDetails(BOOKED), on(read({ entries: entryWith('Conformance') + entry('I2', 'PMI-BOAT') })), 'passed');
  const assertion = expectRule(readDetails(BOOKED), on(read({ entries: entryWith('Other') + entry('I2', 'PMI-BOAT') })), 'failed');
  assert.match(assertion.findings[0].found, /conformance .*; other/);
});

test('reference: an entry names the item under another booking reference', () => {
  const foreign = entry('I1', 'PMI-DRACH', 'Status="Confirmed"', '<UniqueID Type="36" ID="B9" ID_Context="Client"/>');
  const assertion = expectRule(readDetails(BOOKED), on(read({ entries: foreign + entry('I2', 'PMI-BOAT') })), 'failed');
  assert.match(assertion.findings[0].found, /B1 .*B9/);
});

test('number: the Summary and the entry give one item two ItinSegNbr; CXL-PARTIAL does not pass on either', () => {
  const body = read({
    summaries: '<Summary ItinSegNbr="1"' + summary('I1', 'PMI-DRACH').slice('<Summary'.length) + summary('I2', 'PMI-BOAT'),
    entries: entry('I1', 'PMI-DRACH', 'Status="Cancelled" ItinSegNbr="2"') + entry('I2', 'PMI-BOAT', 'Status="Confirmed" ItinSegNbr="2"'),
  });
  assert.match(expectRule(onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS), on(body), 'failed').findings[0].expected, /item number/);
});

test('status: the entry says live, a warning names the item cancelled (and the other way round)', () => {
  const rule = onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS);
  const entries = entry('I1', 'PMI-DRACH', 'Status="Cancelled"') + entry('I2', 'PMI-BOAT', 'Status="Confirmed"');
  const agree = read({ summaries: summary('I2', 'PMI-BOAT'), entries, warnings: '<Warning Type="11" ShortText="Item I1 Cancelled"/>' });
  expectRule(rule, on(agree), 'passed');
  // a warning naming the live item cancelled: I2 is both live and cancelled
  const stale = read({ summaries: summary('I2', 'PMI-BOAT'), entries, warnings: '<Warning Type="11" ShortText="Item I2 Cancelled"/>' });
  const assertion = expectRule(rule, on(stale), 'failed');
  assert.match(assertion.findings.map((f) => `${f.at} ${f.found}`).join('\n'), /item I2.*Confirmed at .*Cancelled at .*Warning\[1\]/);
  // a booking whose state rests on its items' statuses is neither live nor gone when one contradicts itself
  expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), on(stale), 'failed');
  expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS), on(stale), 'failed');
});

test('a warning that names two items of the booking says the status of neither', () => {
  const entries = entry('I1', 'PMI-DRACH', 'Status="Cancelled"') + entry('I2', 'PMI-BOAT', 'Status="Confirmed"');
  const both = read({
    summaries: summary('I2', 'PMI-BOAT'),
    entries,
    warnings: '<Warning Type="11">Item I1 Cancelled; item I2 remains Confirmed</Warning>',
  });
  expectRule(onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS), on(both), 'passed');
});

test('status within one item: two places of the Summary itself, cancelled and live', () => {
  const both = '<TPA_Extensions><ReservationStatus Status="Cancelled"/></TPA_Extensions>';
  const body = read({
    summaries: '<Summary Status="Confirmed"' + summary('I1', 'PMI-DRACH', both).slice('<Summary'.length) + summary('I2', 'PMI-BOAT'),
    entries: '',
  });
  const assertion = expectRule(onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', WORDS), on(body), 'failed');
  assert.match(assertion.findings[0].found, /Confirmed at .*@Status; Cancelled at .*ReservationStatus/);
  // two live words agree (at the grain the status checks read: cancelled or not)
  const live = read({ entries: entry('I1', 'PMI-DRACH', 'Status="Booked"') + entry('I2', 'PMI-BOAT') });
  const okSummary = read({
    summaries: '<Summary Status="Confirmed"' + summary('I1', 'PMI-DRACH').slice('<Summary'.length) + summary('I2', 'PMI-BOAT'),
    entries: entry('I1', 'PMI-DRACH', 'Status="Booked"') + entry('I2', 'PMI-BOAT'),
  });
  expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), on(live), 'passed');
  expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), on(okSummary), 'passed');
});

test('the sandbox form (Services of a HotelReservation): a Service and its entry disagree on its activity', () => {
  const body = rs(
    'OTA_ResRetrieveRS',
    '<Success/><ReservationsList><HotelReservation ResStatus="Reserved"><UniqueID Type="36" ID="B1" ID_Context="Client"/><Services>' +
      '<Service ReservationStatusType="Reserved" ServiceInventoryCode="PMI-DRACH" Type="37" ID="I1" ID_Context="Client"/>' +
      '<Service ReservationStatusType="Reserved" ServiceInventoryCode="PMI-BOAT" Type="37" ID="I2" ID_Context="Client">' +
      '<BasicInfo TourActivityID="PMI-CAVES"/></Service>' +
      `</Services><ResGuests><ResGuest>${person('Conformance')}</ResGuest></ResGuests></HotelReservation></ReservationsList>`,
  );
  assert.match(expectRule(readDetails(BOOKED), on(body), 'failed').findings[0].found, /PMI-BOAT.*PMI-CAVES/);
});

test("a warning's own Status naming the item: Confirmed beside its XL entry disagrees, a cancelled or processing Status does not", () => {
  const words = ['XL', 'Cancelled'];
  const warned = (status: string, text = `Item I1 ${status}`) => `<Warning Type="11" RecordID="I1" Status="${status}">${text}</Warning>`;
  const entries = entry('I1', 'PMI-DRACH', 'Status="XL"') + entry('I2', 'PMI-BOAT', 'Status="HK"');
  const body = (warnings: string) => read({ summaries: summary('I2', 'PMI-BOAT'), entries, warnings });
  const rule = onlyItemCancelled('CXL-PARTIAL', BOOKED, 'I1', words);
  const assertion = expectRule(rule, on(body(warned('Confirmed'))), 'failed');
  assert.match(assertion.findings.map((f) => `${f.at} ${f.found}`).join('\n'), /item I1.*XL at .*Confirmed at .*Warning\[1\]/);
  expectRule(rule, on(body(warned('XL'))), 'passed');
  // OTA_ErrorRS's processing values say how the request went, not the item's status
  expectRule(rule, on(body(warned('Complete', 'Item I1 updated'))), 'passed');
  // a warning naming both items says the status of neither, whatever its Status
  expectRule(rule, on(body(warned('Confirmed', 'Items I1 and I2'))), 'passed');
  // every item cancelled, one warned Confirmed: the booking is not shown cancelled
  const all = read({
    summaries: summary('I2', 'PMI-BOAT'),
    entries: entry('I1', 'PMI-DRACH', 'Status="XL"') + entry('I2', 'PMI-BOAT', 'Status="XL"'),
    warnings: warned('Confirmed'),
  });
  expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, words), on(all), 'failed');
});

test("the booking's own status: ResStatus Cancelled beside a TPA_Extensions ReservationStatus Reserved is neither live nor gone", () => {
  const hotel = (status: string, extension: string) =>
    rs(
      'OTA_ResRetrieveRS',
      `<Success/><ReservationsList><HotelReservation ResStatus="${status}"><UniqueID Type="36" ID="B1" ID_Context="Client"/>` +
        '<Services><Service ServiceInventoryCode="PMI-DRACH" Type="37" ID="I1"/><Service ServiceInventoryCode="PMI-BOAT" Type="37" ID="I2"/></Services>' +
        `<TPA_Extensions><ReservationStatus Status="${extension}"/></TPA_Extensions></HotelReservation></ReservationsList>`,
    );
  for (const wrap of [(b: string) => b, prefixed]) {
    const assertion = expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS), on(wrap(hotel('Cancelled', 'Reserved'))), 'failed');
    assert.match(assertion.findings[0].found, /Cancelled at @ResStatus; Reserved at .*ReservationStatus/);
    const b = expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), on(wrap(hotel('Cancelled', 'Reserved'))), 'failed');
    assert.match(b.findings[0].expected, /status of a booking/);
    // agreeing placements, in two of the target's words or two live words
    expectRule(noLongerLive('CXL-COMMIT-CANCELS', BOOKED, WORDS), on(wrap(hotel('Cancelled', 'Canceled'))), 'passed');
    expectRule(shownLive('BKG-COMMIT-PERSISTS', BOOKED, WORDS), on(wrap(hotel('Reserved', 'Confirmed'))), 'passed');
  }
});
