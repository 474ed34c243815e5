// POST /transferavailability: airport <-> hotel transfers for each requested leg (Location RPH),
// priced per passenger category, with disability-adapted vehicles when DisabilityInfo requires.
import { dateTimeMs, fmtDateTime, requireDateTime, withOffset } from '../dates';
import type { Airport, Route, SandboxData, Vehicle } from '../data';
import { err, noMatch, warn } from '../errors';
import { EUR2, fmtMinor } from '../money';
import { el, kid, kids, path, tel, text, type XNode } from '../xml';
import type { Variants } from '../variants';
import { attr, bool, category, CATEGORY_TEXT, count, emptyResult, optAttr, overCapacity, same, testDataStay } from './common';
import type { Ctx, Operation } from './types';

interface AirportSide {
  kind: 'airport';
  code: string;
  dateTime: string;
  flight?: { number?: string; code?: string };
}
interface AddressSide {
  kind: 'address';
  typeCode: string;
  uniqueId: string;
}
type Side = AirportSide | AddressSide;

/** A Pickup or DropOff: an airport (with the flight) or an address (a hotel or a resort area). */
function readSide(side: XNode | undefined, where: string, today: string): Side {
  if (!side) throw err.missing(where);
  const airportInfo = kid(side, 'AirportInfo');
  if (airportInfo) {
    const point = kid(airportInfo, 'Arrival') ?? kid(airportInfo, 'Departure');
    if (!point) throw err.missing(`${where}/AirportInfo/Arrival or Departure`);
    const codeContext = optAttr(point, 'CodeContext');
    if (codeContext && codeContext !== 'IATA') throw err.invalid(`${where}/AirportInfo CodeContext '${codeContext}' must be IATA`);
    const code = attr(point, 'LocationCode', `${where}/AirportInfo`);
    const dateTime = requireDateTime(point.attrs.DateTime, `${where}/AirportInfo/@DateTime`, today);
    const airline = kid(side, 'Airline');
    return {
      kind: 'airport',
      code,
      dateTime,
      flight: airline ? { number: optAttr(airline, 'FlightNumber'), code: optAttr(airline, 'Code') } : undefined,
    };
  }
  const locationType = path(side, 'Address', 'LocationType');
  if (!locationType) throw err.missing(`${where}/AirportInfo or ${where}/Address/LocationType`);
  return {
    kind: 'address',
    typeCode: attr(locationType, 'Code', `${where}/Address/LocationType`),
    uniqueId: attr(locationType, 'UniqueId', `${where}/Address/LocationType`),
  };
}

/** Location Code 1 = hotel (UniqueId = hotel code), Code 2 = resort area (UniqueId = area code). */
function routeFor(data: SandboxData, airport: Airport, side: AddressSide): Route | undefined {
  if (side.typeCode === '1') {
    if (!data.hotelByCode.has(side.uniqueId.toUpperCase())) throw err.hotel(side.uniqueId);
    return airport.routes.find((r) => r.hotels.some((h) => same(h, side.uniqueId)));
  }
  if (side.typeCode === '2') {
    if (!data.airports.some((a) => a.routes.some((r) => same(r.area, side.uniqueId))))
      throw err.unknown(`Resort area ${side.uniqueId} is unknown`);
    return airport.routes.find((r) => same(r.area, side.uniqueId));
  }
  throw err.invalid(`LocationType/@Code '${side.typeCode}' is not supported (1 hotel, 2 resort area)`);
}

function locationName(data: SandboxData, side: AddressSide, route: Route): string {
  return side.typeCode === '1' ? data.hotelByCode.get(side.uniqueId.toUpperCase())!.name : route.areaName;
}

/** What the search asks for: the legs (Locations), the party per passenger category, accessibility. */
interface TransferSearch {
  locations: XNode[];
  /** Passengers per category code. */
  party: Map<string, number>;
  partySize: number;
  /** DisabilityInfo/@RequiredInd: only disability-adapted vehicles. */
  disability: boolean;
}

