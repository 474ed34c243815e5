// Booking read (POST /bookread), "Returns information on an existing booking": its requirements
// (its statements in the catalogue, by conformance class) and the facts that decide each MUST its
// rules (./contract.ts) judge. This file is data: it imports only src/specification/catalogue/define.ts, and
// src/specification/requirements.ts assembles the catalogue from it.
import { r, spec, ota, REFUSAL_FORMS, ERRORS_CONVENTION, FIELDS_OPEN, type DecidedByTable } from '../../specification/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'RD-UNKNOWN',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /bookread; Errors',
      statement: `Booking read of a reference that does not exist is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(ERRORS_CONVENTION),
    }),
  ],
  booking: [
    r({
      id: 'RD-RETURNS-BOOKING',
      level: 'MUST',
      class: 'booking',
      section: 'What the service does; Endpoints, /bookread',
      statement:
        "A valid booking read of an existing booking (UniqueID Type 36 with the client's reference) is served and returns that booking, identified by the client's reference, and no other: a read that shows no booking, or only other bookings (another client reference, or another activity, surname or day), does not; nor does the client's reference over another booking's items (none of the item references booked), and the reference alone, with nothing booked under it, is no evidence.",
      basis: spec('Returns information on an existing booking.'),
      grain: {
        reading:
          '"Returns information on an existing booking": a valid read of an existing booking is served and returns that booking, identified by the client\'s reference, and no other booking. The same reading of the read as every booking requirement: no booking shown, or only others, is a finding; a booking without the client\'s reference is cannot tell.',
        accepts:
          "OTA_ResRetrieveRS ReservationsList/HotelReservation with the gateway's UniqueID Type 36 (Internal) before the client's, its Services and ResGuests in any order.",
        refuses:
          "The most recent other booking returned instead (another client reference), that booking beside the one asked for, the client's reference over that booking's items, an empty Success, or a refusal.",
      },
    }),
    r({
      id: 'RD-DETAILS',
      level: 'SHOULD',
      class: 'booking',
      section: 'Endpoints, /bookread',
      statement:
        "A booking read shows the booking's items (by item reference, with the activity booked) and its participants (by surname).",
      basis: ota(
        `OTA_ResRetrieveRS returns the reservation with its services and guests; the spec leaves the fields open (${FIELDS_OPEN})`,
      ),
    }),
    r({
      id: 'RD-RETURNLIST-BOOLEAN',
      level: 'MUST',
      class: 'booking',
      section: 'Endpoints, /bookread',
      statement: 'A booking read of an existing booking is served both with ReturnListIndicator true and with ReturnListIndicator false.',
      basis: spec('attributes Version, ReturnListIndicator (boolean, true or false)'),
      grain: {
        reading:
          '"ReturnListIndicator (boolean, true or false)": a read of an existing booking is served with each of the two values the spec lists; what a list shows is not judged.',
        accepts: 'A gateway that answers true and false alike, or true with a ReservationsList of one booking.',
        refuses: 'A gateway that refuses ReturnListIndicator="true" (lists not supported), or "false", in any refusal form.',
      },
    }),
  ],
} as const;

/**
 * Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md
 * renders them): none here, its MUSTs are decided by the exchange or the booking life across calls.
 */
export const decidedBy: DecidedByTable<typeof requirements> = {};
