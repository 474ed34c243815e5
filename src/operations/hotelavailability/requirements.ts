// Hotel availability (POST /hotelavailability), "Returns available units for a number of guests,
// dates and location": its requirements (its statements in the catalogue, by conformance class) and
// the facts that decide each MUST its rules (./contract.ts) judge. This file is data: it imports
// only src/spec/catalogue/define.ts, and src/spec/requirements.ts assembles the catalogue from it.
import { r, spec, ota, HOTEL_PLACE, type DecidedByTable } from '../../spec/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'HAV-SUCCESS',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /hotelavailability',
      statement:
        'A valid hotel availability request for a place and future dates where the test data declares availability is served and returns at least one available hotel.',
      basis: spec('Returns available units for a number of guests, dates and location.'),
    }),
    r({
      id: 'HAV-REFPOINT-CONTEXTS',
      level: 'MUST',
      class: 'core',
      section: 'Endpoints, /hotelavailability',
      statement:
        'A valid hotel availability request is served both with a RefPoint of CodeContext Country and with a RefPoint of CodeContext Region.',
      basis: spec('CodeContext (values Country, Region); text: place name'),
    }),
    r({
      id: 'HAV-MAXRESPONSES',
      level: 'MUST',
      class: 'core',
      section: 'Limits; Endpoints, /hotelavailability',
      statement: "Hotel availability returns no more results than the request's MaxResponses.",
      basis: spec('The hotel availability request carries MaxResponses (integer) to bound the number of responses.'),
    }),
    r({
      id: 'HAV-PLACE',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /hotelavailability',
      statement: 'Every hotel returned is in the requested place (RefPoint, CodeContext Country or Region).',
      basis: spec('Returns available units for a number of guests, dates and location.'),
    }),
    r({
      id: 'HAV-DATES',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /hotelavailability',
      statement: 'Every hotel returned is offered for the requested stay dates (StayDateRange Start and End).',
      basis: spec('Returns available units for a number of guests, dates and location.'),
    }),
    r({
      id: 'HAV-GUESTS',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /hotelavailability',
      statement: 'Every hotel returned is offered for the requested guests (GuestCount Count per AgeQualifyingCode).',
      basis: spec('Returns available units for a number of guests, dates and location.'),
    }),
    r({
      id: 'HAV-EMPTY',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /hotelavailability',
      statement:
        'A hotel availability search where nothing is available is answered as a success with no hotels (a Warning may say so), not refused.',
      basis: ota('a search that matches nothing is answered with Success, no results and optionally a Warning, not with Errors.'),
    }),
  ],
} as const;

/** Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md renders them). */
export const decidedBy: DecidedByTable<typeof requirements> = {
  'HAV-SUCCESS': { facts: ['hotelavailability.hotel'] },
  'HAV-MAXRESPONSES': { facts: ['hotelavailability.hotel', 'hotelavailability.hotel.code'] },
  'HAV-PLACE': {
    facts: ['hotelavailability.hotel', 'hotelavailability.hotel.code', 'hotelavailability.hotel.country', 'hotelavailability.hotel.region'],
    corroboration: HOTEL_PLACE,
  },
  'HAV-DATES': { facts: ['hotelavailability.hotel', 'hotelavailability.hotel.start', 'hotelavailability.hotel.end'] },
  'HAV-GUESTS': { facts: ['hotelavailability.hotel', 'hotelavailability.hotel.guests'] },
};
