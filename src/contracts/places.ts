// Places as gateways write them. A country may be shown by its ISO 3166 code ("ES"), its English
// name ("Spain") or its own ("España"); a region by the name the test data uses, by an alias the
// test data declares ("Illes Balears" for "Mallorca"), or by a town or province the suite cannot
// place. So a shown place matches the requested one when it names the same place in any of these
// forms, contradicts it only when it names another place the suite can recognise (another country,
// another place of the test data), and otherwise leaves the question open (cannot tell).
import type { TestData } from '../core/test-data';

/** Lower case, no accents, white space collapsed: "  España " and "espana" compare equal. */
export const normalName = (v: string): string => v.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();

// Country names come from CLDR, the Unicode consortium's maintained, localised data that Node's
// ICU carries: first in the languages of the destinations OpenTravel gateways commonly serve (a
// small index, built fast), then, for a name none of them knows, in every language ICU has data for
// ("ギリシャ", "Ελλάδα", "اليونان"). A name two countries share in some language decides nothing.
const COMMON_LOCALES = ['en', 'es', 'ca', 'pt', 'fr', 'it', 'de', 'nl', 'el', 'hr', 'tr', 'sv', 'da', 'no', 'fi', 'pl', 'cs', 'ru'];
// Region codes ICU names that are no country: a union, a currency area, the world's parts, "unknown".
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ']);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
let common: Map<string, string> | undefined;
let every: Map<string, string> | undefined;

/** The code a region code stands for today (CLDR's aliases: UK is GB, SU is RU, DD is DE...). */
function canonicalCountry(code: string): string {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0].split('-')[1] ?? code;
  } catch {
    return code;
  }
}

/** A country name as compared: case and spacing aside, and accents aside in the Latin, Greek and Cyrillic scripts. */
function countryKey(v: string): string {
  const s = v.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  // elsewhere (Japanese, Bengali, Khmer...) a combining mark is part of the letter, not an accent
  return /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{P}\p{N}\s]*$/u.test(s) ? normalName(s) : s;
}

/**
 * Every country name in `locales`, and every ISO 3166-1 alpha-2 code, to its (canonical) code; a
 * name that stands for two countries (in two languages) is left out.
 */
function countryIndex(locales: readonly string[]): Map<string, string> {
  const index = new Map<string, string>();
  const shared = new Set<string>();
  const names = locales.map((l) => new Intl.DisplayNames([l], { type: 'region', fallback: 'none' }));
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (const a of LETTERS)
    for (const b of LETTERS) {
      const given = a + b;
      if (!english.of(given)) continue; // not an assigned region code
      const code = canonicalCountry(given);
      if (NOT_COUNTRIES.has(code)) continue;
      index.set(countryKey(given), code);
      for (const n of names) {
        const name = n.of(given);
        if (!name) continue;
        const key = countryKey(name);
        const known = index.get(key);
        if (known !== undefined && known !== code && !/^[a-z]{2}$/.test(key)) shared.add(key);
        else if (known === undefined) index.set(key, code);
      }
    }
  for (const key of shared) index.delete(key);
  return index;
}

/** Every language ICU has region names for (two-letter codes asked of ICU, not a list of ours). */
function icuLocales(): string[] {
  const candidates = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => (a + b).toLowerCase()));
  return Intl.DisplayNames.supportedLocalesOf(candidates);
}

/** The ISO 3166-1 alpha-2 code of a country written as its code or its name; undefined when not a country. */
export function countryCode(v: string): string | undefined {
  const key = countryKey(v);
  common ??= countryIndex(COMMON_LOCALES);
  const found = common.get(key);
  if (found !== undefined || /^[a-z]{1,2}$/.test(key)) return found;
  every ??= countryIndex(icuLocales());
  return every.get(key);
}

export type PlaceVerdict = 'same' | 'other' | 'unknown';

/**
 * Whether the values a reply shows for one item's place name the requested place. `names` are the
 * requested place's names (its test-data name and aliases); `otherPlaces` are names of the other
 * places the test data declares. 'same': one value names the requested place; 'other': none does
 * and one names a place the suite knows to be another; 'unknown': nothing can be concluded.
 */
export function placeVerdict(context: 'Country' | 'Region', shown: string[], names: string[], otherPlaces: string[]): PlaceVerdict {
  const wanted = new Set(names.map(normalName));
  const wantedCountries = new Set(context === 'Country' ? names.map(countryCode).filter(Boolean) : []);
  const same = (v: string) => wanted.has(normalName(v)) || (context === 'Country' && wantedCountries.has(countryCode(v)));
  if (shown.some(same)) return 'same';
  const others = new Set(otherPlaces.map(normalName).filter((o) => !wanted.has(o)));
  const other = (v: string) =>
    others.has(normalName(v)) || (context === 'Country' && wantedCountries.size > 0 && countryCode(v) !== undefined);
  return shown.some(other) ? 'other' : 'unknown';
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
 * written with) contradict each other. A town, a province, a region and a country never do (the
 * suite cannot tell which contains which); two places of the test data do, when neither is
 * another name of the other (the test data's placeAliases): "Mallorca" and "Crete", but not
 * "Mallorca" and "Illes Balears" when the test data gives that alias.
 */
export function contradiction(countryValues: readonly string[], regionValues: readonly string[], data?: PlaceData): string | undefined {
  const codes = [...new Set(countryValues.map(countryCode).filter((c): c is string => !!c))];
  if (codes.length > 1) return `several countries (${codes.join(', ')})`;
  if (!data) return undefined;
  const regions = knownRegions(data);
  const shown = new Set(regionValues.map(normalName));
  const named = regions.filter((r) => [...r.names].some((n) => shown.has(n)));
  const apart = named.filter((p) => named.some((q) => q !== p && ![...p.names].some((n) => q.names.has(n))));
  return apart.length ? `places of the test data neither of which is in the other (${apart.map((p) => p.name).join(', ')})` : undefined;
}
