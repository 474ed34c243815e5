// Every dialect variant changes the FORM it claims and not the SUBSTANCE: each test sends the same
// requests to a default sandbox and to one with the variant, and reads both replies with
// namespace-aware XPath (or compares them as namespace-aware trees). Then every standard reply
// kind is validated against the 2016B schemas under each variant (a variant that declares
// ALIGN-XSD may depart only in the reply kinds listed in SCHEMA_DEPARTURES, and must depart).
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { addDays, daysBetween, weekday } from '../src/dates';
import type { RunningSandbox } from '../src/index';
import { encode } from '../src/charset';
import { DAY_ATTR, schedule } from '../src/operations/activities';
import { EXCLUSIVE_VARIANTS, VARIANT_LIST, Variants, type VariantName } from '../src/variants';
import { XsdSet, xsdDir } from '../src/xsd';
import { initXml, parseXml, type XNode } from '../src/xml';
import { call, day, errorCode, fill, initQuery, isSuccess, one, post, start, xp, type Reply, type Values } from './helpers';
import { DEFAULT_FORMS, xsdCases, type BookingForms } from './xsd-cases';

const OTA = 'http://www.opentravel.org/OTA/2003/05';
const TA = '//ota:TourActivityInfo';
const GS = '//ota:GroundService';
const RD = '/ota:OTA_ResRetrieveRS/ota:ReservationsList/ota:HotelReservation';
const RDT = '/ota:OTA_TourActivityBookRS/ota:ReservationDetails';
const TWO_WEEKS = { start: day(30), end: day(43) };

before(async () => {
  await initQuery();
  await initXml();
});

// ---- comparing replies by meaning ----

interface CanonOptions {
  /** Attribute names left out everywhere (echoes, time stamps). */
  ignore?: string[];
  /** Elements left out (with their subtree). */
  drop?: (n: XNode) => boolean;
  /** Sibling order is not significant. */
  unordered?: boolean;
}

/** A reply as a namespace-aware tree string: prefixes, attribute order, layout, CDATA, encoding and BOM do not show. */
function canon(raw: Buffer, o: CanonOptions = {}): string {
  const walk = (n: XNode): string => {
    const attrs = Object.entries(n.attrs)
      .filter(([k]) => !o.ignore?.includes(k))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(' ');
    const kids = n.children.filter((c) => !o.drop?.(c)).map(walk);
    if (o.unordered) kids.sort();
    return `<{${n.ns}}${n.name} ${attrs}>${n.children.length ? kids.join('') : JSON.stringify(n.text)}</>`;
  };
  return walk(parseXml(raw));
}

interface Pair {
  /** Default sandbox. */
  d: string;
  /** Sandbox with the variant. */
  v: string;
}

async function both(p: Pair, op: string, values: Values = {}): Promise<[Reply, Reply]> {
  return [await call(p.d, op, values), await call(p.v, op, values)];
}

/** Same request to both; same HTTP status and the same tree (with the options); returns both replies. */
async function same(p: Pair, op: string, values: Values = {}, o: CanonOptions = {}): Promise<{ d: Reply; v: Reply }> {
  const [d, v] = await both(p, op, values);
  assert.equal(v.status, d.status, `${op}: HTTP status`);
  assert.equal(canon(v.raw, o), canon(d.raw, o), `${op}: the variant changed the substance`);
  return { d, v };
}

const count = (raw: Buffer, expr: string) => Number(xp(raw, `count(${expr})`)[0]);
const withPartial = (xml: string, item: string) =>
  xml.replace(/(<UniqueID Type="36"[^>]*\/>)/, `$1<UniqueID Type="37" ID="${item}" ID_Context="Client"/>`);

/** Two items booked, the first cancelled alone, the booking read, then cancelled whole and read again. */
async function bookingFlow(base: string, forms: BookingForms = DEFAULT_FORMS) {
  const book1 = await call(base, 'activitybook', { resStatus: forms.commitResStatus, bookingRef: 'V-1', itemRef: 'A' });
  const book2 = await call(base, 'activitybook', {
    resStatus: forms.commitResStatus,
    bookingRef: 'V-1',
    itemRef: 'B',
    supplierServiceCode: 'VIP',
  });
  const partial = await post(
    base,
    'bookcancel',
    withPartial(fill('bookcancel', { bookingRef: 'V-1', cancelType: forms.commitCancelType }), 'A'),
  );
  const read1 = await call(base, 'bookread', { bookingRef: 'V-1' });
  const whole = await call(base, 'bookcancel', { bookingRef: 'V-1', cancelType: forms.commitCancelType });
  const read2 = await call(base, 'bookread', { bookingRef: 'V-1' });
  for (const r of [book1, book2, partial, read1, whole, read2]) assert.ok(isSuccess(r.raw), r.body.slice(0, 600));
  return { book1, book2, partial, read1, whole, read2 };
}

/** Operating dates an activity schedule states: per-date Details, or Summary/weekly-pattern Details. */
function scheduleDates(raw: Buffer, info: string): string[] {
  const sch = `${info}/ota:Schedule`;
  const details = count(raw, `${sch}/ota:Detail`);
  const span = (s: string, e: string) => Array.from({ length: daysBetween(s, e) + 1 }, (_, i) => addDays(s, i));
  if (details === 0) return span(one(raw, `${sch}/ota:Summary/@Start`)!, one(raw, `${sch}/ota:Summary/@End`)!);
  const out: string[] = [];
  for (let k = 1; k <= details; k++) {
    const d = `${sch}/ota:Detail[${k}]`;
    if (count(raw, `${d}/ota:OperationTimes`) === 0) {
      out.push(one(raw, `${d}/@Start`)!);
      continue;
    }
    const ot = `${d}/ota:OperationTimes/ota:OperationTime`;
    for (const x of span(one(raw, `${d}/@Start`)!, one(raw, `${d}/@End`)!))
      if (one(raw, `${ot}/@${DAY_ATTR[weekday(x)]}`) === 'true') out.push(x);
  }
  return out;
}

/** Per TourActivityInfo (in order): "ID/service: dates". */
function activityDates(raw: Buffer): string[] {
  const n = count(raw, TA);
  return Array.from({ length: n }, (_, i) => {
    const info = `(${TA})[${i + 1}]`;
    const id = `${one(raw, `${info}/ota:BasicInfo/@TourActivityID`)}/${one(raw, `${info}//ota:SupplierService/@SupplierServiceCode`) ?? ''}`;
    return `${id}: ${scheduleDates(raw, info).join(' ')}`;
  });
}

/** Every Pricing/ParticipantCategory as "code qty amount", read with the given paths. */
function categories(raw: Buffer, codePath: string, qtyPath: string): string[] {
  const n = count(raw, '//ota:Pricing/ota:ParticipantCategory');
  return Array.from({ length: n }, (_, i) => {
    const pc = `(//ota:Pricing/ota:ParticipantCategory)[${i + 1}]`;
    return `${one(raw, `${pc}/${codePath}`)} ${one(raw, `${pc}/${qtyPath}`)} ${one(raw, `${pc}/ota:Price/@Amount`)}`;
  });
}

/** Per GroundService (by its offer reference): what each passenger category is charged, with the given category path. */
function charges(raw: Buffer, codePath: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (let i = 1; i <= count(raw, GS); i++) {
    const g = `(${GS})[${i}]`;
    const list: string[] = [];
    for (let k = 1; k <= count(raw, `${g}/ota:ServiceCharges`); k++) {
      const sc = `${g}/ota:ServiceCharges[${k}]`;
      list.push(
        `${one(raw, `${sc}/${codePath}`)} ${one(raw, `${sc}/ota:Calculation/@Quantity`)} ${one(raw, `${sc}/ota:Calculation/@UnitCharge`)} ${one(raw, `${sc}/@Amount`)}`,
      );
    }
    m.set(one(raw, `${g}/ota:Reference/@ID`)!, list.sort());
  }
  return m;
}

