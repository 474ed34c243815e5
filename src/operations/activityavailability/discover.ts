// Finding a bookable activity: booking and activity descriptive-data requests name an activity the
// target really offers, so a scenario that needs one first asks activity availability and reads the
// reply by meaning (the facts of ./contract, the target's reply profile first). Every result is
// tried, not only the first. When nothing bookable is found, the scenario's requirements are
// cantTell (a precondition), never failed: the reason says why (no reply, a refusal, no result).
import type { PlaceholderValues } from '../../core/test-data';
import type { Exchange } from '../../transport/exchange';
import type { OtaRequest } from '../../xml/requests';
import type { XNode } from '../../xml/xml';
import { ReplyReader, type ReplyProfilePlaces, firstAccepted } from '../../contracts/reader';
import { noDocument } from '../../contracts/rule';
import { refusalForm } from '../../contracts/envelope';
import { addDays } from '../../core/dates';
import { FACTS } from './contract';
import type { ScheduleShown } from '../../contracts/tour-activity';
import { isDate, minutesOf, timeOf } from '../../contracts/value-forms';

/** DOW_PatternGroup attributes of OperationTime, by JavaScript weekday (0 = Sunday). */
const WEEKDAY_FLAGS = ['Sun', 'Mon', 'Tue', 'Weds', 'Thur', 'Fri', 'Sat'];
const DEFAULT_START = '09:00:00';
const DEFAULT_MINUTES = 4 * 60;
const PICKUP_LEAD_MINUTES = 30;

const shift = (dateTime: string, minutes: number) => new Date(Date.parse(`${dateTime}Z`) + minutes * 60_000).toISOString().slice(0, 19);

/**
 * The first date within the requested period (from..to) on which the activity operates: a date
 * it shows, or a day of a span it shows (Start with End, a season), moved to the first weekday its
 * OperationTime flags allow (when it shows them). Never a date outside the period: a date the
 * gateway did not offer would be the suite's guess, and its refusal no fault of the gateway.
 */
function firstDate(r: ReplyReader, activity: XNode, from: string, to: string): string | undefined {
  const found = firstAccepted(r, FACTS.start, isDate, activity);
  if (!found) return undefined;
  const candidates = r.doc
    .find(found.at, activity)
    .map((n) => ({ start: n.content.trim().slice(0, 10), end: r.doc.find('../@End', n)[0]?.content.trim().slice(0, 10) }))
    .filter((s) => isDate(s.start))
    .map((s) => (s.end && isDate(s.end) && s.start < from && s.end >= from ? { ...s, start: from } : s))
    .filter((s) => s.start >= from && (!to || s.start <= to))
    .sort((p, q) => p.start.localeCompare(q.start));
  const times = r.nodes(FACTS.operationTime, activity)?.value[0];
  const flags = WEEKDAY_FLAGS.map((f) => (times ? r.doc.find(`@${f}`, times)[0]?.content.trim() : undefined));
  for (const c of candidates) {
    if (flags.every((f) => f === undefined)) return c.start;
    const last = [c.end && isDate(c.end) ? c.end : c.start, to].filter(Boolean).sort()[0];
    for (let d = c.start; d <= last; d = addDays(d, 1))
      if (['true', '1'].includes(flags[new Date(`${d}T00:00:00Z`).getUTCDay()] ?? '')) return d;
  }
  return undefined;
}

/** The booking values of one activity option, and what of them the suite had to guess. */
interface Bookable {
  values: PlaceholderValues;
  guessed: string[];
}

/** An option's values before its start time and duration are settled (they may come from descriptive data). */
interface Option {
  tourActivityId: string;
  supplierProductCode: string;
  supplierServiceCode: string;
  date: string;
  time?: string;
  minutes?: number;
  /** Guesses of codes (the time and duration are named when the values are built). */
  guessed: string[];
}

/** The booking values of an option, naming the start time and duration still guessed. */
function valuesOf(o: Option): Bookable {
  const guessed = [...o.guessed];
  if (!o.time) guessed.push(`a start time of ${DEFAULT_START}`);
  if (o.minutes === undefined) guessed.push(`a duration of ${DEFAULT_MINUTES / 60} hours`);
  const start = `${o.date}T${o.time ?? DEFAULT_START}`;
  return {
    values: {
      tourActivityId: o.tourActivityId,
      supplierProductCode: o.supplierProductCode,
      supplierServiceCode: o.supplierServiceCode,
      startDateTime: start,
      endDateTime: shift(start, o.minutes ?? DEFAULT_MINUTES),
      pickupDateTime: shift(start, -PICKUP_LEAD_MINUTES),
    },
    guessed,
  };
}

