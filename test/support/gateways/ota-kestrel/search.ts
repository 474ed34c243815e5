// The six read-only operations: hotel and activity availability, activity search, both
// descriptive operations and transfer availability. Each returns the children of its RS root.
import { all, attr, kids, one, t, text, x, type Element } from './xml';
import {
  addDays,
  AIRPORTS,
  CATEGORIES,
  COUNTRIES,
  DEPARTURE_LEAD_MINUTES,
  HOTEL_LOCATION_TYPE,
  HOTELS,
  hotelByCode,
  isCategory,
  isDate,
  isDateTime,
  nightsBetween,
  productByCode,
  PRODUCTS,
  todayUtc,
  VEHICLES,
  type Category,
  type Hotel,
  type Product,
} from './data';
import { bool, int, invalid, missing, Refusal, unknownCode } from './refusals';
import type { KestrelFaultName } from './faults';

export type Served = (root: Element, fault?: KestrelFaultName) => string;

const money = (n: number) => n.toFixed(2);
const leapDay = (dates: string[], fault?: KestrelFaultName) => {
  if (fault === 'leap-day-500' && dates.some((d) => d.slice(5, 10) === '02-29'))
    throw new Refusal(500, 'text', 'internal', 'Internal Server Error: date out of range');
};

function period(start: string | undefined, end: string | undefined, what: string, maxDays: number) {
  if (!start || !end) throw missing(`${what} Start and End`);
  if (!isDate(start) || !isDate(end)) throw invalid(`${what} must be yyyy-mm-dd dates`);
  if (start < addDays(todayUtc(), -1)) throw invalid(`${what} starts in the past`);
  if (end < start || nightsBetween(start, end) > maxDays) throw invalid(`${what} must end on or after its start, within ${maxDays} days`);
  return { start, end };
}
const datesOf = (p: { start: string; end: string }) =>
  Array.from({ length: nightsBetween(p.start, p.end) + 1 }, (_, i) => addDays(p.start, i));

function categoryOf(value: string | undefined, what: string): Category {
  const c = (value ?? '').trim();
  if (!isCategory(c)) throw invalid(`${what} "${c}" is not a category Kestrel sells (10, 8, 7, 11)`);
  return c;
}

/** BasicPropertyInfo of a hotel in availability: its opaque code and name only (where it is: hotel descriptive data). */
const propertyInfo = (h: Hotel) => x('BasicPropertyInfo', { HotelCode: h.code, HotelName: h.name });

