// Activity availability (POST /activityavailability), "Returns available activities, their products
// and rates for given participants, location and dates": its requirements (its statements in the
// catalogue, by conformance class) and the facts that decide each MUST its rules (./contract.ts)
// judge. This file is data: it imports only src/spec/catalogue/define.ts, and
// src/spec/requirements.ts assembles the catalogue from it.
import { r, spec, ota, profile, MANDATORY_OPEN, ACTIVITY_PLACE, type DecidedByTable } from '../../spec/catalogue/define';

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
  },
  'AAV-DATES': { facts: ['activityavailability.activity', 'activityavailability.activity.start'] },
  'AAV-PARTICIPANTS': {
    facts: [
      'activityavailability.activity',
      'activityavailability.activity.category',
      'activityavailability.activity.category.code',
      'activityavailability.activity.category.quantity',
    ],
  },
};