function readSearch(req: XNode, ctx: Ctx): TransferSearch {
  const { faults } = ctx;
  const locations = kids(path(req, 'Service', 'Locations'), 'Location');
  if (locations.length === 0) throw err.missing('Service/Locations/Location');
  // Mistake (transfer-one-location-only): one leg per request, a second Location is refused.
  if (faults.has('transfer-one-location-only') && locations.length > 1)
    throw err.invalid('Only one Service/Locations/Location is supported per request');
  const party = new Map<string, number>();
  const passengers = kids(req, 'Passengers');
  if (passengers.length === 0) throw err.missing('Passengers');
  // Mistake (transfer-one-passengers-only): the party must come in a single Passengers element.
  if (faults.has('transfer-one-passengers-only') && passengers.length > 1)
    throw err.invalid('Only one Passengers element is supported per request');
  for (const passenger of passengers) {
    const q = count(attr(passenger, 'Quantity', 'Passengers'), 'Passengers/@Quantity');
    const c = category(attr(kid(passenger, 'Category'), 'Code', 'Passengers/Category'), 'Passengers/Category/@Code');
    if (q > 0) party.set(c, (party.get(c) ?? 0) + q);
  }
  const partySize = [...party.values()].reduce((a, b) => a + b, 0);
  if (partySize === 0) throw err.invalid('At least one passenger is required');
  const serviceType = kid(req, 'ServiceType');
  const serviceCode = optAttr(serviceType, 'Code') ?? text(serviceType);
  if (serviceType && serviceCode && serviceCode !== 'TRANSFER')
    throw err.invalid(`ServiceType '${serviceCode}' is not supported (TRANSFER)`);
  const disability = bool(optAttr(kid(req, 'DisabilityInfo'), 'RequiredInd'), 'DisabilityInfo/@RequiredInd');
  // Mistake (transfer-disability-required-refused): adapted vehicles cannot be asked for online.
  if (disability && faults.has('transfer-disability-required-refused'))
    throw err.invalid('DisabilityInfo/@RequiredInd must be false: adapted vehicles are booked by phone');
  return { locations, party, partySize, disability };
}

/** One requested leg (a Location): its RPH, and its airport and address sides. */
interface Leg {
  rph: string;
  /** From the airport (the pickup is the airport), or to it. */
  arrival: boolean;
  airport: AirportSide;
  address: AddressSide;
}

/** Reads a Location; `seen` holds the RPHs read before it, which must not repeat. */
function readLeg(location: XNode, seen: Set<string>, ctx: Ctx): Leg {
  const rph = String(count(attr(location, 'RPH', 'Location'), 'Location/@RPH'));
  if (seen.has(rph)) throw err.invalid(`Location RPH ${rph} is used twice`);
  seen.add(rph);
  const pickup = readSide(kid(location, 'Pickup'), `Location[${rph}]/Pickup`, ctx.today);
  const dropoff = readSide(kid(location, 'DropOff'), `Location[${rph}]/DropOff`, ctx.today);
  // Mistake (transfer-arrivals-only): only airport pickups were implemented.
  if (ctx.faults.has('transfer-arrivals-only') && pickup.kind === 'address')
    throw err.invalid(`Location ${rph}: Pickup must be an airport (AirportInfo)`);
  if (pickup.kind === dropoff.kind) throw err.invalid(`Location ${rph}: a transfer runs between an airport and an address`);
  return {
    rph,
    arrival: pickup.kind === 'airport',
    airport: (pickup.kind === 'airport' ? pickup : dropoff) as AirportSide,
    address: (pickup.kind === 'address' ? pickup : dropoff) as AddressSide,
  };
}

/** The index in the portfolio of the leg's airport; an airport not served is refused. */
function airportIndex(leg: Leg, ctx: Ctx): number {
  const { data, faults } = ctx;
  let idx = data.airports.findIndex((a) => same(a.code, leg.airport.code));
  // Mistake (transfer-unknown-airport-fallback): an airport not served falls back to the
  // airport that serves the requested location.
  if (idx < 0 && faults.has('transfer-unknown-airport-fallback'))
    idx = data.airports.findIndex((a) => routeFor(data, a, leg.address) !== undefined);
  if (idx < 0) {
    // Variant refuse-when-nothing-matches: an airport it does not serve is one more search
    // that finds nothing, refused like the others.
    if (ctx.variants.has('refuse-when-nothing-matches')) throw noMatch(warn.noAvailability(`Airport ${leg.airport.code} is not served`));
    throw err.unknown(`Airport ${leg.airport.code} is unknown`);
  }
  return idx;
}

