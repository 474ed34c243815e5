// Each dialect variant of tour-activity replies (schedules, participant categories, pickups,
// places) changes the form it claims and not the substance (sandbox/src/variants/activities.ts):
// the same requests go to a default sandbox and to one with the variant, and both replies are read
// by meaning.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { addDays, daysBetween, weekday } from '../../src/dates';
import { DAY_ATTR, seasonDays } from '../../src/operations/activities';
import { loadData } from '../../src/data';
import type { ACTIVITY_VARIANTS } from '../../src/variants/activities';
import type { XNode } from '../../src/xml';
import { call, day, errorCode, fill, isSuccess, one, post, type Reply, type Values, xp } from '../helpers';
import { BOOKED_DETAILS, both, canon, count, same, TOUR_ACTIVITY, TWO_WEEKS, type Pair, type VariantEffects } from './support';

/** Operating dates an activity schedule states: per-date Details, or Summary/weekly-pattern Details. */
export function scheduleDates(raw: Buffer, info: string): string[] {
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
  const n = count(raw, TOUR_ACTIVITY);
  return Array.from({ length: n }, (_, index) => {
    const info = `(${TOUR_ACTIVITY})[${index + 1}]`;
    const id = `${one(raw, `${info}/ota:BasicInfo/@TourActivityID`)}/${one(raw, `${info}//ota:SupplierService/@SupplierServiceCode`) ?? ''}`;
    return `${id}: ${scheduleDates(raw, info).join(' ')}`;
  });
}

/** Every Pricing/ParticipantCategory as "code qty amount", read with the given paths. */
function categories(raw: Buffer, codePath: string, qtyPath: string): string[] {
  const n = count(raw, '//ota:Pricing/ota:ParticipantCategory');
  return Array.from({ length: n }, (_, index) => {
    const pc = `(//ota:Pricing/ota:ParticipantCategory)[${index + 1}]`;
    return `${one(raw, `${pc}/${codePath}`)} ${one(raw, `${pc}/${qtyPath}`)} ${one(raw, `${pc}/ota:Price/@Amount`)}`;
  });
}

/** Per TourActivityInfo of the default form: its categories as "code amount" (one per category), their quantities and the total. */
function pricedParty(raw: Buffer): Array<{ units: string[]; qty: Record<string, number>; total?: string }> {
  return Array.from({ length: count(raw, TOUR_ACTIVITY) }, (_, index) => {
    const pricing = `(${TOUR_ACTIVITY})[${index + 1}]/ota:Pricing`;
    const codes = xp(raw, `${pricing}/ota:ParticipantCategory/ota:QualifierInfo/@Extension`);
    const amounts = xp(raw, `${pricing}/ota:ParticipantCategory/ota:Price/@Amount`);
    const qty = xp(raw, `${pricing}/ota:ParticipantCategory/ota:TPA_Extensions/ota:ParticipantCount/@Quantity`);
    return {
      units: codes.map((c, k) => `${c} ${amounts[k]}`),
      qty: Object.fromEntries(codes.map((c, k) => [c, Number(qty[k])])),
      total: one(raw, `${pricing}/ota:Summary/@Amount`),
    };
  });
}

/** Per TourActivityInfo of a variant's form: its ParticipantCategory entries as "code amount", in order. */
const entries = (raw: Buffer) =>
  Array.from({ length: count(raw, TOUR_ACTIVITY) }, (_, index) => {
    const pc = `(${TOUR_ACTIVITY})[${index + 1}]/ota:Pricing/ota:ParticipantCategory`;
    const amounts = xp(raw, `${pc}/ota:Price/@Amount`);
    return xp(raw, `${pc}/ota:QualifierInfo/@Extension`).map((c, k) => `${c} ${amounts[k]}`);
  });

