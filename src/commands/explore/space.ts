// The input space an exploration draws from, as values (a Case per request): parties of 1 to 9
// across the categories, stays and periods of 1 to 30 days across month ends, year ends and 29
// February, MaxResponses from 1, every place and RefPoint context, one and two transfer legs at
// every hour, language values (present and absent), optional elements in and out. Drawn from a seeded Random, and
// shrunk towards the smallest request (fewest participants, shortest stay, earliest bound, fewest
// optional elements).
import { addDays } from '../../core/dates';
import type { Place, TestData } from '../../core/test-data';
import type { Random } from './random';

/** The read-only operations an exploration sends (booking and its reads change or need state). */
export const EXPLORED_OPERATIONS = [
  'hotelavailability',
  'activityavailability',
  'transferavailability',
  'activitysearch',
  'hotelnbc',
  'activitynbc',
] as const;
export type ExploredOperation = (typeof EXPLORED_OPERATIONS)[number];

/** One category of a party: its OpenTravel age qualifying code, how many, and the age sent where a request carries one. */
export interface Participants {
  code: string;
  count: number;
  age: number;
}

/** The transfer legs ("Location (repeated)"), as the operation's request edits name them. */
export type Legs = 'airport to hotel' | 'hotel to airport' | 'airport to hotel and back';

/** The values of one explored request; what an operation does not carry is absent. */
export interface Case {
  op: ExploredOperation;
  party?: Participants[];
  /** The first date of the stay, period or transfer. */
  start?: string;
  /** Its length in days (the stay's nights; the period's days; the days between the two flights). */
  days?: number;
  maxResponses?: number;
  place?: Place;
  hotelCode?: string;
  legs?: Legs;
  /** hh:mm of the arrival flight and of the departure flight. */
  arrival?: string;
  departure?: string;
  disability?: boolean;
  /** The product is named beside the hotel (activity availability and search). */
  product?: boolean;
  /** The brand is named beside the hotel (hotel descriptive data). */
  brand?: boolean;
  /** The optional Instance of the Type 22 RequestorID is sent. */
  instance?: boolean;
  /** PrimaryLangID and AltLangID: the test data's language and alternate language, or swapped. */
  swapLanguages?: boolean;
  /**
   * PrimaryLangID and AltLangID left out: the spec lists them but says which attributes are
   * mandatory is "not shown". A refusal of such a request is a guess refused (INFO), never a finding.
   */
  noLanguages?: boolean;
}

/** The categories explored: the samples' adult and child, and the third a gateway shows (senior). */
export const CATEGORIES = [
  { code: '10', name: 'adult', ages: [18, 35, 64] },
  { code: '8', name: 'child', ages: [2, 8, 12] },
  { code: '11', name: 'senior', ages: [65, 80] },
] as const;

/** What an exploration draws from: the test data, the first date a request may name, what the gateway showed. */
export interface SpaceBounds {
  data: TestData;
  /** Today plus the test data's offsetDays: no date before it is sent. */
  earliest: string;
  /** Category codes explored (the third only when the gateway showed it). */
  categories: readonly string[];
  /** The configured Instance, when one is: only then is it sent. */
  instance: boolean;
}

const DAYS = [1, 2, 3, 5, 7, 10, 14, 21, 28, 29, 30];

const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The edge dates after `from`: month ends (two years of them), year ends, and the next two 29 Februarys. */
export function edgeDates(from: string): { monthEnds: string[]; yearEnds: string[]; leapDays: string[] } {
  const y0 = Number(from.slice(0, 4));
  const m0 = Number(from.slice(5, 7)) - 1;
  const monthEnds: string[] = [];
  for (let i = 0; i < 24; i++) monthEnds.push(lastDayOfMonth(y0 + Math.floor((m0 + i) / 12), (m0 + i) % 12));
  const after = (d: string) => d >= from;
  const yearEnds = [y0, y0 + 1, y0 + 2].map((y) => `${y}-12-31`).filter(after);
  const leapDays: string[] = [];
  for (let y = y0; leapDays.length < 2; y++) if (isLeap(y) && after(`${y}-02-29`)) leapDays.push(`${y}-02-29`);
  return { monthEnds: monthEnds.filter(after), yearEnds, leapDays };
}

