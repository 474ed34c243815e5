// POST /activityavailability: bookable options (activity x supplier service) of a hotel's
// activities for the participants, dates and maximum per-person price.
import type { Activity, ActivityService } from '../data';
import { addDays, requireDate, requireRange, daysBetween } from '../dates';
import { err, warn } from '../errors';
import { fmtMinor, moneyFormat, toMinor, type MoneyFormat } from '../money';
import { el, esc, kid, kids, path, text, type XNode } from '../xml';
import type { Variants } from '../variants';
import {
  basicInfo,
  categoryAndType,
  minPartyOf,
  operatingDates,
  participantPolicy,
  placeAndPickup,
  productFilter,
  regionOf,
  requireHotel,
  schedule,
  seasonDays,
  sells,
} from './activities';
import { attr, category, count, emptyResult, overCapacity, participantCategory } from './common';
import type { Ctx, Operation } from './types';

function readParticipants(tourActivity: XNode): Map<string, number> {
  const participantCounts = kids(tourActivity, 'ParticipantCount');
  if (participantCounts.length === 0) throw err.missing('TourActivity/ParticipantCount');
  const m = new Map<string, number>();
  for (const participantCount of participantCounts) {
    const q = count(attr(participantCount, 'Quantity', 'ParticipantCount'), 'ParticipantCount/@Quantity');
    const qualifierInfo = text(kid(participantCount, 'QualifierInfo'));
    if (!qualifierInfo) throw err.missing('ParticipantCount/QualifierInfo');
    const cat = category(qualifierInfo, 'ParticipantCount/QualifierInfo');
    if (q > 0) m.set(cat, (m.get(cat) ?? 0) + q);
  }
  if (m.size === 0) throw err.invalid('At least one participant is required');
  return m;
}

/** What the request asks for: where (hotel, product), when, for whom. */
interface AvailabilityRequest {
  tourActivity: XNode;
  /** The product's filter (Location Context=Service), when one is named. */
  product?: (a: Activity) => boolean;
  /** The hotel (Location Context=Source); none when the request names a product only. */
  hotel?: string;
  from: string;
  to: string;
  participants: Map<string, number>;
}

function readRequest(req: XNode, ctx: Ctx): AvailabilityRequest {
  const { data, faults } = ctx;
  const tourActivity = kid(req, 'TourActivity');
  if (!tourActivity) throw err.missing('TourActivity');
  const locations = kids(tourActivity, 'Location');
  const product = productFilter(data, regionOf(locations, 'Service'), 'TourActivity/Location');
  // Availability by product alone is a form the spec allows (it marks nothing mandatory): the
  // product's activities are offered at each one's first pickup hotel.
  const byProductOnly = !!product && !text(regionOf(locations, 'Source'));
  if (faults.has('activity-product-only-refused') && byProductOnly)
    throw err.missing("TourActivity/Location[@Context='Source']/Region (hotel code)");
  if (faults.has('activity-hotel-only-refused') && !product)
    throw err.missing("TourActivity/Location[@Context='Service']/Region (product)");
  const hotel = byProductOnly ? undefined : requireHotel(data, regionOf(locations, 'Source'), 'TourActivity/Location');
  const window = kid(tourActivity, 'Schedule');
  if (!window) throw err.missing('TourActivity/Schedule');
  const from = requireDate(window.attrs.StartPeriod, 'Schedule/@StartPeriod', ctx.today);
  const to = requireDate(window.attrs.EndPeriod, 'Schedule/@EndPeriod', ctx.today);
  requireRange(from, to, 'Schedule/@StartPeriod', 'Schedule/@EndPeriod');
  if (daysBetween(from, to) > 365) throw err.invalid('The schedule window is limited to 366 days');
  return { tourActivity, product, hotel, from, to, participants: readParticipants(tourActivity) };
}

/** GuidelinePricing: the maximum price per person, and the currency and decimals amounts are written in. */
function readGuidelinePricing(tourActivity: XNode): { maxAmount: number; format: MoneyFormat } {
  const guidelinePricing = path(tourActivity, 'MultimodalOffer', 'RequestedOffer', 'GuidelinePricing');
  const method = text(kid(guidelinePricing, 'Method'));
  if (method && method !== 'PerPerson') throw err.invalid(`GuidelinePricing/Method '${method}' is not supported (PerPerson)`);
  const maximumPrice = kid(guidelinePricing, 'MaximumPrice');
  if (!maximumPrice) return { maxAmount: Infinity, format: moneyFormat(undefined, undefined) };
  const amount = attr(maximumPrice, 'Amount', 'MaximumPrice');
  if (!/^\d+(\.\d+)?$/.test(amount)) throw err.invalid(`MaximumPrice/@Amount '${amount}' is not a positive number`);
  return {
    maxAmount: Number(amount),
    format: moneyFormat(attr(maximumPrice, 'CurrencyCode', 'MaximumPrice'), maximumPrice.attrs.CurrencyDecimal),
  };
}