/** The reply as sent on the wire (no decompression, unlike fetch): status, headers and bytes. */
function rawPost(base: string, op: string, xml: string): Promise<{ status: number; headers: Record<string, string>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/${op}`, { method: 'POST', headers: { 'content-type': 'application/xml' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, bytes: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(xml);
  });
}

/** The bytes read as the Content-Type charset says (RFC 7303 §3.2), whatever the declaration says. */
const byHeader = (r: Reply) => Buffer.from(r.body.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-8"?>'), 'utf8');

/** Every date-time value with its zone offset (or Z) taken off (byte for byte: any ASCII-compatible encoding). */
const unzoned = (r: Reply) =>
  Buffer.from(r.raw.toString('latin1').replace(/(T\d\d:\d\d:\d\d)(?:[+-]\d\d:\d\d|Z)(["'])/g, '$1$2'), 'latin1');

/** An activity booking request with n participants (the sample's adult repeated). */
function bookingFor(n: number, values: Values = {}): string {
  const xml = fill('activitybook', values);
  const adult = /<ParticipantInfo>[\s\S]*?<\/ParticipantInfo>/.exec(xml)![0];
  const many = Array.from({ length: n }, (_, i) => adult.replace(/ParticipantID="\d+"/, `ParticipantID="${i + 1}"`)).join('');
  return xml.replace(/(<ParticipantInfo>[\s\S]*<\/ParticipantInfo>)/, many);
}

// ---- the effect of each variant: the form changed, the substance did not ----

const EFFECTS: Record<VariantName, (p: Pair) => Promise<void>> = {
  'prefixed-namespace': async (p) => {
    const { v } = await same(p, 'hotelavailability');
    assert.match(v.body, /^<\?xml[^>]*\?>\s*<ota:OTA_HotelAvailRS [^>]*xmlns:ota="http:\/\/www\.opentravel\.org\/OTA\/2003\/05"/);
    assert.doesNotMatch(v.body, /xmlns="/);
    assert.doesNotMatch(v.body.replace(/^<\?xml[^>]*\?>/, ''), /<(?!ota:|\/ota:)/, 'every element is prefixed');
    await same(p, 'hotelnbc', { hotelCode: 'NOPE' });
    await same(p, 'activitybook');
  },
  'reordered-siblings': async (p) => {
    const { d, v } = await same(p, 'hotelavailability', {}, { unordered: true });
    const codes = (r: Reply) => xp(r.raw, '//ota:RoomStay/ota:BasicPropertyInfo/@HotelCode');
    assert.ok(codes(d).length > 1);
    assert.deepEqual(codes(v), codes(d).reverse());
    const rootAttrs = (r: Reply) =>
      [.../<OTA_HotelAvailRS ([^>]*)>/.exec(r.body)![1].matchAll(/(\w+)="/g)].map((m) => m[1]).filter((a) => a !== 'xmlns');
    assert.deepEqual(rootAttrs(v), rootAttrs(d).reverse());
    await same(p, 'transferavailability', {}, { unordered: true });
    await same(p, 'activitybook', {}, { unordered: true });
  },
  'latin1-encoding': async (p) => {
    const { d, v } = await same(p, 'hotelnbc');
    assert.equal(v.contentType, 'application/xml; charset=ISO-8859-1');
    assert.ok(v.raw.toString('latin1').startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>'));
    assert.ok(v.raw.includes(Buffer.from('Sóller', 'latin1')) && !v.raw.includes(Buffer.from('Sóller', 'utf8')), 'ó is one Latin-1 byte');
    assert.ok(v.raw.includes(Buffer.from('&#8212;')), 'the em dash (not in Latin-1) is a character reference');
    const desc = '//ota:HotelInfo/ota:Descriptions/ota:DescriptiveText';
    assert.match(one(v.raw, desc)!, /promenade — ten minutes .* Sóller/);
    assert.equal(one(v.raw, desc), one(d.raw, desc));
    await same(p, 'activitysearch', TWO_WEEKS);
    const e = await post(p.v, 'nope', '<x/>');
    assert.equal(e.status, 404);
    assert.equal(e.contentType, 'application/xml; charset=ISO-8859-1');
  },
  'pretty-comments-cdata': async (p) => {
    const { v } = await same(p, 'hotelnbc');
    assert.match(v.body, /\n {4}<HotelDescriptiveContent /);
    assert.match(v.body, /<!-- \w+ -->/);
    assert.match(v.body, /<HotelName><!\[CDATA\[Hotel Bellver Bay\]\]><\/HotelName>/);
    await same(p, 'activitynbc');
    await same(p, 'transferavailability');
  },
  'no-xml-declaration': async (p) => {
    const { v } = await same(p, 'hotelavailability');
    assert.equal(v.raw.subarray(0, 18).toString(), '<OTA_HotelAvailRS ');
    assert.ok((await post(p.v, 'nope', '<x/>')).body.startsWith('<OTA_ErrorRS '));
  },
  'utf8-bom': async (p) => {
    const { v } = await same(p, 'hotelnbc');
    assert.equal(v.raw.subarray(0, 8).toString('hex'), `efbbbf${Buffer.from('<?xml').toString('hex')}`);
  },
  'expanded-empty-elements': async (p) => {
    const { v } = await same(p, 'hotelavailability');
    assert.match(v.body, /<Success><\/Success>/);
    assert.doesNotMatch(v.body, /\/>/);
  },
  'single-quoted-attributes': async (p) => {
    const { v } = await same(p, 'hotelavailability');
    assert.match(v.body, /Version='2008\.1'/);
    assert.doesNotMatch(v.body.replace(/^<\?xml[^>]*\?>/, ''), /="/);
  },
  'no-optional-echoes': async (p) => {
    const echoes = ['EchoToken', 'TimeStamp', 'PrimaryLangID', 'LanguageCode', 'Language'];
    const { d, v } = await same(p, 'hotelavailability', { echoToken: 'E-1' }, { ignore: echoes });
    assert.equal(one(d.raw, '/*/@EchoToken'), 'E-1');
    assert.equal(count(v.raw, '/*/@EchoToken | /*/@TimeStamp'), 0);
    const n = await same(p, 'hotelnbc', {}, { ignore: echoes });
    assert.equal(count(n.d.raw, '//@LanguageCode'), 1);
    assert.equal(count(n.v.raw, '//@LanguageCode | //@Language'), 0);
    const a = await same(p, 'activitynbc', {}, { ignore: echoes });
    assert.equal(count(a.v.raw, '/*/@PrimaryLangID | //@LanguageCode'), 0);
    assert.equal(count((await post(p.v, 'nope', '<x/>')).raw, '/*/@TimeStamp'), 0);
  },
  'zoned-timestamp': async (p) => {
    const { d, v } = await same(p, 'hotelavailability', {}, { ignore: ['TimeStamp'] });
    const ts = one(v.raw, '/*/@TimeStamp')!;
    assert.match(ts, /T\d\d:\d\d:\d\d(\.\d+)?\+02:00$/);
    assert.equal(Date.parse(ts), Date.parse(one(d.raw, '/*/@TimeStamp')!), 'the same instant');
  },
  'warnings-beside-success': async (p) => {
    const noWarnings = { drop: (n: XNode) => n.name === 'Warnings' };
    const { d, v } = await same(p, 'hotelavailability', {}, noWarnings);
    assert.equal(count(d.raw, '/*/ota:Warnings'), 0);
    assert.ok(isSuccess(v.raw));
    assert.equal(count(v.raw, "/*/ota:Warnings/ota:Warning[@Type='11']"), 1);
    // "Nothing matched" still says so, beside the advisory.
    const e = await same(p, 'hotelavailability', { place: 'Iceland', placeContext: 'Country' }, noWarnings);
    assert.deepEqual(xp(e.v.raw, '/*/ota:Warnings/ota:Warning/@Code'), xp(e.d.raw, '/*/ota:Warnings/ota:Warning/@Code'));
    assert.equal(count(e.v.raw, '/*/ota:Warnings/ota:Warning'), 2);
    // Errors replies have no Warnings.
    await same(p, 'hotelnbc', { hotelCode: 'NOPE' });
  },
  'no-warning-when-empty': async (p) => {
    const [d, v] = await both(p, 'hotelavailability', { place: 'Iceland', placeContext: 'Country' });
    assert.equal(one(d.raw, '/*/ota:Warnings/ota:Warning/@Code'), '424');
    assert.ok(isSuccess(v.raw));
    assert.equal(count(v.raw, '/*/*'), 1, 'Success alone');
    const [da, va] = await both(p, 'activityavailability', { maximumPrice: 1 });
    assert.equal(one(da.raw, '/*/ota:Warnings/ota:Warning/@Code'), '322');
    assert.equal(count(va.raw, `/*/ota:Warnings | ${TA}`), 0);
    await same(p, 'hotelavailability');
  },
  'error-rs': async (p) => {
    const [d, v] = await both(p, 'hotelnbc', { hotelCode: 'NOPE' });
    assert.equal(one(d.raw, 'local-name(/*)'), 'OTA_HotelDescriptiveInfoRS');
    assert.equal(one(v.raw, 'local-name(/*)'), 'OTA_ErrorRS');
    assert.equal(one(v.raw, 'namespace-uri(/*)'), OTA);
    assert.equal(v.status, 200);
    for (const e of ['/*/@Version', '/*/ota:Errors/ota:Error/@ShortText', '/*/ota:Errors/ota:Error'])
      assert.equal(one(v.raw, e), one(d.raw, e), e);
    assert.equal(errorCode(v.raw), '3/392');
    assert.equal(count(v.raw, '/*/ota:Success'), 0);
    const [dc, vc] = await both(p, 'bookcancel', { bookingRef: 'NOPE' });
    assert.equal(one(dc.raw, '/*/@Status'), 'Unsuccessful');
    assert.equal(one(vc.raw, 'local-name(/*)'), 'OTA_ErrorRS');
    assert.equal(errorCode(vc.raw), errorCode(dc.raw));
    await same(p, 'hotelnbc');
  },
  'error-text-only': async (p) => {
    const { d, v } = await same(p, 'hotelnbc', { hotelCode: 'NOPE' }, { ignore: ['ShortText'] });
    assert.equal(count(d.raw, '//ota:Error/@ShortText'), 1);
    assert.equal(count(v.raw, '//ota:Error/@ShortText'), 0);
    assert.equal(errorCode(v.raw), '3/392');
    assert.match(one(v.raw, '//ota:Error')!, /Hotel NOPE is unknown/);
  },
  'http-4xx-errors': async (p) => {
    const cases: Array<[string, string, Values | string, number]> = [
      ['bad date', 'hotelavailability', { start: 'nope' }, 400],
      ['wrong password', 'hotelavailability', { password: 'bad' }, 403],
      ['unknown hotel', 'hotelnbc', { hotelCode: 'NOPE' }, 404],
      ['unknown activity', 'activitynbc', { tourActivityId: 'NOPE' }, 404],
      ['unknown airport', 'transferavailability', { airportCode: 'ZZZ' }, 404],
      ['unknown booking', 'bookread', { bookingRef: 'NOPE' }, 404],
      ['POS missing', 'activitysearch', fill('activitysearch').replace(/<POS>[\s\S]*<\/POS>/, ''), 401],
      ['not well-formed', 'hotelavailability', '<oops', 400],
      ['commit', 'activitybook', { bookingRef: 'H-1' }, 200],
      ['duplicate', 'activitybook', { bookingRef: 'H-1' }, 409],
      ['cancel', 'bookcancel', { bookingRef: 'H-1' }, 200],
      ['already cancelled', 'bookcancel', { bookingRef: 'H-1' }, 409],
      ['success', 'hotelavailability', {}, 200],
    ];
    for (const [what, op, req, status] of cases) {
      const send = (b: string) => (typeof req === 'string' ? post(b, op, req) : call(b, op, req));
      const d = await send(p.d);
      const v = await send(p.v);
      assert.equal(d.status, 200, what);
      assert.equal(v.status, status, what);
      assert.equal(canon(v.raw), canon(d.raw), `${what}: same body`);
    }
  },
  'schedule-summary': async (p) => {
    for (const op of ['activitysearch', 'activityavailability']) {
      const [d, v] = await both(p, op, TWO_WEEKS);
      assert.deepEqual(activityDates(v.raw), activityDates(d.raw), `${op}: the same operating dates`);
      assert.equal(count(v.raw, `${TA}/ota:Schedule/ota:Detail[not(ota:OperationTimes)]`), 0, 'no per-date Detail');
      assert.ok(count(v.raw, `${TA}/ota:Schedule[not(ota:Detail)]`) > 0, 'every-day activities: Summary alone');
      assert.ok(count(v.raw, `${TA}/ota:Schedule/ota:Detail/ota:OperationTimes`) > 0, 'weekday activities: a weekly pattern');
    }
  },
  'participant-category-ota': async (p) => {
    const [d, v] = await both(p, 'activityavailability', { adults: 2, children: 1 });
    const dflt = categories(d.raw, 'ota:QualifierInfo/@Extension', 'ota:TPA_Extensions/ota:ParticipantCount/@Quantity');
    assert.ok(dflt.length > 2);
    assert.deepEqual(categories(v.raw, 'ota:QualifierInfo', '@Quantity'), dflt);
    assert.equal(count(v.raw, '//@Extension | //ota:ParticipantCount'), 0);
    const [db, vb] = await both(p, 'activitybook');
    assert.deepEqual(
      categories(vb.raw, 'ota:QualifierInfo', '@Quantity'),
      categories(db.raw, 'ota:QualifierInfo/@Extension', 'ota:TPA_Extensions/ota:ParticipantCount/@Quantity'),
    );
    assert.deepEqual(
      xp(vb.raw, `${RDT}/ota:ParticipantInfo/ota:Category/ota:QualifierInfo`),
      xp(db.raw, `${RDT}/ota:ParticipantInfo/ota:Category/ota:QualifierInfo/@Extension`),
    );
  },
  'pickupless-tickets': async (p) => {
    for (const op of ['activitysearch', 'activityavailability']) {
      const [d, v] = await both(p, op, TWO_WEEKS);
      const ids = (r: Reply) => xp(r.raw, `${TA}/ota:BasicInfo/@TourActivityID`);
      assert.deepEqual(ids(v), ids(d));
      const ticket = `${TA}[ota:BasicInfo/@TourActivityID='PMI-PALMA']`;
      assert.equal(one(d.raw, `${ticket}/ota:PickupDropoff/@LocationName`), 'PMIBEL01');
      assert.equal(count(v.raw, `${ticket}/ota:PickupDropoff`), 0);
      assert.deepEqual(new Set(xp(v.raw, `${ticket}/ota:Location/ota:Region[@RegionCode='HotelCode']`)), new Set(['PMIBEL01']));
      assert.deepEqual(
        xp(v.raw, `${ticket}/ota:Location/ota:Region/@RegionName`),
        xp(d.raw, `${ticket}/ota:Location/ota:Region/@RegionName`),
      );
      // Activities with a pickup keep it.
      const drach = `${TA}[ota:BasicInfo/@TourActivityID='PMI-DRACH']/ota:PickupDropoff/@LocationName`;
      assert.deepEqual(xp(v.raw, drach), xp(d.raw, drach));
    }
  },
  'internal-and-client-refs': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    const conf = (r: Reply, q: string) => xp(r.raw, `${RDT}/ota:Confirmation${q}/@ID`);
    assert.deepEqual(conf(v.book1, "[@Type='36'][@ID_Context='Client']"), conf(d.book1, "[@Type='36'][@ID_Context='Client']"));
    const internal = conf(v.book1, "[@ID_Context='Internal']");
    assert.equal(internal.length, 1);
    assert.notEqual(internal[0], 'V-1');
    // The item reference: Confirmation Type 37 by default, TPA_Extensions/UniqueID Type 37 here.
    assert.deepEqual(xp(v.book2.raw, `${RDT}/ota:TPA_Extensions/ota:UniqueID[@Type='37']/@ID`), conf(d.book2, "[@Type='37']"));
    for (const r of ['read1', 'read2'] as const) {
      assert.deepEqual(
        xp(v[r].raw, `${RD}/ota:UniqueID[@ID_Context='Client']/@ID`),
        xp(d[r].raw, `${RD}/ota:UniqueID[@ID_Context='Client']/@ID`),
      );
      assert.deepEqual(xp(v[r].raw, `${RD}/ota:UniqueID[@ID_Context='Internal']/@ID`), internal);
      assert.equal(canon(v[r].raw, { drop: (n) => n.attrs.ID_Context === 'Internal' }), canon(d[r].raw), `${r}: nothing else changed`);
    }
    assert.deepEqual(xp(v.whole.raw, "/*/ota:UniqueID[@ID_Context='Internal']/@ID"), internal);
    assert.equal(canon(v.whole.raw, { drop: (n) => n.attrs.ID_Context === 'Internal' }), canon(d.whole.raw));
  },
  'cancel-status-words': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    assert.equal(one(d.partial.raw, '/*/@Status'), 'Cancelled');
    assert.equal(one(v.partial.raw, '/*/@Status'), 'Canceled');
    assert.equal(one(v.whole.raw, '/*/@Status'), 'Canceled');
    const items = (r: Reply) => xp(r.raw, `${RD}/ota:Services/ota:Service/@ReservationStatusType`);
    assert.deepEqual(items(d.read1), ['Cancelled', 'Reserved']);
    assert.deepEqual(items(v.read1), ['Canceled', 'Reserved']);
    assert.equal(one(v.read1.raw, `${RD}/@ResStatus`), 'Reserved');
    assert.equal(one(d.read2.raw, `${RD}/@ResStatus`), 'Cancelled');
    assert.equal(one(v.read2.raw, `${RD}/@ResStatus`), 'XL');
    // The words it uses are the ones its test data declares.
    const declared = (
      VARIANT_LIST.find((x) => x.name === 'cancel-status-words')!.testData as { booking: { cancelledStatusWords: string[] } }
    ).booking.cancelledStatusWords;
    for (const w of ['Canceled', 'XL']) assert.ok(declared.includes(w), w);
    assert.equal(canon(v.read1.raw, { ignore: ['ReservationStatusType'] }), canon(d.read1.raw, { ignore: ['ReservationStatusType'] }));
  },
  'tour-activity-cancel-reply': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    assert.equal(one(d.whole.raw, 'local-name(/*)'), 'OTA_CancelRS');
    assert.equal(one(v.whole.raw, 'local-name(/*)'), 'OTA_TourActivityCancelRS');
    assert.equal(xp(v.whole.raw, 'count(/*/@Status)')[0], '0');
    assert.match(one(v.whole.raw, "/*/ota:Reservation/ota:CancelConfirmation/ota:UniqueID[@Type='15']/@ID") ?? '', /-C\d+$/);
    // what was cancelled is the same: the reads after it agree
    assert.equal(one(v.read2.raw, `${RD}/@ResStatus`), one(d.read2.raw, `${RD}/@ResStatus`));
  },
  'book-resstatus-book': async (p) => {
    const forms = new Variants(['book-resstatus-book']).testData.booking as BookingForms;
    assert.deepEqual(forms, { commitResStatus: 'Book', commitCancelType: 'Cancel' });
    // Commit is an unknown value here; Book books.
    const refused = await call(p.v, 'activitybook', { resStatus: 'Commit', bookingRef: 'W-1' });
    assert.equal(errorCode(refused.raw), '3/320');
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v, forms);
    for (const r of ['book1', 'book2', 'partial', 'read1', 'whole', 'read2'] as const) assert.equal(canon(v[r].raw), canon(d[r].raw), r);
    await call(p.v, 'activitybook', { resStatus: 'Book', bookingRef: 'W-2' });
    const noCommit = await call(p.v, 'bookcancel', { bookingRef: 'W-2', cancelType: 'Commit' });
    assert.equal(errorCode(noCommit.raw), '3/320');
    assert.equal(one((await call(p.v, 'bookread', { bookingRef: 'W-2' })).raw, `${RD}/@ResStatus`), 'Reserved');
  },
  'item-status-attribute': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    for (const r of ['read1', 'read2'] as const) {
      assert.deepEqual(
        xp(v[r].raw, `${RD}/ota:Services/ota:Service/@Status`),
        xp(d[r].raw, `${RD}/ota:Services/ota:Service/@ReservationStatusType`),
      );
      assert.equal(count(v[r].raw, '//@ReservationStatusType'), 0);
      assert.equal(one(v[r].raw, `${RD}/@ResStatus`), one(d[r].raw, `${RD}/@ResStatus`));
    }
    assert.deepEqual(xp(v.read1.raw, `${RD}/ota:Services/ota:Service/@Status`), ['Cancelled', 'Reserved']);
  },
  'status-in-tpa-extensions': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    for (const r of ['read1', 'read2'] as const) {
      assert.deepEqual(
        xp(v[r].raw, `${RD}/ota:Services/ota:Service/ota:TPA_Extensions/ota:ReservationStatus/@Status`),
        xp(d[r].raw, `${RD}/ota:Services/ota:Service/@ReservationStatusType`),
      );
      assert.equal(one(v[r].raw, `${RD}/ota:TPA_Extensions/ota:ReservationStatus/@Status`), one(d[r].raw, `${RD}/@ResStatus`));
      assert.equal(count(v[r].raw, '//@ReservationStatusType | //@ResStatus'), 0);
    }
    assert.equal(one(v.read2.raw, `${RD}/ota:TPA_Extensions/ota:ReservationStatus/@Status`), 'Cancelled');
  },
  'hotel-descriptions-multimedia': async (p) => {
    const [d, v] = await both(p, 'hotelnbc');
    const hdc = '//ota:HotelDescriptiveContent';
    assert.equal(count(v.raw, `${hdc}/ota:HotelInfo/ota:HotelName | ${hdc}/ota:HotelInfo/ota:Descriptions`), 0);
    assert.equal(one(v.raw, `${hdc}/@HotelName`), one(d.raw, `${hdc}/ota:HotelInfo/ota:HotelName`));
    assert.equal(
      one(v.raw, `${hdc}//ota:TextItem/ota:Description`),
      one(d.raw, `${hdc}/ota:HotelInfo/ota:Descriptions/ota:DescriptiveText`),
    );
    const dropped = (n: XNode) => n.name === 'HotelName' || n.name === 'Descriptions';
    assert.equal(canon(v.raw), canon(d.raw, { drop: dropped }), 'nothing else changed');
  },
  'transfer-legs-by-content': async (p) => {
    const [d, v] = await both(p, 'transferavailability');
    assert.ok(count(v.raw, GS) > 1);
    assert.equal(count(v.raw, `${GS}/ota:RateQualifier`), 0);
    // The sample's leg 1 is the arrival, leg 2 the departure.
    for (let i = 1; i <= count(d.raw, GS); i++) {
      const g = `(${GS})[${i}]`;
      const ref = one(d.raw, `${g}/ota:Reference/@ID`);
      const rph = one(d.raw, `${g}/ota:RateQualifier/ota:SpecialInputs[@Name='RPH']/@Value`);
      const vg = `${GS}[ota:Reference/@ID='${ref}']`;
      const leg = count(v.raw, `${vg}/ota:Service/ota:Location/ota:Pickup/ota:AirportInfo/ota:Arrival`)
        ? '1'
        : count(v.raw, `${vg}/ota:Service/ota:Location/ota:Dropoff/ota:AirportInfo/ota:Departure`)
          ? '2'
          : undefined;
      assert.equal(leg, rph, ref);
      assert.equal(
        one(v.raw, `${vg}/ota:Service/ota:Location/ota:Pickup/@DateTime`),
        one(d.raw, `${g}/ota:Service/ota:Location/ota:Pickup/@DateTime`),
      );
    }
    assert.equal(canon(v.raw), canon(d.raw, { drop: (n) => n.name === 'RateQualifier' }), 'nothing else changed');
  },
  'charset-header-wins': async (p) => {
    const [d, v] = await both(p, 'hotelnbc');
    assert.equal(v.status, 200);
    assert.equal(v.contentType, 'application/xml; charset=utf-8');
    assert.ok(v.raw.toString('latin1').startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>'), 'the declaration says Latin-1');
    assert.ok(v.raw.includes(Buffer.from('Sóller', 'utf8')), 'ó is two UTF-8 bytes, as the header says');
    // Read as the header says, the same reply; read by the declaration alone, it would be mojibake.
    assert.equal(canon(byHeader(v)), canon(d.raw));
    assert.notEqual(canon(v.raw), canon(d.raw));
    for (const op of ['activitysearch', 'transferavailability']) {
      const [d2, v2] = await both(p, op, TWO_WEEKS);
      assert.equal(canon(byHeader(v2)), canon(d2.raw), op);
    }
    const e = await post(p.v, 'nope', '<x/>');
    assert.equal(e.status, 404);
    assert.match(e.body, /^<\?xml version="1\.0" encoding="ISO-8859-1"\?>/);
  },
  'iso-8859-15-encoding': async (p) => {
    const { d, v } = await same(p, 'hotelnbc');
    assert.equal(v.contentType, 'application/xml; charset=ISO-8859-15');
    assert.ok(v.raw.toString('latin1').startsWith('<?xml version="1.0" encoding="ISO-8859-15"?>'));
    assert.ok(v.raw.includes(Buffer.from('Sóller', 'latin1')) && !v.raw.includes(Buffer.from('Sóller', 'utf8')), 'ó is one byte (F3)');
    assert.ok(v.raw.includes(Buffer.from('&#8212;')), 'the em dash (not in ISO-8859-15) is a character reference');
    const desc = '//ota:HotelInfo/ota:Descriptions/ota:DescriptiveText';
    assert.equal(one(v.raw, desc), one(d.raw, desc));
    assert.deepEqual(
      [...encode('€ ¤', 'iso-8859-15')],
      [0xa4, 0x20, 0x26, 0x23, 0x31, 0x36, 0x34, 0x3b],
      '€ is A4; ¤ (not in Latin-9) a reference',
    );
    await same(p, 'activitysearch', TWO_WEEKS);
    const e = await post(p.v, 'nope', '<x/>');
    assert.equal(e.contentType, 'application/xml; charset=ISO-8859-15');
  },
  'windows-1251-encoding': async (p) => {
    const { d, v } = await same(p, 'hotelnbc');
    assert.equal(v.contentType, 'application/xml; charset=windows-1251');
    assert.ok(v.raw.toString('latin1').startsWith('<?xml version="1.0" encoding="windows-1251"?>'));
    assert.ok(v.raw.includes(Buffer.from('S&#243;ller')), 'ó (not in windows-1251) is a character reference');
    assert.ok(v.raw.includes(Buffer.from([0x20, 0x97, 0x20])), 'the em dash is byte 97');
    const desc = '//ota:HotelInfo/ota:Descriptions/ota:DescriptiveText';
    assert.match(one(v.raw, desc)!, /promenade — ten minutes .* Sóller/);
    assert.equal(one(v.raw, desc), one(d.raw, desc));
    assert.deepEqual([...encode('Жí', 'windows-1251')], [0xc6, ...Buffer.from('&#237;')]);
    await same(p, 'activitysearch', TWO_WEEKS);
    await same(p, 'transferavailability');
  },
  'gzip-content-encoding': async (p) => {
    // fetch decodes the coding: by meaning, the same replies.
    await same(p, 'hotelnbc');
    await same(p, 'hotelnbc', { hotelCode: 'NOPE' });
    for (const [op, xml] of [
      ['hotelavailability', fill('hotelavailability')],
      ['hotelnbc', fill('hotelnbc', { hotelCode: 'NOPE' })],
      ['nope', '<x/>'],
    ]) {
      const d = await rawPost(p.d, op, xml);
      const v = await rawPost(p.v, op, xml);
      assert.equal(v.status, d.status, op);
      assert.equal(v.headers['content-encoding'], 'gzip', op);
      assert.equal(v.headers['content-type'], d.headers['content-type'], op);
      assert.equal(v.bytes.subarray(0, 2).toString('hex'), '1f8b', `${op}: gzip magic`);
      assert.equal(Number(v.headers['content-length']), v.bytes.length);
      assert.equal(canon(gunzipSync(v.bytes), { ignore: ['TimeStamp'] }), canon(d.bytes, { ignore: ['TimeStamp'] }), op);
    }
  },
  'empty-errors-element': async (p) => {
    const empty = { drop: (n: XNode) => n.name === 'Errors' && n.children.length === 0 };
    for (const [op, values] of [
      ['hotelavailability', {}],
      ['hotelavailability', { place: 'Iceland', placeContext: 'Country' }],
      ['activitybook', {}],
      ['transferavailability', {}],
    ] as Array<[string, Values]>) {
      const { v } = await same(p, op, values, empty);
      assert.equal(count(v.raw, '/*/ota:Success'), 1, op);
      assert.equal(count(v.raw, '/*/ota:Errors'), 1, op);
      assert.equal(count(v.raw, '/*/ota:Errors/node()'), 0, `${op}: Errors is empty`);
      assert.equal(
        one(v.raw, 'local-name(/*/ota:Errors/preceding-sibling::*[1])'),
        count(v.raw, '/*/ota:Warnings') ? 'Warnings' : 'Success',
      );
    }
    // Refusals are unchanged.
    await same(p, 'hotelnbc', { hotelCode: 'NOPE' });
  },
  'zoned-dates': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    const o = { ignore: ['TimeStamp'] };
    for (const r of ['book1', 'book2', 'partial', 'read1', 'whole', 'read2'] as const)
      assert.equal(canon(unzoned(v[r]), o), canon(d[r].raw, o), `${r}: the same wall-clock times`);
    // PMI-DRACH is in Mallorca: Central European Summer Time in June.
    assert.equal(one(d.book1.raw, `${RDT}/ota:Schedule/@Start`), `${day(30)}T08:30:00`);
    assert.equal(one(v.book1.raw, `${RDT}/ota:Schedule/@Start`), `${day(30)}T08:30:00+02:00`);
    assert.equal(one(v.book1.raw, `${RDT}/ota:PickupDropoff/@DateTime`), `${day(30)}T08:00:00+02:00`);
    assert.deepEqual(new Set(xp(v.read1.raw, `${RD}//ota:TimeSpan/@Start`)), new Set([`${day(30)}T08:30:00+02:00`]));
    assert.match(one(v.read1.raw, `${RD}/@CreateDateTime`)!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.match(one(v.partial.raw, '//ota:CancelRule/@CancelByDate')!, /\+02:00$/);
    // Transfers: the airport's zone (Faro: Western European Summer Time).
    const t = await same(
      p,
      'transferavailability',
      { airportCode: 'FAO', locationCode: 'FAOVIL01' },
      { ignore: ['TimeStamp', 'DateTime'] },
    );
    const pick = `${GS}/ota:Service/ota:Location/ota:Pickup/@DateTime`;
    assert.ok(xp(t.v.raw, pick).length > 0);
    assert.deepEqual(
      xp(t.v.raw, pick),
      xp(t.d.raw, pick).map((x) => `${x}+01:00`),
    );
    // Plain dates stay plain.
    await same(p, 'activitysearch', TWO_WEEKS, o);
  },
  'refuse-when-nothing-matches': async (p) => {
    const cases: Array<[string, Values]> = [
      ['hotelavailability', { place: 'Iceland', placeContext: 'Country' }],
      ['activityavailability', { maximumPrice: 1 }],
      ['activitysearch', { hotelCode: 'HERCHA02', start: day(200), end: day(205) }],
      ['transferavailability', { airportCode: 'HER', locationCode: 'HERHAR01', disabilityRequired: true }],
    ];
    for (const [op, values] of cases) {
      const [d, v] = await both(p, op, values);
      assert.ok(isSuccess(d.raw), op);
      assert.equal(v.status, 404, op);
      const w = '/*/ota:Warnings/ota:Warning';
      assert.equal(errorCode(v.raw), `${one(d.raw, `${w}/@Type`)}/${one(d.raw, `${w}/@Code`)}`, op);
      assert.equal(one(v.raw, '//ota:Error/@ShortText'), one(d.raw, `${w}/@ShortText`), op);
      assert.equal(count(v.raw, '/*/ota:Success | /*/ota:Warnings'), 0, op);
      assert.equal(count(v.raw, '/*/*'), 1, `${op}: Errors alone`);
    }
    // An airport it does not serve: refused by both, 404 here.
    const [d, v] = await both(p, 'transferavailability', { airportCode: 'ZZZ' });
    assert.equal(d.status, 200);
    assert.equal(errorCode(d.raw), '3/320');
    assert.equal(v.status, 404);
    assert.equal(errorCode(v.raw), '11/322');
    // Searches that find something are unchanged.
    await same(p, 'hotelavailability');
    await same(p, 'activityavailability');
    await same(p, 'transferavailability');
  },
  'capacity-limit': async (p) => {
    const five = { adults: 3, children: 2 };
    for (const [op, results] of [
      ['hotelavailability', '//ota:RoomStay'],
      ['activityavailability', TA],
      ['transferavailability', GS],
    ]) {
      const [d, v] = await both(p, op, five);
      assert.ok(count(d.raw, results) > 0, `${op}: a party of 5 has results by default`);
      assert.ok(isSuccess(v.raw), op);
      assert.equal(count(v.raw, results), 0, `${op}: no results for 5`);
      assert.equal(count(v.raw, '/*/ota:Warnings/ota:Warning[@Code]'), 1, `${op}: the "nothing matches" Warning`);
      // Up to four: unchanged.
      await same(p, op, { adults: 2, children: 2 });
    }
    for (const resStatus of ['Quote', 'Commit']) {
      const xml = bookingFor(5, { resStatus, bookingRef: `CAP-${resStatus}` });
      const d = await post(p.d, 'activitybook', xml);
      const v = await post(p.v, 'activitybook', xml);
      assert.ok(isSuccess(d.raw), resStatus);
      assert.equal(errorCode(v.raw), '3/322', resStatus);
      assert.equal(count(v.raw, `${RDT}`), 0);
      const four = bookingFor(4, { resStatus, bookingRef: `CAP4-${resStatus}` });
      // (a Quote's own number, Confirmation Type 16, runs per process)
      const o = { ignore: ['ID'] };
      assert.equal(canon((await post(p.v, 'activitybook', four)).raw, o), canon((await post(p.d, 'activitybook', four)).raw, o), resStatus);
    }
    assert.equal(errorCode((await call(p.v, 'bookread', { bookingRef: 'CAP-Commit' })).raw), '3/87', 'nothing was booked');
  },
  'address-local-names': async (p) => {
    const aliases = (VARIANT_LIST.find((x) => x.name === 'address-local-names')!.testData as { placeAliases: Record<string, string[]> })
      .placeAliases;
    const BPI = '//ota:RoomStay/ota:BasicPropertyInfo';
    const local = { drop: (n: XNode) => n.name === 'StateProv' || n.name === 'CountryName' };
    for (const [place, country, countryName] of [
      ['Mallorca', 'ES', 'España'],
      ['Crete', 'GR', 'Ελλάδα'],
    ]) {
      const { d, v } = await same(p, 'hotelavailability', { place }, local);
      assert.ok(count(v.raw, BPI) > 1, place);
      assert.deepEqual(xp(v.raw, `${BPI}/@HotelCode`), xp(d.raw, `${BPI}/@HotelCode`));
      assert.deepEqual(new Set(xp(v.raw, `${BPI}/ota:Address/ota:CountryName/@Code`)), new Set([country]));
      assert.deepEqual(new Set(xp(v.raw, `${BPI}/ota:Address/ota:CountryName`)), new Set([countryName]));
      assert.deepEqual(new Set(xp(d.raw, `${BPI}/ota:Address/ota:StateProv`)), new Set([place]));
      const regions = xp(v.raw, `${BPI}/ota:Address/ota:StateProv`);
      assert.ok(
        regions.length > 0 && regions.every((r) => aliases[place].includes(r)),
        `${place}: ${regions.join(', ')} are declared aliases`,
      );
      assert.equal(count(v.raw, `${BPI}/ota:Address//text()[contains(., '${place}')]`), 0, `${place} appears nowhere in the address`);
      assert.deepEqual(xp(v.raw, `${BPI}/ota:Address/ota:CityName`), xp(d.raw, `${BPI}/ota:Address/ota:CityName`));
    }
    const { v } = await same(p, 'hotelnbc', {}, local);
    const addr = '//ota:ContactInfo/ota:Addresses/ota:Address';
    assert.equal(one(v.raw, `${addr}/ota:StateProv`), 'Illes Balears');
    assert.equal(one(v.raw, `${addr}/ota:CountryName`), 'España');
    assert.equal(one(v.raw, `${addr}/ota:CountryName/@Code`), 'ES');
  },
  'hotel-code-only-availability': async (p) => {
    const BPI = '//ota:RoomStay/ota:BasicPropertyInfo';
    // everything but BasicPropertyInfo is the same; its HotelCode is compared below
    const codeOnly = { drop: (n: XNode) => n.name === 'BasicPropertyInfo' };
    const { d, v } = await same(p, 'hotelavailability', { place: 'Mallorca' }, codeOnly);
    assert.ok(count(v.raw, BPI) > 1);
    assert.deepEqual(xp(v.raw, `${BPI}/@HotelCode`), xp(d.raw, `${BPI}/@HotelCode`));
    assert.equal(count(v.raw, `${BPI}/ota:Address | ${BPI}/@HotelName | ${BPI}/@BrandCode`), 0, 'the code alone');
    // where the hotel is, its descriptive data still says
    const nbc = await same(p, 'hotelnbc', {});
    assert.equal(count(nbc.v.raw, '//ota:ContactInfo/ota:Addresses/ota:Address/ota:CountryName'), 1);
  },
  'activity-place-in-descriptive-only': async (p) => {
    const hidden = { drop: (n: XNode) => n.name === 'Location' || n.name === 'PickupDropoff' };
    for (const op of ['activityavailability', 'activitysearch']) {
      const { v } = await same(p, op, {}, hidden);
      assert.ok(count(v.raw, '//ota:TourActivityInfo') > 0, op);
      assert.equal(count(v.raw, '//ota:TourActivityInfo/ota:Location | //ota:TourActivityInfo/ota:PickupDropoff'), 0, op);
    }
    const nbc = await same(p, 'activitynbc', {});
    assert.ok(count(nbc.v.raw, '//ota:Location') > 0, 'its descriptive data still says where it is');
  },
  'stay-dates-in-rates-only': async (p) => {
    const values = { start: day(50), end: day(60) };
    const { d, v } = await same(p, 'hotelavailability', values, { drop: (n: XNode) => n.name === 'TimeSpan' });
    assert.equal(count(v.raw, '//ota:RoomStay/ota:TimeSpan'), 0);
    assert.ok(count(v.raw, '//ota:RoomStay') > 0);
    assert.deepEqual(
      xp(v.raw, '//ota:RoomRate/ota:Rates/ota:Rate/@EffectiveDate'),
      xp(d.raw, '//ota:RoomRate/ota:Rates/ota:Rate/@EffectiveDate'),
    );
  },
  'inclusive-rate-dates': async (p) => {
    // A stay across the start of the high season gives RoomRates with more than one Rate.
    for (const values of [
      { start: day(30), end: day(33) },
      { start: day(50), end: day(60) },
    ]) {
      const { d, v } = await same(p, 'hotelavailability', values, { ignore: ['End', 'Duration', 'ExpireDate', 'ExpireDateExclusiveInd'] });
      const ts = '//ota:RoomStay/ota:TimeSpan';
      assert.equal(count(v.raw, `${ts}/@End`), 0);
      assert.deepEqual(xp(v.raw, `${ts}/@Start`), xp(d.raw, `${ts}/@Start`));
      const nights = daysBetween(values.start, values.end);
      assert.deepEqual(new Set(xp(v.raw, `${ts}/@Duration`)), new Set([`P${nights}N`]));
      assert.deepEqual(
        xp(d.raw, `${ts}/@End`),
        xp(v.raw, `${ts}/@Start`).map((s) => addDays(s, nights)),
        'Start + Duration nights = the default End',
      );
      const rate = '//ota:RoomRate/ota:Rates/ota:Rate';
      assert.deepEqual(
        xp(v.raw, `${rate}/@ExpireDate`),
        xp(d.raw, `${rate}/@ExpireDate`).map((x) => addDays(x, -1)),
        'ExpireDate is the last night',
      );
      assert.equal(count(v.raw, `${rate}[@ExpireDateExclusiveInd='false']`), count(v.raw, rate));
      assert.deepEqual(xp(v.raw, `${rate}/@EffectiveDate`), xp(d.raw, `${rate}/@EffectiveDate`));
    }
  },
  'search-area-by-town': async (p) => {
    const [d, v] = await both(p, 'activitysearch', TWO_WEEKS);
    const ids = (r: Reply) => xp(r.raw, `${TA}/ota:BasicInfo/@TourActivityID`);
    assert.deepEqual(ids(v), ids(d));
    assert.equal(count(v.raw, `${TA}/ota:Location/ota:Region | ${TA}/ota:Location/ota:Address/ota:StateProv`), 0);
    assert.deepEqual(new Set(xp(d.raw, `${TA}/ota:Location/ota:Region/@RegionName`)), new Set(['Mallorca']));
    const towns = xp(v.raw, `${TA}/ota:Location/ota:Address/ota:CityName`);
    assert.deepEqual(towns, xp(d.raw, `${TA}/ota:Location/ota:Address/ota:CityName`));
    assert.ok(new Set(towns).size > 1, 'activities of one area show different towns');
    assert.deepEqual(
      xp(v.raw, `${TA}/ota:Location/ota:Address/ota:CountryName/@Code`),
      xp(d.raw, `${TA}/ota:Location/ota:Address/ota:CountryName/@Code`),
    );
    const area = { drop: (n: XNode) => n.name === 'Region' || n.name === 'StateProv' };
    assert.equal(canon(v.raw, area), canon(d.raw, area), 'nothing else changed');
    // Availability replies are unchanged.
    await same(p, 'activityavailability', TWO_WEEKS);
  },
  'dropoff-beside-pickup': async (p) => {
    for (const op of ['activitysearch', 'activityavailability']) {
      const [d, v] = await both(p, op, TWO_WEEKS);
      const pickups = (r: Reply) => xp(r.raw, `${TA}/ota:PickupDropoff[@PickupInd='true']/@LocationName`);
      assert.deepEqual(pickups(v), pickups(d));
      assert.ok(pickups(v).length > 0);
      assert.equal(count(d.raw, `${TA}/ota:PickupDropoff[@PickupInd='false']`), 0);
      for (let i = 1; i <= count(v.raw, TA); i++) {
        const info = `(${TA})[${i}]`;
        const hotel = one(v.raw, `${info}/ota:PickupDropoff[@PickupInd='true']/@LocationName`);
        const drop = xp(v.raw, `${info}/ota:PickupDropoff[@PickupInd='false']/@LocationName`);
        assert.equal(drop.length, 1, `${op} ${i}`);
        assert.notEqual(drop[0], hotel);
        assert.match(drop[0], /^MEETPT-[A-Z]+$/);
      }
      const dropoffs = { drop: (n: XNode) => n.name === 'PickupDropoff' && n.attrs.PickupInd === 'false' };
      assert.equal(canon(v.raw, dropoffs), canon(d.raw), `${op}: nothing else changed`);
    }
  },
  'book-reply-gateway-ref-only': async (p) => {
    const d = await bookingFlow(p.d);
    const v = await bookingFlow(p.v);
    for (const r of ['book1', 'book2'] as const) {
      const conf = (x: Reply, q: string) => xp(x.raw, `${RDT}/ota:Confirmation${q}/@ID`);
      assert.deepEqual(conf(d[r], "[@Type='36'][@ID_Context='Client']"), ['V-1']);
      assert.deepEqual(conf(v[r], "[@Type='36'][@ID_Context='Client']"), [], `${r}: no client Type 36`);
      assert.equal(count(v[r].raw, `${RDT}//*[@ID='V-1']`), 0);
      const own = conf(v[r], "[@Type='36'][@ID_Context='Internal']");
      assert.equal(own.length, 1);
      assert.match(own[0], /^SBX-\d{8}$/);
      assert.deepEqual(conf(v[r], "[@Type='37']"), conf(d[r], "[@Type='37']"), `${r}: the item reference`);
      const refs = { drop: (n: XNode) => n.name === 'Confirmation' && n.attrs.Type === '36' };
      assert.equal(canon(v[r].raw, refs), canon(d[r].raw, refs), `${r}: nothing else changed`);
    }
    // Stored, read and cancelled under the client's reference.
    for (const r of ['partial', 'read1', 'whole', 'read2'] as const) assert.equal(canon(v[r].raw), canon(d[r].raw), r);
    await same(p, 'activitybook', { resStatus: 'Quote' }, { ignore: ['ID'] });
  },
  'vendor-service-rph': async (p) => {
    const [d, v] = await both(p, 'transferavailability');
    const n = count(v.raw, GS);
    assert.ok(n > 1);
    assert.deepEqual(
      xp(v.raw, `${GS}/@RPH`),
      Array.from({ length: n }, (_, i) => String(i + 1)),
    );
    assert.equal(count(v.raw, `${GS}/ota:RateQualifier`), 0);
    // The leg each service answers is still told by its content.
    for (let i = 1; i <= count(d.raw, GS); i++) {
      const g = `(${GS})[${i}]`;
      const ref = one(d.raw, `${g}/ota:Reference/@ID`);
      const rph = one(d.raw, `${g}/ota:RateQualifier/ota:SpecialInputs[@Name='RPH']/@Value`);
      const vg = `${GS}[ota:Reference/@ID='${ref}']`;
      const leg = count(v.raw, `${vg}/ota:Service/ota:Location/ota:Pickup/ota:AirportInfo/ota:Arrival`) ? '1' : '2';
      assert.equal(leg, rph, ref);
    }
    const noRph = { ignore: ['RPH'], drop: (x: XNode) => x.name === 'RateQualifier' };
    assert.equal(canon(v.raw, noRph), canon(d.raw, noRph), 'nothing else changed');
  },
  'passenger-charges-by-code': async (p) => {
    const [d, v] = await both(p, 'transferavailability', { adults: 2, children: 1 });
    assert.equal(count(v.raw, `${GS}/ota:ServiceCharges/@Description`), 0);
    const dflt = charges(d.raw, '@Description');
    assert.ok([...dflt.values()].every((l) => l.length === 2));
    assert.deepEqual(charges(v.raw, 'ota:ChargePurpose/@Code'), dflt);
  },
};

