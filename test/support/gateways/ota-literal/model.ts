// What the Alba gateway does, whatever its dialect: it reads a request, honours the constraints it
// shows (seasons and weekdays, start and pickup times, minimum age and party, ticket-only products),
// keeps its bookings, and answers with plain results that each dialect writes in its own form.
import type { Element } from './xml';
import { all, attr, kids, one, text } from './xml';
import type { FaultName } from './faults';
import {
  addDays,
  convert,
  countryName,
  DATA,
  daysBetween,
  hotelByCode,
  inSeason,
  isDate,
  isDateTime,
  productByCode,
  runsOn,
  seasonSpan,
  today,
  type CategoryCode,
  type Hotel,
  type Product,
  type Room,
  type Vehicle,
} from './data';

export type Dialect = 'literal' | 'terse' | 'summaries';
/** The dialects that write OpenTravel's own forms (summaries is literal but for the booking read and the partial form). */
export const literalLike = (d: Dialect) => d !== 'terse';

/** A refusal: OpenTravel error Type (EWT) and Code (ERR), and the HTTP status the terse dialect uses. */
export class Refusal extends Error {
  constructor(
    readonly type: number,
    readonly code: number,
    message: string,
    readonly status: number,
    /** Only under the fault unknown-hotel-with-data: data a refusal must not carry. */
    readonly leak?: Hotel,
  ) {
    super(message);
  }
}
const invalid = (msg: string) => new Refusal(3, 320, msg, 400);
const missing = (what: string) => new Refusal(10, 321, `${what} is missing`, 400);
const notFound = (code: number, msg: string) => new Refusal(3, code, msg, 404);
/** A request that breaks a constraint the gateway shows (age, party, day, time, pickup). */
const breaks = (msg: string) => new Refusal(3, 322, msg, 422);

export interface State {
  dialect: Dialect;
  fault?: FaultName;
  bookings: Map<string, Booking>;
  counter: number;
}
const on = (s: State, f: FaultName) => s.fault === f;
/** The ResStatus that books and the CancelType that cancels, per dialect (the spec lists only Quote). */
export const COMMIT_WORD: Record<Dialect, { book: string; cancel: string }> = {
  literal: { book: 'Commit', cancel: 'Commit' },
  terse: { book: 'Book', cancel: 'Cancel' },
  summaries: { book: 'Commit', cancel: 'Commit' },
};

function int(value: string | undefined, what: string, min = 0): number {
  if (value === undefined) throw missing(what);
  if (!/^\d+$/.test(value) || Number(value) < min) throw invalid(`${what} must be a whole number of at least ${min}`);
  return Number(value);
}
function bool(value: string | undefined, what: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (/^(true|1)$/i.test(value)) return true;
  if (/^(false|0)$/i.test(value)) return false;
  throw invalid(`${what} must be true or false`);
}
function category(value: string | undefined, what: string): CategoryCode {
  const c = (value ?? '').trim().toLowerCase();
  if (c === '10' || c === 'adult') return '10';
  if (c === '8' || c === 'child') return '8';
  throw invalid(`${what} "${value ?? ''}" is not a category this gateway sells (10 adult, 8 child)`);
}
function dateRange(start: string | undefined, end: string | undefined, what: string, maxDays: number) {
  if (!start || !end) throw missing(`${what} start and end`);
  if (!isDate(start) || !isDate(end)) throw new Refusal(3, 15, `${what} must be ISO 8601 dates (yyyy-mm-dd)`, 400);
  if (start < today()) throw new Refusal(3, 15, `${what} starts in the past`, 400);
  if (end < start || daysBetween(start, end) > maxDays)
    throw new Refusal(3, 404, `${what} must end after its start, within ${maxDays} days`, 400);
  return { start, end };
}
const days = (start: string, end: string) => Array.from({ length: daysBetween(start, end) + 1 }, (_, i) => addDays(start, i));
const region = (e: Element | undefined, code: string) =>
  all(e, 'Region').find((r) => attr(r, 'RegionCode')?.toLowerCase() === code.toLowerCase());
const byContext = (es: Element[], ctx: string) => es.find((e) => attr(e, 'Context')?.toLowerCase() === ctx.toLowerCase());

