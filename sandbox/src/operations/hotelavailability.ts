// POST /hotelavailability: hotels of a place with a room for the guests on every night of the stay.
import { addDays, daysBetween, fmtDate, inMonthDayRange, requireDate, requireRange, toDate } from '../dates';
import type { Board, Hotel, Room } from '../data';
import { err, PlainRefusal, warn } from '../errors';
import { EUR2, fmtMinor } from '../money';
import { all, el, path, text, type XNode } from '../xml';
import type { Variants } from '../variants';
import { address, attr, category, count, emptyResult, hotelPlace, optAttr, outsideInventory, overCapacity } from './common';
import type { Ctx, Operation } from './types';

interface Guests {
  adults: number; // AQC 10 and 11
  children: number; // AQC 8
  byCode: Map<string, number>;
}

interface Offer {
  room: Room;
  board: Board;
  nightly: number[]; // cents per night
  total: number;
}

function readGuests(segment: XNode): Guests {
  const guestCounts = all(segment, 'RoomStayCandidates', 'RoomStayCandidate', 'GuestCounts', 'GuestCount');
  if (guestCounts.length === 0) throw err.missing('RoomStayCandidates/RoomStayCandidate/GuestCounts/GuestCount');
  const byCode = new Map<string, number>();
  for (const guestCount of guestCounts) {
    const code = category(attr(guestCount, 'AgeQualifyingCode', 'GuestCount'), 'GuestCount/@AgeQualifyingCode');
    const n = count(attr(guestCount, 'Count', 'GuestCount'), 'GuestCount/@Count');
    if (n > 0) byCode.set(code, (byCode.get(code) ?? 0) + n); // zero-count entries are ignored
  }
  const adults = (byCode.get('10') ?? 0) + (byCode.get('11') ?? 0);
  const children = byCode.get('8') ?? 0;
  if (adults === 0) throw err.invalid('At least one adult guest (AgeQualifyingCode 10 or 11) is required');
  return { adults, children, byCode };
}

function openAllNights(hotel: Hotel, nights: string[]): boolean {
  return nights.every((d) => !hotel.closedPeriods.some((r) => inMonthDayRange(d, r)));
}

function nightPrice(hotel: Hotel, room: Room, board: Board, guests: Guests, night: string): number {
  const extraAdults = Math.max(0, guests.adults - 2);
  const freeSlotsForChildren = Math.max(0, 2 - guests.adults);
  const extraChildren = Math.max(0, guests.children - freeSlotsForChildren);
  const factor = hotel.highSeason.some((r) => inMonthDayRange(night, r)) ? hotel.highSeasonFactor : 1;
  const roomPart = (room.nightly + extraAdults * room.extraPerson + (extraChildren * room.extraPerson) / 2) * factor;
  const boardPart = board.perAdult * guests.adults + (board.perAdult / 2) * guests.children;
  return Math.round((roomPart + boardPart) * 100);
}

function offers(hotel: Hotel, guests: Guests, nights: string[]): Offer[] {
  const out: Offer[] = [];
  for (const room of hotel.rooms) {
    if (guests.adults > room.maxAdults || guests.adults + guests.children > room.maxOccupancy) continue;
    for (const board of hotel.boards) {
      const nightly = nights.map((n) => nightPrice(hotel, room, board, guests, n));
      out.push({ room, board, nightly, total: nightly.reduce((a, b) => a + b, 0) });
    }
  }
  return out.sort((a, b) => a.total - b.total);
}

/** The Monday on or before a date (weeks of rates, variant rate-periods-beyond-stay). */
const mondayOf = (d: string) => addDays(d, -((toDate(d).getUTCDay() + 6) % 7));

/**
 * One Rate per run of nights with the same price. ExpireDate is the day after the run's last night,
 * or (variant inclusive-rate-dates) the last night itself with ExpireDateExclusiveInd="false".
 * Variant rate-periods-beyond-stay: the first Rate begins on the Monday of the first night's week,
 * the last ends on the Monday after the last night's week.
 */
