// Amounts of activity availability replies: read in major units, each with the currency it is in.
// "MaximumPrice | Amount (number), CurrencyCode (currency code), CurrencyDecimal (integer, number
// of decimals)": amounts are compared only when they are in one currency: amounts in two cannot be ordered.
import type { Fact, ReplyReader } from '../../contracts/reader';
import type { Exchange } from '../../contracts/rule';
import type { XNode } from '../../xml/xml';
import { num } from '../../contracts/value-forms';

/** An amount as the reply shows it: in major units, where, and in which currency (when it says). */
export interface Amount {
  value: number;
  /** The @Amount node's place, for findings. */
  written: string;
  currency?: string;
}

const MAXIMUM_PRICE = '//ota:TourActivity/ota:MultimodalOffer/ota:RequestedOffer/ota:GuidelinePricing/ota:MaximumPrice';

/** The currency the request asks for (MaximumPrice CurrencyCode), upper case; undefined without one. */
export function requestedCurrency(exchange: Exchange): string | undefined {
  return exchange.request.value(`${MAXIMUM_PRICE}/@CurrencyCode`)?.trim().toUpperCase() || undefined;
}

/** The MaximumPrice Amount the request carries (NaN without one). */
export const requestedMaximum = (exchange: Exchange) => num(exchange.request.value(`${MAXIMUM_PRICE}/@Amount`));

/**
 * An amount node (an @Amount) in major units. OpenTravel's DecimalPlaces is the ISO 4217 minor
 * unit: an amount written without a decimal point beside DecimalPlaces="2" is in cents ("4500" is
 * 45.00); one with a point is as written.
 */
export function inMajorUnits(reply: ReplyReader, amount: XNode): number {
  const value = amount.content.trim();
  const places = num(reply.doc.find('../@DecimalPlaces', amount)[0]?.content);
  return !value.includes('.') && places > 0 ? num(value) / 10 ** places : num(value);
}

/**
 * The amount a fact shows within `within` (its first place), with its currency: the `currency`
 * fact read from the element that carries the amount (its @CurrencyCode, or the reply's
 * ProcessingInformation/@PricingCurrency). Undefined when the fact is not shown.
 */
export function amountOf(reply: ReplyReader, fact: Fact, currency: Fact, within: XNode): Amount | undefined {
  const found = reply.nodes(fact, within);
  const node = found?.value[0];
  if (!found || !node) return undefined;
  const carrier = reply.doc.find('..', node)[0];
  return {
    value: inMajorUnits(reply, node),
    written: found.at,
    currency: carrier && reply.value(currency, carrier)?.value.trim().toUpperCase(),
  };
}

/** Two amounts are the same money when they differ by less than half a cent (rounding of a written amount). */
export const near = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** Whether amounts can be compared: every one in the same currency (an unstated one is not the same as a stated one). */
export function oneCurrency(amounts: ReadonlyArray<Pick<Amount, 'currency'>>): boolean {
  return new Set(amounts.map((a) => a.currency ?? '(unstated)')).size <= 1;
}