/** The hotel (Context=Source, Region HotelCode) and the product (Context=Service, Region Product) a request names. */
function hotelAndProduct(places: Element[], name: string) {
  const hotelCode = text(region(byContext(places, 'Source'), 'HotelCode')) || undefined;
  const productCode = text(region(byContext(places, 'Service'), 'Product')) || undefined;
  if (!hotelCode && !productCode) throw missing(`A hotel (${name} Context=Source) or a product (${name} Context=Service)`);
  return { hotel: hotelCode ? knownHotel(hotelCode) : undefined, named: productCode ? knownProduct(productCode) : undefined };
}

function knownHotel(code: string | undefined): Hotel {
  const hotel = hotelByCode(code);
  if (!hotel) throw notFound(392, `Unknown hotel code ${code ?? ''}`);
  return hotel;
}
function knownProduct(code: string | undefined): Product {
  const product = productByCode(code);
  if (!product) throw notFound(320, `Unknown TourActivityID ${code ?? ''}`);
  return product;
}

// ---------------------------------------------------------------- hotel availability

export interface HotelOffer {
  hotel: Hotel;
  room: Room;
  start: string;
  end: string;
  guests: Array<{ code: CategoryCode; count: number }>;
  /** One per run of nights in one season: the nights and the season they are priced in. */
  rates: Array<{ from: string; to: string; season: { start: string; end: string }; nightly: number }>;
  total: number;
}

export function hotelAvailability(state: State, root: Element) {
  const maxAttr = attr(root, 'MaxResponses');
  const max = maxAttr === undefined ? Infinity : int(maxAttr, 'MaxResponses', 1);
  const seg = one(root, 'AvailRequestSegments/AvailRequestSegment');
  if (!seg) throw missing('AvailRequestSegment');
  const range = one(seg, 'StayDateRange');
  const stay = dateRange(attr(range, 'Start'), attr(range, 'End'), 'StayDateRange', 30);
  if (stay.start === stay.end) throw new Refusal(3, 404, 'A stay needs at least one night', 400);
  const guests = all(seg, 'RoomStayCandidates/RoomStayCandidate/GuestCounts/GuestCount').map((g) => ({
    code: category(attr(g, 'AgeQualifyingCode'), 'AgeQualifyingCode'),
    count: int(attr(g, 'Count'), 'GuestCount Count'),
  }));
  const adults = guests.filter((g) => g.code === '10').reduce((n, g) => n + g.count, 0);
  const total = guests.reduce((n, g) => n + g.count, 0);
  if (adults < 1) throw invalid('A room needs at least one adult guest');
  const ref = one(seg, 'HotelSearchCriteria/Criterion/RefPoint');
  const ctx = attr(ref, 'CodeContext');
  const place = text(ref).toLowerCase();
  if (ctx !== 'Country' && ctx !== 'Region') throw invalid('RefPoint CodeContext must be Country or Region');
  if (!place) throw missing('RefPoint place name');
  const inPlace = (h: Hotel) =>
    ctx === 'Country' ? [h.country, countryName(h.country)].some((n) => n.toLowerCase() === place) : h.region.toLowerCase() === place;
  const hotels = on(state, 'hotels-of-another-place') ? [...DATA.hotels].reverse() : DATA.hotels.filter(inPlace);
  // The mistake: a stay from tomorrow, whatever was asked (as if the dates had not been read).
  const start = on(state, 'ignores-stay-dates') ? addDays(today(), 1) : stay.start;
  const end = addDays(start, daysBetween(stay.start, stay.end));
  const nights = days(start, addDays(end, -1));
  const offers: HotelOffer[] = [];
  for (const hotel of hotels) {
    const seasonOf = (d: string) => hotel.seasons.find((x) => inSeason(d, x));
    const rooms = hotel.rooms.filter(
      (r) => r.maxAdults >= adults && r.maxGuests >= total && nights.every((d) => seasonOf(d)?.prices[r.code]),
    );
    const room = rooms.sort((a, b) => seasonOf(nights[0])!.prices[a.code] - seasonOf(nights[0])!.prices[b.code])[0];
    if (!room) continue;
    const rates: HotelOffer['rates'] = [];
    for (const night of nights) {
      const season = seasonOf(night)!;
      const last = rates[rates.length - 1];
      const span = seasonSpan(night, season);
      if (last && last.season.start === span.start && last.nightly === season.prices[room.code]) last.to = addDays(night, 1);
      else rates.push({ from: night, to: addDays(night, 1), season: span, nightly: season.prices[room.code] });
    }
    const sum = rates.reduce((n, r) => n + r.nightly * daysBetween(r.from, r.to), 0);
    offers.push({ hotel, room, start, end, guests, rates, total: sum });
  }
  return { offers: on(state, 'ignores-maxresponses') ? offers : offers.slice(0, max), echoToken: attr(root, 'EchoToken') };
}

