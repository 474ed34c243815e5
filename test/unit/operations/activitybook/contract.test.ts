// Activity booking: each check passes, fails and cannot tell, on the sandbox's form and on other
// legitimate forms (the gateway's own reference beside the client's, prices in other places,
// prefixed namespace, refusals in any form).
import { before, test } from 'node:test';
import { exchange, expectRule, loadXml, noReply, prefixed, rs, ruleOf } from '../../../support/contracts';
import { contract, quoteNotStored } from '../../../../src/operations/activitybook/contract';

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
  expectRule(confirmed, commit(book('<Confirmation Type="16" ID="Q1"/>')), 'passed', undefined, 'no Type 36 shown: nothing to compare');
  expectRule(confirmed, commit(book('<Confirmation Type="36" ID="B-OTHER" ID_Context="Client"/>')), 'failed');
  // only the gateway's own reference, in its own context or in none: the read judges persistence
  expectRule(confirmed, commit(book('<Confirmation Type="36" ID="SBX-00000001" ID_Context="Internal"/>')), 'passed');
  expectRule(confirmed, commit(book('<Confirmation Type="36" ID="GW123"/>')), 'passed');
  expectRule(confirmed, commit(refused), 'failed');
  expectRule(confirmed, commit(refused, 409), 'failed');
  expectRule(confirmed, noReply('activitybook'), 'cantTell');
  // a refusal of values the suite guessed (not shown by availability) is not the gateway's fault
  const guessed = exchange('activitybook', refused, {
    values: { bookingRef: REF, resStatus: 'Commit' },
    edit: (r) => (r.refusalExcused = 'the booking carries values the suite guessed (SupplierServiceCode)'),
  });
  expectRule(confirmed, guessed, 'cantTell');
});

const read = (content: string) => rs('OTA_ResRetrieveRS', content);

test('BKG-QUOTE-NO-STORE: a read of the quoted reference is refused, or shows no such booking', () => {
  const noStore = quoteNotStored('Q-REF');
  expectRule(noStore, exchange('bookread', read('<Errors><Error Type="3" Code="87"/></Errors>')), 'passed');
  expectRule(noStore, exchange('bookread', '', { status: 404 }), 'passed');
  expectRule(noStore, exchange('bookread', read('<Success/>')), 'passed', undefined, 'served, no booking');
  const stored = read(
    '<Success/><ReservationsList><HotelReservation>' +
      '<UniqueID Type="36" ID="Q-REF" ID_Context="Client"/></HotelReservation></ReservationsList>',
  );
  expectRule(noStore, exchange('bookread', stored), 'failed');
  expectRule(noStore, exchange('bookread', 'oops', { status: 502, contentType: 'text/plain' }), 'cantTell');
  expectRule(noStore, noReply('bookread'), 'cantTell');
});
