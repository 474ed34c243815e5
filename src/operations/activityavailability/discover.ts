// Finding a bookable activity, and the values to book it with (never invented where the gateway
// shows them: an invented value the gateway refuses would be blamed on it). Booking and activity descriptive-data requests name an activity the target
// really offers: discovery asks activity availability, for each party the test data declares in
// turn, and reads every option by meaning (the facts of ./contract, the target's reply profile
// first). Each value a booking needs (the day, the start and end, the pickup, the ages, the party)
// comes from what the gateway shows: availability first, then the activity's descriptive data;
// then from the test data (activities.bookingValues); only then does the suite guess, and each
// guess is named with the field that would remove it, so that a refusal of it is cannot tell, never
// a failure. Nothing bookable: the scenario's requirements are cantTell (a precondition), never
// failed, and the reason says why of each party and option.
import type { BookingValues, Party, PlaceholderValues, TestData, Weekday } from '../../core/test-data';
import type { Exchange } from '../../transport/exchange';
import type { OtaRequest } from '../../xml/requests';
import { ReplyReader, type ReplyProfilePlaces, firstAccepted } from '../../contracts/reader';
import { noDocument } from '../../contracts/rule';
import { refusalForm } from '../../contracts/envelope';
import { addDays } from '../../core/dates';
import { FACTS } from './contract';
import { setParty } from './request';
import { bothLimits, contradiction, showsAges, type ConstraintsShown, type Limits } from '../../contracts/booking-constraints';
import { isDate, minutesOf, sameCode, timeOf } from '../../contracts/value-forms';
import { optionOf, startOn, weekdaysOf, type Option } from './offered-options';

const DEFAULT_START = '09:00:00';
const DEFAULT_MINUTES = 4 * 60;
const PICKUP_LEAD_MINUTES = 30;
/** The ages booked when neither the gateway nor the test data shows any (within the limits shown, when some are). */
const DEFAULT_AGES = { adult: 35, child: 8 } as const;
const FIELD = 'test data activities.bookingValues';
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const shift = (dateTime: string, minutes: number) => new Date(Date.parse(`${dateTime}Z`) + minutes * 60_000).toISOString().slice(0, 19);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const hhmm = (time: string) => time.slice(0, 5);
const partyText = (p: Party) => `${p.adults} adult(s) and ${p.children} child(ren)`;

/** The activity found: its booking values, the party and whether it takes a pickup, and what the suite guessed. */
export interface Bookable {
  values: PlaceholderValues;
  /** The suite's guesses, each naming what would remove it (a refusal of them is no finding). */
  guessed: string[];
  /** The party availability was asked for and answered: the one booked. */
  party: Party;
  /** Whether the booking asks for a pickup at the hotel (BookingInfo/PickupDropoff). */
  pickup: boolean;
}

/** What availability leaves unshown that the activity's descriptive data may show. */
function leftToDescribe(reply: ReplyReader, option: Option, hotel: string): boolean {
  const timed =
    !!firstAccepted(reply, FACTS.start, (v) => isDate(v) && !!timeOf(v), option.node) || option.shown.operationTimes.some((t) => t.start);
  const pickup = option.shown.pickups.find((p) => p.takes && sameCode(p.location, hotel));
  return (
    !timed ||
    option.shown.minutes === undefined ||
    (option.days.some((d) => d.start !== d.end) && !weekdaysOf(option.shown.operationTimes)) ||
    option.shown.pickups.length === 0 ||
    (!!pickup && !pickup.time) ||
    !showsAges(option.shown)
  );
}

/** What the gateway shows, availability first, then descriptive data (when asked). */
function merged(option: Option, described: ConstraintsShown | undefined) {
  const first = <T>(a: T | undefined, b: T | undefined) => (a !== undefined ? a : b);
  const pickups = option.shown.pickups.length ? option.shown : described?.pickups.length ? described : undefined;
  return {
    described,
    weekdays: first(weekdaysOf(option.shown.operationTimes), described && weekdaysOf(described.operationTimes)),
    minutes: first(option.shown.minutes, described?.minutes),
    pickups,
    ages: described ? bothLimits(option.shown.ages, described.ages) : option.shown.ages,
    party: described ? bothLimits(option.shown.party, described.party) : option.shown.party,
  };
}

