// Booking cancel (POST /bookcancel), "Cancels or partially cancels an existing booking": its
// requirements (its statements in the catalogue, by conformance class) and the facts that decide
// each MUST its rules (./contract.ts) judge. This file is data: it imports only
// src/spec/catalogue/define.ts, and src/spec/requirements.ts assembles the catalogue from it.
import { r, spec, ota, REFUSAL_FORMS, ERRORS_CONVENTION, FIELDS_OPEN, type DecidedByTable } from '../../spec/catalogue/define';

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
        'A cancel request with the CancelType the target declares as cancelling (OpenTravel: Commit) for an existing booking is served, and a later booking read no longer shows the booking live (it shows it cancelled, in the status words the target declares, or refuses it).',
      basis: spec('Cancels or partially cancels an existing booking.'),
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
        'A cancel request in the partial-cancellation form the target declares (for example a UniqueID Type 37 naming the item), on a booking of several items, is served and cancels only that item: a later read shows it cancelled and the booking and its other items live.',
      basis: spec('The operation cancels or partially cancels an existing booking.'),
    }),
  ],
} as const;

/**
 * Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md
 * renders them): none here, its MUSTs are decided by the exchange or the booking life across calls.
 */
export const decidedBy: DecidedByTable<typeof requirements> = {};
