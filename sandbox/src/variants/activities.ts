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

  // Constraints a gateway shows and keeps (issue 28): the suite books within them, from what the
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
] as const satisfies readonly VariantDef[];
