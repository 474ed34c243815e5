// Dialect variants: the dual of faults.ts. Each switch changes the FORM of replies, never their
// SUBSTANCE, in a way that an independent gateway honouring every statement of the spec may
// legitimately differ from this sandbox (the spec: "Response body structure of every endpoint: not
// shown", "Error responses ...: not shown"). The suite run against the sandbox with any variant
// (or a compatible combination) must still say CONFORMS.
//
// Each variant is applied where the behaviour happens: grep for `variants.has('<name>')`.
// XSD citations are to the OpenTravel 2016B schemas (../shared/ota-xsd/2016B). A variant that
// makes some reply depart from those schemas declares 'ALIGN-XSD' (a SHOULD of the suite) in
// expectedWarnings; every other variant keeps every standard reply schema-valid.
// sandbox/VARIANTS.md has the table: what changes, why it is legitimate, where each fact goes.

import { SwitchSet } from './switches';

export interface VariantDef {
  name: string;
  description: string;
  /** Requirement IDs of the suite's catalogue the variant may legitimately draw as SHOULD warnings; usually none. */
  expectedWarnings: readonly string[];
  /** Operations (paths without slash) whose replies the variant changes; omitted = all nine. */
  operations?: readonly string[];
  /** Partial test data the suite must be given for this variant (forms the spec leaves open), deep-merged into the default test data; omitted when none. */
  testData?: Record<string, unknown>;
}

