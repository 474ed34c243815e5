// Faults of the searches: hotel availability, activity availability and activity search ignoring
// what the request asks (dates, place, party, price, currency decimals) or answering nothing.

import type { FaultDef } from './fault';

export const AVAILABILITY_FAULTS = [
  {
    name: 'ignores-maxresponses',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-MAXRESPONSES'],
    description: 'Hotel availability returns every matching hotel whatever MaxResponses says.',
  },
  {
    name: 'small-maxresponses-refused',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-MAXRESPONSES'],
    description:
      'Hotel availability pages its results by tens and refuses a MaxResponses below 10 as an invalid value, instead of returning fewer hotels.',
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
      'Activity search filters by the product alone and reads the hotel (LocationPref Context=Source) only to validate it: a search naming a hotel and no product returns the activities of every area. A product named hides the mistake.',
  },
  {
    name: 'availability-without-rates',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-PARTICIPANTS'],
    description:
      "Activity availability lists its options without any price (the pricing service failed silently): no Pricing, only the request's ParticipantCount echoed in each TourActivityInfo.",
  },
  {
    name: 'activity-ignores-hotel',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-LOCATION', 'AAV-HOTEL-ONLY'],
    description:
      'Activity availability applies the hotel only through the product: a request naming a hotel and no product returns the activities of every area, each at its own first pickup hotel. A product named hides the mistake.',
  },
  {
    name: 'product-only-ignores-product',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-LOCATION', 'AAV-PRODUCT-ONLY'],
    description:
      'Activity availability applies the product only beside a hotel: a request naming a product and no hotel returns the activities of every product, each at its own first pickup hotel.',
  },
  {
    name: 'child-priced-as-adult',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-CATEGORIES'],
    description:
      'Activity availability prices every participant in the adult category at the adult rate: children are counted, but as adults (the party size is right).',
  },
  {
    name: 'ignores-requested-currency',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-CURRENCY'],
    description:
      'Activity availability prices in its own contract currency, USD, whatever MaximumPrice CurrencyCode asks (the amounts say USD; the bound is compared as if it were in USD).',
  },
  // One item, one fact, two placements that disagree: every placement must be read.
  {
    name: 'hotel-country-code-mismatch',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-PLACE'],
    description:
      'Hotel availability joins the hotels\' country codes on the wrong key: each BasicPropertyInfo\'s CountryCode attribute names another country than its address (a hotel in Portugal carries CountryCode="GR").',
  },
  {
    name: 'hotel-region-code-mismatch',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-PLACE'],
    description:
      'Hotel availability fills StateProv/@StateCode from a region table keyed on the wrong column: each hotel\'s address carries the ISO 3166-2 code of a region of another country (a hotel in Portugal carries StateCode="GR-M", Crete), beside its own country.',
  },
  {
    name: 'hotel-room-stays-unbound',
    area: 'availability',
    operations: ['hotelavailability'],
    breaks: ['HAV-SUCCESS'],
    description:
      'Hotel availability renders its result template before the data is bound: one RoomStay per hotel found (and one HotelStay, where the dialect lists them), each with the structure of a result (RoomTypes, RoomRates, BasicPropertyInfo, Address) and no attribute or text in it.',
  },
  {
    name: 'pricing-currency-contradicts-amounts',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-CURRENCY'],
    description:
      'Activity availability writes its contract currency, USD, in ProcessingInformation PricingCurrency, beside amounts that each say the currency asked (EUR): the reply prices in two currencies at once.',
  },
] as const satisfies readonly FaultDef[];
