// Activity availability (POST /activityavailability): everything the suite checks of its replies.
// "Returns available activities, their products and rates for given participants, location and
// dates." The reply structure is "not shown": each fact is read from the places OpenTravel 2016B
// (OTA_TourActivityAvailRS) and common practice give it; the spec's own request forms come last.
import { fact, type Fact, type ReplyReader, notShown, firstAccepted } from '../../contracts/reader';
import { list, rule, type Exchange } from '../../contracts/rule';
import { checkServed } from '../../contracts/envelope';
import type { XNode } from '../../xml/xml';
import type { Contract } from '../contract';
import {
  activities,
  checkDates,
  checkFormOffered,
  checkOfferedFor,
  offeredForNeeds,
  checkProduct,
  tourActivityFacts,
  type TourActivityNotShown,
  SCHEDULE_FACTS,
} from '../../contracts/tour-activity';
import { ageQualifyingCode, countsText } from '../../contracts/categories';
import { CONSTRAINT_FACTS } from '../../contracts/booking-constraints';
import { decimalsOf, num } from '../../contracts/value-forms';
import { itemsOffered } from '../../contracts/items-offered';

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
    `${CATEGORY} (one per category); the spec's request form ParticipantCount`,
    'AAV-PARTICIPANTS and AAV-MAXPRICE cannot tell for that activity.',
  ),
  categoryCode: fact(
    'activityavailability.activity.category.code',
    'the code of a participant category (AQC number or AgeQualifyingEnum word)',
    ['ota:QualifierInfo', 'ota:QualifierInfo/@Extension', '@AgeQualifyingCode', '@QualifierInfo'],
    `${CATEGORY}/QualifierInfo (AgeQualifierType: text = AgeQualifyingEnum word, @Extension = a code known to partners); ` +
      'the spec writes the numeric code as QualifierInfo text',
    'The first place whose value is an AQC number or an AgeQualifyingEnum word (any case) gives the code; without one AAV-PARTICIPANTS cannot tell.',
  ),
  categoryQuantity: fact(
    'activityavailability.activity.category.quantity',
    'the number of participants of a category priced',
    // Not any Quantity under TPA_Extensions: a vendor's own (seats left) is no party size.
    ['@Quantity', 'ota:TPA_Extensions/ota:ParticipantCount/@Quantity', 'ota:QualifierInfo/@Quantity'],
    `not in 2016B's ParticipantCategory: the spec's ParticipantCount/@Quantity form, or an extension (${CATEGORY}/TPA_Extensions)`,
    'AAV-PARTICIPANTS cannot tell for that activity; AAV-MAXPRICE takes the amounts as per person.',
  ),
  price: fact(
    'activityavailability.activity.category.price',
    'the price of a participant category (per person)',
    ['ota:Price/@Amount'],
    `${CATEGORY}/Price/@Amount (TourActivityChargeType)`,
    'AAV-MAXPRICE cannot tell for that activity.',
  ),
  total: fact(
    'activityavailability.activity.total',
    'the total price of an activity option',
    ['ota:Pricing/ota:Summary/@Amount'],
    `${XSD}: TourActivityInfo/Pricing/Summary/@Amount`,
    'AAV-MAXPRICE takes the category amounts as per person (they are category totals only when the Summary equals their sum).',
  ),
  amount: fact(
    'activityavailability.activity.amount',
    'an amount of an activity option (an element with @Amount)',
    ['ota:Pricing//*[@Amount]'],
    `${XSD}: TourActivityInfo/Pricing (Summary, ParticipantCategory/Price, Group/Price: TourActivityChargeType)`,
    'AAV-DECIMALS cannot tell for that activity.',
  ),
  currency: fact(
    'activityavailability.activity.amount.currency',
    'the currency of an amount',
    ['@CurrencyCode', '/*/ota:ProcessingInformation/@PricingCurrency'],
    `${XSD}: TourActivityChargeType/@CurrencyCode (CurrencyAmountGroup); ProcessingInformation/@PricingCurrency`,
    'AAV-DECIMALS cannot tell the currency of that amount.',
  ),
  decimalPlaces: fact(
    'activityavailability.activity.amount.decimalPlaces',
    'the decimal places of an amount',
    ['@DecimalPlaces', '/*/ota:ProcessingInformation/@DecimalPlaces'],
    `${XSD}: TourActivityChargeType/@DecimalPlaces (ISO 4217 minor unit); ProcessingInformation/@DecimalPlaces`,
    'The decimals written in the amount are compared with CurrencyDecimal (an amount without a point and with DecimalPlaces is in minor units).',
  ),
};

