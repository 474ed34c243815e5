// Shared tour-activity logic: which dates an activity operates, which hotels it serves, prices.
import { addDays, daysBetween, inMonthDayRange, weekday } from '../dates';
import type { Activity, ActivityService, SandboxData } from '../data';
import { err } from '../errors';
import type { Variants } from '../variants';
import { el, tel, text, type XNode, kids } from '../xml';
import { address, same, stateProv } from './common';

/** Operating dates of an activity between from and to (inclusive), at most `limit`. */
export function operatingDates(activity: Activity, from: string, to: string, limit = 365): string[] {
  const out: string[] = [];
  const n = daysBetween(from, to);
  for (let i = 0; i <= n && out.length < limit; i++) {
    const d = addDays(from, i);
    if (activity.schedule.days.includes(weekday(d)) && inMonthDayRange(d, { from: activity.schedule.from, to: activity.schedule.to }))
      out.push(d);
  }
  return out;
}

export function operatesOn(activity: Activity, date: string): boolean {
  return operatingDates(activity, date, date).length === 1;
}

/** Region text of a Location/LocationPref with the given Context (Source = hotel, Service = product). */
export function regionOf(parents: XNode[], context: string): XNode | undefined {
  const loc = parents.find((l) => l.attrs.Context === context);
  return loc ? kids(loc, 'Region')[0] : undefined;
}

export function requireHotel(data: SandboxData, region: XNode | undefined, where: string): string {
  const code = text(region);
  if (!code) throw err.missing(`${where}[@Context='Source']/Region (hotel code)`);
  if (region!.attrs.RegionCode !== undefined && region!.attrs.RegionCode !== 'HotelCode') {
    throw err.invalid(`${where}[@Context='Source']/Region/@RegionCode must be HotelCode`);
  }
  const hotel = data.hotelByCode.get(code.toUpperCase());
  if (!hotel) throw err.hotel(code);
  return hotel.code;
}

/** The product named in Region RegionCode=Product: a TourActivityID or SupplierProductCode. */
export function productFilter(data: SandboxData, region: XNode | undefined, where: string): ((activity: Activity) => boolean) | undefined {
  const code = text(region);
  if (!code) return undefined;
  const known = data.activities.some((a) => same(a.id, code) || same(a.supplierProductCode, code));
  if (!known) throw err.unknown(`${where}[@Context='Service']/Region: product ${code} is unknown`);
  return (a) => same(a.id, code) || same(a.supplierProductCode, code);
}

/** Variant minimum-age: every activity takes participants from this age. */
export const VARIANT_MIN_AGE = 10;
/** Variant minimum-party: every activity is sold to parties of this size or more. */
export const VARIANT_MIN_PARTY = 3;

/** The minimum age of an activity's participants (variant minimum-age: at least VARIANT_MIN_AGE). */
export const minAgeOf = (a: Activity, variants: Variants): number =>
  variants.has('minimum-age') ? Math.max(a.minAge, VARIANT_MIN_AGE) : a.minAge;

/** The smallest party an activity is sold to (variant minimum-party). */
export const minPartyOf = (variants: Variants): number => (variants.has('minimum-party') ? VARIANT_MIN_PARTY : 1);

/** Whether an activity takes no pickup: a ticket under variant tickets-without-pickup. */
export const takesNoPickup = (a: Activity, variants: Variants): boolean => !!a.ticketOnly && variants.has('tickets-without-pickup');

/** A service sells a category when it has a price for it and the category's ages meet the minimum age. */
export function sells(data: SandboxData, activity: Activity, activityService: ActivityService, cat: string, variants: Variants): boolean {
  const category = data.categories[cat];
  return activityService.prices[cat] !== undefined && !!category && category.maxAge >= minAgeOf(activity, variants);
}

/**
 * Policies/Participant (TourActivityPolicyType): the minimum age, and the smallest party under
 * variant minimum-party. In availability (`inAvailability`), variant minimum-age leaves the ages
 * to descriptive data.
 */
export function participantPolicy(activity: Activity, variants: Variants, inAvailability: boolean): string {
  const minParty = minPartyOf(variants);
  const minAge = inAvailability && variants.has('minimum-age') ? undefined : minAgeOf(activity, variants);
  if (minAge === undefined && minParty <= 1) return '';
  return el('Participant', { MinParticipants: minParty > 1 ? minParty : undefined, MinAge: minAge });
}

/** The days of the activity's season between from and to (inclusive), whatever their weekday. */
export function seasonDays(activity: Activity, from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: n + 1 }, (_, i) => addDays(from, i)).filter((d) =>
    inMonthDayRange(d, { from: activity.schedule.from, to: activity.schedule.to }),
  );
}

export function basicInfo(activity: Activity, activityService?: ActivityService): string {
  return el(
    'BasicInfo',
    { TourActivityID: activity.id, SupplierProductCode: activity.supplierProductCode, Name: activity.name.slice(0, 64) },
    activityService
      ? el('TPA_Extensions', {}, el('SupplierService', { SupplierServiceCode: activityService.code, Name: activityService.name }))
      : '',
  );
}

