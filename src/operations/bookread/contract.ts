// Booking read (POST /bookread): everything the suite checks of its replies. "Returns information
// on an existing booking." The reply structure is "not shown": each fact is read from the places
// OpenTravel 2016B gives it (OTA_ResRetrieveRS, or OTA_TourActivityResRetrieveRS) and from common
// practice. A read is compared with what the scenario booked, so these checks take that
// expectation (and the target's status words for a cancelled booking) as arguments.
import { fact, type ReplyReader, type Fact, notShown } from '../../contracts/reader';
import { list, replyRule, type Check } from '../../contracts/rule';
import { checkServed, refusalForm } from '../../contracts/envelope';
import type { RequirementId } from '../../spec/requirements';
import type { XNode } from '../../xml/xml';
import type { Contract } from '../contract';
import { otherContent } from '../../contracts/items-offered';
import {
  findBooking,
  isCancelledWord,
  isClients,
  READ_BOOKING_FACTS,
  referencesOf,
  RESRETRIEVE_XSD,
  TOUR_RESRETRIEVE_XSD,
  type Booking,
  type ExpectedBooking,
} from '../../contracts/booking-facts';

export const FACTS = {
  ...READ_BOOKING_FACTS,
  status: fact(
    'bookread.booking.status',
    'the status of a booking',
    [
      '@ResStatus',
      '@Status',
      '@ReservationStatus',
      '@BookingStatus',
      'ota:TPA_Extensions/ota:ReservationStatus/@Status',
      'ota:TPA_Extensions/*/@Status',
    ],
    `${RESRETRIEVE_XSD}: HotelReservation/@ResStatus (HotelResStatusType); AirReservation/@Status; TPA_Extensions (vendor practice)`,
    'The status checks cannot tell.',
  ),
  item: fact(
    'bookread.item',
    'an item (a booked activity) of a booking',
    ['ota:Services/ota:Service', 'ota:TourActivities/ota:TourActivity', 'self::ota:Detail', 'self::ota:Summary'],
    `${RESRETRIEVE_XSD}: HotelReservation/Services/Service (one per activity); ${TOUR_RESRETRIEVE_XSD}: Detail, Summary (one activity each)`,
    'The item checks cannot tell.',
  ),
  itemRef: fact(
    'bookread.item.reference',
    'the item reference (Type 37) of an item',
    [
      "self::*[@Type='37']/@ID",
      "ota:UniqueID[@Type='37']/@ID",
      "ota:Confirmation[@Type='37']/@ID",
      "ota:TPA_Extensions/ota:UniqueID[@Type='37']/@ID",
    ],
    `${RESRETRIEVE_XSD}: Service carries the UniqueID attribute group (@Type, @ID); ${TOUR_RESRETRIEVE_XSD}: Confirmation; TPA_Extensions`,
    'The item checks cannot tell which item is shown.',
  ),
  itemActivity: fact(
    'bookread.item.activity',
    'the activity (TourActivityID) of an item',
    ['@ServiceInventoryCode', 'ota:BasicInfo/@TourActivityID', 'ota:TPA_Extensions/ota:BasicInfo/@TourActivityID'],
    `${RESRETRIEVE_XSD}: Service/@ServiceInventoryCode; ${TOUR_RESRETRIEVE_XSD}: Detail/BasicInfo/@TourActivityID`,
    'The activity of the item cannot be told.',
  ),
  itemStatus: fact(
    'bookread.item.status',
    'the status of an item',
    ['@ReservationStatusType', '@Status', '@ResStatus', 'ota:TPA_Extensions/ota:ReservationStatus/@Status', 'ota:TPA_Extensions/*/@Status'],
    `${RESRETRIEVE_XSD}: Service/@ReservationStatusType (PMS_ResStatusType); @Status (vendor practice); TPA_Extensions`,
    'The item status checks cannot tell.',
  ),
  surname: fact(
    'bookread.participant.surname',
    'the surnames of the participants of a booking',
    ['ota:ResGuests/ota:ResGuest//ota:Surname', 'ota:ParticipantInfo/ota:Individual/ota:Surname', './/ota:Surname'],
    `${RESRETRIEVE_XSD}: ResGuests/ResGuest/Profiles/.../PersonName/Surname; ${TOUR_RESRETRIEVE_XSD}: ParticipantInfo/Individual/Surname`,
    'The participants check cannot tell.',
  ),
};

/**
 * The booking the reference names, for a rule that judges what it shows; cantTell (why) when none
 * is found. Given `expected`, a reply that shows other bookings in the client's context fails instead.
 */
