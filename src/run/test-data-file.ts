// The codes that exist at the target (OTA_TEST_DATA). A certifier describes their implementation
// here instead of touching code; scenarios discover the rest (activity IDs, supplier codes) by
// searching first, then booking what was found.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../core/errors';
import { OPERATION_NAMES } from '../spec/operations';
import {
  CONFORMANCE_CLASSES,
  WEEKDAYS,
  type BookingForms,
  type BookingValues,
  type ConformanceClass,
  type Party,
  type Place,
  type TestData,
  type Weekday,
} from '../core/test-data';
import { minutesOf } from '../contracts/value-forms';

/** Hotel availability outlines use test-data places 1 to PLACES_NEEDED (a test checks the features). */
const PLACES_NEEDED = 3;

function fail(file: string, where: string, what: string): never {
  throw new ConfigError(`test data ${file}: ${where} ${what}`);
}

function str(file: string, obj: Record<string, unknown>, key: string, where: string): string {
  const v = obj[key];
  if (typeof v !== 'string' || v.trim() === '') fail(file, `${where}.${key}`, 'must be a non-empty string');
  return v;
}

function obj(file: string, v: unknown, where: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(file, where, 'must be an object');
  return v as Record<string, unknown>;
}

function place(file: string, v: unknown, where: string): Place {
  const o = obj(file, v, where);
  const context = str(file, o, 'context', where);
  if (context !== 'Country' && context !== 'Region') fail(file, `${where}.context`, 'must be Country or Region');
  return { context, name: str(file, o, 'name', where) };
}

function posInt(file: string, o: Record<string, unknown>, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) fail(file, key, 'must be a whole number of at least 1');
  return v;
}

function nonEmptyArray(file: string, v: unknown, where: string): unknown[] {
  if (!Array.isArray(v) || v.length === 0) fail(file, where, 'must be a non-empty array');
  return v;
}

function stringList(file: string, v: unknown, where: string): string[] {
  return nonEmptyArray(file, v, where).map((x, i) => {
    if (typeof x !== 'string' || x.trim() === '') fail(file, `${where}[${i}]`, 'must be a non-empty string');
    return x.trim();
  });
}

function claimsOf(file: string, v: unknown): ConformanceClass[] {
  const claims = stringList(file, v, 'claims');
  for (const c of claims)
    if (!(CONFORMANCE_CLASSES as readonly string[]).includes(c))
      fail(file, 'claims', `names unknown class "${c}"; known: ${CONFORMANCE_CLASSES.join(', ')}`);
  if (!claims.includes('core')) fail(file, 'claims', 'must include core (what the spec states for all nine operations)');
  return claims as ConformanceClass[];
}

function bookingOf(file: string, v: unknown): BookingForms {
  const o = v === undefined ? {} : obj(file, v, 'booking');
  const opt = (key: string, fallback: string) => (o[key] === undefined ? fallback : str(file, o, key, 'booking'));
  const partial = o.partialCancellation ?? undefined;
  if (partial !== undefined && partial !== 'item-reference')
    fail(
      file,
      'booking.partialCancellation',
      'must be "item-reference" (the item\'s UniqueID Type 37 in the cancel request) or null (none)',
    );
  return {
    commitResStatus: opt('commitResStatus', 'Commit'),
    commitCancelType: opt('commitCancelType', 'Commit'),
    cancelledStatusWords:
      o.cancelledStatusWords === undefined
        ? ['Cancelled', 'Canceled']
        : stringList(file, o.cancelledStatusWords, 'booking.cancelledStatusWords'),
    ...(partial ? { partialCancellation: partial } : {}),
  };
}

export const DEFAULT_PARTIES: Party[] = [
  { adults: 2, children: 1 },
  { adults: 1, children: 0 },
];