export const hotelAvailability: Served = (root, fault) => {
  const maxAttr = attr(root, 'MaxResponses');
  const max = maxAttr === undefined ? Infinity : int(maxAttr, 'MaxResponses', 1);
  const seg = one(root, 'AvailRequestSegments/AvailRequestSegment');
  if (!seg) throw missing('AvailRequestSegment');
  const range = one(seg, 'StayDateRange');
  const stay = period(attr(range, 'Start'), attr(range, 'End'), 'StayDateRange', 30);
  const nights = nightsBetween(stay.start, stay.end);
  if (nights < 1) throw invalid('A stay needs at least one night');
  leapDay(datesOf(stay), fault);
  const guests = all(seg, 'RoomStayCandidates/RoomStayCandidate/GuestCounts/GuestCount').map((g) => ({
    code: categoryOf(attr(g, 'AgeQualifyingCode') ?? '10', 'AgeQualifyingCode'),
    count: int(attr(g, 'Count'), 'GuestCount Count'),
  }));
  const total = guests.reduce((n, g) => n + g.count, 0);
  if (!guests.some((g) => (g.code === '10' || g.code === '11') && g.count > 0)) throw invalid('A room needs an adult guest');
  const ref = one(seg, 'HotelSearchCriteria/Criterion/RefPoint');
  const ctx = attr(ref, 'CodeContext');
  const place = text(ref).toLowerCase();
  if (ctx !== 'Country' && ctx !== 'Region') throw invalid('RefPoint CodeContext must be Country or Region');
  if (!place) throw missing('RefPoint text');
  const byCode = ctx === 'Country' && /^[a-z]{2}$/.test(place);
  const inPlace = (h: Hotel) =>
    ctx === 'Region' ? h.region.toLowerCase() === place : COUNTRIES[h.country].some((n) => n.toLowerCase() === place);
  let hotels = fault === 'country-code-any-country' && byCode ? HOTELS : HOTELS.filter(inPlace);
  // full-place-offers-elsewhere: a place with no room for the party is answered with the other places' hotels
  const fits = (h: Hotel) => h.rooms.some((r) => r.guests >= total);
  if (fault === 'full-place-offers-elsewhere' && !hotels.some(fits)) hotels = HOTELS.filter((h) => !inPlace(h));
  // the last night billed, and the day the stay ends as written (month-end-stay-cut: the month's last day)
  let end = stay.end;
  if (fault === 'month-end-stay-cut' && stay.end.slice(0, 7) !== stay.start.slice(0, 7))
    end = `${stay.start.slice(0, 7)}-${lastDay(stay.start)}`;
  const billed = nightsBetween(stay.start, end) - (fault === 'stay-dates-disagree' ? 1 : 0);
  const stays: string[] = [];
  for (const hotel of hotels) {
    const room = hotel.rooms.find((r) => r.guests >= total);
    if (!room) continue;
    if (fault === 'empty-room-stays') {
      stays.push(x('RoomStay'));
      continue;
    }
    const rates = Array.from({ length: Math.max(billed, 0) }, (_, i) =>
      x(
        'Rate',
        { EffectiveDate: addDays(stay.start, i), ExpireDate: addDays(stay.start, i + 1), RateTimeUnit: 'Day', UnitMultiplier: 1 },
        x('Base', { AmountAfterTax: money(room.nightly), CurrencyCode: 'EUR' }),
      ),
    );
    stays.push(
      x(
        'RoomStay',
        {},
        x('RoomTypes', {}, x('RoomType', { RoomTypeCode: room.code }, x('RoomDescription', { Name: room.name }))),
        x('RoomRates', {}, x('RoomRate', { RoomTypeCode: room.code, RatePlanCode: 'BAR' }, x('Rates', {}, rates))),
        x(
          'GuestCounts',
          {},
          guests.map((g) => x('GuestCount', { AgeQualifyingCode: g.code, Count: g.count })),
        ),
        x('TimeSpan', { Start: stay.start, End: end }),
        x('Total', { AmountAfterTax: money(room.nightly * Math.max(billed, 0)), CurrencyCode: 'EUR' }),
        propertyInfo(hotel),
      ),
    );
  }
  const limit = fault === 'maxresponses-off-by-one' && max >= 2 ? max + 1 : max;
  const shown = stays.slice(0, limit);
  return x('Success') + (shown.length ? x('RoomStays', {}, shown) : '');
};
const lastDay = (d: string) => new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 0)).getUTCDate();

export const hotelDescriptive: Served = (root, fault) => {
  const asked = all(root, 'HotelDescriptiveInfos/HotelDescriptiveInfo');
  if (asked.length === 0) throw missing('HotelDescriptiveInfo');
  const contents = asked.map((info) => {
    const code = attr(info, 'HotelCode');
    if (!code) throw missing('HotelCode');
    let hotel = hotelByCode(code);
    if (!hotel) throw unknownCode(`Hotel ${code} is not in Kestrel's portfolio`);
    const brand = attr(info, 'BrandCode');
    if (brand && brand !== hotel.brand) throw unknownCode(`Hotel ${code} is not of brand ${brand}`);
    if (fault === 'describes-hotel-of-brand') hotel = HOTELS.find((o) => o.brand === hotel!.brand)!;
    return x(
      'HotelDescriptiveContent',
      { HotelCode: hotel.code, HotelName: hotel.name, BrandCode: hotel.brand, LanguageCode: attr(root, 'PrimaryLangID') },
      x('HotelInfo', {}, x('Position', { Latitude: hotel.latitude, Longitude: hotel.longitude })),
      x(
        'ContactInfos',
        {},
        x(
          'ContactInfo',
          {},
          x(
            'Addresses',
            {},
            x(
              'Address',
              {},
              x('AddressLine', {}, t(hotel.street)),
              x('CityName', {}, t(hotel.city)),
              x('StateProv', {}, t(hotel.region)),
              x('CountryName', { Code: hotel.country }),
            ),
          ),
        ),
      ),
    );
  });
  return x('Success') + x('HotelDescriptiveContents', {}, contents);
};

