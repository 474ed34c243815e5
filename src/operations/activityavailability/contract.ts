// Activity availability (POST /activityavailability): everything the suite checks of its replies.
// "Returns available activities, their products and rates for given participants, location and
// dates." The reply structure is "not shown": each fact is read from the places OpenTravel 2016B
// (OTA_TourActivityAvailRS) and common practice give it; the spec's own request forms come last.
import { ReplyReader, notShown, type ReplyProfilePlaces } from '../../contracts/reader';
import { list, rule, type Check, type Exchange } from '../../contracts/rule';
import { describesNothing, servedRule } from '../../contracts/envelope';
import type { XNode } from '../../xml/xml';
import type { Contract } from '../contract';
import {
  activities,
  checkDates,
  checkFormOffered,
  checkOfferedFor,
  offeredForNeeds,
  offeredRule,
  checkProduct,
  type UnstatedForm,
  hotelOnlyRule,
} from '../../contracts/tour-activity';
import { decimalsOf, num } from '../../contracts/value-forms';
import { itemsOffered } from '../../contracts/items-offered';
import { amountOf, near, requestedCurrency, requestedMaximum, type Amount } from './amounts';
import {
  categoryCode as codeOfCategory,
  partyShown,
  partyText,
  requestedParty,
  type Count,
  type Party,
  type PartyShown,
} from './participants';
import { FACTS } from './facts';

export { FACTS } from './facts';

const regionOf = (exchange: Exchange, context: string) =>
  (exchange.request.value(`//ota:TourActivity/ota:Location[@Context='${context}']/ota:Region`) ?? '').trim();
const [requestedHotel, requestedProduct] = (['Source', 'Service'] as const).map((k) => (exchange: Exchange) => regionOf(exchange, k));

/** The AQC number of a category, from the first of its places that names one. */
export const categoryCode = (reply: ReplyReader, category: XNode): string | undefined => codeOfCategory(reply, FACTS, category);

/** The request forms the spec's table does not state (a hotel alone, a product alone), and the SHOULD that judges each. */
function unstated(exchange: Exchange): UnstatedForm | undefined {
  const hotel = requestedHotel(exchange);
  const product = requestedProduct(exchange);
  if (hotel && !product) return { is: 'a hotel and no product', judgedBy: 'AAV-HOTEL-ONLY' };
  if (product && !hotel) return { is: 'a product and no hotel', judgedBy: 'AAV-PRODUCT-ONLY' };
  return undefined;
}

/** Per-person prices of an option's categories, with their currency (OpenTravel prices per person, Method PerPerson); they are the categories' totals only when the option's total is the sum of their amounts, not of quantity x amount. */
function perPersonPrices(reply: ReplyReader, activity: XNode, categories: XNode[]): Amount[] {
  const rows = categories.map((n) => ({
    price: amountOf(reply, FACTS.price, FACTS.currency, n),
    qty: num(reply.value(FACTS.categoryQuantity, n)?.value),
  }));
  const total = amountOf(reply, FACTS.total, FACTS.currency, activity)?.value ?? NaN;
  const amount = (row: (typeof rows)[number]) => row.price?.value ?? NaN;
  const sumOfAmounts = rows.reduce((t, row) => t + amount(row), 0);
  const sumOfPrices = rows.reduce((t, row) => t + amount(row) * row.qty, 0);
  const totals = rows.every((row) => row.qty > 0 && !isNaN(amount(row))) && near(total, sumOfAmounts) && !near(total, sumOfPrices);
  return rows
    .filter((row) => row.price && !isNaN(row.price.value))
    .map((row) => ({ ...row.price!, value: totals ? row.price!.value / row.qty : row.price!.value }));
}

/**
 * The prices an availability reply shows, in the currency asked: every amount of every option
 * (totals included), and each option's dearest per-person price. The suite sets the MaximumPrice it
 * sends from them (./request.ts), never from a constant.
 */
