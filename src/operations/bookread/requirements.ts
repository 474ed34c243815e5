// Booking read (POST /bookread), "Returns information on an existing booking": its requirements
// (its statements in the catalogue, by conformance class) and the facts that decide each MUST its
// rules (./contract.ts) judge. This file is data: it imports only src/spec/catalogue/define.ts, and
// src/spec/requirements.ts assembles the catalogue from it.
import { r, spec, ota, REFUSAL_FORMS, ERRORS_CONVENTION, FIELDS_OPEN, type DecidedByTable } from '../../spec/catalogue/define';

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
        "A valid booking read of an existing booking (UniqueID Type 36 with the client's reference) is served and returns that booking, and no other.",
      basis: spec('Returns information on an existing booking.'),
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
    }),
  ],
} as const;

/**
 * Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md
 * renders them): none here, its MUSTs are decided by the exchange or the booking life across calls.
 */
export const decidedBy: DecidedByTable<typeof requirements> = {};
