// One real mistake at a time: each breaks one statement of the spec, the way an implementation
// gets it wrong in real life. `breaks` is the suite's requirement for that statement; `dialects`
// lists where the mistake can be seen at all (a reply that does not show the fact cannot reveal it).

export interface FaultDef {
  /** What the gateway then does wrong. */
  does: string;
  /** The requirement (suite catalogue ID) whose statement the mistake breaks. */
  breaks: string;
  /** The spec's words it breaks. */
  spec: string;
  /** The dialects (model.ts Dialect; written out here, as model.ts imports this file). */
  dialects: ReadonlyArray<'literal' | 'terse' | 'summaries'>;
}

const BOTH = ['literal', 'terse'] as const;
/** The mistakes of a booking read or cancel: seen in the summaries dialect's read layout too. */
const ALL = ['literal', 'terse', 'summaries'] as const;

export const FAULTS = {
  'ignores-maxresponses': {
    does: 'hotel availability returns every hotel of the place, whatever MaxResponses says',
    breaks: 'HAV-MAXRESPONSES',
    spec: 'The hotel availability request carries MaxResponses (integer) to bound the number of responses.',
    dialects: BOTH,
  },
  'hotels-of-another-place': {
    does: 'hotel availability ignores the RefPoint and returns hotels of every place, the farthest first',
    breaks: 'HAV-PLACE',
    spec: 'Returns available units for a number of guests, dates and location.',
    dialects: BOTH,
  },
  'ignores-stay-dates': {
    does: 'hotel availability prices a stay from tomorrow, whatever StayDateRange says',
    breaks: 'HAV-DATES',
    spec: 'Returns available units for a number of guests, dates and location.',
    // terse shows the rate season, which holds tomorrow and the stay alike: nothing to see there
    dialects: ['literal'],
  },
  'availability-without-rates': {
    does: 'activity availability lists the activities without any price (the pricing call failed), echoing the ParticipantCount asked',
    breaks: 'AAV-PARTICIPANTS',
    spec: 'Returns available activities, their products and rates for given participants, location and dates.',
    dialects: BOTH,
  },
  'activity-ignores-hotel': {
    does: 'activity availability by hotel alone (no product) returns the activities of every area',
    breaks: 'AAV-LOCATION',
    spec: 'Returns available activities, their products and rates for given participants, location and dates.',
    dialects: BOTH,
  },
  'search-ignores-area': {
    does: "activity search returns the activities of every area, not only the hotel's",
    breaks: 'ASR-AREA',
    spec: 'Returns available activities in an area together with some of their descriptive data.',
    dialects: BOTH,
  },
  'describes-another-activity': {
    does: 'activity descriptive data describes the next option in the catalogue instead of the one asked for',
    breaks: 'ANBC-SUBJECT',
    spec: 'Returns descriptive data for one tour activity.',
    dialects: BOTH,
  },
  'unknown-hotel-with-data': {
    does: "hotel descriptive data refuses an unknown HotelCode, but carries another hotel's full data in TPA_Extensions",
    breaks: 'HNBC-UNKNOWN',
    spec: 'Returns the descriptive or portfolio data requested for a hotel.',
    dialects: BOTH,
  },
  'ignores-passengers': {
    does: 'transfer availability offers every vehicle, however many passengers are asked for',
    breaks: 'TRF-PASSENGERS',
    spec: 'Returns available transfer services for airport, location, dates and passengers.',
    dialects: BOTH,
  },
  'refuses-disability-required': {
    does: 'transfer availability refuses DisabilityInfo RequiredInd="true" ("adapted vehicles cannot be requested online")',
    breaks: 'TRF-DISABILITY-BOOLEAN (not in the catalogue: DisabilityInfo | RequiredInd (boolean))',
    spec: 'DisabilityInfo | RequiredInd (boolean)',
    dialects: BOTH,
  },
  'commit-echoes-truncated-reference': {
    does: "the booking reply shows the client's reference (Type 36, Client) cut to 12 characters",
    breaks: 'BKG-COMMIT-REF',
    spec: 'Books an available activity.',
    dialects: ['literal'],
  },
  'read-without-reference': {
    does: 'a commit is answered as booked but never stored; a read of any reference returns a demonstration booking that shows no reference',
    breaks: 'BKG-COMMIT-PERSISTS',
    spec: 'Books an available activity.',
    dialects: ALL,
  },
  'refuses-returnlist-false': {
    does: 'booking read refuses ReturnListIndicator="false"',
    breaks: 'RD-RETURNLIST-BOOLEAN',
    spec: 'attributes Version, ReturnListIndicator (boolean, true or false)',
    dialects: BOTH,
  },
  'cancel-does-not-cancel': {
    does: 'booking cancel answers that the booking is cancelled, and leaves it booked',
    breaks: 'CXL-COMMIT-CANCELS',
    spec: 'Cancels or partially cancels an existing booking.',
    dialects: ALL,
  },
  'partial-cancels-all': {
    does: 'a cancel naming one item cancels every item of the booking',
    breaks: 'CXL-PARTIAL',
    spec: 'The operation cancels or partially cancels an existing booking.',
    dialects: ALL,
  },
  'warning-names-every-item': {
    does: 'once an item of a booking is cancelled, the read warns (Type 11) that every item of it was cancelled, while its Detail lists the others Confirmed',
    breaks: 'CXL-PARTIAL',
    spec: 'The operation cancels or partially cancels an existing booking.',
    dialects: ['summaries'],
  },
  'entry-shows-another-activity': {
    does: "the booking's Detail lists each item under the next excursion of the catalogue, while its Summary names the one booked",
    breaks: 'RD-DETAILS',
    spec: 'Returns information on an existing booking.',
    dialects: ['summaries'],
  },
  'cancel-status-contradicts': {
    does: 'a booking cancel answers Status="Cancelled" on its root and ReservationStatus "Confirmed" in CancelInfoRS/TPA_Extensions',
    breaks: 'CXL-COMMIT-STATUS',
    spec: 'Cancels or partially cancels an existing booking.',
    dialects: ['literal'],
  },
} as const satisfies Record<string, FaultDef>;

export type FaultName = keyof typeof FAULTS;
export const FAULT_NAMES = Object.keys(FAULTS) as FaultName[];