// ---------------------------------------------------------------- activities

export interface Party {
  counts: Array<{ code: CategoryCode; qty: number }>;
  total: number;
}
export interface ActivityOffer {
  product: Product;
  /** The days it runs within the requested period. */
  dates: string[];
  pickupHotel?: Hotel;
  party: Party;
  /** Per category asked: the price per person; none under availability-without-rates. */
  prices: Array<{ code: CategoryCode; qty: number; unit: number }>;
  total: number;
  currency: string;
}

export const pickupHotels = (p: Product) => (p.pickup?.hotels ?? []).map((c) => hotelByCode(c)!);
/** The hotel asked for, when the product picks up there. */
const pickupAt = (p: Product, hotel: Hotel | undefined) => (hotel && p.pickup?.hotels.includes(hotel.code) ? hotel : undefined);

export function activityAvailability(state: State, root: Element) {
  const ta = one(root, 'TourActivity');
  if (!ta) throw missing('TourActivity');
  const { hotel, named } = hotelAndProduct(kids(ta, 'Location'), 'Location');
  const sched = one(ta, 'Schedule');
  const period = dateRange(attr(sched, 'StartPeriod'), attr(sched, 'EndPeriod'), 'Schedule', 31);
  const party = partyOf(kids(ta, 'ParticipantCount'));
  const pricing = one(ta, 'MultimodalOffer/RequestedOffer/GuidelinePricing');
  const method = text(one(pricing, 'Method'));
  if (method && method !== 'PerPerson') throw invalid(`GuidelinePricing Method ${method} is not sold; PerPerson is`);
  const maxEl = one(pricing, 'MaximumPrice');
  const currency = attr(maxEl, 'CurrencyCode') ?? 'EUR';
  if (!DATA.currencies[currency])
    throw new Refusal(3, 61, `Currency ${currency} is not sold (${Object.keys(DATA.currencies).join(', ')})`, 400);
  const maxAmount = attr(maxEl, 'Amount');
  if (maxAmount !== undefined && !/^\d+(\.\d+)?$/.test(maxAmount)) throw invalid('MaximumPrice Amount must be a number');
  const max = maxAmount === undefined ? Infinity : Number(maxAmount);
  // The mistake activity-ignores-hotel: with no product named, the hotel's area is not applied.
  const anyArea = on(state, 'activity-ignores-hotel') && !named;
  const candidates = named ? [named] : DATA.products.filter((p) => anyArea || p.region === hotel!.region);
  const offers: ActivityOffer[] = [];
  for (const product of candidates) {
    if (hotel && !anyArea && product.region !== hotel.region) continue;
    if (party.total < product.minParty) continue;
    if (party.counts.some((c) => c.code === '8' && c.qty > 0) && product.minAge > DATA.categories['8'].maxAge) continue;
    const dates = days(period.start, period.end).filter((d) => runsOn(product, d));
    if (dates.length === 0) continue;
    const prices = party.counts.filter((c) => c.qty > 0).map((c) => ({ ...c, unit: convert(product.prices[c.code], currency) }));
    if (prices.some((p) => p.unit > max)) continue;
    const total = Math.round(prices.reduce((n, p) => n + p.qty * p.unit, 0) * 100) / 100;
    const shown = on(state, 'availability-without-rates') ? [] : prices;
    offers.push({ product, dates, pickupHotel: pickupAt(product, hotel), party, prices: shown, total, currency });
  }
  return { offers, currency };
}

function partyOf(counts: Element[]): Party {
  const out = counts.map((c) => ({
    code: category(text(one(c, 'QualifierInfo')), 'ParticipantCount QualifierInfo'),
    qty: int(attr(c, 'Quantity'), 'ParticipantCount Quantity'),
  }));
  const total = out.reduce((n, c) => n + c.qty, 0);
  if (total < 1) throw invalid('ParticipantCount: at least one participant');
  return { counts: out, total };
}

export interface SearchOffer {
  product: Product;
  dates: string[];
  pickupHotel?: Hotel;
}

