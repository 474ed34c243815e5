// One contract per operation; this index is how steps find them.
import type { OperationName } from '../spec/operations';
import type { Contract, Rule } from './rule';
import { activityAvailability, activitySearch, hotelAvailability, transferAvailability } from './availability';
import { activityDescriptive, hotelDescriptive } from './descriptive';
import { activityBooking, bookingCancel, bookingRead } from './booking';

export const CONTRACTS: Record<OperationName, Contract> = {
  hotelavailability: hotelAvailability,
  activityavailability: activityAvailability,
  activitysearch: activitySearch,
  transferavailability: transferAvailability,
  hotelnbc: hotelDescriptive,
  activitynbc: activityDescriptive,
  activitybook: activityBooking,
  bookread: bookingRead,
  bookcancel: bookingCancel,
};

/** Every rule that a Gherkin sentence can ask for, with its operation. */
export function sentenceRules(): Array<{ op: OperationName; rule: Rule & { sentence: string } }> {
  return Object.values(CONTRACTS).flatMap((c) =>
    c.rules.filter((r): r is Rule & { sentence: string } => !!r.sentence).map((rule) => ({ op: c.op, rule })),
  );
}
