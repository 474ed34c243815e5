// Transfer availability (POST /transferavailability), "Returns available transfer services for
// airport, location, dates and passengers": its requirements (its statements in the catalogue, by
// conformance class) and the facts that decide each MUST its rules (./contract.ts) judge. This file
// is data: it imports only src/specification/catalogue/define.ts, and src/specification/requirements.ts assembles the
// catalogue from it.
import { r, spec, ota, type DecidedByTable } from '../../specification/catalogue/define';

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
      grain: {
        reading:
          '"Returns available transfer services for airport, location, dates and passengers": a served request for the route the test data declares shows at least one transfer service (GroundServices/GroundService) for every requested leg. A service answers a leg by the direction it shows (an airport pickup is an arrival, an airport drop-off a departure), or by a RateQualifier/SpecialInputs RPH where the direction cannot tell; a gateway\'s own numbering of its services is no leg. A refusal, or a success with nothing, fails; content the suite cannot read cannot tell.',
        accepts:
          'Two GroundService elements with no RPH at all, one whose Service/Location/Pickup holds AirportInfo/Arrival and one whose Dropoff holds AirportInfo/Departure, for a request of both legs.',
        refuses: 'Services only for the arrival leg (Location RPH 1) when the request asks for both legs.',
      },
    }),
    r({
      id: 'TRF-LEG-FORMS',
      level: 'MUST',
      class: 'core',
      section: 'Endpoints, /transferavailability',
      statement:
        'A transfer leg is served in both forms the spec allows: Pickup with AirportInfo and DropOff with Address (airport to hotel), and Pickup with Address and DropOff with AirportInfo (hotel to airport).',
      basis: spec('each holds either AirportInfo (with Airline) or Address'),
      grain: {
        reading:
          '"each holds either AirportInfo (with Airline) or Address": a leg is requested in both forms the spec allows, airport to hotel (Pickup AirportInfo, DropOff Address) and hotel to airport (Pickup Address, DropOff AirportInfo), and each is served (any refusal form fails it).',
        accepts: 'A hotel-to-airport request answered with Success and no service, with a Warning that nothing is available at that hour.',
        refuses: 'A hotel-to-airport request refused as "Pickup must be an airport".',
      },
    }),
    r({
      id: 'TRF-LOCATIONS-REPEATED',
      level: 'MUST',
      class: 'core',
      section: 'Endpoints, /transferavailability',
      statement:
        'A transfer availability request is served with one Location (a single leg) and with two Locations (both legs, told apart by RPH).',
      basis: spec('Service/Locations/Location (repeated) | RPH (integer sequence label)'),
      grain: {
        reading:
          '"Location (repeated) | RPH (integer sequence label)": a request with one Location and a request with two (told apart by RPH) are both served.',
        accepts: 'Two Locations answered with services in one GroundServices, whichever order the services come in.',
        refuses: 'Two Locations refused as "one Location per request".',
      },
    }),
    r({
      id: 'TRF-PASSENGERS-REPEATED',
      level: 'MUST',
      class: 'core',
      section: 'Endpoints, /transferavailability',
      statement:
        'A transfer availability request is served with one Passengers element (one category) and with several (one per category).',
      basis: spec('Passengers (repeated) | Quantity (integer), Age (integer); child Category with Code'),
      grain: {
        reading: '"Passengers (repeated)": a request with one Passengers element and one with several (one per category) are both served.',
        accepts: 'Several Passengers answered with services priced per vehicle, with no charge per category.',
        refuses: 'Several Passengers refused as "the party must come in one Passengers element".',
      },
    }),
    r({
      id: 'TRF-DISABILITY-BOOLEAN',
      level: 'MUST',
      class: 'core',
      section: 'Endpoints, /transferavailability',
      statement: 'A transfer availability request is served both with DisabilityInfo RequiredInd true and with RequiredInd false.',
      basis: spec('ServiceType | Code (value TRANSFER) | | DisabilityInfo | RequiredInd (boolean)'),
      grain: {
        reading:
          '"DisabilityInfo | RequiredInd (boolean)": the spec lists a boolean, so a request with RequiredInd true and one with false are both served (any refusal form fails it). What an adapted vehicle is is the SHOULD TRF-DISABILITY. A refusal of RequiredInd true that says nothing is available (OpenTravel error 322, or the words "no availability", "nothing available", "no services available") cannot tell: the route may have no adapted vehicle. Never when its words name DisabilityInfo, RequiredInd or the request\'s form (not supported, not available in this version, invalid, must): that refuses the value, whatever its code.',
        accepts: 'RequiredInd="true" answered with Success and only the adapted vehicles (or none, with a Warning).',
        refuses:
          'RequiredInd="true" refused as "adapted vehicles cannot be requested online", or as "DisabilityInfo is not available in this API version".',
      },
    }),
    r({
      id: 'TRF-AIRPORT',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /transferavailability',
      statement: 'Transfer services returned serve the requested airport (LocationCode, CodeContext IATA).',
      basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
      grain: {
        reading:
          '"for airport": every service returned serves a requested airport, as it shows it at every placement (the airport an arrival is picked up at, or a departure dropped off at; a Shuttle ServiceLocation\'s Arrival when PickupInd is true, its Departure when false, not the flight\'s other end); another airport fails; a service that shows none cannot tell.',
        accepts:
          'A service whose Pickup/AirportInfo/Arrival/@LocationCode is the requested airport and whose other end shows no airport at all.',
        refuses: 'A service picking up at another airport (Arrival LocationCode AGP for a request at PMI).',
      },
    }),
    r({
      id: 'TRF-LOCATION',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /transferavailability',
      statement: 'Transfer services returned serve the requested location (LocationType UniqueId).',
      basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
      grain: {
        reading:
          '"for ... location": every service returned serves the requested location (LocationType UniqueId), at the end that is not the airport, in either spelling (UniqueID, UniqueId); another location fails; none shown cannot tell.',
        accepts: "A service whose Dropoff/Address/LocationType/@UniqueID (OpenTravel's spelling) is the requested UniqueId.",
        refuses: 'A service dropping off at the next hotel of the resort area (another UniqueID).',
      },
    }),
    r({
      id: 'TRF-DATES',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /transferavailability',
      statement:
        "Each transfer service returned is for the date of the leg it answers (an arrival on its flight's day or just after midnight, a departure on its flight's day or the evening before).",
      basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
      grain: {
        reading:
          "\"for ... dates\": each service is dated by the leg it answers: an arrival on its flight's day (or just after midnight), a departure on its flight's day or the evening before (a pickup ahead of an early flight); a service that shows no direction may answer any requested leg. Every date a service shows is read (Pickup, Shuttle ServiceLocation and Dropoff DateTime), and all must be on the one leg's dates; none shown cannot tell.",
        accepts: 'A departure service picked up at 22:30 the evening before a 06:00 flight.',
        refuses:
          "A pickup dated on the day of the search, an arrival service dated on the departure flight's day, or an arrival picked up on its flight's day and dropped off a week later.",
      },
    }),
    r({
      id: 'TRF-PICKUP-BEFORE-FLIGHT',
      level: 'SHOULD',
      class: 'core',
      section: 'What the service does; Endpoints, /transferavailability',
      statement:
        "A departure service (hotel to airport) picks the party up, and reaches the airport, before the flight's departure date-time.",
      basis: ota(
        'the flight of a departure leg (its "AirportInfo/Arrival and AirportInfo/Departure", with "CodeContext (value IATA), LocationCode (airport code), DateTime (date-time)") is the flight the transfer takes the party to, so its pickup precedes it. The spec says "Returns available transfer services for airport, location, dates and passengers": its grain is the date, which TRF-DATES judges; a pickup on the flight\'s day but after the flight is on the date asked, so the order of the times is this SHOULD, not that MUST.',
      ),
    }),
    r({
      id: 'TRF-PASSENGERS',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Endpoints, /transferavailability',
      statement: 'Transfer services returned are for the number of passengers requested (the sum of Passengers Quantity).',
      basis: spec('Returns available transfer services for airport, location, dates and passengers.'),
      grain: {
        reading:
          '"for ... passengers": every service returned is for the party\'s size (the sum of Passengers Quantity), in every OpenTravel 2016B placement that counts it: charges per passenger category (ServiceCharges or Fees/Fee naming the category) with their Calculation Quantity, or their amount over the unit price, or a TotalCharge equal to the unit prices times the party. Several charges of one category are told by their purposes (ChargePurpose, a Fee\'s Purpose): lines of one purpose count their own passengers, a base rate and a fee each count the category; with no purposes and equal quantities both readings stand, and when one counts the party and the other does not, it cannot tell (the passing reading is never chosen). A placement that names only some of the requested categories and counts fewer (a tax on adults only, a child riding free) decides nothing; one that counts more, or names every category and counts another number, fails. Categories are not a MUST (a child priced at the adult rate is still one passenger). A vehicle or service whose capacity (MaximumPassengers, VehicleSize MaxPassengerCapacity) is below the party fails; one that holds it decides when nothing else counts. Placements that disagree are a finding; nothing shown cannot tell.',
        accepts:
          'A private vehicle priced as a whole: one charge naming no category and Service/@MaximumPassengers="4" for a party of 3; or per-category charges with Amount and Calculation/@UnitCharge and no Quantity.',
        refuses:
          'Per-category charges of one passenger each (Calculation Quantity="1" for Adult and for Child) for a party of 2 adults and 1 child; or a vehicle for 3 offered to a party of 6.',
      },
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
  // decided by the exchange (served or refused), as the other "served" requirements; no fact of the reply
  'TRF-DISABILITY-BOOLEAN': { facts: [] },
  'TRF-SUCCESS': {
    facts: [
      'transferavailability.service',
      'transferavailability.service.leg',
      'transferavailability.service.arrival',
      'transferavailability.service.departure',
    ],
  },
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
      'transferavailability.service.total',
    ],
  },
};
