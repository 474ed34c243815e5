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
  /**
   * What the fault's run configures, as a certifier would, so the suite can decide: the real
   * Instance (the suite cannot blame a refusal of an Instance it chose itself), or a time-out the
   * slow reply outlasts.
   */
  runEnv?: Readonly<Record<string, string>>;
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
  {
    name: 'local-timestamp',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-DATES'],
    description: "The reply's TimeStamp is the database's local form '2026-11-26 13:07:23' (a space, no T), not an xs:dateTime.",
  },
  {
    name: 'error-without-type',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-ERROR-TYPE'],
    description: 'Error elements are written without their required Type (only Code and ShortText).',
  },
  {
    name: 'malformed-500',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-REJECT-MALFORMED'],
    description: "A body that is not well-formed XML reaches the framework's default handler: HTTP 500 with an HTML error page.",
  },
  {
    name: 'accepts-wrong-namespace',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-REJECT-NAMESPACE'],
    description: "The request root's namespace is not checked: a root in another namespace is served by its local name.",
  },
  {
    name: 'root-name-unchecked',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-REJECT-ROOT'],
    description: "The request root's name is not checked: the path's handler reads the body under any root.",
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
  {
    name: 'ignores-requestor-id',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-REQUESTOR'],
    description: 'ID of the Type 22 RequestorID is not checked (only its ID_Context).',
  },
  {
    name: 'ignores-user-id',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-USER'],
    description: 'ID of the Type 88 RequestorID is not checked (only its MessagePassword).',
  },
  {
    name: 'accepts-one-source',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-TWO-SOURCES'],
    description: 'A POS with one Source is let through: whichever RequestorID it holds is checked, the missing one is not asked for.',
  },
  {
    name: 'instance-refused',
    area: 'auth',
    operations: ['transferavailability'],
    breaks: ['REQ-INSTANCE-OPTIONAL'],
    runEnv: { OTA_REQUESTOR_INSTANCE: 'SANDBOX-BRANCH-01' },
    description:
      "Transfer availability, a back end with a schema of its own, refuses a Type 22 RequestorID carrying the optional Instance ('not an allowed attribute').",
  },
  {
    name: 'booking-ops-skip-auth',
    area: 'auth',
    operations: ['bookread', 'bookcancel'],
    breaks: ['AUTH-BOOKING-UNTOUCHED'],
    description: 'Booking read and cancel skip authentication: the booking reference alone is trusted.',
  },
  {
    name: 'credentials-in-errors',
    area: 'auth',
    operations: ALL,
    breaks: ['SEC-NO-CREDENTIAL-ECHO'],
    description: "Errors replies echo the request's POS for debugging, the Type 88 MessagePassword included.",
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
    name: 'hotel-availability-empty',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-SUCCESS'],
    description: 'Hotel availability reads an inventory cache that is never filled: every search is a success with no hotels.',
  },
  {
    name: 'region-refpoint-refused',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-REFPOINT-CONTEXTS'],
    description: 'Hotel availability supports only RefPoint CodeContext Country; a Region is refused as an invalid value.',
  },
  {
    name: 'empty-search-500',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-EMPTY'],
    description:
      'A hotel search that matches nothing reads the first result before checking the list: a System error instead of an empty success.',
  },
  {
    name: 'activity-availability-empty',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-SUCCESS'],
    description: 'Activity availability reads an inventory cache that is never filled: every request is a success with no activities.',
  },
  {
    name: 'activities-other-area',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-LOCATION'],
    description:
      'Activity availability never reads its Location elements: activities of every area and product, each at its own first pickup hotel.',
  },
  {
    name: 'activities-ignore-dates',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-DATES'],
    description: 'Activity availability reads Schedule for validation only: options show the dates of the 60 days after EndPeriod.',
  },
  {
    name: 'activity-hotel-only-refused',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-HOTEL-ONLY'],
    description: 'Activity availability requires a product (Location Context=Service): a request naming only a hotel is refused.',
  },
  {
    name: 'activity-product-only-refused',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-PRODUCT-ONLY'],
    description: 'Activity availability requires a hotel (Location Context=Source): a request naming only a product is refused.',
  },
  {
    name: 'search-ignores-dates',
    area: 'availability',
    operations: ['activitysearch'],
    breaks: ['ASR-DATES'],
    description: 'Activity search reads DateTimePref for validation only: activities show the dates of the 60 days after End.',
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
  {
    name: 'hotelnbc-code-only',
    area: 'descriptive',
    operations: ['hotelnbc'],
    breaks: ['HNBC-CONTENT'],
    description: 'Hotel descriptive data answers with the hotel code alone: no name, description, address or facility.',
  },
  {
    name: 'activitynbc-code-only',
    area: 'descriptive',
    operations: ['activitynbc'],
    breaks: ['ANBC-CONTENT'],
    description: 'Activity descriptive data answers with the activity code alone: no name and no description.',
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
  {
    name: 'transfer-first-leg-only',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-SUCCESS'],
    description: 'Only the first Location (leg) of the request is searched: the return leg gets no transfer service.',
  },
  {
    name: 'transfer-one-location-only',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-LOCATIONS-REPEATED'],
    description: 'A request with more than one Location is refused as unsupported: each leg must be asked for on its own.',
  },
  {
    name: 'transfer-arrivals-only',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-LEG-FORMS'],
    description:
      'A leg with Pickup Address and DropOff AirportInfo (hotel to airport) is refused: only arrivals from the airport were implemented.',
  },
  {
    name: 'transfer-one-passengers-only',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-PASSENGERS-REPEATED'],
    description: 'A request with several Passengers elements (one per category) is refused: the party must come in one Passengers.',
  },
  {
    name: 'transfer-other-location',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-LOCATION'],
    description:
      "Transfers are answered for the hotel of the airport's next resort area: the route is picked by an index that is off by one.",
  },
  {
    name: 'transfer-search-date',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-DATES'],
    description: "The pickup is dated on the day of the search, with the flight's time, instead of the flight's date.",
  },
  {
    name: 'transfer-one-per-category',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-PASSENGERS'],
    description: 'Passengers/@Quantity is ignored: each passenger category is priced for one passenger.',
  },
  {
    name: 'transfer-unknown-airport-fallback',
    area: 'transfers',
    operations: ['transferavailability'],
    breaks: ['TRF-UNKNOWN-AIRPORT'],
    description: 'An airport the gateway does not serve is answered with the transfers of the airport that serves the requested location.',
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
    runEnv: { OTA_REQUEST_TIMEOUT_MS: '1500', SANDBOX_SLOW_MS: '4000' },
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
