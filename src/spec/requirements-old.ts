// The requirements catalogue: one entry per testable statement of the spec
// (../shared/spec/gateway-spec.md). Level MUST comes from the spec's own words; SHOULD from
// OpenTravel 2003/05 convention where the spec says "not shown". Every entry is covered by a
// scenario tagged @req:<ID>, or marked untestable with the reason (test/unit/traceability.test.ts).
//
// Conformance classes, after OGC's executable test suites:
// - core: read-only behaviour every implementation must show;
// - booking: creates and cancels bookings (scenarios tagged @creates-booking);
// - alignment: informative comparison with the OpenTravel 2016B schemas; never decides conformance.

export type Level = 'MUST' | 'SHOULD';
export type ConformanceClass = 'core' | 'booking' | 'alignment';

export interface Requirement {
  id: string;
  level: Level;
  class: ConformanceClass;
  /** The spec section the statement comes from (or "OpenTravel convention"). */
  section: string;
  statement: string;
  /** Set when no scenario can check it, with the reason. */
  untestable?: string;
}

const r = (id: string, level: Level, cls: ConformanceClass, section: string, statement: string, untestable?: string): Requirement => ({
  id,
  level,
  class: cls,
  section,
  statement,
  ...(untestable ? { untestable } : {}),
});

const EP = 'Endpoints, common rules';
const OTA = 'OpenTravel convention (spec: "not shown")';
const AUTH = 'Authentication';

