// The Alba gateway's own data (catalogue.json), typed, and the calendar it sells on.
import raw from './catalogue.json';

export type CategoryCode = '10' | '8';
export interface Season {
  /** MM-DD, inclusive; a season may run over the new year (11-01 to 03-31). */
  from: string;
  to: string;
}
export interface Room {
  code: string;
  name: string;
  maxAdults: number;
  maxGuests: number;
}
export interface Hotel {
  code: string;
  name: string;
  brand: string;
  country: string;
  region: string;
  province: string;
  city: string;
  street: string;
  postalCode: string;
  /** Where it is (decimal degrees): literal hotel descriptive data shows it as HotelInfo/Position. */
  latitude: number;
  longitude: number;
  description: string;
  rooms: Room[];
  seasons: Array<Season & { prices: Record<string, number> }>;
}
/** A tour activity / product (the spec: one TourActivityID), with the constraints it shows and honours. */
export interface Product {
  code: string;
  name: string;
  supplierProductCode: string;
  supplierServiceCode: string;
  region: string;
  country: string;
  city: string;
  street: string;
  postalCode: string;
  description: string;
  /** hh:mm, the time the activity starts on every day it runs. */
  start: string;
  duration: string;
  days: string[];
  seasons: Season[];
  /** null: ticket only, no transport (meet at the place). */
  pickup: { time: string; hotels: string[] } | null;
  minAge: number;
  minParty: number;
  prices: Record<CategoryCode, number>;
}
export interface Vehicle {
  code: string;
  name: string;
  /** OpenTravel List_VehCategory word. */
  category: string;
  capacity: number;
  adapted: boolean;
  perPerson?: Record<CategoryCode, number>;
  perVehicle?: number;
}

export const DATA = raw as unknown as {
  credentials: { requestorId: string; requestorContext: string; user: string; password: string };
  categories: Record<CategoryCode, { word: string; minAge: number; maxAge: number }>;
  currencies: Record<string, { rate: number; decimals: number }>;
  countries: Record<string, string>;
  hotels: Hotel[];
  products: Product[];
  airports: Record<string, { region: string; name: string }>;
  hotelLocationType: string;
  vehicles: Vehicle[];
  departurePickupHours: number;
  cancellation: { freeUntilDaysBefore: number; percentAfter: number };
};

export const CREDENTIALS = DATA.credentials;

// Calendar dates are yyyy-mm-dd strings; arithmetic in UTC so that no zone shifts a day.
const asUtc = (d: string) => new Date(`${d}T00:00:00Z`);
export const addDays = (d: string, n: number): string => new Date(asUtc(d).getTime() + n * 86_400_000).toISOString().slice(0, 10);
export const daysBetween = (a: string, b: string): number => Math.round((asUtc(b).getTime() - asUtc(a).getTime()) / 86_400_000);
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const weekday = (d: string): string => WEEKDAYS[asUtc(d).getUTCDay()];
export function today(): string {
  const date = new Date();
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
export const isDate = (s: string | undefined): s is string =>
  !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(asUtc(s).getTime()) && asUtc(s).toISOString().startsWith(s);
export const isDateTime = (s: string | undefined): s is string =>
  !!s && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(s) && isDate(s.slice(0, 10));

export function inSeason(d: string, season: Season): boolean {
  const md = d.slice(5);
  return season.from <= season.to ? md >= season.from && md <= season.to : md >= season.from || md <= season.to;
}
/** The concrete dates of the season that holds `d` (a season over the new year spans two years). */
export function seasonSpan(d: string, season: Season): { start: string; end: string } {
  const y = Number(d.slice(0, 4));
  if (season.from <= season.to) return { start: `${y}-${season.from}`, end: `${y}-${season.to}` };
  return d.slice(5) >= season.from
    ? { start: `${y}-${season.from}`, end: `${y + 1}-${season.to}` }
    : { start: `${y - 1}-${season.from}`, end: `${y}-${season.to}` };
}

export const hotelByCode = (code: string | undefined) => DATA.hotels.find((h) => h.code.toUpperCase() === code?.toUpperCase());
export const countryName = (code: string) => DATA.countries[code] ?? code;
export const productByCode = (code: string | undefined) => DATA.products.find((p) => p.code.toUpperCase() === code?.toUpperCase());
export const runsOn = (o: Product, d: string) => o.days.includes(weekday(d)) && o.seasons.some((s) => inSeason(d, s));

/** An amount in the gateway's currency (EUR) converted and rounded to the currency's minor unit. */
export function convert(eur: number, currency: string): number {
  const c = DATA.currencies[currency];
  const f = 10 ** c.decimals;
  return Math.round(eur * c.rate * f) / f;
}
