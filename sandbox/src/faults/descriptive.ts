// Faults of the descriptive-data (NBC) operations: hotel and activity descriptive data answering
// for another subject, for an unknown one, or with the code alone.

import type { FaultDef } from './fault';

export const DESCRIPTIVE_FAULTS = [
  {
    name: 'hotelnbc-unknown-served',
    area: 'descriptive',
    operations: ['hotelnbc'],
    breaks: ['HNBC-UNKNOWN'],
    description: 'Hotel descriptive data for an unknown HotelCode describes the first hotel of the portfolio instead of refusing.',
  },
  {
    name: 'activitynbc-unknown-served',
    area: 'descriptive',
    operations: ['activitynbc'],
    breaks: ['ANBC-UNKNOWN'],
    description: 'Activity descriptive data for an unknown TourActivityID describes the first activity instead of refusing.',
  },
  {
    name: 'activitynbc-first-activity',
    area: 'descriptive',
    operations: ['activitynbc'],
    breaks: ['ANBC-SUBJECT'],
    description:
      'Activity descriptive data describes the first activity of its catalogue whatever TourActivityID is asked (a cache keyed by nothing): right only when the first one is asked.',
  },
  {
    name: 'activitynbc-unknown-with-data',
    area: 'descriptive',
    operations: ['activitynbc'],
    breaks: ['ANBC-UNKNOWN'],
    description:
      "Activity descriptive data refuses an unknown TourActivityID (Errors), but carries the first activity's full descriptive content beside it in TPA_Extensions (a debugging aid left on).",
  },
  {
    name: 'hotelnbc-other-hotel',
    area: 'descriptive',
    operations: ['hotelnbc'],
    breaks: ['HNBC-SUBJECT'],
    description: 'Hotel descriptive data describes the next hotel in the portfolio instead of the requested one.',
  },
  {
    name: 'activitynbc-other-activity',
    area: 'descriptive',
    operations: ['activitynbc'],
    breaks: ['ANBC-SUBJECT'],
    description: 'Activity descriptive data describes the next activity in the catalogue instead of the requested one.',
  },
  {
    name: 'hotelnbc-code-only',
    area: 'descriptive',
    operations: ['hotelnbc'],
    breaks: ['HNBC-CONTENT'],
    description: 'Hotel descriptive data answers with the hotel code alone: no name, description, address or facility.',
  },
  {
    name: 'activitynbc-code-only',
    area: 'descriptive',
    operations: ['activitynbc'],
    breaks: ['ANBC-CONTENT'],
    description: 'Activity descriptive data answers with the activity code alone: no name and no description.',
  },
] as const satisfies readonly FaultDef[];
