// Faults of the booking story: activity booking (Quote and Commit), booking read and booking
// cancel, their references, statuses and what the store keeps.

import type { FaultDef } from './fault';

export const BOOKING_FAULTS = [
  {
    name: 'quote-stores-booking',
    area: 'booking',
    operations: ['activitybook'],
    breaks: ['BKG-QUOTE-NO-STORE'],
    description: 'ResStatus Quote stores the booking as if committed.',
  },
  {
    name: 'commit-not-persisted',
    area: 'booking',
    operations: ['activitybook'],
    breaks: ['BKG-COMMIT-PERSISTS'],
    description: 'ResStatus Commit confirms but never writes the booking, so it cannot be read or cancelled.',
  },
  {
    name: 'duplicate-accepted',
    area: 'booking',
    operations: ['activitybook'],
    breaks: ['BKG-DUPLICATE'],
    description: 'A Commit reusing a booking and item reference is accepted and stored again.',
  },
  {
    name: 'read-returns-other-booking',
    area: 'booking',
    operations: ['bookread'],
    breaks: ['RD-RETURNS-BOOKING'],
    description: 'Booking read returns the most recently created other booking instead of the one asked for.',
  },
  {
    name: 'cancel-quote-cancels',
    area: 'booking',
    operations: ['bookcancel'],
    breaks: ['CXL-QUOTE-NO-CHANGE'],
    description: 'CancelType Quote really cancels (reply still says Pending).',
  },
  {
    name: 'cancel-commit-noop',
    area: 'booking',
    operations: ['bookcancel'],
    breaks: ['CXL-COMMIT-CANCELS'],
    description: 'CancelType Commit answers Cancelled but changes nothing.',
  },
  {
    name: 'cancel-unknown-succeeds',
    area: 'booking',
    operations: ['bookcancel'],
    breaks: ['CXL-UNKNOWN'],
    description: 'Cancelling a reference that does not exist answers Cancelled (a delete by reference that deleted nothing).',
  },
  {
    name: 'partial-cancels-all',
    area: 'booking',
    operations: ['bookcancel'],
    breaks: ['CXL-PARTIAL'],
    description:
      'The item a cancel names is never read, in any form (a UniqueID Type 37, a Segment ItinSegNbr or a Segment range): a partial cancellation cancels the whole booking.',
  },
  {
    name: 'quote-unhandled',
    area: 'booking',
    operations: ['activitybook'],
    breaks: ['BKG-QUOTE', 'BKG-PARTICIPANTS-REPEATED'],
    description:
      'Only the booking ResStatus is implemented: an activity booking with ResStatus Quote reaches no handler branch and is answered with a System error (Error Type 12) instead of a quote.',
  },
  {
    name: 'quote-priced-zero',
    area: 'booking',
    operations: ['activitybook'],
    breaks: ['BKG-QUOTE-PRICED'],
    description: 'A ResStatus Quote is answered before the supplier prices it: every amount of the quote is 0.00.',
  },
  {
    name: 'participants-keyed-by-category',
    area: 'booking',
    operations: ['activitybook'],
    breaks: ['BKG-PARTICIPANTS-REPEATED'],
    description:
      'Participants are collected into a map keyed by category: a second ParticipantInfo of the same category throws a duplicate-key exception, answered as a System error (Error Type 12), so a party with two adults cannot be booked.',
  },
  {
    name: 'commit-ref-overwritten',
    area: 'booking',
    operations: ['activitybook'],
    breaks: ['BKG-COMMIT-REF'],
    description:
      "The booking reply writes the gateway's own booking number into the Type 36 Confirmation, keeping ID_Context Client, instead of the client's reference.",
  },
  {
    name: 'read-names-swapped',
    area: 'booking',
    operations: ['bookread'],
    breaks: ['RD-DETAILS'],
    description:
      "Booking read maps the participants' names the wrong way round: the given name is shown as Surname and the surname as GivenName.",
  },
  {
    name: 'read-list-refused',
    area: 'booking',
    operations: ['bookread'],
    breaks: ['RD-RETURNLIST-BOOLEAN'],
    description:
      'Booking read with ReturnListIndicator true is refused as a list request the gateway does not support; only false is served.',
  },
  {
    name: 'cancel-quote-refused',
    area: 'booking',
    operations: ['bookcancel'],
    breaks: ['CXL-QUOTE'],
    description:
      'Only the cancelling CancelType is implemented: a booking cancel with CancelType Quote is refused as an unsupported CancelType.',
  },
  {
    name: 'cancel-quote-says-cancelled',
    area: 'booking',
    operations: ['bookcancel'],
    breaks: ['CXL-QUOTE-TERMS'],
    description:
      'The cancel reply status is written as Cancelled whatever the CancelType: a CancelType Quote, which cancels nothing, says the booking is cancelled.',
  },
  {
    name: 'cancel-status-pending',
    area: 'booking',
    operations: ['bookcancel'],
    breaks: ['CXL-COMMIT-STATUS'],
    description:
      'A cancelling request cancels the booking at once but its reply says Status Pending (the status of the request sent on to the supplier).',
  },
  {
    name: 'cancel-twice-succeeds',
    area: 'booking',
    operations: ['bookcancel'],
    breaks: ['CXL-ALREADY-CANCELLED'],
    description:
      'The cancel is treated as idempotent: cancelling a booking that is already cancelled is answered Cancelled again instead of refused.',
  },
  {
    name: 'read-unknown-served',
    area: 'booking',
    operations: ['bookread'],
    breaks: ['RD-UNKNOWN'],
    description:
      'Booking read of a reference that does not exist is answered as a success with an empty ReservationsList instead of refused.',
  },
  {
    name: 'read-without-reference',
    area: 'booking',
    operations: ['activitybook', 'bookread'],
    breaks: ['BKG-COMMIT-PERSISTS', 'RD-RETURNS-BOOKING'],
    description:
      'A commit is confirmed but never stored, and a booking read of any reference returns a demonstration booking that shows no reference (another activity, another participant, a past day).',
  },
  {
    name: 'read-empty',
    area: 'booking',
    operations: ['bookread'],
    breaks: ['BKG-COMMIT-PERSISTS', 'RD-RETURNS-BOOKING'],
    description:
      'Booking read of an existing booking is answered with Success and nothing else: the reservation found is never written into the reply.',
  },
  {
    name: 'read-refusal-shows-booking',
    area: 'booking',
    operations: ['bookread'],
    breaks: ['AUTH-BOOKING-UNTOUCHED'],
    description:
      'A booking read with wrong credentials is refused, but the refusal carries the whole booking it names in TPA_Extensions beside its Errors (a debugging aid left on).',
  },
  {
    name: 'commit-refused-plain',
    area: 'booking',
    operations: ['activitybook'],
    breaks: ['BKG-COMMIT-REF'],
    description:
      'A valid activity booking with the ResStatus that books is turned away by a request validator in front of the OTA layer: HTTP 400 with a plain-text body, no XML.',
  },
  {
    name: 'unknown-booking-plain-404',
    area: 'booking',
    operations: ['bookread', 'bookcancel'],
    breaks: ['RD-UNKNOWN', 'CXL-UNKNOWN'],
    description:
      "A booking read or cancel of a reference that does not exist is answered with the framework's HTTP 404 page in plain text, with no Errors.",
  },
] as const satisfies readonly FaultDef[];
