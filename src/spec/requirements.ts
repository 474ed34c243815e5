// The requirements catalogue, rebased on the text of the spec (../shared/spec/gateway-spec.md).
//
// Levels (test/unit/spec/requirements-basis.test.ts enforces them):
// - MUST: the spec's own words, quoted verbatim in `basis.quote`, state the behaviour. Only a MUST
//   of a claimed class can make a run DOES NOT CONFORM.
// - SHOULD: OpenTravel 2003/05 convention, or a reasonable reading of something the spec says is
//   "not shown". A SHOULD finding is a warning.
// - INFO: neither (the XSD comparison, choices the spec leaves open). Never decides conformance.
// A `spec` basis is used for MUST entries only; a `convention` basis only for SHOULD entries; INFO
// entries rest on a `profile` basis. Any words in double quotes inside a convention or profile text
// are words of the spec and are checked verbatim like a quote.
//
// Words used in the statements:
// - valid request: a request in the form the spec's tables list for its path (this project's
//   xml-samples), with valid credentials, for data the target's test data declares (a place with
//   availability, an activity found by availability, a booking that exists).
// - served: answered as a success: HTTP 200, application/xml, a well-formed XML body, and not a
//   refusal in any form (an Errors element, OTA_ErrorRS, a 4xx status ...).
// - refused: not served and no data returned. The FORM of a refusal is never a MUST: the spec says
//   "Error responses, error codes and the conditions that cause them: not shown."
//
// Decisions worth knowing (the README repeats them):
// - Common rule 3 ("The root element carries xmlns set to {ota_namespace} and a Version
//   attribute.") is read as binding the root of replies to valid requests too: it is one of the
//   "Common rules for all endpoints", a list that also governs replies (rule 2), rules 1 and 4 say
//   "request" where they mean requests only and rule 3 does not, and Versioning says "The version of
//   each message is the Version attribute of its root element". It is checked by meaning: the root
//   is IN the namespace (default or prefixed; the XML infoset does not distinguish them); the
//   reply's Version must be present, its value is not checked (the table gives request values).
//   Rule 5 (dates) is not read onto replies: it defines the "(dates)" and "(date-times)" of the
//   request tables, and the spec shows no reply field ("Fields of the response records: not
//   shown."), so reply dates are SHOULD (EP-DATES).
// - Refusals (bad XML, wrong namespace/root, wrong credentials, unknown references) are SHOULD: the
//   Authentication section says how credentials travel, never that a request is refused without
//   them, and the Errors section leaves "the conditions that cause them" not shown.
// - The ResStatus value that books and the CancelType value that cancels are declared by the target
//   in its test data (OpenTravel: Commit); the spec lists only Quote ("Other allowed values of these
//   attributes are not listed."). Partial cancellation is a class of its own, claimed only when the
//   target declares its request form.
// - Request forms the spec states as allowed (optional Instance, leg forms, repeated elements,
//   boolean values) must be served (MUST). Forms it does not state (availability by hotel only or by
//   product only) are SHOULD: "Which elements and attributes are mandatory ...: not shown".
//
// Every entry is covered by a scenario tagged @req:<ID>, or marked untestable with the reason.

export type Level = 'MUST' | 'SHOULD' | 'INFO';

// Conformance classes a target may claim: defined with the test data's types, where claims are read.
import type { ConformanceClass } from '../core/test-data';
export { CONFORMANCE_CLASSES, type ConformanceClass } from '../core/test-data';

export type Basis =
  | { kind: 'spec'; quote: string } // verbatim words of gateway-spec.md (required for MUST)
  | { kind: 'convention'; text: string } // "OpenTravel 2003/05 convention: ..."
  | { kind: 'profile'; text: string }; // this project's reply profile / a choice the spec leaves open

export interface RequirementDef {
  id: string;
  level: Level;
  class: ConformanceClass;
  /** Spec section, e.g. "Endpoints, common rules 2" or "Endpoints, /bookcancel". */
  section: string;
  /** One sentence: what the gateway does, testable. */
  statement: string;
  basis: Basis;
  /** Set when no scenario can check it, with the reason. */
  untestable?: string;
}