export const VARIANTS = [
  // ---- serialisation (applied when the reply document is written: envelope.ts, writer.ts) ----

  // Namespaces in XML 1.0: a prefixed element is the same expanded name as a default-namespace one.
  {
    name: 'prefixed-namespace',
    description: 'Every element is written with the prefix ota: (xmlns:ota on the root), no default namespace.',
    expectedWarnings: [],
  },
  // XSDs order particles of different names only; attribute order is never significant (XML 1.0
  // §3.1) and repeated elements (maxOccurs > 1) carry no order the spec states.
  {
    name: 'reordered-siblings',
    description:
      'Attributes are written in reverse order, and every run of repeated sibling elements (results, rates, references, warnings, guests...) in reverse order. Element order between different names stays as the XSDs require.',
    expectedWarnings: [],
  },
  // XML 1.0 §4.3.3: any declared encoding; ISO-8859-1 is one every parser must know in practice.
  {
    name: 'latin1-encoding',
    description:
      'Replies are encoded ISO-8859-1, declared <?xml version="1.0" encoding="ISO-8859-1"?> and Content-Type: application/xml; charset=ISO-8859-1. Characters outside Latin-1 (the em dash of a description) are written as character references.',
    expectedWarnings: [],
  },
  // XML 1.0: whitespace between elements of element-only content, comments and CDATA sections do
  // not change the information set an XSD validates.
  {
    name: 'pretty-comments-cdata',
    description: 'Replies are indented, carry XML comments between elements, and every text content is written as a CDATA section.',
    expectedWarnings: [],
  },
  // XML 1.0 §2.8: the XML declaration is optional; without it the document is UTF-8.
  {
    name: 'no-xml-declaration',
    description: 'Replies have no XML declaration (UTF-8 by default).',
    expectedWarnings: [],
  },
  // XML 1.0 §4.3.3 / Appendix F: a UTF-8 document may begin with the byte order mark.
  {
    name: 'utf8-bom',
    description: 'Replies begin with the UTF-8 byte order mark (EF BB BF) before the XML declaration.',
    expectedWarnings: [],
  },
  // XML 1.0 §3.1: <X></X> and <X/> are the same empty element.
  {
    name: 'expanded-empty-elements',
    description: 'Empty elements are written with a start and an end tag (<Success></Success>) instead of <Success/>.',
    expectedWarnings: [],
  },
  // XML 1.0 §3.1 [10] AttValue: single or double quotes.
  {
    name: 'single-quoted-attributes',
    description: "Attribute values are delimited with single quotes (Version='2008.1').",
    expectedWarnings: [],
  },

  // RFC 7303 §3.2 (application/xml): the charset parameter is authoritative and overrides the
  // encoding declaration; the body is what the header says.
  {
    name: 'charset-header-wins',
    description:
      'The body is UTF-8 and Content-Type says application/xml; charset=utf-8, but the XML declaration says encoding="ISO-8859-1": the charset parameter wins (RFC 7303 §3.2).',
    expectedWarnings: [],
  },
  // XML 1.0 §4.3.3: any declared encoding; ISO-8859-15 is Latin-9 (Latin-1 with the euro sign).
  {
    name: 'iso-8859-15-encoding',
    description:
      'Replies are encoded ISO-8859-15, declared in the XML declaration and the Content-Type charset; characters outside ISO-8859-15 are written as character references (the euro sign is byte A4).',
    expectedWarnings: [],
  },
  // XML 1.0 §4.3.3: any declared encoding; windows-1251 is a common Cyrillic code page.
  {
    name: 'windows-1251-encoding',
    description:
      'Replies are encoded windows-1251, declared in the XML declaration and the Content-Type charset; characters not in windows-1251 (ó, í, Greek) are written as character references (the em dash is byte 97).',
    expectedWarnings: [],
  },
  // RFC 9110 §12.5.3: a request without Accept-Encoding accepts any content coding; §8.4 Content-Encoding.
  {
    name: 'gzip-content-encoding',
    description:
      'Every reply body (errors and HTTP failures too) is gzip-compressed and sent with Content-Encoding: gzip (the request carries no Accept-Encoding, so any coding is acceptable).',
    expectedWarnings: [],
  },

  // ---- envelope ----

  // OTA_PayloadStdAttributes: EchoToken and TimeStamp are optional; echoing EchoToken is an
  // OpenTravel convention (a SHOULD of the suite), not a statement of the spec.
  {
    name: 'no-optional-echoes',
    description:
      'No EchoToken echo, no TimeStamp, and no optional echo of the request language (PrimaryLangID on the activity descriptive reply, LanguageCode/Language in descriptive content).',
    expectedWarnings: ['EP-ECHOTOKEN'],
  },
  // OTA_PayloadStdAttributes: TimeStamp is xs:dateTime, which allows any zone offset.
  {
    name: 'zoned-timestamp',
    description: 'TimeStamp carries an explicit +02:00 offset (local time of the gateway) instead of Z.',
    expectedWarnings: [],
  },
  // WarningsType beside SuccessType is allowed on every RS (Success, Warnings?, content); EWT 11
  // is "Advisory".
  {
    name: 'warnings-beside-success',
    description: 'Every Success reply also carries Warnings/Warning Type="11" (advisory, no Code), still without Errors.',
    expectedWarnings: [],
  },
  // Neither the spec nor OpenTravel requires a Warning when nothing matches (the RS content
  // elements are minOccurs=0); the sandbox's Warning 424/322 is its own choice.
  {
    name: 'no-warning-when-empty',
    operations: ['hotelavailability', 'activityavailability', 'activitysearch', 'transferavailability'],
    description: 'A search where nothing matches is Success with no result elements and no Warning.',
    expectedWarnings: [],
  },

  // A gateway that always writes Errors, empty when nothing went wrong. Every RS has a choice
  // between Success (+Warnings, content) and Errors, so this departs from 2016B.
  {
    name: 'empty-errors-element',
    description: 'Every Success reply also carries an empty <Errors/> element right after Success (and Warnings).',
    expectedWarnings: ['EP-SUCCESS-XOR-ERRORS', 'ALIGN-XSD'],
  },
  // xs:dateTime allows a zone offset; the spec's request rule 5 ("without zone") is read onto
  // replies as a SHOULD only (EP-DATES).
  {
    name: 'zoned-dates',
    operations: ['activitybook', 'bookread', 'bookcancel', 'transferavailability'],
    description:
      "Every date-time in replies (activity booking schedule and pickup, booking read, cancel deadline, transfer pickup) carries the UTC offset of its place (2030-06-01T09:00:00+02:00) at the same local wall-clock time; the booking's creation time is UTC with Z. Plain dates stay yyyy-mm-dd.",
    expectedWarnings: ['EP-DATES'],
  },

  // ---- errors ----

  // OTA_ErrorRS is OpenTravel's generic error message. 2016B declares it empty (attributes only),
  // so its Errors child departs from that schema; gateways commonly answer every refusal this way.
  {
    name: 'error-rs',
    description:
      "Refusals are answered with an OTA_ErrorRS root (OTA namespace, Version, Status NotProcessed, ErrorCode = the ERR code) holding Errors/Error (Type, Code, ShortText) instead of the operation's RS with Errors.",
    expectedWarnings: ['EP-RS-ROOT', 'ALIGN-XSD'],
  },
  // ErrorType: only Type is required; ShortText is optional and the element text is the
  // human-readable message (FreeTextType).
  {
    name: 'error-text-only',
    description: 'Error elements carry Type and Code and the message as element text, without ShortText.',
    expectedWarnings: [],
  },
  // The spec says nothing of error statuses ("Error responses ...: not shown"); status codes by
  // RFC 9110 are what most HTTP APIs use. Success replies stay 200.
  {
    name: 'http-4xx-errors',
    description:
      'Refusals keep their Errors body but use HTTP 400 (bad request forms), 401 (POS missing or malformed), 403 (wrong credentials), 404 (unknown hotel, activity, product, airport, area, booking or item), 409 (duplicate, already cancelled), 500 (system error). Success replies stay 200.',
    expectedWarnings: [],
  },

  // ---- searches ----

  // "Error responses, error codes and the conditions that cause them: not shown": a gateway may
  // refuse a search that finds nothing, as many REST-style APIs do with 404.
  {
    name: 'refuse-when-nothing-matches',
    operations: ['hotelavailability', 'activityavailability', 'activitysearch', 'transferavailability'],
    description:
      'A search that matches nothing (hotel, activity or transfer availability, activity search, an unknown airport) is refused: Errors/Error with the Type, Code and ShortText of the no-results Warning (11/424, 11/322) and HTTP 404, instead of Success with no results.',
    expectedWarnings: ['HAV-EMPTY'],
  },
  // The spec does not say how many persons a party may have; a gateway may sell small parties only.
  {
    name: 'capacity-limit',
    operations: ['hotelavailability', 'activityavailability', 'activitybook', 'transferavailability'],
    description:
      'Parties of more than 4 persons have no availability: hotel availability (guests), activity availability (participants) and transfer availability (passengers) answer as when nothing matches, and an activity booking (Quote or commit) with more than 4 ParticipantInfo is refused (Errors 3/322).',
    expectedWarnings: [],
  },

  // ---- hotels ----

  // AddressType: CountryName text is free (its @Code is ISO 3166), StateProv is the state or
  // province; a gateway may write the official names in the country's own language.
  {
    name: 'address-local-names',
    operations: ['hotelavailability', 'hotelnbc'],
    description:
      "Hotel addresses (availability and descriptive data) write CountryName in the country's own language (España, Italia, Ελλάδα) with its ISO @Code, and StateProv as the official first-level region (Illes Balears, Κρήτη, Faro, Sicilia); the area name (Mallorca) appears nowhere in the address.",
    expectedWarnings: [],
    testData: {
      placeAliases: {
        Mallorca: ['Illes Balears', 'Islas Baleares', 'Balearic Islands'],
        Crete: ['Κρήτη', 'Kriti', 'Crete (Kriti)'],
      },
    },
  },
  // BasicPropertyInfoType: every attribute and child is optional; HotelCode alone names the hotel,
  // and the spec's hotel descriptive data ("descriptive or portfolio data requested for a hotel")
  // says where it is. Hides the hotel's place: only corroboration through /hotelnbc can place it.
  {
    name: 'hotel-code-only-availability',
    operations: ['hotelavailability'],
    description:
      'Hotel availability names each hotel by BasicPropertyInfo/@HotelCode only: no HotelName, BrandCode, BrandName and no Address (country, region, town); hotel descriptive data still gives the address.',
    expectedWarnings: [],
  },
  // DateTimeSpanGroup: Start with Duration (DurationType allows P3N) is as good as Start/End;
  // EffectiveExpireOptionalDateGroup has ExpireDateExclusiveInd, false = ExpireDate is the last day.
  {
    name: 'inclusive-rate-dates',
    operations: ['hotelavailability'],
    description:
      'Hotel RoomStays carry TimeSpan Start with Duration (P3N) and no End, and every Rate ExpireDate is the last night of its period, with ExpireDateExclusiveInd="false".',
    expectedWarnings: [],
  },

  // ---- tour activities ----

  // RoomStayType: TimeSpan is optional; RoomRate/Rates/Rate EffectiveDate and ExpireDate
  // (EffectiveExpireOptionalDateGroup) date each rate period. Hides the TimeSpan branch of the stay
  // dates: only the Rate placement shows them.
  {
    name: 'stay-dates-in-rates-only',
    operations: ['hotelavailability'],
    description:
      'Hotel RoomStays carry no TimeSpan: the stay dates are only the RoomRate/Rates/Rate EffectiveDate (first night) and ExpireDate (the day after the last night of the period).',
    expectedWarnings: [],
  },
  // TourActivityAvailRS/SearchRS Schedule: Summary (DateTimeSpanGroup) and Detail
  // (OperationScheduleType, with OperationTimes/OperationTime DOW_PatternGroup) are both optional.
  {
    name: 'schedule-summary',
    operations: ['activityavailability', 'activitysearch', 'activitynbc'],
    description:
      'Activity schedules are written as Schedule/Summary Start/End (first and last operating date). An activity that does not operate every day in that span adds one Schedule/Detail (same Start/End) whose OperationTimes/OperationTime weekday flags (Mon, Tue, Weds, Thur, Fri, Sat, Sun) say on which days; no per-date Detail.',
    expectedWarnings: [],
  },
  // The spec's own convention: "Participant category: QualifierInfo (... text of QualifierInfo in
  // ParticipantCount) numeric code", with a Quantity beside it (request ParticipantCount). In 2016B
  // QualifierInfo text is AgeQualifyingEnum and ParticipantCategory has no Quantity attribute.
  {
    name: 'participant-category-ota',
    operations: ['activityavailability', 'activitybook'],
    description:
      'Participant categories are written as the spec writes them in requests: ParticipantCategory/@Quantity and QualifierInfo text = the numeric code (10, 8, 11), without @Extension and without TPA_Extensions/ParticipantCount (availability and booking replies).',
    expectedWarnings: ['ALIGN-XSD'],
  },
  // Ticket-only products have no pickup; the spec names a hotel as "text of Region with
  // RegionCode=HotelCode" (its request form), used here in TourActivityLocationType/Region, whose
  // 2016B type has attributes only.
  {
    name: 'pickupless-tickets',
    operations: ['activityavailability', 'activitysearch'],
    description:
      'Ticket-only activities (entry tickets, walking tours with a meeting point) carry no PickupDropoff in availability and search replies; the hotel they were found for is Location/Region[@RegionCode="HotelCode"] text (RegionName stays the area).',
    expectedWarnings: ['ALIGN-XSD'],
  },

  // TourActivityLocationType: Address and Region are both optional; the town is an address part.
  {
    name: 'search-area-by-town',
    operations: ['activitysearch'],
    description:
      "Activity search replies show each activity's area only as its town: Location/Address/CityName (Palma, Sóller...) and CountryName, no StateProv and no Location/Region/@RegionName.",
    expectedWarnings: [],
  },
  // TourActivityInfo: Location and PickupDropoff are optional; the spec's activity descriptive data
  // ("descriptive data for one tour activity") describes the activity. Hides where an activity is:
  // only corroboration through /activitynbc can place it (AAV-LOCATION, ASR-AREA).
  {
    name: 'activity-place-in-descriptive-only',
    operations: ['activityavailability', 'activitysearch'],
    description:
      'Activity availability and search replies carry no Location and no PickupDropoff: where an activity is and which hotels it picks up at, only its activity descriptive data shows.',
    expectedWarnings: [],
  },
  // PickupDropoff is repeatable with PickupInd telling a pickup from a drop-off.
  {
    name: 'dropoff-beside-pickup',
    operations: ['activityavailability', 'activitysearch'],
    description:
      'In activity availability and search replies, every activity with a pickup at the hotel also carries a second PickupDropoff with PickupInd="false" and LocationName = a drop-off meeting point (MEETPT-<area>), not the hotel.',
    expectedWarnings: [],
  },

  // ---- booking ----

  // UniqueID_Type is repeatable where the sandbox writes references (BookRS Confirmation max 2,
  // HotelReservation/UniqueID max 2, CancelRS UniqueID max 5); the spec only says the client's
  // reference is Type 36 with ID_Context Client.
  {
    name: 'internal-and-client-refs',
    operations: ['activitybook', 'bookread', 'bookcancel'],
    description:
      'Booking replies carry the gateway\'s own reference as a UniqueID Type 36 with ID_Context="Internal", written before the client\'s Type 36 ID_Context="Client". In the book reply (Confirmation max 2) the item\'s Type 37 moves to ReservationDetails/TPA_Extensions/UniqueID (where the spec puts it in requests).',
    expectedWarnings: [],
  },
  // US spelling; TransactionStatusType (CancelRS/@Status) and PMS_ResStatusType spell
  // "Cancelled", so "Canceled" departs from 2016B; "XL" fits HotelResStatusType's
  // UpperCaseAlphaLength1to2 member (GDS status code).
  {
    name: 'cancel-status-words',
    operations: ['bookcancel', 'bookread'],
    description:
      'Cancellation words differ: OTA_CancelRS/@Status="Canceled", booking read HotelReservation/@ResStatus="XL", item status "Canceled".',
    expectedWarnings: ['ALIGN-XSD'],
    testData: { booking: { cancelledStatusWords: ['Canceled', 'XL'] } },
  },
  // OpenTravel has a tour-activity cancel message beside OTA_CancelRS; it gives a done cancellation
  // a cancellation number (CancelConfirmation/UniqueID Type 15) and no status word.
  {
    name: 'tour-activity-cancel-reply',
    operations: ['bookcancel'],
    description:
      'A cancellation that is done is answered with OTA_TourActivityCancelRS: Reservation/CancelConfirmation with the cancel rules and UniqueID Type 15 (the cancellation number), the booking as Reservation/ReferenceID, no Status.',
    expectedWarnings: [],
  },
  // The spec lists only Quote ("Other allowed values of these attributes are not listed");
  // TransactionActionType has Book and Cancel as well as Commit.
  {
    name: 'book-resstatus-book',
    operations: ['activitybook', 'bookcancel'],
    description:
      'A booking that commits is requested with ResStatus="Book" and a cancel that commits with CancelType="Cancel"; Commit is refused as an unknown value (Errors 3/320).',
    expectedWarnings: [],
    testData: { booking: { commitResStatus: 'Book', commitCancelType: 'Cancel' } },
  },
  // ServiceType has no @Status; the gateway uses one anyway (departs from 2016B). The XSD allows
  // ResStatus on HotelReservation only, so the booking status stays there.
  {
    name: 'item-status-attribute',
    operations: ['bookread'],
    description:
      "Booking read writes each item's status as Service/@Status instead of @ReservationStatusType; the booking status stays HotelReservation/@ResStatus (2016B has no other place for it).",
    expectedWarnings: ['ALIGN-XSD'],
  },
  // TPA_Extensions is OpenTravel's extension point (ServiceType and HotelReservationType end with
  // one); the sandbox's book reply already says its status this way.
  {
    name: 'status-in-tpa-extensions',
    operations: ['bookread'],
    description:
      "Booking read writes statuses as TPA_Extensions/ReservationStatus/@Status: the booking's under HotelReservation, each item's under its Service; no @ResStatus, no @ReservationStatusType.",
    expectedWarnings: [],
  },

  // The spec says the client's reference is Type 36 with ID_Context Client in requests; what a
  // reply shows is "not shown". A gateway may confirm with its own reference alone.
  {
    name: 'book-reply-gateway-ref-only',
    operations: ['activitybook'],
    description:
      "A committed activity booking reply confirms with the gateway's own reference only (Confirmation Type 36, ID_Context Internal, SBX-00000001) and not the client's Type 36; the booking is stored, read and cancelled under the client's reference.",
    expectedWarnings: [],
  },

  // ---- descriptive ----

  // HotelDescriptiveContentType: HotelInfo and its Descriptions are optional;
  // MultimediaDescriptions/TextItems is OpenTravel's other home for descriptive text.
  {
    name: 'hotel-descriptions-multimedia',
    operations: ['hotelnbc'],
    description:
      'Hotel descriptive content has no HotelInfo/HotelName and no HotelInfo/Descriptions: the name is HotelDescriptiveContent/@HotelName, the description only MultimediaDescriptions/MultimediaDescription/TextItems/TextItem/Description.',
    expectedWarnings: [],
  },

  // ---- transfers ----

  // GroundAvailRS has no RPH for a GroundService; RateQualifier is optional, and each service's
  // Pickup/Dropoff (GroundLocationsType) already says which requested leg it answers.
  {
    name: 'transfer-legs-by-content',
    operations: ['transferavailability'],
    description:
      "Transfer services carry no RateQualifier/SpecialInputs RPH: the leg answered is told by the content, Pickup/AirportInfo/Arrival (arrival leg, Pickup/@DateTime = the flight's) or Dropoff/AirportInfo/Departure (departure leg).",
    expectedWarnings: [],
  },
  // GroundServiceChargesType: ChargePurpose (List_VehChargePurpose, with OTA_CodeExtGroup Code and
  // Description) says what a charge is for; @Description is free text.
  {
    name: 'passenger-charges-by-code',
    operations: ['transferavailability'],
    description:
      'Per-category transfer charges name the passenger category in ServiceCharges/ChargePurpose/@Code (10, 8, 11; @Description Adult/Child/Senior, text BaseRate) instead of ServiceCharges/@Description.',
    expectedWarnings: [],
  },
  // GroundServiceType has no RPH; the leg answered is known from the content, as in
  // transfer-legs-by-content.
  {
    name: 'vendor-service-rph',
    operations: ['transferavailability'],
    description:
      "Each GroundService carries the vendor's own running number as @RPH (1, 2, 3... over the reply, unrelated to the request's Location RPH) and no RateQualifier/SpecialInputs RPH: the leg answered is told by Pickup/Dropoff content.",
    expectedWarnings: ['ALIGN-XSD'],
  },
] as const satisfies readonly VariantDef[];

