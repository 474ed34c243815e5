// Where an activity is offered (AAV-LOCATION, AAV-HOTEL-ONLY, ASR-AREA, ASR-HOTEL-ONLY): its places
// against the requested hotel's area, as the gateway's own descriptive data and the activities that
// name the hotel show it. Split from ./tour-activity.ts, which re-exports it.
import { type ReplyReader, notShown, valuesEverywhere } from './reader';
import { type Check, list, type Exchange } from './rule';
import type { XNode } from '../xml/xml';
import type { Corroboration, Need } from './corroboration';
import { contradiction, countryCode, normalName, placeVerdict } from './places';
import { isSubdivisionName, sameSubdivision, subdivisionCountries, subdivisionValues } from './subdivisions';
import { sameCode } from './value-forms';
import { type TourActivityFacts } from './tour-activity-facts';
import { areaDisagreement } from './area-placements';
import { activities, showsOneOf } from './tour-activity-items';

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
  for (const item of items) {
    const shown = valuesEverywhere(reply, f.area, item.node);
    const areaOfOthers = () =>
      homeArea(
        exchange,
        reply,
        f,
        items.filter((i) => i !== item),
        hotel,
        corroboration,
      );
    if (failsOwnPlacements(exchange, check, reply, f, item, hotel, areaOfOthers)) continue;
    // at the hotel (its own place agrees with the hotel's: failsOwnPlacements)
    if (showsOneOf(reply, f.hotel, item.node, hotel)) continue;
    const countries = countriesOf(reply, f, item.node);
    // another hotel named, and nothing of the activity's own area: where that hotel is, its descriptive data says
    const others = shown.length || countries.size ? [] : valuesEverywhere(reply, f.hotel, item.node);
    // nothing of where the activity is: its own descriptive data may say (its area, the hotels it serves)
    const own = !shown.length && !countries.size && !others.length ? corroboration.activity(item.label) : undefined;
    if (own?.hotels?.some((h) => sameCode(h, hotel))) continue;
    const via = [...others.map((o) => corroboration.hotel(o)), own].find((d) => d && !d.problem && (d.region.length || d.country.length));
    const theirs = via
      ? { names: via.region, countries: new Set(via.country.map(countryCode).filter(isCode)) }
      : { names: shown, countries };
    const where = via
      ? `${item.at} (activity ${item.label}${via.kind === 'hotel' ? ` at hotel ${via.code}` : ''}), by ${via.source}`
      : `${item.at}/${reply.nodes(f.area, item.node)?.at ?? 'ota:Location'}`;
    // another name than the hotel's activities show is no other area by itself ("Mallorca" beside "Palma": an area
    // has no grain the spec states): only a place of the test data or of another country is elsewhere
    const verdict = areaVerdict(exchange, home, theirs);
    if (verdict === 'other')
      check.fail(
        where,
        `the location of hotel ${hotel} (${list([...home.names, ...home.countries])}${home.source ? `, by ${home.source}` : ''})`,
        list([...theirs.names, ...theirs.countries]),
      );
    else if (verdict === 'unknown' && others.length && !via)
      check.cannotTell(
        `activity ${item.label} is offered at ${list(others)}, not at hotel ${hotel}, and shows no area of its own (${f.area.id}); ` +
          (others.map((o) => corroboration.hotel(o)?.problem).find(Boolean) ?? 'no hotel descriptive data placed that hotel'),
      );
    else if (verdict === 'unknown')
      check.cannotTell(
        !shown.length && !countries.size && !others.length
          ? `${notShown(reply, [f.hotel, f.area], `activity ${item.label}`)}; ${own?.problem ?? home.problem ?? 'nothing else places it'}`
          : `activity ${item.label} shows ${list([...theirs.names, ...theirs.countries, ...others])}, which the suite cannot place at the location of hotel ${hotel} ` +
              `(${list([...home.names, ...home.countries])}${home.problem ? `; ${home.problem}` : ''}); an area may hold several towns: declare its names in the test data's placeAliases`,
      );
  }
}

/**
 * Fails an activity whose own placements of its place cannot all hold, and says so: two countries,
 * a region of another country (an activity in none of them, even at the hotel), a Region and an
 * Address that disagree (the area asked beside an address elsewhere), or the hotel asked named
 * beside a place in another country (the hotel's code copied into every activity is an echo); the
 * area is what the other activities and the hotel's descriptive data show of it: `others`.
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
    ) ?? areaDisagreement(reply, f, a.node, others(), exchange.request.testData, showsOneOf(reply, f.hotel, a.node, hotel) === true);
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
  const all = reply.items(f.activity);
  const items = all.filter((a) => !showsOneOf(reply, f.hotel, a.node, hotel));
  // an activity at the hotel that shows a place of its own: the hotel's country tells whether the two agree
  const placedAtHotel = all.some(
    (a) => !items.includes(a) && (valuesEverywhere(reply, f.area, a.node).length > 0 || countriesOf(reply, f, a.node).size > 0),
  );
  if (!hotel || (items.length === 0 && !placedAtHotel)) return [];
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
  countries: Set<string>;
  source?: string;
  problem?: string;
}

const isCode = (v: string | undefined): v is string => !!v;
/** The countries an activity's place shows: its country values, and the states or provinces the ISO 3166-2 datasets place in one country. */
const countriesOf = (reply: ReplyReader, f: TourActivityFacts, node: XNode) => {
  const countries = [
    ...valuesEverywhere(reply, f.country, node).map(countryCode).filter(isCode),
    ...valuesEverywhere(reply, f.area, node).map(areaCountry).filter(isCode),
  ];
  return new Set([...countries, ...inCountries(subdivisionValues(reply, f.area, node), countries)]);
};
/**
 * The country an area value names, when it names one and no region: "Granada" is a province of
 * Spain (and of Nicaragua) before it is Grenada's Spanish name, and a town before either.
 */
const areaCountry = (v: string) => (isSubdivisionName(v) ? undefined : countryCode(v));
/** The countries the subdivision datasets place these values in (each in one country, with its territories), unless a town or region of a country beside. */
const inCountries = (values: readonly string[], beside: readonly string[] = []) =>
  values.flatMap((v) => [...(subdivisionCountries(v, beside) ?? [])]);

/** Where the requested hotel is: its descriptive data, and the areas of the activities that name it. */
function homeArea(
  exchange: Exchange,
  reply: ReplyReader,
  f: TourActivityFacts,
  items: Array<{ node: XNode }>,
  hotel: string,
  corroboration: Corroboration,
): Area {
  const description = corroboration.hotel(hotel);
  const atHotel = items.filter((a) => showsOneOf(reply, f.hotel, a.node, hotel));
  const names = [
    ...(description?.region ?? []),
    ...atHotel.flatMap((a) => valuesEverywhere(reply, f.area, a.node).filter((v) => !areaCountry(v))),
  ];
  const described = (description?.country ?? []).map(countryCode).filter(isCode);
  const countries = new Set([
    ...described,
    ...inCountries(description?.subdivisions ?? [], described),
    ...atHotel.flatMap((a) => [...countriesOf(reply, f, a.node)]),
  ]);
  const aliases = exchange.request.testData?.placeAliases ?? {};
  const withAliases = names.flatMap((n) => [
    n,
    ...(aliases[n] ?? []),
    ...Object.keys(aliases).filter((k) => aliases[k].some((v) => normalName(v) === normalName(n))),
  ]);
  return {
    names: [...new Set(withAliases)],
    countries,
    source: description && !description.problem ? description.source : undefined,
    problem: description?.problem,
  };
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
