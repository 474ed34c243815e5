// POST /activityavailability: bookable options (activity x supplier service) of a hotel's
// activities for the participants, dates and maximum per-person price.
import type { Activity, ActivityService } from '../data';
import { addDays, requireDate, requireRange, daysBetween } from '../dates';
import { err, warn } from '../errors';
import { fmtMinor, MINOR_UNIT, moneyFormat, toMinor, type MoneyFormat } from '../money';
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
import { attr, category, count, emptyResult, outsideInventory, overCapacity, participantCategory, qualifierInfo } from './common';
import type { Ctx, Operation } from './types';

function readParticipants(tourActivity: XNode): Map<string, number> {
  const participantCounts = kids(tourActivity, 'ParticipantCount');
  if (participantCounts.length === 0) throw err.missing('TourActivity/ParticipantCount');
  const map = new Map<string, number>();
  for (const participantCount of participantCounts) {
    const q = count(attr(participantCount, 'Quantity', 'ParticipantCount'), 'ParticipantCount/@Quantity');
    const qualifierInfo = text(kid(participantCount, 'QualifierInfo'));
    if (!qualifierInfo) throw err.missing('ParticipantCount/QualifierInfo');
    const cat = category(qualifierInfo, 'ParticipantCount/QualifierInfo');
    if (q > 0) map.set(cat, (map.get(cat) ?? 0) + q);
  }
  if (map.size === 0) throw err.invalid('At least one participant is required');
  return map;
}

/** What the request asks for: where (hotel, product), when, for whom. */
interface AvailabilityRequest {
  tourActivity: XNode;
  /** The product's filter (Location Context=Service), when one is named. */
  product?: (activity: Activity) => boolean;
  /** The hotel (Location Context=Source); none when the request names a product only. */
  hotel?: string;
  from: string;
  to: string;
  participants: Map<string, number>;
  /** The request names a product and no hotel. */
  byProductOnly: boolean;
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
  return { tourActivity, product, hotel, from, to, participants: readParticipants(tourActivity), byProductOnly };
}

/** GuidelinePricing: the maximum price per person, and the currency and decimals amounts are written in. */
function readGuidelinePricing(tourActivity: XNode, variants: Variants): { maxAmount: number; format: MoneyFormat } {
  const guidelinePricing = path(tourActivity, 'MultimodalOffer', 'RequestedOffer', 'GuidelinePricing');
  const method = text(kid(guidelinePricing, 'Method'));
  if (method && method !== 'PerPerson') throw err.invalid(`GuidelinePricing/Method '${method}' is not supported (PerPerson)`);
  const maximumPrice = kid(guidelinePricing, 'MaximumPrice');
  if (!maximumPrice) return { maxAmount: Infinity, format: moneyFormat(undefined, undefined) };
  const amount = attr(maximumPrice, 'Amount', 'MaximumPrice');
  if (!/^\d+(\.\d+)?$/.test(amount)) throw err.invalid(`MaximumPrice/@Amount '${amount}' is not a positive number`);
  const format = moneyFormat(attr(maximumPrice, 'CurrencyCode', 'MaximumPrice'), maximumPrice.attrs.CurrencyDecimal);
  // Variant currency-without-minor-unit: CurrencyDecimal must be the currency's own minor unit.
  if (variants.has('currency-without-minor-unit') && format.decimals !== MINOR_UNIT[format.currency])
    throw err.invalid(`CurrencyDecimal ${format.decimals} is not the minor unit of ${format.currency} (${MINOR_UNIT[format.currency]})`);
  return { maxAmount: Number(amount), format };
}