export function pricesShown(exchange: Exchange, profile: ReplyProfilePlaces = {}): { amounts: number[]; dearestPerOption: number[] } {
  const doc = exchange.reply.doc;
  const currency = requestedCurrency(exchange);
  if (!doc || describesNothing(exchange)) return { amounts: [], dearestPerOption: [] };
  const reply = new ReplyReader(doc, profile);
  const inCurrency = (a: Amount) => !a.currency || a.currency === currency;
  const amounts: number[] = [];
  const dearestPerOption: number[] = [];
  for (const a of reply.items(FACTS.activity)) {
    for (const node of reply.nodes(FACTS.amount, a.node)?.value ?? []) {
      const amount = amountOf(reply, { ...FACTS.amount, places: ['@Amount'] }, FACTS.currency, node);
      if (amount && inCurrency(amount) && amount.value > 0) amounts.push(amount.value);
    }
    const categories = reply.nodes(FACTS.category, a.node)?.value ?? [];
    const prices = perPersonPrices(reply, a.node, categories).filter((p) => inCurrency(p) && p.value > 0);
    if (prices.length) dearestPerOption.push(Math.max(...prices.map((p) => p.value)));
  }
  return { amounts, dearestPerOption };
}

/** Content of an activity that may be a price in a place the suite does not know: an attribute or element named like one. */
const PRICE_LIKE =
  ".//@*[contains(local-name(),'Amount') or contains(local-name(),'Price') or contains(local-name(),'Rate') or contains(local-name(),'Charge')]" +
  " | .//*[contains(local-name(),'Amount') or contains(local-name(),'Price') or contains(local-name(),'Rate') or contains(local-name(),'Charge')]";

const nameOf = (n: XNode) => ('name' in n && typeof n.name === 'string' ? n.name.replace(/^.*:/, '') : '?');

/** The rates an option shows, and whether it shows none (a finding), or something that may be one (cannot tell). */
function checkRate(check: Check, reply: ReplyReader, a: { node: XNode; at: string; label: string }): boolean {
  if (reply.nodes(FACTS.amount, a.node)) return true;
  const other = reply.doc.find(PRICE_LIKE, a.node);
  if (other.length)
    check.cannotTell(
      `${notShown(reply, FACTS.amount, `activity ${a.label}`)}; it holds price-like content elsewhere (${list([...new Set(other.map(nameOf))].slice(0, 3))}): if that is its rate, name the place for "${FACTS.amount.id}" in OTA_REPLY_PROFILE`,
    );
  else
    check.fail(
      `${a.at}/ota:Pricing`,
      'a rate for the requested participants ("their products and rates")',
      'no amount anywhere in the activity',
    );
  return false;
}