export function activitySearch(state: State, root: Element) {
  const crit = one(root, 'SearchCriteria');
  if (!crit) throw missing('SearchCriteria');
  const pref = one(crit, 'DateTimePref');
  const period = dateRange(attr(pref, 'Start')?.slice(0, 10), attr(pref, 'End')?.slice(0, 10), 'DateTimePref', 31);
  const { hotel, named } = hotelAndProduct(kids(crit, 'LocationPref'), 'LocationPref');
  const offers: SearchOffer[] = [];
  for (const product of DATA.products) {
    if (hotel && !on(state, 'search-ignores-area') && product.region !== hotel.region) continue;
    if (named && named !== product) continue;
    const dates = days(period.start, period.end).filter((d) => runsOn(product, d));
    if (dates.length) offers.push({ product, dates, pickupHotel: pickupAt(product, hotel) });
  }
  return { offers };
}

// ---------------------------------------------------------------- descriptive data

export function hotelDescriptive(state: State, root: Element) {
  const asked = all(root, 'HotelDescriptiveInfos/HotelDescriptiveInfo');
  if (asked.length === 0) throw missing('HotelDescriptiveInfo');
  return asked.map((info) => {
    const code = attr(info, 'HotelCode');
    if (!code) throw missing('HotelCode');
    const hotel = hotelByCode(code);
    if (!hotel)
      throw new Refusal(3, 392, `Unknown hotel code ${code}`, 404, on(state, 'unknown-hotel-with-data') ? DATA.hotels[0] : undefined);
    const brand = attr(info, 'BrandCode');
    if (brand && brand.toUpperCase() !== hotel.brand) throw invalid(`BrandCode ${brand} is not the brand of hotel ${hotel.code}`);
    return hotel;
  });
}

export function activityDescriptive(state: State, root: Element): Product[] {
  const asked = all(root, 'ProductDescriptiveInfos/TourActivityDescriptiveInfo');
  if (asked.length === 0) throw missing('TourActivityDescriptiveInfo');
  return asked.map((info) => {
    const id = attr(info, 'TourActivityID');
    if (!id) throw missing('TourActivityID');
    const product = knownProduct(id);
    if (!on(state, 'describes-another-activity')) return product;
    // The mistake: an off-by-one in the catalogue lookup.
    return DATA.products[(DATA.products.indexOf(product) + 1) % DATA.products.length];
  });
}

// ---------------------------------------------------------------- transfers

export interface Leg {
  rph: string;
  /** arrival: airport to hotel; departure: hotel to airport. */
  direction: 'arrival' | 'departure';
  airport: string;
  flightTime: string;
  airline: { code: string; flight: string };
  hotel: Hotel;
  pickupTime: string;
}
export interface TransferOffer {
  leg: Leg;
  vehicle: Vehicle;
  charges: Array<{ label: string; code?: CategoryCode; qty: number; unit: number }>;
  total: number;
}

export function transferAvailability(state: State, root: Element) {
  const legs = all(root, 'Service/Locations/Location').map(legOf);
  if (legs.length === 0) throw missing('Service/Locations/Location');
  const passengers = kids(root, 'Passengers').map((p) => ({
    code: category(attr(one(p, 'Category'), 'Code'), 'Passengers Category Code'),
    qty: int(attr(p, 'Quantity'), 'Passengers Quantity'),
  }));
  const total = passengers.reduce((n, p) => n + p.qty, 0);
  if (total < 1) throw invalid('Passengers: at least one passenger');
  const adapted = bool(attr(one(root, 'DisabilityInfo'), 'RequiredInd'), 'DisabilityInfo RequiredInd') ?? false;
  if (adapted && on(state, 'refuses-disability-required'))
    throw invalid('Adapted vehicles cannot be requested online: RequiredInd must be false');
  const type = attr(one(root, 'ServiceType'), 'Code');
  if (type && type !== 'TRANSFER') throw invalid(`ServiceType ${type} is not sold; TRANSFER is`);
  const offers: TransferOffer[] = [];
  for (const leg of legs) {
    if (DATA.airports[leg.airport].region !== leg.hotel.region) continue;
    for (const vehicle of DATA.vehicles) {
      if (!on(state, 'ignores-passengers') && vehicle.capacity < total) continue;
      if (adapted && !vehicle.adapted) continue;
      const charges = vehicle.perPerson
        ? passengers
            .filter((p) => p.qty > 0)
            .map((p) => ({ label: DATA.categories[p.code].word, code: p.code, qty: p.qty, unit: vehicle.perPerson![p.code] }))
        : [{ label: vehicle.name, qty: 1, unit: vehicle.perVehicle! }];
      offers.push({ leg, vehicle, charges, total: charges.reduce((n, c) => n + c.qty * c.unit, 0) });
    }
  }
  return { offers, legs, passengers };
}