function bookingShown(r: ReplyReader, bookingRef: string, c: Check, expected?: string) {
  const b = findBooking(r, bookingRef);
  if (!('why' in b)) return b;
  if (expected !== undefined && b.other) c.fail(FACTS.reference.places.join(' | '), expected, `other bookings: ${b.other}`);
  else c.cannotTell(b.why);
  return undefined;
}

/** The items of one part of a booking: the items it holds, or the part itself when it carries an item reference. */
function itemNodesOf(r: ReplyReader, part: XNode): XNode[] {
  return r.nodes(FACTS.item, part)?.value ?? (r.value(FACTS.itemRef, part) ? [part] : []);
}

/** Items of a booking (of all its parts), with their item references when shown and the place of their part. */
function itemsOf(r: ReplyReader, b: Booking) {
  return b.parts.flatMap((p) =>
    itemNodesOf(r, p.node).map((node) => ({ node, part: p.node, at: p.at, ref: r.value(FACTS.itemRef, node)?.value })),
  );
}

/** The status of an item: its own; an item that is a whole part of the booking (a Detail, a Summary) may show it as a booking status. */
function itemStatus(r: ReplyReader, item: XNode, part: XNode) {
  return r.value(FACTS.itemStatus, item) ?? (item === part ? r.value(FACTS.status, item) : undefined);
}

/**
 * Whether the booking is shown cancelled; undefined when it shows no status, nor one for every item.
 * Only a booking shown in one node has a status of its own: spread over several nodes (one per
 * item), each status is an item's, and the booking is cancelled when every item is, live when any is.
 */
function cancelledState(r: ReplyReader, b: Booking, words: readonly string[]): { cancelled: boolean; shown: string } | undefined {
  if (b.parts.length > 1) {
    const statuses = b.parts.flatMap((p) => {
      const items = itemNodesOf(r, p.node);
      return items.length ? items.map((i) => itemStatus(r, i, p.node)?.value) : [r.value(FACTS.status, p.node)?.value];
    });
    const shown = `items ${list(statuses)}`;
    if (statuses.some((s) => s !== undefined && !isCancelledWord(s, words))) return { cancelled: false, shown };
    if (statuses.some((s) => s === undefined)) return undefined;
    return { cancelled: true, shown };
  }
  const own = r.values(FACTS.status, b.parts[0].node);
  if (own) return { cancelled: own.value.some((s) => isCancelledWord(s, words)), shown: list(own.value) };
  // No status of its own: a booking is cancelled when every item is.
  const statuses = itemsOf(r, b).map((i) => r.value(FACTS.itemStatus, i.node)?.value);
  if (statuses.length === 0 || statuses.some((s) => s === undefined)) return undefined;
  return { cancelled: statuses.every((s) => isCancelledWord(s!, words)), shown: `items ${list(statuses)}` };
}

/** Values of a fact in every part of a booking, merged; undefined when no part shows any. */
function valuesIn(r: ReplyReader, f: Fact, b: Booking) {
  const found = b.parts.flatMap((p) => {
    const v = r.values(f, p.node);
    return v ? [v] : [];
  });
  return found.length ? { at: found[0].at, value: found.flatMap((v) => v.value) } : undefined;
}

/** The read is served and shows the booking live: not cancelled in any status it shows. */
export const shownLive = (req: RequirementId, bookingRef: string, words: readonly string[]) =>
  replyRule(req, (x, c, r) => {
    if (!checkServed(x, c) || !r) return;
    const b = bookingShown(r, bookingRef, c, `the booking ${bookingRef}, live`);
    if (!b) return;
    const state = cancelledState(r, b, words);
    if (state?.cancelled) c.fail(`${b.at} status`, `booking ${bookingRef} live (not ${list([...words])})`, state.shown);
  });

/** The read no longer shows the booking live: it refuses it, or shows it cancelled in the target's words. */
export const noLongerLive = (req: RequirementId, bookingRef: string, words: readonly string[]) =>
  replyRule(req, (x, c, r) => {
    if (refusalForm(x)) return;
    if (x.reply.exchange!.status !== 200 || !r) {
      c.cannotTell(
        `the read was neither served nor refused (HTTP ${x.reply.exchange!.status}${x.reply.unreadable ? `, ${x.reply.unreadable}` : ''})`,
      );
      return;
    }
    // A read that shows nothing but its status (no booking in any place) shows no live booking.
    if ('why' in findBooking(r, bookingRef) && otherContent(r).length === 0) return;
    const b = bookingShown(r, bookingRef, c);
    if (!b) return;
    const state = cancelledState(r, b, words);
    if (!state) c.cannotTell(`the reply shows booking ${bookingRef} but not its status`);
    else if (!state.cancelled) c.fail(`${b.at} status`, `booking ${bookingRef} cancelled (${list([...words])}) or refused`, state.shown);
  });

