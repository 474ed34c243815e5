// Contracts of the availability and search operations: hotel availability, activity
// availability, activity search and transfer availability. Where each fact sits in a reply is
// documented in docs/reply-profile.md (OpenTravel 2016B structure).
import { addDays } from '../run/dates';
import { countsText, day, decimalsOf, num, within } from './values';
import { finding, list, onDoc, rule, type Contract, type Exchange, type Finding } from './rule';

// ---------------------------------------------------------------------------------------------
// Hotel availability: /ota:OTA_HotelAvailRS/ota:RoomStays/ota:RoomStay, one per hotel.
const ROOM_STAY = '/*/ota:RoomStays/ota:RoomStay';
const hotelRecords = (x: Exchange) =>
  x.reply.doc!.records(ROOM_STAY, {
    code: 'ota:BasicPropertyInfo/@HotelCode',
    country: 'ota:BasicPropertyInfo/ota:Address/ota:CountryName',
    countryCode: 'ota:BasicPropertyInfo/ota:Address/ota:CountryName/@Code',
    region: 'ota:BasicPropertyInfo/ota:Address/ota:StateProv',
    start: 'ota:TimeSpan/@Start',
    end: 'ota:TimeSpan/@End',
  });
const requestedPlace = (x: Exchange) => ({
  context: x.request.value('//ota:RefPoint/@CodeContext') ?? '',
  name: (x.request.value('//ota:RefPoint') ?? '').trim(),
});
const same = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

