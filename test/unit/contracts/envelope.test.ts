// The envelope every reply to a valid request shares, "served", and refusals in every form a
// gateway may use (an Errors element, OTA_ErrorRS, a 4xx status), each named by its requirement.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import {
  ENVELOPE_RULES,
  checkServed,
  describesNothing,
  errorType,
  minimumPartyOf,
  productReason,
  refusalCheck,
  refusalForm,
  served,
  status200,
} from '../../../src/contracts/envelope';
import { setParty } from '../../../src/operations/activitybook';
import type { OtaRequest } from '../../support/contracts';
import { Check, type Exchange } from '../../../src/contracts/rule';
import { exchange, expectOutcome, expectRule, loadXml, NS, noReply, prefixed, request, rs } from '../../support/contracts';

before(loadXml);

const hotel = (start = '2030-06-01', end = '2030-06-04') =>
  `<RoomStay><TimeSpan Start="${start}" End="${end}"/><BasicPropertyInfo HotelCode="A"/></RoomStay>`;
const hotelRS = (stays = hotel(), extra = '') =>
  `<OTA_HotelAvailRS ${NS} Version="2008.1" EchoToken="E1" ${extra}><Success/><RoomStays>${stays}</RoomStays></OTA_HotelAvailRS>`;
const ERRORS = '<Errors><Error Type="4" Code="497" ShortText="Authorization error"/></Errors>';
const status200Of = (x: Exchange) => status200.check(x);
/** The requirements the envelope rules find broken in `x`. */
const failedReqs = (x: Exchange) =>
  ENVELOPE_RULES.map((r) => r.check(x))
    .filter((a) => a.outcome === 'failed')
    .map((a) => a.req)
    .sort();

