// Each contract rule passes a conforming reply and fails a broken one, naming its requirement.
import { test, before } from 'node:test';
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { loadXml, XmlDoc } from '../../src/xml/xml';
import { OtaRequest } from '../../src/xml/requests';
import { OPERATIONS, type OperationName } from '../../src/spec/operations';
import { sampleValues } from './fixtures';
import { SUCCESS_RULES, refusalFindings } from '../../src/contracts/envelope';
import { CONTRACTS } from '../../src/contracts';
import { cancelStatus, readReturns } from '../../src/contracts/booking';
import type { Exchange, Rule } from '../../src/contracts/rule';

before(async () => {
  await loadXml();
});

const values = { ...sampleValues(), start: '2030-06-01', end: '2030-06-04', maxResponses: 2, echoToken: 'E1' };
const NS = 'xmlns="http://www.opentravel.org/OTA/2003/05"';

function exchange(op: OperationName, body: string, opts: { status?: number; contentType?: string; edit?: (r: OtaRequest) => void } = {}): Exchange {
  const request = OtaRequest.fromSample(OPERATIONS[op], join(__dirname, '../../xml-samples'), values);
  opts.edit?.(request);
  return {
    op: OPERATIONS[op],
    request,
    sentBody: request.toXml(),
    reply: {
      exchange: { operation: op, url: 'http://x', request: { method: 'POST', headers: {}, body: '' }, status: opts.status ?? 200, headers: { 'content-type': opts.contentType ?? 'application/xml; charset=utf-8' }, body: Buffer.from(body), durationMs: 1, attempts: [] },
      text: body,
      doc: XmlDoc.parse(body),
    },
  };
}
const reqs = (rules: Rule[], x: Exchange) => [...new Set(rules.flatMap((r) => r.check(x)).map((f) => f.req))].sort();
const rule = (op: OperationName, req: string) => CONTRACTS[op].rules.find((r) => r.req === req)!;

const hotel = (code: string, country: string, start = '2030-06-01', end = '2030-06-04', adults = 2, children = 1) =>
  `<RoomStay><BasicPropertyInfo HotelCode="${code}"><Address><StateProv>Mallorca</StateProv><CountryName Code="ES">${country}</CountryName></Address></BasicPropertyInfo>` +
  `<GuestCounts><GuestCount AgeQualifyingCode="10" Count="${adults}"/>${children ? `<GuestCount AgeQualifyingCode="8" Count="${children}"/>` : ''}</GuestCounts><TimeSpan Start="${start}" End="${end}"/></RoomStay>`;
const hotelRS = (stays: string, extra = '') => `<OTA_HotelAvailRS ${NS} Version="2008.1" EchoToken="E1" ${extra}><Success/><RoomStays>${stays}</RoomStays></OTA_HotelAvailRS>`;

test('envelope: a conforming Success reply has no findings', () => {
  assert.deepEqual(reqs(SUCCESS_RULES, exchange('hotelavailability', hotelRS(hotel('A', 'Spain')))), []);
  // Recurring dates and times of day are ISO 8601 too (OpenTravel schedules use them).
  assert.deepEqual(reqs(SUCCESS_RULES, exchange('hotelavailability', hotelRS(hotel('A', 'Spain', '--01-01', '08:30')).replace('HAV-X', ''))), []);
});