export const REQUIREMENTS: Requirement[] = [
  // Envelope: every reply, every operation
  r('EP-POST', 'MUST', 'core', `${EP} 1`, 'Every operation is one HTTP POST of an application/xml XML body to its own path under the base URL.'),
  r('EP-STATUS-200', 'MUST', 'core', `${EP} 2`, 'A reply to a valid request has HTTP status 200.'),
  r('EP-CONTENT-TYPE', 'MUST', 'core', `${EP} 2`, 'A reply has Content-Type application/xml.'),
  r('EP-WELL-FORMED', 'MUST', 'core', `${EP} 2`, 'A reply body is a well-formed XML document, decodable in the encoding it declares.'),
  r('EP-NAMESPACE', 'MUST', 'core', `${EP} 3`, 'The reply root element is in the OTA 2003/05 namespace.'),
  r('EP-VERSION', 'MUST', 'core', `${EP} 3; Versioning`, 'The reply root element carries a Version attribute.'),
  r('EP-DATES', 'MUST', 'core', `${EP} 5`, 'Dates are ISO 8601 calendar dates (yyyy-mm-dd) and date-times have no zone (yyyy-mm-ddThh:mm:ss).'),
  r('EP-RS-ROOT', 'SHOULD', 'core', OTA, 'The reply root is the request root with RQ replaced by RS (OTA_ReadRQ is answered by OTA_ResRetrieveRS).'),
  r('EP-SUCCESS-XOR-ERRORS', 'SHOULD', 'core', OTA, 'A reply holds exactly one of Success or Errors.'),
  r('EP-ECHOTOKEN', 'SHOULD', 'core', OTA, 'A reply echoes the request\'s EchoToken.'),
  r('EP-ERROR-TYPE', 'SHOULD', 'core', OTA, 'Every Error of an Errors reply carries a Type, and a Code or ShortText that says what went wrong.'),
  r('EP-NO-DOCTYPE', 'SHOULD', 'core', OTA, 'A reply carries no DOCTYPE (no DTD, no entity declarations).'),
  r('EP-TIMELY', 'SHOULD', 'core', 'Limits (time-outs: "not shown")', 'A reply arrives within the configured request timeout.'),
  // Bad requests
  r('EP-REJECT-MALFORMED', 'SHOULD', 'core', `${EP} 1`, 'A body that is not well-formed XML is answered with an Errors reply, not Success, a 5xx or HTML.'),
  r('EP-REJECT-NAMESPACE', 'MUST', 'core', `${EP} 3`, 'A request whose root is not in the OTA namespace is refused with an Errors reply.'),
  r('EP-REJECT-VERSION', 'MUST', 'core', 'Versioning', 'A request whose Version is not the one in the Versioning table for its path is refused with an Errors reply.'),
  r('EP-REJECT-ROOT', 'MUST', 'core', 'Endpoints', 'A request whose root element is not the one for its path is refused with an Errors reply.'),
  // Authentication
  r('AUTH-VALID', 'MUST', 'core', AUTH, 'A request with both POS Sources and valid credentials, and no HTTP authentication header, is served.'),
  r('AUTH-POS-REQUIRED', 'MUST', 'core', `${EP} 4; ${AUTH}`, 'A request without POS is refused with an Errors reply and no data.'),
  r('AUTH-TWO-SOURCES', 'MUST', 'core', `${EP} 4; ${AUTH}`, 'A request whose POS holds only one Source is refused with an Errors reply and no data.'),
  r('AUTH-PASSWORD', 'MUST', 'core', AUTH, 'A request with a wrong MessagePassword is refused with an Errors reply and no data.'),
  r('AUTH-USER', 'MUST', 'core', AUTH, 'A request with a wrong Type=88 ID is refused with an Errors reply and no data.'),
  r('AUTH-CONTEXT', 'MUST', 'core', AUTH, 'A request with a wrong Type=22 ID_Context is refused with an Errors reply and no data.'),
  r('AUTH-WHITELIST', 'MUST', 'core', AUTH, 'The test environment serves only whitelisted caller IP addresses.',
    'whitelisting is the operator\'s network configuration; a run from one machine cannot observe a refusal it is not set up to trigger (the preflight reports it when it happens)'),
  // Hotel availability
  r('HAV-SUCCESS', 'MUST', 'core', 'Endpoints, /hotelavailability', 'A valid hotel availability request for a known place and future dates is answered with Success and available hotels.'),
  r('HAV-MAXRESPONSES', 'MUST', 'core', 'Limits; /hotelavailability', 'Hotel availability returns no more hotels than MaxResponses.'),
  r('HAV-PLACE', 'MUST', 'core', 'Endpoints, /hotelavailability', 'Every hotel returned is in the requested place (RefPoint, CodeContext Country or Region).'),
  r('HAV-DATES', 'MUST', 'core', 'Endpoints, /hotelavailability', 'Every hotel returned is offered for the requested stay dates (StayDateRange).'),
  r('HAV-GUESTS', 'MUST', 'core', 'Endpoints, /hotelavailability', 'Every hotel returned is priced for the requested guests (GuestCount by AgeQualifyingCode).'),
  r('HAV-EMPTY', 'SHOULD', 'core', OTA, 'A search where nothing matches is answered with Success and no hotels (or a Warning), not with Errors.'),
  // Activity availability
  r('AAV-SUCCESS', 'MUST', 'core', 'Endpoints, /activityavailability', 'A valid activity availability request is answered with Success and available activities.'),
  r('AAV-LOCATION', 'MUST', 'core', 'Endpoints, /activityavailability', 'Activities returned are offered at the requested hotel (Location Context=Source) and product (Context=Service).'),
  r('AAV-DATES', 'MUST', 'core', 'Endpoints, /activityavailability', 'Activities returned take place within the requested Schedule StartPeriod..EndPeriod.'),
  r('AAV-PARTICIPANTS', 'MUST', 'core', 'Endpoints, /activityavailability', 'Rates price exactly the requested participants: per category (QualifierInfo), the requested Quantity.'),
  r('AAV-MAXPRICE', 'MUST', 'core', 'Endpoints, /activityavailability', 'No per-person price exceeds GuidelinePricing MaximumPrice.'),
  r('AAV-DECIMALS', 'MUST', 'core', 'Endpoints, /activityavailability', 'Amounts are in the requested CurrencyCode with CurrencyDecimal decimals.'),
  // Activity search
  r('ASR-SUCCESS', 'MUST', 'core', 'Endpoints, /activitysearch', 'A valid activity search is answered with Success and activities with descriptive data.'),
  r('ASR-AREA', 'MUST', 'core', 'Endpoints, /activitysearch', 'Activities returned are in the requested area (the hotel of LocationPref Context=Source).'),
  r('ASR-DATES', 'MUST', 'core', 'Endpoints, /activitysearch', 'Activities returned take place within the requested DateTimePref Start..End.'),
  // Descriptive data
  r('HNBC-SUBJECT', 'MUST', 'core', 'Endpoints, /hotelnbc', 'Hotel descriptive data describes the hotel requested (HotelCode), and only it.'),
  r('HNBC-CONTENT', 'SHOULD', 'core', 'Endpoints, /hotelnbc', 'Hotel descriptive data carries descriptive content: the hotel\'s name and at least one description, address or facility.'),
  r('HNBC-UNKNOWN', 'SHOULD', 'core', OTA, 'Descriptive data for an unknown HotelCode is an Errors reply.'),
  r('ANBC-SUBJECT', 'MUST', 'core', 'Endpoints, /activitynbc', 'Activity descriptive data describes the tour activity requested (TourActivityID), and only it.'),
  r('ANBC-CONTENT', 'SHOULD', 'core', 'Endpoints, /activitynbc', 'Activity descriptive data carries descriptive content: the activity\'s name and a description.'),
  r('ANBC-UNKNOWN', 'SHOULD', 'core', OTA, 'Descriptive data for an unknown TourActivityID is an Errors reply.'),
  // Transfer availability
  r('TRF-SUCCESS', 'MUST', 'core', 'Endpoints, /transferavailability', 'A valid transfer availability request is answered with Success and transfer services.'),
  r('TRF-AIRPORT', 'MUST', 'core', 'Endpoints, /transferavailability', 'Transfer services serve the requested airport (LocationCode, CodeContext IATA).'),
  r('TRF-LOCATION', 'MUST', 'core', 'Endpoints, /transferavailability', 'Transfer services serve the requested location (LocationType UniqueId).'),
  r('TRF-DATES', 'MUST', 'core', 'Endpoints, /transferavailability', 'Transfer services are for the requested date-times.'),
  r('TRF-PASSENGERS', 'MUST', 'core', 'Endpoints, /transferavailability', 'Transfer services are priced for the requested passengers (Quantity per Category).'),
  r('TRF-DISABILITY', 'MUST', 'core', 'Endpoints, /transferavailability', 'With DisabilityInfo RequiredInd=true, only disability-adapted vehicles are offered.'),
  // Booking
  r('BKG-QUOTE', 'MUST', 'booking', 'States and transitions; /activitybook', 'ResStatus=Quote is answered with Success and a price.'),
  r('BKG-QUOTE-NO-STORE', 'SHOULD', 'booking', OTA, 'ResStatus=Quote stores nothing: the reference cannot be read afterwards.'),
  r('BKG-COMMIT-REF', 'SHOULD', 'booking', OTA, 'ResStatus=Commit is answered with Success carrying the client\'s UniqueID Type=36.'),
  r('BKG-COMMIT-PERSISTS', 'SHOULD', 'booking', OTA, 'A committed booking can be read back by its reference.'),
  r('BKG-DUPLICATE', 'SHOULD', 'booking', OTA, 'A second Commit with the same reference is refused with an Errors reply.'),
  r('RD-RETURNS-BOOKING', 'MUST', 'booking', 'Endpoints, /bookread', 'Booking read returns the booking asked for: its reference, items, participants and prices.'),
  r('RD-UNKNOWN', 'SHOULD', 'core', OTA, 'Booking read of an unknown reference is an Errors reply.'),
  r('CXL-QUOTE-NO-CHANGE', 'MUST', 'booking', 'States and transitions; /bookcancel', 'CancelType=Quote answers with the cancellation terms and changes nothing: the booking stays live.'),
  r('CXL-COMMIT-CANCELS', 'SHOULD', 'booking', OTA, 'CancelType=Commit cancels the booking: the reply says Cancelled and a read shows it cancelled.'),
  r('CXL-PARTIAL', 'MUST', 'booking', 'Endpoints, /bookcancel ("cancels or partially cancels")', 'A partial cancellation (UniqueID Type=37) cancels only that item; the others stay live.'),
  r('CXL-UNKNOWN', 'SHOULD', 'core', OTA, 'Cancelling an unknown reference is an Errors reply.'),
  r('CXL-ALREADY-CANCELLED', 'SHOULD', 'booking', OTA, 'Cancelling an already cancelled booking is an Errors reply.'),
  // Informative
  r('ALIGN-XSD', 'SHOULD', 'alignment', 'OpenTravel 2016B schemas', 'Replies of the standard messages validate against the OpenTravel 2016B schemas (informative; the dialect departs by design in places).'),
];

const byId = new Map(REQUIREMENTS.map((q) => [q.id, q]));

export function requirement(id: string): Requirement {
  const q = byId.get(id);
  if (!q) throw new Error(`unknown requirement ${id}; see support/requirements.ts`);
  return q;
}
