// What the tour activity operations share. In 2016B activity availability and activity search list
// their results as TourActivityInfo elements of the same structure (OTA_TourActivityAvailRS.xsd and
// OTA_TourActivitySearchRS.xsd), so the places of the hotel, product and dates facts are the same;
// each operation names its own facts (ids "<operation>.activity.<thing>"), and the rules over them
// are here. Activity descriptive data names a product as they do (PRODUCT_REGION) and shows an
// activity's schedule as availability does (SCHEDULE_FACTS).
import { type Fact, ReplyReader, notShown, firstAccepted, valuesEverywhere, type ReplyProfilePlaces } from './reader';
import { Check, list, rule, type Exchange, type Rule, type RuleBody } from './rule';
import { checkServed, refusalForm } from './envelope';
import type { XNode } from '../xml/xml';
import type { Corroboration, Need } from './corroboration';
import { contradiction, countryCode, normalName, placeVerdict } from './places';
import { isSubdivisionName, sameSubdivision, subdivisionCountries, subdivisionValues } from './subdivisions';
import { day, isDate, sameCode, within } from './value-forms';
import { itemsOffered, nothingToJudge, otherContent } from './items-offered';
import type { RequirementId } from '../specification/requirements';
import { type TourActivityFacts } from './tour-activity-facts';
import { areaDisagreement } from './area-placements';

export * from './tour-activity-facts';

/** The activities of a reply, each with a label for messages; cannot tell when there are none to judge. */
export function activities(exchange: Exchange, check: Check, reply: ReplyReader, f: TourActivityFacts) {
  const items = reply.items(f.activity).map((a) => ({ ...a, label: reply.value(f.tourActivityId, a.node)?.value ?? a.at }));
  if (items.length === 0) nothingToJudge(exchange, check, 'activity');
  return items;
}

/**
 * Whether a thing the reply shows under any of a fact's places is `wanted`: true (one of them
 * is), false (some are shown, none is) or undefined (none is shown).
 */
export function showsOneOf(reply: ReplyReader, f: Fact, node: XNode, wanted: string): boolean | undefined {
  const shown = valuesEverywhere(reply, f, node);
  return shown.length === 0 ? undefined : shown.some((v) => sameCode(v, wanted));
}

/**
 * Every activity takes place within start..end: some date it shows (at any place: Summary, the
 * tour departure, and Detail, which may list a whole year's schedule) lies in the period, or a span
 * it shows (Start with End, a season) overlaps it. Only an activity none of whose dates does is a
 * finding; an end after the period (a tour of several days) is not judged. A Detail day outside its
 * own Summary is a finding too (two placements of the schedule that disagree).
 */
export function checkDates(
  exchange: Exchange,
  check: Check,
  reply: ReplyReader,
  f: TourActivityFacts,
  start: string | undefined,
  end: string | undefined,
): void {
  for (const a of activities(exchange, check, reply, f)) {
    const dates = firstAccepted(reply, f.start, isDate, a.node);
    if (!dates) check.cannotTell(notShown(reply, f.start, `activity ${a.label}`));
    const spans = reply
      .placesOf(f.start)
      .flatMap((p) => reply.doc.find(p, a.node))
      .map((n) => ({ from: n.content.trim(), to: reply.doc.find('../@End', n)[0]?.content.trim() }))
      .filter((s) => isDate(s.from));
    const overlaps = (s: { from: string; to?: string }) =>
      !!s.to && isDate(s.to) && !!start && !!end && day(s.from) <= day(end) && day(s.to) >= day(start);
    if (spans.length && !spans.some((s) => within(s.from, start, end) || overlaps(s)))
      check.fail(`${a.at}/${dates!.at}`, `dates within ${start} to ${end}`, list(spans.map((s) => s.from).slice(0, 5)));
    else outsideSummary(check, reply, a);
  }
}

/**
 * Two placements of one schedule: its Summary (Start..End) and its Detail days. A Detail day outside
 * every Summary of its Schedule disagrees with it, a finding whatever the period asked. Details
 * beside no Summary with an End (a year's schedule) are judged by checkDates alone.
 */