/** The transfer services of one leg: one per vehicle of the airport that carries the party. */
function legServices(leg: Leg, search: TransferSearch, ctx: Ctx, firstSeq: number): string[] {
  const { data, faults } = ctx;
  const idx = airportIndex(leg, ctx);
  // Mistake (transfer-other-airport): the airport index is off by one.
  const airport = faults.has('transfer-other-airport') ? data.airports[(idx + 1) % data.airports.length] : data.airports[idx];
  // The route is looked up correctly; only the airport answered for is wrong under the fault.
  let route = routeFor(data, data.airports[idx], leg.address);
  // Mistake (transfer-other-location): the route is picked by an index off by one, and the
  // reply names that route's location.
  let served = leg.address;
  if (route && faults.has('transfer-other-location')) {
    const routes = data.airports[idx].routes;
    route = routes[(routes.indexOf(route) + 1) % routes.length];
    served = { ...leg.address, uniqueId: leg.address.typeCode === '1' ? route.hotels[0] : route.area };
  }
  // Variant capacity-limit: no availability for parties of more than four.
  if (!route || overCapacity(ctx, search.partySize)) return [];
  // Mistake (transfer-search-date): the flight's time on the day of the search.
  const flightAt = faults.has('transfer-search-date') ? `${ctx.today}${leg.airport.dateTime.slice(10)}` : leg.airport.dateTime;
  // Mistake (late-night-pickup-day-before): an arrival from 22:00 is picked up the day before.
  const dayBefore = faults.has('late-night-pickup-day-before') && leg.arrival && Number(flightAt.slice(11, 13)) >= 22 ? 86_400_000 : 0;
  let pickupMs = (leg.arrival ? dateTimeMs(flightAt) : dateTimeMs(flightAt) - data.departureLeadMinutes * 60_000) - dayBefore;
  // Mistake (early-departure-pickup-after-flight): the lead is taken off the time of day only, so a
  // departure earlier than the lead is picked up on the flight's own day, after the flight.
  if (faults.has('early-departure-pickup-after-flight') && !leg.arrival && fmtDateTime(pickupMs).slice(0, 10) < flightAt.slice(0, 10))
    pickupMs += 86_400_000;
  // Mistake (transfer-one-per-category): Passengers/@Quantity ignored, one passenger a category.
  const party = faults.has('transfer-one-per-category') ? new Map([...search.party.keys()].map((c) => [c, 1])) : search.party;
  const services: string[] = [];
  for (const vehicleCode of airport.vehicles) {
    const vehicle = data.vehicleByCode.get(vehicleCode)!;
    if (vehicle.maxPassengers < search.partySize) continue;
    if (search.disability && !vehicle.disabilityAdapted && !faults.has('ignores-disability')) continue;
    const offer: Offer = { airport, route, vehicle, leg, served, pickupMs, party, seq: firstSeq + services.length };
    services.push(groundService(offer, data, ctx.variants));
  }
  return services;
}

export const transferAvailability: Operation = {
  name: 'transferavailability',
  rq: 'OTA_GroundAvailRQ',
  rs: 'OTA_GroundAvailRS',
  version: '2016.2',
  handle(req: XNode, ctx: Ctx) {
    const search = readSearch(req, ctx);
    const services: string[] = [];
    const seen = new Set<string>();
    // Mistake (transfer-first-leg-only): the loop stops after the first Location.
    const locations = ctx.faults.has('transfer-first-leg-only') ? search.locations.slice(0, 1) : search.locations;
    const legs = locations.map((location) => readLeg(location, seen, ctx));
    // Mistake (transfer-leg-dates-swapped): the flights' dates are read in reverse order of the legs.
    const flightDays = legs.map((l) => l.airport.dateTime.slice(0, 10));
    if (ctx.faults.has('transfer-leg-dates-swapped'))
      legs.forEach((l, i) => (l.airport.dateTime = `${flightDays[legs.length - 1 - i]}${l.airport.dateTime.slice(10)}`));
    // variant inventory-for-test-data-dates: flights arriving on the test data's first day and leaving on its last only
    const stay = testDataStay(ctx);
    const held =
      !ctx.variants.has('inventory-for-test-data-dates') || legs.every((l, i) => flightDays[i] === (l.arrival ? stay.start : stay.end));
    for (const leg of held ? legs : []) services.push(...legServices(leg, search, ctx, services.length + 1));
    if (services.length === 0) {
      return emptyResult(ctx, warn.noAvailability('No transfer matches the airports, locations, passengers and accessibility requested'));
    }
    return { content: el('GroundServices', {}, services) };
  },
};

/** One transfer offered: a vehicle on a route, for a leg, at a pickup time, for the party. */
interface Offer {
  airport: Airport;
  route: Route;
  vehicle: Vehicle;
  leg: Leg;
  /** The location the reply names (another than the leg's under transfer-other-location). */
  served: AddressSide;
  pickupMs: number;
  /** Passengers per category as priced. */
  party: Map<string, number>;
  /** The service's running number in the reply (variant vendor-service-rph). */
  seq: number;
}

