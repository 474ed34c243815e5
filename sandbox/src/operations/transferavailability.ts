// POST /transferavailability: airport <-> hotel transfers for each requested leg (Location RPH),
// priced per passenger category, with disability-adapted vehicles when DisabilityInfo requires.
import { dateTimeMs, fmtDateTime, requireDateTime, withOffset } from '../dates';
import type { Airport, Route, SandboxData, Vehicle } from '../data';
import { err, noMatch, warn } from '../errors';
import { EUR2, fmtMinor } from '../money';
import { el, kid, kids, path, tel, text, type XNode } from '../xml';
import type { Variants } from '../variants';
import { attr, bool, category, CATEGORY_TEXT, count, emptyResult, optAttr, overCapacity, same } from './common';
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

function readSide(n: XNode | undefined, where: string, today: string): Side {
  if (!n) throw err.missing(where);
  const ai = kid(n, 'AirportInfo');
  if (ai) {
    const pt = kid(ai, 'Arrival') ?? kid(ai, 'Departure');
    if (!pt) throw err.missing(`${where}/AirportInfo/Arrival or Departure`);
    const ctxt = optAttr(pt, 'CodeContext');
    if (ctxt && ctxt !== 'IATA') throw err.invalid(`${where}/AirportInfo CodeContext '${ctxt}' must be IATA`);
    const code = attr(pt, 'LocationCode', `${where}/AirportInfo`);
    const dateTime = requireDateTime(pt.attrs.DateTime, `${where}/AirportInfo/@DateTime`, today);
    const airline = kid(n, 'Airline');
    return {
      kind: 'airport',
      code,
      dateTime,
      flight: airline ? { number: optAttr(airline, 'FlightNumber'), code: optAttr(airline, 'Code') } : undefined,
    };
  }
  const lt = path(n, 'Address', 'LocationType');
  if (!lt) throw err.missing(`${where}/AirportInfo or ${where}/Address/LocationType`);
  return {
    kind: 'address',
    typeCode: attr(lt, 'Code', `${where}/Address/LocationType`),
    uniqueId: attr(lt, 'UniqueId', `${where}/Address/LocationType`),
  };
}

/** Location Code 1 = hotel (UniqueId = hotel code), Code 2 = resort area (UniqueId = area code). */
function routeFor(data: SandboxData, ap: Airport, side: AddressSide): Route | undefined {
  if (side.typeCode === '1') {
    if (!data.hotelByCode.has(side.uniqueId.toUpperCase())) throw err.hotel(side.uniqueId);
    return ap.routes.find((r) => r.hotels.some((h) => same(h, side.uniqueId)));
  }
  if (side.typeCode === '2') {
    if (!data.airports.some((a) => a.routes.some((r) => same(r.area, side.uniqueId))))
      throw err.unknown(`Resort area ${side.uniqueId} is unknown`);
    return ap.routes.find((r) => same(r.area, side.uniqueId));
  }
  throw err.invalid(`LocationType/@Code '${side.typeCode}' is not supported (1 hotel, 2 resort area)`);
}

function locationName(data: SandboxData, side: AddressSide, r: Route): string {
  return side.typeCode === '1' ? data.hotelByCode.get(side.uniqueId.toUpperCase())!.name : r.areaName;
}