const regionOf = (x: Exchange, context: string) =>
  (x.request.value(`//ota:TourActivity/ota:Location[@Context='${context}']/ota:Region`) ?? '').trim();
const requestedHotel = (x: Exchange) => regionOf(x, 'Source');
const requestedProduct = (x: Exchange) => regionOf(x, 'Service');

/** The AQC number of a category, from the first of its places that names one. */
export function categoryCode(r: ReplyReader, category: XNode): string | undefined {
  return ageQualifyingCode(firstAccepted(r, FACTS.categoryCode, (v) => !!ageQualifyingCode(v), category)?.value[0]);
}

/**
 * Per-person prices of an option's categories. OpenTravel prices per person (the request's
 * GuidelinePricing Method PerPerson); only when the option's Summary equals the sum of the
 * categories' amounts (and not the sum of quantity x amount) are they the categories' totals.
 */
/**
 * An amount in major units. OpenTravel's DecimalPlaces is the ISO 4217 minor unit: an amount
 * written without a decimal point beside DecimalPlaces="2" is in cents ("4500" is 45.00); one with
 * a point is as written.
 */
function majorUnits(r: ReplyReader, f: Fact, within: XNode): number {
  const at = r.nodes(f, within)?.value[0];
  const v = at?.content.trim() ?? '';
  const places = at ? num(r.doc.find('../@DecimalPlaces', at)[0]?.content) : NaN;
  return !v.includes('.') && places > 0 ? num(v) / 10 ** places : num(v);
}

function perPersonPrices(r: ReplyReader, activity: XNode, categories: XNode[]): number[] {
  const rows = categories.map((n) => ({
    amount: majorUnits(r, FACTS.price, n),
    qty: num(r.value(FACTS.categoryQuantity, n)?.value),
  }));
  const total = majorUnits(r, FACTS.total, activity);
  const near = (a: number, b: number) => Math.abs(a - b) < 0.005;
  const sumOfAmounts = rows.reduce((t, row) => t + row.amount, 0);
  const sumOfPrices = rows.reduce((t, row) => t + row.amount * row.qty, 0);
  const totals = rows.every((row) => row.qty > 0 && !isNaN(row.amount)) && near(total, sumOfAmounts) && !near(total, sumOfPrices);
  return rows.map((row) => (totals ? row.amount / row.qty : row.amount)).filter((v) => !isNaN(v));
}