test('envelope: each broken part is named by its requirement', () => {
  const cases: Array<[string, Exchange]> = [
    ['EP-NAMESPACE', exchange('hotelavailability', hotelRS('').replace(NS, 'xmlns="urn:other"'))],
    ['EP-RS-ROOT', exchange('hotelavailability', hotelRS('').replace(/OTA_HotelAvailRS/g, 'OTA_HotelAvailRQ'))],
    ['EP-VERSION', exchange('hotelavailability', hotelRS('').replace('Version="2008.1"', ''))],
    ['EP-ECHOTOKEN', exchange('hotelavailability', hotelRS('').replace('EchoToken="E1"', ''))],
    ['EP-SUCCESS-XOR-ERRORS', exchange('hotelavailability', hotelRS('').replace('<Success/>', '<Success/><Errors><Error Type="3"/></Errors>'))],
    ['EP-STATUS-200', exchange('hotelavailability', hotelRS(''), { status: 500 })],
    ['EP-CONTENT-TYPE', exchange('hotelavailability', hotelRS(''), { contentType: 'text/html' })],
    ['EP-NO-DOCTYPE', exchange('hotelavailability', `<!DOCTYPE x [<!ENTITY e "e">]>${hotelRS('')}`)],
    ['EP-DATES', exchange('hotelavailability', hotelRS(hotel('A', 'Spain', '01/06/2030')))],
    ['EP-DATES', exchange('hotelavailability', hotelRS(hotel('A', 'Spain', '2030-06-01T10:00:00Z')))],
  ];
  for (const [req, x] of cases) {
    // Another namespace also hides Success from the OTA-namespaced XPath: both findings are right.
    if (req === 'EP-NAMESPACE') assert.ok(reqs(SUCCESS_RULES, x).includes(req), req);
    else assert.deepEqual(reqs(SUCCESS_RULES, x), [req], req);
  }
});

test('refusal: Success, a 5xx or data beside Errors is not a refusal', () => {
  const errors = `<OTA_HotelAvailRS ${NS} Version="1"><Errors><Error Type="4" Code="497" ShortText="Authorization error"/></Errors></OTA_HotelAvailRS>`;
  assert.deepEqual(refusalFindings(exchange('hotelavailability', errors), 'AUTH-PASSWORD'), []);
  assert.equal(refusalFindings(exchange('hotelavailability', hotelRS(hotel('A', 'Spain'))), 'AUTH-PASSWORD')[0].req, 'AUTH-PASSWORD');
  assert.ok(refusalFindings(exchange('hotelavailability', errors, { status: 503 }), 'AUTH-PASSWORD').length > 0);
  assert.ok(refusalFindings(exchange('hotelavailability', errors.replace('</Errors>', '</Errors><RoomStays/>')), 'AUTH-PASSWORD').length > 0);
});

test('hotel availability: MaxResponses, place, dates and guests can each fail', () => {
  const ok = exchange('hotelavailability', hotelRS(hotel('A', 'Spain') + hotel('B', 'Spain')));
  for (const req of ['HAV-MAXRESPONSES', 'HAV-PLACE', 'HAV-DATES', 'HAV-GUESTS', 'HAV-SUCCESS']) assert.deepEqual(rule('hotelavailability', req).check(ok), [], req);
  assert.equal(rule('hotelavailability', 'HAV-MAXRESPONSES').check(exchange('hotelavailability', hotelRS(hotel('A', 'Spain').repeat(3))))[0].req, 'HAV-MAXRESPONSES');
  assert.equal(rule('hotelavailability', 'HAV-PLACE').check(exchange('hotelavailability', hotelRS(hotel('A', 'Portugal'))))[0].found, 'Portugal');
  assert.equal(rule('hotelavailability', 'HAV-DATES').check(exchange('hotelavailability', hotelRS(hotel('A', 'Spain', '2030-06-02'))))[0].req, 'HAV-DATES');
  assert.equal(rule('hotelavailability', 'HAV-GUESTS').check(exchange('hotelavailability', hotelRS(hotel('A', 'Spain', undefined, undefined, 3))))[0].req, 'HAV-GUESTS');
  assert.equal(rule('hotelavailability', 'HAV-EMPTY').check(ok)[0].req, 'HAV-EMPTY');
});

