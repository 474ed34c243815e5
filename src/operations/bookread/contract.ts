// Booking read (POST /bookread): everything the suite checks of its replies. "Returns information
// on an existing booking." The reply structure is "not shown": each fact is read from the places
// OpenTravel 2016B gives it (OTA_ResRetrieveRS, or OTA_TourActivityResRetrieveRS) and from common
// practice. A read is read once (src/contracts/booking-facts.ts, bookingRead): every rule below
// judges the same facts, compared with what the scenario booked (and the target's status words
// for a cancelled booking), so these checks take that expectation as arguments.
import { notShown, ReplyReader } from '../../contracts/reader';
import { list } from '../../contracts/rule';
import { checkServed } from '../../contracts/envelope';
import type { RequirementId } from '../../specification/requirements';
import type { Exchange } from '../../transport/exchange';
import type { Contract } from '../contract';
import {
  aboutStatus,
  disagreementFinding,
  stateFromItems,
  isCancelledWord as isCancelled,
  READ_FACTS,
  valuesIn,
  type BookingRead,
  type ExpectedBooking,
  type ItemShown,
  type Shown,
} from '../../contracts/booking-facts';
import { bookingRead as readOf, readRule, saysNothingOfTheBooking, shownLiveBy } from '../../contracts/booking-read';
import type { Check } from '../../contracts/rule';

export const FACTS = READ_FACTS;

// One reading, one meaning: a read that shows no booking (nothing but its status) or only other
// bookings does not show the booking asked for, exactly as a refusal does not. Where the booking
// must be shown, that is a finding; where it must be gone, it counts only by contrast (below).
const notThere = (s: Extract<Shown, { kind: 'other' | 'none' }>) => (s.kind === 'other' ? s.at : READ_FACTS.booking.places.join(' | '));

/**
 * Fails the check for each disagreement `which` selects among the items' (placements of one fact of
 * one item that cannot all hold); true when there was any: a rule reading that fact does not pass.
 */
function contradicted(
  check: Check,
  items: readonly ItemShown[],
  which: (disagreement: ItemShown['disagreements'][number]) => boolean,
): boolean {
  const found = items.flatMap((i) => i.disagreements.filter(which));
  for (const d of found) {
    const f = disagreementFinding(d);
    check.fail(f.at, f.expected, f.found);
  }
  return found.length > 0;
}

/**
 * A booking whose own status is shown both cancelled and live, or whose state is read from its
 * items, one of which shows its status both cancelled and live: neither live nor gone, a finding.
 */
function stateContradicted(check: Check, s: Extract<Shown, { kind: 'booking' }>): boolean {
  const own = s.state?.disagreement;
  if (own) {
    const f = disagreementFinding(own);
    check.fail(f.at, f.expected, f.found);
    return true;
  }
  return !!s.state && stateFromItems(s.state) && contradicted(check, s.items, aboutStatus);
}

/** The read is served and shows the booking by the client's reference, live: not cancelled in any status it shows. */
export const shownLive = (req: RequirementId, expected: ExpectedBooking, words: readonly string[]) =>
  readRule(req, expected, words, (exchange, check, read) => {
    if (!checkServed(exchange, check) || read.answer !== 'served') return;
    const shown = read.shown;
    const ref = expected.bookingRef;
    if (shown.kind === 'other' || shown.kind === 'none') check.fail(notThere(shown), `the booking ${ref}, live`, shown.why);
    else if (shown.kind !== 'booking') check.cannotTell(shown.why);
    else if (stateContradicted(check, shown)) return;
    else if (shown.unproven && !shown.state?.cancelled) check.cannotTell(shown.unproven);
    else if (shown.state?.cancelled)
      check.fail(`${shown.booking.at} status`, `booking ${ref} live (not ${list([...words])})`, shown.state.shown);
  });

/** Why an absence (a refusal, an empty read) is no evidence on its own: no earlier read showed what is now missing. */
const noContrast = (what: string) =>
  `${what}, but no read of the booking before the cancel showed it live in this scenario: an absence alone does not show that it was cancelled`;

