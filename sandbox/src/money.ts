// Prices are kept in EUR in the data; replies may ask for another currency and a number of
// decimals (CurrencyDecimal). Rounding happens once per per-person amount; totals are computed in
// minor units so that total = quantity x unit exactly as written.
import { err } from './errors';

/** Fixed sandbox exchange rates from EUR (JPY has no minor unit, KWD three: ISO 4217). */
export const RATES: Record<string, number> = { EUR: 1, GBP: 0.85, USD: 1.08, CHF: 0.94, JPY: 162, KWD: 0.33 };

/** ISO 4217 minor units of the currencies above (the decimals of each). */
export const MINOR_UNIT: Record<string, number> = { EUR: 2, GBP: 2, USD: 2, CHF: 2, JPY: 0, KWD: 3 };

export interface MoneyFormat {
  currency: string;
  decimals: number;
}
export const EUR2: MoneyFormat = { currency: 'EUR', decimals: 2 };

export function moneyFormat(currency: string | undefined, decimals: string | undefined): MoneyFormat {
  const cur = (currency ?? 'EUR').trim().toUpperCase();
  if (!(cur in RATES)) throw err.invalid(`Currency ${cur} is not supported (supported: ${Object.keys(RATES).join(', ')})`);
  let d = 2;
  if (decimals !== undefined && decimals.trim() !== '') {
    if (!/^\d+$/.test(decimals.trim())) throw err.invalid(`CurrencyDecimal '${decimals}' is not a whole number`);
    d = Number(decimals.trim());
    if (d > 3) throw err.invalid(`CurrencyDecimal ${d} is not supported (0 to 3)`);
  }
  return { currency: cur, decimals: d };
}

/** Converts a EUR amount and rounds it to the format's decimals; returns minor units. */
export function toMinor(eur: number, moneyFormat: MoneyFormat): number {
  return Math.round(eur * RATES[moneyFormat.currency] * 10 ** moneyFormat.decimals);
}
export function minorToNumber(minor: number, moneyFormat: MoneyFormat): number {
  return minor / 10 ** moneyFormat.decimals;
}
/** Writes minor units with exactly f.decimals digits after the point. */
export function fmtMinor(minor: number, moneyFormat: MoneyFormat): string {
  const neg = minor < 0;
  const s = String(Math.abs(minor)).padStart(moneyFormat.decimals + 1, '0');
  const out = moneyFormat.decimals === 0 ? s : `${s.slice(0, -moneyFormat.decimals)}.${s.slice(-moneyFormat.decimals)}`;
  return neg ? `-${out}` : out;
}