describe('dialect variant catalogue', () => {
  it('has at least 18 documented, kebab-case variants, each with an effect test', () => {
    assert.ok(VARIANT_LIST.length >= 18);
    assert.equal(new Set(VARIANT_LIST.map((v) => v.name)).size, VARIANT_LIST.length);
    for (const v of VARIANT_LIST) {
      assert.match(v.name, /^[a-z0-9]+(-[a-z0-9]+)+$/);
      assert.ok(v.description.length > 30, v.name);
      for (const id of v.expectedWarnings) assert.match(id, /^[A-Z]+(-[A-Z0-9]+)+$/);
    }
    assert.deepEqual(Object.keys(EFFECTS).sort(), VARIANT_LIST.map((v) => v.name).sort());
  });

  it('an unknown variant is refused with the list of valid ones', async () => {
    await assert.rejects(start({ variants: ['nope'] }), /unknown variant nope; valid variants: prefixed-namespace, /);
  });

  for (const [a, b] of EXCLUSIVE_VARIANTS) {
    it(`${a} and ${b} are refused together`, async () => {
      await assert.rejects(start({ variants: [a, b] }), new RegExp(`variants ${a} and ${b} cannot be combined`));
    });
  }

  it('schedule-summary writes a gap in the operating dates as two weekly patterns', () => {
    // Mondays and Wednesdays, with two weeks missing (a closed season in the middle).
    const dates = ['2031-06-02', '2031-06-04', '2031-06-09', '2031-06-30', '2031-07-02'];
    const raw = Buffer.from(
      `<S xmlns="${OTA}"><TourActivityInfo>${schedule(dates, new Variants(['schedule-summary']))}</TourActivityInfo></S>`,
    );
    assert.equal(count(raw, `${TA}/ota:Schedule/ota:Detail`), 2);
    assert.deepEqual(scheduleDates(raw, `(${TA})[1]`), dates);
  });
});