/** The ages booked per category of the party: within every limit shown, else the test data's, else a guess (named). */
function agesOf(
  option: Option,
  product: Limits,
  party: Party,
  data: BookingValues,
): { adult: number; child: number; guess?: string } | string {
  const kinds = [
    { kind: 'adult' as const, code: '10', count: party.adults },
    { kind: 'child' as const, code: '8', count: party.children },
  ].filter((k) => k.count > 0);
  const told = (c: Option['shown']['categories'][string] | undefined) => !!c && (c.at.length > 0 || c.age !== undefined);
  const shown = product.min !== undefined || product.max !== undefined || kinds.some((k) => told(option.shown.categories[k.code]));
  const ages = { adult: DEFAULT_AGES.adult as number, child: DEFAULT_AGES.child as number };
  for (const kind of kinds) {
    const category = option.shown.categories[kind.code];
    const limits = bothLimits(product, category ?? { at: [] });
    const wrong = contradiction(limits, `the ages of ${kind.kind}s (category ${kind.code})`);
    if (wrong) return `no ${kind.kind} can take part: ${wrong}`;
    const preferred = category?.age ?? data.ages?.[kind.kind] ?? DEFAULT_AGES[kind.kind];
    ages[kind.kind] = Math.min(Math.max(preferred, limits.min ?? 0), limits.max ?? Infinity);
  }
  const untold = kinds.filter((k) => data.ages?.[k.kind] === undefined);
  if (shown || untold.length === 0) return ages;
  return {
    ...ages,
    guess:
      `the ages ${untold.map((k) => `${ages[k.kind]} (${k.kind})`).join(' and ')}: no age limits shown ` +
      `(Policies/Participant/@MinAge and @MaxAge, in availability and descriptive data); ${FIELD}.ages`,
  };
}

/** The pickup booked: shown at the hotel (its time shown or not), shown elsewhere only (none), or from the test data. */
function pickupOf(
  m: ReturnType<typeof merged>,
  hotel: string,
  data: BookingValues,
): { takes: boolean; time?: string; guess?: string; source?: string } {
  const at = (s: ConstraintsShown | undefined) => s?.pickups.find((p) => p.takes && sameCode(p.location, hotel));
  if (m.pickups) {
    // Its time: where the pickup is shown, or in descriptive data's pickup at the same hotel.
    const atHotel = at(m.pickups);
    const timed = [atHotel, at(m.described)].find((p) => p?.time);
    if (!atHotel) return { takes: false };
    if (timed) return { takes: true, time: timed.time, source: timed === atHotel ? m.pickups.source : m.described!.source };
    return { takes: true, time: data.pickupTime ? `${data.pickupTime}:00` : undefined };
  }
  if (data.pickupTime === null) return { takes: false };
  if (data.pickupTime) return { takes: true, time: `${data.pickupTime}:00` };
  return {
    takes: false,
    guess: `no pickup: neither availability nor descriptive data shows a PickupDropoff at hotel ${hotel}; ${FIELD}.pickupTime (hh:mm, or null for none)`,
  };
}

/** The day to book: a date the reply offers, or the first day of a span on a weekday it runs (unknown weekdays: a guess, named). */
function dayToBook(option: Option, weekdays: boolean[] | undefined): { date: string; guess?: string } | undefined {
  for (const day of option.days) {
    if (day.start === day.end) return { date: day.start };
    if (!weekdays)
      return {
        date: day.start,
        guess: `the day ${day.start}, the first of the span ${day.start} to ${day.end} shown without weekdays (Schedule//OperationTime); ${FIELD}.weekdays`,
      };
    for (let d = day.start; d <= day.end; d = addDays(d, 1)) if (weekdays[weekdayOf(d)]) return { date: d };
  }
  return undefined;
}

interface Asked {
  party: Party;
  hotel: string;
  data: BookingValues;
}

/**
 * The booking values of an option, what of them was guessed; or why it cannot be booked (a reason
 * the gateway shows: contradictory constraints, a party size, no day it runs).
 */
