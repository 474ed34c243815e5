// No step can silently do nothing: every scenario that edits its request is replayed here as its
// steps build it (the samples, the sandbox's test data, the same edit table the steps register),
// sent to a local server, and the body the server RECEIVED is read to prove each edit took effect:
// the party per category in each of the four operations that carry participants, places, legs,
// Instance, ReturnListIndicator, POS... Then the booking commit path (book.ts) the same way.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser, compile } from '@cucumber/gherkin';
import { CucumberExpression, ParameterTypeRegistry, RegularExpression, type Expression } from '@cucumber/cucumber-expressions';
import { REQUEST_EDITS, type EditContext, type RequestEdit } from '../../../steps/request-edits';
import { OPERATIONS, OTA_NS, type OperationName } from '../../../src/specification/operations';
import { loadTestData } from '../../../src/run/test-data-file';
import { SuiteError } from '../../../src/core/errors';
import { baseValues } from '../../../src/run/scenario-values';
import { OtaRequest } from '../../../src/xml/requests';
import { bodyInAnotherNamespace, bodyUnderRoot, bodyWithVersion, truncatedBody } from '../../../src/xml/bodies-outside-spec';
import { exchange, type Exchange } from '../../../src/transport/exchange';
import { DEFAULT_LIMITS } from '../../../src/transport/limits';
import { loadXml, XmlDoc, XmlSyntaxError } from '../../../src/xml/xml';
import { bookActivity, type Booker } from '../../../src/operations/activitybook';
import { cancelOnlyItem, setBookingReference, setCancelType } from '../../../src/operations/bookcancel';
import type { BookedItem } from '../../../src/contracts/booking-facts';

const ROOT = join(__dirname, '../../..');
const SAMPLES = join(ROOT, 'xml-samples');
const DATA = loadTestData(join(ROOT, 'sandbox/data/test-data.json'));
const CREDENTIALS = { requestorId: 'R22', requestorContext: 'CTX', requestorInstance: '', user: 'U88', password: 'secret' };
const RUN = 'RUN1';
// What activity availability would have found (the World remembers it before a booking).
const FOUND = { tourActivityId: 'A1', supplierProductCode: 'SP1', supplierServiceCode: 'SS1' };

// ---- a server that keeps every body it receives
const received: string[] = [];
let server: Server;
let baseUrl: string;
let replyWith = '';

before(async () => {
  await loadXml();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(replyWith || `<OTA_PingRS xmlns="${OTA_NS}" Version="1"><Success/></OTA_PingRS>`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => new Promise<void>((done) => server.close(() => done())));

/** Sends as the World does (the self-check first, unless the scenario sends "as it is") and parses what arrived. */
async function sent(request: OtaRequest, asItIs = false): Promise<{ x: Exchange; doc: XmlDoc }> {
  const x = await exchange(request, {
    baseUrl,
    limits: DEFAULT_LIMITS,
    retry: { retries: 0, backoffMs: 0 },
    body: asItIs ? request.toXml() : undefined,
  });
  return { x, doc: XmlDoc.parse(received[received.length - 1], 'the body received') };
}

const prepare = (op: OperationName) =>
  OtaRequest.fromSample(OPERATIONS[op], SAMPLES, { ...baseValues(CREDENTIALS, DATA, RUN), ...OPERATIONS[op].values?.(DATA), ...FOUND });

// ---- the scenarios, as cucumber compiles them
let lastId = 0;
const newId = () => String(++lastId);
function featureFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? featureFiles(join(dir, n)) : n.endsWith('.feature') ? [join(dir, n)] : [],
  );
}
const PICKLES = featureFiles(join(ROOT, 'features')).flatMap((file) => {
  const doc = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(readFileSync(file, 'utf8'));
  return compile(doc, relative(ROOT, file), newId).map((p) => ({ where: `${p.uri}: "${p.name}"`, steps: p.steps.map((s) => s.text) }));
});

const registry = new ParameterTypeRegistry();
const expressionOf = (e: RequestEdit): Expression =>
  typeof e.sentence === 'string' ? new CucumberExpression(e.sentence, registry) : new RegularExpression(e.sentence, registry);
const EDITS = REQUEST_EDITS.map((e) => ({ e, expression: expressionOf(e), key: String(e.sentence) }));

function matchEdit(text: string) {
  for (const m of EDITS) {
    const args = m.expression.match(text);
    if (args) return { ...m, args: args.map((a) => a.getValue(null) as unknown) };
  }
  return undefined;
}