/** The hotel (Context=Source) and the product (Context=Service) a request names. */
function hotelAndProduct(places: Element[]) {
  const region = (ctx: string, code: string) =>
    kids(places.find((p) => attr(p, 'Context') === ctx))
      .filter((r) => r.localName === 'Region' && attr(r, 'RegionCode') === code)
      .map(text)[0];
  const hotelCode = region('Source', 'HotelCode');
  const productCode = region('Service', 'Product');
  if (!hotelCode && !productCode) throw missing('A hotel (Context=Source) or a product (Context=Service)');
  const hotel = hotelCode ? hotelByCode(hotelCode) : undefined;
  if (hotelCode && !hotel) throw unknownCode(`Hotel ${hotelCode} is not in Kestrel's portfolio`);
  const product = productCode ? productByCode(productCode) : undefined;
  if (productCode && !product) throw unknownCode(`Product ${productCode} is not sold by Kestrel`);
  return { hotel, product };
}

const located = (p: Product, regionName = p.region) =>
  x(
    'Location',
    {},
    x('Address', {}, x('CityName', {}, t(p.city)), x('StateProv', {}, t(regionName)), x('CountryName', { Code: p.country })),
    x('Region', { RegionName: p.region }),
  );

export const activityAvailability: Served = (root, fault) => {
  const ta = one(root, 'TourActivity');
  if (!ta) throw missing('TourActivity');
  const { hotel, product } = hotelAndProduct(kids(ta, 'Location'));
  const sched = one(ta, 'Schedule');
  const when = period(attr(sched, 'StartPeriod'), attr(sched, 'EndPeriod'), 'Schedule', 31);
  leapDay(datesOf(when), fault);
  let party = kids(ta, 'ParticipantCount').map((c) => ({
    code: categoryOf(text(one(c, 'QualifierInfo')), 'ParticipantCount QualifierInfo'),
    qty: int(attr(c, 'Quantity'), 'ParticipantCount Quantity'),
  }));
  party = party.filter((c) => c.qty > 0);
  if (party.length === 0) throw invalid('ParticipantCount: at least one participant');
  if (fault === 'third-category-dropped') party = party.slice(0, 2);
  if (fault === 'party-of-five-priced-for-four') party = capAt(party, 4);
  const maxEl = one(ta, 'MultimodalOffer/RequestedOffer/GuidelinePricing/MaximumPrice');
  const currency = attr(maxEl, 'CurrencyCode') ?? 'EUR';
  if (currency !== 'EUR') throw invalid(`Kestrel prices in EUR only, not ${currency}`);
  const maxAmount = attr(maxEl, 'Amount');
  if (maxAmount !== undefined && !/^\d+(\.\d+)?$/.test(maxAmount)) throw invalid('MaximumPrice Amount must be a number');
  const cap = maxAmount === undefined ? Infinity : Number(maxAmount);
  const products = product ? [product] : PRODUCTS.filter((p) => p.region === hotel!.region);
  const infos = products
    .filter((p) => !hotel || p.region === hotel.region)
    .filter((p) => party.every((c) => p.prices[c.code] <= cap))
    .map((product) => {
      const size = party.reduce((n, c) => n + c.qty, 0) - (fault === 'group-size-disagrees' ? 1 : 0);
      const billed = fault === 'total-of-first-category' ? party.slice(0, 1) : party;
      const sum = billed.reduce((n, c) => n + c.qty * product.prices[c.code], 0);
      return x(
        'TourActivityInfo',
        {},
        x('BasicInfo', { TourActivityID: product.code, Name: product.name }),
        x('Schedule', {}, x('Summary', { Start: when.start, End: when.end })),
        located(product),
        x(
          'Pricing',
          {},
          x('Summary', { Amount: money(sum), CurrencyCode: 'EUR' }),
          billed.map((c) =>
            x(
              'ParticipantCategory',
              { Quantity: c.qty },
              x('QualifierInfo', {}, t(CATEGORIES[c.code].word)),
              x('Price', { Amount: money(product.prices[c.code]), CurrencyCode: 'EUR' }),
            ),
          ),
          x('Group', { KnownGroupSize: size }),
        ),
        product.pickup && hotel
          ? x('PickupDropoff', { PickupInd: true, LocationName: hotel.code, DateTime: `${when.start}T${product.pickup}:00` })
          : '',
      );
    });
  return x('Success') + infos.join('');
};

