// Dates are handled as ISO strings and UTC-midnight Dates, so no local time zone leaks in.
import { err } from './errors';
import type { MonthDayRange } from './data';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function validYmd(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

export function isIsoDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  return !!m && validYmd(+m[1], +m[2], +m[3]);
}
export function isIsoDateTime(s: string): boolean {
  const m = DATETIME_RE.exec(s);
  return !!m && validYmd(+m[1], +m[2], +m[3]) && +m[4] < 24 && +m[5] < 60 && (m[6] === undefined || +m[6] < 60);
}

export function toDate(s: string): Date {
  return new Date(`${s.slice(0, 10)}T00:00:00Z`);
}
export function fmtDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}
export function addDays(s: string, n: number): string {
  const d = toDate(s);
  d.setUTCDate(d.getUTCDate() + n);
  return fmtDate(d);
}
export function daysBetween(a: string, b: string): number {
  return Math.round((toDate(b).getTime() - toDate(a).getTime()) / 86_400_000);
}
export function weekday(s: string): string {
  return WEEKDAYS[toDate(s).getUTCDay()];
}
/** A date-time without zone, read as UTC (the sandbox's clock is UTC too). */
export function dateTimeMs(s: string): number {
  const full = s.length === 16 ? `${s}:00` : s;
  return new Date(`${full}Z`).getTime();
}
/** Formats epoch ms as yyyy-mm-ddThh:mm:ss (no zone), the spec's date-time form. */
export function fmtDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

export function inMonthDayRange(date: string, r: MonthDayRange): boolean {
  const md = date.slice(5, 10);
  return r.from <= r.to ? md >= r.from && md <= r.to : md >= r.from || md <= r.to;
}

/** A required ISO date that is not in the past (today counts). */
export function requireDate(value: string | undefined, field: string, today: string): string {
  if (value === undefined || value.trim() === '') throw err.missing(field);
  const v = value.trim();
  if (!isIsoDate(v)) throw err.date(`${field} '${v}' is not an ISO 8601 date (yyyy-mm-dd)`);
  if (v < today) throw err.date(`${field} ${v} is in the past`);
  return v;
}
/** A required ISO date-time (yyyy-mm-ddThh:mm[:ss]) whose date is not in the past. */
export function requireDateTime(value: string | undefined, field: string, today: string): string {
  if (value === undefined || value.trim() === '') throw err.missing(field);
  const v = value.trim();
  if (!isIsoDateTime(v)) throw err.date(`${field} '${v}' is not an ISO 8601 date-time (yyyy-mm-ddThh:mm:ss)`);
  if (v.slice(0, 10) < today) throw err.date(`${field} ${v} is in the past`);
  return v;
}
/** Start/End pair: both valid, End not before Start. */
export function requireRange(start: string, end: string, startField: string, endField: string): void {
  if (end < start) throw err.dateRange(`${endField} ${end} is before ${startField} ${start}`);
}