/** A read that shows the booking, judged by its status: cancelled in the target's words, or a finding (live, or both). */
function cancelledByStatus(check: Check, shown: Extract<Shown, { kind: 'booking' }>, ref: string, words: readonly string[]): void {
  if (!shown.state) check.cannotTell(`the reply shows booking ${ref} but not its status`);
  else if (stateContradicted(check, shown)) return;
  else if (!shown.state.cancelled)
    check.fail(`${shown.booking.at} status`, `booking ${ref} cancelled (${list([...words])}) or refused`, shown.state.shown);
}

/**
 * The read no longer shows the booking live: it shows it cancelled in the target's words, or (by
 * contrast with a read of the same booking before the cancel, `before`, that showed it live) it
 * refuses it or shows nothing. An absence without that contrast is cannot tell. A refusal that
 * shows the booking (Warnings with no Success over the booking, Reserved) is no absence: it means
 * what it shows.
 */
export const noLongerLive = (req: RequirementId, expected: ExpectedBooking, words: readonly string[], before?: Exchange) =>
  readRule(req, expected, words, (exchange, check, read, profile) => {
    const ref = expected.bookingRef;
    const contrast = before && shownLiveBy(readOf(before, expected, words, profile));
    if (read.answer === 'refused') {
      const status = exchange.reply.exchange?.status ?? 0;
      const shown = read.shown;
      if (saysNothingOfTheBooking(status))
        check.cannotTell(`the read after the cancel got HTTP ${status} (${read.why}): no evidence that the booking is gone`);
      else if (shown?.kind === 'booking' && (shown.state || !shown.unproven)) cancelledByStatus(check, shown, ref, words);
      else if (!contrast) check.cannotTell(noContrast(`the read is refused (${read.why})`));
      return;
    }
    if (read.answer !== 'served') {
      check.cannotTell(read.why);
      return;
    }
    const shown = read.shown;
    if (shown.kind === 'none') {
      if (!contrast) check.cannotTell(noContrast(shown.why));
    } else if (shown.kind !== 'booking') check.cannotTell(shown.why);
    else cancelledByStatus(check, shown, ref, words);
  });

/** RD-RETURNS-BOOKING: the read is served and returns the booking asked for, and no other. */
export const readReturns = (expected: ExpectedBooking, words: readonly string[] = []) =>
  readRule('RD-RETURNS-BOOKING', expected, words, (exchange, check, read) => {
    if (!checkServed(exchange, check) || read.answer !== 'served') return;
    const shown = read.shown;
    const ref = expected.bookingRef;
    if (shown.kind === 'other' || shown.kind === 'none') check.fail(notThere(shown), `the booking ${ref}`, shown.why);
    else if (shown.kind !== 'booking') check.cannotTell(shown.why);
    else if (shown.others.length)
      check.fail(READ_FACTS.booking.places.join(' | '), `the booking ${ref} and no other`, `also ${list(shown.others.map((o) => o.at))}`);
    else if (shown.unproven) check.cannotTell(shown.unproven);
  });

/** RD-DETAILS: the read shows each booked item (by item reference, with its activity) and the participants' surnames. */
export const readDetails = (expected: ExpectedBooking, words: readonly string[] = []) =>
  readRule('RD-DETAILS', expected, words, (exchange, check, read, profile) => {
    if (!checkServed(exchange, check) || read.answer !== 'served') return;
    const shown = read.shown;
    if (shown.kind !== 'booking') {
      check.cannotTell(shown.why);
      return;
    }
    for (const want of expected.items) {
      const got = shown.items.find((i) => i.ref === want.itemRef);
      if (!got) {
        if (shown.items.some((i) => i.ref))
          check.fail(`${shown.booking.at} items`, `item ${want.itemRef}`, list(shown.items.map((i) => i.ref)));
        else check.cannotTell(`the reply does not show the item references of booking ${expected.bookingRef}`);
        continue;
      }
      // the details of an item shown twice pass only when every placement agrees (its status is the status checks')
      if (contradicted(check, [got], (d) => !aboutStatus(d))) continue;
      const party = want.participants
        ? new ReplyReader(exchange.reply.doc!, profile).nodes(READ_FACTS.itemParticipant, got.node)
        : undefined;
      if (party && party.value.length < want.participants!)
        check.fail(`${got.at} item ${want.itemRef}/${party.at}`, `the ${want.participants} participants booked`, `${party.value.length}`);
      if (!got.activity) check.cannotTell(`the reply does not show the activity of item ${want.itemRef}`);
      else if (got.activity.value.toLowerCase() !== want.tourActivityId.toLowerCase())
        check.fail(`${got.at} item ${want.itemRef}/${got.activity.at}`, want.tourActivityId, got.activity.value);
    }
    const reply = new ReplyReader(exchange.reply.doc!, profile);
    const surnames = valuesIn(reply, READ_FACTS.surname, shown.booking.parts);
    const wanted = [...new Set(expected.items.flatMap((i) => i.surnames))];
    if (!surnames) check.cannotTell(notShown(reply, READ_FACTS.surname));
    else {
      const missing = wanted.filter((n) => !surnames.value.some((v) => v.toLowerCase() === n.toLowerCase()));
      if (missing.length) check.fail(`${shown.booking.at}/${surnames.at}`, `participants ${list(missing)}`, list(surnames.value));
    }
  });

