// Countries as gateways write them: an ISO 3166 code ("ES"), or a name in any language ("Spain",
// "España", "ギリシャ"), told by CLDR's localised names that Node's ICU carries.

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
function countryKey(value: string): string {
  const s = value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
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
      for (const displayNames of names) {
        const name = displayNames.of(given);
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
export function countryCode(value: string): string | undefined {
  const key = countryKey(value);
  common ??= countryIndex(COMMON_LOCALES);
  const found = common.get(key);
  if (found !== undefined || /^[a-z]{1,2}$/.test(key)) return found;
  every ??= countryIndex(icuLocales());
  return every.get(key);
}

// Which countries are independent, from a maintained data package (world-countries, the data
// ODbL), never a list of ours: a dependent territory (GP, PF, AW, GL, PR...) may be filed under
// its sovereign's country by one placement and under its own ISO 3166-1 code by another.
let independent: ReadonlySet<string> | undefined;

/** Whether a code is a dependent territory, or no country the data knows (IC): one place may be written under it or under another country. */
export function isDependentOrUnknown(code: string): boolean {
  independent ??= new Set(
    (require('world-countries') as Array<{ cca2: string; independent: boolean | null }>).filter((c) => c.independent).map((c) => c.cca2),
  );
  return !independent.has(code.toUpperCase());
}