function capAt(party: Array<{ code: Category; qty: number }>, n: number) {
  let left = n;
  return party
    .map((c) => {
      const qty = Math.min(c.qty, left);
      left -= qty;
      return { ...c, qty };
    })
    .filter((c) => c.qty > 0);
}

export const activitySearch: Served = (root, fault) => {
  const crit = one(root, 'SearchCriteria');
  if (!crit) throw missing('SearchCriteria');
  const pref = one(crit, 'DateTimePref');
  const when = period(attr(pref, 'Start')?.slice(0, 10), attr(pref, 'End')?.slice(0, 10), 'DateTimePref', 31);
  leapDay(datesOf(when), fault);
  const { hotel, product } = hotelAndProduct(kids(crit, 'LocationPref'));
  const wrongArea = fault === 'area-placements-disagree';
  const infos = PRODUCTS.filter((p) => (!product || p === product) && (!hotel || wrongArea || p.region === hotel.region)).map((p) =>
    x(
      'TourActivityInfo',
      {},
      x('BasicInfo', { TourActivityID: p.code, Name: p.name }),
      x('Schedule', {}, x('Summary', { Start: `${when.start}T${p.start}:00`, End: `${when.end}T${p.start}:00` })),
      located(p, wrongArea && hotel ? hotel.region : p.region),
    ),
  );
  return x('Success') + infos.join('');
};

export const activityDescriptive: Served = (root) => {
  const asked = all(root, 'ProductDescriptiveInfos/TourActivityDescriptiveInfo');
  if (asked.length === 0) throw missing('TourActivityDescriptiveInfo');
  const infos = asked.map((info) => {
    const id = attr(info, 'TourActivityID');
    if (!id) throw missing('TourActivityID');
    const product = productByCode(id);
    if (!product) throw unknownCode(`Product ${id} is not sold by Kestrel`);
    const pickups = product.pickup
      ? HOTELS.filter((h) => h.region === product.region).map((h) =>
          x(
            'PickupDropoff',
            { PickupInd: true, LocationName: h.code, DateTime: undefined },
            x('Schedule', {}, x('OperationTimes', {}, x('OperationTime', { Start: product.pickup! }))),
          ),
        )
      : [];
    return x(
      'TourActivityInfo',
      {},
      x('BasicInfo', { TourActivityID: product.code, Name: product.name }),
      x(
        'Description',
        {},
        x('ShortDescription', {}, t(`${product.name}, ${product.city}: daily at ${product.start}, ${product.hours} hours.`)),
      ),
      located(product),
      x(
        'Schedule',
        {},
        x(
          'Detail',
          {},
          x(
            'OperationTimes',
            {},
            x('OperationTime', { Start: product.start, Mon: true, Tue: true, Weds: true, Thur: true, Fri: true, Sat: true, Sun: true }),
          ),
        ),
      ),
      pickups,
    );
  });
  return x('Success') + infos.join('');
};

