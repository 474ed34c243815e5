// Bookings, as the suite knows them and as replies show them: the items a scenario booked (what a
// read should show), the booking references of a reply (the client's, Type 36 with ID_Context
// Client, beside the gateway's own), the target's words for a cancelled booking, and what a read
// shows of the booking asked (`shownIn`: served and empty, content in an unknown layout, the booking
// the client's reference names, a booking not identified by it, other bookings), which
// booking-read.ts makes the one reading every requirement that looks at a read judges.
import { type ReplyReader, type Disagreement, type Fact, type Found } from './reader';
import { list } from './rule';
import { otherContent } from './items-offered';
import type { XNode } from '../xml/xml';

/** One item the scenario booked: what a read of its booking should show. */
export interface BookedItem {
  itemRef: string;
  tourActivityId: string;
  surnames: string[];
  /** The day booked (yyyy-mm-dd), when the request carries one. */
  date?: string;
  /** The number of participants booked (one ParticipantInfo each), when known. */
  participants?: number;
}

export interface ExpectedBooking {
  bookingRef: string;
  items: BookedItem[];
}

export { READ_BOOKING_FACTS, READ_FACTS, RESRETRIEVE_XSD, TOUR_RESRETRIEVE_XSD } from './booking-read-facts';
import { READ_FACTS } from './booking-read-facts';
import { isCancelledWord, itemNamedElsewhere, ownStatus, type OwnStatus, type Part } from './booking-item-status';
export { isCancelledWord } from './booking-item-status';
import { agreementOf, ownStatusDisagreement } from './booking-item-agreement';
import { identify, otherContentWhy, unprovenWhy } from './booking-evidence';
export { valuesIn } from './booking-evidence';
export { aboutStatus, disagreementFinding } from './booking-item-agreement';

export interface Reference {
  id: string;
  context?: string;
}

/** Every Type 36 reference shown at a fact's places (all of them: client's and gateway's side by side). */
export function referencesOf(reply: ReplyReader, places: Fact, within?: XNode): Reference[] {
  return reply.placesOf(places).flatMap((at) =>
    reply.doc.find(at, within).map((n) => ({
      id: (reply.doc.find('@ID | @ResID_Value', n)[0]?.content ?? '').trim(),
      context: reply.doc.find('@ID_Context | @ResID_Source', n)[0]?.content.trim(),
    })),
  );
}

/** A reference in the client's context ("ID_Context (value Client)"); others may be the gateway's own. */
export const isClients = (ref: Reference) => ref.context?.toLowerCase() === 'client';

export type { Part } from './booking-item-status';

/**
 * A booking as the reply shows it: every node that carries its reference. OTA_TourActivityResRetrieveRS
 * shows one activity per Detail or Summary, so a booking of several items may come back as several
 * nodes, each with the same client reference and its own item reference and status.
 */
export interface Booking {
  parts: Part[];
  /** The places of its parts, for messages. */
  at: string;
}

/** One item of a booking as a read shows it. */
export interface ItemShown {
  node: XNode;
  /** The part of the booking that holds it (the item itself for a Detail or Summary). */
  part: XNode;
  at: string;
  ref?: string;
  activity?: Found<string>;
  status?: Found<string>;
  /** Its number (OTA_CancelRQ/Segment/@ItinSegNbr), where the read shows one. */
  number?: string;
  /** Its facts whose placements disagree (the item, a Summary tied to it, its booking's entries, warnings naming it). */
  disagreements: Disagreement[];
}

/** Whether a booking is shown cancelled, and what it shows (its status, or its items'). */
export interface BookingState {
  cancelled: boolean;
  shown: string;
  /** Its own status, cancelled at one place and live at another: neither, a finding. */
  disagreement?: Disagreement;
}

/** Whether a booking's state is read from its items' statuses (it shows none of its own). */
export const stateFromItems = (state: BookingState) => state.shown.startsWith('items ');

