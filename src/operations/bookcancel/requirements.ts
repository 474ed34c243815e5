// Booking cancel (POST /bookcancel), "Cancels or partially cancels an existing booking": its
// requirements (its statements in the catalogue, by conformance class) and the facts that decide
// each MUST its rules (./contract.ts) judge. This file is data: it imports only
// src/specification/catalogue/define.ts, and src/specification/requirements.ts assembles the catalogue from it.
import { r, spec, ota, REFUSAL_FORMS, ERRORS_CONVENTION, FIELDS_OPEN, type DecidedByTable } from '../../specification/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'CXL-UNKNOWN',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /bookcancel; Errors',
      statement: `Cancelling a reference that does not exist is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(ERRORS_CONVENTION),
    }),
  ],
  booking: [
    r({
      id: 'CXL-QUOTE',
      level: 'MUST',
      class: 'booking',
      section: 'States and transitions; Endpoints, /bookcancel',
      statement: 'A valid booking cancel request with CancelType Quote for an existing booking is served.',
      basis: spec('In booking cancel, CancelType is given as Quote.'),
      grain: {
        reading:
          '"In booking cancel, CancelType is given as Quote": a valid cancel request with CancelType Quote for an existing booking is served. Whether it changes nothing and gives terms are SHOULDs (CXL-QUOTE-NO-CHANGE, CXL-QUOTE-TERMS).',
        accepts:
          'OTA_CancelRS Status="Pending" with CancelInfoRS/CancelRules, or OTA_TourActivityCancelRS with CancelConfirmation and its rules.',
        refuses: 'CancelType Quote refused as unsupported (an Errors reply, 400 text/plain) for a booking that exists.',
      },
    }),
    r({
      id: 'CXL-QUOTE-NO-CHANGE',
      level: 'SHOULD',
      class: 'booking',
      section: 'States and transitions; Endpoints, /bookcancel',
      statement:
        'Unless the target declares Quote as the CancelType that cancels, a cancel request with CancelType Quote changes nothing: a later read shows the booking live.',
      basis: ota('CancelType Quote asks what a cancellation would cost without cancelling; the spec says "Transitions: not shown."'),
    }),
    r({
      id: 'CXL-QUOTE-TERMS',
      level: 'SHOULD',
      class: 'booking',
      section: 'Endpoints, /bookcancel',
      statement:
        'The reply to a cancel request with CancelType Quote gives the cancellation terms (cancel rules or penalty) and a status that is not cancelled (OpenTravel: Pending).',
      basis: ota(
        `OTA_CancelRS answers a Quote with Status Pending and CancelInfoRS/CancelRules; the spec leaves the reply open (${FIELDS_OPEN})`,
      ),
    }),
    r({
      id: 'CXL-COMMIT-CANCELS',
      level: 'MUST',
      class: 'booking',
      section: 'What the service does; Endpoints, /bookcancel',
      statement:
        'A cancel request with the CancelType the target declares as cancelling (OpenTravel: Commit) for an existing booking is served, and a later booking read no longer shows the booking live: it shows it cancelled, in the status words the target declares, or (by contrast with a read before the cancel that showed it live) refuses it or shows no booking.',
      basis: spec('Cancels or partially cancels an existing booking.'),
      grain: {
        reading:
          '"Cancels or partially cancels an existing booking": the cancel with the CancelType that cancels is served, and a later read no longer shows the booking live. Evidence: the read shows it cancelled in the target\'s words; or, by contrast with a read of the booking before the cancel that showed it live, the read refuses it or shows no booking. An absence with no such contrast (the read before showed only the reference, or no status) is cannot tell.',
        accepts:
          'A gateway whose read of a cancelled booking is refused 404 (OTA_ErrorRS), after a read before the cancel that showed it; or a read showing HotelReservation ResStatus="XL" when the target declares XL.',
        refuses:
          'A cancel answered Cancelled after which the read still shows the booking Reserved (with Success, or with Warnings and no Success: a refusal that shows the booking means what it shows), or a cancel refused in any form.',
      },
    }),
    r({
      id: 'CXL-COMMIT-STATUS',
      level: 'SHOULD',
      class: 'booking',
      section: 'Endpoints, /bookcancel',
      statement:
        'The reply to a cancelling request says the booking is cancelled (OpenTravel: Status Cancelled, or the status words the target declares).',
      basis: ota(`OTA_CancelRS carries Status Cancelled after a committed cancellation; the spec leaves the reply open (${FIELDS_OPEN})`),
    }),
    r({
      id: 'CXL-ALREADY-CANCELLED',
      level: 'SHOULD',
      class: 'booking',
      section: 'Endpoints, /bookcancel; Errors',
      statement: `Cancelling a booking that is already cancelled is refused, ${REFUSAL_FORMS}.`,
      basis: ota(ERRORS_CONVENTION),
    }),
  ],
  'partial-cancellation': [
    r({
      id: 'CXL-PARTIAL',
      level: 'MUST',
      class: 'partial-cancellation',
      section: 'Endpoints, /bookcancel',
      statement:
        "A cancel request in the partial-cancellation form the target declares (one of OTA_CancelRQ's: the item's UniqueID Type 37, Segment/@ItinSegNbr, or Segment/@FirstItinSegNbr and @LastItinSegNbr), on a booking of several items, is served and cancels only that item: a later read shows it cancelled (or no longer lists it, where a read before the cancel listed it) and the booking and its other items live.",
      basis: spec('The operation cancels or partially cancels an existing booking.'),
      grain: {
        reading:
          '"The operation cancels or partially cancels an existing booking. The way a partial cancellation is expressed in the request: not shown.": in the form the target declares (the item\'s UniqueID Type 37, OTA_CancelRQ/Segment/@ItinSegNbr, or a Segment range of one item), cancelling one item of a two-item booking is served, and a later read shows that item cancelled (or no longer lists it, where the read before the cancel listed it) and the booking and its other item live.',
        accepts:
          'A read after the cancel that lists the live item only (the cancelled one dropped), after a read that listed both; an item number the suite had to guess, refused: cannot tell.',
        refuses:
          'A cancel naming one item that cancels every item (the read shows both cancelled, the booking itself cancelled, or refuses the booking), or one refused in the declared form.',
      },
    }),
  ],
} as const;

/**
 * Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md
 * renders them): none here, its MUSTs are decided by the exchange or the booking life across calls.
 */
export const decidedBy: DecidedByTable<typeof requirements> = {};