// What activity availability would have shown (the World settles it before an availability request).
const PRICES = { above: 260, within: 45.5, from: 'prices shown' };

const TITLES = new Map(Object.values(OPERATIONS).map((o) => [o.title.toLowerCase(), o.name]));
const context = (op: OperationName): EditContext => ({
  op,
  data: DATA,
  runId: RUN,
  requestorContext: CREDENTIALS.requestorContext,
  instance: 'INST-1',
  newBookingReference: () => 'B-UNKNOWN-1',
  precondition: (holds, reason) => assert.ok(holds, `precondition: ${reason}`),
  prices: PRICES,
});

// ---- what each edit must have changed in the body received, read independently of the edit code
const one = (doc: XmlDoc, xpath: string) => doc.value(xpath)?.trim();
const countsBy = (doc: XmlDoc, items: string, code: string, count: string) =>
  Object.fromEntries(doc.records(items, { code, count }).map((r) => [r.code?.trim(), Number(r.count)]));
const partyOf = (adults: number, children: number) =>
  Object.fromEntries(
    [
      ['10', adults],
      ['8', children],
    ].filter(([, n]) => (n as number) > 0),
  );
const T22 = "/*/ota:POS/ota:Source/ota:RequestorID[@Type='22']";
const T88 = "/*/ota:POS/ota:Source/ota:RequestorID[@Type='88']";
const LOCATION = '/*/ota:Service/ota:Locations/ota:Location';