export const activityAvailability: Operation = {
  name: 'activityavailability',
  rq: 'OTA_TourActivityAvailRQ',
  rs: 'OTA_TourActivityAvailRS',
  version: '2011.2',
  handle(req: XNode, ctx: Ctx) {
    const { data, faults } = ctx;
    const { tourActivity, product, hotel, from, to, participants, byProductOnly } = readRequest(req, ctx);
    const pricing = readGuidelinePricing(tourActivity, ctx.variants);
    // Mistake (wrong-currency-decimal): amounts always written with two decimals.
    const asked: MoneyFormat = faults.has('wrong-currency-decimal') ? { ...pricing.format, decimals: 2 } : pricing.format;
    // Mistake (ignores-requested-currency): priced in the contract currency, whatever was asked.
    const format: MoneyFormat = faults.has('ignores-requested-currency') ? { ...asked, currency: 'USD' } : asked;
    // Mistake (prices-wrong-participants): one participant priced per category.
    const perCategory = faults.has('prices-wrong-participants') ? new Map([...participants.keys()].map((k) => [k, 1])) : participants;
    // Mistake (five-priced-as-four): the group tariff ends at four of a category.
    const priced = faults.has('five-priced-as-four') ? new Map([...perCategory].map(([k, n]) => [k, Math.min(n, 4)])) : perCategory;

    const infos: string[] = [];
    // Variant capacity-limit: no availability for parties of more than four; variant
    // minimum-party: none for parties below its minimum; variant inventory-for-test-data-dates: none
    // for other dates than the test data's.
    const persons = [...participants.values()].reduce((x, y) => x + y, 0);
    const full = overCapacity(ctx, persons) || persons < minPartyOf(ctx.variants) || outsideInventory(ctx, from, to);
    // Mistakes: activities-other-area (the hotel is never read), activity-ignores-hotel (with no
    // product named, the hotel is not applied): each activity at its own first pickup.
    const otherArea = faults.has('activities-other-area') || (faults.has('activity-ignores-hotel') && !product);
    // Mistake (product-only-ignores-product): the product applied only beside a hotel.
    const anyProduct = otherArea || (byProductOnly && faults.has('product-only-ignores-product'));
    for (const activity of full || faults.has('activity-availability-empty') ? [] : data.activities) {
      if (product && !anyProduct && !product(activity)) continue;
      const at = otherArea ? activity.pickupHotels[0] : (hotel ?? activity.pickupHotels[0]);
      if (!at || !activity.pickupHotels.includes(at)) continue;
      // Mistake (activities-ignore-dates): the window read for validation only.
      const window = faults.has('activities-ignore-dates') ? { from: addDays(to, 1), to: addDays(to, 60) } : { from, to };
      const operating = operatingDates(activity, window.from, window.to);
      // Mistake (year-end-dates-in-start-year): a period of five days or more across a year end is
      // written with the year of its first day.
      const year = from.slice(0, 4);
      const dates =
        faults.has('year-end-dates-in-start-year') && to.slice(0, 4) !== year && daysBetween(from, to) >= 5
          ? operating.map((d) => `${year}${d.slice(4)}`)
          : operating;
      if (dates.length === 0) continue;
      const season = seasonDays(activity, window.from, window.to);
      for (const service of activity.services) {
        if (![...participants.keys()].every((c) => sells(data, activity, service, c, ctx.variants))) continue;
        const unit = new Map([...participants.keys()].map((c) => [c, toMinor(service.prices[c], format)]));
        const tooDear = [...unit.values()].some((m) => m / 10 ** format.decimals > pricing.maxAmount + 1e-9);
        if (tooDear && !faults.has('ignores-maximumprice')) continue;
        // Mistake (child-priced-as-adult): every participant in the adult category, at the adult rate.
        const party = faults.has('child-priced-as-adult')
          ? asAdults(priced, toMinor(service.prices['10'] ?? 0, format))
          : { unit, qty: priced };
        infos.push(info(activity, service, at, { dates, season }, party.unit, party.qty, format, ctx));
      }
    }
    if (infos.length === 0) {
      return emptyResult(
        ctx,
        warn.noAvailability(`No activity option at ${hotel ?? 'any hotel'} matches the product, dates, participants and maximum price`),
      );
    }
    // Variant pricing-currency-header: the currency and decimals once, as OTA_TourActivityAvailRS_UC1 writes them.
    // Mistake (pricing-currency-contradicts-amounts): the contract currency in the header, whatever the amounts say.
    const contradicts = faults.has('pricing-currency-contradicts-amounts');
    const header =
      ctx.variants.has('pricing-currency-header') || contradicts
        ? el('ProcessingInformation', { DecimalPlaces: format.decimals, PricingCurrency: contradicts ? 'USD' : format.currency })
        : '';
    return { content: header + infos.join('') };
  },
};

