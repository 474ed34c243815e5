// Country subdivisions (ISO 3166-2) from two maintained npm data packages, never a table of ours:
// cldr-subdivisions-full (the Unicode consortium's CLDR names: English for every subdivision, other
// languages for some; Unicode licence) and country-region-data (the names written locally, as ISO
// lists them: "Krítí", "Illes Balears", "Lisboa"; MIT). They tell which country a region a reply
// shows is in, so that "Crete" beside CountryName "Portugal" is a contradiction.
//
// False blame is the danger: one name is often a region of several countries ("Limburg",
// "Georgia", "Luxembourg", "Granada"), a country too, or a town elsewhere (a town of Ohio is named
// Lima). So a name places a subject only when the datasets know it in exactly one country and it is
// no country's name; only an ISO 3166-2 code ("GR-M") places it wherever it is written, a name only
// where OpenTravel writes a state or province (StateProv: see SUBDIVISION_PLACES), never in a town
// or county (a county of Florida and a town of Ohio may bear a foreign region's name). Nor is a
// name placed in another country than one it is shown beside when it is a town of that one
// (./towns.ts: "Guadalajara" beside Mexico, though Spain's is the only province so named) or the
// first words of one of its regions' names ("Santiago" beside Chile: CLDR's "Santiago Metropolitan").
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { countryCode, normalName } from './countries';
import { townCountries } from './towns';
import type { Fact, ReplyReader } from './reader';
import type { XNode } from '../xml/xml';

/** The placements of an address that hold a state or province (OpenTravel's StateProv), not a town or a county. */
export const SUBDIVISION_PLACES = /StateProv/;
/** An ISO 3166-2 code: the country's alpha-2 code, a hyphen, one to three letters or digits. */
const ISO_3166_2 = /^([A-Za-z]{2})-([A-Za-z0-9]{1,3})$/;

interface Subdivision {
  /** Its country, and the countries it is also listed as (Guadeloupe, FR-971, is GP too; US-GU is GU). */
  countries: Set<string>;
  names: Set<string>;
}

let byCode: Map<string, Subdivision> | undefined;
/** A normalised name to the ISO 3166-2 codes of the subdivisions so named. */
let codesByName: Map<string, Set<string>> | undefined;
/** A normalised name to the countries that have a subdivision of that name (owners), and those it may be told as. */
let byName: Map<string, { owners: Set<string>; countries: Set<string> }> | undefined;
let countryNames: Array<[string, string]> | undefined;
/** A country to the (normalised) names of its own subdivisions. */
let namesByCountry: Map<string, string[]> | undefined;
/** A subdivision's name (normalised) to the countries with a town of that name: read only when a name is shown beside another country. */
let towns: Map<string, Set<string>> | undefined;

/** CLDR's subdivision names, every language: "grm" -> ["Crete", ...]. */
function cldrNames(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  const root = join(dirname(require.resolve('cldr-subdivisions-full/package.json')), 'subdivisions');
  // one folder per language, holding its file ("sr-Latn/sr_Latn.json")
  const files = readdirSync(root).flatMap((l) => readdirSync(join(root, l)).map((f) => join(root, l, f)));
  for (const path of files.filter((f) => f.endsWith('.json'))) {
    const file = JSON.parse(readFileSync(path, 'utf8')) as {
      subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } };
    };
    for (const [key, name] of Object.entries(file.subdivisions.localeDisplayNames.subdivisions))
      names.set(key, [...(names.get(key) ?? []), name]);
  }
  return names;
}

/** country-region-data's regions: "GR-M" -> ["Krítí"]; a name written with a slash ("Araba/Álava") is each of its parts. */
function localNames(): Map<string, string[]> {
  const data = JSON.parse(readFileSync(require.resolve('country-region-data/data.json'), 'utf8')) as Array<{
    countryShortCode: string;
    regions: Array<{ name: string; shortCode?: string }>;
  }>;
  const names = new Map<string, string[]>();
  for (const c of data)
    for (const region of c.regions) {
      const key = `${c.countryShortCode}-${region.shortCode ?? region.name}`.toUpperCase();
      names.set(key, [...(names.get(key) ?? []), region.name, ...region.name.split('/').map((p) => p.trim())]);
    }
  return names;
}

/** The countries a subdivision may be told as: its own, and any country one of its names names. */
function countriesOf(country: string, code: string, names: string[]): Set<string> {
  const all = new Set([country]);
  // not the letters after the hyphen of its code: ES-MA is Málaga, not Morocco; a territory is one by its names
  for (const n of names) {
    const c = countryCode(n);
    if (c) all.add(c);
  }
  // "Svalbard" (NO-21) and "Svalbard & Jan Mayen" (SJ): a territory written as the start of its own country's name
  const keys = names.filter((n) => n.length > 3).map(normalName);
  for (const [c, name] of englishCountries()) if (keys.some((k) => name.startsWith(k))) all.add(c);
  return all;
}

