// Activity booking: each check passes, fails and cannot tell, on the sandbox's form and on other
// legitimate forms (the gateway's own reference beside the client's, prices in other places,
// prefixed namespace, refusals in any form).
import { before, test } from 'node:test';
import { exchange, expectRule, loadXml, noReply, prefixed, rs, ruleOf } from '../../../support/contracts';
import { commitRef, contract, quoteNotStored } from '../../../../src/operations/activitybook/contract';

before(loadXml);

const priced = ruleOf(contract, 'BKG-QUOTE-PRICED');
const confirmed = ruleOf(contract, 'BKG-COMMIT-REF');

const book = (details: string) =>
  rs('OTA_TourActivityBookRS', `<Success/><ReservationDetails><BasicInfo TourActivityID="A1"/>${details}</ReservationDetails>`);
const refused = rs('OTA_TourActivityBookRS', '<Errors><Error Type="3" Code="127" ShortText="Duplicate"/></Errors>');
/** The client's reference the request carries (its sample's TPA_Extensions UniqueID Type 36). */
const REF = 'B-CLIENT';
const commit = (body: string, status?: number) =>
  exchange('activitybook', body, { values: { bookingRef: REF, resStatus: 'Commit' }, status });

test('BKG-QUOTE-PRICED: a price above zero wherever the reply gives it', () => {
  expectRule(
    priced,
    exchange('activitybook', book('<PaymentInfo Amount="120.00"/><Pricing><Summary Amount="120.00"/></Pricing>')),
    'passed',
  );
  expectRule(priced, exchange('activitybook', book('<PaymentInfo Amount="45"/>')), 'passed', undefined, 'PaymentInfo only');
  expectRule(
    priced,
    exchange('activitybook', prefixed(book('<Pricing><ParticipantCategory><Price Amount="30"/></ParticipantCategory></Pricing>'))),
    'passed',
  );
  expectRule(priced, exchange('activitybook', book('<Pricing><Summary Amount="0.00"/></Pricing>')), 'failed');
  expectRule(priced, exchange('activitybook', book('')), 'cantTell', undefined, 'no price shown');
  expectRule(priced, exchange('activitybook', refused), 'cantTell', undefined, 'BKG-QUOTE says the quote was refused');
  expectRule(priced, noReply('activitybook'), 'cantTell');
});

test("BKG-COMMIT-REF: served, and the client's reference among the Type 36 references shown", () => {
  expectRule(
    confirmed,
    commit(book(`<Confirmation Type="36" ID="${REF}" ID_Context="Client"/><Confirmation Type="37" ID="I1" ID_Context="Client"/>`)),
    'passed',
  );
  const sideBySide = `<Confirmation Type="36" ID="GW-1" ID_Context="Internal"/><Confirmation Type="36" ID="${REF}" ID_Context="Client"/>`;
  expectRule(confirmed, commit(book(sideBySide)), 'passed', undefined, "the gateway's own reference first");
  const inExtension =
    '<Confirmation Type="36" ID="GW-1" ID_Context="Internal"/>' +
    `<TPA_Extensions><UniqueID Type="36" ID="${REF}" ID_Context="Client"/></TPA_Extensions>`;
  expectRule(confirmed, commit(prefixed(book(inExtension))), 'passed', undefined, 'the client reference in TPA_Extensions');
  expectRule(confirmed, commit(book(`<Confirmation Type="36" ID="${REF}"/>`)), 'passed', undefined, 'the client reference, no context');
  expectRule(confirmed, commit(book('<Confirmation Type="36" ID="B-OTHER" ID_Context="Client"/>')), 'failed');
  // nothing of the client's shown (no Type 36, the gateway's own only, an empty Success, an unknown
  // layout): no evidence from the reply alone, and its scenario reads the booking back
  for (const nothing of [
    book('<Confirmation Type="16" ID="Q1"/>'),
    book('<Confirmation Type="36" ID="SBX-00000001" ID_Context="Internal"/>'),
    book('<Confirmation Type="36" ID="GW123"/>'),
    rs('OTA_TourActivityBookRS', '<Success/>'),
    rs('OTA_TourActivityBookRS', '<Success/><Booked Ref="B-CLIENT"/>'),
  ])
    expectRule(confirmed, commit(nothing), 'cantTell', undefined, nothing);
  expectRule(confirmed, commit(refused), 'failed');
  expectRule(confirmed, commit(refused, 409), 'failed');
  expectRule(confirmed, noReply('activitybook'), 'cantTell');
});

test('BKG-COMMIT-REF: a refusal of a valid Commit is a refusal in any form, with or without XML', () => {
  expectRule(confirmed, commit(refused, 400), 'failed', undefined, 'Errors with 400');
  const refusal = (body: string, status: number, contentType: string) =>
    exchange('activitybook', body, { values: { bookingRef: REF, resStatus: 'Commit' }, status, contentType });
  expectRule(confirmed, refusal('Bad Request', 400, 'text/plain'), 'failed', undefined, '400 text/plain');
  expectRule(confirmed, refusal('<html><body>Server Error</body></html>', 502, 'text/html'), 'failed', undefined, '502 text/html');
  expectRule(confirmed, refusal('{"error":"no"}', 422, 'application/json'), 'failed', undefined, '422 JSON');
  const excused = refusal('Bad Request', 400, 'text/plain');
  excused.request.refusalExcused = 'the booking carries values the suite guessed (SupplierServiceCode)';
  expectRule(confirmed, excused, 'cantTell', undefined, 'a guessed value, refused in plain text');
});

