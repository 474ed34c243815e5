// Small request-reading helpers shared by the handlers; each throws the right OtaError.
import { addDays } from '../dates';
import { err, noMatch, type OtaWarning } from '../errors';
import type { Country } from '../data';
import type { Variants } from '../variants';
import { el, tel, type Attrs, type XNode } from '../xml';
import type { Ctx, OpResult } from './types';

export function attr(node: XNode | undefined, name: string, where: string): string {
  const value = node?.attrs[name];
  if (value === undefined || value.trim() === '') throw err.missing(`${where}/@${name}`);
  return value.trim();
}
export function optAttr(node: XNode | undefined, name: string): string | undefined {
  const value = node?.attrs[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
export function need<T>(v: T | undefined, where: string): T {
  if (v === undefined) throw err.missing(where);
  return v;
}
/** A non-negative whole number. */
export function count(value: string, where: string): number {
  if (!/^\d+$/.test(value.trim())) throw err.invalid(`${where} '${value}' is not a whole number`);
  const n = Number(value.trim());
  if (n > 999) throw err.invalid(`${where} ${n} is above 999`);
  return n;
}
export function bool(value: string | undefined, where: string, dflt = false): boolean {
  if (value === undefined) return dflt;
  const t = value.trim().toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw err.invalid(`${where} '${value}' is not a boolean`);
}

/** Participant / guest categories the sandbox knows (OTA AQC). */
export const CATEGORY_TEXT: Record<string, string> = { '10': 'Adult', '8': 'Child', '11': 'Senior ' };
export function category(code: string, where: string): string {
  const c = code.trim();
  if (!(c in CATEGORY_TEXT)) throw err.invalid(`${where} '${c}' is not a known category (10 adult, 8 child, 11 senior)`);
  return c;
}
/**
 * QualifierInfo in tour activity replies: schema enum text + the numeric code in @Extension; under
 * variant participant-category-ota the numeric code as text, as the spec's requests write it.
 */
export function qualifierInfo(code: string, variants: Variants): string {
  if (variants.has('participant-category-ota')) return tel('QualifierInfo', {}, code);
  return tel('QualifierInfo', { Extension: code }, CATEGORY_TEXT[code]);
}

/**
 * Pricing/ParticipantCategory: per-person price and quantity of one category. The quantity goes
 * in TPA_Extensions/ParticipantCount (2016B has no Quantity there), or under variant
 * participant-category-ota in @Quantity (the spec's ParticipantCount form).
 */
export function participantCategory(code: string, price: Attrs, quantity: number, variants: Variants): string {
  if (variants.has('participant-category-ota')) {
    return el('ParticipantCategory', { Quantity: quantity }, qualifierInfo(code, variants), el('Price', price));
  }
  return el(
    'ParticipantCategory',
    {},
    qualifierInfo(code, variants),
    el('Price', price),
    el('TPA_Extensions', {}, el('ParticipantCount', { Quantity: quantity })),
  );
}

/**
 * "Nothing matches": Success with a Warning, or (variant no-warning-when-empty) Success alone, or
 * (variant refuse-when-nothing-matches) a refusal carrying the Warning's Type, Code and ShortText.
 */
export function emptyResult(ctx: Ctx, warning: OtaWarning): OpResult {
  if (ctx.variants.has('refuse-when-nothing-matches')) throw noMatch(warning);
  return { content: '', warnings: ctx.variants.has('no-warning-when-empty') ? [] : [warning] };
}

/**
 * Variant inventory-for-test-data-dates: availability is loaded for the test data's own stay only
 * (its offsetDays from today, its nights: sandbox/data/test-data.json), so a search with any other
 * first or last date matches nothing. `from` and `to` are the search's dates as asked.
 */
export const TEST_DATA_OFFSET_DAYS = 30;
export const TEST_DATA_NIGHTS = 3;
export function testDataStay(ctx: Ctx): { start: string; end: string } {
  const start = addDays(ctx.today, TEST_DATA_OFFSET_DAYS);
  return { start, end: addDays(start, TEST_DATA_NIGHTS) };
}
export function outsideInventory(ctx: Ctx, from: string, to: string): boolean {
  if (!ctx.variants.has('inventory-for-test-data-dates')) return false;
  const stay = testDataStay(ctx);
  return from.slice(0, 10) !== stay.start || to.slice(0, 10) !== stay.end;
}

/** Variant capacity-limit: the largest party the gateway has availability for. */
export const MAX_PARTY = 4;
export function overCapacity(ctx: Ctx, persons: number): boolean {
  return ctx.variants.has('capacity-limit') && persons > MAX_PARTY;
}

/** Variant address-local-names: countries in their own language (ISO 3166-1 alpha-2 code -> name). */
const LOCAL_COUNTRY: Record<string, string> = { ES: 'España', IT: 'Italia', GR: 'Ελλάδα', PT: 'Portugal', FR: 'France' };
/** Variant address-local-names: the official first-level region of each area of the data. */
const ADMIN_REGION: Record<string, string> = { Mallorca: 'Illes Balears', Crete: 'Κρήτη', Algarve: 'Faro', Sicily: 'Sicilia' };

/**
 * Variant address-region-codes: each area's ISO 3166-2 subdivision, by its code, and by its
 * official name where ISO names the area otherwise (an island keeps its own name beside its
 * province's code: Mallorca is no subdivision of its own).
 */
const ISO_REGION: Record<string, { code: string; name?: string }> = {
  Mallorca: { code: 'ES-PM' },
  Algarve: { code: 'PT-08', name: 'Faro' },
  Crete: { code: 'GR-M', name: 'Kríti' },
  Sicily: { code: 'IT-82', name: 'Sicilia' },
};

/** A place's StateProv as the variants want it: its text, and its StateCode under address-region-codes. */
export interface StateShown {
  region: string;
  stateCode?: string;
}

/** An area's StateProv as the variants want it (address-region-codes: the ISO 3166-2 code and official name). */
export function stateProv(region: string, variants: Variants): StateShown {
  const iso = variants.has('address-region-codes') ? ISO_REGION[region] : undefined;
  return iso ? { region: iso.name ?? region, stateCode: iso.code } : { region };
}

/** A hotel's StateProv and CountryName as the variants want them. */
export function hotelPlace(region: string, country: Country, variants: Variants): StateShown & { country: Country } {
  if (!variants.has('address-local-names')) return { ...stateProv(region, variants), country };
  return {
    region: ADMIN_REGION[region] ?? region,
    country: { code: country.code, name: LOCAL_COUNTRY[country.code.toUpperCase()] ?? country.name },
  };
}

/** Address block in OTA AddressType order; `state` is the StateProv (none: not shown). */
export function address(
  city: string,
  state: StateShown | string | undefined,
  country: Country,
  line?: string,
  postalCode?: string,
): string {
  const stateShown = typeof state === 'string' ? { region: state } : state;
  return el(
    'Address',
    {},
    line ? tel('AddressLine', {}, line) : '',
    tel('CityName', {}, city),
    postalCode ? tel('PostalCode', {}, postalCode) : '',
    stateShown !== undefined ? tel('StateProv', { StateCode: stateShown.stateCode }, stateShown.region) : '',
    tel('CountryName', { Code: country.code }, country.name),
  );
}

/** Case-insensitive code match. */
export function same(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}
