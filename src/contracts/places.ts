// Places as gateways write them. A country may be shown by its ISO 3166 code ("ES"), its English
// name ("Spain") or its own ("España"); a region by the name the test data uses, by an alias the
// test data declares ("Illes Balears" for "Mallorca"), or by a town or province the suite cannot
// place. So a shown place matches the requested one when it names the same place in any of these
// forms, contradicts it only when it names another place the suite can recognise (another country,
// another place of the test data), and otherwise leaves the question open (cannot tell).

/** Lower case, no accents, white space collapsed: "  España " and "espana" compare equal. */
export const normalName = (v: string): string => v.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();

// Languages whose country names the suite recognises (Node ships full ICU): those of the
// destinations OpenTravel gateways commonly serve, and English.
const LOCALES = ['en', 'es', 'ca', 'pt', 'fr', 'it', 'de', 'nl', 'el', 'hr', 'tr', 'sv', 'da', 'no', 'fi', 'pl', 'cs', 'ru'];
let countries: Map<string, string> | undefined;

/** Every country name (in LOCALES) and ISO 3166-1 alpha-2 code, normalised, to its code. */
function countryIndex(): Map<string, string> {
  if (countries) return countries;
  countries = new Map();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const names = LOCALES.map((l) => new Intl.DisplayNames([l], { type: 'region', fallback: 'none' }));
  for (const a of letters)
    for (const b of letters) {
      const code = a + b;
      const en = names[0].of(code);
      if (!en) continue; // not an assigned region code
      countries.set(normalName(code), code);
      for (const n of names) {
        const name = n.of(code);
        if (name && !countries.has(normalName(name))) countries.set(normalName(name), code);
      }
    }
  return countries;
}

/** The ISO 3166-1 alpha-2 code of a country written as its code or its name; undefined when not a country. */
export const countryCode = (v: string): string | undefined => countryIndex().get(normalName(v));

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