function legOf(loc: Element): Leg {
  const rph = attr(loc, 'RPH') ?? '';
  const pickup = one(loc, 'Pickup');
  const drop = one(loc, 'DropOff') ?? one(loc, 'Dropoff');
  const arrival = !!one(pickup, 'AirportInfo');
  const airSide = arrival ? pickup : drop;
  const hotelSide = arrival ? drop : pickup;
  const airport = one(airSide, `AirportInfo/${arrival ? 'Arrival' : 'Departure'}`);
  if (!airport || !one(hotelSide, 'Address')) throw invalid(`Location ${rph}: one end must be AirportInfo, the other an Address`);
  if ((attr(airport, 'CodeContext') ?? 'IATA') !== 'IATA') throw invalid('Airports are known by their IATA codes');
  const code = (attr(airport, 'LocationCode') ?? '').toUpperCase();
  if (!DATA.airports[code]) throw notFound(320, `Unknown airport ${code}`);
  const flightTime = attr(airport, 'DateTime');
  if (!isDateTime(flightTime)) throw new Refusal(3, 15, `Location ${rph}: the flight DateTime must be yyyy-mm-ddThh:mm:ss`, 400);
  if (flightTime.slice(0, 10) < today()) throw new Refusal(3, 15, `Location ${rph}: the flight is in the past`, 400);
  const airline = one(airSide, 'Airline');
  if (!attr(airline, 'Code') || !attr(airline, 'FlightNumber')) throw missing(`Location ${rph}: Airline Code and FlightNumber`);
  const lt = one(hotelSide, 'Address/LocationType');
  if (attr(lt, 'Code') !== DATA.hotelLocationType)
    throw invalid(`LocationType Code ${attr(lt, 'Code') ?? ''}: only hotels (${DATA.hotelLocationType}) are served`);
  const hotel = knownHotel(attr(lt, 'UniqueId'));
  const t = new Date(`${flightTime}Z`).getTime() - (arrival ? 0 : DATA.departurePickupHours * 3_600_000);
  const pickupTime = new Date(t).toISOString().slice(0, 19);
  return {
    rph,
    direction: arrival ? 'arrival' : 'departure',
    airport: code,
    flightTime,
    airline: { code: attr(airline, 'Code')!, flight: attr(airline, 'FlightNumber')! },
    hotel,
    pickupTime,
  };
}

// ---------------------------------------------------------------- bookings

export interface Participant {
  id: string;
  code: CategoryCode;
  age: number;
  prefix: string;
  given: string;
  surname: string;
}
export interface Item {
  ref: string;
  /** The item number (OTA_CancelRQ/Segment/@ItinSegNbr): 1 for the first item booked. */
  seq: number;
  product: Product;
  date: string;
  participants: Participant[];
  pickup?: { hotel: Hotel; dateTime: string };
  priceEur: number;
  status: 'Confirmed' | 'Cancelled';
  cancelNumber?: string;
}
export interface Booking {
  /** The client's reference (UniqueID Type 36); undefined only for the demonstration booking. */
  ref?: string;
  locator: string;
  items: Item[];
}
export const live = (b: Booking) => b.items.some((i) => i.status === 'Confirmed');