type Proof = (doc: XmlDoc, op: OperationName, args: unknown[]) => void;
const PROOFS: Record<string, Proof> = {
  'it carries the optional Instance': (d) => assert.equal(one(d, `${T22}/@Instance`), 'INST-1'),
  'it carries no Instance': (d) => assert.equal(one(d, `${T22}/@Instance`), undefined),
  'the MessagePassword is wrong': (d) => assert.equal(one(d, `${T88}/@MessagePassword`), `wrong-${RUN}`),
  'the Type 88 ID is wrong': (d) => assert.equal(one(d, `${T88}/@ID`), `nobody-${RUN}`),
  'the Type 22 ID is wrong': (d) => assert.equal(one(d, `${T22}/@ID`), `nobody-${RUN}`),
  'the ID_Context is wrong': (d) => assert.equal(one(d, `${T22}/@ID_Context`), 'NOT-CTX'),
  'the POS is left out': (d) => assert.equal(d.count('/*/ota:POS'), 0),
  'the POS holds only its Type 22 Source': (d) => assert.deepEqual(d.values('/*/ota:POS/ota:Source/ota:RequestorID/@Type'), ['22']),
  'the POS holds only its Type 88 Source': (d) => assert.deepEqual(d.values('/*/ota:POS/ota:Source/ota:RequestorID/@Type'), ['88']),
  'the party is {int} adult(s) and {int} child(ren)': (doc, op, [adults, children]) => {
    const want = partyOf(adults as number, children as number);
    if (op === 'hotelavailability') assert.deepEqual(countsBy(doc, '//ota:GuestCount', '@AgeQualifyingCode', '@Count'), want);
    else if (op === 'activityavailability')
      assert.deepEqual(countsBy(doc, '/*/ota:TourActivity/ota:ParticipantCount', 'ota:QualifierInfo', '@Quantity'), want);
    else if (op === 'transferavailability') assert.deepEqual(countsBy(doc, '/*/ota:Passengers', 'ota:Category/@Code', '@Quantity'), want);
    else if (op === 'activitybook') {
      const people = doc.records('/*/ota:BookingInfo/ota:ParticipantInfo', {
        code: 'ota:Category/@QualifierInfo',
        id: 'ota:Individual/@ParticipantID',
        age: 'ota:Individual/@Age',
        given: 'ota:Individual/ota:GivenName',
        prefix: 'ota:Individual/ota:NamePrefix',
        surname: 'ota:Individual/ota:Surname',
      });
      const byCode: Record<string, number> = {};
      for (const record of people) byCode[record.code!] = (byCode[record.code!] ?? 0) + 1;
      assert.deepEqual(byCode, want, 'one ParticipantInfo per participant');
      assert.deepEqual(
        people.map((p) => p.id),
        people.map((_, i) => String(i + 1)),
        'ParticipantID 1..n',
      );
      for (const table of people)
        assert.ok(
          table.age && table.given && table.prefix && table.surname,
          `a participant without Age or names: ${JSON.stringify(table)}`,
        );
      assert.equal(new Set(people.map((p) => p.given)).size, people.length, 'each participant has its own GivenName');
    } else assert.fail(`no party in ${op}`);
  },
  'the place is test-data place {int}': (doc, _, [n]) => {
    const place = DATA.hotelAvailability.places[(n as number) - 1];
    assert.deepEqual([one(doc, '//ota:RefPoint/@CodeContext'), one(doc, '//ota:RefPoint')], [place.context, place.name]);
  },
  'the place is a test-data place of CodeContext {word}': (doc, _, [context]) => {
    const place = DATA.hotelAvailability.places.find((p) => p.context === context)!;
    assert.deepEqual([one(doc, '//ota:RefPoint/@CodeContext'), one(doc, '//ota:RefPoint')], [context, place.name]);
  },
  'the place is one where nothing is available': (d) =>
    assert.deepEqual(
      [one(d, '//ota:RefPoint/@CodeContext'), one(d, '//ota:RefPoint')],
      [DATA.hotelAvailability.emptyPlace.context, DATA.hotelAvailability.emptyPlace.name],
    ),
  'MaximumPrice lies within the prices shown': (d) =>
    assert.deepEqual(d.records('//ota:MaximumPrice', { a: '@Amount', c: '@CurrencyCode', n: '@CurrencyDecimal' })[0], {
      a: '45.50',
      c: DATA.activities.currency,
      n: '2',
    }),
  'MaximumPrice is above the prices shown, with {int} decimal(s)': (d, _, [decimals]) =>
    assert.deepEqual(d.records('//ota:MaximumPrice', { a: '@Amount', c: '@CurrencyCode', n: '@CurrencyDecimal' })[0], {
      a: ['260', '260.0', '260.00', '260.000'][decimals as number],
      c: DATA.activities.currency,
      n: String(decimals),
    }),
  'no product is named': (doc, op) => {
    const pref = op === 'activitysearch' ? '/*/ota:SearchCriteria/ota:LocationPref' : '/*/ota:TourActivity/ota:Location';
    assert.deepEqual(doc.values(`${pref}/@Context`), ['Source']);
  },
  'no hotel is named': (d) => assert.deepEqual(d.values('/*/ota:TourActivity/ota:Location/@Context'), ['Service']),
  [String(REQUEST_EDITS.find((e) => e.sentence instanceof RegExp)!.sentence)]: (doc, _, [legs]) => {
    const form = (at: string) =>
      doc.count(`${at}/ota:AirportInfo`) ? 'AirportInfo' : doc.count(`${at}/ota:Address`) ? 'Address' : 'neither';
    const forms = doc
      .values(`${LOCATION}/@RPH`)
      .map((rph, i) => ({ rph, pickup: form(`${LOCATION}[${i + 1}]/ota:Pickup`), dropoff: form(`${LOCATION}[${i + 1}]/ota:DropOff`) }));
    const expected = {
      'airport to hotel': [['1', 'AirportInfo', 'Address']],
      'hotel to airport': [['1', 'Address', 'AirportInfo']],
      'airport to hotel and back': [
        ['1', 'AirportInfo', 'Address'],
        ['2', 'Address', 'AirportInfo'],
      ],
    }[legs as string];
    assert.deepEqual(
      forms.map((f) => [f.rph, f.pickup, f.dropoff]),
      expected,
    );
    assert.equal(doc.count(`${LOCATION}/*[ota:AirportInfo]/ota:Airline`), expected!.length, 'each AirportInfo with its Airline');
  },
  'the airport is one the gateway does not serve': (doc) => {
    const codes = doc.values(`${LOCATION}/*/ota:AirportInfo/*/@LocationCode`);
    assert.ok(codes.length > 0 && codes.every((c) => c === DATA.unknown.airportCode), codes.join(', '));
  },
  'a disability-adapted vehicle is required': (d) => assert.equal(one(d, '/*/ota:DisabilityInfo/@RequiredInd'), 'true'),
  'DisabilityInfo RequiredInd is {word}': (d, _, [value]) => assert.equal(one(d, '/*/ota:DisabilityInfo/@RequiredInd'), value),
  'the hotel code is unknown': (d) => assert.equal(one(d, '//ota:HotelDescriptiveInfo/@HotelCode'), DATA.unknown.hotelCode),
  'the TourActivityID is unknown': (d) =>
    assert.equal(one(d, '//ota:TourActivityDescriptiveInfo/@TourActivityID'), DATA.unknown.tourActivityId),
  'the booking reference is unknown': (d) => assert.equal(one(d, "/*/ota:UniqueID[@Type='36']/@ID"), 'B-UNKNOWN-1'),
  'ReturnListIndicator is {word}': (d, _, [value]) => assert.equal(one(d, '/*/@ReturnListIndicator'), value),
};

