// One activity's area in two placements (ASR-AREA, AAV-LOCATION): its Region and its Address, and
// the hotel it names beside its own place. A pickup at the hotel or a Region that names the area
// asked is no pass when the activity's own address places it in another country, nor when its
// Region is a region the ISO 3166-2 datasets place in one country only, other than the one its
// address shows (or than the hotel's). What the datasets cannot decide (a name of several
// countries, a town, a place of the test data) is never blamed.
import type { ReplyReader } from './reader';
import { valuesEverywhere } from './reader';
import type { XNode } from '../xml/xml';
import type { TourActivityFacts } from './tour-activity-facts';
import { countryCode, normalName } from './places';
import { isDependentOrUnknown } from './countries';
import { isSubdivisionCode, isSubdivisionName, sameSubdivision, subdivisionCountries, SUBDIVISION_PLACES } from './subdivisions';
import type { PlaceData } from './places';

/** Where the area asked is, as the suite knows it without the activity being judged. */
export interface AreaAsked {
  names: readonly string[];
  countries: ReadonlySet<string>;
}

const ADDRESS_PLACES = /CityName|CountryName|StateProv|County/;

/** The countries an activity's address shows: its country values, and its StateProv values the datasets place in one country. */
function addressCountries(reply: ReplyReader, f: TourActivityFacts, node: XNode, known: Iterable<string> = []): Set<string> {
  const stateProv = stateProvValues(reply, f, node);
  const countries = valuesEverywhere(reply, f.country, node)
    .map(countryCode)
    .filter((c): c is string => !!c);
  // a StateProv written as a town ("Guadalajara" for Jalisco) is a town of the countries shown or known (the area asked)
  const beside = [...countries, ...known];
  return new Set([...countries, ...stateProv.flatMap((v) => [...(subdivisionCountries(v, beside) ?? [])])]);
}

/** An activity's values at the area fact's state-or-province placements (StateProv and its @StateCode). */
function stateProvValues(reply: ReplyReader, f: TourActivityFacts, node: XNode): string[] {
  return reply
    .placesOf(f.area)
    .filter((p) => SUBDIVISION_PLACES.test(p))
    .flatMap((p) => reply.doc.find(p, node).map((n) => n.content.trim()))
    .filter(Boolean);
}

/** The values of the area fact at the places that are no part of an address (Region/@RegionName and the like). */
function regionValues(reply: ReplyReader, f: TourActivityFacts, node: XNode): string[] {
  return reply
    .placesOf(f.area)
    .filter((p) => !ADDRESS_PLACES.test(p))
    .flatMap((p) => reply.doc.find(p, node).map((n) => n.content.trim()))
    .filter(Boolean);
}

/** Every name of a place the test data declares (its places and their aliases), normalised. */
function testDataNames(data: PlaceData | undefined): Set<string> {
  if (!data) return new Set();
  const aliases = data.placeAliases ?? {};
  const declared = [...data.hotelAvailability.places, data.hotelAvailability.emptyPlace].map((p) => p.name);
  return new Set([...declared, ...Object.keys(aliases), ...Object.values(aliases).flat()].map(normalName));
}

/**
 * Why an activity's placements of its area disagree, or undefined: it names the area asked (a
 * Region value that is one of its names) while its address shows only countries the area is not
 * in; a Region value that the datasets place in one country only (not a place of the test data,
 * not the activity's own town) lies outside every country its address shows; or it names the hotel
 * asked (`atHotel`) while its own place (ownCountries) is in none of the countries the hotel's area
 * is in (`asked`: the hotel's descriptive data, the other activities at the hotel), nor in a
 * territory of one of them.
 */