/** Both replies for 2 adults and 1 child; the variant's shows one entry per category, with the default's unit prices. */
async function onePerCategory(pair: Pair) {
  const [d, v] = await both(pair, 'activityavailability', PARTY);
  const dflt = pricedParty(d.raw);
  assert.ok(dflt.length > 0);
  assert.deepEqual(
    entries(v.raw),
    dflt.map((o) => o.units),
    'one entry per category, its unit price',
  );
  return { v, dflt };
}

const QUANTITIES = '//@Quantity | //ota:Pricing//ota:ParticipantCount';
const PARTY = { adults: 2, children: 1 };

export const ACTIVITY_EFFECTS: VariantEffects<typeof ACTIVITY_VARIANTS> = {
  'schedule-summary': async (pair) => {
    for (const op of ['activitysearch', 'activityavailability']) {
      const [d, v] = await both(pair, op, TWO_WEEKS);
      assert.deepEqual(activityDates(v.raw), activityDates(d.raw), `${op}: the same operating dates`);
      assert.equal(count(v.raw, `${TOUR_ACTIVITY}/ota:Schedule/ota:Detail[not(ota:OperationTimes)]`), 0, 'no per-date Detail');
      assert.ok(count(v.raw, `${TOUR_ACTIVITY}/ota:Schedule[not(ota:Detail)]`) > 0, 'every-day activities: Summary alone');
      assert.ok(count(v.raw, `${TOUR_ACTIVITY}/ota:Schedule/ota:Detail/ota:OperationTimes`) > 0, 'weekday activities: a weekly pattern');
    }
  },
  'participant-category-ota': async (pair) => {
    const [d, v] = await both(pair, 'activityavailability', { adults: 2, children: 1 });
    const dflt = categories(d.raw, 'ota:QualifierInfo/@Extension', 'ota:TPA_Extensions/ota:ParticipantCount/@Quantity');
    assert.ok(dflt.length > 2);
    assert.deepEqual(categories(v.raw, 'ota:QualifierInfo', '@Quantity'), dflt);
    assert.equal(count(v.raw, '//@Extension | //ota:ParticipantCount'), 0);
    const [db, vb] = await both(pair, 'activitybook');
    assert.deepEqual(
      categories(vb.raw, 'ota:QualifierInfo', '@Quantity'),
      categories(db.raw, 'ota:QualifierInfo/@Extension', 'ota:TPA_Extensions/ota:ParticipantCount/@Quantity'),
    );
    assert.deepEqual(
      xp(vb.raw, `${BOOKED_DETAILS}/ota:ParticipantInfo/ota:Category/ota:QualifierInfo`),
      xp(db.raw, `${BOOKED_DETAILS}/ota:ParticipantInfo/ota:Category/ota:QualifierInfo/@Extension`),
    );
  },
  'pickupless-tickets': async (pair) => {
    for (const op of ['activitysearch', 'activityavailability']) {
      const [d, v] = await both(pair, op, TWO_WEEKS);
      const ids = (r: Reply) => xp(r.raw, `${TOUR_ACTIVITY}/ota:BasicInfo/@TourActivityID`);
      assert.deepEqual(ids(v), ids(d));
      const ticket = `${TOUR_ACTIVITY}[ota:BasicInfo/@TourActivityID='PMI-PALMA']`;
      assert.equal(one(d.raw, `${ticket}/ota:PickupDropoff/@LocationName`), 'PMIBEL01');
      assert.equal(count(v.raw, `${ticket}/ota:PickupDropoff`), 0);
      assert.deepEqual(new Set(xp(v.raw, `${ticket}/ota:Location/ota:Region[@RegionCode='HotelCode']`)), new Set(['PMIBEL01']));
      assert.deepEqual(
        xp(v.raw, `${ticket}/ota:Location/ota:Region/@RegionName`),
        xp(d.raw, `${ticket}/ota:Location/ota:Region/@RegionName`),
      );
      // Activities with a pickup keep it.
      const drach = `${TOUR_ACTIVITY}[ota:BasicInfo/@TourActivityID='PMI-DRACH']/ota:PickupDropoff/@LocationName`;
      assert.deepEqual(xp(v.raw, drach), xp(d.raw, drach));
    }
  },
  'search-area-by-town': async (pair) => {
    const [d, v] = await both(pair, 'activitysearch', TWO_WEEKS);
    const ids = (r: Reply) => xp(r.raw, `${TOUR_ACTIVITY}/ota:BasicInfo/@TourActivityID`);
    assert.deepEqual(ids(v), ids(d));
    assert.equal(count(v.raw, `${TOUR_ACTIVITY}/ota:Location/ota:Region | ${TOUR_ACTIVITY}/ota:Location/ota:Address/ota:StateProv`), 0);
    assert.deepEqual(new Set(xp(d.raw, `${TOUR_ACTIVITY}/ota:Location/ota:Region/@RegionName`)), new Set(['Mallorca']));
    const towns = xp(v.raw, `${TOUR_ACTIVITY}/ota:Location/ota:Address/ota:CityName`);
    assert.deepEqual(towns, xp(d.raw, `${TOUR_ACTIVITY}/ota:Location/ota:Address/ota:CityName`));
    assert.ok(new Set(towns).size > 1, 'activities of one area show different towns');
    assert.deepEqual(
      xp(v.raw, `${TOUR_ACTIVITY}/ota:Location/ota:Address/ota:CountryName/@Code`),
      xp(d.raw, `${TOUR_ACTIVITY}/ota:Location/ota:Address/ota:CountryName/@Code`),
    );
    const area = { drop: (n: XNode) => n.name === 'Region' || n.name === 'StateProv' };
    assert.equal(canon(v.raw, area), canon(d.raw, area), 'nothing else changed');
    // Availability replies are unchanged.
    await same(pair, 'activityavailability', TWO_WEEKS);
  },
  'activity-place-in-descriptive-only': async (pair) => {
    const hidden = { drop: (n: XNode) => n.name === 'Location' || n.name === 'PickupDropoff' };
    for (const op of ['activityavailability', 'activitysearch']) {
      const { v } = await same(pair, op, {}, hidden);
      assert.ok(count(v.raw, '//ota:TourActivityInfo') > 0, op);
      assert.equal(count(v.raw, '//ota:TourActivityInfo/ota:Location | //ota:TourActivityInfo/ota:PickupDropoff'), 0, op);
    }
    const nbc = await same(pair, 'activitynbc', {});
    assert.ok(count(nbc.v.raw, '//ota:Location') > 0, 'its descriptive data still says where it is');
  },
  'dropoff-beside-pickup': async (pair) => {
    for (const op of ['activitysearch', 'activityavailability']) {
      const [d, v] = await both(pair, op, TWO_WEEKS);
      const pickups = (r: Reply) => xp(r.raw, `${TOUR_ACTIVITY}/ota:PickupDropoff[@PickupInd='true']/@LocationName`);
      assert.deepEqual(pickups(v), pickups(d));
      assert.ok(pickups(v).length > 0);
      assert.equal(count(d.raw, `${TOUR_ACTIVITY}/ota:PickupDropoff[@PickupInd='false']`), 0);
      for (let i = 1; i <= count(v.raw, TOUR_ACTIVITY); i++) {
        const info = `(${TOUR_ACTIVITY})[${i}]`;
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

  // ---- constraints a gateway shows and keeps
  'minimum-age': async (pair) => {
    const [d, v] = await both(pair, 'activityavailability', { productCode: 'PMI-DRACH' });
    assert.equal(one(d.raw, `${TOUR_ACTIVITY}/ota:Policies/ota:Participant/@MinAge`), '0');
    assert.equal(count(v.raw, `${TOUR_ACTIVITY}/ota:Policies`), 0, 'availability leaves the ages to descriptive data');
    assert.deepEqual(ids(v), ids(d), 'the same options');
    const [dn, vn] = await both(pair, 'activitynbc', { tourActivityId: 'PMI-DRACH' });
    assert.deepEqual([one(dn.raw, MIN_AGE), one(vn.raw, MIN_AGE)], ['0', '10']);
    await keeps(pair, 'a child of 8', { resStatus: 'Quote', childAge: 8 }, { resStatus: 'Quote', childAge: 10 });
  },
  'fixed-pickup-time': async (pair) => {
    const [d, v] = await both(pair, 'activityavailability', { productCode: 'PMI-DRACH' });
    assert.equal(one(d.raw, `${TOUR_ACTIVITY}/ota:PickupDropoff/@DateTime`), `${day(30)}T07:45:00`);
    assert.equal(count(v.raw, `${TOUR_ACTIVITY}/ota:PickupDropoff/@DateTime`), 0, 'availability shows no pickup time');
    assert.deepEqual(
      xp(v.raw, `${TOUR_ACTIVITY}/ota:PickupDropoff/@LocationName`),
      xp(d.raw, `${TOUR_ACTIVITY}/ota:PickupDropoff/@LocationName`),
    );
    const { v: nbc } = await same(pair, 'activitynbc', { tourActivityId: 'PMI-DRACH' });
    assert.deepEqual(new Set(xp(nbc.raw, `//ota:PickupDropoff/${PICKUP_START}`)), new Set(['07:45']), 'its descriptive data shows it');
    await keeps(pair, 'a pickup at 08:00', { resStatus: 'Quote' }, { resStatus: 'Quote', pickupDateTime: `${day(30)}T07:45:00` });
  },
  'season-without-weekdays': async (pair) => {
    for (const op of ['activityavailability', 'activitysearch']) {
      const [d, v] = await both(pair, op, { ...TWO_WEEKS, productCode: 'PMI-HIKE' });
      const hike = `${TOUR_ACTIVITY}[ota:BasicInfo/@TourActivityID='PMI-HIKE']`;
      const season = seasonDays(loadData(DATA).activityById.get('PMI-HIKE')!, TWO_WEEKS.start, TWO_WEEKS.end);
      assert.deepEqual(
        [one(v.raw, `${hike}/ota:Schedule/ota:Summary/@Start`), one(v.raw, `${hike}/ota:Schedule/ota:Summary/@End`)],
        [season[0], season[season.length - 1]],
        `${op}: the season within the period`,
      );
      assert.equal(count(v.raw, `${hike}/ota:Schedule/ota:Detail | ${hike}//ota:OperationTime`), 0, `${op}: no weekday`);
      assert.ok(xp(d.raw, `${hike}/ota:Schedule/ota:Detail/@Start`).every((x) => ['Tue', 'Fri'].includes(weekday(x))));
      assert.deepEqual(ids(v), ids(d), `${op}: the same activities`);
    }
    const { v: nbc } = await same(pair, 'activitynbc', { tourActivityId: 'PMI-HIKE' });
    assert.equal(one(nbc.raw, '//ota:Schedule/ota:Detail/ota:OperationTimes/ota:OperationTime/@Tue'), 'true', 'its weekdays');
    // the booking of a day it does not run is refused, as in the default sandbox
    const monday = {
      tourActivityId: 'PMI-HIKE',
      supplierProductCode: 'TRAMUNTANA-HIKE',
      startDateTime: `${day(28)}T08:00:00`,
      childAge: 12,
    };
    assert.equal(weekday(day(28)), 'Mon');
    assert.ok(!isSuccess((await call(pair.v, 'activitybook', { ...monday, resStatus: 'Quote' })).raw));
  },
  'minimum-party': async (pair) => {
    const couple = { adults: 2, children: 0 };
    const [d, v] = await both(pair, 'activityavailability', couple);
    assert.ok(count(d.raw, TOUR_ACTIVITY) > 0);
    assert.equal(count(v.raw, TOUR_ACTIVITY), 0, 'nothing for a party of 2');
    const [d3, v3] = await both(pair, 'activityavailability', { adults: 2, children: 1 });
    assert.deepEqual(ids(v3), ids(d3), 'a party of 3: the same options');
    assert.deepEqual(new Set(xp(v3.raw, `${TOUR_ACTIVITY}/ota:Policies/ota:Participant/@MinParticipants`)), new Set(['3']));
    const [, vn] = await both(pair, 'activitynbc', { tourActivityId: 'PMI-DRACH' });
    assert.equal(one(vn.raw, '//ota:Policies/ota:Participant/@MinParticipants'), '3');
    // the sample books 2 participants (an adult and a child)
    const trio = fill('activitybook', { resStatus: 'Quote' }).replace(/(<\/ParticipantInfo>)(\s*<Schedule)/, `$1${ADULT_AGAIN}$2`);
    await keeps(pair, 'a party of 2', { resStatus: 'Quote' }, undefined, trio);
  },
  'tickets-without-pickup': async (pair) => {
    const ticket = `${TOUR_ACTIVITY}[ota:BasicInfo/@TourActivityID='PMI-PALMA']`;
    for (const op of ['activityavailability', 'activitysearch']) {
      const [d, v] = await both(pair, op, TWO_WEEKS);
      assert.equal(one(d.raw, `${ticket}/ota:PickupDropoff/@LocationName`), 'PMIBEL01');
      assert.equal(count(v.raw, `${ticket}/ota:PickupDropoff`), 0, `${op}: a ticket shows no pickup`);
      assert.equal(one(v.raw, `${ticket}/ota:Location/ota:Region[@RegionCode='HotelCode']`), 'PMIBEL01');
      const drach = `${TOUR_ACTIVITY}[ota:BasicInfo/@TourActivityID='PMI-DRACH']/ota:PickupDropoff/@LocationName`;
      assert.deepEqual(xp(v.raw, drach), xp(d.raw, drach), `${op}: activities with a pickup keep it`);
    }
    const [dn, vn] = await both(pair, 'activitynbc', { tourActivityId: 'PMI-PALMA' });
    assert.ok(count(dn.raw, "//ota:PickupDropoff[@PickupInd='true']") > 0);
    assert.equal(count(vn.raw, "//ota:PickupDropoff[@PickupInd='true']"), 0);
    assert.equal(count(vn.raw, "//ota:PickupDropoff[@PickupInd='false']"), 1, 'a meeting point');
    const palma = {
      resStatus: 'Quote',
      tourActivityId: 'PMI-PALMA',
      supplierProductCode: 'PALMA-OLDTOWN',
      startDateTime: `${day(30)}T10:00:00`,
    };
    await keeps(pair, 'a pickup for a ticket', palma, undefined, fill('activitybook', palma).replace(/<PickupDropoff[^>]*\/>/, ''));
  },
  'participants-repeated': async (pair) => {
    const [d, v] = await both(pair, 'activityavailability', PARTY);
    const dflt = pricedParty(d.raw);
    assert.ok(dflt.length > 0);
    const repeated = dflt.map((o) => o.units.flatMap((u) => Array.from({ length: o.qty[u.split(' ')[0]] }, () => u)));
    assert.deepEqual(entries(v.raw), repeated, 'one entry per participant, each with its unit price');
    assert.deepEqual(
      pricedParty(v.raw).map((o) => o.total),
      dflt.map((o) => o.total),
      'the same totals',
    );
    assert.equal(count(v.raw, QUANTITIES), 0, 'no quantity anywhere');
  },
  'participants-group-size': async (pair) => {
    const { v, dflt } = await onePerCategory(pair);
    const groups = `${TOUR_ACTIVITY}/ota:Pricing/ota:Group`;
    assert.deepEqual(
      xp(v.raw, `${groups}/@KnownGroupSize`),
      dflt.map((o) => String(Object.values(o.qty).reduce((a, b) => a + b, 0))),
    );
    assert.deepEqual(
      xp(v.raw, `${groups}/ota:Price/@Amount`),
      dflt.map((o) => o.total),
    );
    assert.equal(count(v.raw, `${QUANTITIES} | //ota:Pricing/ota:Summary`), 0, 'no quantity, no Summary');
  },
  'prices-per-person-only': async (pair) => {
    const { v, dflt } = await onePerCategory(pair);
    assert.deepEqual(
      xp(v.raw, `${TOUR_ACTIVITY}/ota:Pricing/ota:Summary/@Amount`),
      dflt.map((o) => o.total),
      'the same totals',
    );
    assert.equal(count(v.raw, QUANTITIES), 0, 'no quantity anywhere');
  },
  'pricing-currency-header': async (pair) => {
    const [d, v] = await both(pair, 'activityavailability', { ...PARTY, currency: 'GBP' });
    assert.equal(count(v.raw, '//ota:Pricing//@CurrencyCode | //ota:Pricing//@DecimalPlaces'), 0, 'no amount carries its currency');
    assert.deepEqual(
      [one(v.raw, '/*/ota:ProcessingInformation/@PricingCurrency'), one(v.raw, '/*/ota:ProcessingInformation/@DecimalPlaces')],
      ['GBP', '2'],
    );
    assert.deepEqual(new Set(xp(d.raw, '//ota:Pricing//@CurrencyCode')), new Set(['GBP']));
    const header = { drop: (n: XNode) => n.name === 'ProcessingInformation', ignore: ['CurrencyCode', 'DecimalPlaces'] };
    assert.equal(canon(v.raw, header), canon(d.raw, header), 'the same amounts, nothing else changed');
  },
  'currency-without-minor-unit': async (pair) => {
    const yen = { ...PARTY, currency: 'JPY', currencyDecimal: 0, maximumPrice: 100000 };
    const { v } = await same(pair, 'activityavailability', yen);
    const amounts = xp(v.raw, `${TOUR_ACTIVITY}//ota:Pricing//@Amount`);
    assert.ok(amounts.length > 0 && amounts.every((a) => /^\d+$/.test(a)), `yen amounts, no decimals: ${amounts.join(', ')}`);
    // the currency's minor unit only: another CurrencyDecimal is refused
    const [d2, v2] = await both(pair, 'activityavailability', { ...yen, currencyDecimal: 2 });
    assert.ok(isSuccess(d2.raw));
    assert.ok(!isSuccess(v2.raw), 'CurrencyDecimal 2 for JPY is refused');
  },
};

const DATA = join(__dirname, '..', '..', 'data');
const ids = (r: Reply) => xp(r.raw, `${TOUR_ACTIVITY}/ota:BasicInfo/@TourActivityID`);
const MIN_AGE = '//ota:Policies/ota:Participant/@MinAge';
const PICKUP_START = 'ota:Schedule/ota:OperationTimes/ota:OperationTime/@Start';
const ADULT_AGAIN =
  '<ParticipantInfo><Category QualifierInfo="10"/><Individual Age="41" ParticipantID="3"><GivenName>Eva</GivenName><Surname>Conformance</Surname></Individual></ParticipantInfo>';

/**
 * A constraint the variant keeps: the booking `broken` (values, or a body) is served by the default
 * sandbox and refused by the variant's (Errors 3/320), and one that keeps it (`kept`) is served.
 */
async function keeps(p: { d: string; v: string }, what: string, broken: Values, kept?: Values, keptBody?: string): Promise<void> {
  const [d, v] = await both(p, 'activitybook', broken);
  assert.ok(isSuccess(d.raw), `${what}: served by default`);
  assert.equal(errorCode(v.raw), '3/320', `${what}: refused under the variant`);
  const ok = keptBody ? await post(p.v, 'activitybook', keptBody) : await call(p.v, 'activitybook', kept);
  assert.ok(isSuccess(ok.raw), `${what}: what keeps the constraint is served (${ok.body.slice(0, 300)})`);
}