export const contract: Contract = {
  op: 'activityavailability',
  facts: Object.values(FACTS),
  rules: [
    rule('AAV-SUCCESS', 'at least one activity is offered', (x, c, r) => {
      if (checkServed(x, c)) itemsOffered(x, c, r, FACTS.activity, 'at least one available activity');
    }),
    rule(
      'AAV-LOCATION',
      'every activity offered is at the requested hotel and product',
      (x, c, r, more) => {
        const hotel = requestedHotel(x);
        const product = requestedProduct(x);
        if (hotel) checkOfferedFor(x, c, r, FACTS, hotel, more);
        if (product) checkProduct(x, c, r, FACTS, product);
        if (!hotel && !product) c.cannotTell('the request names neither a hotel nor a product');
      },
      (x, r) => offeredForNeeds(r, FACTS, requestedHotel(x)),
    ),
    rule('AAV-DATES', 'every activity offered takes place within the requested period', (x, c, r) => {
      checkDates(x, c, r, FACTS, x.request.value('//ota:Schedule/@StartPeriod'), x.request.value('//ota:Schedule/@EndPeriod'));
    }),
    rule('AAV-PARTICIPANTS', 'every activity offered prices exactly the requested participants', (x, c, r) => {
      const asked = x.request.records('//ota:TourActivity/ota:ParticipantCount', { code: 'ota:QualifierInfo', qty: '@Quantity' });
      const wanted = countsText(asked.map((p) => [ageQualifyingCode(p.code) ?? p.code, p.qty]));
      for (const a of activities(x, c, r, FACTS)) {
        const categories = r.nodes(FACTS.category, a.node);
        // 2016B's ParticipantCategory has no quantity: an entry per participant (each with its Age)
        // counts one.
        const perParticipant = !!categories?.value.every((n) => r.doc.find('@Age', n).length > 0);
        const priced = categories?.value.map((n) => ({
          code: categoryCode(r, n),
          qty: r.value(FACTS.categoryQuantity, n)?.value ?? (perParticipant ? '1' : undefined),
        }));
        if (!categories || !priced) c.cannotTell(notShown(r, FACTS.category, `activity ${a.label}`));
        else if (priced.some((p) => !p.code || p.qty === undefined))
          c.cannotTell(
            `the reply does not show ${FACTS.categoryCode.what} and ${FACTS.categoryQuantity.what} of every category: activity ${a.label}`,
          );
        else {
          const got = countsText(priced.map((p) => [p.code, p.qty]));
          if (got !== wanted) c.fail(`${a.at}/${categories.at}`, `participants by category ${wanted}`, got);
        }
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
    rule('AAV-MAXPRICE', 'no per-person price exceeds MaximumPrice', (x, c, r) => {
      const max = num(x.request.value('//ota:GuidelinePricing/ota:MaximumPrice/@Amount'));
      if (isNaN(max)) {
        c.cannotTell('the request carries no MaximumPrice');
        return;
      }
      for (const a of activities(x, c, r, FACTS)) {
        const categories = r.nodes(FACTS.category, a.node);
        const prices = categories ? perPersonPrices(r, a.node, categories.value) : [];
        if (prices.length === 0) c.cannotTell(notShown(r, FACTS.price, `activity ${a.label}`));
        const over = prices.filter((p) => p > max + 1e-9);
        if (over.length)
          c.fail(`${a.at}/${categories!.at}/${FACTS.price.places[0]}`, `at most ${max} per person (MaximumPrice)`, list(over.map(String)));
      }
    }),
    rule('AAV-DECIMALS', 'every amount is in the requested currency with CurrencyDecimal decimals', (x, c, r) => {
      const currency = x.request.value('//ota:GuidelinePricing/ota:MaximumPrice/@CurrencyCode');
      const decimals = num(x.request.value('//ota:GuidelinePricing/ota:MaximumPrice/@CurrencyDecimal'));
      for (const a of activities(x, c, r, FACTS)) {
        const amounts = r.nodes(FACTS.amount, a.node);
        if (!amounts) c.cannotTell(notShown(r, FACTS.amount, `activity ${a.label}`));
        for (const [i, el] of (amounts?.value ?? []).entries()) {
          const at = `${a.at}/${amounts!.at}[${i + 1}]`;
          const amount = r.doc.find('@Amount', el)[0].content.trim();
          const cur = r.value(FACTS.currency, el);
          const places = r.value(FACTS.decimalPlaces, el);
          if (!cur) c.cannotTell(notShown(r, FACTS.currency, `${at}`));
          else if (cur.value.toUpperCase() !== currency?.toUpperCase()) c.fail(`${at}/${cur.at}`, `${currency}`, cur.value);
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