export const hotelAvailability: Contract = {
  op: 'hotelavailability',
  success: () => 'HAV-SUCCESS',
  rules: [
    rule('HAV-SUCCESS', 'at least one hotel is returned', (x) =>
      onDoc(x, 'HAV-SUCCESS', (doc) => (doc.count(ROOM_STAY) > 0 ? [] : [finding('HAV-SUCCESS', ROOM_STAY, 'at least one RoomStay', 'none')])),
    ),
    rule('HAV-EMPTY', 'no hotel is returned', (x) =>
      onDoc(x, 'HAV-EMPTY', (doc) => (doc.count(ROOM_STAY) === 0 ? [] : [finding('HAV-EMPTY', ROOM_STAY, 'no RoomStay', `${doc.count(ROOM_STAY)}`)])),
    ),
    rule('HAV-MAXRESPONSES', 'no more hotels are returned than MaxResponses', (x) =>
      onDoc(x, 'HAV-MAXRESPONSES', (doc) => {
        const max = num(x.request.value('@MaxResponses'));
        const n = doc.count(ROOM_STAY);
        return n <= max ? [] : [finding('HAV-MAXRESPONSES', ROOM_STAY, `at most ${max} (MaxResponses)`, `${n} RoomStay elements`)];
      }),
    ),
    rule('HAV-PLACE', 'every hotel returned is in the requested place', (x) =>
      onDoc(x, 'HAV-PLACE', () => {
        const place = requestedPlace(x);
        return hotelRecords(x)
          .filter((h) =>
            place.context === 'Country' ? !same(h.country, place.name) && !same(h.countryCode, place.name) : !same(h.region, place.name),
          )
          .map((h) =>
            finding(
              'HAV-PLACE',
              `${ROOM_STAY}[BasicPropertyInfo/@HotelCode='${h.code}']/ota:BasicPropertyInfo/ota:Address/${place.context === 'Country' ? 'ota:CountryName' : 'ota:StateProv'}`,
              `${place.context} ${place.name}`,
              (place.context === 'Country' ? h.country : h.region) ?? '(absent)',
            ),
          );
      }),
    ),
    rule('HAV-DATES', 'every hotel returned is offered for the requested stay dates', (x) =>
      onDoc(x, 'HAV-DATES', () => {
        const start = x.request.value('//ota:StayDateRange/@Start');
        const end = x.request.value('//ota:StayDateRange/@End');
        return hotelRecords(x)
          .filter((h) => day(h.start) !== start || day(h.end) !== end)
          .map((h) => finding('HAV-DATES', `${ROOM_STAY}[BasicPropertyInfo/@HotelCode='${h.code}']/ota:TimeSpan`, `${start} to ${end}`, `${h.start ?? '?'} to ${h.end ?? '?'}`));
      }),
    ),
    rule('HAV-GUESTS', 'every hotel returned is priced for the requested guests', (x) =>
      onDoc(x, 'HAV-GUESTS', (doc) => {
        const wanted = countsText(x.request.records('//ota:GuestCount', { c: '@AgeQualifyingCode', n: '@Count' }).map((g) => [g.c, g.n]));
        return doc.nodes(ROOM_STAY).flatMap((_, i) => {
          const at = `${ROOM_STAY}[${i + 1}]/ota:GuestCounts/ota:GuestCount`;
          const got = countsText(doc.records(at, { c: '@AgeQualifyingCode', n: '@Count' }).map((g) => [g.c, g.n]));
          return got === wanted ? [] : [finding('HAV-GUESTS', at, `guests by AgeQualifyingCode ${wanted}`, got)];
        });
      }),
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
// Activity availability: /ota:OTA_TourActivityAvailRS/ota:TourActivityInfo, one per option.
const ACTIVITY = '/*/ota:TourActivityInfo';
const CATEGORY = 'ota:Pricing/ota:ParticipantCategory';
const categoryCode = 'ota:QualifierInfo/@Extension';
const categoryQty = 'ota:TPA_Extensions/ota:ParticipantCount/@Quantity';

const pickupHotels = (x: Exchange, i: number) => x.reply.doc!.values(`${ACTIVITY}[${i + 1}]/ota:PickupDropoff[@PickupInd='true']/@LocationName`);

/** Activities (availability or search) must be at the requested hotel. */
function atRequestedHotel(req: string, x: Exchange, hotel: string | undefined): Finding[] {
  return x.reply.doc!.nodes(ACTIVITY).flatMap((_, i) => {
    const hotels = pickupHotels(x, i);
    return hotel && hotels.includes(hotel) ? [] : [finding(req, `${ACTIVITY}[${i + 1}]/ota:PickupDropoff[@PickupInd='true']/@LocationName`, `hotel ${hotel}`, list(hotels))];
  });
}

/** Activities (availability or search) must take place within the requested window. */
function withinWindow(req: string, x: Exchange, start: string | undefined, end: string | undefined): Finding[] {
  const doc = x.reply.doc!;
  return doc.nodes(ACTIVITY).flatMap((_, i) => {
    const at = `${ACTIVITY}[${i + 1}]/ota:Schedule/ota:Detail/@Start`;
    const dates = doc.values(at);
    const outside = dates.filter((d) => !within(d, start, end));
    if (dates.length === 0) return [finding(req, at, `dates within ${start} to ${end}`, '(no dates)')];
    return outside.length ? [finding(req, at, `dates within ${start} to ${end}`, list(outside))] : [];
  });
}

export const activityAvailability: Contract = {
  op: 'activityavailability',
  success: () => 'AAV-SUCCESS',
  rules: [
    rule('AAV-SUCCESS', 'at least one activity is offered', (x) =>
      onDoc(x, 'AAV-SUCCESS', (doc) => (doc.count(ACTIVITY) > 0 ? [] : [finding('AAV-SUCCESS', ACTIVITY, 'at least one TourActivityInfo', 'none')])),
    ),
    rule('AAV-LOCATION', 'every activity offered is at the requested hotel and product', (x) =>
      onDoc(x, 'AAV-LOCATION', (doc) => {
        const out = atRequestedHotel('AAV-LOCATION', x, x.request.value("//ota:Location[@Context='Source']/ota:Region"));
        const product = (x.request.value("//ota:Location[@Context='Service']/ota:Region") ?? '').trim();
        if (product) {
          doc.records(ACTIVITY, { id: 'ota:BasicInfo/@TourActivityID', sp: 'ota:BasicInfo/@SupplierProductCode' }).forEach((a, i) => {
            if (a.id !== product && a.sp !== product)
              out.push(finding('AAV-LOCATION', `${ACTIVITY}[${i + 1}]/ota:BasicInfo/@TourActivityID`, `product ${product}`, `${a.id} / ${a.sp}`));
          });
        }
        return out;
      }),
    ),
    rule('AAV-DATES', 'every activity offered takes place within the requested period', (x) =>
      onDoc(x, 'AAV-DATES', () => withinWindow('AAV-DATES', x, x.request.value('//ota:Schedule/@StartPeriod'), x.request.value('//ota:Schedule/@EndPeriod'))),
    ),
    rule('AAV-PARTICIPANTS', 'every activity offered prices exactly the requested participants', (x) =>
      onDoc(x, 'AAV-PARTICIPANTS', (doc) => {
        const wanted = countsText(x.request.records('//ota:ParticipantCount', { c: 'ota:QualifierInfo', n: '@Quantity' }).map((p) => [p.c, p.n]));
        return doc.nodes(ACTIVITY).flatMap((_, i) => {
          const at = `${ACTIVITY}[${i + 1}]/${CATEGORY}`;
          const got = countsText(doc.records(at, { c: categoryCode, n: categoryQty }).map((p) => [p.c, p.n]));
          return got === wanted ? [] : [finding('AAV-PARTICIPANTS', at, `participants by category ${wanted}`, got)];
        });
      }),
    ),
    rule('AAV-MAXPRICE', 'no per-person price exceeds MaximumPrice', (x) =>
      onDoc(x, 'AAV-MAXPRICE', (doc) => {
        const max = num(x.request.value('//ota:MaximumPrice/@Amount'));
        const at = `${ACTIVITY}/${CATEGORY}/ota:Price/@Amount`;
        const over = doc.values(at).filter((a) => num(a) > max);
        return over.length ? [finding('AAV-MAXPRICE', at, `at most ${max} per person (MaximumPrice)`, list(over))] : [];
      }),
    ),
    rule('AAV-DECIMALS', 'every amount is in the requested currency with CurrencyDecimal decimals', (x) =>
      onDoc(x, 'AAV-DECIMALS', (doc) => {
        const decimals = num(x.request.value('//ota:MaximumPrice/@CurrencyDecimal'));
        const currency = x.request.value('//ota:MaximumPrice/@CurrencyCode');
        const out: Finding[] = [];
        const amounts = doc.values(`${ACTIVITY}/ota:Pricing//@Amount`);
        const wrong = amounts.filter((a) => !/^-?\d+(\.\d+)?$/.test(a) || decimalsOf(a) !== decimals);
        if (wrong.length) out.push(finding('AAV-DECIMALS', `${ACTIVITY}/ota:Pricing//@Amount`, `amounts with ${decimals} decimals (CurrencyDecimal)`, list(wrong.slice(0, 5))));
        const places = doc.values(`${ACTIVITY}/ota:Pricing//@DecimalPlaces`).filter((d) => num(d) !== decimals);
        if (places.length) out.push(finding('AAV-DECIMALS', `${ACTIVITY}/ota:Pricing//@DecimalPlaces`, String(decimals), list(places.slice(0, 5))));
        const currencies = doc.values(`${ACTIVITY}/ota:Pricing//@CurrencyCode`).filter((c) => c !== currency);
        if (currencies.length) out.push(finding('AAV-DECIMALS', `${ACTIVITY}/ota:Pricing//@CurrencyCode`, String(currency), list(currencies.slice(0, 5))));
        return out;
      }),
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
// Activity search: /ota:OTA_TourActivitySearchRS/ota:TourActivityInfo, one per activity.
export const activitySearch: Contract = {
  op: 'activitysearch',
  success: () => 'ASR-SUCCESS',
  rules: [
    rule('ASR-SUCCESS', 'at least one activity is found with its name', (x) =>
      onDoc(x, 'ASR-SUCCESS', (doc) => {
        const names = doc.values(`${ACTIVITY}/ota:BasicInfo/@Name`).filter((n) => n.trim());
        return doc.count(ACTIVITY) > 0 && names.length === doc.count(ACTIVITY)
          ? []
          : [finding('ASR-SUCCESS', `${ACTIVITY}/ota:BasicInfo/@Name`, 'at least one activity, each with a name', `${doc.count(ACTIVITY)} activities, ${names.length} names`)];
      }),
    ),
    rule('ASR-AREA', 'every activity found is in the requested area', (x) =>
      onDoc(x, 'ASR-AREA', () => atRequestedHotel('ASR-AREA', x, x.request.value("//ota:LocationPref[@Context='Source']/ota:Region"))),
    ),
    rule('ASR-DATES', 'every activity found takes place within the requested dates', (x) =>
      onDoc(x, 'ASR-DATES', () => withinWindow('ASR-DATES', x, x.request.value('//ota:DateTimePref/@Start'), x.request.value('//ota:DateTimePref/@End'))),
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
// Transfer availability: /ota:OTA_GroundAvailRS/ota:GroundServices/ota:GroundService.
const GROUND = '/*/ota:GroundServices/ota:GroundService';

export const transferAvailability: Contract = {
  op: 'transferavailability',
  success: () => 'TRF-SUCCESS',
  rules: [
    rule('TRF-SUCCESS', 'transfer services are offered for every requested leg', (x) =>
      onDoc(x, 'TRF-SUCCESS', (doc) => {
        const legs = x.request.values('ota:Service/ota:Locations/ota:Location/@RPH');
        const answered = doc.values(`${GROUND}/ota:RateQualifier/ota:SpecialInputs[@Name='RPH']/@Value`);
        if (doc.count(GROUND) === 0) return [finding('TRF-SUCCESS', GROUND, 'at least one GroundService', 'none')];
        const missing = legs.filter((l) => !answered.includes(l));
        return missing.length ? [finding('TRF-SUCCESS', `${GROUND}/ota:RateQualifier/ota:SpecialInputs[@Name='RPH']/@Value`, `services for legs ${list(legs)}`, `none for ${list(missing)}`)] : [];
      }),
    ),
    rule('TRF-AIRPORT', 'every transfer service serves the requested airport', (x) =>
      onDoc(x, 'TRF-AIRPORT', (doc) => {
        const wanted = new Set(x.request.values('//ota:AirportInfo/*/@LocationCode'));
        const at = `${GROUND}/ota:Service/ota:Location//ota:AirportInfo/*/@LocationCode`;
        const got = doc.values(at);
        const other = got.filter((c) => !wanted.has(c));
        if (got.length === 0) return [finding('TRF-AIRPORT', at, `airport ${list([...wanted])}`, '(none)')];
        return other.length ? [finding('TRF-AIRPORT', at, `airport ${list([...wanted])}`, list([...new Set(other)]))] : [];
      }),
    ),
    rule('TRF-LOCATION', 'every transfer service serves the requested location', (x) =>
      onDoc(x, 'TRF-LOCATION', (doc) => {
        const wanted = new Set(x.request.values('//ota:LocationType/@UniqueId'));
        const at = `${GROUND}/ota:Service/ota:Location//ota:LocationType/@UniqueID`;
        const got = doc.values(`${at} | ${GROUND}/ota:Service/ota:Location//ota:LocationType/@UniqueId`);
        const other = got.filter((c) => !wanted.has(c));
        if (got.length === 0) return [finding('TRF-LOCATION', at, `location ${list([...wanted])}`, '(none)')];
        return other.length ? [finding('TRF-LOCATION', at, `location ${list([...wanted])}`, list([...new Set(other)]))] : [];
      }),
    ),
    rule('TRF-DATES', 'every transfer service is for the requested dates', (x) =>
      onDoc(x, 'TRF-DATES', (doc) => {
        // A departure pickup may be the evening before an early flight: the day before counts.
        const flights = x.request.values('//ota:AirportInfo/*/@DateTime').map(day).sort();
        const from = addDays(flights[0], -1);
        const to = flights[flights.length - 1];
        const at = `${GROUND}/ota:Service/ota:Location/ota:Pickup/@DateTime`;
        const got = doc.values(at);
        const outside = got.filter((d) => !within(d, from, to));
        if (got.length < doc.count(GROUND)) return [finding('TRF-DATES', at, 'a pickup date-time on every service', `${got.length} of ${doc.count(GROUND)}`)];
        return outside.length ? [finding('TRF-DATES', at, `pickups between ${from} and ${to}`, list(outside))] : [];
      }),
    ),
    rule('TRF-PASSENGERS', 'every transfer service is priced for the requested passengers', (x) =>
      onDoc(x, 'TRF-PASSENGERS', (doc) => {
        const wanted = countsText(x.request.records('ota:Passengers', { c: 'ota:Category/@Code', n: '@Quantity' }).map((p) => [p.c, p.n]));
        return doc.nodes(GROUND).flatMap((_, i) => {
          const at = `${GROUND}[${i + 1}]/ota:ServiceCharges`;
          const got = countsText(doc.records(at, { c: '@Description', n: 'ota:Calculation/@Quantity' }).map((p) => [p.c, p.n]));
          return got === wanted ? [] : [finding('TRF-PASSENGERS', at, `passengers by category ${wanted}`, got)];
        });
      }),
    ),
    rule('TRF-DISABILITY', 'only disability-adapted vehicles are offered', (x) =>
      onDoc(x, 'TRF-DISABILITY', (doc) => {
        if (x.request.value('//ota:DisabilityInfo/@RequiredInd') !== 'true') return [];
        return doc
          .records(GROUND, { ind: 'ota:Service/@DisabilityVehicleInd', vehicle: 'ota:Service/ota:Vehicle/@DisabilityInd' })
          .flatMap((s, i) =>
            s.ind === 'true' || s.vehicle === 'true'
              ? []
              : [finding('TRF-DISABILITY', `${GROUND}[${i + 1}]/ota:Service/@DisabilityVehicleInd`, 'true (DisabilityInfo RequiredInd=true)', s.ind ?? '(absent)')],
          );
      }),
    ),
  ],
};