function rates(offer: Offer, nights: string[], variants: Variants): string[] {
  const inclusive = variants.has('inclusive-rate-dates');
  const weeks = variants.has('rate-periods-beyond-stay');
  const out: string[] = [];
  let index = 0;
  while (index < nights.length) {
    let j = index;
    while (j + 1 < nights.length && offer.nightly[j + 1] === offer.nightly[index]) j++;
    const last = j === nights.length - 1;
    out.push(
      el(
        'Rate',
        {
          EffectiveDate: weeks && index === 0 ? mondayOf(nights[index]) : nights[index],
          ExpireDate: weeks && last ? addDays(mondayOf(nights[j]), 7) : inclusive ? nights[j] : addDays(nights[j], 1),
          ExpireDateExclusiveInd: inclusive ? 'false' : undefined,
          RateTimeUnit: 'Day',
          UnitMultiplier: j - index + 1,
        },
        el('Base', { AmountAfterTax: fmtMinor(offer.nightly[index], EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2 }),
      ),
    );
    index = j + 1;
  }
  return out;
}

/**
 * The guests of a RoomStay: one GuestCount per age code; variant guest-count-without-age-code, one
 * GuestCount counting them all with no code; variant guests-in-one-age-code, all of them as adults.
 */
function guestCounts(guests: Guests, variants: Variants): string {
  const all = [...guests.byCode.values()].reduce((a, b) => a + b, 0);
  if (variants.has('guest-count-without-age-code')) return el('GuestCounts', {}, el('GuestCount', { Count: all }));
  if (variants.has('guests-in-one-age-code')) return el('GuestCounts', {}, el('GuestCount', { AgeQualifyingCode: '10', Count: all }));
  return el(
    'GuestCounts',
    {},
    [...guests.byCode].map(([code, n]) => el('GuestCount', { AgeQualifyingCode: code, Count: n })),
  );
}

/** A RoomStay with the structure of a result and nothing in it (fault hotel-room-stays-unbound). */
const UNBOUND_ROOM_STAY = el(
  'RoomStay',
  {},
  el('RoomTypes', {}, el('RoomType', {})),
  el('RoomRates', {}, el('RoomRate', {}, el('Rates', {}, el('Rate', {})))),
  el('TimeSpan', {}),
  el('BasicPropertyInfo', {}, el('Address', {}, el('CountryName', {}))),
);

const UNBOUND_HOTEL_STAY = el('HotelStay', {}, el('BasicPropertyInfo', {}, el('Address', {}, el('CountryName', {}))));

/** The RoomStay with a CountryCode of another country on its BasicPropertyInfo (fault hotel-country-code-mismatch). */
function withOtherCountryCode(stay: string, hotel: Hotel): string {
  const other = hotel.country.code === 'GR' ? 'PT' : 'GR';
  return stay.replace(/<BasicPropertyInfo(?=[\s>/])/, `<BasicPropertyInfo CountryCode="${other}"`);
}

/**
 * The RoomStay whose address carries the ISO 3166-2 code of a region of another country (fault
 * hotel-region-code-mismatch): on its StateProv, else in an Address it gains (a hotel named by code only).
 */
function withOtherRegionCode(stay: string, hotel: Hotel): string {
  const code = hotel.country.code === 'GR' ? 'PT-08' : 'GR-M';
  // a StateCode already written (variant address-region-codes) is overwritten, never repeated
  if (/<StateProv[^>]*\sStateCode="/.test(stay)) return stay.replace(/(<StateProv[^>]*\sStateCode=")[^"]*"/, `$1${code}"`);
  if (/<StateProv(?=[\s>/])/.test(stay)) return stay.replace(/<StateProv(?=[\s>/])/, `<StateProv StateCode="${code}"`);
  const state = `<StateProv StateCode="${code}"/>`;
  if (/<CountryName(?=[\s>/])/.test(stay)) return stay.replace(/<CountryName(?=[\s>/])/, `${state}<CountryName`);
  return stay.replace(/<BasicPropertyInfo([^>]*?)\/>/, `<BasicPropertyInfo$1><Address>${state}</Address></BasicPropertyInfo>`);
}

/** Variant hotel-stays-address: the hotel once, in HotelStays, for the RoomStay of the same RPH. */
function hotelStay(hotel: Hotel, rph: number, variants: Variants): string {
  const place = hotelPlace(hotel.region, hotel.country, variants);
  return el(
    'HotelStay',
    { RoomStayRPH: rph },
    el(
      'BasicPropertyInfo',
      { BrandCode: hotel.brandCode, HotelCode: hotel.code, HotelName: hotel.name, BrandName: hotel.brandName },
      address(hotel.city, place, place.country, hotel.address, hotel.postalCode),
    ),
  );
}

function roomStay(
  hotel: Hotel,
  hotelOffers: Offer[],
  guests: Guests,
  stay: { start: string; end: string; nights: string[]; rph: number },
  variants: Variants,
): string {
  const { start, end, nights } = stay;
  const rooms = [...new Map(hotelOffers.map((o) => [o.room.code, o.room])).values()];
  const boards = [...new Map(hotelOffers.map((o) => [o.board.code, o.board])).values()];
  const best = hotelOffers[0];
  // Variant address-local-names: the country's own name and the official region.
  const place = hotelPlace(hotel.region, hotel.country, variants);
  const inHotelStays = variants.has('hotel-stays-address');
  return el(
    'RoomStay',
    { RPH: inHotelStays ? stay.rph : undefined },
    el(
      'RoomTypes',
      {},
      rooms.map((r) => el('RoomType', { RoomTypeCode: r.code, NumberOfUnits: 1 }, el('RoomDescription', { Name: r.name }))),
    ),
    el(
      'RatePlans',
      {},
      boards.map((b) =>
        el('RatePlan', { RatePlanCode: b.code, RatePlanName: b.name }, el('MealsIncluded', { MealPlanCodes: b.mealPlanCodes })),
      ),
    ),
    el(
      'RoomRates',
      {},
      hotelOffers.map((o) =>
        el(
          'RoomRate',
          { RoomTypeCode: o.room.code, RatePlanCode: o.board.code, NumberOfUnits: 1 },
          el('Rates', {}, rates(o, nights, variants)),
          el('Total', { AmountAfterTax: fmtMinor(o.total, EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2 }),
        ),
      ),
    ),
    guestCounts(guests, variants),
    // Variant stay-dates-in-rates-only: no TimeSpan; the Rates' EffectiveDate/ExpireDate say the stay.
    // Variant rate-periods-beyond-stay: no TimeSpan; the Rates' periods hold the stay and more.
    // Variant inclusive-rate-dates: the stay as Start and a number of nights, no End.
    variants.has('stay-dates-in-rates-only') || variants.has('rate-periods-beyond-stay')
      ? ''
      : variants.has('inclusive-rate-dates')
        ? el('TimeSpan', { Start: start, Duration: `P${nights.length}N` })
        : el('TimeSpan', { Start: start, End: end }),
    el('Total', { AmountAfterTax: fmtMinor(best.total, EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2 }),
    // Variant hotel-code-only-availability: the hotel by its code alone; where it is, its descriptive data says.
    // Variant hotel-stays-address: the code alone here, the rest in the HotelStay of this RoomStay's RPH.
    variants.has('hotel-code-only-availability') || inHotelStays
      ? el('BasicPropertyInfo', { HotelCode: hotel.code })
      : el(
          'BasicPropertyInfo',
          { BrandCode: hotel.brandCode, HotelCode: hotel.code, HotelName: hotel.name, BrandName: hotel.brandName },
          address(hotel.city, place, place.country, hotel.address, hotel.postalCode),
        ),
  );
}

/** What the search asks for: how many hotels at most, the stay, the guests and the place. */
interface HotelSearch {
  max: number;
  start: string;
  end: string;
  guests: Guests;
  /** RefPoint/@CodeContext: Country or Region. */
  context: string;
  /** RefPoint text: the country or region's name (or the country's code). */
  place: string;
}

function readSearch(req: XNode, ctx: Ctx): HotelSearch {
  const maxRaw = optAttr(req, 'MaxResponses');
  let max = Infinity;
  if (maxRaw !== undefined) {
    max = count(maxRaw, 'MaxResponses');
    if (max < 1) throw err.invalid('MaxResponses must be at least 1');
    // Mistake (small-maxresponses-refused): results are paged by tens; a smaller bound is refused.
    if (max < 10 && ctx.faults.has('small-maxresponses-refused')) throw err.invalid('MaxResponses must be between 10 and 100');
  }
  const segment = path(req, 'AvailRequestSegments', 'AvailRequestSegment');
  if (!segment) throw err.missing('AvailRequestSegments/AvailRequestSegment');
  const stayDateRange = path(segment, 'StayDateRange');
  if (!stayDateRange) throw err.missing('AvailRequestSegment/StayDateRange');
  const start = requireDate(stayDateRange.attrs.Start, 'StayDateRange/@Start', ctx.today);
  const end = requireDate(stayDateRange.attrs.End, 'StayDateRange/@End', ctx.today);
  requireRange(start, end, 'StayDateRange/@Start', 'StayDateRange/@End');
  if (end === start) throw err.dateRange('StayDateRange/@End must be after @Start (at least one night)');
  if (daysBetween(start, end) > 30) throw err.invalid('Stays are limited to 30 nights');
  const guests = readGuests(segment);
  const refPoint = path(segment, 'HotelSearchCriteria', 'Criterion', 'RefPoint');
  if (!refPoint) throw err.missing('HotelSearchCriteria/Criterion/RefPoint');
  const context = attr(refPoint, 'CodeContext', 'RefPoint');
  // Mistake (region-refpoint-refused): only countries are supported.
  if (context === 'Region' && ctx.faults.has('region-refpoint-refused'))
    throw err.invalid("RefPoint/@CodeContext 'Region' is not supported; use Country");
  if (context !== 'Country' && context !== 'Region') throw err.invalid(`RefPoint/@CodeContext '${context}' must be Country or Region`);
  const place = text(refPoint);
  if (!place) throw err.missing('RefPoint text (place name)');
  return { max, start, end, guests, context, place };
}

export const hotelAvailability: Operation = {
  name: 'hotelavailability',
  rq: 'OTA_HotelAvailRQ',
  rs: 'OTA_HotelAvailRS',
  version: '2008.1',
  handle(req: XNode, ctx: Ctx) {
    const { faults, data } = ctx;
    const search = readSearch(req, ctx);
    const { max, context, place } = search;
    let { start, end, guests } = search;
    if (faults.has('hotel-ignores-dates')) {
      // Mistake: the dates are never read; a default one-night stay from tomorrow is priced.
      start = addDays(ctx.today, 1);
      end = addDays(start, 1);
    }
    if (faults.has('hotel-wrong-guests')) {
      guests = { adults: 2, children: 0, byCode: new Map([['10', 2]]) };
    }
    // Mistake (third-guest-category-dropped): only the first two GuestCount categories are read.
    if (faults.has('third-guest-category-dropped') && guests.byCode.size > 2) {
      const byCode = new Map([...guests.byCode].slice(0, 2));
      guests = { adults: (byCode.get('10') ?? 0) + (byCode.get('11') ?? 0), children: byCode.get('8') ?? 0, byCode };
    }
    // Mistake (month-end-stay-cut): a stay of five nights or more ends with the first month.
    if (faults.has('month-end-stay-cut') && daysBetween(start, end) >= 5 && addDays(end, -1).slice(0, 7) !== start.slice(0, 7)) {
      const date = toDate(start);
      end = fmtDate(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
    }
    // Mistake (leap-day-500): a stay from 29 February breaks the date arithmetic.
    if (faults.has('leap-day-500') && start.endsWith('-02-29')) throw new PlainRefusal(500, 'Internal Server Error');
    const nights = Array.from({ length: daysBetween(start, end) }, (_, i) => addDays(start, i));
    const p = place.toLowerCase();
    const inPlace = (h: Hotel) =>
      faults.has('hotel-ignores-place') ||
      (context === 'Country' ? h.country.name.toLowerCase() === p || h.country.code.toLowerCase() === p : h.region.toLowerCase() === p);

    const results = data.hotels
      .filter((h) => inPlace(h) && openAllNights(h, nights))
      .map((h) => ({ hotel: h, offers: offers(h, guests, nights) }))
      .filter((r) => r.offers.length > 0)
      .sort((a, b) => a.offers[0].total - b.offers[0].total || a.hotel.code.localeCompare(b.hotel.code));
    // Variant capacity-limit: no availability for parties of more than four.
    // variant inventory-for-test-data-dates: the dates as asked, before any mistake rewrites them
    const full = overCapacity(ctx, guests.adults + guests.children) || outsideInventory(ctx, search.start, search.end);
    const shown =
      full || faults.has('hotel-availability-empty') ? [] : faults.has('ignores-maxresponses') ? results : results.slice(0, max);
    if (shown.length === 0) {
      // Mistake (empty-search-500): the first result is read before the list is checked.
      if (faults.has('empty-search-500')) throw err.system("Cannot read properties of undefined (reading 'hotel')");
      return emptyResult(ctx, warn.noHotels(`No hotel in ${context} '${place}' is available for ${start} to ${end} for these guests`));
    }
    // Mistake (hotel-room-stays-unbound): the template is written before the data is bound.
    // Mistake (hotel-country-code-mismatch): a CountryCode of another country beside the address.
    // Mistake (hotel-region-code-mismatch): a region code of another country in the address.
    const stays = shown.map((r, i) =>
      faults.has('hotel-room-stays-unbound')
        ? UNBOUND_ROOM_STAY
        : faults.has('hotel-country-code-mismatch')
          ? withOtherCountryCode(roomStay(r.hotel, r.offers, guests, { start, end, nights, rph: i + 1 }, ctx.variants), r.hotel)
          : faults.has('hotel-region-code-mismatch')
            ? withOtherRegionCode(roomStay(r.hotel, r.offers, guests, { start, end, nights, rph: i + 1 }, ctx.variants), r.hotel)
            : roomStay(r.hotel, r.offers, guests, { start, end, nights, rph: i + 1 }, ctx.variants),
    );
    const hotelStays = ctx.variants.has('hotel-stays-address')
      ? el(
          'HotelStays',
          {},
          shown.map((r, i) => (faults.has('hotel-room-stays-unbound') ? UNBOUND_HOTEL_STAY : hotelStay(r.hotel, i + 1, ctx.variants))),
        )
      : '';
    return { content: hotelStays + el('RoomStays', {}, stays) };
  },
};