function outsideSummary(check: Check, reply: ReplyReader, a: { node: XNode; at: string; label: string }): void {
  reply.doc.find("*[local-name()='Schedule']", a.node).forEach((schedule, i) => {
    const attr = (n: XNode, name: string) => day(reply.doc.find(`@${name}`, n)[0]?.content);
    const summaries = reply.doc
      .find("*[local-name()='Summary']", schedule)
      .map((n) => ({ from: attr(n, 'Start'), to: attr(n, 'End') }))
      .filter((s) => isDate(s.from) && isDate(s.to));
    if (!summaries.length) return;
    const days = reply.doc
      .find("*[local-name()='Detail']/@Start", schedule)
      .map((n) => day(n.content))
      .filter(isDate);
    const outside = days.filter((d) => !summaries.some((s) => within(d, s.from, s.to)));
    if (outside.length)
      check.fail(
        `${a.at}/ota:Schedule[${i + 1}]/ota:Detail/@Start`,
        `activity ${a.label}'s days within its Summary (${list(summaries.map((s) => `${s.from} to ${s.to}`))})`,
        list(outside.slice(0, 5)),
      );
  });
}

/**
 * Every activity is offered for the location of `hotel` (AAV-LOCATION, AAV-HOTEL-ONLY, ASR-AREA,
 * ASR-HOTEL-ONLY): "for given participants, location and dates", "in an area". With a hotel named,
 * an activity is for its location when it names that hotel (Region RegionCode=HotelCode, a
 * pickup), or shows the hotel's area: a region, town or (shown alone) country of the hotel, as the
 * gateway's hotel descriptive data shows it (corroboration), or as the activities that name the
 * hotel show it. It is elsewhere when it shows another country, or another place of the test data;
 * a hotel named in its stead is placed by that hotel's descriptive data. One it shows in places that
 * cannot all hold (two countries) is in none. A description counts only for the code it names
 * (./descriptive-reply.ts). Otherwise cannot tell.
 */
export function checkOfferedFor(
  exchange: Exchange,
  check: Check,
  reply: ReplyReader,
  f: TourActivityFacts,
  hotel: string,
  corroboration: Corroboration,
): void {
  const items = activities(exchange, check, reply, f);
  const home = homeArea(exchange, reply, f, items, hotel, corroboration);
  for (const a of items) {
    const shown = valuesEverywhere(reply, f.area, a.node);
    const areaOfOthers = () =>
      homeArea(
        exchange,
        reply,
        f,
        items.filter((i) => i !== a),
        hotel,
        corroboration,
      );
    if (failsOwnPlacements(exchange, check, reply, f, a, hotel, areaOfOthers)) continue;
    if (showsOneOf(reply, f.hotel, a.node, hotel)) continue;
    const countries = countriesOf(reply, f, a.node);
    // another hotel named, and nothing of the activity's own area: where that hotel is, its descriptive data says
    const others = shown.length || countries.size ? [] : valuesEverywhere(reply, f.hotel, a.node);
    // nothing of where the activity is: its own descriptive data may say (its area, the hotels it serves)
    const own = !shown.length && !countries.size && !others.length ? corroboration.activity(a.label) : undefined;
    if (own?.hotels?.some((h) => sameCode(h, hotel))) continue;
    const via = [...others.map((o) => corroboration.hotel(o)), own].find((d) => d && !d.problem && (d.region.length || d.country.length));
    const theirs = via
      ? { names: via.region, countries: new Set(via.country.map(countryCode).filter(isCode)) }
      : { names: shown, countries };
    const where = via
      ? `${a.at} (activity ${a.label}${via.kind === 'hotel' ? ` at hotel ${via.code}` : ''}), by ${via.source}`
      : `${a.at}/${reply.nodes(f.area, a.node)?.at ?? 'ota:Location'}`;
    const area = via ? undefined : reply.value(f.area, a.node);
    // another value at the same region place as the hotel's own activities show (not a town): another region
    const otherRegion = area && home.byPlace.get(area.at)?.size && !home.byPlace.get(area.at)!.has(normalName(area.value));
    const verdict =
      otherRegion && !home.names.some((n) => normalName(n) === normalName(area.value)) ? 'other' : areaVerdict(exchange, home, theirs);
    if (verdict === 'other')
      check.fail(
        where,
        `the location of hotel ${hotel} (${list([...home.names, ...home.countries])}${home.source ? `, by ${home.source}` : ''})`,
        list([...theirs.names, ...theirs.countries]),
      );
    else if (verdict === 'unknown' && others.length && !via)
      check.cannotTell(
        `activity ${a.label} is offered at ${list(others)}, not at hotel ${hotel}, and shows no area of its own (${f.area.id}); ` +
          (others.map((o) => corroboration.hotel(o)?.problem).find(Boolean) ?? 'no hotel descriptive data placed that hotel'),
      );
    else if (verdict === 'unknown')
      check.cannotTell(
        !shown.length && !countries.size && !others.length
          ? `${notShown(reply, [f.hotel, f.area], `activity ${a.label}`)}; ${own?.problem ?? home.problem ?? 'nothing else places it'}`
          : `activity ${a.label} shows ${list([...theirs.names, ...theirs.countries, ...others])}, which the suite cannot place at the location of hotel ${hotel} ` +
              `(${list([...home.names, ...home.countries])}${home.problem ? `; ${home.problem}` : ''}); an area may hold several towns: declare its names in the test data's placeAliases`,
      );
  }
}