function partiesOf(file: string, v: unknown): Party[] {
  if (v === undefined) return DEFAULT_PARTIES;
  return nonEmptyArray(file, v, 'availableParties').map((p, i) => {
    const o = obj(file, p, `availableParties[${i}]`);
    const n = (key: string) => {
      const x = o[key] ?? 0;
      if (typeof x !== 'number' || !Number.isInteger(x) || x < 0)
        fail(file, `availableParties[${i}].${key}`, 'must be a whole number of at least 0');
      return x;
    };
    const party = { adults: n('adults'), children: n('children') };
    if (party.adults + party.children === 0) fail(file, `availableParties[${i}]`, 'must hold at least one person');
    return party;
  });
}

function budgetsOf(file: string, v: unknown): Record<string, number> {
  if (v === undefined) return {};
  const o = obj(file, v, 'latencyBudgetsMs');
  for (const [op, ms] of Object.entries(o)) {
    if (!(OPERATION_NAMES as readonly string[]).includes(op))
      fail(file, `latencyBudgetsMs.${op}`, `is not an operation; one of ${OPERATION_NAMES.join(', ')}`);
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 1)
      fail(file, `latencyBudgetsMs.${op}`, 'must be a whole number of ms, at least 1');
  }
  return o as Record<string, number>;
}