test('envelope: a conforming Success reply passes every rule, in any legitimate form', () => {
  for (const body of [
    hotelRS(),
    hotelRS(hotel('--01-01', '08:30')), // recurring dates and times of day are ISO 8601 too
    hotelRS(hotel('2030-06-01T10:00:00Z', '2030-06-04+02:00')), // xs:dateTime and xs:date allow a zone
    prefixed(hotelRS()),
    hotelRS(hotel(), 'TimeStamp="2030-05-01T10:00:00+02:00"').replace('<Success/>', '<Success/><Warnings><Warning Type="11"/></Warnings>'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<!-- a comment -->\n${hotelRS()}`,
  ]) {
    for (const rule of ENVELOPE_RULES) expectRule(rule, exchange('hotelavailability', body), 'passed', undefined, body.slice(0, 80));
  }
});

test('envelope: each broken part is named by its requirement', () => {
  const cases: Array<[string, Exchange]> = [
    ['EP-NAMESPACE', exchange('hotelavailability', hotelRS().replace(NS, 'xmlns="urn:other"'))],
    ['EP-RS-ROOT', exchange('hotelavailability', hotelRS().replace(/OTA_HotelAvailRS/g, 'OTA_HotelAvailRQ'))],
    ['EP-VERSION', exchange('hotelavailability', hotelRS().replace('Version="2008.1"', ''))],
    ['EP-ECHOTOKEN', exchange('hotelavailability', hotelRS().replace('EchoToken="E1"', ''))],
    ['EP-SUCCESS-XOR-ERRORS', exchange('hotelavailability', hotelRS().replace('<Success/>', `<Success/>${ERRORS}`))],
    ['EP-STATUS-200', exchange('hotelavailability', hotelRS(), { status: 500 })],
    ['EP-CONTENT-TYPE', exchange('hotelavailability', hotelRS(), { contentType: 'text/html' })],
    ['EP-NO-DOCTYPE', exchange('hotelavailability', `<!DOCTYPE x [<!ENTITY e "e">]>${hotelRS()}`)],
    ['EP-DATES', exchange('hotelavailability', hotelRS(hotel('01/06/2030')))],
    ['EP-DATES', exchange('hotelavailability', hotelRS(hotel('June 1st 2030')))],
    ['EP-WELL-FORMED', exchange('hotelavailability', hotelRS().slice(0, 60))],
  ];
  for (const [req, x] of cases) {
    // Another namespace also hides Success from the OTA-namespaced XPath: both findings are right.
    if (req === 'EP-NAMESPACE') assert.ok(failedReqs(x).includes(req), req);
    else assert.deepEqual(failedReqs(x), [req], req);
  }
});

test('envelope: the MUSTs about a served reply say nothing of a refusal in any form (the scenario\'s own "served" MUST judges it)', () => {
  const aboutSuccess = ['EP-STATUS-200', 'EP-CONTENT-TYPE', 'EP-WELL-FORMED', 'EP-NAMESPACE', 'EP-VERSION'];
  for (const sent of [
    exchange('activityavailability', rs('OTA_TourActivityAvailRS', ERRORS), { status: 404 }),
    exchange('activityavailability', rs('OTA_ErrorRS', ERRORS).replace(' Version="1.0"', ''), { status: 400 }),
    exchange('activityavailability', '{"error":"no availability"}', { status: 404, contentType: 'application/json' }),
    exchange('activityavailability', `<Errors><Error Type="3">none</Error></Errors>`, { status: 404, contentType: 'text/xml' }),
    // a 5xx without a Success counts alike: a refusal, with or without XML
    exchange('activityavailability', 'Internal Server Error', { status: 500, contentType: 'text/plain' }),
    exchange('activityavailability', '<html><body>Bad gateway</body></html>', { status: 502, contentType: 'text/html' }),
    exchange('activityavailability', rs('OTA_TourActivityAvailRS', ERRORS), { status: 503 }),
  ]) {
    const judged = ENVELOPE_RULES.map((r) => r.check(sent)).filter((a) => aboutSuccess.includes(a.req));
    assert.equal(judged.length, aboutSuccess.length);
    for (const assertion of judged) assert.match(assertion.notApplicable ?? '', /refusal/, `${assertion.req} ${assertion.outcome}`);
    assert.ok(judged.every((a) => a.findings.length === 0));
    expectRule(served('AAV-SUCCESS'), sent, 'failed');
  }
  // a reply that says Success is a success whatever its status: the envelope judges it
  const html = exchange('hotelavailability', hotelRS(), { status: 500 });
  assert.deepEqual(failedReqs(html), ['EP-STATUS-200']);
  assert.equal(status200Of(html).notApplicable, undefined);
});

test('refusal: an empty <Errors/> beside Success and data refuses nothing; Errors that say something, without Success, do', () => {
  assert.equal(refusalForm(exchange('hotelavailability', hotelRS().replace('<Success/>', '<Success/><Errors/>'))), undefined);
  assert.equal(refusalForm(exchange('hotelavailability', hotelRS().replace('<Success/>', '<Success/><Errors></Errors>'))), undefined);
  expectRule(served('HAV-SUCCESS'), exchange('hotelavailability', hotelRS().replace('<Success/>', '<Success/><Errors/>')), 'passed');
  assert.ok(refusalForm(exchange('hotelavailability', rs('OTA_HotelAvailRS', ERRORS))));
  assert.ok(refusalForm(exchange('hotelavailability', rs('OTA_HotelAvailRS', '<Errors>Authorization error</Errors>'))));
});

test('one reading of served and refused: Warnings with no Success are a refusal for every requirement, content or not', () => {
  const WARN = '<Warnings><Warning Type="11" ShortText="Partial results: processing not completed"/></Warnings>';
  // the content stays, Success is gone: not served (HAV-SUCCESS), a refusal (an unknown code), describes nothing
  const warned = exchange('hotelavailability', hotelRS().replace('<Success/>', WARN));
  assert.match(refusalForm(warned)!, /Warnings and no Success.*processing not completed/);
  expectRule(served('HAV-SUCCESS'), warned, 'failed');
  assert.match(describesNothing(warned)!, /Warnings and no Success/);
  const unknown = exchange(
    'hotelavailability',
    rs('OTA_HotelAvailRS', '<Warnings><Warning Type="3" ShortText="Unknown hotel code"/></Warnings>'),
  );
  expectOutcome(refusalCheck(unknown, 'HNBC-UNKNOWN').result(), 'passed');
  // no Success, no Errors, no Warnings: nothing served either, and no refusal's words
  const bare = exchange('hotelavailability', hotelRS().replace('<Success/>', ''));
  assert.equal(refusalForm(bare), undefined);
  expectRule(served('HAV-SUCCESS'), bare, 'failed');
  assert.match(describesNothing(bare)!, /no Success/);
  // Warnings beside Success are advice: served, no refusal
  const advised = exchange('hotelavailability', hotelRS().replace('<Success/>', `<Success/>${WARN}`));
  assert.equal(refusalForm(advised), undefined);
  expectRule(served('HAV-SUCCESS'), advised, 'passed');
  assert.equal(describesNothing(advised), undefined);
});

test('envelope: without an HTTP reply the envelope cannot tell, except that a timeout is EP-TIMELY', () => {
  for (const assertion of ENVELOPE_RULES.map((r) => r.check(noReply('hotelavailability'))).filter((a) => a.req !== 'EP-TIMELY'))
    expectOutcome(assertion, 'cantTell');
  assert.deepEqual(failedReqs(noReply('hotelavailability', 'timeout', 'no reply within 10000 ms')), ['EP-TIMELY']);
});

test('a DOCTYPE is a finding even when the reply cannot be parsed (an entity bomb)', () => {
  const sent = exchange('hotelavailability', hotelRS());
  sent.reply.doc = undefined;
  sent.reply.unreadable = 'the hotelavailability reply is not well-formed XML: Maximum entity amplification factor exceeded';
  sent.reply.doctype = true;
  assert.deepEqual(failedReqs(sent), ['EP-NO-DOCTYPE', 'EP-WELL-FORMED']);
});

test('served: 200, application/xml, well-formed and not a refusal in any form', () => {
  const rule = served('AUTH-VALID');
  expectRule(rule, exchange('hotelavailability', hotelRS()), 'passed');
  expectRule(rule, exchange('hotelavailability', hotelRS(), { contentType: 'application/xml' }), 'passed');
  expectRule(rule, exchange('hotelavailability', rs('OTA_HotelAvailRS', ERRORS)), 'failed');
  expectRule(rule, exchange('hotelavailability', rs('OTA_ErrorRS', ERRORS)), 'failed');
  expectRule(rule, exchange('hotelavailability', rs('OTA_HotelAvailRS', ERRORS), { status: 403 }), 'failed');
  expectRule(rule, exchange('hotelavailability', hotelRS(), { status: 503 }), 'failed');
  expectRule(rule, exchange('hotelavailability', hotelRS(), { contentType: 'text/html' }), 'failed');
  expectRule(rule, exchange('hotelavailability', '<html><body>oops'), 'failed');
  expectRule(rule, noReply('hotelavailability'), 'cantTell');
  const check = new Check('AUTH-VALID');
  assert.equal(checkServed(noReply('hotelavailability'), check), false);
  assert.match(check.result().reasons[0], /ECONNREFUSED/);
});

test('refusal: an Errors reply or OTA_ErrorRS, with any status below 500, with no data, is a refusal', () => {
  const refused = (body: string, opts = {}) =>
    expectOutcome(refusalCheck(exchange('hotelavailability', body, opts), 'AUTH-PASSWORD').result(), 'passed');
  refused(rs('OTA_HotelAvailRS', ERRORS));
  refused(prefixed(rs('OTA_HotelAvailRS', ERRORS)));
  refused(rs('OTA_ErrorRS', '', 'Status="NotProcessed" ErrorCode="497" ErrorMessage="Authorization error"'));
  refused(rs('OTA_ErrorRS', ERRORS));
  refused(rs('OTA_HotelAvailRS', ERRORS), { status: 401 });
  refused(
    rs(
      'OTA_HotelAvailRS',
      `<Errors><Error Type="4" Code="497">Authorization error</Error></Errors><Warnings><Warning Type="11"/></Warnings>`,
    ),
  );
  assert.match(refusalForm(exchange('hotelavailability', rs('OTA_ErrorRS', ERRORS)))!, /OTA_ErrorRS.*Authorization error/);
  assert.equal(refusalForm(exchange('hotelavailability', hotelRS())), undefined);
});

test('refusal: a statement that says "an Errors body" is not met by a bare 4xx; one that takes any refusal is', () => {
  const bare = exchange('hotelavailability', 'Unauthorized', { status: 401, contentType: 'text/plain' });
  const assertion = expectOutcome(refusalCheck(bare, 'AUTH-PASSWORD').result(), 'failed');
  assert.match(assertion.findings[0].expected, /Errors body/);
  expectOutcome(
    refusalCheck(exchange('bookread', 'not found', { status: 404, contentType: 'text/plain' }), 'RD-UNKNOWN').result(),
    'failed',
  );
  expectOutcome(refusalCheck(exchange('bookread', '', { status: 404 }), 'RD-UNKNOWN').result(), 'failed', 'an empty 404');
  expectOutcome(refusalCheck(bare, 'TRF-UNKNOWN-AIRPORT', { errorsBody: false }).result(), 'passed', '"or refused"');
  expectOutcome(
    refusalCheck(exchange('bookread', rs('OTA_ErrorRS', '', 'ErrorCode="87" ErrorMessage="no"'), { status: 404 }), 'RD-UNKNOWN').result(),
    'passed',
    'OTA_ErrorRS with attributes only',
  );
});

test('refusal: "no data" means none anywhere, TPA_Extensions included; echoes of the request are no data', () => {
  const check = (body: string, op: 'hotelnbc' | 'bookread' = 'hotelnbc') => refusalCheck(exchange(op, body), 'AUTH-PASSWORD').result();
  const inExtensions = `<TPA_Extensions><HotelDescriptiveContent HotelCode="H9" HotelName="Hotel Nine"><HotelInfo/></HotelDescriptiveContent></TPA_Extensions>`;
  const leak = expectOutcome(check(rs('OTA_HotelDescriptiveInfoRS', `${ERRORS}${inExtensions}`)), 'failed');
  assert.match(leak.findings[0].found, /TPA_Extensions\/HotelDescriptiveContent\/@HotelName/);
  expectOutcome(check(rs('OTA_ErrorRS', `${ERRORS}${inExtensions}`)), 'failed', 'OTA_ErrorRS too');
  // a read with a wrong password that shows the booking beside its Errors
  const booking =
    '<TPA_Extensions><ReservationsList><HotelReservation ResStatus="Reserved"><UniqueID Type="36" ID="{{ref}}" ID_Context="Client"/>' +
    '<ResGuests><ResGuest><Profiles><ProfileInfo><Profile><Customer><PersonName><Surname>Conformance</Surname></PersonName></Customer>' +
    '</Profile></ProfileInfo></Profiles></ResGuest></ResGuests></HotelReservation></ReservationsList></TPA_Extensions>';
  const ref = request('bookread').value("ota:UniqueID[@Type='36']/@ID")!;
  expectOutcome(check(rs('OTA_ResRetrieveRS', `${ERRORS}${booking.replace('{{ref}}', ref)}`), 'bookread'), 'failed');
  // the request's own UniqueID, its POS, its EchoToken: echoes, not data
  const echoes =
    `<Errors><Error Type="4" Code="497">Authorization error</Error></Errors><UniqueID Type="36" ID="${ref}" ID_Context="Client"/>` +
    `<TPA_Extensions><UniqueID Type="36" ID="${ref}" ID_Context="Client"/></TPA_Extensions>`;
  expectOutcome(check(rs('OTA_ResRetrieveRS', echoes, `EchoToken="E1" TimeStamp="2030-01-01T00:00:00"`), 'bookread'), 'passed');
  const pos = request('bookread').value("ota:POS/ota:Source/ota:RequestorID[@Type='22']/@ID")!;
  expectOutcome(
    check(rs('OTA_ResRetrieveRS', `${ERRORS}<POS><Source><RequestorID Type="22" ID="${pos}"/></Source></POS>`), 'bookread'),
    'passed',
    'a POS echo',
  );
  expectOutcome(check(rs('OTA_ResRetrieveRS', `${ERRORS}<TPA_Extensions/>`), 'bookread'), 'passed', 'an empty extension');
  expectOutcome(
    check(rs('OTA_ResRetrieveRS', `${ERRORS}<Warnings><Warning Type="1">No booking B-9</Warning></Warnings>`), 'bookread'),
    'passed',
  );
});

test('refusal: Success with data, a 5xx, an HTML page or data beside Errors is not a refusal; no reply cannot tell', () => {
  const check = (body: string, opts = {}) => refusalCheck(exchange('hotelavailability', body, opts), 'AUTH-PASSWORD').result();
  expectOutcome(check(hotelRS()), 'failed');
  expectOutcome(check(rs('OTA_HotelAvailRS', ERRORS), { status: 503 }), 'failed');
  expectOutcome(check('<!DOCTYPE html><html><body>Forbidden</body></html>', { status: 403, contentType: 'text/html' }), 'failed');
  expectOutcome(check(rs('OTA_HotelAvailRS', `${ERRORS}<RoomStays>${hotel()}</RoomStays>`)), 'failed');
  expectOutcome(refusalCheck(noReply('hotelavailability'), 'AUTH-PASSWORD').result(), 'cantTell');
});

test('EP-ERROR-TYPE: every Error has a Type and a Code, ShortText or text', () => {
  expectRule(errorType, exchange('hotelavailability', rs('OTA_HotelAvailRS', ERRORS)), 'passed');
  expectRule(
    errorType,
    exchange('hotelavailability', rs('OTA_ErrorRS', '<Errors><Error Type="3">Unknown hotel</Error></Errors>')),
    'passed',
  );
  expectRule(errorType, exchange('hotelavailability', rs('OTA_HotelAvailRS', '<Errors><Error Code="497"/></Errors>')), 'failed');
  expectRule(errorType, exchange('hotelavailability', rs('OTA_HotelAvailRS', '<Errors><Error Type="3"/></Errors>')), 'failed');
  expectRule(errorType, noReply('hotelavailability'), 'cantTell');
});

// A valid request refused for a reason of the product (a minimum party, an age, a day) is no
// failure of the form: cannot tell, with the gateway's words, in any body; a refusal that names
// the very party sent ("At least one participant" to one) says the request was misread.
test('a refusal for a reason of the product is cannot tell with its words, whatever its body; other refusals fail', () => {
  const errors = (text: string) => rs('OTA_TourActivityBookRS', `<Errors><Error Type="3" Code="321" ShortText="${text}"/></Errors>`);
  const one = { edit: (r: OtaRequest) => setParty(r, { adults: 1, children: 0 }) };
  for (const [text, why] of [
    ['Minimum 2 participants', 'a minimum party'],
    ['PMI-X is sold to parties of 2 or more, not 1', 'a minimum party, in other words'],
    ['Participant 1 (age 5) is below the minimum age 12', 'an age'],
    ['PMI-X does not operate on 2030-06-02', 'a day'],
  ]) {
    for (const sent of [
      exchange('activitybook', errors(text), one),
      exchange('activitybook', JSON.stringify({ error: text }), { ...one, status: 422, contentType: 'application/json' }),
    ]) {
      const check = new Check('BKG-PARTICIPANTS-REPEATED');
      checkServed(sent, check);
      const assertion = check.result();
      assert.equal(assertion.outcome, 'cantTell', why);
      assert.match(assertion.reasons.join(' '), /a reason of the product/, why);
      assert.ok(assertion.reasons.join(' ').includes(text.slice(0, 12)), why);
    }
  }
  assert.equal(minimumPartyOf('Minimum 2 participants'), 2);
  assert.equal(minimumPartyOf('sold to parties of 3 or more, not 1'), 3);
  assert.equal(minimumPartyOf('does not operate on Mondays'), undefined);
  for (const text of [
    'At least one participant is required',
    'System error',
    'Invalid ResStatus',
    // a request's own bounds named beside its participants: nothing matches, no party limit
    'No activity option at PMIBEL01 matches the product, dates, participants and maximum price',
    'Nothing under the maximum price for 3 participants',
  ]) {
    const c = new Check('BKG-PARTICIPANTS-REPEATED');
    checkServed(exchange('activitybook', errors(text), one), c);
    assert.equal(c.result().outcome, 'failed', text);
  }
  // hotel availability is judged on its own terms: a product reason is for tour activities
  assert.equal(productReason(exchange('hotelavailability', errors('Minimum 2 guests'))), undefined);
});