function settle(reply: ReplyReader, option: Option, described: ConstraintsShown | undefined, ask: Asked): Bookable | string {
  const id = option.tourActivityId;
  const contradictions = [
    ...option.shown.contradictions.map((c) => `${option.shown.source} shows ${c}`),
    ...(described?.contradictions ?? []).map((c) => `${described!.source} shows ${c}`),
  ];
  if (contradictions.length) return `${id}: contradictory constraints: ${contradictions.join('; ')}`;
  const m = merged(option, described);
  const size = ask.party.adults + ask.party.children;
  const sizes = contradiction(m.party, 'the size of its party');
  if (sizes) return `${id}: contradictory constraints: availability and descriptive data show ${sizes}`;
  if ((m.party.min ?? size) > size || (m.party.max ?? size) < size)
    return `${id} takes parties of ${m.party.min ?? 1} to ${m.party.max ?? 'any number'} (${m.party.at.join(', ')}), not ${partyText(ask.party)}`;
  const listed = ask.data.weekdays;
  const weekdays = m.weekdays ?? (listed && WEEKDAY_NAMES.map((d) => listed.includes(d as Weekday)));
  const booked = dayToBook(option, weekdays);
  if (!booked)
    return `${id}: no day within the period on which it runs (weekdays ${WEEKDAY_NAMES.filter((_, i) => weekdays?.[i]).join(' ')})`;
  const { date } = booked;
  const guessed = [...option.codeGuesses, ...(booked.guess ? [booked.guess] : [])];

  const shownTime =
    timeOf(firstAccepted(reply, FACTS.start, (v) => v.startsWith(date) && !!timeOf(v), option.node)?.value[0]) ??
    startOn(option.shown.operationTimes, date) ??
    (described && startOn(described.operationTimes, date));
  const time = shownTime ?? (ask.data.startTime ? `${ask.data.startTime}:00` : DEFAULT_START);
  if (!shownTime && !ask.data.startTime)
    guessed.push(`a start time of ${hhmm(time)} (shown nowhere: Schedule Start date-times, OperationTime/@Start); ${FIELD}.startTime`);
  const minutes = m.minutes ?? minutesOf(ask.data.duration) ?? DEFAULT_MINUTES;
  if (m.minutes === undefined && !ask.data.duration)
    guessed.push(`a duration of ${DEFAULT_MINUTES / 60} hours (shown nowhere: Schedule Duration); ${FIELD}.duration`);
  const start = `${date}T${time}`;

  const pickup = pickupOf(m, ask.hotel, ask.data);
  if (pickup.guess) guessed.push(pickup.guess);
  if (pickup.takes && pickup.time && shownTime && pickup.time > shownTime && pickup.source)
    return `${id}: contradictory constraints: ${pickup.source} shows a pickup at ${hhmm(pickup.time)}, after its start at ${hhmm(shownTime)}`;
  const pickupTime = pickup.takes && pickup.time ? `${date}T${pickup.time}` : shift(start, -PICKUP_LEAD_MINUTES);
  if (pickup.takes && !pickup.time)
    guessed.push(
      `a pickup at ${hhmm(pickupTime.slice(11))}, ${PICKUP_LEAD_MINUTES} minutes before the start (no pickup time shown: ` +
        `PickupDropoff/@DateTime, PickupDropoff/Schedule//OperationTime/@Start); ${FIELD}.pickupTime`,
    );

  const ages = agesOf(option, m.ages, ask.party, ask.data);
  if (typeof ages === 'string') return `${id}: ${ages}`;
  if (ages.guess) guessed.push(ages.guess);
  return {
    values: {
      tourActivityId: id,
      supplierProductCode: option.supplierProductCode,
      supplierServiceCode: option.supplierServiceCode,
      startDateTime: start,
      endDateTime: shift(start, minutes),
      pickupDateTime: pickupTime,
      adultAge: ages.adult,
      childAge: ages.child,
    },
    guessed,
    party: ask.party,
    pickup: pickup.takes,
  };
}

/**
 * What discovery needs of a scenario (the cucumber World is one): prepare and send the availability
 * request, ask the activity's descriptive data, and stop the scenario as cannot-tell when no
 * activity can be found.
 */
export interface DiscoveryScenario {
  prepare(name: 'activityavailability'): OtaRequest;
  send(): Promise<Exchange>;
  precondition(holds: unknown, reason: string): asserts holds;
  readonly run: {
    readonly replyProfile: { readonly facts: ReplyProfilePlaces };
    readonly data: Pick<TestData, 'availableParties' | 'activities'>;
  };
  /** What the target's activity descriptive data shows of an activity's booking constraints (asked once per code). */
  describeActivityValues(tourActivityId: string): Promise<ConstraintsShown>;
}