/**
 * Fails an activity whose own placements of its place cannot all hold, and says so: two countries,
 * a region of another country (an activity in none of them, even at the hotel), or a Region and an
 * Address that disagree (the area asked beside an address elsewhere, judged against what the other
 * activities and the hotel's descriptive data show of the area: `others`).
 */
function failsOwnPlacements(
  exchange: Exchange,
  check: Check,
  reply: ReplyReader,
  f: TourActivityFacts,
  a: { node: XNode; at: string; label: string },
  hotel: string,
  others: () => Area,
): boolean {
  const clash =
    contradiction(
      valuesEverywhere(reply, f.country, a.node),
      valuesEverywhere(reply, f.area, a.node),
      exchange.request.testData,
      subdivisionValues(reply, f.area, a.node),
    ) ?? areaDisagreement(reply, f, a.node, others(), exchange.request.testData);
  if (!clash) return false;
  check.fail(
    `${a.at}/${reply.nodes(f.country, a.node)?.at ?? reply.nodes(f.area, a.node)?.at ?? 'ota:Location'}`,
    `activity ${a.label} in one place (the location of hotel ${hotel})`,
    clash,
  );
  return true;
}

/** Items to ask hotel descriptive data about for checkOfferedFor: the requested hotel, and hotels named in its stead. */
export function offeredForNeeds(reply: ReplyReader, f: TourActivityFacts, hotel: string): Need[] {
  const items = reply.items(f.activity).filter((a) => !showsOneOf(reply, f.hotel, a.node, hotel));
  if (!hotel || items.length === 0) return [];
  const unplaced = items.filter((a) => valuesEverywhere(reply, f.area, a.node).length === 0 && countriesOf(reply, f, a.node).size === 0);
  const others = unplaced.flatMap((a) => valuesEverywhere(reply, f.hotel, a.node));
  // an activity that names no hotel and no place: its own descriptive data, by its TourActivityID
  const activities = unplaced
    .filter((a) => valuesEverywhere(reply, f.hotel, a.node).length === 0)
    .map((a) => reply.value(f.tourActivityId, a.node)?.value)
    .filter(isCode);
  return [
    ...[...new Set([hotel, ...others])].map((code) => ({ kind: 'hotel' as const, code })),
    ...[...new Set(activities)].map((code) => ({ kind: 'activity' as const, code })),
  ];
}

interface Area {
  names: string[];
  /** The areas the activities that name the hotel show, by the place they show them at (towns and countries left out). */
  byPlace: Map<string, Set<string>>;
  countries: Set<string>;
  source?: string;
  problem?: string;
}

const isCode = (v: string | undefined): v is string => !!v;
/** The countries an activity's place shows: its country values, and the states or provinces the ISO 3166-2 datasets place in one country. */
const countriesOf = (reply: ReplyReader, f: TourActivityFacts, node: XNode) =>
  new Set([
    ...valuesEverywhere(reply, f.country, node).map(countryCode).filter(isCode),
    ...valuesEverywhere(reply, f.area, node).map(areaCountry).filter(isCode),
    ...inCountries(subdivisionValues(reply, f.area, node)),
  ]);