describe('dialect variants: the form changes, the substance does not', () => {
  for (const v of VARIANT_LIST) {
    it(`${v.name}: ${v.description}`, async () => {
      const sandboxes: RunningSandbox[] = [];
      const fresh = async (variants: string[] = []) => {
        const sb = await start({ variants });
        sandboxes.push(sb);
        return sb.baseUrl;
      };
      try {
        await EFFECTS[v.name]({ d: await fresh(), v: await fresh([v.name]) });
        // Between two default sandboxes the same check must fail: the change is the variant's.
        await assert.rejects(
          EFFECTS[v.name]({ d: await fresh(), v: await fresh() }),
          `${v.name}: the check also passes without the variant`,
        );
      } finally {
        await Promise.all(sandboxes.map((sb) => sb.close()));
      }
    });
  }
});

// ---- schema validity under each variant ----

/** Reply kinds (xsd-cases names) a variant declaring ALIGN-XSD may make schema-invalid, and why. */
const SCHEMA_DEPARTURES: Partial<Record<VariantName, RegExp>> = {
  // OTA_ErrorRS is empty in 2016B.
  'error-rs': /Errors|not well-formed/,
  // ParticipantCategory/@Quantity and numeric QualifierInfo text.
  'participant-category-ota': /^activityavailability Success$|^activitybook (Quote|Commit)$/,
  // Location/Region with text.
  'pickupless-tickets': /^activityavailability Success$|^activitysearch Success$/,
  // "Canceled" is not in TransactionStatusType / PMS_ResStatusType.
  'cancel-status-words': /^bookcancel Cancelled|^bookread Cancelled$/,
  // Service/@Status is not in ServiceType.
  'item-status-attribute': /^bookread (Reserved|Cancelled)$/,
  // GroundService has no @RPH.
  'vendor-service-rph': /^transferavailability Success$/,
  // Errors beside Success: every RS is a choice of one or the other.
  'empty-errors-element': / Success|Warning|^activitybook (Quote|Commit)$|^bookread (Reserved|Cancelled)$|^bookcancel (Pending|Cancelled)/,
};