interface Leg {
  rph: string;
  arrival: boolean;
  airport: string;
  flight: string;
  hotel: Hotel;
  pickup: string;
}
function legOf(loc: Element, fault?: KestrelFaultName): Leg {
  const pickup = one(loc, 'Pickup');
  const dropoff = one(loc, 'DropOff') ?? one(loc, 'Dropoff');
  const arrival = !!one(pickup, 'AirportInfo');
  const airportEl = arrival ? one(pickup, 'AirportInfo/Arrival') : one(dropoff, 'AirportInfo/Departure');
  const addressEnd = arrival ? dropoff : pickup;
  if (!airportEl || !one(addressEnd, 'Address')) throw invalid('A leg runs between an airport (AirportInfo) and a hotel (Address)');
  if (attr(airportEl, 'CodeContext') !== 'IATA') throw invalid('AirportInfo CodeContext must be IATA');
  const airport = attr(airportEl, 'LocationCode') ?? '';
  if (!AIRPORTS[airport]) throw unknownCode(`Airport ${airport} is not served by Kestrel`);
  const flight = attr(airportEl, 'DateTime');
  if (!isDateTime(flight)) throw invalid('AirportInfo DateTime must be yyyy-mm-ddThh:mm:ss');
  if (flight.slice(0, 10) < addDays(todayUtc(), -1)) throw invalid('The flight is in the past');
  const lt = one(addressEnd, 'Address/LocationType');
  if (attr(lt, 'Code') !== HOTEL_LOCATION_TYPE)
    throw invalid(`LocationType Code ${attr(lt, 'Code') ?? ''}: Kestrel serves hotels (${HOTEL_LOCATION_TYPE}) only`);
  const hotel = hotelByCode(attr(lt, 'UniqueId'));
  if (!hotel) throw unknownCode(`Hotel ${attr(lt, 'UniqueId') ?? ''} is not in Kestrel's portfolio`);
  const ms = Date.parse(`${flight.length === 16 ? `${flight}:00` : flight}Z`) - (arrival ? 0 : DEPARTURE_LEAD_MINUTES * 60_000);
  let at = new Date(ms).toISOString().slice(0, 19);
  if (fault === 'early-departure-pickup-after-flight' && !arrival) at = `${flight.slice(0, 10)}${at.slice(10)}`;
  if (fault === 'late-arrival-pickup-day-before' && arrival && Number(flight.slice(11, 13)) >= 22)
    at = `${addDays(at.slice(0, 10), -1)}${at.slice(10)}`;
  const other = HOTELS.find((h) => h.region === hotel.region && h !== hotel);
  const shown = fault === 'pickup-another-hotel' && arrival && other ? other : hotel;
  return { rph: attr(loc, 'RPH') ?? '1', arrival, airport, flight, hotel: shown, pickup: at };
}

export const transferAvailability: Served = (root, fault) => {
  const legs = all(root, 'Service/Locations/Location').map((l) => legOf(l, fault));
  if (legs.length === 0) throw missing('Service/Locations/Location');
  let passengers = kids(root, 'Passengers').map((p) => ({
    code: categoryOf(attr(one(p, 'Category'), 'Code'), 'Passengers Category Code'),
    qty: int(attr(p, 'Quantity'), 'Passengers Quantity'),
  }));
  if (fault === 'first-passengers-only') passengers = passengers.slice(0, 1);
  const total = passengers.reduce((n, p) => n + p.qty, 0);
  if (total < 1) throw invalid('Passengers: at least one passenger');
  const adapted = bool(attr(one(root, 'DisabilityInfo'), 'RequiredInd'), 'DisabilityInfo RequiredInd') ?? false;
  const type = attr(one(root, 'ServiceType'), 'Code');
  if (type && type !== 'TRANSFER') throw invalid(`ServiceType ${type}: Kestrel sells TRANSFER`);
  const services: string[] = [];
  for (const leg of legs) {
    if (AIRPORTS[leg.airport] !== leg.hotel.region) continue;
    for (const v of VEHICLES.filter((v) => v.seats >= total && (!adapted || v.adapted))) {
      const airportEnd = x('AirportInfo', {}, x(leg.arrival ? 'Arrival' : 'Departure', { CodeContext: 'IATA', LocationCode: leg.airport }));
      const hotelEnd = x('Address', {}, x('LocationType', { Code: HOTEL_LOCATION_TYPE, UniqueId: leg.hotel.code }));
      services.push(
        x(
          'GroundService',
          {},
          x(
            'Service',
            { DisabilityVehicleInd: v.adapted, MaximumPassengers: v.seats },
            x(
              'Location',
              {},
              x('Pickup', { DateTime: leg.pickup }, leg.arrival ? airportEnd : hotelEnd),
              x('Dropoff', {}, leg.arrival ? hotelEnd : airportEnd),
            ),
            x('VehicleType', { Code: v.category === 'Van' ? '3' : '1' }, t(v.category)),
          ),
          x('TotalCharge', { RateTotalAmount: money(v.price), EstimatedTotalAmount: money(v.price), CurrencyCode: 'EUR' }),
          x('Reference', { Type: '16', ID: `KQ-${leg.rph}-${v.code}` }),
        ),
      );
    }
  }
  return x('Success') + (services.length ? x('GroundServices', {}, services) : '');
};
