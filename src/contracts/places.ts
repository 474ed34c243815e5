// Places as gateways write them. A country may be shown by its ISO 3166 code ("ES"), its English
// name ("Spain") or its own ("España"); a region by the name the test data uses, by an alias the
// test data declares ("Illes Balears" for "Mallorca"), or by a town or province the suite cannot
// place. So a shown place matches the requested one when it names the same place in any of these
// forms, contradicts it only when it names another place the suite can recognise (another country,
// another place of the test data), and otherwise leaves the question open (cannot tell).
import type { TestData } from '../core/test-data';
import { countryCode, normalName } from './countries';
import { sameSubdivision, subdivisionCountries } from './subdivisions';

export { countryCode, normalName } from './countries';

export type PlaceVerdict = 'same' | 'other' | 'unknown';

/** What one subject shows of its place besides the values judged: its countries, and its subdivision values (./subdivisions.ts). */
export interface PlacesShown {
  countries: readonly string[];
  subdivisions: readonly string[];
}

/**
 * The countries the requested place is in, when the suite can tell: a Country by its code or name;
 * a Region by a name the ISO 3166-2 datasets place in one country (its test-data name or an alias).
 */
export function requestedCountries(context: 'Country' | 'Region', names: readonly string[]): Set<string> {
  if (context === 'Country') return new Set(names.map(countryCode).filter((c): c is string => !!c));
  return new Set(names.flatMap((n) => [...(subdivisionCountries(n) ?? [])]));
}

/**
 * A value the subject shows that puts it outside the requested place's countries: a country, or a
 * subdivision the datasets place in one country (with its territories) which none of them is.
 */
export function outsideCountries(wanted: ReadonlySet<string>, placed: PlacesShown): string | undefined {
  if (wanted.size === 0) return undefined;
  for (const country of placed.countries) {
    const c = countryCode(country);
    if (c && !wanted.has(c)) return `${country} (${c})`;
  }
  for (const subdivision of placed.subdivisions) {
    const in_ = subdivisionCountries(subdivision, wanted);
    if (in_ && ![...in_].some((c) => wanted.has(c))) return `${subdivision} (a region of ${[...in_][0]})`;
  }
  return undefined;
}

/**
 * Whether the values a reply shows for one item's place name the requested place. `names` are the
 * requested place's names (its test-data name and aliases); `otherPlaces` are names of the other
 * places the test data declares; `placed`, what else the item shows of its place. 'other': one
 * value names a place the suite knows to be another (another country, another place of the test
 * data, a region of another country), whatever the others say: every placement must agree;
 * 'same': one value names the requested place (its ISO 3166-2 code and names in the datasets
 * included: "Kriti" and "GR-M" are Crete), or, for a Country, a region of that country only;
 * 'unknown': nothing can be concluded.
 */
export function placeVerdict(
  context: 'Country' | 'Region',
  shown: string[],
  names: string[],
  otherPlaces: string[],
  placed: PlacesShown = { countries: [], subdivisions: [] },
): PlaceVerdict {
  const wanted = new Set(names.map(normalName));
  const wantedCountries = requestedCountries(context, names);
  if (outsideCountries(wantedCountries, { countries: context === 'Country' ? shown : placed.countries, subdivisions: placed.subdivisions }))
    return 'other';
  const isWanted = (v: string) => context === 'Region' && names.some((n) => sameSubdivision(n, v));
  const same = (v: string) => wanted.has(normalName(v)) || (context === 'Country' ? wantedCountries.has(countryCode(v)!) : isWanted(v));
  if (shown.some(same)) return 'same';
  if (placed.subdivisions.some(isWanted)) return 'same';
  const others = new Set(otherPlaces.map(normalName).filter((o) => !wanted.has(o)));
  if (shown.some((v) => others.has(normalName(v)))) return 'other';
  // a Country shown by its regions alone: each of them in that country (and in no other)
  const inCountry = placed.subdivisions.map((s) => subdivisionCountries(s, wantedCountries)).filter((c) => c !== undefined);
  if (context === 'Country' && inCountry.length && inCountry.every((c) => [...c].some((k) => wantedCountries.has(k)))) return 'same';
  return 'unknown';
}

/** What the test data says of places: those it declares and the other names it gives them. */
export type PlaceData = Pick<TestData, 'hotelAvailability' | 'placeAliases'>;

/**
 * The places of the test data that are no country (its Region places, and the places its
 * placeAliases name), each as the set of its names (normalised): a region value names one of
 * them when it is among its names.
 */
function knownRegions(data: PlaceData): Array<{ name: string; names: Set<string> }> {
  const aliases = data.placeAliases ?? {};
  const declared = [...data.hotelAvailability.places, data.hotelAvailability.emptyPlace]
    .filter((p) => p.context === 'Region')
    .map((p) => p.name);
  const named = Object.keys(aliases).filter((k) => !countryCode(k));
  const all = [...new Map([...declared, ...named].map((n) => [normalName(n), n])).values()];
  return all.map((name) => ({ name, names: new Set([name, ...(aliases[name] ?? [])].map(normalName)) }));
}

/**
 * Why the places shown for one subject (a hotel, an activity) cannot all hold, or undefined. A
 * subject is in one country: two countries (told by ISO code, whatever name or code each is
 * written with) contradict each other, and so does a state or province (`subdivisions`: StateProv
 * values, ISO 3166-2 codes) that the ISO 3166-2 datasets place in one country only, beside another
 * country or a region of another country ("Crete" beside "Portugal"). A town, a province, a region
 * and a country never do otherwise (the suite cannot tell which contains which); two places of the
 * test data do, when neither is another name of the other (the test data's placeAliases):
 * "Mallorca" and "Crete", but not "Mallorca" and "Illes Balears" when the test data gives that alias.
 */
export function contradiction(
  countryValues: readonly string[],
  regionValues: readonly string[],
  data?: PlaceData,
  subdivisions: readonly string[] = [],
): string | undefined {
  const codes = [...new Set(countryValues.map(countryCode).filter((c): c is string => !!c))];
  if (codes.length > 1) return `several countries (${codes.join(', ')})`;
  const placed = subdivisions.map((v) => ({ v, in: subdivisionCountries(v, codes) })).filter((s) => s.in !== undefined);
  const of = (s: (typeof placed)[number]) => `${s.v} (a region of ${[...s.in!][0]})`;
  for (const s of placed) {
    if (codes.length && !s.in!.has(codes[0])) return `a region of another country beside the country: ${of(s)} and ${codes[0]}`;
    // neither a town or a region's short name of the other's country ("Santiago" beside a region of Chile)
    const apart = placed.find(
      (t) => ![...t.in!].some((c) => s.in!.has(c)) && subdivisionCountries(t.v, s.in!) && subdivisionCountries(s.v, t.in!),
    );
    if (apart) return `regions of two countries: ${of(s)} and ${of(apart)}`;
  }
  if (!data) return undefined;
  const regions = knownRegions(data);
  const shown = new Set(regionValues.map(normalName));
  const named = regions.filter((r) => [...r.names].some((n) => shown.has(n)));
  const apart = named.filter((p) => named.some((q) => q !== p && ![...p.names].some((n) => q.names.has(n))));
  return apart.length ? `places of the test data neither of which is in the other (${apart.map((p) => p.name).join(', ')})` : undefined;
}