/**
 * The country an area value names, when it names one and no region: "Granada" is a province of
 * Spain (and of Nicaragua) before it is Grenada's Spanish name, and a town before either.
 */
const areaCountry = (v: string) => (isSubdivisionName(v) ? undefined : countryCode(v));
/** The countries the subdivision datasets place these values in (each in one country, with its territories). */
const inCountries = (values: readonly string[]) => values.flatMap((v) => [...(subdivisionCountries(v) ?? [])]);

/** Where the requested hotel is: its descriptive data, and the areas of the activities that name it. */
function homeArea(
  exchange: Exchange,
  reply: ReplyReader,
  f: TourActivityFacts,
  items: Array<{ node: XNode }>,
  hotel: string,
  corroboration: Corroboration,
): Area {
  const d = corroboration.hotel(hotel);
  const atHotel = items.filter((a) => showsOneOf(reply, f.hotel, a.node, hotel));
  const names = [...(d?.region ?? []), ...atHotel.flatMap((a) => valuesEverywhere(reply, f.area, a.node).filter((v) => !areaCountry(v)))];
  const countries = new Set([
    ...(d?.country ?? []).map(countryCode).filter(isCode),
    ...inCountries(d?.subdivisions ?? []),
    ...atHotel.flatMap((a) => [...countriesOf(reply, f, a.node)]),
  ]);
  const byPlace = new Map<string, Set<string>>();
  for (const a of atHotel) {
    const v = reply.value(f.area, a.node);
    if (v && !/CityName|CountryName/.test(v.at)) byPlace.set(v.at, (byPlace.get(v.at) ?? new Set()).add(normalName(v.value)));
  }
  const aliases = exchange.request.testData?.placeAliases ?? {};
  const withAliases = names.flatMap((n) => [
    n,
    ...(aliases[n] ?? []),
    ...Object.keys(aliases).filter((k) => aliases[k].some((v) => normalName(v) === normalName(n))),
  ]);
  return { names: [...new Set(withAliases)], byPlace, countries, source: d && !d.problem ? d.source : undefined, problem: d?.problem };
}

/** Whether an area shown (names, countries) is the hotel's ('same'), elsewhere ('other') or cannot be told. */
function areaVerdict(exchange: Exchange, home: Area, theirs: { names: string[]; countries: Set<string> }): 'same' | 'other' | 'unknown' {
  if (home.countries.size && theirs.countries.size && ![...theirs.countries].some((k) => home.countries.has(k))) return 'other';
  const regions = theirs.names.filter((v) => !areaCountry(v));
  const wanted = new Set(home.names.map(normalName));
  // one subdivision by two of its names ("Crete", "Kriti", "GR-M") is the same area
  if (regions.some((v) => wanted.has(normalName(v)) || home.names.some((n) => sameSubdivision(n, v)))) return 'same';
  // a country alone (no region or town) in the hotel's country: offered for that country
  if (regions.length === 0 && theirs.countries.size && [...theirs.countries].every((k) => home.countries.has(k))) return 'same';
  const data = exchange.request.testData;
  const declared = data ? [...data.hotelAvailability.places, data.hotelAvailability.emptyPlace].map((p) => p.name) : [];
  const aliases = data?.placeAliases ?? {};
  const others = declared.filter((p) => !wanted.has(normalName(p))).flatMap((p) => [p, ...(aliases[p] ?? [])]);
  return home.names.length && placeVerdict('Region', regions, home.names, others) === 'other' ? 'other' : 'unknown';
}

/** Every activity is of `product` (AAV-LOCATION, AAV-PRODUCT-ONLY). */
export function checkProduct(exchange: Exchange, check: Check, reply: ReplyReader, f: TourActivityFacts, product: string): void {
  for (const a of activities(exchange, check, reply, f)) {
    const of = showsOneOf(reply, f.product, a.node, product);
    if (of === undefined) check.cannotTell(notShown(reply, f.product, `activity ${a.label}`));
    else if (!of)
      check.fail(`${a.at}/${reply.nodes(f.product, a.node)!.at}`, `product ${product}`, list(valuesEverywhere(reply, f.product, a.node)));
  }
}