/** The items a read before the cancel showed live, under a booking it showed live: those whose absence later means something. */
const itemsLiveBefore = (before: BookingRead | undefined, words: readonly string[]) =>
  (before &&
    shownLiveBy(before)
      ?.items.filter((i) => !i.status || !isCancelled(i.status.value, words))
      .map((i) => i.ref)) ??
  [];

/**
 * After a partial cancellation: the item is shown cancelled (or no longer shown, when a read of the
 * booking before the cancel, `before`, showed it: a gateway may drop it) and every other item of
 * the booking is shown, live.
 */
export const onlyItemCancelled = (
  req: RequirementId,
  expected: ExpectedBooking,
  cancelledRef: string,
  words: readonly string[],
  before?: Exchange,
) =>
  readRule(req, expected, words, (exchange, check, read, profile) => {
    if (!checkServed(exchange, check) || read.answer !== 'served') return;
    const shown = read.shown;
    if (shown.kind !== 'booking') {
      if (shown.kind === 'other' || shown.kind === 'none')
        check.fail(notThere(shown), `the booking ${expected.bookingRef}, live`, shown.why);
      else check.cannotTell(shown.why);
      return;
    }
    if (stateContradicted(check, shown)) return;
    // shown cancelled as a whole, by its own status, while its other items are to stay live: a finding, whatever its items show
    if (shown.state?.cancelled && !stateFromItems(shown.state)) {
      check.fail(
        `${shown.booking.at} status`,
        `booking ${expected.bookingRef} live, only item ${cancelledRef} cancelled`,
        shown.state.shown,
      );
      return;
    }
    if (!shown.items.some((i) => i.ref)) {
      check.cannotTell(`the reply does not show the item references of booking ${expected.bookingRef}`);
      return;
    }
    const shownBefore = itemsLiveBefore(before && readOf(before, expected, words, profile), words);
    for (const want of expected.items) {
      const cancelled = want.itemRef === cancelledRef;
      const got = shown.items.find((i) => i.ref === want.itemRef);
      if (!got) {
        if (!cancelled)
          check.fail(
            `${shown.booking.at} items`,
            `item ${want.itemRef}, live`,
            `not shown (items: ${list(shown.items.map((i) => i.ref))})`,
          );
        else if (!shownBefore.includes(want.itemRef))
          check.cannotTell(
            `item ${want.itemRef} is no longer shown, but no read of the booking before the cancel showed it: its absence alone does not show that it was cancelled`,
          );
        continue;
      }
      if (contradicted(check, [got], (d) => aboutStatus(d) || d.fact === READ_FACTS.itemNumber)) continue;
      if (!got.status) check.cannotTell(`the reply does not show the status of item ${want.itemRef}`);
      else if (isCancelled(got.status.value, words) !== cancelled)
        check.fail(
          `${got.at} item ${want.itemRef}/${got.status.at}`,
          cancelled ? `cancelled (${list([...words])})` : 'live (not cancelled)',
          got.status.value,
        );
    }
  });

export const contract: Contract = {
  op: 'bookread',
  facts: Object.values(FACTS),
  // Every check of a read compares it with what the scenario booked: steps pass that expectation.
  rules: [],
};
