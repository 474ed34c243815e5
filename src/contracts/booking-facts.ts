// Bookings, as the suite knows them and as replies show them: the items a scenario booked (what a
// read should show), the booking references of a reply (the client's, Type 36 with ID_Context
// Client, beside the gateway's own), the booking a read shows under the client's reference, and the
// target's words for a cancelled booking. Booking, read and cancel share them.
import { fact, type Fact, type ReplyReader } from './reader';
import { list } from './rule';
import type { XNode } from '../xml/xml';

/** One item the scenario booked: what a read of its booking should show. */
export interface BookedItem {
  itemRef: string;
  tourActivityId: string;
  surnames: string[];
}

export interface ExpectedBooking {
  bookingRef: string;
  items: BookedItem[];
}

export const RESRETRIEVE_XSD = 'OTA_ResRetrieveRS.xsd (2016B)';
export const TOUR_RESRETRIEVE_XSD = 'OTA_TourActivityResRetrieveRS.xsd (2016B)';

/** Where a read shows a booking and its references (facts of booking read, documented with its replies). */
export const READ_BOOKING_FACTS = {
  booking: fact(
    'bookread.booking',
    'a booking',
    [
      '/*/ota:ReservationsList/ota:HotelReservation',
      '/*/ota:ReservationsList/ota:PackageReservation',
      '/*/ota:ReservationsList/ota:GlobalReservation',
      '/*/ota:Detail',
      '/*/ota:Summary',
    ],
    `${RESRETRIEVE_XSD}: ReservationsList/HotelReservation (activities as its Services), PackageReservation, GlobalReservation; ${TOUR_RESRETRIEVE_XSD}: Detail, Summary`,
    'The booking read checks cannot tell (or fail when the reply shows other bookings only).',
  ),
  reference: fact(
    'bookread.booking.reference',
    'the booking references (Type 36) of a booking',
    [
      "ota:UniqueID[@Type='36']",
      "ota:Confirmation[@Type='36']",
      "ota:TPA_Extensions/ota:UniqueID[@Type='36']",
      "ota:ResGlobalInfo/ota:HotelReservationIDs/ota:HotelReservationID[@ResID_Type='36']",
    ],
    `${RESRETRIEVE_XSD}: HotelReservation/UniqueID (max 2: the client's and the gateway's own); ${TOUR_RESRETRIEVE_XSD}: Detail/Confirmation; ` +
      'ResGlobalInfo/HotelReservationIDs (ResID_Value); TPA_Extensions (where the spec puts it in requests). Every place is read.',
    'The booking read checks cannot tell which booking is shown.',
  ),
};

export interface Reference {
  id: string;
  context?: string;
}

/** Every Type 36 reference shown at a fact's places (all of them: client's and gateway's side by side). */
export function referencesOf(r: ReplyReader, places: Fact, within?: XNode): Reference[] {
  return r.placesOf(places).flatMap((at) =>
    r.doc.find(at, within).map((n) => ({
      id: (r.doc.find('@ID | @ResID_Value', n)[0]?.content ?? '').trim(),
      context: r.doc.find('@ID_Context | @ResID_Source', n)[0]?.content.trim(),
    })),
  );
}

/** A reference in the client's context ("ID_Context (value Client)"); others may be the gateway's own. */
export const isClients = (ref: Reference) => ref.context?.toLowerCase() === 'client';

/** Whether a status is one of the target's words for a cancelled booking or item (case-insensitive). */
export const isCancelledWord = (status: string, words: readonly string[]) =>
  words.some((w) => w.trim().toLowerCase() === status.trim().toLowerCase());

/** A node (at a place of the booking fact) that shows a booking, or part of one. */
export interface Part {
  node: XNode;
  at: string;
}

/**
 * A booking as the reply shows it: every node that carries its reference. OTA_TourActivityResRetrieveRS
 * shows one activity per Detail or Summary, so a booking of several items may come back as several
 * nodes, each with the same client reference and its own item reference and status.
 */
export interface Booking {
  parts: Part[];
  /** The places of its parts, for messages. */
  at: string;
  identified: boolean;
}

type Found = Booking | { why: string; other?: string };

const booking = (parts: Part[], identified: boolean): Booking => ({ parts, at: list(parts.map((p) => p.at)), identified });

/**
 * The booking of the reply that the client's reference names: every node that carries it (the
 * parts of one booking, not other bookings). A booking that shows another ID in the client's
 * context is another booking; a lone booking that shows no reference of the client's is taken as
 * the one read, but not `identified`.
 */
export function findBooking(r: ReplyReader, bookingRef: string): Found {
  const bookings = r.items(READ_BOOKING_FACTS.booking).map((b) => ({ ...b, refs: referencesOf(r, READ_BOOKING_FACTS.reference, b.node) }));
  if (bookings.length === 0) return { why: `the reply does not show ${READ_BOOKING_FACTS.booking.what}` };
  const named = bookings.filter((b) => b.refs.some((ref) => ref.id === bookingRef));
  if (named.length) return booking(named, true);
  const others = bookings.flatMap((b) => b.refs.filter(isClients).map((ref) => ref.id));
  if (others.length) return { why: 'the reply shows other bookings', other: list(others) };
  if (bookings.length === 1) return booking(bookings, false);
  return { why: `the reply shows ${bookings.length} bookings, none with the client's reference` };
}
