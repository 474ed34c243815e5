// Transfer availability requests (POST /transferavailability): the edits scenarios make to the sample.
// The sample holds both legs: Location 1 from the airport to the hotel, Location 2 back.
import { categoriesOf, type OtaRequest } from '../../xml/requests';
import type { Party } from '../../core/test-data';

const LOCATION = 'ota:Service/ota:Locations/ota:Location';
const AIRPORT_TO_HOTEL = `${LOCATION}[ota:Pickup/ota:AirportInfo and ota:DropOff/ota:Address]`;
const HOTEL_TO_AIRPORT = `${LOCATION}[ota:Pickup/ota:Address and ota:DropOff/ota:AirportInfo]`;
const PASSENGERS = 'ota:Passengers';

/** The legs of a transfer request: "Pickup and DropOff: each holds either AirportInfo (with Airline) or Address". */
export const LEGS = ['airport to hotel', 'hotel to airport', 'airport to hotel and back'] as const;
export type Legs = (typeof LEGS)[number];

/** One Location per leg, numbered by RPH ("Location (repeated) | RPH (integer sequence label)"). */
export function setLegs(request: OtaRequest, legs: Legs): OtaRequest {
  const locations = {
    'airport to hotel': [AIRPORT_TO_HOTEL],
    'hotel to airport': [HOTEL_TO_AIRPORT],
    'airport to hotel and back': [AIRPORT_TO_HOTEL, HOTEL_TO_AIRPORT],
  };
  request.replaceWithCopies(LOCATION, locations[legs]);
  locations[legs].forEach((_, i) => request.setAttribute(`${LOCATION}[${i + 1}]`, 'RPH', i + 1));
  return request;
}

/** One Passengers per category: "Passengers (repeated) | Quantity (integer), Age (integer); child Category with Code". */
export function setParty(request: OtaRequest, party: Party): OtaRequest {
  const categories = categoriesOf(party);
  request.replaceWithCopies(
    PASSENGERS,
    categories.map((c) => `${PASSENGERS}[ota:Category/@Code='${c.code}']`),
  );
  categories.forEach((c, i) => request.setAttribute(`${PASSENGERS}[${i + 1}]`, 'Quantity', c.count));
  return request;
}

/** Every airport of the request ("AirportInfo/Arrival and AirportInfo/Departure | ... LocationCode (airport code)"). */
export const setAirport = (r: OtaRequest, code: string) => r.setAttribute(`${LOCATION}/*/ota:AirportInfo/*`, 'LocationCode', code);

export const setDisabilityRequired = (r: OtaRequest, required: boolean) =>
  r.setAttribute('ota:DisabilityInfo', 'RequiredInd', String(required));

/** One Passengers per category of any code, with its Age (copies of the sample's first): what an exploration sends. */
export function setCategories(request: OtaRequest, categories: ReadonlyArray<{ code: string; count: number; age: number }>): OtaRequest {
  request.replaceWithCopies(
    PASSENGERS,
    categories.map(() => `${PASSENGERS}[1]`),
  );
  categories.forEach((c, i) =>
    request
      .setAttribute(`${PASSENGERS}[${i + 1}]`, 'Quantity', c.count)
      .setAttribute(`${PASSENGERS}[${i + 1}]`, 'Age', c.age)
      .setAttribute(`${PASSENGERS}[${i + 1}]/ota:Category`, 'Code', c.code),
  );
  return request;
}