const dir = xsdDir();

/** Every standard reply kind of the sandbox at `baseUrl` is valid against the 2016B schemas (when they are configured). */
async function schemaValidEverywhere(baseUrl: string): Promise<void> {
  if (!dir) return;
  const xsd = await XsdSet.open(dir);
  try {
    for (const c of xsdCases(baseUrl)) {
      const r = await c.get();
      assert.deepEqual(xsd.validate(r.raw, one(r.raw, 'local-name(/*)')!), [], c.name);
    }
  } finally {
    xsd.dispose();
  }
}

describe(
  'dialect variants: standard replies against the 2016B schemas',
  { skip: dir === undefined ? 'OTA_XSD_DIR is set to an empty string' : false },
  () => {
    let xsd: XsdSet;
    before(async () => {
      xsd = await XsdSet.open(dir!);
    });
    after(() => xsd?.dispose());

    /** Names of the cases whose reply does not validate (against the schema of its actual root). */
    async function invalidCases(variants: string[]): Promise<string[]> {
      const sb = await start({ variants });
      try {
        const forms = { ...DEFAULT_FORMS, ...(new Variants(variants).testData.booking as Partial<BookingForms> | undefined) };
        const bad: string[] = [];
        for (const c of xsdCases(sb.baseUrl, forms)) {
          const r = await c.get();
          if (xsd.validate(r.raw, one(r.raw, 'local-name(/*)')!).length) bad.push(c.name);
        }
        return bad;
      } finally {
        await sb.close();
      }
    }

    for (const v of VARIANT_LIST) {
      const departs = v.expectedWarnings.includes('ALIGN-XSD');
      it(`${v.name}: ${departs ? 'departs from the schemas only where declared' : 'every standard reply stays schema-valid'}`, async () => {
        const bad = await invalidCases([v.name]);
        if (!departs) {
          assert.deepEqual(bad, []);
          return;
        }
        const allowed = SCHEMA_DEPARTURES[v.name];
        assert.ok(allowed, `${v.name} declares ALIGN-XSD: list where it departs in SCHEMA_DEPARTURES`);
        assert.ok(bad.length > 0, `${v.name} declares ALIGN-XSD but every reply validates`);
        assert.deepEqual(
          bad.filter((n) => !allowed.test(n)),
          [],
          'departures outside the declared reply kinds',
        );
      });
    }
  },
);