export const contract: Contract = {
  op: 'activityavailability',
  facts: Object.values(FACTS),
  rules: [
    servedRule('AAV-SUCCESS', 'at least one activity is offered', (exchange, check, reply) => {
      itemsOffered(exchange, check, reply, FACTS.activity, 'at least one available activity');
    }),
    offeredRule(
      'AAV-LOCATION',
      'every activity offered is for the requested location',
      FACTS,
      unstated,
      (exchange, check, reply, corroboration) => {
        const hotel = requestedHotel(exchange);
        const product = requestedProduct(exchange);
        if (hotel) checkOfferedFor(exchange, check, reply, FACTS, hotel, corroboration);
        if (product) checkProduct(exchange, check, reply, FACTS, product);
        if (!hotel && !product) check.cannotTell('the request names neither a hotel nor a product');
      },
      (exchange, reply) => offeredForNeeds(reply, FACTS, requestedHotel(exchange)),
    ),
    offeredRule(
      'AAV-DATES',
      'every activity offered takes place within the requested period',
      FACTS,
      unstated,
      (exchange, check, reply) => {
        checkDates(
          exchange,
          check,
          reply,
          FACTS,
          exchange.request.value('//ota:Schedule/@StartPeriod'),
          exchange.request.value('//ota:Schedule/@EndPeriod'),
        );
      },
    ),
    // "rates for given participants": a rate, and the party it is for, counted as the spec counts
    // it (its size); the categories are AAV-CATEGORIES'.
    rule('AAV-PARTICIPANTS', 'every activity offered prices exactly the requested participants', (exchange, check, reply) => {
      const wanted = requestedParty(exchange);
      for (const a of activities(exchange, check, reply, FACTS)) {
        const rated = checkRate(check, reply, a);
        const shown = partyShown(reply, FACTS, a.node, wanted);
        const sizes = new Set(shown.counts.map((n) => n.size));
        const where = (n: Count) => `${n.size} (${n.how}, at ${a.at}/${n.at})`;
        if (sizes.size > 1)
          check.fail(`${a.at}/ota:Pricing`, 'one party size in every placement that shows it', shown.counts.map(where).join('; '));
        else if (sizes.size === 1 && !sizes.has(wanted.size))
          check.fail(`${a.at}/${shown.counts[0].at}`, `${wanted.size} participants (${partyText(wanted.byCode)})`, where(shown.counts[0]));
        else if (sizes.size === 0 && rated && !onePerCategoryOfOne(shown, wanted))
          check.cannotTell(
            `${shown.unreadable ?? `activity ${a.label} shows ${shown.categories ? `the categories ${list(shown.categories)} priced once each` : 'no participant category'}`}, ` +
              `but not how many participants its rate is for; looked at: ${[FACTS.categoryQuantity, FACTS.categoryAge, FACTS.groupSize, FACTS.total].map((f) => f.id).join(', ')}`,
          );
      }
    }),
    rule('AAV-CATEGORIES', 'every category is priced at its own rate', (exchange, check, reply) => {
      const wanted = requestedParty(exchange);
      for (const a of activities(exchange, check, reply, FACTS)) {
        const shown = partyShown(reply, FACTS, a.node, wanted);
        const byCode = shown.counts.find((n) => n.byCode && n.size === wanted.size);
        const codes = shown.categories;
        if (byCode) {
          if (partyText(byCode.byCode!) !== partyText(wanted.byCode))
            check.fail(
              `${a.at}/${byCode.at}`,
              `participants by category ${partyText(wanted.byCode)}`,
              `${partyText(byCode.byCode!)} (${byCode.how})`,
            );
        } else if (codes && codes.length === reply.nodes(FACTS.category, a.node)?.value.length) {
          const asked = [...wanted.byCode.keys()].sort().join(', ');
          if ([...codes].sort().join(', ') !== asked)
            check.fail(
              `${a.at}/${reply.nodes(FACTS.category, a.node)!.at}`,
              `a unit price for each category asked (${asked})`,
              list(codes),
            );
        } else
          check.cannotTell(
            `activity ${a.label} shows no count by category of the ${wanted.size} participants asked (${FACTS.categoryCode.id}, ${FACTS.categoryQuantity.id})`,
          );
      }
    }),
    hotelOnlyRule(
      'AAV-HOTEL-ONLY',
      'the activities of the requested hotel are offered',
      FACTS,
      { hotel: requestedHotel, product: requestedProduct },
      (hotel) => `activities of hotel ${hotel}`,
    ),
    rule('AAV-PRODUCT-ONLY', 'the activities of the requested product are offered', (exchange, check, reply) => {
      const product = requestedProduct(exchange);
      const form = { holds: !!product && !requestedHotel(exchange), is: 'a product and no hotel' };
      checkFormOffered(exchange, check, reply, FACTS, form, `activities of product ${product}`, () =>
        checkProduct(exchange, check, reply, FACTS, product),
      );
    }),
    // Amounts are compared only in one currency: a price in another currency than MaximumPrice's
    // is AAV-CURRENCY's finding, and no comparison here.
    rule('AAV-MAXPRICE', 'no per-person price exceeds MaximumPrice', (exchange, check, reply) => {
      const max = requestedMaximum(exchange);
      const currency = requestedCurrency(exchange);
      if (isNaN(max)) {
        check.cannotTell('the request carries no MaximumPrice');
        return;
      }
      for (const a of activities(exchange, check, reply, FACTS)) {
        const categories = reply.nodes(FACTS.category, a.node);
        const prices = categories ? perPersonPrices(reply, a.node, categories.value) : [];
        const comparable = prices.filter((p) => p.currency === currency);
        const other = prices.filter((p) => p.currency !== currency);
        if (prices.length === 0) check.cannotTell(notShown(reply, FACTS.price, `activity ${a.label}`));
        if (other.length)
          check.cannotTell(
            `activity ${a.label} prices in ${list([...new Set(other.map((p) => p.currency ?? 'an unstated currency'))])}, MaximumPrice is in ${currency}: amounts in two currencies are not compared`,
          );
        const over = comparable.filter((p) => p.value > max + 1e-9);
        if (over.length)
          check.fail(
            `${a.at}/${categories!.at}/${FACTS.price.places[0]}`,
            `at most ${max} ${currency} per person (MaximumPrice)`,
            list(over.map((p) => `${p.value} ${p.currency}`)),
          );
      }
    }),
    rule('AAV-CURRENCY', 'every amount is in the requested currency', (exchange, check, reply) => {
      const currency = requestedCurrency(exchange);
      if (!currency) {
        check.cannotTell('the request names no currency (MaximumPrice CurrencyCode)');
        return;
      }
      for (const a of activities(exchange, check, reply, FACTS)) {
        const amounts = reply.nodes(FACTS.amount, a.node);
        if (!amounts) check.cannotTell(notShown(reply, FACTS.amount, `activity ${a.label}`));
        for (const [i, el] of (amounts?.value ?? []).entries()) {
          const at = `${a.at}/${amounts!.at}[${i + 1}]`;
          const cur = reply.value(FACTS.currency, el);
          if (!cur) check.cannotTell(notShown(reply, FACTS.currency, at));
          else if (cur.value.trim().toUpperCase() !== currency)
            check.fail(`${at}/${cur.at}`, `${currency} (the MaximumPrice CurrencyCode asked)`, cur.value.trim());
        }
      }
    }),
    rule('AAV-DECIMALS', 'every amount is written with CurrencyDecimal decimals', (exchange, check, reply) => {
      const decimals = num(exchange.request.value('//ota:GuidelinePricing/ota:MaximumPrice/@CurrencyDecimal'));
      for (const a of activities(exchange, check, reply, FACTS)) {
        const amounts = reply.nodes(FACTS.amount, a.node);
        if (!amounts) check.cannotTell(notShown(reply, FACTS.amount, `activity ${a.label}`));
        for (const [i, el] of (amounts?.value ?? []).entries()) {
          const at = `${a.at}/${amounts!.at}[${i + 1}]`;
          const amount = reply.doc.find('@Amount', el)[0].content.trim();
          const places = reply.value(FACTS.decimalPlaces, el);
          if (places && num(places.value) !== decimals) check.fail(`${at}/${places.at}`, `${decimals} (CurrencyDecimal)`, places.value);
          // An amount without a point may be in minor units (OpenTravel DecimalPlaces); with one, its digits count.
          const written = amount.includes('.') || !places ? decimalsOf(amount) : decimals;
          if (!/^-?\d+(\.\d+)?$/.test(amount) || written !== decimals)
            check.fail(`${at}/@Amount`, `an amount with ${decimals} decimals (CurrencyDecimal)`, amount);
        }
      }
    }),
  ],
};

/** Every category asked is of one participant and shown once: a unit price for each is the rate of the party, read either way. */
function onePerCategoryOfOne(shown: PartyShown, wanted: Party): boolean {
  const codes = shown.categories ?? [];
  return (
    codes.length === wanted.byCode.size && [...wanted.byCode].every(([code, q]) => q === 1 && codes.filter((k) => k === code).length === 1)
  );
}
