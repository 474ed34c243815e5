// An explored booking as requests: the activity found by availability of the exploration (the
// project's discovery, src/operations/activityavailability: every value a booking needs comes
// from what the gateway shows, then the test data, and only then a named guess), then the activity
// booking request built from the sample with the case's participants, schedule, pickup and
// references. Every request passes the request self-check before it is sent.
import type { ConstraintsShown } from '../../contracts/booking-constraints';
import { nothingShown } from '../../contracts/booking-constraints';
import type { TestData } from '../../core/test-data';
import { discoverActivity, setCategories, type Bookable, type DiscoveryScenario } from '../../operations/activityavailability';
import { addItemReferences, setParticipants, setPickup, setSchedule } from '../../operations/activitybook';
import { bookingDescribed } from '../../operations/activitynbc';
import type { RunContext } from '../../run/run-context';
import { baseValues, newReference } from '../../run/scenario-values';
import { OPERATIONS } from '../../specification/operations';
import type { Exchange } from '../../transport/exchange';
import { OtaRequest } from '../../xml/requests';
import { partyOf, type BookingCase } from './booking-space';
import { buildRequest, EXPLORED } from './requests';

/**
 * How the booking part sends a request: paced, backed off, counted against the budget, recorded
 * (./exploration.ts) under `scenario` (default: its operation's); a Commit and what follows it share
 * one, so that a replay moves its references in the replies of its reads and cancel.
 */
export type Send = (build: () => OtaRequest, scenario?: string, once?: boolean) => Promise<Exchange>;

/** Availability offered nothing bookable for the case: why (no finding: explored values may match nothing). */
export class NotBookable extends Error {}

const shift = (dateTime: string, minutes: number) => new Date(Date.parse(`${dateTime}Z`) + minutes * 60_000).toISOString().slice(0, 19);
const minutesBetween = (a: string, b: string) => Math.round((Date.parse(`${b}Z`) - Date.parse(`${a}Z`)) / 60_000);

/** The activity found for a case, with the hotel asked from: what every booking of the case is built from. */
export interface Found {
  bookable: Bookable;
  hotelCode: string;
  /** The schedule's length as shown (or as discovery settled it), in minutes. */
  minutes: number;
}

const buildContext = (ctx: RunContext) => ({
  credentials: ctx.credentials,
  data: ctx.data,
  runId: ctx.config.runId,
  samplesDir: ctx.config.samplesDir,
});

/** The project's discovery, for one explored party and period: availability asked with every category of the party. */
export async function findActivity(
  ctx: RunContext,
  send: Send,
  bookingCase: BookingCase,
  hotelCode: string,
  described: Map<string, ConstraintsShown>,
): Promise<Found> {
  const party = partyOf(bookingCase);
  // discovery knows adults and children; a senior books as a participant of its own category, asked as such
  const adults = party.filter((p) => p.code !== '8').reduce((n, p) => n + p.count, 0);
  const children = party.find((p) => p.code === '8')?.count ?? 0;
  let current: OtaRequest | undefined;
  const scenario: DiscoveryScenario = {
    prepare: () => {
      current = buildRequest(
        { op: 'activityavailability', start: bookingCase.start, days: bookingCase.days, hotelCode, product: true },
        buildContext(ctx),
      );
      return current;
    },
    // discovery sets its party of adults and children: the exploration's categories are put back
    send: () => send(() => setCategories(current!, party)),
    precondition(holds: unknown, reason: string): asserts holds {
      if (!holds) throw new NotBookable(reason);
    },
    run: { replyProfile: ctx.replyProfile, data: { availableParties: [{ adults, children }], activities: ctx.data.activities } },
    describeActivityValues: async (code) => {
      const key = code.trim().toUpperCase();
      const known = described.get(key);
      if (known) return known;
      const values = { ...baseValues(ctx.credentials, ctx.data, ctx.config.runId), tourActivityId: code };
      const exchange = await send(() => OtaRequest.fromSample(OPERATIONS.activitynbc, ctx.config.samplesDir, values));
      const shown = exchange.reply.doc
        ? bookingDescribed(exchange, code, ctx.replyProfile.facts)
        : nothingShown('activity descriptive data');
      described.set(key, shown);
      return shown;
    },
  };
  const bookable = await discoverActivity(scenario);
  const placeholderValues = bookable.values;
  return {
    bookable,
    hotelCode,
    minutes: Math.max(1, minutesBetween(String(placeholderValues.startDateTime), String(placeholderValues.endDateTime))),
  };
}

/** The day booked, and the pickup sent (none when the activity takes none). */
export function bookedTimes(bookingCase: BookingCase, found: Found): { start: string; end: string; day: string; pickup?: string } {
  const start = String(found.bookable.values.startDateTime);
  const day = start.slice(0, 10);
  const end = bookingCase.minutes !== undefined ? shift(start, bookingCase.minutes) : String(found.bookable.values.endDateTime);
  if (!found.bookable.pickup) return { start, end, day };
  if (!bookingCase.pickupTime) return { start, end, day, pickup: String(found.bookable.values.pickupDateTime) };
  // 22:00 and later: the evening before the booked day (a pickup across a month or year end when booked on the 1st)
  const late = bookingCase.pickupTime >= '22:00';
  const date = late ? shift(`${day}T00:00:00`, -24 * 60).slice(0, 10) : day;
  return { start, end, day, pickup: `${date}T${bookingCase.pickupTime}:00` };
}

/**
 * The activity booking request of a case, with `resStatus` (the spec's Quote, or the ResStatus the
 * target declares as booking). Explored values may be refused by right (a party, an age or a
 * pickup the activity does not take): a refusal is a legitimate answer, never a finding; what the
 * discovery guessed is named.
 */
export function bookingRequest(ctx: RunContext, bookingCase: BookingCase, found: Found, resStatus: string): OtaRequest {
  const data: TestData = ctx.data;
  const { runId } = ctx.config;
  const times = bookedTimes(bookingCase, found);
  const values = {
    ...baseValues(ctx.credentials, data, runId),
    ...OPERATIONS.activitybook.values?.(data),
    ...found.bookable.values,
    hotelCode: found.hotelCode,
    resStatus,
  };
  const request = OtaRequest.fromSample(OPERATIONS.activitybook, ctx.config.samplesDir, values);
  setParticipants(request, bookingCase.participants);
  setSchedule(request, times.start, times.end);
  if (times.pickup) setPickup(request, { dateTime: times.pickup, pickupInd: bookingCase.pickupInd });
  else request.remove('ota:BookingInfo/ota:PickupDropoff');
  addItemReferences(
    request,
    Array.from({ length: bookingCase.references - 1 }, () => newReference(runId, 'I')),
  );
  request.testData = data;
  request.resultsOptional = EXPLORED;
  if (found.bookable.guessed.length) request.refusalExcused = found.bookable.guessed.join('; ');
  return request;
}