/** The options of one availability request for `party`, best shown first; or why there is none. */
async function offered(world: DiscoveryScenario, party: Party): Promise<{ r: ReplyReader; options: Option[]; hotel: string } | string> {
  const request = setParty(world.prepare('activityavailability'), party);
  const hotel = (request.value("//ota:TourActivity/ota:Location[@Context='Source']/ota:Region") ?? '').trim();
  const exchange = await world.send();
  const refusal = refusalForm(exchange);
  const doc = exchange.reply.doc;
  if (!doc || refusal) return `activity availability at hotel ${hotel} gave no activity to book: ${refusal ?? noDocument(exchange)}`;
  const reply = new ReplyReader(doc, world.run.replyProfile.facts);
  const from = request.value('//ota:TourActivity/ota:Schedule/@StartPeriod') ?? '';
  const to = request.value('//ota:TourActivity/ota:Schedule/@EndPeriod') ?? '';
  const results = reply.items(FACTS.activity);
  const options = results.map((o) => optionOf(reply, o.node, from, to)).filter((o): o is Option => !!o);
  if (options.length === 0)
    return (
      `activity availability at hotel ${hotel} found no bookable activity: ` +
      `none of its ${results.length} results shows a TourActivityID and a date within ${from} to ${to}`
    );
  // The options whose values the reply shows best first: the fewest guesses.
  const unshown = (o: Option) => o.codeGuesses.length + (leftToDescribe(reply, o, hotel) ? 1 : 0);
  return { r: reply, options: options.sort((p, q) => unshown(p) - unshown(q)), hotel };
}

/** The activity found, with its booking values and what of them the suite guessed (a refusal of those is no finding). */
export async function discoverActivity(world: DiscoveryScenario): Promise<Bookable> {
  const { availableParties, activities } = world.run.data;
  const reasons: string[] = [];
  for (const party of availableParties) {
    const found = await offered(world, party);
    if (typeof found === 'string') {
      reasons.push(availableParties.length > 1 ? `for ${partyText(party)}, ${found}` : found);
      continue;
    }
    const { r, options, hotel } = found;
    const why: string[] = [];
    for (const option of options) {
      const described = leftToDescribe(r, option, hotel) ? await world.describeActivityValues(option.tourActivityId) : undefined;
      const bookable = settle(r, option, described, { party, hotel, data: activities.bookingValues });
      if (typeof bookable !== 'string') return bookable;
      if (!why.includes(bookable)) why.push(bookable);
    }
    const text = `activity availability at hotel ${hotel} found no activity it shows bookable: ${why.join('; ')}`;
    reasons.push(availableParties.length > 1 ? `for ${partyText(party)}, ${text}` : text);
  }
  world.precondition(false, reasons.join('; '));
}

/** What finding an activity to describe needs of a scenario: availability, and the test data's product code. */
export interface DescribeScenario {
  prepare(name: 'activityavailability'): OtaRequest;
  send(): Promise<Exchange>;
  readonly run: {
    readonly replyProfile: { readonly facts: ReplyProfilePlaces };
    readonly data: { readonly activities: { readonly productCode: string } };
  };
}

/**
 * A TourActivityID to ask activity descriptive data about, which needs nothing else of an activity:
 * the first one activity availability shows (its dates, codes and prices may be unreadable), or,
 * when availability shows none (refused, unreadable, no TourActivityID), the test data's product
 * code, which the spec names by the same identifier ("Tour activity / product | TourActivityID").
 * `from` says which, for the evidence.
 */
export async function activityToDescribe(world: DescribeScenario): Promise<{ tourActivityId: string; from: string }> {
  world.prepare('activityavailability');
  const exchange = await world.send();
  const refusal = refusalForm(exchange);
  const doc = exchange.reply.doc;
  if (doc && !refusal) {
    const reply = new ReplyReader(doc, world.run.replyProfile.facts);
    const id = reply
      .items(FACTS.activity)
      .map((a) => reply.value(FACTS.tourActivityId, a.node)?.value)
      .find((v): v is string => !!v);
    if (id) return { tourActivityId: id, from: `the TourActivityID activity availability shows (${id})` };
  }
  const product = world.run.data.activities.productCode;
  const why = refusal ?? (doc ? 'no activity with a TourActivityID' : noDocument(exchange));
  return {
    tourActivityId: product,
    from: `the test data's product code ${product} (activity availability showed no TourActivityID: ${why})`,
  };
}