// ---- combinations ----

describe('dialect variants combine', () => {
  const SERIALISATION = [
    'prefixed-namespace',
    'reordered-siblings',
    'latin1-encoding',
    'pretty-comments-cdata',
    'expanded-empty-elements',
    'single-quoted-attributes',
    'zoned-timestamp',
  ];

  it(`${SERIALISATION.join(' + ')}: the same replies by meaning, all schema-valid`, async () => {
    const dflt = await start();
    const variant = await start({ variants: SERIALISATION });
    try {
      const p = { d: dflt.baseUrl, v: variant.baseUrl };
      const o = { unordered: true, ignore: ['TimeStamp'] };
      for (const op of [
        'hotelavailability',
        'hotelnbc',
        'activitysearch',
        'activitynbc',
        'transferavailability',
        'activitybook',
        'bookread',
      ]) {
        await same(p, op, {}, o);
      }
      await schemaValidEverywhere(variant.baseUrl);
    } finally {
      await dflt.close();
      await variant.close();
    }
  });

  it('windows-1251 + pretty-comments-cdata + gzip + single quotes + zoned dates + refusals of empty searches: the same replies by meaning, all schema-valid', async () => {
    const names = [
      'windows-1251-encoding',
      'pretty-comments-cdata',
      'gzip-content-encoding',
      'single-quoted-attributes',
      'zoned-dates',
      'refuse-when-nothing-matches',
      'address-local-names',
      'inclusive-rate-dates',
    ];
    const dflt = await start();
    const variant = await start({ variants: names });
    try {
      const p = { d: dflt.baseUrl, v: variant.baseUrl };
      const o = { ignore: ['TimeStamp'], drop: (n: XNode) => n.name === 'StateProv' || n.name === 'CountryName' };
      for (const op of ['hotelnbc', 'activitysearch', 'activitynbc', 'activitybook', 'transferavailability']) {
        const [d, v] = await both(p, op);
        assert.equal(canon(unzoned(v), o), canon(d.raw, o), op);
      }
      const h = await call(p.v, 'hotelnbc');
      assert.match(h.body, /<!\[CDATA\[[^\]]*S\]\]>&#243;<!\[CDATA\[ller/, 'ó between CDATA sections');
      assert.equal(one(h.raw, '//ota:ContactInfo//ota:StateProv'), 'Illes Balears');
      const empty = await call(p.v, 'hotelavailability', { place: 'Iceland', placeContext: 'Country' });
      assert.equal(empty.status, 404);
      assert.equal(errorCode(empty.raw), '11/424');
      await schemaValidEverywhere(variant.baseUrl);
    } finally {
      await dflt.close();
      await variant.close();
    }
  });

  it('a booking dialect (Book/Cancel, US spelling, internal refs, statuses in TPA_Extensions, 4xx, OTA_ErrorRS, BOM, no echoes) keeps the booking story', async () => {
    const names = [
      'book-resstatus-book',
      'cancel-status-words',
      'internal-and-client-refs',
      'status-in-tpa-extensions',
      'http-4xx-errors',
      'error-rs',
      'utf8-bom',
      'no-optional-echoes',
    ];
    const sb = await start({ variants: names });
    try {
      const forms = new Variants(names).testData.booking as BookingForms;
      const b = sb.baseUrl;
      const book = await call(b, 'activitybook', { resStatus: forms.commitResStatus, bookingRef: 'K-1', itemRef: 'A' });
      assert.equal(book.status, 200);
      assert.equal(one(book.raw, `${RDT}/ota:Confirmation[@ID_Context='Client']/@ID`), 'K-1');
      const dup = await call(b, 'activitybook', { resStatus: forms.commitResStatus, bookingRef: 'K-1', itemRef: 'A' });
      assert.equal(dup.status, 409);
      assert.equal(one(dup.raw, 'local-name(/*)'), 'OTA_ErrorRS');
      assert.equal(errorCode(dup.raw), '3/127');
      const read = await call(b, 'bookread', { bookingRef: 'K-1' });
      assert.equal(one(read.raw, `${RD}/ota:TPA_Extensions/ota:ReservationStatus/@Status`), 'Reserved');
      const cancel = await call(b, 'bookcancel', { bookingRef: 'K-1', cancelType: forms.commitCancelType });
      assert.equal(one(cancel.raw, '/*/@Status'), 'Canceled');
      const after = await call(b, 'bookread', { bookingRef: 'K-1' });
      assert.equal(one(after.raw, `${RD}/ota:TPA_Extensions/ota:ReservationStatus/@Status`), 'XL');
      assert.deepEqual(xp(after.raw, `${RD}//ota:Service/ota:TPA_Extensions/ota:ReservationStatus/@Status`), ['Canceled']);
      const again = await call(b, 'bookcancel', { bookingRef: 'K-1', cancelType: forms.commitCancelType });
      assert.equal(again.status, 409);
      assert.equal(errorCode(again.raw), '3/95');
    } finally {
      await sb.close();
    }
  });
});
