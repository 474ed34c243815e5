// Activity availability (POST /activityavailability): everything the suite checks of its replies.
// "Returns available activities, their products and rates for given participants, location and
// dates." The reply structure is "not shown": each fact is read from the places OpenTravel 2016B
// (OTA_TourActivityAvailRS) and common practice give it; the spec's own request forms come last.
import { fact, ReplyReader, notShown, type ReplyProfilePlaces } from '../../contracts/reader';
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
  tourActivityFacts,
  type TourActivityNotShown,
  type UnstatedForm,
  SCHEDULE_FACTS,
} from '../../contracts/tour-activity';
import { CONSTRAINT_FACTS } from '../../contracts/booking-constraints';
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

const XSD = 'OTA_TourActivityAvailRS.xsd (2016B)';
const CATEGORY = `${XSD}: TourActivityInfo/Pricing/ParticipantCategory`;

/** What the rules conclude when the reply does not show one of the facts shared with the other tour activity operation. */
const NOT_SHOWN: TourActivityNotShown = {
  activity: 'No activity: AAV-SUCCESS, AAV-HOTEL-ONLY and AAV-PRODUCT-ONLY fail; the other rules cannot tell.',
  tourActivityId: 'The activity is labelled by its place in the reply. Discovery skips the option (not bookable).',
  product:
    "AAV-LOCATION and AAV-PRODUCT-ONLY cannot tell for that activity. Every place is compared: any of the activity's codes may be the product.",
  hotel:
    'The activity\'s area decides (next rows); not shown either: AAV-LOCATION and AAV-HOTEL-ONLY cannot tell for that activity. Every place is compared. Another hotel named (a pickup elsewhere) is no finding by itself: the spec says "for given ... location", so an activity of the hotel\'s area is offered for it; where the other hotel is, its hotel descriptive data says (corroboration, section 13).',
  area: "AAV-LOCATION judges the activity by the hotel it names, or by where that hotel is (its hotel descriptive data). Shown: it is for the requested hotel's location when a region or town matches the hotel's (its hotel descriptive data, the areas of activities at the hotel, `placeAliases`), or a country alone matches; another country or another place of the test data fails; anything else cannot tell.",
  country:
    "Another country than the requested hotel's (its hotel descriptive data, or the activities at the hotel) fails AAV-LOCATION; not shown: the area decides.",
  start: 'AAV-DATES cannot tell for that activity; discovery skips the option.',
};

