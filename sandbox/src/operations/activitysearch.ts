// POST /activitysearch: activities that collect guests at a hotel and operate in the date window.
import { addDays, daysBetween, requireDate, requireRange } from '../dates';
import { err, warn } from '../errors';
import { el, esc, kid, kids, type XNode } from '../xml';
import {
  basicInfo,
  categoryAndType,
  operatingDates,
  placeAndPickup,
  productFilter,
  regionOf,
  requireHotel,
  schedule,
  seasonDays,
} from './activities';
import { emptyResult, outsideInventory } from './common';
import type { Ctx, Operation } from './types';

export const activitySearch: Operation = {
  name: 'activitysearch',
  rq: 'OTA_TourActivitySearchRQ',
  rs: 'OTA_TourActivitySearchRS',
  version: '2011.2',
  handle(req: XNode, ctx: Ctx) {
    const { data, faults } = ctx;
    const searchCriteria = kid(req, 'SearchCriteria');
    if (!searchCriteria) throw err.missing('SearchCriteria');
    const dateTimePref = kid(searchCriteria, 'DateTimePref');
    if (!dateTimePref) throw err.missing('SearchCriteria/DateTimePref');
    const from = requireDate(dateTimePref.attrs.Start, 'DateTimePref/@Start', ctx.today);
    const to = requireDate(dateTimePref.attrs.End, 'DateTimePref/@End', ctx.today);
    requireRange(from, to, 'DateTimePref/@Start', 'DateTimePref/@End');
    if (daysBetween(from, to) > 365) throw err.invalid('The search window is limited to 366 days');
    const locationPrefs = kids(searchCriteria, 'LocationPref');
    const hotel = requireHotel(data, regionOf(locationPrefs, 'Source'), 'SearchCriteria/LocationPref');
    const product = productFilter(data, regionOf(locationPrefs, 'Service'), 'SearchCriteria/LocationPref');
    if (faults.has('errors-to-valid-request')) {
      // Mistake: an unhandled null in the search path, reported as a processing exception.
      throw err.system('Search failed: activity index not available');
    }
    const infos: string[] = [];
    // variant inventory-for-test-data-dates: nothing for other dates than the test data's
    for (const activity of outsideInventory(ctx, from, to) ? [] : data.activities) {
      // Mistake (search-ignores-area): the hotel is read for validation only; the product filter applies.
      if (!faults.has('search-ignores-area') && !activity.pickupHotels.includes(hotel)) continue;
      if (product && !product(activity)) continue;
      // Mistake (search-ignores-dates): DateTimePref read for validation only.
      const window = faults.has('search-ignores-dates') ? { from: addDays(to, 1), to: addDays(to, 60) } : { from, to };
      const dates = operatingDates(activity, window.from, window.to);
      if (dates.length === 0) continue;
      const minAdult = Math.min(...activity.services.map((s) => s.prices['10'] ?? Infinity));
      const served = activity.pickupHotels.includes(hotel) ? hotel : activity.pickupHotels[0];
      // Variant search-area-by-town: the activity's area is shown only as its town.
      const { location, pickup } = placeAndPickup(activity, served, ctx.variants, ctx.variants.has('search-area-by-town'));
      infos.push(
        el(
          'TourActivityInfo',
          {},
          basicInfo(activity),
          schedule(dates, ctx.variants, seasonDays(activity, window.from, window.to)),
          categoryAndType(activity),
          el('Description', {}, el('ShortDescription', {}, esc(activity.shortDescription))),
          location,
          pickup,
          Number.isFinite(minAdult) ? el('Pricing', { MinPrice: minAdult.toFixed(2) }) : '',
        ),
      );
    }
    if (infos.length === 0) {
      return emptyResult(ctx, warn.noAvailability(`No activity serving ${hotel} operates between ${from} and ${to}`));
    }
    return { content: infos.join('') };
  },
};
