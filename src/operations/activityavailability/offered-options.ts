// The options an activity availability reply shows for discovery: each with its codes, the days
// it runs within the period asked, its start times and its constraints.
import type { XNode } from '../../xml/xml';
import { type ReplyReader, firstAccepted } from '../../contracts/reader';
import { categoryCode, FACTS } from './contract';
import { constraintsShown, WEEKDAY_FLAGS, type ConstraintsShown, type OperationTimeShown } from '../../contracts/booking-constraints';
import { day, isDate } from '../../contracts/value-forms';

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** One option of an availability reply: its codes, the days it shows within the period, and its constraints. */
export interface Option {
  node: XNode;
  tourActivityId: string;
  supplierProductCode: string;
  supplierServiceCode: string;
  /** Codes the reply does not show, which the suite chose (named). */
  codeGuesses: string[];
  /** Dates (start = end) and spans (a season, a span of weekdays) within the period, in order. */
  days: Array<{ start: string; end: string }>;
  shown: ConstraintsShown;
}

/**
 * The days an activity shows within the requested period (from..to): the dates it shows, and the
 * spans (Start with End, a season) cut to the period. Never a day outside it: a day the gateway did
 * not offer would be the suite's guess, and its refusal no fault of the gateway.
 */
export function daysOf(reply: ReplyReader, activity: XNode, from: string, to: string): Option['days'] {
  const found = firstAccepted(reply, FACTS.start, isDate, activity);
  if (!found) return [];
  return reply.doc
    .find(found.at, activity)
    .map((n) => ({ start: day(n.content), end: day(reply.doc.find('../@End', n)[0]?.content) }))
    .filter((s) => isDate(s.start))
    .map((s) => {
      const end = isDate(s.end) && s.end > s.start ? s.end : s.start;
      const start = s.start < from && end >= from ? from : s.start;
      return { start, end: to && end > to ? to : end };
    })
    .filter((s) => s.start >= from && (!to || s.start <= to))
    .sort((p, q) => p.start.localeCompare(q.start));
}

/**
 * An option of the reply, or undefined when it is not bookable (no TourActivityID or no day in the
 * period). Without a SupplierProductCode the TourActivityID stands for the product (TourActivityID_Type
 * carries both); without a SupplierServiceCode, the product code stands for the service (OpenTravel
 * has no service code: a product with one service). Those are guesses, named.
 */
export function optionOf(reply: ReplyReader, activity: XNode, from: string, to: string): Option | undefined {
  const tourActivityId = reply.value(FACTS.tourActivityId, activity)?.value;
  const days = daysOf(reply, activity, from, to);
  if (!tourActivityId || days.length === 0) return undefined;
  const codeGuesses: string[] = [];
  const shownProduct = reply.value(FACTS.supplierProductCode, activity)?.value;
  const shownService = reply.value(FACTS.supplierServiceCode, activity)?.value;
  const profileHint = 'not shown; name its place in OTA_REPLY_PROFILE';
  if (!shownProduct) codeGuesses.push(`SupplierProductCode = the TourActivityID ${tourActivityId} (${profileHint})`);
  if (!shownService) codeGuesses.push(`SupplierServiceCode = the product code ${shownProduct ?? tourActivityId} (${profileHint})`);
  const categories = (reply.nodes(FACTS.category, activity)?.value ?? [])
    .map((node) => ({ node, code: categoryCode(reply, node) ?? '' }))
    .filter((c) => c.code);
  return {
    node: activity,
    tourActivityId,
    supplierProductCode: shownProduct ?? tourActivityId,
    supplierServiceCode: shownService ?? shownProduct ?? tourActivityId,
    codeGuesses,
    days,
    shown: constraintsShown(reply, activity, 'activity availability', categories),
  };
}

/** The weekdays the OperationTimes flag (any of them), or undefined when none flags a weekday. */
export function weekdaysOf(times: OperationTimeShown[]): boolean[] | undefined {
  const flagged = times.filter((t) => t.days);
  return flagged.length ? WEEKDAY_FLAGS.map((_, i) => flagged.some((t) => t.days![i])) : undefined;
}

/** The start time of the OperationTime that runs on `date` (or one that flags no weekday). */
export function startOn(times: OperationTimeShown[], date: string): string | undefined {
  const wd = weekdayOf(date);
  return (times.find((t) => t.start && t.days?.[wd]) ?? times.find((t) => t.start && !t.days))?.start;
}