export const FACTS = {
  ...tourActivityFacts('activityavailability', XSD, NOT_SHOWN),
  supplierProductCode: fact(
    'activityavailability.activity.supplierProductCode',
    'the SupplierProductCode of an activity',
    ['ota:BasicInfo/@SupplierProductCode'],
    `${XSD}: TourActivityInfo/BasicInfo/@SupplierProductCode (TourActivityID_Type)`,
    'Discovery uses the TourActivityID.',
  ),
  supplierServiceCode: fact(
    'activityavailability.activity.supplierServiceCode',
    'the SupplierServiceCode of an activity option',
    [
      'ota:BasicInfo/@SupplierServiceCode',
      'ota:BasicInfo/ota:TPA_Extensions/ota:SupplierService/@SupplierServiceCode',
      './/ota:TPA_Extensions//@SupplierServiceCode',
      './/ota:TPA_Extensions//ota:SupplierServiceCode',
    ],
    `not in 2016B: the spec's booking form (BasicInfo/@SupplierServiceCode), or an extension (TPA_Extensions, ${XSD})`,
    'Discovery uses the SupplierProductCode (or the TourActivityID).',
  ),
  end: fact(
    'activityavailability.activity.end',
    'the last date of an activity schedule',
    ['ota:Schedule/ota:Detail/@End', 'ota:Schedule/ota:Summary/@End'],
    `${XSD}: Schedule/Detail/@End, Schedule/Summary/@End (DateTimeSpanGroup)`,
    'Discovery does not bound its search for an operating weekday.',
  ),
  operationTime: SCHEDULE_FACTS.operationTime,
  duration: SCHEDULE_FACTS.duration,
  // What a booking must keep (read by discovery, and in activity descriptive data with these ids).
  ...CONSTRAINT_FACTS,
  category: fact(
    'activityavailability.activity.category',
    'a participant category priced',
    ['ota:Pricing/ota:ParticipantCategory', 'ota:ParticipantCount'],
    `${CATEGORY} (once per category with a unit price, or once per participant); the spec's request form ParticipantCount`,
    'AAV-PARTICIPANTS counts the party by the known group size or a total over unit prices; AAV-CATEGORIES and AAV-MAXPRICE cannot tell for that activity.',
  ),
  categoryCode: fact(
    'activityavailability.activity.category.code',
    'the code of a participant category (AQC number or AgeQualifyingEnum word)',
    ['ota:QualifierInfo', 'ota:QualifierInfo/@Extension', '@AgeQualifyingCode', '@QualifierInfo'],
    `${CATEGORY}/QualifierInfo (AgeQualifierType: text = AgeQualifyingEnum word, @Extension = a code known to partners); ` +
      'the spec writes the numeric code as QualifierInfo text',
    'The first place whose value is an AQC number or an AgeQualifyingEnum word (any case) gives the code; without one AAV-CATEGORIES cannot tell (the party is still counted).',
  ),
  categoryQuantity: fact(
    'activityavailability.activity.category.quantity',
    'the number of participants of a category priced',
    // Not any Quantity under TPA_Extensions: a vendor's own (seats left) is no party size.
    ['@Quantity', 'ota:TPA_Extensions/ota:ParticipantCount/@Quantity', 'ota:QualifierInfo/@Quantity'],
    `not in 2016B's ParticipantCategory: the spec's ParticipantCount/@Quantity form, or an extension (${CATEGORY}/TPA_Extensions)`,
    'Categories without a quantity are one entry per participant when a code repeats or each carries an Age (category.age); otherwise one per category with a unit price, counted by the group size or the total (AAV-PARTICIPANTS). Some with a quantity and some without: AAV-PARTICIPANTS cannot tell from them.',
    'number',
  ),
  categoryAge: fact(
    'activityavailability.activity.category.age',
    'the age of the participant a category entry prices',
    ['@Age'],
    `${CATEGORY}/@Age ("This is used to specify a participant age in years")`,
    'Entries with an Age each price one participant; without it, a repeated code says the same.',
  ),
  groupSize: fact(
    'activityavailability.activity.groupSize',
    'the number of participants a group price is for',
    ['ota:Pricing/ota:Group/@KnownGroupSize'],
    `${XSD}: TourActivityInfo/Pricing/Group/@KnownGroupSize ("The actual quantity of participants in a group")`,
    'AAV-PARTICIPANTS counts the party by the categories or a total over unit prices.',
  ),
  price: fact(
    'activityavailability.activity.category.price',
    'the price of a participant category (per person)',
    ['ota:Price/@Amount'],
    `${CATEGORY}/Price/@Amount (TourActivityChargeType)`,
    'AAV-MAXPRICE cannot tell for that activity; AAV-PARTICIPANTS reads no count from a total.',
  ),
  total: fact(
    'activityavailability.activity.total',
    'the total price of an activity option',
    ['ota:Pricing/ota:Summary/@Amount', 'ota:Pricing/ota:Group/ota:Price/@Amount'],
    `${XSD}: TourActivityInfo/Pricing/Summary/@Amount, Pricing/Group/Price/@Amount (TourActivityChargeType)`,
    'AAV-MAXPRICE takes the category amounts as per person (they are category totals only when the total equals their sum); AAV-PARTICIPANTS reads no count from a total.',
  ),
  amount: fact(
    'activityavailability.activity.amount',
    'an amount of an activity option (an element with @Amount)',
    ['ota:Pricing//*[@Amount]'],
    `${XSD}: TourActivityInfo/Pricing (Summary, ParticipantCategory/Price, Group/Price: TourActivityChargeType)`,
    'No rate: AAV-PARTICIPANTS fails ("their products and rates"), unless the activity holds price-like content elsewhere (cannot tell, name the place); AAV-CURRENCY and AAV-DECIMALS cannot tell.',
  ),
  currency: fact(
    'activityavailability.activity.amount.currency',
    'the currency of an amount',
    ['@CurrencyCode', '/*/ota:ProcessingInformation/@PricingCurrency'],
    `${XSD}: TourActivityChargeType/@CurrencyCode (CurrencyAmountGroup); ProcessingInformation/@PricingCurrency`,
    'AAV-CURRENCY cannot tell; AAV-MAXPRICE and AAV-PARTICIPANTS compare no amount in an unstated currency with one in a stated currency.',
    'code',
  ),
  decimalPlaces: fact(
    'activityavailability.activity.amount.decimalPlaces',
    'the decimal places of an amount',
    ['@DecimalPlaces', '/*/ota:ProcessingInformation/@DecimalPlaces'],
    `${XSD}: TourActivityChargeType/@DecimalPlaces (ISO 4217 minor unit); ProcessingInformation/@DecimalPlaces`,
    'The decimals written in the amount are compared with CurrencyDecimal (an amount without a point and with DecimalPlaces is in minor units).',
    'number',
  ),
};