/** Every country's English name (normalised), by its ISO 3166-1 code. */
function englishCountries(): Array<[string, string]> {
  if (countryNames) return countryNames;
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  countryNames = letters
    .flatMap((a) => letters.map((b) => a + b))
    .flatMap((letter): Array<[string, string]> => {
      const name = english.of(letter);
      return name && countryCode(letter) ? [[letter, normalName(name)]] : [];
    });
  return countryNames;
}

function load(): void {
  if (byCode) return;
  const cldr = cldrNames();
  const local = localNames();
  const codes = new Map<string, string[]>();
  for (const [key, names] of cldr) codes.set(`${key.slice(0, 2)}-${key.slice(2)}`.toUpperCase(), names);
  for (const [key, names] of local) codes.set(key, [...(codes.get(key) ?? []), ...names]);
  byCode = new Map();
  byName = new Map();
  codesByName = new Map();
  namesByCountry = new Map();
  for (const [code, names] of codes) {
    const country = countryCode(code.slice(0, 2));
    if (!country) continue;
    const subdivision: Subdivision = { countries: countriesOf(country, code, names), names: new Set(names.map(normalName)) };
    byCode.set(code, subdivision);
    namesByCountry.set(country, [...(namesByCountry.get(country) ?? []), ...subdivision.names]);
    for (const n of subdivision.names) {
      const known = byName.get(n) ?? { owners: new Set<string>(), countries: new Set<string>() };
      known.owners.add(country);
      for (const c of subdivision.countries) known.countries.add(c);
      byName.set(n, known);
      codesByName.set(n, (codesByName.get(n) ?? new Set()).add(code));
    }
  }
}

/**
 * The countries a region value places its subject in, when the datasets tell: an ISO 3166-2 code
 * ("GR-M", "es-pm"), or a subdivision name they know in one country only (with the countries it is
 * also listed as: a territory). Undefined when unknown, when several countries have a subdivision
 * of that name, or when it names a country (a country is no subdivision to judge here).
 */
export function subdivisionCountries(value: string, beside: Iterable<string> = []): ReadonlySet<string> | undefined {
  load();
  const v = value.trim();
  const code = ISO_3166_2.exec(v);
  if (code) return byCode!.get(v.toUpperCase())?.countries;
  if (countryCode(v)) return undefined;
  const found = byName!.get(normalName(v));
  // a name several countries share ("Limburg": NL and BE) tells nothing; one country with its territories does
  if (!found || found.owners.size !== 1) return undefined;
  // ... unless it is a town, or a region's short name, of a country it is shown beside
  return [...beside].some((c) => !found.countries.has(c) && placeOf(v, c)) ? undefined : found.countries;
}

/**
 * Whether a name is a place of `country` though the subdivision datasets may know it elsewhere: a
 * town of that country (./towns.ts), or the first words of the name of one of its subdivisions
 * ("Santiago": "Santiago Metropolitan", Chile).
 */
function placeOf(value: string, country: string): boolean {
  const name = normalName(value);
  if (namesByCountry!.get(country)?.some((n) => n === name || n.startsWith(`${name} `) || n.startsWith(`${name}-`))) return true;
  towns ??= townCountries(new Set(byName!.keys()));
  return towns.get(name)?.has(country) ?? false;
}

/** The ISO 3166-2 code a value stands for: itself when it is one, else that of the one subdivision so named; undefined when none or several. */
export function subdivisionCode(value: string): string | undefined {
  load();
  const v = value.trim();
  if (ISO_3166_2.test(v)) return byCode!.has(v.toUpperCase()) ? v.toUpperCase() : undefined;
  const codes = codesByName!.get(normalName(v));
  return codes?.size === 1 ? [...codes][0] : undefined;
}

/** Whether two values name one subdivision ("Crete", "Kriti", "GR-M"), each unambiguously. */
export function sameSubdivision(a: string, b: string): boolean {
  const code = subdivisionCode(a);
  return code !== undefined && code === subdivisionCode(b);
}

/** The values of `f` a subject shows that may place it by subdivision: at its StateProv placements, and ISO 3166-2 codes anywhere. */
export function subdivisionValues(reply: ReplyReader, fact: Fact, within?: XNode): string[] {
  reply.noteRead(fact, within);
  const values = reply.placesOf(fact).flatMap((p) =>
    reply.doc
      .find(p, within)
      .map((n) => n.content.trim())
      .filter((v) => v !== '' && (SUBDIVISION_PLACES.test(p) || isSubdivisionCode(v))),
  );
  return [...new Set(values)];
}

/**
 * Reads the datasets now (the towns too, else read when a name is first shown beside another
 * country). They take seconds to read on a loaded host: a run reads them before its first request,
 * so that no rule stalls it between two requests longer than a gateway keeps an idle keep-alive
 * connection open (the next exchange would be reset with no reply).
 */
export function preloadSubdivisions(): void {
  load();
  towns ??= townCountries(new Set(byName!.keys()));
}

/** Whether the datasets know a subdivision of this name in some country ("Granada": a province of Spain, though Spanish names Grenada so). */
export function isSubdivisionName(value: string): boolean {
  load();
  return byName!.has(normalName(value));
}

/** Whether a value is an ISO 3166-2 code: it places a subject wherever it is written. */
export const isSubdivisionCode = (value: string): boolean => ISO_3166_2.test(value.trim());
