// Transfer availability (POST /transferavailability), "Returns available transfer services for
// airport, location, dates and passengers": its requirements (its statements in the catalogue, by
// conformance class) and the facts that decide each MUST its rules (./contract.ts) judge. This file
// is data: it imports only src/spec/catalogue/define.ts, and src/spec/requirements.ts assembles the
// catalogue from it.
import { r, spec, ota, type DecidedByTable } from '../../spec/catalogue/define';

export const requirements = {
  core: [
    r({
      id: 'TRF-SUCCESS',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /transferavailability',
      statement:
        'A valid transfer availability request for a route the test data declares available is served and returns transfer services for every requested leg (Location).',
      basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
    }),
    r({
      id: 'TRF-LEG-FORMS',
      level: 'MUST',
      class: 'core',
      section: 'Endpoints, /transferavailability',
      statement:
        'A transfer leg is served in both forms the spec allows: Pickup with AirportInfo and DropOff with Address (airport to hotel), and Pickup with Address and DropOff with AirportInfo (hotel to airport).',
      basis: spec('each holds either AirportInfo (with Airline) or Address'),
    }),
    r({
      id: 'TRF-LOCATIONS-REPEATED',
      level: 'MUST',
      class: 'core',
      section: 'Endpoints, /transferavailability',
      statement:
        'A transfer availability request is served with one Location (a single leg) and with two Locations (both legs, told apart by RPH).',
      basis: spec('Service/Locations/Location (repeated) | RPH (integer sequence label)'),
    }),
    r({
      id: 'TRF-PASSENGERS-REPEATED',
      level: 'MUST',
      class: 'core',
      section: 'Endpoints, /transferavailability',
      statement:
        'A transfer availability request is served with one Passengers element (one category) and with several (one per category).',
      basis: spec('Passengers (repeated) | Quantity (integer), Age (integer); child Category with Code'),
    }),
    r({
      id: 'TRF-AIRPORT',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /transferavailability',
      statement: 'Transfer services returned serve the requested airport (LocationCode, CodeContext IATA).',
      basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
    }),
    r({
      id: 'TRF-LOCATION',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /transferavailability',
      statement: 'Transfer services returned serve the requested location (LocationType UniqueId).',
      basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
    }),
    r({
      id: 'TRF-DATES',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /transferavailability',
      statement: 'Transfer services returned are for the requested date-times (a departure pickup may be the day before the flight).',
      basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
    }),
    r({
      id: 'TRF-PASSENGERS',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /transferavailability',
      statement: 'Transfer services returned are for the requested passengers (Quantity per Category Code).',
      basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
    }),
    r({
      id: 'TRF-DISABILITY',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /transferavailability',
      statement: 'With DisabilityInfo RequiredInd=true, only disability-adapted vehicles are offered.',
      basis: ota(
        'DisabilityInfo RequiredInd=true asks for a vehicle adapted to a disability; the spec lists the attribute ("RequiredInd (boolean)") but not its effect.',
      ),
    }),
    r({
      id: 'TRF-UNKNOWN-AIRPORT',
      level: 'SHOULD',
      class: 'core',
      section: 'Endpoints, /transferavailability',
      statement:
        'A transfer availability request for an airport the gateway does not serve offers no transfer service: it is answered as a success with no services, or refused.',
      basis: ota('a search that matches nothing is Success with no results (or Errors), never results for another place.'),
    }),
  ],
} as const;

/** Which facts decide each MUST a rule of ./contract.ts judges from the reply (docs/requirements.md renders them). */
export const decidedBy: DecidedByTable<typeof requirements> = {
  'TRF-SUCCESS': { facts: ['transferavailability.service'] },
  'TRF-AIRPORT': { facts: ['transferavailability.service', 'transferavailability.service.airport'] },
  'TRF-LOCATION': { facts: ['transferavailability.service', 'transferavailability.service.location'] },
  'TRF-DATES': { facts: ['transferavailability.service', 'transferavailability.service.pickupTime'] },
  'TRF-PASSENGERS': {
    facts: [
      'transferavailability.service',
      'transferavailability.service.charge',
      'transferavailability.service.charge.category',
      'transferavailability.service.charge.quantity',
      'transferavailability.service.capacity',
    ],
  },
};