const regionOf = (x: Exchange, context: string) =>
  (x.request.value(`//ota:TourActivity/ota:Location[@Context='${context}']/ota:Region`) ?? '').trim();
const [requestedHotel, requestedProduct] = (['Source', 'Service'] as const).map((k) => (x: Exchange) => regionOf(x, k));

/** The AQC number of a category, from the first of its places that names one. */
export const categoryCode = (r: ReplyReader, category: XNode): string | undefined => codeOfCategory(r, FACTS, category);

/** The request forms the spec's table does not state (a hotel alone, a product alone), and the SHOULD that judges each. */
function unstated(x: Exchange): UnstatedForm | undefined {
  const hotel = requestedHotel(x);
  const product = requestedProduct(x);
  if (hotel && !product) return { is: 'a hotel and no product', judgedBy: 'AAV-HOTEL-ONLY' };
  if (product && !hotel) return { is: 'a product and no hotel', judgedBy: 'AAV-PRODUCT-ONLY' };
  return undefined;
}

/** Per-person prices of an option's categories, with their currency (OpenTravel prices per person, Method PerPerson); they are the categories' totals only when the option's total is the sum of their amounts, not of quantity x amount. */
function perPersonPrices(r: ReplyReader, activity: XNode, categories: XNode[]): Amount[] {
  const rows = categories.map((n) => ({
    price: amountOf(r, FACTS.price, FACTS.currency, n),
    qty: num(r.value(FACTS.categoryQuantity, n)?.value),
  }));
  const total = amountOf(r, FACTS.total, FACTS.currency, activity)?.value ?? NaN;
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
export function pricesShown(x: Exchange, profile: ReplyProfilePlaces = {}): { amounts: number[]; dearestPerOption: number[] } {
  const doc = x.reply.doc;
  const currency = requestedCurrency(x);
  if (!doc || describesNothing(x)) return { amounts: [], dearestPerOption: [] };
  const r = new ReplyReader(doc, profile);
  const inCurrency = (a: Amount) => !a.currency || a.currency === currency;
  const amounts: number[] = [];
  const dearestPerOption: number[] = [];
  for (const a of r.items(FACTS.activity)) {
    for (const n of r.nodes(FACTS.amount, a.node)?.value ?? []) {
      const amount = amountOf(r, { ...FACTS.amount, places: ['@Amount'] }, FACTS.currency, n);
      if (amount && inCurrency(amount) && amount.value > 0) amounts.push(amount.value);
    }
    const categories = r.nodes(FACTS.category, a.node)?.value ?? [];
    const prices = perPersonPrices(r, a.node, categories).filter((p) => inCurrency(p) && p.value > 0);
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
function checkRate(c: Check, r: ReplyReader, a: { node: XNode; at: string; label: string }): boolean {
  if (r.nodes(FACTS.amount, a.node)) return true;
  const other = r.doc.find(PRICE_LIKE, a.node);
  if (other.length)
    c.cannotTell(
      `${notShown(r, FACTS.amount, `activity ${a.label}`)}; it holds price-like content elsewhere (${list([...new Set(other.map(nameOf))].slice(0, 3))}): if that is its rate, name the place for "${FACTS.amount.id}" in OTA_REPLY_PROFILE`,
    );
  else
    c.fail(
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
    servedRule('AAV-SUCCESS', 'at least one activity is offered', (x, c, r) => {
      itemsOffered(x, c, r, FACTS.activity, 'at least one available activity');
    }),
    offeredRule(
      'AAV-LOCATION',
      'every activity offered is for the requested location',
      FACTS,
      unstated,
      (x, c, r, more) => {
        const hotel = requestedHotel(x);
        const product = requestedProduct(x);
        if (hotel) checkOfferedFor(x, c, r, FACTS, hotel, more);
        if (product) checkProduct(x, c, r, FACTS, product);
        if (!hotel && !product) c.cannotTell('the request names neither a hotel nor a product');
      },
      (x, r) => offeredForNeeds(r, FACTS, requestedHotel(x)),
    ),
    offeredRule('AAV-DATES', 'every activity offered takes place within the requested period', FACTS, unstated, (x, c, r) => {
      checkDates(x, c, r, FACTS, x.request.value('//ota:Schedule/@StartPeriod'), x.request.value('//ota:Schedule/@EndPeriod'));
    }),
    // "rates for given participants": a rate, and the party it is for, counted as the spec counts
    // it (its size); the categories are AAV-CATEGORIES'.
    rule('AAV-PARTICIPANTS', 'every activity offered prices exactly the requested participants', (x, c, r) => {
      const wanted = requestedParty(x);
      for (const a of activities(x, c, r, FACTS)) {
        const rated = checkRate(c, r, a);
        const shown = partyShown(r, FACTS, a.node, wanted);
        const sizes = new Set(shown.counts.map((n) => n.size));
        const where = (n: Count) => `${n.size} (${n.how}, at ${a.at}/${n.at})`;
        if (sizes.size > 1)
          c.fail(`${a.at}/ota:Pricing`, 'one party size in every placement that shows it', shown.counts.map(where).join('; '));
        else if (sizes.size === 1 && !sizes.has(wanted.size))
          c.fail(`${a.at}/${shown.counts[0].at}`, `${wanted.size} participants (${partyText(wanted.byCode)})`, where(shown.counts[0]));
        else if (sizes.size === 0 && rated && !onePerCategoryOfOne(shown, wanted))
          c.cannotTell(
            `${shown.unreadable ?? `activity ${a.label} shows ${shown.categories ? `the categories ${list(shown.categories)} priced once each` : 'no participant category'}`}, ` +
              `but not how many participants its rate is for; looked at: ${[FACTS.categoryQuantity, FACTS.categoryAge, FACTS.groupSize, FACTS.total].map((f) => f.id).join(', ')}`,
          );
      }
    }),
    rule('AAV-CATEGORIES', 'every category is priced at its own rate', (x, c, r) => {
      const wanted = requestedParty(x);
      for (const a of activities(x, c, r, FACTS)) {
        const shown = partyShown(r, FACTS, a.node, wanted);
        const byCode = shown.counts.find((n) => n.byCode && n.size === wanted.size);
        const codes = shown.categories;
        if (byCode) {
          if (partyText(byCode.byCode!) !== partyText(wanted.byCode))
            c.fail(
              `${a.at}/${byCode.at}`,
              `participants by category ${partyText(wanted.byCode)}`,
              `${partyText(byCode.byCode!)} (${byCode.how})`,
            );
        } else if (codes && codes.length === r.nodes(FACTS.category, a.node)?.value.length) {
          const asked = [...wanted.byCode.keys()].sort().join(', ');
          if ([...codes].sort().join(', ') !== asked)
            c.fail(`${a.at}/${r.nodes(FACTS.category, a.node)!.at}`, `a unit price for each category asked (${asked})`, list(codes));
        } else
          c.cannotTell(
            `activity ${a.label} shows no count by category of the ${wanted.size} participants asked (${FACTS.categoryCode.id}, ${FACTS.categoryQuantity.id})`,
          );
      }
    }),
    rule(
      'AAV-HOTEL-ONLY',
      'the activities of the requested hotel are offered',
      (x, c, r, more) => {
        const hotel = requestedHotel(x);
        const form = { holds: !!hotel && !requestedProduct(x), is: 'a hotel and no product' };
        checkFormOffered(x, c, r, FACTS, form, `activities of hotel ${hotel}`, () => checkOfferedFor(x, c, r, FACTS, hotel, more));
      },
      (x, r) => offeredForNeeds(r, FACTS, requestedHotel(x)),
    ),
    rule('AAV-PRODUCT-ONLY', 'the activities of the requested product are offered', (x, c, r) => {
      const product = requestedProduct(x);
      const form = { holds: !!product && !requestedHotel(x), is: 'a product and no hotel' };
      checkFormOffered(x, c, r, FACTS, form, `activities of product ${product}`, () => checkProduct(x, c, r, FACTS, product));
    }),
    // Amounts are compared only in one currency: a price in another currency than MaximumPrice's
    // is AAV-CURRENCY's finding, and no comparison here.
    rule('AAV-MAXPRICE', 'no per-person price exceeds MaximumPrice', (x, c, r) => {
      const max = requestedMaximum(x);
      const currency = requestedCurrency(x);
      if (isNaN(max)) {
        c.cannotTell('the request carries no MaximumPrice');
        return;
      }
      for (const a of activities(x, c, r, FACTS)) {
        const categories = r.nodes(FACTS.category, a.node);
        const prices = categories ? perPersonPrices(r, a.node, categories.value) : [];
        const comparable = prices.filter((p) => p.currency === currency);
        const other = prices.filter((p) => p.currency !== currency);
        if (prices.length === 0) c.cannotTell(notShown(r, FACTS.price, `activity ${a.label}`));
        if (other.length)
          c.cannotTell(
            `activity ${a.label} prices in ${list([...new Set(other.map((p) => p.currency ?? 'an unstated currency'))])}, MaximumPrice is in ${currency}: amounts in two currencies are not compared`,
          );
        const over = comparable.filter((p) => p.value > max + 1e-9);
        if (over.length)
          c.fail(
            `${a.at}/${categories!.at}/${FACTS.price.places[0]}`,
            `at most ${max} ${currency} per person (MaximumPrice)`,
            list(over.map((p) => `${p.value} ${p.currency}`)),
          );
      }
    }),
    rule('AAV-CURRENCY', 'every amount is in the requested currency', (x, c, r) => {
      const currency = requestedCurrency(x);
      if (!currency) {
        c.cannotTell('the request names no currency (MaximumPrice CurrencyCode)');
        return;
      }
      for (const a of activities(x, c, r, FACTS)) {
        const amounts = r.nodes(FACTS.amount, a.node);
        if (!amounts) c.cannotTell(notShown(r, FACTS.amount, `activity ${a.label}`));
        for (const [i, el] of (amounts?.value ?? []).entries()) {
          const at = `${a.at}/${amounts!.at}[${i + 1}]`;
          const cur = r.value(FACTS.currency, el);
          if (!cur) c.cannotTell(notShown(r, FACTS.currency, at));
          else if (cur.value.trim().toUpperCase() !== currency)
            c.fail(`${at}/${cur.at}`, `${currency} (the MaximumPrice CurrencyCode asked)`, cur.value.trim());
        }
      }
    }),
    rule('AAV-DECIMALS', 'every amount is written with CurrencyDecimal decimals', (x, c, r) => {
      const decimals = num(x.request.value('//ota:GuidelinePricing/ota:MaximumPrice/@CurrencyDecimal'));
      for (const a of activities(x, c, r, FACTS)) {
        const amounts = r.nodes(FACTS.amount, a.node);
        if (!amounts) c.cannotTell(notShown(r, FACTS.amount, `activity ${a.label}`));
        for (const [i, el] of (amounts?.value ?? []).entries()) {
          const at = `${a.at}/${amounts!.at}[${i + 1}]`;
          const amount = r.doc.find('@Amount', el)[0].content.trim();
          const places = r.value(FACTS.decimalPlaces, el);
          if (places && num(places.value) !== decimals) c.fail(`${at}/${places.at}`, `${decimals} (CurrencyDecimal)`, places.value);
          // An amount without a point may be in minor units (OpenTravel DecimalPlaces); with one, its digits count.
          const written = amount.includes('.') || !places ? decimalsOf(amount) : decimals;
          if (!/^-?\d+(\.\d+)?$/.test(amount) || written !== decimals)
            c.fail(`${at}/@Amount`, `an amount with ${decimals} decimals (CurrencyDecimal)`, amount);
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