/** CategoryAndType/Category: the schema's enum as text, the sandbox's own category in @Code. */
const CATEGORY_ENUM: Record<string, string> = {
  Excursion: 'GuidedTour',
  Cruise: 'Other_',
  Outdoor: 'SportsAndRecreation',
  'City tour': 'Cultural',
  Culture: 'Cultural',
  Wildlife: 'EcoAdventure',
  Nature: 'EcoAdventure',
  Food: 'FoodAndBeverage',
};
export function categoryAndType(activity: Activity): string {
  return el('CategoryAndType', {}, el('Category', { Code: activity.category }, CATEGORY_ENUM[activity.category] ?? 'Other_'));
}

/** DOW_PatternGroup attribute names by weekday. */
export const DAY_ATTR: Record<string, string> = { Mon: 'Mon', Tue: 'Tue', Wed: 'Weds', Thu: 'Thur', Fri: 'Fri', Sat: 'Sat', Sun: 'Sun' };

/**
 * Operating dates: Summary (first..last) and one Detail per date. Variant season-without-weekdays:
 * `season` (the days of the activity's season in the period asked for) as Summary Start..End
 * alone, with no weekday: which days it runs, its descriptive data says.
 */
export function schedule(dates: string[], variants: Variants, season?: string[]): string {
  if (variants.has('season-without-weekdays') && season?.length)
    return el('Schedule', {}, el('Summary', { Start: season[0], End: season[season.length - 1] }));
  const summary = el('Summary', { Start: dates[0], End: dates[dates.length - 1] });
  if (variants.has('schedule-summary')) return el('Schedule', {}, summary, weeklyPatterns(dates));
  return el(
    'Schedule',
    {},
    summary,
    dates.map((d) => el('Detail', { Start: d })),
  );
}

/**
 * The same dates as weekly patterns (variant schedule-summary): spans within which the dates are
 * exactly the days of the weekdays flagged. No Detail when the dates are every day of the Summary.
 */
function weeklyPatterns(dates: string[]): string[] {
  const days = new Set(dates.map(weekday));
  const spans: string[][] = [];
  for (const date of dates) {
    const span = spans[spans.length - 1];
    const prev = span?.[span.length - 1];
    // A span goes on while every day skipped since its last date is a weekday it does not run on.
    const continues =
      prev !== undefined &&
      Array.from({ length: daysBetween(prev, date) - 1 }, (_, i) => addDays(prev, i + 1)).every((x) => !days.has(weekday(x)));
    if (continues) span.push(date);
    else spans.push([date]);
  }
  if (spans.length === 1 && daysBetween(dates[0], dates[dates.length - 1]) + 1 === dates.length) return [];
  const flags: Record<string, string> = {};
  for (const [d, attr] of Object.entries(DAY_ATTR)) flags[attr] = String(days.has(d));
  return spans.map((sp) => {
    const span = { Start: sp[0], End: sp[sp.length - 1] };
    return el('Detail', span, el('OperationTimes', {}, el('OperationTime', { ...flags, ...span })));
  });
}

/**
 * Where the activity was found for: its pickup at the hotel (at `pickupAt`, a date-time, when
 * given); for a ticket-only activity under variant pickupless-tickets or tickets-without-pickup, no
 * pickup and the hotel as Location/Region text (the spec's own form for naming a hotel: Region
 * RegionCode=HotelCode). `byTown` (variant search-area-by-town, search only): the address is the
 * town and country, no StateProv and no Region/@RegionName.
 */
export function placeAndPickup(
  activity: Activity,
  hotel: string,
  variants: Variants,
  byTown = false,
  pickupAt?: string,
): { location: string; pickup: string } {
  // Variant activity-place-in-descriptive-only: where the activity is and whom it picks up, only
  // its activity descriptive data says.
  if (variants.has('activity-place-in-descriptive-only')) return { location: '', pickup: '' };
  const addr = address(activity.city, byTown ? undefined : stateProv(activity.region, variants), activity.country);
  const regionName = byTown ? undefined : activity.region;
  if (activity.ticketOnly && (variants.has('pickupless-tickets') || takesNoPickup(activity, variants))) {
    return { location: el('Location', {}, addr, tel('Region', { RegionCode: 'HotelCode', RegionName: regionName }, hotel)), pickup: '' };
  }
  return {
    location: el('Location', {}, addr, byTown ? '' : el('Region', { RegionName: regionName })),
    pickup: [el('PickupDropoff', { DateTime: pickupAt, LocationName: hotel, PickupInd: 'true' }), dropoff(activity, variants)].join(''),
  };
}

/** Variant dropoff-beside-pickup: where the activity leaves its guests, a meeting point of its area (not the hotel). */
function dropoff(activity: Activity, variants: Variants): string {
  if (!variants.has('dropoff-beside-pickup')) return '';
  const area = activity.region.toUpperCase().replace(/[^A-Z0-9]+/g, '');
  return el('PickupDropoff', { LocationName: `MEETPT-${area}`, PickupInd: 'false' });
}
