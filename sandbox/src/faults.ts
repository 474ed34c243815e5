// Fault catalogue (issue 4): realistic implementer mistakes that can be switched on in the
// sandbox, one at a time or several, to prove the suite catches them. Each fault is applied where
// the behaviour happens (auth, a handler, the store, the envelope, the HTTP layer); grep for
// `faults.has('<name>')` to find its point of application. `breaks` lists the requirement IDs the
// fault must fail, ALL of them (scripts/mutants.ts); test/unit/spec/fault-coverage.test.ts checks
// them against the catalogue (the sandbox never imports the suite, so the check is a test).

import { SwitchSet } from './switches';

export interface FaultDef {
  name: string;
  area: 'envelope' | 'auth' | 'availability' | 'booking' | 'descriptive' | 'transfers' | 'robustness';
  /** Operations (paths without slash) whose replies change; '*' = all nine. */
  operations: readonly string[];
  description: string;
  /** Requirement IDs of the suite's catalogue that this fault must fail, every one of them. */
  breaks: readonly string[];
}

const ALL = ['*'] as const;

// `as const` keeps every name as a literal, so FaultName is a real union and a misspelt
// `faults.has('...')` is a type error.
const FAULT_LIST = [
  // envelope
  {
    name: 'wrong-namespace',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-NAMESPACE'],
    description: 'Replies are written in the OTA 2003 namespace without /05 (http://www.opentravel.org/OTA/2003).',
  },
  {
    name: 'wrong-root',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-RS-ROOT'],
    description: 'The reply root keeps the request name (…RQ) instead of …RS.',
  },
  {
    name: 'version-missing',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-VERSION'],
    description: 'The reply root has no Version attribute.',
  },
  {
    name: 'success-and-errors',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-SUCCESS-XOR-ERRORS'],
    description: 'Errors replies also carry <Success/> (and Success replies an empty warning-level Errors block).',
  },
  {
    name: 'echotoken-dropped',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-ECHOTOKEN'],
    description: 'The request EchoToken is not echoed on the reply.',
  },
  {
    name: 'content-type-html',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-CONTENT-TYPE', 'EP-POST', 'AUTH-VALID'],
    description: 'Replies are sent with Content-Type: text/html.',
  },
  {
    name: 'http-500',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-STATUS-200', 'EP-POST', 'AUTH-VALID'],
    description: 'Every OTA reply, even a Success one, is sent with HTTP status 500.',
  },
  // auth
  {
    name: 'accepts-wrong-password',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-PASSWORD'],
    description: 'MessagePassword of the Type 88 RequestorID is not checked.',
  },
  {
    name: 'accepts-missing-pos',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-POS-REQUIRED'],
    description: 'A request without POS is processed as if authenticated.',
  },
  {
    name: 'ignores-id-context',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-CONTEXT'],
    description: 'ID_Context of the Type 22 RequestorID is not checked.',
  },
  // availability
  {
    name: 'ignores-maxresponses',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-MAXRESPONSES'],
    description: 'Hotel availability returns every matching hotel whatever MaxResponses says.',
  },
  {
    name: 'hotel-ignores-dates',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-DATES'],
    description: 'Hotel availability prices a default stay (tomorrow, one night) instead of StayDateRange.',
  },
  {
    name: 'hotel-ignores-place',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-PLACE'],
    description: 'Hotel availability ignores RefPoint and searches every hotel of every country.',
  },
  {
    name: 'hotel-wrong-guests',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-GUESTS'],
    description: 'Hotel availability prices the default two adults, ignoring the requested GuestCounts.',
  },
  {
    name: 'ignores-maximumprice',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-MAXPRICE'],
    description: 'Activity availability keeps options dearer than MaximumPrice per person.',
  },
  {
    name: 'prices-wrong-participants',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-PARTICIPANTS'],
    description: 'Activity availability prices one participant per category instead of the requested quantities.',
  },
  {
    name: 'wrong-currency-decimal',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-DECIMALS'],
    description: 'Activity availability always writes two decimals (and DecimalPlaces=2), ignoring CurrencyDecimal.',
  },
  {
    name: 'search-ignores-area',
    area: 'availability',
    operations: ['activitysearch'],
    breaks: ['ASR-AREA', 'ASR-HOTEL-ONLY'],
    description:
      'Activity search reads LocationPref only to validate it: activities of every area (and every product) are returned, not only those serving the requested hotel.',
  },
  // booking state
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
    description: 'A UniqueID Type 37 is ignored: a partial cancellation cancels the whole booking.',
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
  // descriptive
  {
    name: 'hotelnbc-unknown-served',
    area: 'descriptive',
    operations: ['hotelnbc'],
    breaks: ['HNBC-UNKNOWN'],
    description: 'Hotel descriptive data for an unknown HotelCode describes the first hotel of the portfolio instead of refusing.',
  },
  {
    name: 'activitynbc-unknown-served',
    area: 'descriptive',
    operations: ['activitynbc'],
    breaks: ['ANBC-UNKNOWN'],
    description: 'Activity descriptive data for an unknown TourActivityID describes the first activity instead of refusing.',
  },
  {
    name: 'hotelnbc-other-hotel',
    area: 'descriptive',
    operations: ['hotelnbc'],
    breaks: ['HNBC-SUBJECT'],
    description: 'Hotel descriptive data describes the next hotel in the portfolio instead of the requested one.',
  },
  {
    name: 'activitynbc-other-activity',
    area: 'descriptive',
    operations: ['activitynbc'],
    breaks: ['ANBC-SUBJECT'],
    description: 'Activity descriptive data describes the next activity in the catalogue instead of the requested one.',
  },
  // transfers
  {
    name: 'ignores-disability',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-DISABILITY'],
    description: 'DisabilityInfo RequiredInd=true is ignored: non-adapted vehicles are offered.',
  },
  {
    name: 'transfer-other-airport',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-AIRPORT'],
    description: 'Transfers are answered for the first airport in the portfolio, whatever LocationCode says.',
  },
  // robustness
  {
    name: 'doctype-entities',
    area: 'robustness',
    operations: ALL,
    breaks: ['EP-NO-DOCTYPE'],
    description: 'Replies start with a DOCTYPE declaring internal entities.',
  },
  {
    name: 'truncated-reply',
    area: 'robustness',
    operations: ALL,
    breaks: ['EP-WELL-FORMED', 'EP-POST', 'AUTH-VALID'],
    description: 'Reply bodies are cut in the middle of an element (a buffer flushed too early).',
  },
  {
    name: 'slow-reply',
    area: 'robustness',
    operations: ['hotelavailability'],
    breaks: ['EP-TIMELY'],
    description: 'Hotel availability answers after SANDBOX_SLOW_MS milliseconds (default 15000).',
  },
  {
    name: 'errors-to-valid-request',
    area: 'robustness',
    operations: ['activitysearch'],
    breaks: ['ASR-SUCCESS'],
    description: 'A valid activity search gets an Errors reply (processing exception).',
  },
] as const satisfies readonly FaultDef[];

export type FaultName = (typeof FAULT_LIST)[number]['name'];

/** The catalogue, widened for easy iteration (names stay typed). */
export const FAULTS: readonly (FaultDef & { readonly name: FaultName })[] = FAULT_LIST;

export class UnknownFaultError extends Error {}

/** The set of faults switched on for one sandbox instance. */
export class Faults extends SwitchSet<FaultName> {
  constructor(names: readonly string[] = []) {
    super(
      'fault',
      FAULTS.map((f) => f.name),
      names,
      (m) => new UnknownFaultError(m),
    );
  }
}