const activity = (amount: string, qty = '2', date = '2030-06-02', places = '2', hotelCode = 'H1') =>
  `<TourActivityInfo><BasicInfo TourActivityID="P1" SupplierProductCode="P1" Name="Boat"/><Schedule><Detail Start="${date}"/></Schedule><PickupDropoff PickupInd="true" LocationName="${hotelCode}"/>` +
  `<Pricing><ParticipantCategory><QualifierInfo Extension="10">Adult</QualifierInfo><Price Amount="${amount}" CurrencyCode="EUR" DecimalPlaces="${places}"/><TPA_Extensions><ParticipantCount Quantity="${qty}"/></TPA_Extensions></ParticipantCategory>` +
  `<ParticipantCategory><QualifierInfo Extension="8">Child</QualifierInfo><Price Amount="${amount}" CurrencyCode="EUR" DecimalPlaces="${places}"/><TPA_Extensions><ParticipantCount Quantity="1"/></TPA_Extensions></ParticipantCategory></Pricing></TourActivityInfo>`;
const activityRS = (infos: string) => `<OTA_TourActivityAvailRS ${NS} Version="2011.2"><Success/>${infos}</OTA_TourActivityAvailRS>`;

test('activity availability: participants, MaximumPrice, decimals, dates and location can each fail', () => {
  const ok = exchange('activityavailability', activityRS(activity('45.00')));
  for (const r of CONTRACTS.activityavailability.rules) assert.deepEqual(r.check(ok), [], r.req);
  const broken: Array<[string, string]> = [
    ['AAV-PARTICIPANTS', activity('45.00', '3')],
    ['AAV-MAXPRICE', activity('1500.00')],
    ['AAV-DECIMALS', activity('45.0', '2', '2030-06-02', '1')],
    ['AAV-DATES', activity('45.00', '2', '2030-07-01')],
    ['AAV-LOCATION', activity('45.00', '2', '2030-06-02', '2', 'H9')],
  ];
  for (const [req, info] of broken) assert.equal(rule('activityavailability', req).check(exchange('activityavailability', activityRS(info)))[0]?.req, req, req);
});

test('booking read and cancel checks compare with what was booked', () => {
  const read = `<OTA_ResRetrieveRS ${NS} Version="1"><Success/><ReservationsList><HotelReservation ResStatus="Reserved"><UniqueID Type="36" ID="B1" ID_Context="Client"/>` +
    `<Services><Service ID="I1" Type="37" ServiceInventoryCode="A1" ReservationStatusType="Reserved"/></Services><ResGuests><ResGuest><Profiles><ProfileInfo><Profile><Customer><PersonName><Surname>Conformance</Surname></PersonName></Customer></Profile></ProfileInfo></Profiles></ResGuest></ResGuests></HotelReservation></ReservationsList></OTA_ResRetrieveRS>`;
  const x = exchange('bookread', read);
  assert.deepEqual(readReturns(x, { bookingRef: 'B1', items: [{ itemRef: 'I1', tourActivityId: 'A1', surnames: ['Conformance'] }] }), []);
  assert.equal(readReturns(x, { bookingRef: 'B2', items: [] })[0].req, 'RD-RETURNS-BOOKING');
  assert.equal(readReturns(x, { bookingRef: 'B1', items: [{ itemRef: 'I2', tourActivityId: 'A1', surnames: [] }] })[0].at, `/*/ota:ReservationsList/ota:HotelReservation/ota:Services/ota:Service/@ID`);
  const cancel = exchange('bookcancel', `<OTA_CancelRS ${NS} Version="1" Status="Cancelled"><Success/></OTA_CancelRS>`);
  assert.deepEqual(cancelStatus(cancel, 'Cancelled', 'CXL-COMMIT-CANCELS'), []);
  assert.equal(cancelStatus(cancel, 'Pending', 'CXL-QUOTE-NO-CHANGE')[0].req, 'CXL-QUOTE-NO-CHANGE');
});

test('a DOCTYPE is a finding even when the reply cannot be parsed (an entity bomb)', () => {
  const x = exchange('hotelavailability', hotelRS(''));
  x.reply.doc = undefined;
  x.reply.unreadable = 'the hotelavailability reply is not well-formed XML: Maximum entity amplification factor exceeded';
  x.reply.doctype = true;
  assert.deepEqual(reqs(SUCCESS_RULES, x).filter((r) => r === 'EP-NO-DOCTYPE' || r === 'EP-WELL-FORMED'), ['EP-NO-DOCTYPE', 'EP-WELL-FORMED']);
});