function aliasesOf(file: string, v: unknown): Record<string, string[]> {
  if (v === undefined) return {};
  const o = obj(file, v, 'placeAliases');
  return Object.fromEntries(Object.entries(o).map(([name, list]) => [name, stringList(file, list, `placeAliases.${name}`)]));
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** activities.bookingValues: each value in the form the booking request writes it. */
function bookingValuesOf(file: string, v: unknown): BookingValues {
  if (v === undefined) return {};
  const where = 'activities.bookingValues';
  const o = obj(file, v, where);
  const known = ['startTime', 'duration', 'weekdays', 'pickupTime', 'ages'];
  for (const k of Object.keys(o)) if (!known.includes(k)) fail(file, `${where}.${k}`, `is not a booking value; known: ${known.join(', ')}`);
  const time = (key: string) => {
    if (typeof o[key] !== 'string' || !TIME.test(o[key])) fail(file, `${where}.${key}`, 'must be a time of day hh:mm (as 08:15)');
    return o[key];
  };
  const out: BookingValues = {};
  if (o.startTime !== undefined) out.startTime = time('startTime');
  if (o.pickupTime === null) out.pickupTime = null;
  else if (o.pickupTime !== undefined) out.pickupTime = time('pickupTime');
  if (o.duration !== undefined) {
    if (typeof o.duration !== 'string' || !minutesOf(o.duration))
      fail(file, `${where}.duration`, 'must be an xs:duration of days, hours and minutes (as PT3H or PT2H30M)');
    out.duration = o.duration;
  }
  if (o.weekdays !== undefined)
    out.weekdays = stringList(file, o.weekdays, `${where}.weekdays`).map((d) => {
      if (!(WEEKDAYS as readonly string[]).includes(d)) fail(file, `${where}.weekdays`, `names "${d}"; days are ${WEEKDAYS.join(', ')}`);
      return d as Weekday;
    });
  if (o.ages !== undefined) {
    const ages = obj(file, o.ages, `${where}.ages`);
    out.ages = {};
    for (const [k, age] of Object.entries(ages)) {
      if (k !== 'adult' && k !== 'child') fail(file, `${where}.ages.${k}`, 'is not a category; known: adult, child');
      if (typeof age !== 'number' || !Number.isInteger(age) || age < 0 || age > 130)
        fail(file, `${where}.ages.${k}`, 'must be a whole number of years, 0 to 130');
      out.ages[k] = age;
    }
  }
  return out;
}

/** Whether the test data declares availability for `party`. */
export const partyAvailable = (data: Pick<TestData, 'availableParties'>, party: Party): boolean =>
  data.availableParties.some((p) => p.adults === party.adults && p.children === party.children);

/** Loads and checks a test-data file; every problem names the file and the field. */
export function loadTestData(file: string, overrides: Record<string, unknown> = {}): TestData {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError(`test data ${file}: cannot be read as JSON (${(e as Error).message})`);
  }
  const root = deepMerge(obj(file, raw, '(root)'), overrides);
  const booking = bookingOf(file, root.booking);
  // No claims written: every class the file can drive (partial cancellation needs a declared form).
  const claims =
    root.claims === undefined
      ? CONFORMANCE_CLASSES.filter((c) => c !== 'partial-cancellation' || booking.partialCancellation)
      : claimsOf(file, root.claims);
  if (claims.includes('partial-cancellation') && !booking.partialCancellation)
    fail(file, 'claims', 'claims partial-cancellation, but booking.partialCancellation declares no request form');
  const places = nonEmptyArray(file, obj(file, root.hotelAvailability, 'hotelAvailability').places, 'hotelAvailability.places');
  if (places.length < PLACES_NEEDED)
    fail(file, 'hotelAvailability.places', `has ${places.length} place(s); the hotel availability scenarios need ${PLACES_NEEDED}`);
  // HAV-REFPOINT-CONTEXTS sends both forms the spec lists: "CodeContext (values Country, Region)".
  for (const context of ['Country', 'Region'])
    if (!places.some((p) => (p as { context?: unknown })?.context === context))
      fail(file, 'hotelAvailability.places', `has no place of context ${context}; the scenarios send both Country and Region`);
  const ha = obj(file, root.hotelAvailability, 'hotelAvailability');
  const act = obj(file, root.activities, 'activities');
  const tr = obj(file, root.transfers, 'transfers');
  const unk = obj(file, root.unknown, 'unknown');
  return {
    description: typeof root.description === 'string' ? root.description : undefined,
    claims,
    booking,
    language: str(file, root, 'language', '(root)'),
    altLanguage: str(file, root, 'altLanguage', '(root)'),
    offsetDays: posInt(file, root, 'offsetDays'),
    nights: posInt(file, root, 'nights'),
    availableParties: partiesOf(file, root.availableParties),
    latencyBudgetsMs: budgetsOf(file, root.latencyBudgetsMs),
    placeAliases: aliasesOf(file, root.placeAliases),
    hotelAvailability: {
      infoSource: str(file, ha, 'infoSource', 'hotelAvailability'),
      places: nonEmptyArray(file, ha.places, 'hotelAvailability.places').map((p, i) => place(file, p, `hotelAvailability.places[${i}]`)),
      emptyPlace: place(file, ha.emptyPlace, 'hotelAvailability.emptyPlace'),
    },
    hotels: nonEmptyArray(file, root.hotels, 'hotels').map((h, i) => {
      const o = obj(file, h, `hotels[${i}]`);
      return { code: str(file, o, 'code', `hotels[${i}]`), brandCode: str(file, o, 'brandCode', `hotels[${i}]`) };
    }),
    activities: {
      hotelCodes: nonEmptyArray(file, act.hotelCodes, 'activities.hotelCodes').map((c, i) => {
        if (typeof c !== 'string' || !c) fail(file, `activities.hotelCodes[${i}]`, 'must be a non-empty string');
        return c;
      }),
      productCode: str(file, act, 'productCode', 'activities'),
      currency: str(file, act, 'currency', 'activities'),
      bookingValues: bookingValuesOf(file, act.bookingValues),
    },
    transfers: {
      airportCode: str(file, tr, 'airportCode', 'transfers'),
      airlineCode: str(file, tr, 'airlineCode', 'transfers'),
      locationTypeCode: str(file, tr, 'locationTypeCode', 'transfers'),
      locationCode: str(file, tr, 'locationCode', 'transfers'),
    },
    unknown: {
      hotelCode: str(file, unk, 'hotelCode', 'unknown'),
      tourActivityId: str(file, unk, 'tourActivityId', 'unknown'),
      airportCode: str(file, unk, 'airportCode', 'unknown'),
    },
  };
}

/** Plain-object deep merge: `over` wins; arrays are replaced, not merged. */
export function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' && !Array.isArray(b)
        ? deepMerge(b as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}
