// One real mistake at a time, the way implementations get it wrong. `breaks` is the suite's
// requirement for the statement broken; `edge` marks a mistake only some inputs show (the fixed
// scenarios of `npm run conformance` may miss it; `npm run explore` should find it).

export interface KestrelFault {
  does: string;
  breaks: string;
  spec: string;
  edge: boolean;
}

const AVAIL = 'Returns available activities, their products and rates for given participants, location and dates.';
const HOTEL = 'Returns available units for a number of guests, dates and location.';
const TRANSFER = 'Returns available transfer services for airport, location, dates and passengers.';
const CANCEL = 'The operation cancels or partially cancels an existing booking.';

export const KESTREL_FAULTS = {
  'third-category-dropped': {
    does: 'activity availability prices the first two categories of the party only (a third, such as seniors, is left out of prices and totals)',
    breaks: 'AAV-PARTICIPANTS',
    spec: AVAIL,
    edge: true,
  },
  'party-of-five-priced-for-four': {
    does: 'activity availability caps the party at four: a party of five or more is priced, and counted, as four',
    breaks: 'AAV-PARTICIPANTS',
    spec: AVAIL,
    edge: true,
  },
  'group-size-disagrees': {
    does: "activity availability's Group@KnownGroupSize counts one participant fewer than the party, while each ParticipantCategory@Quantity is right (two placements of the party disagree in one activity)",
    breaks: 'AAV-PARTICIPANTS',
    spec: AVAIL,
    edge: false,
  },
  'total-of-first-category': {
    // a total that prices part of the party beside categories that show all of it is a discount
    // ("the child goes free"), no mistake: here the categories show the part billed too
    does: "activity availability's Pricing/Summary total and its ParticipantCategory entries price the first category of the party only, while Group@KnownGroupSize counts the whole party",
    breaks: 'AAV-PARTICIPANTS',
    spec: AVAIL,
    edge: false,
  },
  'month-end-stay-cut': {
    does: 'hotel availability cuts a stay that crosses a month end at the last day of the month (TimeSpan and rates)',
    breaks: 'HAV-DATES',
    spec: HOTEL,
    edge: true,
  },
  'leap-day-500': {
    does: 'hotel availability, activity availability and activity search answer HTTP 500 when the dates asked hold 29 February',
    breaks: 'HAV-SUCCESS',
    spec: HOTEL,
    edge: true,
  },
  'maxresponses-off-by-one': {
    does: 'hotel availability returns MaxResponses + 1 hotels when MaxResponses is 2 or more',
    breaks: 'HAV-MAXRESPONSES',
    spec: 'The hotel availability request carries MaxResponses (integer) to bound the number of responses.',
    edge: true,
  },
  'country-code-any-country': {
    does: 'hotel availability with RefPoint CodeContext="Country" by ISO code (PT, GR) returns the hotels of every country',
    breaks: 'HAV-PLACE',
    spec: HOTEL,
    edge: true,
  },
  'full-place-offers-elsewhere': {
    does: 'hotel availability answers a place none of whose hotels has a room for the party (7 guests in the Algarve) with the hotels of the other places that have one, shown by code only',
    breaks: 'HAV-PLACE',
    spec: HOTEL,
    edge: true,
  },
  'stay-dates-disagree': {
    does: "hotel availability's TimeSpan shows the stay asked, while its rates run one night short: two placements of the stay disagree within one RoomStay",
    breaks: 'HAV-DATES',
    spec: HOTEL,
    edge: false,
  },
  'area-placements-disagree': {
    does: "activity search returns the other region's activities too, with Address/StateProv naming the region asked and Location/Region@RegionName their own",
    breaks: 'ASR-AREA',
    spec: 'Returns available activities in an area together with some of their descriptive data.',
    edge: false,
  },
  'empty-room-stays': {
    does: 'hotel availability answers Success with one empty <RoomStay/> per hotel (the rate engine failed, the skeleton was written)',
    breaks: 'HAV-SUCCESS',
    spec: HOTEL,
    edge: false,
  },
  'late-arrival-pickup-day-before': {
    does: 'transfer availability dates the pickup of an arrival at 22:00 or later on the day before the flight',
    breaks: 'TRF-DATES',
    spec: TRANSFER,
    edge: true,
  },
  'first-passengers-only': {
    does: 'transfer availability counts the first Passengers element only: a larger party is offered cars too small for it',
    breaks: 'TRF-PASSENGERS',
    spec: TRANSFER,
    edge: true,
  },
  'read-shows-another-booking': {
    does: 'booking read answers with the booking made just before the one asked for (an off-by-one in the store)',
    breaks: 'RD-RETURNS-BOOKING',
    spec: 'Returns information on an existing booking.',
    edge: false,
  },
  'read-right-ref-other-content': {
    does: 'booking read shows the reference asked (Type 36) over the items of the booking made just before it (their products, days, participants and item references)',
    breaks: 'RD-RETURNS-BOOKING',
    spec: 'Returns information on an existing booking.',
    edge: false,
  },
  'early-departure-pickup-after-flight': {
    does: 'transfer availability takes the pickup lead off the time of day only: a departure before 02:30 is picked up on the flight day, after the flight',
    breaks: 'TRF-PICKUP-BEFORE-FLIGHT',
    spec: '...AirportInfo/Arrival and AirportInfo/Departure | CodeContext (value IATA), LocationCode (airport code), DateTime (date-time)',
    edge: true,
  },
  'book-first-participant-only': {
    does: 'activity booking keeps and shows the first ParticipantInfo only (a party of several is booked, priced and read as one)',
    breaks: 'BKG-PARTICIPANTS-REPEATED',
    spec: 'BookingInfo/ParticipantInfo (repeated, one per participant)/Category | QualifierInfo (category code)',
    edge: false,
  },
  'partial-cancels-next-item': {
    does: 'a cancel of a range of items cancels the items after it (an off-by-one in the item numbers)',
    breaks: 'CXL-PARTIAL',
    spec: CANCEL,
    edge: false,
  },
  'json-refusal-echoes-pos': {
    does: 'every 422 JSON refusal quotes the request it refuses, POS and MessagePassword included, in its message',
    breaks: 'SEC-NO-CREDENTIAL-ECHO',
    spec: 'Second | Type=88; ID (string); MessagePassword (password string, <PASSWORD>)',
    edge: false,
  },
  'bookread-as-text-xml': {
    does: 'booking read, and only it, answers with Content-Type text/xml (every other operation application/xml)',
    breaks: 'EP-CONTENT-TYPE',
    spec: 'Success is HTTP status 200 with an application/xml body (a string of XML).',
    edge: false,
  },
  'bookcancel-without-version': {
    does: "booking cancel's reply root, and only it, carries no Version attribute",
    breaks: 'EP-VERSION',
    spec: 'The root element carries xmlns set to {ota_namespace} and a Version attribute.',
    edge: false,
  },
  'item-status-warning-disagrees': {
    does: 'a booking read shows each cancelled item XL in its Segment entry and also an advisory Warning naming it "Item <ref> Confirmed" (two placements of its status disagree)',
    breaks: 'CXL-PARTIAL',
    spec: CANCEL,
    edge: false,
  },
  'cancel-does-not-cancel': {
    does: 'booking cancel answers Cancelled and leaves the booking and its items live',
    breaks: 'CXL-COMMIT-CANCELS',
    spec: CANCEL,
    edge: false,
  },
  'partial-cancels-all': {
    does: 'a cancel of a range of one item cancels every item of the booking',
    breaks: 'CXL-PARTIAL',
    spec: CANCEL,
    edge: false,
  },
  'describes-hotel-of-brand': {
    does: 'hotel descriptive data describes the first hotel of the brand asked, whatever the HotelCode',
    breaks: 'HNBC-SUBJECT',
    spec: 'Returns the descriptive or portfolio data requested for a hotel.',
    edge: false,
  },
  'pickup-another-hotel': {
    does: 'transfer availability drops an arrival at another hotel of the same region than the one UniqueId names',
    breaks: 'TRF-LOCATION',
    spec: TRANSFER,
    edge: false,
  },
} as const satisfies Record<string, KestrelFault>;

export type KestrelFaultName = keyof typeof KESTREL_FAULTS;
export const KESTREL_FAULT_NAMES = Object.keys(KESTREL_FAULTS) as KestrelFaultName[];
