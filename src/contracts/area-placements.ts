// One activity's area in two placements (ASR-AREA, AAV-LOCATION): its Region and its Address. A
// pickup at the hotel or a Region that names the area asked is no pass when the activity's own
// address places it in another country, nor when its Region is a region the ISO 3166-2 datasets
// place in one country only, other than the one its address shows. What the datasets cannot decide
// (a name of several countries, a town, a place of the test data) is never blamed.
import type { ReplyReader } from './reader';
import { valuesEverywhere } from './reader';
import type { XNode } from '../xml/xml';
import type { TourActivityFacts } from './tour-activity-facts';
import { countryCode, normalName } from './places';
import { isSubdivisionName, sameSubdivision, subdivisionCountries, SUBDIVISION_PLACES } from './subdivisions';
import type { PlaceData } from './places';

/** Where the area asked is, as the suite knows it without the activity being judged. */
export interface AreaAsked {
  names: readonly string[];
  countries: ReadonlySet<string>;
}

const ADDRESS_PLACES = /CityName|CountryName|StateProv|County/;

/** The countries an activity's address shows: its country values, and its StateProv values the datasets place in one country. */
function addressCountries(reply: ReplyReader, f: TourActivityFacts, node: XNode): Set<string> {
  const stateProv = reply
    .placesOf(f.area)
    .filter((p) => SUBDIVISION_PLACES.test(p))
    .flatMap((p) => reply.doc.find(p, node).map((n) => n.content.trim()));
  const countries = valuesEverywhere(reply, f.country, node)
    .map(countryCode)
    .filter((c): c is string => !!c);
  return new Set([...countries, ...stateProv.flatMap((v) => [...(subdivisionCountries(v, countries) ?? [])])]);
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
 * in; or a Region value that the datasets place in one country only (not a place of the test data,
 * not the activity's own town) lies outside every country its address shows.
 */
export function areaDisagreement(
  reply: ReplyReader,
  f: TourActivityFacts,
  node: XNode,
  asked: AreaAsked,
  data: PlaceData | undefined,
): string | undefined {
  const address = addressCountries(reply, f, node);
  if (address.size === 0) return undefined;
  const outside = (cs: Iterable<string>) => ![...cs].some((c) => address.has(c));
  const regions = regionValues(reply, f, node);
  const wanted = new Set(asked.names.map(normalName));
  const namesAsked = regions.find((v) => wanted.has(normalName(v)) || asked.names.some((n) => sameSubdivision(n, v)));
  if (namesAsked && asked.countries.size && outside(asked.countries))
    return `"${namesAsked}" (the area asked, in ${[...asked.countries].join(', ')}) beside an address in ${[...address].join(', ')}`;
  const known = testDataNames(data);
  const towns = new Set(
    reply
      .placesOf(f.area)
      .filter((p) => /CityName/.test(p))
      .flatMap((p) => reply.doc.find(p, node).map((n) => normalName(n.content))),
  );
  for (const region of regions) {
    if (known.has(normalName(region)) || towns.has(normalName(region)) || !isSubdivisionName(region)) continue;
    const inCountries = subdivisionCountries(region, address);
    if (inCountries && outside(inCountries))
      return `the region "${region}" (a region of ${[...inCountries][0]}) beside an address in ${[...address].join(', ')}`;
  }
  return undefined;
}
