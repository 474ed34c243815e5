// POST /hotelavailability: hotels of a place with a room for the guests on every night of the stay.
import { addDays, daysBetween, inMonthDayRange, requireDate, requireRange } from '../dates';
import type { Board, Hotel, Room } from '../data';
import { err, warn } from '../errors';
import { EUR2, fmtMinor } from '../money';
import { all, el, path, text, type XNode } from '../xml';
import type { Variants } from '../variants';
import { address, attr, category, count, emptyResult, hotelPlace, optAttr, overCapacity } from './common';
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
  for (const g of guestCounts) {
    const code = category(attr(g, 'AgeQualifyingCode', 'GuestCount'), 'GuestCount/@AgeQualifyingCode');
    const n = count(attr(g, 'Count', 'GuestCount'), 'GuestCount/@Count');
    if (n > 0) byCode.set(code, (byCode.get(code) ?? 0) + n); // zero-count entries are ignored
  }
  const adults = (byCode.get('10') ?? 0) + (byCode.get('11') ?? 0);
  const children = byCode.get('8') ?? 0;
  if (adults === 0) throw err.invalid('At least one adult guest (AgeQualifyingCode 10 or 11) is required');
  return { adults, children, byCode };
}

function openAllNights(h: Hotel, nights: string[]): boolean {
  return nights.every((d) => !h.closedPeriods.some((r) => inMonthDayRange(d, r)));
}

function nightPrice(h: Hotel, room: Room, board: Board, g: Guests, night: string): number {
  const extraAdults = Math.max(0, g.adults - 2);
  const freeSlotsForChildren = Math.max(0, 2 - g.adults);
  const extraChildren = Math.max(0, g.children - freeSlotsForChildren);
  const factor = h.highSeason.some((r) => inMonthDayRange(night, r)) ? h.highSeasonFactor : 1;
  const roomPart = (room.nightly + extraAdults * room.extraPerson + (extraChildren * room.extraPerson) / 2) * factor;
  const boardPart = board.perAdult * g.adults + (board.perAdult / 2) * g.children;
  return Math.round((roomPart + boardPart) * 100);
}

function offers(h: Hotel, g: Guests, nights: string[]): Offer[] {
  const out: Offer[] = [];
  for (const room of h.rooms) {
    if (g.adults > room.maxAdults || g.adults + g.children > room.maxOccupancy) continue;
    for (const board of h.boards) {
      const nightly = nights.map((n) => nightPrice(h, room, board, g, n));
      out.push({ room, board, nightly, total: nightly.reduce((a, b) => a + b, 0) });
    }
  }
  return out.sort((a, b) => a.total - b.total);
}

/**
 * One Rate per run of nights with the same price. ExpireDate is the day after the run's last night,
 * or (variant inclusive-rate-dates) the last night itself with ExpireDateExclusiveInd="false".
 */
function rates(o: Offer, nights: string[], variants: Variants): string[] {
  const inclusive = variants.has('inclusive-rate-dates');
  const out: string[] = [];
  let i = 0;
  while (i < nights.length) {
    let j = i;
    while (j + 1 < nights.length && o.nightly[j + 1] === o.nightly[i]) j++;
    out.push(
      el(
        'Rate',
        {
          EffectiveDate: nights[i],
          ExpireDate: inclusive ? nights[j] : addDays(nights[j], 1),
          ExpireDateExclusiveInd: inclusive ? 'false' : undefined,
          RateTimeUnit: 'Day',
          UnitMultiplier: j - i + 1,
        },
        el('Base', { AmountAfterTax: fmtMinor(o.nightly[i], EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2 }),
      ),
    );
    i = j + 1;
  }
  return out;
}

/**
 * What names the hotel: BasicPropertyInfo with its name and address. Variant
 * hotel-code-only-availability: the code alone; where the hotel is, its descriptive data says.
 */
function propertyInfo(h: Hotel, variants: Variants): string {
  if (variants.has('hotel-code-only-availability')) return el('BasicPropertyInfo', { HotelCode: h.code });
  // Variant address-local-names: the country's own name and the official region.
  const place = hotelPlace(h.region, h.country, variants);
  return el(
    'BasicPropertyInfo',
    { BrandCode: h.brandCode, HotelCode: h.code, HotelName: h.name, BrandName: h.brandName },
    address(h.city, place.region, place.country, h.address, h.postalCode),
  );
}

/**
 * Variant hotel-placed-in-hotelstay: OpenTravel's HotelStays, one per hotel, linked to its RoomStay
 * by RoomStayRPH, carries the hotel's BasicPropertyInfo (name and address); the RoomStay names the
 * hotel by its code alone.
 */
function hotelStay(h: Hotel, rph: number, start: string, end: string, variants: Variants): string {
  return el('HotelStay', { RoomStayRPH: rph }, el('Availability', { Status: 'Open', Start: start, End: end }), propertyInfo(h, variants));
}

function roomStay(
  h: Hotel,
  hotelOffers: Offer[],
  g: Guests,
  stay: { start: string; end: string; nights: string[]; rph: number },
  variants: Variants,
): string {
  const { start, end, nights } = stay;
  const rooms = [...new Map(hotelOffers.map((o) => [o.room.code, o.room])).values()];
  const boards = [...new Map(hotelOffers.map((o) => [o.board.code, o.board])).values()];
  const best = hotelOffers[0];
  const inHotelStay = variants.has('hotel-placed-in-hotelstay');
  return el(
    'RoomStay',
    inHotelStay ? { RPH: stay.rph } : {},
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
    el(
      'GuestCounts',
      {},
      [...g.byCode].map(([code, n]) => el('GuestCount', { AgeQualifyingCode: code, Count: n })),
    ),
    // Variant stay-dates-in-rates-only: no TimeSpan; the Rates' EffectiveDate/ExpireDate say the stay.
    // Variant inclusive-rate-dates: the stay as Start and a number of nights, no End.
    variants.has('stay-dates-in-rates-only')
      ? ''
      : variants.has('inclusive-rate-dates')
        ? el('TimeSpan', { Start: start, Duration: `P${nights.length}N` })
        : el('TimeSpan', { Start: start, End: end }),
    el('Total', { AmountAfterTax: fmtMinor(best.total, EUR2), CurrencyCode: 'EUR', DecimalPlaces: 2 }),
    inHotelStay ? el('BasicPropertyInfo', { HotelCode: h.code }) : propertyInfo(h, variants),
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
    const full = overCapacity(ctx, guests.adults + guests.children);
    const shown =
      full || faults.has('hotel-availability-empty') ? [] : faults.has('ignores-maxresponses') ? results : results.slice(0, max);
    if (shown.length === 0) {
      // Mistake (empty-search-500): the first result is read before the list is checked.
      if (faults.has('empty-search-500')) throw err.system("Cannot read properties of undefined (reading 'hotel')");
      return emptyResult(ctx, warn.noHotels(`No hotel in ${context} '${place}' is available for ${start} to ${end} for these guests`));
    }
    const stays = shown.map((r, i) => ({ ...r, rph: i + 1 }));
    return {
      content:
        (ctx.variants.has('hotel-placed-in-hotelstay')
          ? el(
              'HotelStays',
              {},
              stays.map((r) => hotelStay(r.hotel, r.rph, start, end, ctx.variants)),
            )
          : '') +
        el(
          'RoomStays',
          {},
          stays.map((r) => roomStay(r.hotel, r.offers, guests, { start, end, nights, rph: r.rph }, ctx.variants)),
        ),
    };
  },
};