test('every request edit has a proof and is used by a scenario', () => {
  for (const { key } of EDITS) {
    assert.ok(PROOFS[key], `no proof for "${key}"`);
    assert.ok(
      PICKLES.some((p) => p.steps.some((s) => matchEdit(s)?.key === key)),
      `no scenario uses "${key}"`,
    );
  }
});

test('every scenario that edits its request sends what its steps say', async () => {
  let replayed = 0;
  for (const p of PICKLES) {
    const edits = p.steps.map(matchEdit);
    if (!edits.some(Boolean)) continue;
    const first = p.steps.map((s) => /^a valid (.+) request( for the booking)?$/.exec(s)).find(Boolean);
    const op = first && TITLES.get(first[1]);
    assert.ok(op, `${p.where}: edits a request it never prepared`);
    const request = prepare(op);
    if (first[2]) setBookingReference(request, 'B-EXISTING');
    for (const edit of edits.filter((x) => !!x)) edit.e.apply(request, context(op), ...edit.args);
    const { doc } = await sent(request, p.steps.includes('the request is sent as it is'));
    for (const m of edits.filter((x) => !!x)) {
      try {
        PROOFS[m.key](doc, op, m.args);
      } catch (error) {
        throw new Error(`${p.where}: "${m.key}" did not take effect in the body sent: ${(error as Error).message}`);
      }
    }
    replayed++;
  }
  assert.ok(replayed > 40, `only ${replayed} scenarios replayed`);
});

test('an edit that matches nothing is a suite error, never a silent no-op', () => {
  const request = prepare('hotelnbc');
  assert.throws(() => request.setAttribute('ota:Nothing', 'A', 'b'), SuiteError);
  assert.throws(() => request.removeAttribute('ota:Nothing', 'A'), SuiteError);
  assert.throws(() => request.setText('ota:Nothing', 'x'), SuiteError);
  assert.throws(() => request.remove('ota:Nothing'), SuiteError);
  assert.throws(() => request.appendElement('ota:Nothing', 'X'), SuiteError);
  assert.throws(() => request.replaceWithCopies('ota:Nothing', ['ota:POS']), SuiteError);
  assert.throws(() => request.replaceWithCopies('ota:POS', ['ota:Nothing']), SuiteError);
  // A sentence applied to an operation it does not fit says so.
  const party = EDITS.find((m) => m.key.startsWith('the party is'))!;
  assert.throws(() => party.e.apply(request, context('hotelnbc'), 1, 0), /does not apply to hotelnbc/);
  assert.throws(() => party.e.apply(prepare('hotelavailability'), context('hotelavailability'), 0, 0), SuiteError);
});

test('bodies deliberately outside the spec differ from the valid one only where they say', () => {
  const request = prepare('bookread');
  assert.throws(() => XmlDoc.parse(truncatedBody(request)), XmlSyntaxError);
  const other = XmlDoc.parse(bodyInAnotherNamespace(request));
  assert.notEqual(other.root.namespace, OTA_NS);
  assert.equal(XmlDoc.parse(bodyWithVersion(request, '1.0')).value('/*/@Version'), '1.0');
  const root = XmlDoc.parse(bodyUnderRoot(request, 'OTA_CancelRQ'));
  assert.equal(root.root.localName, 'OTA_CancelRQ');
  assert.equal(root.value("/*/ota:UniqueID[@Type='36']/@ID"), request.value("ota:UniqueID[@Type='36']/@ID"));
});

// ---- the booking path: every commit goes through bookActivity
function booker(): Booker & { committed: Array<[string, BookedItem]> } {
  let request: OtaRequest | undefined;
  let n = 0;
  const committed: Array<[string, BookedItem]> = [];
  return {
    committed,
    prepare: (op) => (request = prepare(op)),
    send: async () => (await sent(request!)).x,
    bookingCommitted: (ref, item) => committed.push([ref, item]),
    newReference: (kind) => `NEW-${kind}${++n}`,
  };
}