export function book(state: State, root: Element) {
  const status = attr(root, 'ResStatus');
  const commitWord = COMMIT_WORD[state.dialect].book;
  if (status !== 'Quote' && status !== commitWord) throw invalid(`ResStatus ${status ?? '(none)'}: Quote prices, ${commitWord} books`);
  const info = one(root, 'BookingInfo');
  const basic = one(info, 'BasicInfo');
  const product = knownProduct(attr(basic, 'TourActivityID'));
  // Supplier codes are checked when given; the gateway also knows a product by its TourActivityID.
  const codes = [product.code, product.supplierProductCode, product.supplierServiceCode];
  for (const name of ['SupplierProductCode', 'SupplierServiceCode']) {
    const value = attr(basic, name);
    if (value && !codes.includes(value)) throw notFound(320, `${name} ${value} is not a code of ${product.code}`);
  }
  const start = attr(one(info, 'Schedule'), 'Start');
  if (!isDateTime(start)) throw new Refusal(3, 15, 'Schedule Start must be a date-time (yyyy-mm-ddThh:mm:ss)', 400);
  const date = start.slice(0, 10);
  if (date < today()) throw new Refusal(3, 15, 'Schedule Start is in the past', 400);
  if (!runsOn(product, date)) throw breaks(`${product.code} does not run on ${date} (it runs ${product.days.join(', ')})`);
  if (start.slice(11, 16) !== product.start) throw breaks(`${product.code} starts at ${product.start}, not ${start.slice(11, 16)}`);
  const participants = kids(info, 'ParticipantInfo').map(participantOf);
  if (participants.length === 0) throw missing('ParticipantInfo');
  const young = participants.find((p) => p.age < product.minAge);
  if (young) throw breaks(`${product.code} takes participants from ${product.minAge} years; participant ${young.id} is ${young.age}`);
  if (!participants.some((p) => p.code === '10')) throw breaks('At least one adult must take part');
  if (participants.length < product.minParty) throw breaks(`${product.code} is sold to parties of ${product.minParty} or more`);
  const pd = one(info, 'PickupDropoff');
  let pickup: Item['pickup'];
  if (bool(attr(pd, 'PickupInd'), 'PickupInd')) {
    if (!product.pickup) throw breaks(`${product.code} is a ticket: no pickup (meet at ${product.street})`);
    const hotel = knownHotel(attr(pd, 'LocationName'));
    if (!product.pickup.hotels.includes(hotel.code))
      throw breaks(`${product.code} picks up at ${product.pickup.hotels.join(', ')}, not at ${hotel.code}`);
    if (attr(pd, 'DateTime')?.slice(0, 16) !== `${date}T${product.pickup.time}`)
      throw breaks(`The pickup for ${product.code} is at ${product.pickup.time} on ${date}`);
    pickup = { hotel, dateTime: `${date}T${product.pickup.time}:00` };
  }
  const refs = kids(one(root, 'TPA_Extensions'), 'UniqueID');
  const ref36 = attr(
    refs.find((u) => attr(u, 'Type') === '36'),
    'ID',
  );
  const ref37 = attr(
    refs.find((u) => attr(u, 'Type') === '37'),
    'ID',
  );
  const priceEur = participants.reduce((n, p) => n + product.prices[p.code], 0);
  const item: Item = { ref: ref37 ?? '', seq: 0, product, date, participants, pickup, priceEur, status: 'Confirmed' };
  if (status === 'Quote') return { quote: true, item, booking: undefined };
  if (!ref36 || !ref37) throw missing('TPA_Extensions UniqueID Type 36 and Type 37 (ID_Context Client)');
  let booking = state.bookings.get(ref36);
  if (booking && !live(booking)) throw new Refusal(3, 95, `Booking ${ref36} is cancelled`, 409);
  if (booking?.items.some((i) => i.ref === ref37)) throw new Refusal(3, 127, `Item ${ref37} of booking ${ref36} is already booked`, 409);
  booking ??= { ref: ref36, locator: `ALB${String(++state.counter).padStart(6, '0')}`, items: [] };
  item.seq = booking.items.length + 1;
  booking.items.push(item);
  // The mistake: answered as booked, never stored.
  if (!on(state, 'read-without-reference')) state.bookings.set(ref36, booking);
  return { quote: false, item, booking };
}

function participantOf(element: Element): Participant {
  const code = category(attr(one(element, 'Category'), 'QualifierInfo'), 'Category QualifierInfo');
  const ind = one(element, 'Individual');
  const age = int(attr(ind, 'Age'), 'Individual Age');
  const c = DATA.categories[code];
  if (age < c.minAge || age > c.maxAge) throw invalid(`Age ${age} is not a ${c.word} (${c.minAge} to ${c.maxAge})`);
  const name = (n: string) => text(one(ind, n));
  return {
    id: attr(ind, 'ParticipantID') ?? '',
    code,
    age,
    prefix: name('NamePrefix'),
    given: name('GivenName'),
    surname: name('Surname'),
  };
}

