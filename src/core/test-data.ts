// The test data's shapes (OTA_TEST_DATA), shared by every layer: the requests fill their
// placeholders from it, the operations read its codes. Loading and checking a file is src/run's job.

/** Conformance classes a target may claim (the test data's `claims`). */
export const CONFORMANCE_CLASSES = ['core', 'booking', 'partial-cancellation', 'security', 'alignment'] as const;
export type ConformanceClass = (typeof CONFORMANCE_CLASSES)[number];

/** The values that fill a sample's {{name}} placeholders. */
export type PlaceholderValues = Record<string, string | number | boolean>;

/** A party of participants (guests, passengers) by category. */
export interface Party {
  adults: number;
  children: number;
}

/**
 * The forms the spec leaves open that the booking classes need (it lists only Quote for ResStatus
 * and CancelType: "Other allowed values of these attributes are not listed").
 */
export interface BookingForms {
  /** ResStatus of an activity booking that books. Default Commit (OpenTravel). */
  commitResStatus: string;
  /** CancelType of a booking cancel that cancels. Default Commit (OpenTravel). */
  commitCancelType: string;
  /** Words a reply uses for a cancelled booking or item (case-insensitive). Default Cancelled, Canceled. */
  cancelledStatusWords: string[];
  /**
   * How a partial cancellation is expressed ("not shown" in the spec), one of the forms of
   * OpenTravel 2016B's OTA_CancelRQ (PARTIAL_CANCELLATION_FORMS). Absent: the run finds it, trying
   * each form in turn on a booking made for the purpose.
   */
  partialCancellation?: PartialCancellationForm;
}

/**
 * The forms OTA_CancelRQ (2016B) offers to cancel one item of a booking: 'item-reference', the
 * item's UniqueID Type 37 beside the booking's Type 36 (UniqueID repeats: "more than one UniqueID
 * associated to a single reservation"); 'segment', Segment/@ItinSegNbr ("Number identifying the
 * segment item to be cancelled"); 'segment-range', Segment/@FirstItinSegNbr and @LastItinSegNbr
 * (a range, here of one item). OriginAndDestinationSegment names air and rail legs, not an activity.
 */
export const PARTIAL_CANCELLATION_FORMS = ['item-reference', 'segment', 'segment-range'] as const;
export type PartialCancellationForm = (typeof PARTIAL_CANCELLATION_FORMS)[number];
/** Days of the week as the test data names them (activities.bookingValues.weekdays). */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * Values a booking of the test data's product needs that the target's replies may not show
 * (activities.bookingValues). The suite takes what the gateway shows first (availability, then
 * activity descriptive data), these next, and only then guesses, naming the guess and this field.
 */
export interface BookingValues {
  /** The start time of the product, hh:mm. */
  startTime?: string;
  /** Its duration, an xs:duration (PT3H, PT2H30M). */
  duration?: string;
  /** The weekdays it runs. */
  weekdays?: Weekday[];
  /** Its pickup time at the first hotel, hh:mm; null: it takes no pickup (a ticket). */
  pickupTime?: string | null;
  /** The ages of the participants booked, by category. */
  ages?: { adult?: number; child?: number };
}

export interface Place {
  /** RefPoint CodeContext: Country or Region. */
  context: 'Country' | 'Region';
  /** RefPoint text: the place name as the target knows it. */
  name: string;
}

export interface TestData {
  description?: string;
  /** Conformance classes the target claims; core is always among them. */
  claims: ConformanceClass[];
  booking: BookingForms;
  language: string;
  altLanguage: string;
  /** Days from today to the first service date; replies are requested for future dates only. */
  offsetDays: number;
  /** Length of a stay or activity window, in days (at least 1). */
  nights: number;
  /**
   * Parties (adults, children) the target has availability for at the test data's places, products
   * and routes. Outlines with another party check that the request is handled and that what is
   * returned fits the party, but "nothing available" is then a legitimate answer. Default: 2
   * adults and 1 child (the samples' party), and 1 adult.
   */
  availableParties: Party[];
  /**
   * Optional reply-time budgets in ms, by operation path name ({"hotelavailability": 2000}). The
   * spec shows no time-outs: a reply over its budget is reported for information only.
   */
  latencyBudgetsMs: Record<string, number>;
  /**
   * Other names the target's replies use for a place of the test data (a region shown as its
   * province or island, a country in its own language), by place name: {"Mallorca": ["Illes Balears"]}.
   */
  placeAliases: Record<string, string[]>;
  hotelAvailability: {
    /** AvailRequestSegment InfoSource. */
    infoSource: string;
    /** Places with several available hotels: more than MaxResponses 1 can hold. */
    places: Place[];
    /** A place the target knows nothing about: a search there must be Success with no hotels or a Warning. */
    emptyPlace: Place;
  };
  /** Hotels for hotel descriptive data; a brand the target does not show is absent (no BrandCode is sent). */
  hotels: Array<{ code: string; brandCode?: string }>;
  activities: {
    /** Hotels whose guests are offered activities (Location Context=Source, RegionCode=HotelCode). */
    hotelCodes: string[];
    /** A product (RegionCode=Product) offered at the first hotel. */
    productCode: string;
    /** Currency of MaximumPrice. */
    currency: string;
    /** What a booking of the product needs that the target's replies may not show. */
    bookingValues: BookingValues;
  };
  transfers: {
    airportCode: string;
    airlineCode: string;
    /** LocationType Code and UniqueId of a hotel location served from airportCode. */
    locationTypeCode: string;
    locationCode: string;
  };
  /** Codes that do not exist at the target, for the negative cases. */
  unknown: {
    hotelCode: string;
    tourActivityId: string;
    airportCode: string;
  };
}