/** Pickup and Dropoff: the airport on one side (with the flight), the address on the other. */
function pickupAndDropoff(offer: Offer, data: SandboxData, variants: Variants): string[] {
  const { airport, route, leg, served, pickupMs } = offer;
  const airportPoint = el(
    'AirportInfo',
    {},
    el(leg.arrival ? 'Arrival' : 'Departure', { LocationCode: airport.code, CodeContext: 'IATA', AirportName: airport.name }),
  );
  const flight = leg.airport.flight;
  const airline = flight ? el('Airline', { Code: flight.code, FlightNumber: flightDigits(flight.number) }) : '';
  const address = el(
    'Address',
    {},
    el('LocationType', { Code: served.typeCode, UniqueID: served.uniqueId }, served.typeCode === '1' ? 'Hotel' : 'Vicinity'),
    tel('LocationName', {}, locationName(data, served, route)),
  );
  // Variant zoned-dates: the pickup time with the UTC offset of the airport's country.
  const pickupAt = variants.has('zoned-dates') ? withOffset(fmtDateTime(pickupMs), airport.country) : fmtDateTime(pickupMs);
  return [
    el('Pickup', { DateTime: pickupAt }, leg.arrival ? [airportPoint, airline] : address),
    el('Dropoff', {}, leg.arrival ? address : [airportPoint, airline]),
  ];
}

/** The charges per passenger category, and their total in cents. */
function serviceCharges(offer: Offer, variants: Variants): { charges: string[]; total: number } {
  const { route, vehicle } = offer;
  const charges: string[] = [];
  let total = 0;
  for (const [cat, q] of offer.party) {
    const unit = Math.round((vehicle.base[cat] + vehicle.perKm[cat] * route.distanceKm) * 100);
    total += unit * q;
    // Which category a charge is for: @Description, or (variant passenger-charges-by-code)
    // ChargePurpose/@Code with the category's name in its @Description.
    const byCode = variants.has('passenger-charges-by-code');
    charges.push(
      el(
        'ServiceCharges',
        { Amount: fmtMinor(unit * q, EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2, Description: byCode ? undefined : cat },
        byCode ? tel('ChargePurpose', { Code: cat, Description: CATEGORY_TEXT[cat].trim() }, 'BaseRate') : '',
        // Variant passenger-charges-unit-prices: the unit price alone; the quantity is Amount over it.
        variants.has('passenger-charges-unit-prices')
          ? el('Calculation', { UnitCharge: fmtMinor(unit, EUR2) })
          : el('Calculation', { UnitCharge: fmtMinor(unit, EUR2), Quantity: q, Total: fmtMinor(unit * q, EUR2) }),
      ),
    );
  }
  return { charges, total };
}

function groundService(offer: Offer, data: SandboxData, variants: Variants): string {
  const { airport, route, vehicle, leg } = offer;
  const { charges, total } = serviceCharges(offer, variants);
  // Variant vendor-service-rph: the vendor's own running number on the service, no request RPH.
  const vendorRph = variants.has('vendor-service-rph');
  return el(
    'GroundService',
    { RPH: vendorRph ? offer.seq : undefined },
    el(
      'Service',
      { MaximumPassengers: vehicle.maxPassengers, DisabilityVehicleInd: String(vehicle.disabilityAdapted) },
      el('Location', {}, pickupAndDropoff(offer, data, variants)),
      el('VehicleMakeModel', { Name: vehicle.name, Code: vehicle.code }),
    ),
    // Variant transfer-legs-by-content: no RPH; Pickup/Dropoff tell which leg this answers.
    variants.has('transfer-legs-by-content') || vendorRph
      ? ''
      : el('RateQualifier', {}, el('SpecialInputs', { Name: 'RPH', Value: leg.rph })),
    charges,
    el('TotalCharge', {
      RateTotalAmount: fmtMinor(total, EUR2),
      EstimatedTotalAmount: fmtMinor(total, EUR2),
      CurrencyCode: 'EUR',
      DecimalPlaces: 2,
    }),
    el('Reference', { Type: '16', ID: `${airport.code}-${route.area}-${vehicle.code}-${leg.rph}`.slice(0, 32), ID_Context: 'Sandbox' }),
  );
}

/** The schema's FlightNumberType is digits (+ optional suffix letter): the airline prefix is dropped. */
function flightDigits(n: string | undefined): string | undefined {
  const match = n ? /^(?:[A-Z0-9]{2}[A-Z]?)?\s*(\d{1,4}[A-Z]?)$/.exec(n.trim().toUpperCase()) : null;
  return match ? match[1] : undefined;
}
