// Activity availability requests (POST /activityavailability): the edits scenarios make to the
// sample, and the MaximumPrice the suite sends (from the currency's minor unit and the prices the
// gateway showed, never a constant a gateway may not honour).
import { categoriesOf, type OtaRequest } from '../../xml/requests';
import type { Party } from '../../core/test-data';

const TOUR = 'ota:TourActivity';
const PARTICIPANT_COUNT = `${TOUR}/ota:ParticipantCount`;
const MAXIMUM_PRICE = `${TOUR}/ota:MultimodalOffer/ota:RequestedOffer/ota:GuidelinePricing/ota:MaximumPrice`;

/** One ParticipantCount per category: "ParticipantCount | Quantity (integer); child QualifierInfo (text: category code)". */
export function setParty(request: OtaRequest, party: Party): OtaRequest {
  const categories = categoriesOf(party);
  request.replaceWithCopies(
    PARTICIPANT_COUNT,
    categories.map((c) => `${PARTICIPANT_COUNT}[normalize-space(ota:QualifierInfo)='${c.code}']`),
  );
  categories.forEach((c, i) => request.setAttribute(`${PARTICIPANT_COUNT}[${i + 1}]`, 'Quantity', c.count));
  return request;
}

/** Only the hotel is named (Location Context=Source): no product. */
export const setHotelOnly = (r: OtaRequest) => r.remove(`${TOUR}/ota:Location[@Context='Service']`);

/** Only the product is named (Location Context=Service): no hotel. */
export const setProductOnly = (r: OtaRequest) => r.remove(`${TOUR}/ota:Location[@Context='Source']`);

/** "MaximumPrice | Amount (number), CurrencyCode (currency code), CurrencyDecimal (integer, number of decimals)". */
export function setMaximumPrice(request: OtaRequest, price: { amount: string; currency: string; decimals: number }): OtaRequest {
  return request
    .setAttribute(MAXIMUM_PRICE, 'Amount', price.amount)
    .setAttribute(MAXIMUM_PRICE, 'CurrencyCode', price.currency)
    .setAttribute(MAXIMUM_PRICE, 'CurrencyDecimal', price.decimals);
}

/**
 * The ISO 4217 minor unit of a currency (JPY and ISK 0, EUR 2, KWD 3), as the platform's Intl
 * knows it; 2 for a code it does not know (ISO 4217's most common unit).
 */
export function minorUnit(currency: string): number {
  let unit = minorUnits.get(currency);
  if (unit === undefined) {
    try {
      unit = new Intl.NumberFormat('en', { style: 'currency', currency: currency.trim() }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      unit = 2;
    }
    if (minorUnits.size < 1000) minorUnits.set(currency, unit); // codes a reply names: bounded
  }
  return unit;
}
/** Per code asked: a NumberFormat costs about a millisecond to build, and every amount written asks. */
const minorUnits = new Map<string, number>();

/** An amount written with exactly `decimals` decimals, rounded up to them: "1000", "1000.00", "45.50". */
export const writeAmount = (value: number, decimals: number) =>
  (Math.ceil(value * 10 ** decimals - 1e-6) / 10 ** decimals).toFixed(decimals);

/**
 * The bound every request carries unless its scenario tests the bound: ten million units of the
 * currency, which bounds nothing (an activity dearer than that in any currency is unheard of),
 * written in its minor unit; never 1000, which bounds away everything in yen. A scenario that tests
 * the bound sets it from the prices the gateway showed (priceBounds).
 */
export const OPEN_BOUND = 10_000_000;

/** The MaximumPrice amounts the suite sends, in whole units of the currency, from the prices shown. */
export interface PriceBounds {
  /** A bound above every amount shown (twice the dearest, rounded up): it keeps every option shown. */
  above: number;
  /** A bound within the per-person prices: the cheapest option's dearest per-person price; undefined when none was shown. */
  within?: number;
  /** What the bounds come from, for the evidence: "per-person prices 45, 129 EUR", or why none. */
  from: string;
}

/**
 * Bounds from what availability showed (in the currency asked): above every amount, and within
 * the per-person prices so that at least the cheapest option stays and a dearer one must go. No
 * price shown: the open bound, and no bound within (the scenario that needs one cannot tell).
 */
export function priceBounds(shown: { amounts: number[]; dearestPerOption: number[] }, currency: string, why?: string): PriceBounds {
  if (shown.amounts.length === 0)
    return { above: OPEN_BOUND, from: `no price in ${currency} was shown${why ? ` (${why})` : ''}: the open bound ${OPEN_BOUND}` };
  const within = shown.dearestPerOption.length ? Math.min(...shown.dearestPerOption) : undefined;
  const sorted = [...new Set(shown.dearestPerOption)].sort((a, b) => a - b);
  return {
    above: Math.ceil(2 * Math.max(...shown.amounts)),
    within,
    from: `the prices activity availability showed in ${currency} (amounts up to ${Math.max(...shown.amounts)}; dearest per-person price of each option: ${sorted.join(', ') || 'none'})`,
  };
}

/** One ParticipantCount per category of any code (copies of the sample's first): what an exploration sends. */
export function setCategories(request: OtaRequest, categories: ReadonlyArray<{ code: string; count: number }>): OtaRequest {
  request.replaceWithCopies(
    PARTICIPANT_COUNT,
    categories.map(() => `${PARTICIPANT_COUNT}[1]`),
  );
  categories.forEach((c, i) =>
    request
      .setAttribute(`${PARTICIPANT_COUNT}[${i + 1}]`, 'Quantity', c.count)
      .setText(`${PARTICIPANT_COUNT}[${i + 1}]/ota:QualifierInfo`, c.code),
  );
  return request;
}
