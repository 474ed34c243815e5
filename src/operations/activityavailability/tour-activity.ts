// What activity availability and activity search replies share: in 2016B both list their results
// as TourActivityInfo elements of the same structure (OTA_TourActivityAvailRS.xsd and
// OTA_TourActivitySearchRS.xsd), so the places of the hotel, product and dates facts are the same;
// each operation names its own facts (ids "<operation>.activity.<thing>").
import { fact, type Fact, type ReplyReader, notShown } from '../../contracts/reader';
import { list, type Check, type Exchange } from '../../contracts/rule';
import { checkServed } from '../../contracts/envelope';
import {
  day,
  firstAccepted,
  isDate,
  itemsOffered,
  nothingToJudge,
  sameCode,
  valuesEverywhere,
  within,
  wordIs,
  xsBoolIs,
} from '../../contracts/values';
import type { XNode } from '../../xml/xml';

/** The spec names a hotel as "text of Region with RegionCode=HotelCode", a product as "... RegionCode=Product". */
const HOTEL_REGION = `ota:Location/ota:Region[${wordIs('@RegionCode', 'HotelCode')}]`;
export const PRODUCT_REGION = `ota:Location/ota:Region[${wordIs('@RegionCode', 'Product')}]`;
const PICKUP = `ota:PickupDropoff[${xsBoolIs('@PickupInd', true)}]`;
// A PickupDropoff that does not say it is a drop-off (PickupInd false): a drop-off point is not the hotel.
const NOT_DROPOFF = `ota:PickupDropoff[not(${xsBoolIs('@PickupInd', false)})]`;

/** The facts both replies show of a TourActivityInfo, with ids of operation `op`. */
export function tourActivityFacts(op: 'activityavailability' | 'activitysearch', xsd: string) {
  return {
    activity: fact(
      `${op}.activity`,
      'an activity offered',
      // Not an alternate (AlternateInd): OpenTravel's flag for an offer that does not meet the criteria.
      [`/*/ota:TourActivityInfo[not(${xsBoolIs('@AlternateInd', true)})]`],
      `${xsd}: TourActivityInfo (one per activity or option)`,
    ),
    tourActivityId: fact(
      `${op}.activity.tourActivityId`,
      'the TourActivityID of an activity',
      ['ota:BasicInfo/@TourActivityID', PRODUCT_REGION],
      `${xsd}: TourActivityInfo/BasicInfo/@TourActivityID (TourActivityID_Type); the spec's "text of Region with RegionCode=Product"`,
    ),
    product: fact(
      `${op}.activity.product`,
      'the product an activity is of (any of its codes)',
      ['ota:BasicInfo/@TourActivityID', 'ota:BasicInfo/@SupplierProductCode', PRODUCT_REGION],
      `${xsd}: BasicInfo/@TourActivityID and @SupplierProductCode; Location/Region RegionCode=Product (the spec's form)`,
    ),
    hotel: fact(
      `${op}.activity.hotel`,
      'the hotel an activity is offered at',
      [HOTEL_REGION, `${PICKUP}/@LocationName`, `${NOT_DROPOFF}/@LocationName`],
      `${xsd}: Location/Region (TourActivityLocationType) with the spec's RegionCode=HotelCode; PickupDropoff/@LocationName ` +
        '(TourActivityTransType; the spec writes the hotel code there in a booking: "LocationName (hotel code)"), not of a ' +
        'drop-off (PickupInd false). Ticket-only activities have no pickup.',
    ),
    start: fact(
      `${op}.activity.start`,
      'the dates an activity takes place (starts)',
      ['ota:Schedule/ota:Detail/@Start', 'ota:Schedule/ota:Summary/@Start'],
      `${xsd}: Schedule/Detail (OperationScheduleType, one per date or span) and Schedule/Summary (DateTimeSpanGroup): ` +
        '"The tour departure or activity start date/time". Recurring dates (--mm-dd) and times of day are not dates.',
    ),
  };
}

export type TourActivityFacts = ReturnType<typeof tourActivityFacts>;

/** The activities of a reply, each with a label for messages; cannot tell when there are none to judge. */
export function activities(x: Exchange, c: Check, r: ReplyReader, f: TourActivityFacts) {
  const items = r.items(f.activity).map((a) => ({ ...a, label: r.value(f.tourActivityId, a.node)?.value ?? a.at }));
  if (items.length === 0) nothingToJudge(x, c, 'activity');
  return items;
}