function r<const I extends string>(def: RequirementDef & { id: I }) {
  return def;
}

const spec = (quote: string): Basis => ({ kind: 'spec', quote });
const ota = (text: string): Basis => ({ kind: 'convention', text: `OpenTravel 2003/05 convention: ${text}` });
const profile = (text: string): Basis => ({ kind: 'profile', text });

const REFUSAL_FORMS = 'in any form (an Errors element, OTA_ErrorRS, a 4xx status with an Errors body), but not a 5xx or an HTML page';
const ERRORS_OPEN = '"Error responses, error codes and the conditions that cause them: not shown."';
const ERRORS_CONVENTION = `a request that cannot be processed is answered with Errors and no data; the spec leaves refusals open (${ERRORS_OPEN})`;
const AUTH_CONVENTION = `a request the gateway does not authenticate is answered with Errors and no data; the spec says how credentials travel ("Credentials travel in the body of every request, in the POS element, as two Source children") but never that a request without them is refused, and leaves the conditions of errors open (${ERRORS_OPEN})`;
const FIELDS_OPEN = '"Fields of the response records: not shown."';
const MANDATORY_OPEN = '"Which elements and attributes are mandatory, and the repetition limits of repeated elements: not shown."';

const EP = 'Endpoints, common rules';

export const REQUIREMENTS = [
  // ---------------------------------------------------------------------------------------------
  // core: the envelope of every reply to a valid request, all nine operations
  r({
    id: 'EP-POST',
    level: 'MUST',
    class: 'core',
    section: `What the service does; ${EP} 1; Versioning`,
    statement:
      'Each of the nine operations is served for an HTTP POST with Content-Type application/xml and an XML body, sent to its own path under the base URL (the paths of the Endpoints section, with no version segment).',
    basis: spec('Every operation is one HTTP POST to its own path under {base_url}.'),
  }),
  r({
    id: 'EP-STATUS-200',
    level: 'MUST',
    class: 'core',
    section: `${EP} 2; Errors`,
    statement: 'The reply to a valid request has HTTP status 200 (refusals are outside this requirement).',
    basis: spec('Success is HTTP status 200 with an application/xml body (a string of XML).'),
  }),
  r({
    id: 'EP-CONTENT-TYPE',
    level: 'MUST',
    class: 'core',
    section: `${EP} 2`,
    statement: 'The reply to a valid request has the media type application/xml (parameters such as charset are allowed).',
    basis: spec('Success is HTTP status 200 with an application/xml body (a string of XML).'),
  }),
  r({
    id: 'EP-WELL-FORMED',
    level: 'MUST',
    class: 'core',
    section: `${EP} 2`,
    statement: 'The body of the reply to a valid request is a well-formed XML document, decodable in the encoding it declares.',
    basis: spec('Success is HTTP status 200 with an application/xml body (a string of XML).'),
  }),
  r({
    id: 'EP-NAMESPACE',
    level: 'MUST',
    class: 'core',
    section: `${EP} 3`,
    statement:
      'The root element of the reply to a valid request is in the namespace {ota_namespace}, whether it is declared as the default namespace or bound to a prefix.',
    basis: spec('The root element carries xmlns set to {ota_namespace} and a Version attribute.'),
  }),
  r({
    id: 'EP-VERSION',
    level: 'MUST',
    class: 'core',
    section: `${EP} 3; Versioning`,
    statement:
      'The root element of the reply to a valid request carries a non-empty Version attribute (its value is not checked: the Versioning table gives request values only).',
    // Common rule 3 states it ("carries ... a Version attribute"); the Versioning sentence alone
    // only says where a message's version is.
    basis: spec('The root element carries xmlns set to {ota_namespace} and a Version attribute.'),
  }),
  r({
    id: 'EP-DATES',
    level: 'SHOULD',
    class: 'core',
    section: `${EP} 5`,
    statement:
      'Dates and date-times in replies are ISO 8601 dates and date-times as XML Schema writes them (xs:date, xs:dateTime: yyyy-mm-dd, yyyy-mm-ddThh:mm:ss, a zone allowed), not a local or free form.',
    basis: ota(
      `dates and date-times are XML Schema xs:date and xs:dateTime (ISO 8601), which allow a zone. Rule 5 ("Dates are ISO 8601 calendar dates (yyyy-mm-dd).") defines the dates and date-times of the request tables, and the spec shows no reply field (${FIELDS_OPEN}), so it is not a MUST on replies, and a zone in a reply is no finding.`,
    ),
  }),
  r({
    id: 'EP-RS-ROOT',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints',
    statement: 'The reply root is the request root with RQ replaced by RS (OTA_ReadRQ is answered by OTA_ResRetrieveRS).',
    basis: ota(
      'each request message has its response message (OTA_ReadRQ/OTA_ResRetrieveRS); the spec says "Response body structure of every endpoint: not shown."',
    ),
  }),
  r({
    id: 'EP-SUCCESS-XOR-ERRORS',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints',
    statement: 'A reply holds exactly one of Success or Errors (Warnings may sit beside Success).',
    basis: ota('every response message holds either Success (with optional Warnings) or Errors.'),
  }),
  r({
    id: 'EP-ECHOTOKEN',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /hotelavailability',
    statement: "A reply to a request that carries an EchoToken echoes it unchanged in the reply root's EchoToken.",
    basis: ota(
      'when a request carries an EchoToken, the response carries the same value; the spec lists EchoToken on the hotel availability request only.',
    ),
  }),
  r({
    id: 'EP-ERROR-TYPE',
    level: 'SHOULD',
    class: 'core',
    section: 'Errors',
    statement: 'Every Error of an Errors reply carries a Type, and a Code, ShortText or text that says what went wrong.',
    basis: ota(
      `Error has a required Type (code list EWT) and a Code (code list ERR) or ShortText; the spec leaves the error form open (${ERRORS_OPEN})`,
    ),
  }),
  r({
    id: 'EP-NO-DOCTYPE',
    level: 'SHOULD',
    class: 'core',
    section: `${EP} 2`,
    statement: 'A reply carries no DOCTYPE (no DTD, no entity declarations).',
    basis: ota('messages are defined by XML Schema alone and carry no DTD; a DOCTYPE in a reply also exposes clients to entity expansion.'),
  }),
  r({
    id: 'EP-TIMELY',
    level: 'SHOULD',
    class: 'core',
    section: 'Limits',
    statement: "A reply arrives within the suite's configured request timeout.",
    basis: profile(
      'this project\'s profile: the configured request timeout (OTA_REQUEST_TIMEOUT_MS) stands for a usable response time; the spec leaves it open ("rate limits, request size limits and time-outs: not shown.").',
    ),
  }),

  // core: requests the gateway cannot take
  r({
    id: 'EP-REJECT-MALFORMED',
    level: 'SHOULD',
    class: 'core',
    section: `${EP} 1; Errors`,
    statement: `A body that is not well-formed XML is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(`${ERRORS_CONVENTION}; the spec requires an XML body ("The body is an XML document.").`),
  }),
  r({
    id: 'EP-REJECT-NAMESPACE',
    level: 'SHOULD',
    class: 'core',
    section: `What the service does; ${EP} 3; Errors`,
    statement: `A request whose root element is not in {ota_namespace} is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(
      `${ERRORS_CONVENTION}; the spec says what requests are ("Requests are XML documents whose root element is in the namespace {ota_namespace}."), not what happens to others.`,
    ),
  }),
  r({
    id: 'EP-REJECT-ROOT',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints; Errors',
    statement: `A request whose root element is not the one for its path (another operation's root) is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(
      `${ERRORS_CONVENTION}; the spec gives each path its root (for example "Root OTA_ReadRQ, attributes Version") and says nothing of other roots.`,
    ),
  }),
  r({
    id: 'EP-REJECT-VERSION',
    level: 'INFO',
    class: 'core',
    section: 'Versioning',
    statement:
      'Whether a request whose Version is not the one in the Versioning table for its path is refused or served is reported for information.',
    basis: profile(
      'a choice the spec leaves open: "Deprecation policy and behaviour for other Version values: not shown." Serving other Versions and refusing them are both conformant.',
    ),
  }),

  // core: authentication
  r({
    id: 'AUTH-VALID',
    level: 'MUST',
    class: 'core',
    section: `Authentication; ${EP} 4`,
    statement:
      'A valid request whose POS holds both Sources with valid credentials, and that carries no HTTP authentication header, is served.',
    basis: spec('Credentials travel in the body of every request, in the POS element, as two Source children'),
  }),
  r({
    id: 'REQ-INSTANCE-OPTIONAL',
    level: 'MUST',
    class: 'core',
    section: 'Authentication; Endpoints, /activityavailability',
    statement: 'A valid request is served both with the optional Instance on its Type 22 RequestorID and without it.',
    basis: spec('RequestorID of Type 22 may carry Instance (string)'),
  }),
  r({
    id: 'AUTH-POS-REQUIRED',
    level: 'SHOULD',
    class: 'core',
    section: `${EP} 4; Authentication`,
    statement: `A request without POS is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(AUTH_CONVENTION),
  }),
  r({
    id: 'AUTH-TWO-SOURCES',
    level: 'SHOULD',
    class: 'core',
    section: `${EP} 4; Authentication`,
    statement: `A request whose POS holds only one of its two Sources (the Type 22 Source alone, or the Type 88 Source alone) is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(AUTH_CONVENTION),
  }),
  r({
    id: 'AUTH-REQUESTOR',
    level: 'SHOULD',
    class: 'core',
    section: 'Authentication',
    statement: `A request with a wrong Type 22 RequestorID ID is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(AUTH_CONVENTION),
  }),
  r({
    id: 'AUTH-CONTEXT',
    level: 'SHOULD',
    class: 'core',
    section: 'Authentication',
    statement: `A request with a wrong Type 22 ID_Context is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(AUTH_CONVENTION),
  }),
  r({
    id: 'AUTH-USER',
    level: 'SHOULD',
    class: 'core',
    section: 'Authentication',
    statement: `A request with a wrong Type 88 RequestorID ID is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(AUTH_CONVENTION),
  }),
  r({
    id: 'AUTH-PASSWORD',
    level: 'SHOULD',
    class: 'core',
    section: 'Authentication',
    statement: `A request with a wrong MessagePassword is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(AUTH_CONVENTION),
  }),
  r({
    id: 'AUTH-WHITELIST',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Authentication',
    statement: 'The test environment serves only callers whose IP addresses the operator has whitelisted.',
    basis: spec("It can be used only after the caller's IP addresses have been whitelisted with the operator."),
    untestable:
      "whitelisting is the operator's network configuration; a run from one machine cannot observe a refusal it is not set up to trigger (the preflight reports a refused connection when it happens)",
  }),

  // ---------------------------------------------------------------------------------------------
  // core: hotel availability
  r({
    id: 'HAV-SUCCESS',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /hotelavailability',
    statement:
      'A valid hotel availability request for a place and future dates where the test data declares availability is served and returns at least one available hotel.',
    basis: spec('Returns available units for a number of guests, dates and location.'),
  }),
  r({
    id: 'HAV-REFPOINT-CONTEXTS',
    level: 'MUST',
    class: 'core',
    section: 'Endpoints, /hotelavailability',
    statement:
      'A valid hotel availability request is served both with a RefPoint of CodeContext Country and with a RefPoint of CodeContext Region.',
    basis: spec('CodeContext (values Country, Region); text: place name'),
  }),
  r({
    id: 'HAV-MAXRESPONSES',
    level: 'MUST',
    class: 'core',
    section: 'Limits; Endpoints, /hotelavailability',
    statement: "Hotel availability returns no more results than the request's MaxResponses.",
    basis: spec('The hotel availability request carries MaxResponses (integer) to bound the number of responses.'),
  }),
  r({
    id: 'HAV-PLACE',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /hotelavailability',
    statement: 'Every hotel returned is in the requested place (RefPoint, CodeContext Country or Region).',
    basis: spec('Returns available units for a number of guests, dates and location.'),
  }),
  r({
    id: 'HAV-DATES',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /hotelavailability',
    statement: 'Every hotel returned is offered for the requested stay dates (StayDateRange Start and End).',
    basis: spec('Returns available units for a number of guests, dates and location.'),
  }),
  r({
    id: 'HAV-GUESTS',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /hotelavailability',
    statement: 'Every hotel returned is offered for the requested guests (GuestCount Count per AgeQualifyingCode).',
    basis: spec('Returns available units for a number of guests, dates and location.'),
  }),
  r({
    id: 'HAV-EMPTY',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /hotelavailability',
    statement:
      'A hotel availability search where nothing is available is answered as a success with no hotels (a Warning may say so), not refused.',
    basis: ota('a search that matches nothing is answered with Success, no results and optionally a Warning, not with Errors.'),
  }),

  // core: activity availability
  r({
    id: 'AAV-SUCCESS',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /activityavailability',
    statement:
      'A valid activity availability request naming a hotel and a product with availability in the test data is served and returns at least one available activity.',
    basis: spec('Returns available activities, their products and rates for given participants, location and dates.'),
  }),
  r({
    id: 'AAV-LOCATION',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /activityavailability',
    statement:
      "Activities returned are offered for the requested location: with a hotel named (Location Context=Source), the hotel itself, a pickup at it, or the hotel's area (its region, town or country); and, when one is named, of the requested product (Location Context=Service).",
    basis: spec('Returns available activities, their products and rates for given participants, location and dates.'),
  }),
  r({
    id: 'AAV-DATES',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /activityavailability',
    statement: 'Activities returned take place within the requested Schedule StartPeriod to EndPeriod.',
    basis: spec('Returns available activities, their products and rates for given participants, location and dates.'),
  }),
  r({
    id: 'AAV-PARTICIPANTS',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /activityavailability',
    statement: 'Rates returned price the requested participants: per category (QualifierInfo), the requested Quantity.',
    basis: spec('Returns available activities, their products and rates for given participants, location and dates.'),
  }),
  r({
    id: 'AAV-HOTEL-ONLY',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /activityavailability',
    statement:
      "An activity availability request that names a hotel (Location Context=Source) and no product is served and returns activities offered for that hotel's location (the hotel, a pickup at it, or its area).",
    basis: profile(`a reasonable reading of a form the spec neither requires nor forbids: ${MANDATORY_OPEN}`),
  }),
  r({
    id: 'AAV-PRODUCT-ONLY',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /activityavailability',
    statement:
      'An activity availability request that names a product (Location Context=Service) and no hotel is served and returns activities of that product.',
    basis: profile(`a reasonable reading of a form the spec neither requires nor forbids: ${MANDATORY_OPEN}`),
  }),
  r({
    id: 'AAV-MAXPRICE',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /activityavailability',
    statement: 'No per-person price returned exceeds the GuidelinePricing MaximumPrice.',
    basis: ota(
      'RequestedOffer/GuidelinePricing states the offer the client wants, and a MaximumPrice bounds it; the spec lists the element ("GuidelinePricing/MaximumPrice") but not its effect.',
    ),
  }),
  r({
    id: 'AAV-DECIMALS',
    level: 'INFO',
    class: 'core',
    section: 'Endpoints, /activityavailability',
    statement: 'Whether amounts are returned in the MaximumPrice CurrencyCode with CurrencyDecimal decimals is reported for information.',
    basis: profile(
      'a choice the spec leaves open: CurrencyCode and CurrencyDecimal describe the requested MaximumPrice ("Amount (number), CurrencyCode (currency code), CurrencyDecimal (integer, number of decimals)"), not the form of reply amounts; OpenTravel amounts carry their own DecimalPlaces.',
    ),
  }),

  // core: activity search
  r({
    id: 'ASR-SUCCESS',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /activitysearch',
    statement:
      'A valid activity search naming a hotel and a product with availability in the test data is served and returns at least one activity, each with some descriptive data (such as its name).',
    basis: spec('Returns available activities in an area together with some of their descriptive data.'),
  }),
  r({
    id: 'ASR-AREA',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /activitysearch',
    statement:
      'Activities returned by a search are in the requested area: the area (region, town or country) of the hotel named by LocationPref Context=Source, or at that hotel.',
    basis: spec('Returns available activities in an area together with some of their descriptive data.'),
  }),
  r({
    id: 'ASR-DATES',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /activitysearch',
    statement: 'Activities returned by a search take place within the requested DateTimePref Start to End.',
    basis: ota(
      'DateTimePref is the date preference of a search; the spec states an area for the search ("Returns available activities in an area") but no dates.',
    ),
  }),
  r({
    id: 'ASR-HOTEL-ONLY',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /activitysearch',
    statement:
      'An activity search that names a hotel (LocationPref Context=Source) and no product is served and returns activities of that area.',
    basis: profile(`a reasonable reading of a form the spec neither requires nor forbids: ${MANDATORY_OPEN}`),
  }),

  // core: descriptive data (NBC)
  r({
    id: 'HNBC-SUBJECT',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /hotelnbc',
    statement: 'A valid hotel descriptive data request is served and describes the hotel requested (HotelCode), and no other.',
    basis: spec('Returns the descriptive or portfolio data requested for a hotel.'),
  }),
  r({
    id: 'HNBC-CONTENT',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /hotelnbc',
    statement: "Hotel descriptive data carries descriptive content: the hotel's name and at least one description, address or facility.",
    basis: ota(
      `HotelDescriptiveContent carries the hotel's name with descriptions, contact information or facilities; the spec leaves the fields open (${FIELDS_OPEN})`,
    ),
  }),
  r({
    id: 'HNBC-UNKNOWN',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /hotelnbc; Errors',
    statement: `Descriptive data for an unknown HotelCode is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(ERRORS_CONVENTION),
  }),
  r({
    id: 'ANBC-SUBJECT',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /activitynbc',
    statement:
      'A valid activity descriptive data request is served and describes the tour activity requested (TourActivityID), and no other.',
    basis: spec('Returns descriptive data for one tour activity.'),
  }),
  r({
    id: 'ANBC-CONTENT',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /activitynbc',
    statement: "Activity descriptive data carries descriptive content: the activity's name and a description.",
    basis: ota(
      `tour activity descriptive content carries a name and a short or long description; the spec leaves the fields open (${FIELDS_OPEN})`,
    ),
  }),
  r({
    id: 'ANBC-UNKNOWN',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /activitynbc; Errors',
    statement: `Descriptive data for an unknown TourActivityID is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(ERRORS_CONVENTION),
  }),

  // core: transfer availability
  r({
    id: 'TRF-SUCCESS',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /transferavailability',
    statement:
      'A valid transfer availability request for a route the test data declares available is served and returns transfer services for every requested leg (Location).',
    basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
  }),
  r({
    id: 'TRF-LEG-FORMS',
    level: 'MUST',
    class: 'core',
    section: 'Endpoints, /transferavailability',
    statement:
      'A transfer leg is served in both forms the spec allows: Pickup with AirportInfo and DropOff with Address (airport to hotel), and Pickup with Address and DropOff with AirportInfo (hotel to airport).',
    basis: spec('each holds either AirportInfo (with Airline) or Address'),
  }),
  r({
    id: 'TRF-LOCATIONS-REPEATED',
    level: 'MUST',
    class: 'core',
    section: 'Endpoints, /transferavailability',
    statement:
      'A transfer availability request is served with one Location (a single leg) and with two Locations (both legs, told apart by RPH).',
    basis: spec('Service/Locations/Location (repeated) | RPH (integer sequence label)'),
  }),
  r({
    id: 'TRF-PASSENGERS-REPEATED',
    level: 'MUST',
    class: 'core',
    section: 'Endpoints, /transferavailability',
    statement: 'A transfer availability request is served with one Passengers element (one category) and with several (one per category).',
    basis: spec('Passengers (repeated) | Quantity (integer), Age (integer); child Category with Code'),
  }),
  r({
    id: 'TRF-AIRPORT',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /transferavailability',
    statement: 'Transfer services returned serve the requested airport (LocationCode, CodeContext IATA).',
    basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
  }),
  r({
    id: 'TRF-LOCATION',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /transferavailability',
    statement: 'Transfer services returned serve the requested location (LocationType UniqueId).',
    basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
  }),
  r({
    id: 'TRF-DATES',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /transferavailability',
    statement: 'Transfer services returned are for the requested date-times (a departure pickup may be the day before the flight).',
    basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
  }),
  r({
    id: 'TRF-PASSENGERS',
    level: 'MUST',
    class: 'core',
    section: 'What the service does; Endpoints, /transferavailability',
    statement: 'Transfer services returned are for the requested passengers (Quantity per Category Code).',
    basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
  }),
  r({
    id: 'TRF-DISABILITY',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /transferavailability',
    statement: 'With DisabilityInfo RequiredInd=true, only disability-adapted vehicles are offered.',
    basis: ota(
      'DisabilityInfo RequiredInd=true asks for a vehicle adapted to a disability; the spec lists the attribute ("RequiredInd (boolean)") but not its effect.',
    ),
  }),
  r({
    id: 'TRF-UNKNOWN-AIRPORT',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /transferavailability',
    statement:
      'A transfer availability request for an airport the gateway does not serve offers no transfer service: it is answered as a success with no services, or refused.',
    basis: ota('a search that matches nothing is Success with no results (or Errors), never results for another place.'),
  }),

  // core: activity booking with ResStatus Quote, read and cancel of unknown references
  r({
    id: 'BKG-QUOTE',
    level: 'MUST',
    class: 'core',
    section: 'States and transitions; Endpoints, /activitybook',
    statement: 'A valid activity booking request with ResStatus Quote, for an activity found by activity availability, is served.',
    basis: spec('In activity booking, ResStatus is given as Quote.'),
  }),
  r({
    id: 'BKG-QUOTE-PRICED',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /activitybook',
    statement: 'The reply to an activity booking with ResStatus Quote shows a price above zero.',
    basis: ota(`ResStatus Quote asks for the price of the booking; the spec leaves the reply fields open (${FIELDS_OPEN})`),
  }),
  r({
    id: 'BKG-QUOTE-NO-STORE',
    level: 'SHOULD',
    class: 'core',
    section: 'States and transitions; Endpoints, /activitybook',
    statement:
      'Unless the target declares Quote as the ResStatus that books, an activity booking with ResStatus Quote stores nothing: its reference cannot be read afterwards.',
    basis: ota('ResStatus Quote prices a booking without making it; the spec says "Transitions: not shown."'),
  }),
  r({
    id: 'BKG-PARTICIPANTS-REPEATED',
    level: 'MUST',
    class: 'core',
    section: 'Endpoints, /activitybook',
    statement:
      'An activity booking request with ResStatus Quote is served with one ParticipantInfo per participant, for one participant and for several in several categories.',
    basis: spec('BookingInfo/ParticipantInfo (repeated, one per participant)/Category'),
  }),
  r({
    id: 'RD-UNKNOWN',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /bookread; Errors',
    statement: `Booking read of a reference that does not exist is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(ERRORS_CONVENTION),
  }),
  r({
    id: 'CXL-UNKNOWN',
    level: 'SHOULD',
    class: 'core',
    section: 'Endpoints, /bookcancel; Errors',
    statement: `Cancelling a reference that does not exist is refused with no data, ${REFUSAL_FORMS}.`,
    basis: ota(ERRORS_CONVENTION),
  }),

  // ---------------------------------------------------------------------------------------------
  // booking: books, reads and cancels (creates bookings)
  r({
    id: 'BKG-COMMIT-REF',
    level: 'MUST',
    class: 'booking',
    section: 'What the service does; Resources and their fields; Endpoints, /activitybook',
    statement:
      "An activity booking request with the ResStatus the target declares as booking (OpenTravel: Commit), for an activity found by activity availability, is served, and where the reply shows a Type 36 reference in the client's context (ID_Context Client), the client's reference is among the references shown (a reference of the gateway's own, beside it or instead of it, is no finding).",
    basis: spec('Books an available activity.'),
  }),
  r({
    id: 'BKG-COMMIT-PERSISTS',
    level: 'MUST',
    class: 'booking',
    section: 'What the service does; Endpoints, /activitybook, /bookread',
    statement:
      "A booking made with the booking ResStatus exists afterwards: a booking read by the client's reference (UniqueID Type 36) is served and shows it live.",
    basis: spec('Books an available activity.'),
  }),
  r({
    id: 'BKG-DUPLICATE',
    level: 'SHOULD',
    class: 'booking',
    section: 'Resources and their fields; Endpoints, /activitybook',
    statement: `A second booking request with the same booking and item references does not book the item twice and is refused, ${REFUSAL_FORMS}.`,
    basis: ota(
      'the client\'s reference identifies one booking ("ID (string chosen by the client)"), and a repeated commit of it is answered with Errors.',
    ),
  }),
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
    statement: "A booking read shows the booking's items (by item reference, with the activity booked) and its participants (by surname).",
    basis: ota(`OTA_ResRetrieveRS returns the reservation with its services and guests; the spec leaves the fields open (${FIELDS_OPEN})`),
  }),
  r({
    id: 'RD-RETURNLIST-BOOLEAN',
    level: 'MUST',
    class: 'booking',
    section: 'Endpoints, /bookread',
    statement: 'A booking read of an existing booking is served both with ReturnListIndicator true and with ReturnListIndicator false.',
    basis: spec('attributes Version, ReturnListIndicator (boolean, true or false)'),
  }),
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
  r({
    id: 'AUTH-BOOKING-UNTOUCHED',
    level: 'SHOULD',
    class: 'booking',
    section: 'Authentication; Endpoints, /bookread, /bookcancel',
    statement:
      'A booking read or cancel of an existing booking with wrong credentials is refused without showing the booking, and the booking stays live.',
    basis: ota(AUTH_CONVENTION),
  }),

  // ---------------------------------------------------------------------------------------------
  // partial-cancellation: claimed only when the target declares how a partial cancel is expressed
  r({
    id: 'CXL-PARTIAL',
    level: 'MUST',
    class: 'partial-cancellation',
    section: 'Endpoints, /bookcancel',
    statement:
      'A cancel request in the partial-cancellation form the target declares (for example a UniqueID Type 37 naming the item), on a booking of several items, is served and cancels only that item: a later read shows it cancelled and the booking and its other items live.',
    basis: spec('The operation cancels or partially cancels an existing booking.'),
  }),

  // ---------------------------------------------------------------------------------------------
  // security: what replies must not carry
  r({
    id: 'SEC-NO-CREDENTIAL-ECHO',
    level: 'SHOULD',
    class: 'security',
    section: 'Authentication',
    statement:
      "No reply, success or refusal, carries the caller's MessagePassword in any form: as sent, XML-escaped, percent-encoded, base64 or hex encoded, in the body or in a header.",
    basis: profile(
      'this project\'s security profile: credentials travel one way, in the request ("Credentials travel in the body of every request, in the POS element, as two Source children"), and nothing in the spec asks a reply to return them.',
    ),
  }),

  // ---------------------------------------------------------------------------------------------
  // alignment: informative, never decides conformance
  r({
    id: 'ALIGN-XSD',
    level: 'INFO',
    class: 'alignment',
    section: 'Endpoints (OpenTravel 2016B schemas)',
    statement:
      'Replies of the standard messages are compared with the OpenTravel 2016B schemas and the differences reported for information.',
    basis: profile(
      'informative comparison with the OpenTravel 2016B schemas (OTA_XSD_DIR): the spec names no schema and says "Response body structure of every endpoint: not shown."',
    ),
  }),
] as const;

export type RequirementId = (typeof REQUIREMENTS)[number]['id'];
export type Requirement = (typeof REQUIREMENTS)[number];

const BY_ID: ReadonlyMap<string, Requirement> = new Map(REQUIREMENTS.map((q) => [q.id, q] as const));

/** The requirement with this ID; throws for an unknown ID (for untyped callers). */
export function requirement(id: RequirementId): Requirement {
  const q = BY_ID.get(id);
  if (!q) throw new Error(`unknown requirement ${String(id)}; see src/spec/requirements.ts`);
  return q;
}

export function isRequirementId(s: string): s is RequirementId {
  return BY_ID.has(s);
}
