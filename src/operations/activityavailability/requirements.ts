// Activity availability (POST /activityavailability), "Returns available activities, their products
// and rates for given participants, location and dates": its requirements (its statements in the
// catalogue, by conformance class) and the facts that decide each MUST its rules (./contract.ts)
// judge. This file is data: it imports only src/specification/catalogue/define.ts, and
// src/specification/requirements.ts assembles the catalogue from it.
import { r, spec, ota, profile, MANDATORY_OPEN, ACTIVITY_PLACE, type DecidedByTable } from '../../specification/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'AAV-SUCCESS',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /activityavailability',
      statement:
        'A valid activity availability request naming a hotel and a product with availability in the test data is served and returns at least one available activity.',
      basis: spec('Returns available activities, their products and rates for given participants, location and dates.'),
      grain: {
        reading:
          '"Returns available activities": the valid request of the table (the hotel and product the test data declares available) is served, and its reply offers at least one activity, wherever OpenTravel 2016B lets it put one (the layout is "not shown").',
        accepts:
          'A Success with one TourActivityInfo per date of the product, each showing only BasicInfo/@TourActivityID and Schedule/Summary/@Start (as sparse as OpenTravel 2016B allows), with an ota: prefix.',
        refuses:
          'A Success with no TourActivityInfo and nothing else, for the product the test data declares available; an Errors reply, an OTA_ErrorRS or an HTTP 4xx to that valid request.',
      },
    }),
    r({
      id: 'AAV-LOCATION',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /activityavailability',
      statement:
        "Activities returned are offered for the requested location: with a hotel named (Location Context=Source), the hotel itself, a pickup at it, or the hotel's area (its region, town or country); and, when one is named, of the requested product (Location Context=Service). This holds on every request form the gateway serves, a hotel without a product included.",
      basis: spec('Returns available activities, their products and rates for given participants, location and dates.'),
      grain: {
        reading:
          '"for given ... location": the location is the hotel (Location Context=Source) or the product (Context=Service) the request names. Every activity offered is of the product named, and at the hotel named, picks up there, or is in its area (its region or town, or its country shown alone); one at the hotel whose own place is in another country than the hotel (by the hotel\'s descriptive data, or the other activities at the hotel) shows two placements that disagree. A request naming a hotel and no product is a form the table does not state: a gateway may refuse it (AAV-HOTEL-ONLY), but what it serves for it is held to these words, since only that request can show activities of another area.',
        accepts:
          'For a hotel in Mallorca and no product: activities that show no pickup and no hotel, placed only by Location/Address/StateProv "Mallorca", or only by their own activity descriptive data; or an HTTP 400 refusal of that form (no finding here: AAV-HOTEL-ONLY judges it).',
        refuses:
          'For a hotel in Mallorca and no product: activities of the Algarve (Location/Address/CountryName Portugal) beside those of Mallorca, or picking up at the hotel with Location/Address/CountryName Italy; for a product named: an activity of another TourActivityID and SupplierProductCode.',
      },
    }),
    r({
      id: 'AAV-DATES',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /activityavailability',
      statement:
        'Activities returned take place within the requested Schedule StartPeriod to EndPeriod, on every request form the gateway serves.',
      basis: spec('Returns available activities, their products and rates for given participants, location and dates.'),
      grain: {
        reading:
          '"for given ... dates": every activity offered takes place within Schedule StartPeriod to EndPeriod: a date it shows lies in the period, or a span it shows (a season) overlaps it. A Schedule that shows Detail days is judged by them; its Summary season decides only when it shows none. An end after the period (a tour of several days) is allowed; recurring dates (--mm-dd) and times of day are no dates.',
        accepts:
          'For 2030-06-01 to 2030-06-04: Schedule/Summary Start="2030-05-01" End="2030-10-31" (the season it runs in); or one TourActivityInfo per date, each with Summary Start="2030-06-02T09:30:00".',
        refuses:
          'For 2030-06-01 to 2030-06-04: Schedule/Detail Start="2030-07-01" and Detail Start="2030-07-08" only (the dates after the period), also beside a Summary Start="2030-05-01" End="2030-10-31".',
      },
    }),
    r({
      id: 'AAV-PARTICIPANTS',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /activityavailability',
      statement:
        'Every activity returned shows a rate (an amount), for the requested participants: the party it prices, counted as the request counts it (the ParticipantCount Quantities), is the requested party in every placement that shows it (a quantity per category, one entry per participant, the known group size, a total over unit prices).',
      basis: spec('Returns available activities, their products and rates for given participants, location and dates.'),
      grain: {
        reading:
          '"their products and rates for given participants": every activity offered shows a rate, and the party it prices is the party asked, counted as the spec counts it (ParticipantCount "Quantity (integer); child QualifierInfo (text: category code)"): its size. Every placement OpenTravel 2016B allows is read (a quantity per category, one ParticipantCategory per participant (a repeated code, or an @Age on each for a party of one of each category), Pricing/Group/@KnownGroupSize, a total equal to the quantities times the unit prices), and they must agree. Which category a participant is priced in (a child at the adult rate) is AAV-CATEGORIES, a SHOULD.',
        accepts:
          'For 2 adults and 1 child: ParticipantCategory Adult and Child once each with a unit Price and no quantity, and Pricing/Group KnownGroupSize="3" with the total; or three ParticipantCategory entries (10, 10, 8) with a Price each; or 3 participants all in the Adult category (then AAV-CATEGORIES warns).',
        refuses:
          "No amount anywhere in the activity, only the request's ParticipantCount echoed; a quantity of 1 in each category for 2 adults and 1 child; quantities that say 3 beside a Group KnownGroupSize that says 4.",
      },
    }),
    r({
      id: 'AAV-CATEGORIES',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /activityavailability',
      statement:
        "Rates returned price each requested category at its own rate: the participants by category (QualifierInfo) are those requested, not one category priced at another category's rate (a child priced in the adult category).",
      basis: ota(
        'Pricing/ParticipantCategory prices per participant category (QualifierInfo, AgeQualifierType); the spec names the category of a participant ("text of QualifierInfo in ParticipantCount") but not how each is priced.',
      ),
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
      id: 'AAV-CURRENCY',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /activityavailability',
      statement:
        'Amounts returned are in the currency the request asks for (MaximumPrice CurrencyCode); an amount in another currency is a finding naming both currencies, and is never compared with MaximumPrice.',
      basis: ota(
        'GuidelinePricing/MaximumPrice names the currency the client prices in, and TourActivityChargeType marks a converted amount (RateConvertInd); the spec lists the currency ("CurrencyCode (currency code)") but not that replies use it.',
      ),
    }),
    r({
      id: 'AAV-DECIMALS',
      level: 'INFO',
      class: 'core',
      section: 'Endpoints, /activityavailability',
      statement: 'Whether amounts are written with CurrencyDecimal decimals is reported for information.',
      basis: profile(
        'a choice the spec leaves open: CurrencyCode and CurrencyDecimal describe the requested MaximumPrice ("Amount (number), CurrencyCode (currency code), CurrencyDecimal (integer, number of decimals)"), not the form of reply amounts; OpenTravel amounts carry their own DecimalPlaces.',
      ),
    }),
  ],
} as const;

/** Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md renders them). */
export const decidedBy: DecidedByTable<typeof requirements> = {
  'AAV-SUCCESS': { facts: ['activityavailability.activity'] },
  'AAV-LOCATION': {
    facts: [
      'activityavailability.activity',
      'activityavailability.activity.hotel',
      'activityavailability.activity.area',
      'activityavailability.activity.country',
      'activityavailability.activity.product',
    ],
    corroboration: ACTIVITY_PLACE,
    names: ['activityavailability.activity.tourActivityId'],
  },
  'AAV-DATES': {
    facts: ['activityavailability.activity', 'activityavailability.activity.start'],
    names: ['activityavailability.activity.tourActivityId'],
  },
  'AAV-PARTICIPANTS': {
    facts: [
      'activityavailability.activity',
      'activityavailability.activity.amount',
      'activityavailability.activity.category',
      'activityavailability.activity.category.quantity',
      'activityavailability.activity.category.age',
      'activityavailability.activity.category.code',
      'activityavailability.activity.groupSize',
      'activityavailability.activity.total',
      'activityavailability.activity.category.price',
      'activityavailability.activity.amount.currency',
    ],
    names: ['activityavailability.activity.tourActivityId'],
  },
};