/** What a served read shows, read once; every rule about the booking judges these facts. */
export type Shown =
  /** The booking the client's reference names, its items and state; `others`: other bookings beside it. */
  | {
      kind: 'booking';
      booking: Booking;
      items: ItemShown[];
      state?: BookingState;
      others: Part[];
      /** Why it is no evidence of the booking asked for: it shows the reference but nothing booked under it. */
      unproven?: string;
    }
  /** Other bookings only: by the client's context (another reference), or by what they show (another activity, surname or day). */
  | { kind: 'other'; why: string; at: string }
  /** A booking that shows no reference of the client's and nothing that tells it apart from the one asked for. */
  | { kind: 'unidentified'; why: string }
  /** Nothing but the reply's status (an empty Success, an empty list). */
  | { kind: 'none'; why: string }
  /** Content in none of the places the suite knows a booking by. */
  | { kind: 'unknown layout'; why: string };

/** A booking read, read once. */
export type BookingRead =
  | { answer: 'no reply'; why: string }
  /**
   * Refused in any form: an Errors element, OTA_ErrorRS, Warnings with no Success, any 4xx or 5xx
   * status, with or without XML; `shown`: what its document, if any, shows of the booking.
   */
  | { answer: 'refused'; why: string; shown?: Shown }
  /** HTTP 200 but no XML document, or not application/xml: neither served nor refused. */
  | { answer: 'unreadable'; why: string }
  | { answer: 'served'; shown: Shown };

/** The items of one part of a booking: the items it holds, or the part itself when it carries an item reference. */
function itemNodesOf(reply: ReplyReader, part: XNode): XNode[] {
  return reply.nodes(READ_FACTS.item, part)?.value ?? (reply.value(READ_FACTS.itemRef, part) ? [part] : []);
}

/** Items of a booking (of all its parts), with what each shows. */
function itemsOf(reply: ReplyReader, parts: readonly Part[]): ItemShown[] {
  return parts.flatMap((p) =>
    itemNodesOf(reply, p.node).map((node) => ({
      node,
      part: p.node,
      at: p.at,
      ref: reply.value(READ_FACTS.itemRef, node)?.value,
      activity: reply.value(READ_FACTS.itemActivity, node),
      // an item that is a whole part of the booking (a Detail, a Summary) may show its status as a booking status
      status: reply.value(READ_FACTS.itemStatus, node) ?? (node === p.node ? reply.value(READ_FACTS.status, node) : undefined),
      number: reply.value(READ_FACTS.itemNumber, node)?.value,
      disagreements: [],
    })),
  );
}

/** A booking's own status: cancelled when it shows one of the target's words, with its places' disagreement. */
function ownState(own: OwnStatus, words: readonly string[], ref: string): BookingState {
  const disagreement = ownStatusDisagreement(own, words, ref);
  return { cancelled: own.value.some((s) => isCancelledWord(s, words)), shown: list(own.value), ...(disagreement && { disagreement }) };
}

/**
 * Whether the booking is shown cancelled; undefined when it shows no status, nor one for every item.
 * Only a booking shown in one node has a status of its own: spread over several nodes (one per
 * item), each status is an item's, and the booking is cancelled when every item is, live when any is.
 */
function stateOf(
  reply: ReplyReader,
  parts: readonly Part[],
  items: readonly ItemShown[],
  words: readonly string[],
  ref: string,
): BookingState | undefined {
  if (parts.length > 1) {
    const statuses = parts.flatMap((part) => {
      const own = items.filter((i) => i.part === part.node);
      return own.length ? own.map((i) => i.status?.value) : [reply.value(READ_FACTS.status, part.node)?.value];
    });
    const shown = `items ${list(statuses)}`;
    if (statuses.some((s) => s !== undefined && !isCancelledWord(s, words))) return { cancelled: false, shown };
    if (statuses.some((s) => s === undefined)) return undefined;
    return { cancelled: true, shown };
  }
  const own = ownStatus(reply, parts[0].node);
  if (own) return ownState(own, words, ref);
  // No status of its own: a booking is cancelled when every item is.
  const statuses = items.map((i) => i.status?.value);
  if (statuses.length === 0 || statuses.some((s) => s === undefined)) return undefined;
  return { cancelled: statuses.every((s) => isCancelledWord(s!, words)), shown: `items ${list(statuses)}` };
}

