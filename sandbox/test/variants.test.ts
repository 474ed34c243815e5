// Every dialect variant changes the FORM it claims and not the SUBSTANCE: each test sends the same
// requests to a default sandbox and to one with the variant, and reads both replies with
// namespace-aware XPath (or compares them as namespace-aware trees). The effects live per area in
// variants/<area>.ts, beside the area's file of sandbox/src/variants/; one test file runs them all
// (a process per area would cost more to start than the checks take). Variants switched on together
// come last; schema validity under each variant is variants-schemas.test.ts.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { schedule } from '../src/operations/activities';
import { EXCLUSIVE_VARIANTS, VARIANT_LIST, type VariantDef, Variants } from '../src/variants';
import { ACTIVITY_VARIANTS } from '../src/variants/activities';
import { BOOKING_VARIANTS } from '../src/variants/booking';
import { DESCRIPTIVE_VARIANTS } from '../src/variants/descriptive';
import { ENVELOPE_VARIANTS } from '../src/variants/envelope';
import { ERROR_VARIANTS } from '../src/variants/errors';
import { HOTEL_VARIANTS } from '../src/variants/hotels';
import { SEARCH_VARIANTS } from '../src/variants/searches';
import { SERIALISATION_VARIANTS } from '../src/variants/serialisation';
import { TRANSFER_VARIANTS } from '../src/variants/transfers';
import { initXml, type XNode } from '../src/xml';
import { xsdDir, XsdSet } from '../src/xsd';
import { call, errorCode, initQuery, one, start, xp } from './helpers';
import { ACTIVITY_EFFECTS, scheduleDates } from './variants/activities';
import { BOOKING_EFFECTS } from './variants/booking';
import { DESCRIPTIVE_EFFECTS } from './variants/descriptive';
import { ENVELOPE_EFFECTS } from './variants/envelope';
import { ERROR_EFFECTS } from './variants/errors';
import { HOTEL_EFFECTS } from './variants/hotels';
import { SEARCH_EFFECTS } from './variants/searches';
import { SERIALISATION_EFFECTS } from './variants/serialisation';
import {
  BOOKED_DETAILS,
  both,
  canon,
  count,
  describeVariantEffects,
  OTA,
  RESERVATION,
  same,
  TOUR_ACTIVITY,
  unzoned,
  type VariantEffect,
} from './variants/support';
import { TRANSFER_EFFECTS } from './variants/transfers';
import { type BookingForms, xsdCases } from './xsd-cases';

/** Each area's variants (sandbox/src/variants/<area>.ts) with their effects (variants/<area>.ts). */
const AREAS: Record<string, [readonly VariantDef[], Readonly<Record<string, VariantEffect>>]> = {
  serialisation: [SERIALISATION_VARIANTS, SERIALISATION_EFFECTS],
  envelope: [ENVELOPE_VARIANTS, ENVELOPE_EFFECTS],
  errors: [ERROR_VARIANTS, ERROR_EFFECTS],
  searches: [SEARCH_VARIANTS, SEARCH_EFFECTS],
  hotels: [HOTEL_VARIANTS, HOTEL_EFFECTS],
  activities: [ACTIVITY_VARIANTS, ACTIVITY_EFFECTS],
  booking: [BOOKING_VARIANTS, BOOKING_EFFECTS],
  descriptive: [DESCRIPTIVE_VARIANTS, DESCRIPTIVE_EFFECTS],
  transfers: [TRANSFER_VARIANTS, TRANSFER_EFFECTS],
};

before(() => initQuery());

describe('dialect variant catalogue', () => {
  it('has at least 18 documented, kebab-case variants', () => {
    assert.ok(VARIANT_LIST.length >= 18);
    assert.equal(new Set(VARIANT_LIST.map((v) => v.name)).size, VARIANT_LIST.length);
    for (const v of VARIANT_LIST) {
      assert.match(v.name, /^[a-z0-9]+(-[a-z0-9]+)+$/);
      assert.ok(v.description.length > 30, v.name);
      for (const id of v.expectedWarnings) assert.match(id, /^[A-Z]+(-[A-Z0-9]+)+$/);
    }
  });

  it('every variant has its effect test, in the area of its file', () => {
    const tested = Object.values(AREAS).flatMap(([variants]) => variants.map((v) => v.name));
    assert.deepEqual(
      tested,
      VARIANT_LIST.map((v) => v.name),
    );
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
    assert.equal(count(raw, `${TOUR_ACTIVITY}/ota:Schedule/ota:Detail`), 2);
    assert.deepEqual(scheduleDates(raw, `(${TOUR_ACTIVITY})[1]`), dates);
  });
});

for (const [area, [variants, effects]] of Object.entries(AREAS)) describeVariantEffects(area, variants, effects);

// ---- combinations: several variants switched on together still give the same replies by meaning,
// every standard reply schema-valid, and the booking story holds in a whole booking dialect ----

const dir = xsdDir();

/** Every standard reply kind of the sandbox at `baseUrl` is valid against the 2016B schemas (when they are configured). */
async function schemaValidEverywhere(baseUrl: string): Promise<void> {
  if (!dir) return;
  const xsd = await XsdSet.open(dir);
  try {
    for (const xsdCase of xsdCases(baseUrl)) {
      const reply = await xsdCase.get();
      assert.deepEqual(xsd.validate(reply.raw, one(reply.raw, 'local-name(/*)')!), [], xsdCase.name);
    }
  } finally {
    xsd.dispose();
  }
}