test('bookActivity sends the declared ResStatus, the references and the party, and records a booking that was not refused', async () => {
  const forms = { ...DATA.booking, commitResStatus: 'Book' };
  const w = booker();
  replyWith = '';
  await bookActivity(w, { forms, party: { adults: 3, children: 2 } });
  let doc = XmlDoc.parse(received[received.length - 1]);
  assert.equal(doc.value('/*/@ResStatus'), 'Book');
  assert.deepEqual(doc.values('/*/ota:TPA_Extensions/ota:UniqueID/@ID'), ['NEW-B1', 'NEW-I2']);
  assert.equal(doc.count('/*/ota:BookingInfo/ota:ParticipantInfo'), 5);
  const day = doc.value('/*/ota:BookingInfo/ota:Schedule/@Start')!.slice(0, 10);
  assert.deepEqual(w.committed, [
    ['NEW-B1', { itemRef: 'NEW-I2', tourActivityId: 'A1', surnames: ['Conformance'], participants: 5, date: day }],
  ]);

  await bookActivity(w, { forms, bookingRef: 'NEW-B1', itemRef: 'I9' });
  doc = XmlDoc.parse(received[received.length - 1]);
  assert.deepEqual(doc.values('/*/ota:TPA_Extensions/ota:UniqueID/@ID'), ['NEW-B1', 'I9'], 'an item added to a booking');
  assert.equal(w.committed.length, 2);

  replyWith = `<OTA_TourActivityBookRS xmlns="${OTA_NS}" Version="1"><Errors><Error Type="3"/></Errors></OTA_TourActivityBookRS>`;
  await bookActivity(w, { forms });
  replyWith = '';
  assert.equal(w.committed.length, 2, 'a refused booking is not recorded');
});

test('a cancel carries the declared CancelType and, for one item, the declared partial form', async () => {
  const request = setCancelType(setBookingReference(prepare('bookcancel'), 'B7'), 'Cancel');
  cancelOnlyItem(request, { itemRef: 'I7', number: 2 }, 'item-reference');
  const { doc } = await sent(request);
  assert.equal(doc.value('/*/@CancelType'), 'Cancel');
  assert.deepEqual(doc.records('/*/ota:UniqueID', { t: '@Type', id: '@ID', c: '@ID_Context' }), [
    { t: '36', id: 'B7', c: 'Client' },
    { t: '37', id: 'I7', c: 'Client' },
  ]);
  assert.equal(doc.count('/*/ota:Segment'), 0);
});

test("a partial cancel in OTA_CancelRQ's Segment forms names the item by its number", async () => {
  const segment = cancelOnlyItem(setBookingReference(prepare('bookcancel'), 'B7'), { itemRef: 'I7', number: 2 }, 'segment');
  let { doc } = await sent(segment);
  assert.deepEqual(doc.values('/*/ota:UniqueID/@Type'), ['36'], 'no item reference');
  assert.deepEqual(doc.records('/*/ota:Segment', { n: '@ItinSegNbr', first: '@FirstItinSegNbr' }), [{ n: '2', first: undefined }]);
  const range = cancelOnlyItem(setBookingReference(prepare('bookcancel'), 'B7'), { itemRef: 'I7', number: 3 }, 'segment-range');
  ({ doc } = await sent(range));
  assert.deepEqual(doc.records('/*/ota:Segment', { n: '@ItinSegNbr', first: '@FirstItinSegNbr', last: '@LastItinSegNbr' }), [
    { n: undefined, first: '3', last: '3' },
  ]);
});

test('the suite marks what it chose itself: a party the test data does not declare, an Instance not configured', () => {
  const party = REQUEST_EDITS.find((e) => e.sentence === 'the party is {int} adult(s) and {int} child(ren)')!;
  const instance = REQUEST_EDITS.find((e) => e.sentence === 'it carries the optional Instance')!;
  const build = prepare;
  for (const op of ['hotelavailability', 'activityavailability', 'transferavailability', 'activitybook'] as const) {
    const declared = build(op);
    party.apply(declared, context(op), 2, 1);
    assert.equal(declared.resultsOptional, undefined, op);
    const big = build(op);
    party.apply(big, context(op), 3, 2);
    assert.match(big.resultsOptional ?? '', /does not declare availability for 3 adult\(s\) and 2 child\(ren\) \(availableParties\)/, op);
  }
  const configured = build('hotelavailability');
  instance.apply(configured, context('hotelavailability'));
  assert.equal(configured.refusalExcused, undefined);
  const invented = build('hotelavailability');
  instance.apply(invented, { ...context('hotelavailability'), instance: '' });
  assert.equal(invented.value("ota:POS/ota:Source/ota:RequestorID[@Type='22']/@Instance"), 'conformance');
  assert.match(invented.refusalExcused ?? '', /OTA_REQUESTOR_INSTANCE/);
});