export function areaDisagreement(
  reply: ReplyReader,
  f: TourActivityFacts,
  node: XNode,
  asked: AreaAsked,
  data: PlaceData | undefined,
  atHotel = false,
): string | undefined {
  const address = addressCountries(reply, f, node, asked.countries);
  const outside = (cs: Iterable<string>) => !meets(cs, address);
  const regions = regionValues(reply, f, node);
  const wanted = new Set(asked.names.map(normalName));
  const namesAsked = regions.find((v) => wanted.has(normalName(v)) || asked.names.some((n) => sameSubdivision(n, v)));
  if (address.size && namesAsked && asked.countries.size && outside(asked.countries))
    return `"${namesAsked}" (the area asked, in ${[...asked.countries].join(', ')}) beside an address in ${[...address].join(', ')}`;
  for (const { value, countries } of address.size ? placedRegions(reply, f, node, data, address) : [])
    if (outside(countries))
      return `the region "${value}" (a region of ${[...countries][0]}) beside an address in ${[...address].join(', ')}`;
  // the hotel named never outweighs the activity's own place: its countries must meet the hotel's
  const own = atHotel && asked.countries.size ? ownCountries(reply, f, node, data, asked.countries) : new Map<string, string>();
  if (own.size && !meets(own.keys(), asked.countries))
    return `${[...new Set(own.values())].map((v) => `"${v}"`).join(', ')} (${[...own.keys()].join(', ')}) beside the hotel named, whose area is in ${[...asked.countries].join(', ')}`;
  return undefined;
}

/**
 * The Region values of an activity the datasets place in one country (with its territories): an
 * ISO 3166-2 code, or a subdivision name of one country only; not a place of the test data, not
 * the activity's own town (CityName), which the suite cannot place.
 */
function placedRegions(
  reply: ReplyReader,
  f: TourActivityFacts,
  node: XNode,
  data: PlaceData | undefined,
  beside: Iterable<string>,
): Array<{ value: string; countries: ReadonlySet<string> }> {
  const known = testDataNames(data);
  const towns = new Set(
    reply
      .placesOf(f.area)
      .filter((p) => /CityName/.test(p))
      .flatMap((p) => reply.doc.find(p, node).map((n) => normalName(n.content))),
  );
  return regionValues(reply, f, node)
    .filter((v) => !known.has(normalName(v)) && !towns.has(normalName(v)) && (isSubdivisionName(v) || isSubdivisionCode(v)))
    .map((value) => ({ value, countries: subdivisionCountries(value, beside) }))
    .filter((r): r is { value: string; countries: ReadonlySet<string> } => r.countries !== undefined);
}

/**
 * Whether two country codes are one country, or a country and its territory by the ISO 3166-2
 * datasets (FR-GP is Guadeloupe, GP; US-PR is Puerto Rico, PR): a hotel in "France" and an
 * activity in "Guadeloupe" may be in one place.
 */
const sameOrTerritory = (a: string, b: string): boolean =>
  a === b || !!subdivisionCountries(`${a}-${b}`)?.has(b) || !!subdivisionCountries(`${b}-${a}`)?.has(a);

/**
 * Whether two sets of countries may be one place: a country in both, a country and its territory,
 * or a dependent territory (or a code the data knows as no country) the datasets cannot tie to the
 * other: it may be filed under its sovereign there, so nothing is blamed.
 */
const meets = (as: Iterable<string>, bs: Iterable<string>): boolean => {
  const others = [...bs];
  return [...as].some((a) => others.some((b) => sameOrTerritory(a, b) || isDependentOrUnknown(a) || isDependentOrUnknown(b)));
};

/** The countries an activity's own placements show (country values, StateProv, Regions the datasets place, Regions that name a country), each with a value that shows it. */
function ownCountries(
  reply: ReplyReader,
  f: TourActivityFacts,
  node: XNode,
  data: PlaceData | undefined,
  hotelCountries: ReadonlySet<string>,
): Map<string, string> {
  const own = new Map<string, string>();
  const add = (value: string, countries: Iterable<string>) => {
    for (const c of countries) if (!own.has(c)) own.set(c, value);
  };
  const asCountry = (v: string) => [countryCode(v)].filter((c): c is string => !!c);
  const shown = valuesEverywhere(reply, f.country, node);
  for (const v of shown) add(v, asCountry(v));
  // a name that is a town of a country shown, or of the hotel's, places nothing elsewhere
  const beside = [...shown.flatMap(asCountry), ...hotelCountries];
  for (const v of stateProvValues(reply, f, node)) add(v, subdivisionCountries(v, beside) ?? []);
  for (const { value, countries } of placedRegions(reply, f, node, data, beside)) add(value, countries);
  for (const v of regionValues(reply, f, node)) if (!isSubdivisionName(v)) add(v, asCountry(v));
  return own;
}