export const transferAvailability: Operation = {
  name: 'transferavailability',
  rq: 'OTA_GroundAvailRQ',
  rs: 'OTA_GroundAvailRS',
  version: '2016.2',
  handle(req: XNode, ctx: Ctx) {
    const { data, faults } = ctx;
    const locs = kids(path(req, 'Service', 'Locations'), 'Location');
    if (locs.length === 0) throw err.missing('Service/Locations/Location');
    // Mistake (transfer-one-location-only): one leg per request, a second Location is refused.
    if (faults.has('transfer-one-location-only') && locs.length > 1)
      throw err.invalid('Only one Service/Locations/Location is supported per request');
    const pax = new Map<string, number>();
    const passengers = kids(req, 'Passengers');
    if (passengers.length === 0) throw err.missing('Passengers');
    // Mistake (transfer-one-passengers-only): the party must come in a single Passengers element.
    if (faults.has('transfer-one-passengers-only') && passengers.length > 1)
      throw err.invalid('Only one Passengers element is supported per request');
    for (const p of passengers) {
      const q = count(attr(p, 'Quantity', 'Passengers'), 'Passengers/@Quantity');
      const c = category(attr(kid(p, 'Category'), 'Code', 'Passengers/Category'), 'Passengers/Category/@Code');
      if (q > 0) pax.set(c, (pax.get(c) ?? 0) + q);
    }
    const totalPax = [...pax.values()].reduce((a, b) => a + b, 0);
    if (totalPax === 0) throw err.invalid('At least one passenger is required');
    const st = kid(req, 'ServiceType');
    const stCode = optAttr(st, 'Code') ?? text(st);
    if (st && stCode && stCode !== 'TRANSFER') throw err.invalid(`ServiceType '${stCode}' is not supported (TRANSFER)`);
    const disability = bool(optAttr(kid(req, 'DisabilityInfo'), 'RequiredInd'), 'DisabilityInfo/@RequiredInd');

    const services: string[] = [];
    const seen = new Set<string>();
    // Mistake (transfer-first-leg-only): the loop stops after the first Location.
    for (const loc of faults.has('transfer-first-leg-only') ? locs.slice(0, 1) : locs) {
      const rph = String(count(attr(loc, 'RPH', 'Location'), 'Location/@RPH'));
      if (seen.has(rph)) throw err.invalid(`Location RPH ${rph} is used twice`);
      seen.add(rph);
      const pickup = readSide(kid(loc, 'Pickup'), `Location[${rph}]/Pickup`, ctx.today);
      const dropoff = readSide(kid(loc, 'DropOff'), `Location[${rph}]/DropOff`, ctx.today);
      // Mistake (transfer-arrivals-only): only airport pickups were implemented.
      if (faults.has('transfer-arrivals-only') && pickup.kind === 'address')
        throw err.invalid(`Location ${rph}: Pickup must be an airport (AirportInfo)`);
      if (pickup.kind === dropoff.kind) throw err.invalid(`Location ${rph}: a transfer runs between an airport and an address`);
      const airportSide = (pickup.kind === 'airport' ? pickup : dropoff) as AirportSide;
      const addressSide = (pickup.kind === 'address' ? pickup : dropoff) as AddressSide;
      let idx = data.airports.findIndex((a) => same(a.code, airportSide.code));
      // Mistake (transfer-unknown-airport-fallback): an airport not served falls back to the
      // airport that serves the requested location.
      if (idx < 0 && faults.has('transfer-unknown-airport-fallback'))
        idx = data.airports.findIndex((a) => routeFor(data, a, addressSide) !== undefined);
      if (idx < 0) {
        // Variant refuse-when-nothing-matches: an airport it does not serve is one more search
        // that finds nothing, refused like the others.
        if (ctx.variants.has('refuse-when-nothing-matches'))
          throw noMatch(warn.noAvailability(`Airport ${airportSide.code} is not served`));
        throw err.unknown(`Airport ${airportSide.code} is unknown`);
      }
      // Mistake (transfer-other-airport): the airport index is off by one.
      const ap = faults.has('transfer-other-airport') ? data.airports[(idx + 1) % data.airports.length] : data.airports[idx];
      // The route is looked up correctly; only the airport answered for is wrong under the fault.
      let route = routeFor(data, data.airports[idx], addressSide);
      // Mistake (transfer-other-location): the route is picked by an index off by one, and the
      // reply names that route's location.
      let served = addressSide;
      if (route && faults.has('transfer-other-location')) {
        const routes = data.airports[idx].routes;
        route = routes[(routes.indexOf(route) + 1) % routes.length];
        served = { ...addressSide, uniqueId: addressSide.typeCode === '1' ? route.hotels[0] : route.area };
      }
      // Variant capacity-limit: no availability for parties of more than four.
      if (!route || overCapacity(ctx, totalPax)) continue;
      const arrival = pickup.kind === 'airport';
      // Mistake (transfer-search-date): the flight's time on the day of the search.
      const flightAt = faults.has('transfer-search-date') ? `${ctx.today}${airportSide.dateTime.slice(10)}` : airportSide.dateTime;
      const pickupMs = arrival ? dateTimeMs(flightAt) : dateTimeMs(flightAt) - data.departureLeadMinutes * 60_000;
      // Mistake (transfer-one-per-category): Passengers/@Quantity ignored, one passenger a category.
      const priced = faults.has('transfer-one-per-category') ? new Map([...pax.keys()].map((c) => [c, 1])) : pax;
      for (const vcode of ap.vehicles) {
        const v = data.vehicleByCode.get(vcode)!;
        if (v.maxPassengers < totalPax) continue;
        if (disability && !v.disabilityAdapted && !faults.has('ignores-disability')) continue;
        services.push(
          groundService(data, ap, route, v, rph, arrival, airportSide, served, pickupMs, priced, ctx.variants, services.length + 1),
        );
      }
    }
    if (services.length === 0) {
      return emptyResult(ctx, warn.noAvailability('No transfer matches the airports, locations, passengers and accessibility requested'));
    }
    return { content: el('GroundServices', {}, services) };
  },
};