/** A default sandbox and one with `variants`, closed after `check`. */
async function withPair(variants: string[], check: (p: { d: string; v: string }) => Promise<void>): Promise<void> {
  const dflt = await start();
  const variant = await start({ variants });
  try {
    await check({ d: dflt.baseUrl, v: variant.baseUrl });
  } finally {
    await dflt.close();
    await variant.close();
  }
}

const SERIALISATION = [
  'prefixed-namespace',
  'reordered-siblings',
  'latin1-encoding',
  'pretty-comments-cdata',
  'expanded-empty-elements',
  'single-quoted-attributes',
  'zoned-timestamp',
];

const ENCODING_AND_REFUSALS = [
  'windows-1251-encoding',
  'pretty-comments-cdata',
  'gzip-content-encoding',
  'single-quoted-attributes',
  'zoned-dates',
  'refuse-when-nothing-matches',
  'address-local-names',
  'inclusive-rate-dates',
];

const BOOKING_DIALECT = [
  'book-resstatus-book',
  'cancel-status-words',
  'internal-and-client-refs',
  'status-in-tpa-extensions',
  'http-4xx-errors',
  'error-rs',
  'utf8-bom',
  'no-optional-echoes',
];

/** Book, book again (a duplicate), read, cancel, read, cancel again, in the forms of the booking dialect. */
async function bookingStory(b: string, forms: BookingForms): Promise<void> {
  const book = await call(b, 'activitybook', { resStatus: forms.commitResStatus, bookingRef: 'K-1', itemRef: 'A' });
  assert.equal(book.status, 200);
  assert.equal(one(book.raw, `${BOOKED_DETAILS}/ota:Confirmation[@ID_Context='Client']/@ID`), 'K-1');
  const dup = await call(b, 'activitybook', { resStatus: forms.commitResStatus, bookingRef: 'K-1', itemRef: 'A' });
  assert.equal(dup.status, 409);
  assert.equal(one(dup.raw, 'local-name(/*)'), 'OTA_ErrorRS');
  assert.equal(errorCode(dup.raw), '3/127');
  const read = await call(b, 'bookread', { bookingRef: 'K-1' });
  assert.equal(one(read.raw, `${RESERVATION}/ota:TPA_Extensions/ota:ReservationStatus/@Status`), 'Reserved');
  const cancel = await call(b, 'bookcancel', { bookingRef: 'K-1', cancelType: forms.commitCancelType });
  assert.equal(one(cancel.raw, '/*/@Status'), 'Canceled');
  const after = await call(b, 'bookread', { bookingRef: 'K-1' });
  assert.equal(one(after.raw, `${RESERVATION}/ota:TPA_Extensions/ota:ReservationStatus/@Status`), 'XL');
  assert.deepEqual(xp(after.raw, `${RESERVATION}//ota:Service/ota:TPA_Extensions/ota:ReservationStatus/@Status`), ['Canceled']);
  const again = await call(b, 'bookcancel', { bookingRef: 'K-1', cancelType: forms.commitCancelType });
  assert.equal(again.status, 409);
  assert.equal(errorCode(again.raw), '3/95');
}

describe('dialect variants combine', () => {
  before(async () => {
    await initQuery();
    await initXml();
  });

  it(`${SERIALISATION.join(' + ')}: the same replies by meaning, all schema-valid`, () =>
    withPair(SERIALISATION, async (p) => {
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
      await schemaValidEverywhere(p.v);
    }));

  it('windows-1251 + pretty-comments-cdata + gzip + single quotes + zoned dates + refusals of empty searches: the same replies by meaning, all schema-valid', () =>
    withPair(ENCODING_AND_REFUSALS, async (p) => {
      const o = { ignore: ['TimeStamp'], drop: (n: XNode) => n.name === 'StateProv' || n.name === 'CountryName' };
      for (const op of ['hotelnbc', 'activitysearch', 'activitynbc', 'activitybook', 'transferavailability']) {
        const [d, v] = await both(p, op);
        assert.equal(canon(unzoned(v), o), canon(d.raw, o), op);
      }
      const reply = await call(p.v, 'hotelnbc');
      assert.match(reply.body, /<!\[CDATA\[[^\]]*S\]\]>&#243;<!\[CDATA\[ller/, 'ó between CDATA sections');
      assert.equal(one(reply.raw, '//ota:ContactInfo//ota:StateProv'), 'Illes Balears');
      const empty = await call(p.v, 'hotelavailability', { place: 'Iceland', placeContext: 'Country' });
      assert.equal(empty.status, 404);
      assert.equal(errorCode(empty.raw), '11/424');
      await schemaValidEverywhere(p.v);
    }));

  it('a booking dialect (Book/Cancel, US spelling, internal refs, statuses in TPA_Extensions, 4xx, OTA_ErrorRS, BOM, no echoes) keeps the booking story', async () => {
    const sb = await start({ variants: BOOKING_DIALECT });
    try {
      await bookingStory(sb.baseUrl, new Variants(BOOKING_DIALECT).testData.booking as BookingForms);
    } finally {
      await sb.close();
    }
  });
});