/**
 * A requirement about one request form (AAV-HOTEL-ONLY, AAV-PRODUCT-ONLY, ASR-HOTEL-ONLY): cannot
 * tell when the request is not of that form; otherwise the reply is served and offers activities
 * (`expected` says which), and `judge` looks at them.
 */
export function checkFormOffered(
  exchange: Exchange,
  check: Check,
  reply: ReplyReader,
  f: TourActivityFacts,
  form: { holds: boolean; is: string },
  expected: string,
  judge: () => void,
): void {
  if (!form.holds) check.cannotTell(`the request is not of the form this requirement is about (${form.is})`);
  else if (checkServed(exchange, check) && itemsOffered(exchange, check, reply, f.activity, expected).length) judge();
}

/**
 * The rule of a request naming a hotel and no product (AAV-HOTEL-ONLY, ASR-HOTEL-ONLY): it is
 * served, and the activities it shows are offered for that hotel (checkOfferedFor).
 */
export function hotelOnlyRule(
  req: RequirementId,
  sentence: string,
  f: TourActivityFacts,
  requested: { hotel: (exchange: Exchange) => string; product: (exchange: Exchange) => string },
  expected: (hotel: string) => string,
): Rule {
  return rule(
    req,
    sentence,
    (exchange, check, reply, corroboration) => {
      const hotel = requested.hotel(exchange);
      const form = { holds: !!hotel && !requested.product(exchange), is: 'a hotel and no product' };
      checkFormOffered(exchange, check, reply, f, form, expected(hotel), () =>
        checkOfferedFor(exchange, check, reply, f, hotel, corroboration),
      );
    },
    (exchange, reply) => offeredForNeeds(reply, f, requested.hotel(exchange)),
  );
}

/**
 * A request form the spec's tables do not state: they list the hotel (Context=Source) and the
 * product (Context=Service), and "Which elements and attributes are mandatory ...: not shown". A
 * request naming only one of them may be refused (the form's own SHOULD, `judgedBy`, says so), but
 * what a gateway serves for it is judged by the MUSTs like any reply.
 */
export interface UnstatedForm {
  is: string;
  judgedBy: RequirementId;
}

/**
 * A MUST rule about the activities a reply offers, on any request form (the
 * request that reveals "for given location", "in an area" names a hotel and no product). On a form
 * the spec does not state (`formOf`), a reply that does not serve it, or serves it with nothing at
 * all, says nothing of the MUST: no assertion (the form's SHOULD judges it). Everything else,
 * including a reply whose content the suite cannot read, is judged by `body` as on the stated form.
 */
export function offeredRule(
  req: RequirementId,
  sentence: string,
  f: TourActivityFacts,
  formOf: (exchange: Exchange) => UnstatedForm | undefined,
  body: RuleBody,
  needs?: (exchange: Exchange, reply: ReplyReader) => Need[],
): Rule {
  const inner = rule(req, sentence, body, needs);
  const judged: Rule = {
    ...inner,
    check(exchange, profile = {}, more) {
      const form = formOf(exchange);
      const silent = form && nothingServed(exchange, req, f, profile);
      if (!form || !silent) return inner.check(exchange, profile, more);
      return new Check(req)
        .notApplicable(`the request names ${form.is}, a form the spec does not state, and ${silent}: ${form.judgedBy} judges that`)
        .result();
    },
  };
  ANY_FORM.add(judged);
  return judged;
}

const ANY_FORM = new WeakSet<Rule>();

/** Whether a rule judges a request of a form the spec does not state without blaming its refusal (offeredRule). */
export const judgesAnyForm = (r: Rule): boolean => ANY_FORM.has(r);

/** Why a reply serves nothing to judge (a refusal in any form, another status, no activity and nothing else); undefined when it does. */
function nothingServed(exchange: Exchange, req: RequirementId, f: TourActivityFacts, profile: ReplyProfilePlaces): string | undefined {
  if (!exchange.reply.exchange) return undefined; // no HTTP reply: the rule says it cannot tell
  if (!checkServed(exchange, new Check(req)))
    return `it was not served (${refusalForm(exchange) ?? `HTTP ${exchange.reply.exchange.status}`})`;
  const r = new ReplyReader(exchange.reply.doc!, profile);
  return r.items(f.activity).length === 0 && otherContent(r).length === 0 ? 'the reply offers no activity' : undefined;
}