export type VariantName = (typeof VARIANTS)[number]['name'];

/** The catalogue, widened for easy iteration (testData is optional on every entry). */
export const VARIANT_LIST: readonly (VariantDef & { readonly name: VariantName })[] = VARIANTS;

/**
 * Pairs that contradict each other and are refused together: a document in another encoding than
 * UTF-8 needs its declaration and cannot begin with a UTF-8 byte order mark; only one encoding at a
 * time; a declaration that disagrees with the header needs a declaration and no BOM; two homes for
 * the item status.
 */
export const EXCLUSIVE_VARIANTS: readonly (readonly [VariantName, VariantName])[] = [
  ['latin1-encoding', 'utf8-bom'],
  ['latin1-encoding', 'no-xml-declaration'],
  ['item-status-attribute', 'status-in-tpa-extensions'],
  ['charset-header-wins', 'latin1-encoding'],
  ['charset-header-wins', 'utf8-bom'],
  ['charset-header-wins', 'no-xml-declaration'],
  ['charset-header-wins', 'iso-8859-15-encoding'],
  ['charset-header-wins', 'windows-1251-encoding'],
  ['iso-8859-15-encoding', 'latin1-encoding'],
  ['iso-8859-15-encoding', 'utf8-bom'],
  ['iso-8859-15-encoding', 'no-xml-declaration'],
  ['iso-8859-15-encoding', 'windows-1251-encoding'],
  ['windows-1251-encoding', 'latin1-encoding'],
  ['windows-1251-encoding', 'utf8-bom'],
  ['windows-1251-encoding', 'no-xml-declaration'],
];

/** An unknown variant name, or a pair that cannot be combined. */
export class VariantError extends Error {}

/** Deep merge of plain objects; arrays and other values of `b` replace those of `a`. */
function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
    out[k] = isObj(cur) && isObj(v) ? merge(cur, v) : v;
  }
  return out;
}

/** The set of variants switched on for one sandbox instance. */
export class Variants extends SwitchSet<VariantName> {
  constructor(names: readonly string[] = []) {
    super(
      'variant',
      VARIANTS.map((v) => v.name),
      names,
      (m) => new VariantError(m),
    );
    for (const [a, b] of EXCLUSIVE_VARIANTS) {
      if (this.has(a) && this.has(b)) throw new VariantError(`variants ${a} and ${b} cannot be combined`);
    }
  }
  /** The test data the switched-on variants need, merged in catalogue order. */
  get testData(): Record<string, unknown> {
    let out: Record<string, unknown> = {};
    for (const v of VARIANT_LIST) if (this.has(v.name) && v.testData) out = merge(out, v.testData);
    return out;
  }
}