/** Parts at the booking's other places than the one its bookings were found at (`first`, "<place>[n]"): Summaries beside a Detail. */
function partsElsewhere(reply: ReplyReader, first: string): Part[] {
  return reply
    .placesOf(READ_FACTS.booking)
    .filter((at) => !first.startsWith(`${at}[`))
    .flatMap((at) => reply.doc.find(at).map((node, i) => ({ node, at: `${at}[${i + 1}]` })));
}

/**
 * The items of a booking shown apart from it: each part shown apart, those of the booking's own
 * parts that carry a reference, and a booked item that only an entry or a warning names; each
 * without a status of its own takes the one an entry of the booking, or a warning, gives it.
 */
function separateItems(
  reply: ReplyReader,
  own: readonly Part[],
  apart: readonly Part[],
  expected: ExpectedBooking,
  words: readonly string[],
): ItemShown[] {
  const shown = [...itemsOf(reply, apart), ...itemsOf(reply, own).filter((i) => i.ref)];
  const items = shown.filter((i, n) => !i.ref || shown.findIndex((j) => j.ref === i.ref) === n);
  const withStatus = items.map((item) => {
    if (!item.ref || (item.status && item.activity)) return item;
    const elsewhere = itemNamedElsewhere(reply, own, item.ref, words);
    return { ...item, status: item.status ?? elsewhere?.status, activity: item.activity ?? elsewhere?.activity };
  });
  for (const want of expected.items) {
    if (withStatus.some((i) => i.ref === want.itemRef)) continue;
    const elsewhere = itemNamedElsewhere(reply, own, want.itemRef, words);
    if (elsewhere) withStatus.push({ node: own[0].node, part: own[0].node, ref: want.itemRef, disagreements: [], ...elsewhere });
  }
  return withStatus;
}

/** A booking shown apart from its items: its own status, or else its items' (cancelled when every one is, live when any is). */
function separateState(
  reply: ReplyReader,
  own: readonly Part[],
  items: readonly ItemShown[],
  booking: { ref: string; booked: readonly string[] },
  words: readonly string[],
): BookingState | undefined {
  const status = own.map((p) => ownStatus(reply, p.node, booking.booked)).find(Boolean);
  if (status) return ownState(status, words, booking.ref);
  const statuses = items.map((i) => i.status?.value);
  const shown = `items ${list(statuses)}`;
  if (statuses.some((s) => s !== undefined && !isCancelledWord(s, words))) return { cancelled: false, shown };
  if (statuses.length === 0 || statuses.some((s) => s === undefined)) return undefined;
  return { cancelled: true, shown };
}

/** What a booking shown by the client's reference (`parts`, and `loose` items apart from any booking) shows of the one booked. */
const identified = (
  reply: ReplyReader,
  parts: readonly Part[],
  loose: readonly Part[],
  items: readonly ItemShown[],
  expected: ExpectedBooking,
) =>
  identify(reply, [...parts, ...loose], items, expected, [
    ...items.map((i) => i.ref),
    ...loose.flatMap((b) => itemsOf(reply, [b]).map((i) => i.ref)),
  ]);

/** A served read that shows no booking: nothing but its status, or content in a layout the suite does not know. */
function noBooking(reply: ReplyReader): Shown {
  const other = otherContent(reply);
  return other.length === 0
    ? {
        kind: 'none',
        why: `the read is served but shows no booking, nothing but its status (looked at: ${reply.placesOf(READ_FACTS.booking).join(' | ')})`,
      }
    : {
        kind: 'unknown layout',
        why:
          `the read shows ${READ_FACTS.booking.what} in none of the known places, but carries other content (${list(other.slice(0, 3))}); ` +
          `if that is where it shows bookings, name the place for "${READ_FACTS.booking.id}" in OTA_REPLY_PROFILE`,
      };
}