function groundService(
  data: SandboxData,
  ap: Airport,
  route: Route,
  v: Vehicle,
  rph: string,
  arrival: boolean,
  air: AirportSide,
  addr: AddressSide,
  pickupMs: number,
  pax: Map<string, number>,
  variants: Variants,
  seq: number,
): string {
  const airportPoint = el(
    'AirportInfo',
    {},
    el(arrival ? 'Arrival' : 'Departure', { LocationCode: ap.code, CodeContext: 'IATA', AirportName: ap.name }),
  );
  const airline = air.flight ? el('Airline', { Code: air.flight.code, FlightNumber: flightDigits(air.flight.number) }) : '';
  const address = el(
    'Address',
    {},
    el('LocationType', { Code: addr.typeCode, UniqueID: addr.uniqueId }, addr.typeCode === '1' ? 'Hotel' : 'Vicinity'),
    tel('LocationName', {}, locationName(data, addr, route)),
  );
  // Variant zoned-dates: the pickup time with the UTC offset of the airport's country.
  const pickupAt = variants.has('zoned-dates') ? withOffset(fmtDateTime(pickupMs), ap.country) : fmtDateTime(pickupMs);
  const pickupEl = el('Pickup', { DateTime: pickupAt }, arrival ? [airportPoint, airline] : address);
  const dropoffEl = el('Dropoff', {}, arrival ? address : [airportPoint, airline]);
  const charges: string[] = [];
  let total = 0;
  for (const [cat, q] of pax) {
    const unit = Math.round((v.base[cat] + v.perKm[cat] * route.distanceKm) * 100);
    total += unit * q;
    // Which category a charge is for: @Description, or (variant passenger-charges-by-code)
    // ChargePurpose/@Code with the category's name in its @Description.
    const byCode = variants.has('passenger-charges-by-code');
    charges.push(
      el(
        'ServiceCharges',
        { Amount: fmtMinor(unit * q, EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2, Description: byCode ? undefined : cat },
        byCode ? tel('ChargePurpose', { Code: cat, Description: CATEGORY_TEXT[cat].trim() }, 'BaseRate') : '',
        el('Calculation', { UnitCharge: fmtMinor(unit, EUR2), Quantity: q, Total: fmtMinor(unit * q, EUR2) }),
      ),
    );
  }
  // Variant vendor-service-rph: the vendor's own running number on the service, no request RPH.
  const vendorRph = variants.has('vendor-service-rph');
  return el(
    'GroundService',
    { RPH: vendorRph ? seq : undefined },
    el(
      'Service',
      { MaximumPassengers: v.maxPassengers, DisabilityVehicleInd: String(v.disabilityAdapted) },
      el('Location', {}, pickupEl, dropoffEl),
      el('VehicleMakeModel', { Name: v.name, Code: v.code }),
    ),
    // Variant transfer-legs-by-content: no RPH; Pickup/Dropoff tell which leg this answers.
    variants.has('transfer-legs-by-content') || vendorRph ? '' : el('RateQualifier', {}, el('SpecialInputs', { Name: 'RPH', Value: rph })),
    charges,
    el('TotalCharge', {
      RateTotalAmount: fmtMinor(total, EUR2),
      EstimatedTotalAmount: fmtMinor(total, EUR2),
      CurrencyCode: 'EUR',
      DecimalPlaces: 2,
    }),
    el('Reference', { Type: '16', ID: `${ap.code}-${route.area}-${v.code}-${rph}`.slice(0, 32), ID_Context: 'Sandbox' }),
  );
}

/** The schema's FlightNumberType is digits (+ optional suffix letter): the airline prefix is dropped. */
function flightDigits(n: string | undefined): string | undefined {
  const m = n ? /^(?:[A-Z0-9]{2}[A-Z]?)?\s*(\d{1,4}[A-Z]?)$/.exec(n.trim().toUpperCase()) : null;
  return m ? m[1] : undefined;
}
