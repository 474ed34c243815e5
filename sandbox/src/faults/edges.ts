// Edge faults: mistakes only some inputs show. `npm run conformance` passes each of them (its
// fixed requests never carry those inputs: two categories, three nights from the test data's
// offset, flights at 10:30 and 18:00, at most four of one category); `npm run explore` finds each
// one, at its requirement, shrunk to the smallest request (docs/explore.md). The mutation run
// counts them apart: "edge faults found by exploration, n/n".

import type { FaultDef } from './fault';

export const EDGE_FAULTS = [
  {
    name: 'third-guest-category-dropped',
    area: 'edges',
    edge: true,
    operations: ['hotelavailability'],
    breaks: ['HAV-GUESTS'],
    description:
      'Hotel availability reads two GuestCount elements and drops a third category (seniors beside adults and children): the rooms are priced and echoed without them. An edge fault: npm run conformance passes it (its parties have two categories).',
  },
  {
    name: 'month-end-stay-cut',
    area: 'edges',
    edge: true,
    operations: ['hotelavailability'],
    breaks: ['HAV-DATES'],
    description:
      'Hotel availability cuts a stay of five nights or more that crosses a month end at the end of the first month: the nights after it are neither priced nor shown. An edge fault: npm run conformance passes it (its stays are three nights).',
  },
  {
    name: 'leap-day-500',
    area: 'edges',
    edge: true,
    operations: ['hotelavailability'],
    breaks: ['HAV-SUCCESS'],
    description:
      'Hotel availability answers HTTP 500 to a stay that starts on 29 February (a date library that cannot add a year to it). An edge fault: npm run conformance passes it (unless run on the one day in four years its stay starts on 29 February).',
  },
  {
    name: 'five-priced-as-four',
    area: 'edges',
    edge: true,
    operations: ['activityavailability'],
    breaks: ['AAV-PARTICIPANTS'],
    description:
      'Activity availability prices five or more participants of one category as four (a group tariff table that ends at four). An edge fault: npm run conformance passes it (its parties have at most three of a category).',
  },
  {
    name: 'late-night-pickup-day-before',
    area: 'edges',
    edge: true,
    operations: ['transferavailability'],
    breaks: ['TRF-DATES'],
    description:
      'Transfer availability dates the pickup of a flight arriving at 22:00 or later on the day before (the pickup time computed in a zone behind the airport). An edge fault: npm run conformance passes it (its flights arrive at 10:30).',
  },
  {
    name: 'year-end-dates-in-start-year',
    area: 'edges',
    edge: true,
    operations: ['activityavailability'],
    breaks: ['AAV-DATES'],
    description:
      'Activity availability writes the dates of a period of five days or more across a year end with the year of its first day (1 January of the next year shown as 1 January of this one). An edge fault: npm run conformance passes it (its periods are three days).',
  },
  {
    name: 'party-of-six-booking-500',
    area: 'edges',
    edge: true,
    operations: ['activitybook'],
    breaks: ['BKG-QUOTE'],
    description:
      'Activity booking answers HTTP 500 to a booking (Quote or Commit) of six participants or more (a participant table of five rows). An edge fault: npm run conformance passes it (its quotes are of one, three and five participants).',
  },
  {
    name: 'late-pickup-commit-lost',
    area: 'edges',
    edge: true,
    operations: ['activitybook', 'bookread'],
    breaks: ['BKG-COMMIT-PERSISTS', 'RD-RETURNS-BOOKING'],
    description:
      "Activity booking confirms a Commit whose pickup is at 22:00 or later and never stores it (the pickup, dated the evening before, fails a constraint after the reply is written): a read by the client's reference does not find it. An edge fault: npm run conformance passes it (its pickups are in the morning); npm run explore -- --profile booking finds it with a Commit (not shrunk: a Commit is never sent twice).",
  },
] as const satisfies readonly FaultDef[];