/** Fault child-priced-as-adult: the whole party in the adult category, at the adult unit price. */
function asAdults(qty: Map<string, number>, adult: number): { unit: Map<string, number>; qty: Map<string, number> } {
  return { unit: new Map([['10', adult]]), qty: new Map([['10', [...qty.values()].reduce((a, b) => a + b, 0)]]) };
}

function info(
  activity: Activity,
  activityService: ActivityService,
  hotel: string,
  { dates, season }: { dates: string[]; season: string[] },
  unit: Map<string, number>,
  qty: Map<string, number>,
  f: MoneyFormat,
  ctx: Ctx,
): string {
  const { variants, faults } = ctx;
  let total = 0;
  for (const [c, m] of unit) total += m * (qty.get(c) ?? 0);
  // The pickup's time on the first date; variant fixed-pickup-time: only descriptive data shows it.
  const pickupAt = variants.has('fixed-pickup-time') ? undefined : `${dates[0]}T${activity.schedule.pickupTime}:00`;
  const { location, pickup } = placeAndPickup(activity, hotel, variants, false, pickupAt);
  const policy = participantPolicy(activity, variants, true);
  // Mistake (availability-without-rates): no price at all, the request's ParticipantCount echoed.
  const rates = faults.has('availability-without-rates')
    ? [...qty].map(([c, n]) => el('ParticipantCount', { Quantity: n }, el('QualifierInfo', {}, c)))
    : pricing(unit, qty, total, f, variants);
  return el(
    'TourActivityInfo',
    {},
    basicInfo(activity, activityService),
    schedule(dates, variants, season),
    categoryAndType(activity),
    el('Description', {}, el('ShortDescription', {}, esc(activity.shortDescription))),
    location,
    rates,
    pickup,
    policy ? el('Policies', {}, policy) : '',
  );
}

/**
 * Pricing: the total and one ParticipantCategory per category (its unit price and quantity), or as
 * the variants write it: one entry per participant (participants-repeated), unit prices with the
 * party as a group (participants-group-size), unit prices and the total only
 * (prices-per-person-only), the currency only in ProcessingInformation (pricing-currency-header).
 */
function pricing(unit: Map<string, number>, qty: Map<string, number>, total: number, f: MoneyFormat, variants: Variants): string {
  const header = variants.has('pricing-currency-header');
  const money = (minor: number) =>
    header ? { Amount: fmtMinor(minor, f) } : { Amount: fmtMinor(minor, f), CurrencyCode: f.currency, DecimalPlaces: f.decimals };
  const size = [...qty.values()].reduce((x, y) => x + y, 0);
  const unitPrice = (c: string, m: number) => el('ParticipantCategory', {}, qualifierInfo(c, variants), el('Price', money(m)));
  if (variants.has('participants-repeated'))
    return el(
      'Pricing',
      {},
      el('Summary', money(total)),
      [...unit].flatMap(([c, m]) => Array.from({ length: qty.get(c) ?? 0 }, () => unitPrice(c, m))),
    );
  if (variants.has('participants-group-size'))
    return el(
      'Pricing',
      {},
      [...unit].map(([c, m]) => unitPrice(c, m)),
      el('Group', { GroupName: `Party of ${size}`, KnownGroupSize: size }, el('Price', money(total))),
    );
  if (variants.has('prices-per-person-only'))
    return el(
      'Pricing',
      {},
      el('Summary', money(total)),
      [...unit].map(([c, m]) => unitPrice(c, m)),
    );
  return el(
    'Pricing',
    {},
    el('Summary', money(total)),
    [...unit].map(([c, m]) => participantCategory(c, money(m), qty.get(c) ?? 0, variants)),
  );
}