/** Bookings a read shows with no reference of the client's: told apart by what they show, never taken for the one asked. */
function unnamedBookings(
  reply: ReplyReader,
  bookings: ReadonlyArray<{ node: XNode; at: string; refs: Reference[] }>,
  expected: ExpectedBooking,
): Shown {
  const ref = expected.bookingRef;
  const unnamed = bookings.map((booking) => {
    const part = [{ node: booking.node, at: booking.at }];
    return { at: booking.at, differs: identify(reply, part, itemsOf(reply, part), expected).differs };
  });
  if (unnamed.every((b) => b.differs.length))
    return {
      kind: 'other',
      why: `the read shows ${unnamed.length === 1 ? 'a booking' : `${unnamed.length} bookings`} without the client's reference ${ref}, not the one booked: ${unnamed.map((b) => `${b.at}: ${b.differs.join('; ')}`).join(' | ')}`,
      at: list(unnamed.map((b) => b.at)),
    };
  return {
    kind: 'unidentified',
    why: `the read shows ${unnamed.length === 1 ? 'a booking' : `${unnamed.length} bookings`} (${list(unnamed.map((b) => b.at))}) without the client's reference ${ref} (only the gateway's own references, if any): a booking not identified by the client's reference is not evidence that it is the one booked`,
  };
}

/** What a served read shows of the booking `expected` names (the client's reference). */
export function shownIn(reply: ReplyReader, expected: ExpectedBooking, words: readonly string[]): Shown {
  const ref = expected.bookingRef;
  const bookings = reply.items(READ_FACTS.booking).map((b) => ({ ...b, refs: referencesOf(reply, READ_FACTS.reference, b.node) }));
  if (bookings.length === 0) return noBooking(reply);
  const named = bookings.filter((b) => b.refs.some((x) => x.id === ref));
  if (named.length) {
    // Items shown apart from their booking (OTA_TourActivityResRetrieveRS: a Summary per item beside
    // a Detail of the booking) are tied to it by their references: no Type 36 of their own, and a
    // Type 37 the client gave an item of this booking.
    const booked = expected.items.map((i) => i.itemRef);
    const unreferenced = [...bookings.filter((b) => !named.includes(b)), ...partsElsewhere(reply, bookings[0].at)].filter(
      (b) => referencesOf(reply, READ_FACTS.reference, b.node).length === 0,
    );
    const tied = unreferenced.filter((b) => booked.includes(reply.value(READ_FACTS.itemRef, b.node)?.value ?? ''));
    const own = named.map((b) => ({ node: b.node, at: b.at }));
    const apart = tied.map((b) => ({ node: b.node, at: b.at }));
    const parts = [...own, ...apart];
    // apart, or no item reference among the booking's own parts: the items are named elsewhere, if anywhere
    const separate = apart.length > 0 || !itemsOf(reply, own).some((i) => i.ref);
    const all = itemsOf(reply, parts);
    const items = agreementOf(
      reply,
      separate ? separateItems(reply, own, apart, expected, words) : all,
      all,
      own,
      { ref, itemRefs: booked },
      words,
    );
    const others = bookings.filter((o) => !named.includes(o) && o.refs.some((x) => isClients(x) && x.id !== ref));
    // What it shows of what was booked: its items' references (and those of items shown apart from
    // any booking), activities, days and surnames.
    const loose = unreferenced.filter((b) => !tied.includes(b)).map((b) => ({ node: b.node, at: b.at }));
    const id = identified(reply, parts, loose, [...all, ...items], expected);
    const otherWhy = otherContentWhy(ref, id);
    if (otherWhy) return { kind: 'other', why: otherWhy, at: list(parts.map((p) => p.at)) };
    return {
      unproven: unprovenWhy(ref, id),
      kind: 'booking',
      booking: { parts, at: list(parts.map((p) => p.at)) },
      items,
      state: separate ? separateState(reply, own, items, { ref, booked }, words) : stateOf(reply, parts, items, words, ref),
      others: others.map((o) => ({ node: o.node, at: o.at })),
    };
  }
  const byReference = bookings.filter((b) => b.refs.some(isClients));
  if (byReference.length)
    return {
      kind: 'other',
      why: `the read shows other bookings (the client's references ${list(byReference.flatMap((b) => b.refs.filter(isClients).map((x) => x.id)))}), not ${ref}`,
      at: list(byReference.map((b) => b.at)),
    };
  return unnamedBookings(reply, bookings, expected);
}
