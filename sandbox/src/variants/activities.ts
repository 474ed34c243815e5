// Variants of tour-activity replies (availability, search, descriptive data, booking): schedules,
// participant categories, pickups and where an activity is.

import type { VariantDef } from './variant';

export const ACTIVITY_VARIANTS = [
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

  // Constraints a gateway shows and keeps: the suite books within them, from what the
  // gateway shows, never with a value of its own. Each names a product of the test data that has
  // the constraint, so that the suite's booking meets it.

  // TourActivityPolicyType Participant/@MinAge: "The minimum permitted age for participants".
  {
    name: 'minimum-age',
    operations: ['activityavailability', 'activitynbc', 'activitybook'],
    description:
      'Every activity takes participants from 10 years (the child category ends at 12): its activity descriptive data says so (Policies/Participant/@MinAge), availability shows no Policies; a younger participant is refused (Errors 3/320).',
    expectedWarnings: [],
  },
  // TourActivityTransType: PickupDropoff/Schedule (OperationScheduleType, OperationTime/@Start).
  {
    name: 'fixed-pickup-time',
    operations: ['activityavailability', 'activitybook'],
    description:
      "Guests are collected only at the activity's own pickup time (07:45 for PMI-DRACH), which only its descriptive data shows (PickupDropoff/Schedule/OperationTimes/OperationTime/@Start); availability's PickupDropoff has no DateTime; a booking whose PickupDropoff/@DateTime is another time is refused.",
    expectedWarnings: [],
  },
  // TourActivityAvailRS Schedule: Summary (DateTimeSpanGroup) alone is a season, weekdays optional.
  {
    name: 'season-without-weekdays',
    operations: ['activityavailability', 'activitysearch'],
    description:
      "Activity availability and search show each activity's schedule as its season within the period asked for (Schedule/Summary Start..End, no Detail, no weekday): which weekdays it runs, only its descriptive data shows (OperationTime flags); a booking on another day is refused. The test data names PMI-HIKE (Tuesdays and Fridays, from 12 years).",
    expectedWarnings: [],
    testData: { activities: { productCode: 'PMI-HIKE' } },
  },
  // TourActivityPolicyType Participant/@MinParticipants: "The minimum number of participants".
  {
    name: 'minimum-party',
    operations: ['activityavailability', 'activitynbc', 'activitybook'],
    description:
      'Every activity is sold to parties of 3 or more (Policies/Participant/@MinParticipants in availability and descriptive data): availability offers nothing to a smaller party and such a booking is refused. The test data declares parties of 2 adults and 1 child, and 3 and 2.',
    expectedWarnings: [],
    testData: {
      availableParties: [
        { adults: 2, children: 1 },
        { adults: 3, children: 2 },
      ],
    },
  },
  // TourActivityInfo/PickupDropoff is optional; PickupInd false: a meeting point, not a pickup.
  {
    name: 'tickets-without-pickup',
    operations: ['activityavailability', 'activitysearch', 'activitynbc', 'activitybook'],
    description:
      'Ticket-only activities take no pickup: availability and search show none (the hotel they were found for as Location/Region[@RegionCode="HotelCode"] text, as pickupless-tickets), their descriptive data shows a meeting point (PickupDropoff PickupInd="false"); a booking that asks for a pickup for one is refused. The test data names the ticket PMI-PALMA.',
    expectedWarnings: ['ALIGN-XSD'],
    testData: { activities: { productCode: 'PMI-PALMA' } },
  },
  // OTA_TourActivityAvailRS Pricing/ParticipantCategory: "Pricing for one or more participant
  // category(s)", maxOccurs unbounded, no quantity (its @Age is a participant's): one per participant.
  {
    name: 'participants-repeated',
    operations: ['activityavailability'],
    description:
      'Activity availability shows the party as one Pricing/ParticipantCategory per participant (2 adults and 1 child: Adult, Adult, Child), each with its unit Price, no quantity anywhere (no @Quantity, no TPA_Extensions); Pricing/Summary keeps the total.',
    expectedWarnings: [],
  },
  // Pricing/Group: "Group pricing", @KnownGroupSize "The actual quantity of participants in a group".
  {
    name: 'participants-group-size',
    operations: ['activityavailability'],
    description:
      'Activity availability shows one Pricing/ParticipantCategory per category with its unit Price and no quantity, and the party as Pricing/Group GroupName="Party of 3" KnownGroupSize="3" whose Price is the total; no Pricing/Summary.',
    expectedWarnings: [],
  },
  // OTA_TourActivityAvailRS_UC1: ParticipantCategory QualifierInfo + Price, per person, no quantity;
  // Pricing/Summary ("Pricing information ... not associated with participant category(s)") the total.
  {
    name: 'prices-per-person-only',
    operations: ['activityavailability'],
    description:
      'Activity availability shows one Pricing/ParticipantCategory per category with its per-person Price and no quantity anywhere; the party shows only in Pricing/Summary, the total (quantity x unit price summed).',
    expectedWarnings: [],
  },
  // OTA_TourActivityAvailRS_UC1: ProcessingInformation DecimalPlaces="2" PricingCurrency, and a
  // Price Amount with no CurrencyCode of its own.
  {
    name: 'pricing-currency-header',
    operations: ['activityavailability'],
    description:
      'Activity availability states the currency and decimals once, as ProcessingInformation PricingCurrency and DecimalPlaces before the first TourActivityInfo (as OTA_TourActivityAvailRS_UC1 does); no amount carries CurrencyCode or DecimalPlaces.',
    expectedWarnings: [],
  },
  // ISO 4217: the yen has no minor unit. The spec's MaximumPrice carries "CurrencyDecimal (integer,
  // number of decimals)"; a certifier whose gateway prices in yen names JPY in the test data.
  {
    name: 'currency-without-minor-unit',
    operations: ['activityavailability'],
    description:
      "The gateway prices in yen, and the test data names JPY (no minor unit; 1 EUR = 162 JPY in the sandbox, an activity of 45 EUR is 7290 JPY): MaximumPrice CurrencyDecimal must be the currency's ISO 4217 minor unit (0 for JPY, 3 for KWD); another value is refused as invalid.",
    expectedWarnings: [],
    testData: { activities: { currency: 'JPY' } },
  },
] as const satisfies readonly VariantDef[];
