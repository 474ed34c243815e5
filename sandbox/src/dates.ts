// Dates are handled as ISO strings and UTC-midnight Dates, so no local time zone leaks in.
import { err } from './errors';
import type { MonthDayRange } from './data';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function validYmd(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isIsoDate(s: string): boolean {
  const match = DATE_RE.exec(s);
  return !!match && validYmd(+match[1], +match[2], +match[3]);
}
export function isIsoDateTime(s: string): boolean {
  const match = DATETIME_RE.exec(s);
  return (
    !!match && validYmd(+match[1], +match[2], +match[3]) && +match[4] < 24 && +match[5] < 60 && (match[6] === undefined || +match[6] < 60)
  );
}

export function toDate(s: string): Date {
  return new Date(`${s.slice(0, 10)}T00:00:00Z`);
}
export function fmtDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
export function addDays(s: string, n: number): string {
  const date = toDate(s);
  date.setUTCDate(date.getUTCDate() + n);
  return fmtDate(date);
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

export function inMonthDayRange(date: string, monthDayRange: MonthDayRange): boolean {
  const md = date.slice(5, 10);
  return monthDayRange.from <= monthDayRange.to
    ? md >= monthDayRange.from && md <= monthDayRange.to
    : md >= monthDayRange.from || md <= monthDayRange.to;
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

/** Time zone of each country of the data (variant zoned-dates); UTC for any other. */
const ZONES: Record<string, string> = {
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  GR: 'Europe/Athens',
  IT: 'Europe/Rome',
  FR: 'Europe/Paris',
};
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Offset (minutes east of UTC) of a time zone at an instant. */
function offsetAt(zone: string, ms: number): number {
  let dateTimeFormat = zoneFormats.get(zone);
  if (!dateTimeFormat) {
    dateTimeFormat = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    zoneFormats.set(zone, dateTimeFormat);
  }
  const name = dateTimeFormat.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * A local date-time (yyyy-mm-ddThh:mm[:ss], the place's wall clock) with the UTC offset of the
 * country's time zone at that moment: 2030-06-01T09:00:00+02:00 (variant zoned-dates).
 */
export function withOffset(local: string, countryCode: string): string {
  const wall = dateTimeMs(local);
  const zone = ZONES[countryCode.toUpperCase()];
  let off = 0;
  if (zone) {
    off = offsetAt(zone, wall);
    off = offsetAt(zone, wall - off * 60_000);
  }
  const sign = off < 0 ? '-' : '+';
  const a = Math.abs(off);
  return `${fmtDateTime(wall)}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}