/** A first date and a length: a third across a month end, some across a year end or 29 February, the rest anywhere in two months. */
function drawDates(rnd: Random, earliest: string): { start: string; days: number } {
  const days = rnd.chance(0.5) ? rnd.pick(DAYS) : rnd.int(1, 30);
  const edges = edgeDates(earliest);
  const roll = rnd.next();
  // across an edge: the edge day is inside [start, start + days), so the stay spans it
  const across = (edge: string) => {
    const start = addDays(edge, -rnd.int(0, days - 1));
    return { start: start < earliest ? earliest : start, days };
  };
  if (roll < 0.35) return across(rnd.pick(edges.monthEnds));
  if (roll < 0.5 && edges.yearEnds.length) return across(rnd.pick(edges.yearEnds));
  if (roll < 0.65) return rnd.chance(0.5) ? { start: rnd.pick(edges.leapDays), days } : across(rnd.pick(edges.leapDays));
  return { start: addDays(earliest, rnd.int(0, 60)), days };
}

/** A party of 1 to 9 across the categories explored, at the edges of each category's ages; mostly with an adult. */
function drawParty(rnd: Random, categories: readonly string[]): Participants[] {
  const total = rnd.int(1, 9);
  const counts = new Map<string, number>();
  const known = CATEGORIES.filter((c) => categories.includes(c.code));
  if (rnd.chance(0.9)) counts.set('10', 1);
  while ([...counts.values()].reduce((a, b) => a + b, 0) < total) {
    const code = rnd.pick(known).code;
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return known.filter((c) => counts.has(c.code)).map((c) => ({ code: c.code, count: counts.get(c.code)!, age: rnd.pick(c.ages) }));
}

/** A time of day: every hour, late night (22:00 to 01:59) more often than the rest. */
function drawTime(rnd: Random): string {
  const hour = rnd.chance(0.35) ? rnd.pick([22, 23, 0, 1]) : rnd.int(0, 23);
  return `${String(hour).padStart(2, '0')}:${rnd.pick(['00', '15', '30', '45', '59'])}`;
}

/** Share of the requests carrying language attributes that leave them out. */
const LANGUAGES_LEFT_OUT = 0.25;

/**
 * The language attributes, from one draw (so that the rest of the sequence is that of a seed
 * drawn before they could be left out): swapped below `swap`, left out in the last quarter.
 */
function drawLanguages(rnd: Random, swap: number): Pick<Case, 'swapLanguages' | 'noLanguages'> {
  const l = rnd.next();
  return { swapLanguages: l < swap, ...(l >= 1 - LANGUAGES_LEFT_OUT ? { noLanguages: true } : {}) };
}

/** Draws one request's values of `op`. */
export function drawCase(op: ExploredOperation, rnd: Random, spaceBounds: SpaceBounds): Case {
  const { data } = spaceBounds;
  const common: Case = {
    op,
    ...(spaceBounds.instance ? { instance: rnd.chance(0.5) } : {}),
  };
  switch (op) {
    case 'hotelavailability': {
      const { start, days } = drawDates(rnd, spaceBounds.earliest);
      const maxResponses = rnd.chance(0.5) ? rnd.pick([1, 2, 3]) : rnd.int(1, 20);
      return {
        ...common,
        party: drawParty(rnd, spaceBounds.categories),
        start,
        days,
        maxResponses,
        place: rnd.pick(data.hotelAvailability.places),
      };
    }
    case 'activityavailability': {
      const { start, days } = drawDates(rnd, spaceBounds.earliest);
      return {
        ...common,
        party: drawParty(rnd, spaceBounds.categories),
        start,
        days,
        hotelCode: rnd.pick(data.activities.hotelCodes),
        product: rnd.chance(0.7),
      };
    }
    case 'transferavailability': {
      const { start, days } = drawDates(rnd, spaceBounds.earliest);
      const legs = rnd.pick<Legs>(['airport to hotel', 'hotel to airport', 'airport to hotel and back']);
      return {
        ...common,
        party: drawParty(rnd, spaceBounds.categories),
        start,
        days,
        legs,
        arrival: drawTime(rnd),
        departure: drawTime(rnd),
        disability: rnd.chance(0.2),
      };
    }
    case 'activitysearch': {
      const { start, days } = drawDates(rnd, spaceBounds.earliest);
      return {
        ...common,
        start,
        days,
        hotelCode: rnd.pick(data.activities.hotelCodes),
        product: rnd.chance(0.6),
        ...drawLanguages(rnd, 0.3),
      };
    }
    case 'hotelnbc': {
      const hotel = rnd.pick(data.hotels);
      return { ...common, hotelCode: hotel.code, brand: !!hotel.brandCode && rnd.chance(0.6), ...drawLanguages(rnd, 0.4) };
    }
    case 'activitynbc':
      return { ...common, ...drawLanguages(rnd, 0.5) };
  }
}

/**
 * The test data's own request of an operation (the values it declares availability for: the
 * samples' party, its first place, hotel and product, its nights from the first date, flights at
 * 10:30 and 18:00), with the forms of a request the gateway served, and the values of `c` that make
 * one form: what confirms that this form alone is refused.
 */
export function withForm(
  drawn: Case,
  fields: ReadonlyArray<keyof Case>,
  data: TestData,
  earliest: string,
  served?: { c: Case; fields: ReadonlyArray<keyof Case> },
): Case {
  const party: Participants[] = [
    { code: '10', count: 2, age: 35 },
    { code: '8', count: 1, age: 8 },
  ];
  const dated = { start: earliest, days: data.nights };
  const base: Record<ExploredOperation, Case> = {
    hotelavailability: { op: drawn.op, party, ...dated, maxResponses: 10, place: data.hotelAvailability.places[0] },
    activityavailability: { op: drawn.op, party, ...dated, hotelCode: data.activities.hotelCodes[0], product: true },
    transferavailability: {
      op: drawn.op,
      party,
      ...dated,
      legs: 'airport to hotel and back',
      arrival: '10:30',
      departure: '18:00',
      disability: false,
    },
    activitysearch: { op: drawn.op, ...dated, hotelCode: data.activities.hotelCodes[0], product: true },
    hotelnbc: { op: drawn.op, hotelCode: data.hotels[0].code },
    activitynbc: { op: drawn.op },
  };
  // the forms of a request the gateway served, then the one to confirm: only it differs from a served form
  const of = (x: Case, fs: ReadonlyArray<keyof Case>) => Object.fromEntries(fs.map((f) => [f, x[f]]));
  return { ...base[drawn.op], ...(served ? of(served.c, served.fields) : {}), ...of(drawn, fields) };
}

/** How many participants a case's party counts. */
export const participants = (c: Case) => (c.party ?? []).reduce((n, p) => n + p.count, 0);

/**
 * Smaller cases to try in place of a failing one, smallest step first in the order the shrink
 * prefers: fewest participants, shortest stay (keeping its end, so an edge it crosses stays
 * crossed), earliest bound, fewest legs and optional elements. Each is strictly smaller, so
 * shrinking ends.
 */
export function shrinkCandidates(drawn: Case, earliest: string): Case[] {
  const out: Case[] = [];
  const party = drawn.party ?? [];
  // fewest participants: a whole category out, then each category down to one, then one fewer
  if (participants(drawn) > 1) {
    for (let i = party.length - 1; i >= 0; i--) if (party.length > 1) out.push({ ...drawn, party: party.filter((_, j) => j !== i) });
    const withCount = (i: number, count: number) => ({ ...drawn, party: party.map((q, j) => (j === i ? { ...q, count } : q)) });
    party.forEach((p, i) => p.count > 2 && out.push(withCount(i, 1)));
    party.forEach((p, i) => p.count > 1 && out.push(withCount(i, p.count - 1)));
  }
  // shortest stay: one day; half and one day fewer, keeping its end (an edge it crosses stays crossed) or its start
  if (drawn.start && drawn.days && drawn.days > 1) {
    const end = addDays(drawn.start, drawn.days);
    out.push({ ...drawn, days: 1 });
    for (const days of [...new Set([Math.ceil(drawn.days / 2), drawn.days - 1])])
      out.push({ ...drawn, start: addDays(end, -days), days }, { ...drawn, days });
  }
  // earliest bound: MaxResponses down to 1; the period from the earliest date
  if (drawn.maxResponses && drawn.maxResponses > 1)
    out.push({ ...drawn, maxResponses: 1 }, { ...drawn, maxResponses: drawn.maxResponses - 1 });
  if (drawn.start && drawn.start > earliest) out.push({ ...drawn, start: earliest });
  // fewest legs and optional elements
  if (drawn.legs === 'airport to hotel and back') out.push({ ...drawn, legs: 'airport to hotel' }, { ...drawn, legs: 'hotel to airport' });
  // languages as configured: swapped ones, and left-out ones put back
  for (const key of ['disability', 'brand', 'instance', 'swapLanguages', 'noLanguages'] as const)
    if (drawn[key]) out.push({ ...drawn, [key]: false });
  return out;
}

/** The case in one line, as findings and the console name it. */
export function describeCase(drawn: Case): string {
  const parts: string[] = [];
  if (drawn.party) parts.push(`party ${drawn.party.map((p) => `${p.count}×${p.code} (age ${p.age})`).join(' + ')}`);
  if (drawn.start) parts.push(`from ${drawn.start}, ${drawn.days} day(s) (to ${addDays(drawn.start, drawn.days ?? 0)})`);
  if (drawn.maxResponses !== undefined) parts.push(`MaxResponses ${drawn.maxResponses}`);
  if (drawn.place) parts.push(`RefPoint ${drawn.place.context} ${drawn.place.name}`);
  if (drawn.hotelCode) parts.push(`hotel ${drawn.hotelCode}`);
  if (drawn.legs) parts.push(`${drawn.legs}, arrival ${drawn.arrival}, departure ${drawn.departure}`);
  if (drawn.disability) parts.push('disability-adapted vehicle required');
  if (drawn.product === false) parts.push('no product named');
  if (drawn.brand) parts.push('BrandCode sent');
  if (drawn.instance) parts.push('Instance sent');
  if (drawn.swapLanguages) parts.push('languages swapped');
  if (drawn.noLanguages) parts.push('PrimaryLangID and AltLangID left out');
  return parts.join('; ') || 'the sample as it is';
}

/** Which parts of the space a case touched: what the console and summary.json say was covered. */
export function spaceParts(drawn: Case): string[] {
  const parts: string[] = [];
  const n = participants(drawn);
  if (drawn.party) {
    parts.push(`parties of ${n}`);
    for (const p of drawn.party) parts.push(`category ${p.code}`, `age ${p.age}`);
  }
  if (drawn.start && drawn.days) {
    const end = addDays(drawn.start, drawn.days);
    parts.push(`${drawn.days}-day stays or periods`);
    if (drawn.start.slice(0, 7) !== end.slice(0, 7)) parts.push('across a month end');
    if (drawn.start.slice(0, 4) !== end.slice(0, 4)) parts.push('across a year end');
    if (Array.from({ length: drawn.days + 1 }, (_, i) => addDays(drawn.start!, i)).some((d) => d.endsWith('-02-29')))
      parts.push('over 29 February');
  }
  if (drawn.maxResponses !== undefined) parts.push(`MaxResponses ${drawn.maxResponses}`);
  if (drawn.place) parts.push(`RefPoint ${drawn.place.context}`, `place ${drawn.place.name}`);
  if (drawn.legs) parts.push(`legs: ${drawn.legs}`, `arrival hour ${drawn.arrival?.slice(0, 2)}`);
  if (drawn.legs && drawn.legs !== 'airport to hotel') parts.push(`departure hour ${drawn.departure?.slice(0, 2)}`);
  if (drawn.product !== undefined) parts.push(drawn.product ? 'product named' : 'no product named');
  if (drawn.brand !== undefined) parts.push(drawn.brand ? 'BrandCode in' : 'BrandCode out');
  if (drawn.instance !== undefined) parts.push(drawn.instance ? 'Instance in' : 'Instance out');
  if (drawn.swapLanguages !== undefined)
    parts.push(drawn.noLanguages ? 'languages left out' : drawn.swapLanguages ? 'languages swapped' : 'languages as configured');
  if (drawn.disability !== undefined) parts.push(`DisabilityInfo RequiredInd ${drawn.disability}`);
  return parts;
}