/**
 * Whether a thing the reply shows under any of a fact's places is `wanted`: true (one of them
 * is), false (some are shown, none is) or undefined (none is shown).
 */
export function showsOneOf(r: ReplyReader, f: Fact, node: XNode, wanted: string): boolean | undefined {
  const shown = valuesEverywhere(r, f, node);
  return shown.length === 0 ? undefined : shown.some((v) => sameCode(v, wanted));
}

/**
 * Every activity takes place within start..end: some date it shows (at any place: Summary, the
 * tour departure, and Detail, which may list a whole year's schedule) lies in the period, or a span
 * it shows (Start with End, a season) overlaps it. Only an activity none of whose dates does is a
 * finding; an end after the period (a tour of several days) is not judged.
 */
export function checkDates(
  x: Exchange,
  c: Check,
  r: ReplyReader,
  f: TourActivityFacts,
  start: string | undefined,
  end: string | undefined,
): void {
  for (const a of activities(x, c, r, f)) {
    const dates = firstAccepted(r, f.start, isDate, a.node);
    if (!dates) c.cannotTell(notShown(r, f.start, `activity ${a.label}`));
    const spans = r
      .placesOf(f.start)
      .flatMap((p) => r.doc.find(p, a.node))
      .map((n) => ({ from: n.content.trim(), to: r.doc.find('../@End', n)[0]?.content.trim() }))
      .filter((s) => isDate(s.from));
    const overlaps = (s: { from: string; to?: string }) =>
      !!s.to && isDate(s.to) && !!start && !!end && day(s.from) <= day(end) && day(s.to) >= day(start);
    if (spans.length && !spans.some((s) => within(s.from, start, end) || overlaps(s)))
      c.fail(`${a.at}/${dates!.at}`, `dates within ${start} to ${end}`, list(spans.map((s) => s.from).slice(0, 5)));
  }
}

/**
 * Every activity is offered at `hotel` (AAV-LOCATION, AAV-HOTEL-ONLY). A Region with
 * RegionCode=HotelCode names a hotel by its code; a pickup's LocationName may be a name too, so
 * another value there is a finding only when the reply uses that place for codes (some activity
 * shows the requested hotel's code there).
 */
export function checkHotel(x: Exchange, c: Check, r: ReplyReader, f: TourActivityFacts, hotel: string): void {
  const items = activities(x, c, r, f);
  const placeHoldsCodes = items.some((a) => showsOneOf(r, f.hotel, a.node, hotel));
  for (const a of items) {
    const at = showsOneOf(r, f.hotel, a.node, hotel);
    const shown = list(valuesEverywhere(r, f.hotel, a.node));
    if (at === undefined) c.cannotTell(notShown(r, f.hotel, `activity ${a.label}`));
    else if (!at && (placeHoldsCodes || r.doc.find(`${HOTEL_REGION}[normalize-space()]`, a.node).length))
      c.fail(`${a.at}/${r.nodes(f.hotel, a.node)!.at}`, `hotel ${hotel}`, shown);
    else if (!at)
      c.cannotTell(`activity ${a.label} shows ${shown}, which may be a hotel's name: no activity shows hotel ${hotel} by its code`);
  }
}

/** Every activity is of `product` (AAV-LOCATION, AAV-PRODUCT-ONLY). */
export function checkProduct(x: Exchange, c: Check, r: ReplyReader, f: TourActivityFacts, product: string): void {
  for (const a of activities(x, c, r, f)) {
    const of = showsOneOf(r, f.product, a.node, product);
    if (of === undefined) c.cannotTell(notShown(r, f.product, `activity ${a.label}`));
    else if (!of) c.fail(`${a.at}/${r.nodes(f.product, a.node)!.at}`, `product ${product}`, list(valuesEverywhere(r, f.product, a.node)));
  }
}

/**
 * A requirement about one request form (AAV-HOTEL-ONLY, AAV-PRODUCT-ONLY, ASR-HOTEL-ONLY): cannot
 * tell when the request is not of that form; otherwise the reply is served and offers activities
 * (`expected` says which), and `judge` looks at them.
 */
export function checkFormOffered(
  x: Exchange,
  c: Check,
  r: ReplyReader,
  f: TourActivityFacts,
  form: { holds: boolean; is: string },
  expected: string,
  judge: () => void,
): void {
  if (!form.holds) c.cannotTell(`the request is not of the form this requirement is about (${form.is})`);
  else if (checkServed(x, c) && itemsOffered(x, c, r, f.activity, expected).length) judge();
}