export const activityAvailability: Operation = {
  name: 'activityavailability',
  rq: 'OTA_TourActivityAvailRQ',
  rs: 'OTA_TourActivityAvailRS',
  version: '2011.2',
  handle(req: XNode, ctx: Ctx) {
    const { data, faults } = ctx;
    const { tourActivity, product, hotel, from, to, participants } = readRequest(req, ctx);
    const pricing = readGuidelinePricing(tourActivity);
    // Mistake (wrong-currency-decimal): amounts always written with two decimals.
    const format: MoneyFormat = faults.has('wrong-currency-decimal') ? { ...pricing.format, decimals: 2 } : pricing.format;
    // Mistake (prices-wrong-participants): one participant priced per category.
    const priced = faults.has('prices-wrong-participants') ? new Map([...participants.keys()].map((k) => [k, 1])) : participants;

    const infos: string[] = [];
    // Variant capacity-limit: no availability for parties of more than four; variant
    // minimum-party: none for parties below its minimum.
    const persons = [...participants.values()].reduce((x, y) => x + y, 0);
    const full = overCapacity(ctx, persons) || persons < minPartyOf(ctx.variants);
    const otherArea = faults.has('activities-other-area');
    for (const a of full || faults.has('activity-availability-empty') ? [] : data.activities) {
      if (product && !otherArea && !product(a)) continue;
      // Mistake (activities-other-area): the hotel is never read; each activity at its own first pickup.
      const at = otherArea ? a.pickupHotels[0] : (hotel ?? a.pickupHotels[0]);
      if (!at || !a.pickupHotels.includes(at)) continue;
      // Mistake (activities-ignore-dates): the window read for validation only.
      const window = faults.has('activities-ignore-dates') ? { from: addDays(to, 1), to: addDays(to, 60) } : { from, to };
      const dates = operatingDates(a, window.from, window.to);
      if (dates.length === 0) continue;
      const season = seasonDays(a, window.from, window.to);
      for (const s of a.services) {
        if (![...participants.keys()].every((c) => sells(data, a, s, c, ctx.variants))) continue;
        const unit = new Map([...participants.keys()].map((c) => [c, toMinor(s.prices[c], format)]));
        const tooDear = [...unit.values()].some((m) => m / 10 ** format.decimals > pricing.maxAmount + 1e-9);
        if (tooDear && !faults.has('ignores-maximumprice')) continue;
        infos.push(info(a, s, at, { dates, season }, unit, priced, format, ctx.variants));
      }
    }
    if (infos.length === 0) {
      return emptyResult(
        ctx,
        warn.noAvailability(`No activity option at ${hotel ?? 'any hotel'} matches the product, dates, participants and maximum price`),
      );
    }
    return { content: infos.join('') };
  },
};

function info(
  a: Activity,
  s: ActivityService,
  hotel: string,
  { dates, season }: { dates: string[]; season: string[] },
  unit: Map<string, number>,
  qty: Map<string, number>,
  f: MoneyFormat,
  variants: Variants,
): string {
  let total = 0;
  for (const [c, m] of unit) total += m * (qty.get(c) ?? 0);
  const money = (minor: number) => ({ Amount: fmtMinor(minor, f), CurrencyCode: f.currency, DecimalPlaces: f.decimals });
  // The pickup's time on the first date; variant fixed-pickup-time: only descriptive data shows it.
  const pickupAt = variants.has('fixed-pickup-time') ? undefined : `${dates[0]}T${a.schedule.pickupTime}:00`;
  const { location, pickup } = placeAndPickup(a, hotel, variants, false, pickupAt);
  const policy = participantPolicy(a, variants, true);
  return el(
    'TourActivityInfo',
    {},
    basicInfo(a, s),
    schedule(dates, variants, season),
    categoryAndType(a),
    el('Description', {}, el('ShortDescription', {}, esc(a.shortDescription))),
    location,
    el(
      'Pricing',
      {},
      el('Summary', money(total)),
      [...unit].map(([c, m]) => participantCategory(c, money(m), qty.get(c) ?? 0, variants)),
    ),
    pickup,
    policy ? el('Policies', {}, policy) : '',
  );
}