/** The booking a read shows under the mistake read-without-reference: someone else's, with no reference. */
const demo = (): Booking => ({
  locator: 'ALB000001',
  items: [
    {
      ref: '',
      seq: 1,
      product: DATA.products[1],
      date: '2024-06-03',
      participants: [{ id: '1', code: '10', age: 40, prefix: 'Mr', given: 'Demo', surname: 'Example' }],
      priceEur: 38,
      status: 'Confirmed',
    },
  ],
});

function bookingOf(state: State, root: Element): Booking {
  const element = kids(root, 'UniqueID').find((x) => attr(x, 'Type') === '36');
  const ref = attr(element, 'ID');
  if (!ref) throw missing('UniqueID Type 36 ID');
  if (on(state, 'read-without-reference')) return demo();
  const booking = attr(element, 'ID_Context') === 'Client' ? state.bookings.get(ref) : undefined;
  if (!booking) throw notFound(87, `No booking with the reference ${ref} (ID_Context Client)`);
  return booking;
}

export function read(state: State, root: Element) {
  const list = bool(attr(root, 'ReturnListIndicator'), 'ReturnListIndicator');
  if (list === false && on(state, 'refuses-returnlist-false')) throw invalid('ReturnListIndicator false is not supported');
  const booking = bookingOf(state, root);
  // terse shows live items only: a booking with none is gone.
  if (state.dialect === 'terse' && !live(booking)) throw new Refusal(3, 95, `Booking ${booking.ref} is cancelled`, 404);
  return { booking, list: list ?? false };
}

export interface Terms {
  item: Item;
  cancelBy: string;
  penaltyEur: number;
}
export function termsOf(item: Item): Terms {
  const cancelBy = addDays(item.date, -DATA.cancellation.freeUntilDaysBefore);
  const penaltyEur = today() <= cancelBy ? 0 : (item.priceEur * DATA.cancellation.percentAfter) / 100;
  return { item, cancelBy, penaltyEur };
}

export function cancel(state: State, root: Element) {
  const type = attr(root, 'CancelType');
  const word = COMMIT_WORD[state.dialect].cancel;
  if (type !== 'Quote' && type !== word) throw invalid(`CancelType ${type ?? '(none)'}: Quote gives the terms, ${word} cancels`);
  const booking = bookingOf(state, root);
  // Partial cancellation, in both of OpenTravel's forms: the item's UniqueID Type 37, or Segment/@ItinSegNbr.
  const itemRef = attr(
    kids(root, 'UniqueID').find((x) => attr(x, 'Type') === '37'),
    'ID',
  );
  const seg = attr(one(root, 'Segment'), 'ItinSegNbr');
  // summaries names an item by its number only (OTA_CancelRQ/Segment/@ItinSegNbr)
  if (state.dialect === 'summaries' && itemRef !== undefined)
    throw invalid('UniqueID Type 37 does not name an item of a booking here: name it by Segment/@ItinSegNbr');
  let targets = booking.items.filter((i) => i.status === 'Confirmed');
  if (itemRef !== undefined || seg !== undefined) {
    const item = booking.items.find((i) => (itemRef !== undefined ? i.ref === itemRef : String(i.seq) === seg));
    if (!item) throw notFound(87, `Booking ${booking.ref} has no item ${itemRef ?? `number ${seg}`}`);
    targets = item.status === 'Confirmed' ? [item] : [];
  }
  if (targets.length === 0)
    throw new Refusal(3, 95, `Booking ${booking.ref}${(itemRef ?? seg) ? ` item ${itemRef ?? seg}` : ''} is already cancelled`, 409);
  const terms = targets.map(termsOf);
  // the request named one item: the reply names it as the segment cancelled
  const partial = itemRef !== undefined || seg !== undefined;
  if (type === 'Quote') return { booking, targets, terms, quote: true, cancelNumber: undefined, partial };
  const cancelNumber = `CXL${String(++state.counter).padStart(6, '0')}`;
  const done = on(state, 'partial-cancels-all') ? booking.items.filter((i) => i.status === 'Confirmed') : targets;
  // The mistake cancel-does-not-cancel: the reply says cancelled, nothing changes.
  if (!on(state, 'cancel-does-not-cancel'))
    for (const i of done) {
      i.status = 'Cancelled';
      i.cancelNumber = cancelNumber;
    }
  return { booking, targets, terms, quote: false, cancelNumber, partial };
}