/** RD-RETURNS-BOOKING: the read is served and returns the booking asked for, and no other. */
export const readReturns = (expected: ExpectedBooking) =>
  replyRule('RD-RETURNS-BOOKING', (x, c, r) => {
    if (!checkServed(x, c) || !r) return;
    const b = bookingShown(r, expected.bookingRef, c, `the booking ${expected.bookingRef}`);
    if (!b) return;
    if (!b.identified) {
      c.cannotTell(`the reply does not show the client's reference ${expected.bookingRef} (only the gateway's own references, if any)`);
    } else {
      const others = r
        .items(FACTS.booking)
        .filter(
          (o) =>
            !b.parts.some((p) => p.node === o.node) &&
            referencesOf(r, FACTS.reference, o.node).some((ref) => isClients(ref) && ref.id !== expected.bookingRef),
        );
      if (others.length)
        c.fail(
          FACTS.booking.places.join(' | '),
          `the booking ${expected.bookingRef} and no other`,
          `also ${list(others.map((o) => o.at))}`,
        );
    }
  });

/** RD-DETAILS: the read shows each booked item (by item reference, with its activity) and the participants' surnames. */
export const readDetails = (expected: ExpectedBooking) =>
  replyRule('RD-DETAILS', (x, c, r) => {
    if (!checkServed(x, c) || !r) return;
    const b = bookingShown(r, expected.bookingRef, c);
    if (!b) return;
    const items = itemsOf(r, b);
    for (const want of expected.items) {
      const got = items.find((i) => i.ref === want.itemRef);
      if (!got) {
        if (items.some((i) => i.ref)) c.fail(`${b.at} items`, `item ${want.itemRef}`, list(items.map((i) => i.ref)));
        else c.cannotTell(`the reply does not show the item references of booking ${expected.bookingRef}`);
        continue;
      }
      const activity = r.value(FACTS.itemActivity, got.node);
      if (!activity) c.cannotTell(`the reply does not show the activity of item ${want.itemRef}`);
      else if (activity.value.toLowerCase() !== want.tourActivityId.toLowerCase())
        c.fail(`${got.at} item ${want.itemRef}/${activity.at}`, want.tourActivityId, activity.value);
    }
    const surnames = valuesIn(r, FACTS.surname, b);
    const wanted = [...new Set(expected.items.flatMap((i) => i.surnames))];
    if (!surnames) c.cannotTell(notShown(r, FACTS.surname));
    else {
      const missing = wanted.filter((s) => !surnames.value.some((v) => v.toLowerCase() === s.toLowerCase()));
      if (missing.length) c.fail(`${b.at}/${surnames.at}`, `participants ${list(missing)}`, list(surnames.value));
    }
  });

/**
 * After a partial cancellation: the item is shown cancelled (or no longer shown: a gateway may
 * drop it) and every other item of the booking is shown, live.
 */
export const onlyItemCancelled = (req: RequirementId, expected: ExpectedBooking, cancelledRef: string, words: readonly string[]) =>
  replyRule(req, (x, c, r) => {
    if (!checkServed(x, c) || !r) return;
    const b = bookingShown(r, expected.bookingRef, c);
    if (!b) return;
    const items = itemsOf(r, b);
    if (!items.some((i) => i.ref)) {
      c.cannotTell(`the reply does not show the item references of booking ${expected.bookingRef}`);
      return;
    }
    for (const want of expected.items) {
      const cancelled = want.itemRef === cancelledRef;
      const got = items.find((i) => i.ref === want.itemRef);
      if (!got) {
        if (!cancelled) c.fail(`${b.at} items`, `item ${want.itemRef}, live`, `not shown (items: ${list(items.map((i) => i.ref))})`);
        continue;
      }
      const status = itemStatus(r, got.node, got.part);
      if (!status) c.cannotTell(`the reply does not show the status of item ${want.itemRef}`);
      else if (isCancelledWord(status.value, words) !== cancelled)
        c.fail(
          `${got.at} item ${want.itemRef}/${status.at}`,
          cancelled ? `cancelled (${list([...words])})` : 'live (not cancelled)',
          status.value,
        );
    }
  });

export const contract: Contract = {
  op: 'bookread',
  facts: Object.values(FACTS),
  // Every check of a read compares it with what the scenario booked: steps pass that expectation.
  rules: [],
};