/**
 * The booking values of one activity option, or undefined when it is not bookable (no
 * TourActivityID or no date in the period). Without a SupplierProductCode the TourActivityID stands
 * for the product (TourActivityID_Type carries both); without a SupplierServiceCode, the product
 * code stands for the service (OpenTravel has no service code: a product with one service). Those,
 * and a start time or duration the reply does not show, are guesses, named in `guessed`.
 */
function bookable(r: ReplyReader, activity: XNode, from: string, to: string): Option | undefined {
  const tourActivityId = r.value(FACTS.tourActivityId, activity)?.value;
  const date = firstDate(r, activity, from, to);
  if (!tourActivityId || !date) return undefined;
  const guessed: string[] = [];
  const shownProduct = r.value(FACTS.supplierProductCode, activity)?.value;
  const shownService = r.value(FACTS.supplierServiceCode, activity)?.value;
  if (!shownProduct) guessed.push(`SupplierProductCode = the TourActivityID ${tourActivityId}`);
  if (!shownService) guessed.push(`SupplierServiceCode = the product code ${shownProduct ?? tourActivityId}`);
  const supplierProductCode = shownProduct ?? tourActivityId;
  const supplierServiceCode = shownService ?? supplierProductCode;
  const shownTime = firstAccepted(r, FACTS.start, (v) => v.startsWith(date) && !!timeOf(v), activity)?.value[0];
  const operationStart = r.nodes(FACTS.operationTime, activity)?.value.map((n) => r.doc.find('@Start', n)[0]?.content)[0];
  const time = timeOf(shownTime) ?? timeOf(operationStart);
  const minutes = minutesOf(r.value(FACTS.duration, activity)?.value);
  return { tourActivityId, supplierProductCode, supplierServiceCode, date, time, minutes, guessed };
}

/**
 * What discovery needs of a scenario (the cucumber World is one): prepare and send the availability
 * request, and stop the scenario as cannot-tell when no activity can be found.
 */
export interface DiscoveryScenario {
  prepare(name: 'activityavailability'): OtaRequest;
  send(): Promise<Exchange>;
  precondition(holds: unknown, reason: string): asserts holds;
  readonly run: { readonly replyProfile: { readonly facts: ReplyProfilePlaces } };
  /** Asks the target's activity descriptive data for an activity's start time and duration. */
  describeSchedule(tourActivityId: string): Promise<ScheduleShown>;
}

/** The activity found, and what of its booking values the suite guessed (a refusal of those is no finding). */
export async function discoverActivity(world: DiscoveryScenario): Promise<Bookable> {
  const request = world.prepare('activityavailability');
  const hotel = (request.value("//ota:TourActivity/ota:Location[@Context='Source']/ota:Region") ?? '').trim();
  const x = await world.send();
  const refusal = refusalForm(x);
  const doc = x.reply.doc;
  world.precondition(doc && !refusal, `activity availability at hotel ${hotel} gave no activity to book: ${refusal ?? noDocument(x)}`);
  const r = new ReplyReader(doc, world.run.replyProfile.facts);
  const from = request.value('//ota:TourActivity/ota:Schedule/@StartPeriod') ?? '';
  const to = request.value('//ota:TourActivity/ota:Schedule/@EndPeriod') ?? '';
  const options = r.items(FACTS.activity);
  const found = options.map((o) => bookable(r, o.node, from, to)).filter((b): b is Option => !!b);
  // The option whose values the reply shows best: the fewest guesses.
  const unshown = (o: Option) => o.guessed.length + (o.time ? 0 : 1) + (o.minutes === undefined ? 1 : 0);
  const best = found.sort((p, q) => unshown(p) - unshown(q))[0];
  if (best) {
    // A start time or duration availability does not show: the gateway's own descriptive data may.
    if (!best.time || best.minutes === undefined) {
      const described = await world.describeSchedule(best.tourActivityId);
      best.time ??= described.time;
      best.minutes ??= described.minutes;
    }
    return valuesOf(best);
  }
  world.precondition(
    false,
    `activity availability at hotel ${hotel} found no bookable activity: ` +
      `none of its ${options.length} results shows a TourActivityID and a date within ${from} to ${to}`,
  );
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
  const x = await world.send();
  const refusal = refusalForm(x);
  const doc = x.reply.doc;
  if (doc && !refusal) {
    const r = new ReplyReader(doc, world.run.replyProfile.facts);
    const id = r
      .items(FACTS.activity)
      .map((a) => r.value(FACTS.tourActivityId, a.node)?.value)
      .find((v): v is string => !!v);
    if (id) return { tourActivityId: id, from: `the TourActivityID activity availability shows (${id})` };
  }
  const product = world.run.data.activities.productCode;
  const why = refusal ?? (doc ? 'no activity with a TourActivityID' : noDocument(x));
  return {
    tourActivityId: product,
    from: `the test data's product code ${product} (activity availability showed no TourActivityID: ${why})`,
  };
}