test("BKG-COMMIT-REF: a reply that shows none of the client's references is confirmed by a read back by the client's reference", () => {
  const successOnly = commit(rs('OTA_TourActivityBookRS', '<Success/>'));
  const readBack = (body: string, opts = {}) => exchange('bookread', body, { values: { bookingRef: REF }, ...opts });
  const shown = rs(
    'OTA_ResRetrieveRS',
    `<Success/><ReservationsList><HotelReservation><UniqueID Type="36" ID="${REF}" ID_Context="Client"/></HotelReservation></ReservationsList>`,
  );
  expectRule(commitRef(readBack(shown)), successOnly, 'passed');
  expectRule(commitRef(readBack(prefixed(shown))), commit(book('<Confirmation Type="36" ID="GW-9" ID_Context="Internal"/>')), 'passed');
  for (const [what, x] of [
    ['refused', readBack(rs('OTA_ResRetrieveRS', '<Errors><Error Type="3" Code="87"/></Errors>'))],
    ['bare 404', readBack('not found', { status: 404, contentType: 'text/plain' })],
    ['empty', readBack(rs('OTA_ResRetrieveRS', '<Success/>'))],
    ['another booking', readBack(shown.replace(`ID="${REF}"`, 'ID="B-OTHER"'))],
    ['no reference', readBack(shown.replace(/<UniqueID[^>]*\/>/, '<Services><Service ServiceInventoryCode="A1"/></Services>'))],
  ] as const)
    expectRule(commitRef(x), successOnly, 'cantTell', undefined, `read back: ${what}`);
  // another client reference in the reply is a finding whatever the read says
  expectRule(commitRef(readBack(shown)), commit(book('<Confirmation Type="36" ID="B-OTHER" ID_Context="Client"/>')), 'failed');
  // a refusal of values the suite guessed (not shown by availability) is not the gateway's fault
  const guessed = exchange('activitybook', refused, {
    values: { bookingRef: REF, resStatus: 'Commit' },
    edit: (r) => (r.refusalExcused = 'the booking carries values the suite guessed (SupplierServiceCode)'),
  });
  expectRule(confirmed, guessed, 'cantTell');
});

const read = (content: string) => rs('OTA_ResRetrieveRS', content);

test('BKG-QUOTE-NO-STORE: a read of the quoted reference is refused, or shows no such booking', () => {
  const noStore = quoteNotStored({ bookingRef: 'Q-REF', items: [{ itemRef: 'Q-I', tourActivityId: 'A1', surnames: ['Conformance'] }] });
  expectRule(noStore, exchange('bookread', read('<Errors><Error Type="3" Code="87"/></Errors>')), 'passed');
  expectRule(noStore, exchange('bookread', '', { status: 404 }), 'passed');
  expectRule(noStore, exchange('bookread', read('<Success/>')), 'passed', undefined, 'served, no booking');
  const stored = read(
    '<Success/><ReservationsList><HotelReservation>' +
      '<UniqueID Type="36" ID="Q-REF" ID_Context="Client"/></HotelReservation></ReservationsList>',
  );
  expectRule(noStore, exchange('bookread', stored), 'failed');
  // a server error, a busy gateway or refused credentials say nothing of the booking
  for (const status of [502, 503, 429, 401])
    expectRule(noStore, exchange('bookread', 'oops', { status, contentType: 'text/plain' }), 'cantTell', undefined, `HTTP ${status}`);
  expectRule(noStore, exchange('bookread', 'oops', { status: 200, contentType: 'text/plain' }), 'cantTell');
  expectRule(
    noStore,
    exchange('bookread', read('<Success/><Offers><Offer Ref="X1"/></Offers>')),
    'cantTell',
    undefined,
    'an unknown layout',
  );
  expectRule(noStore, noReply('bookread'), 'cantTell');
  // a refusal in form that shows the quoted booking's content is no absence; one that echoes the reference alone is a refusal
  const item = '<Services><Service ServiceInventoryCode="A1" Type="37" ID="Q-I" ID_Context="Client"/></Services>';
  const over = (head: string, content: string) =>
    read(
      `${head}<ReservationsList><HotelReservation><UniqueID Type="36" ID="Q-REF" ID_Context="Client"/>${content}</HotelReservation></ReservationsList>`,
    );
  const pending = '<Warnings><Warning Type="11" ShortText="Pending"/></Warnings>';
  expectRule(noStore, exchange('bookread', over(pending, item)), 'failed', undefined, 'Warnings and no Success over the booking');
  expectRule(noStore, exchange('bookread', over('<Errors><Error Type="3" Code="87"/></Errors>', '')), 'passed', undefined, 'an echo');
});
