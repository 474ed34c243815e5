// What activity descriptive data shows of an activity, for other operations' needs. Corroboration:
// where an activity is and which hotels it serves, as the gateway's own /activitynbc says, for
// rules whose reply shows neither (AAV-LOCATION, ASR-AREA). Discovery: what a booking must keep
// (weekdays and times, pickups, ages, party size) that activity availability did not show. A
// refused, broken or silent reply describes nothing.
import type { Description } from '../../contracts/corroboration';
import { describedBy } from '../../contracts/descriptive-reply';
import { describesNothing } from '../../contracts/envelope';
import { ReplyReader, type ReplyProfilePlaces } from '../../contracts/reader';
import type { Exchange } from '../../contracts/rule';
import { constraintsShown, nothingShown, type ConstraintsShown } from '../../contracts/booking-constraints';
import { FACTS } from './contract';

export const activityDescription = (exchange: Exchange, code: string, source: string, profile: ReplyProfilePlaces = {}): Description =>
  describedBy(
    exchange,
    { kind: 'activity', code },
    source,
    { item: FACTS.activity, code: FACTS.id, country: FACTS.country, region: FACTS.area, hotels: FACTS.hotels },
    profile,
  );

/**
 * What activity descriptive data shows of one TourActivityID's booking constraints (its weekdays and
 * start time, duration, pickups, ages, party size), in the same OpenTravel placements as
 * availability (Schedule/Detail/OperationTimes/OperationTime, Schedule/Summary/@Duration,
 * PickupDropoff, Policies/Participant...), under the item described. A refused or silent reply, or
 * one about another activity, shows nothing.
 */
export function bookingDescribed(exchange: Exchange, code: string, profile: ReplyProfilePlaces = {}): ConstraintsShown {
  const source = 'activity descriptive data';
  const doc = exchange.reply.doc;
  if (!doc || describesNothing(exchange)) return nothingShown(source);
  const reply = new ReplyReader(doc, profile);
  const item = reply
    .items(FACTS.activity)
    .find((i) => reply.value(FACTS.id, i.node)?.value.trim().toUpperCase() === code.trim().toUpperCase());
  return item ? constraintsShown(reply, item.node, source) : nothingShown(source);
}
