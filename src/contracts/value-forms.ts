// Values as gateways write them: numbers, dates and date-times, times of day and durations, codes
// and names, xs:boolean, decimal places. Parsing and comparing only; no reply reading.

export function num(value: string | undefined): number {
  return value === undefined || value.trim() === '' ? NaN : Number(value);
}

/** yyyy-mm-dd of a date or date-time. */
export const day = (v: string | undefined) => (v ?? '').trim().slice(0, 10);

/** A calendar date or a date-time (not a recurring --mm-dd, not a time of day). */
export const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}/.test(v.trim());

export function within(date: string | undefined, start: string | undefined, end: string | undefined): boolean {
  const d = day(date);
  return !!d && !!start && !!end && d >= day(start) && d <= day(end);
}

/** Codes and names compared as gateways write them: trimmed, any case, inner spaces collapsed. */
export const sameCode = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** xs:boolean: true or 1 (white space collapsed); undefined when it is neither a true nor a false. */
export function bool(value: string | undefined): boolean | undefined {
  const t = (value ?? '').trim().toLowerCase();
  return t === 'true' || t === '1' ? true : t === 'false' || t === '0' ? false : undefined;
}

export const decimalsOf = (amount: string) => (amount.includes('.') ? amount.split('.')[1].length : 0);

/** hh:mm:ss of a time of day or of a date-time; undefined when the value shows no time. */
export function timeOf(value: string | undefined): string | undefined {
  const match = /(?:^|T)(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value?.trim() ?? '');
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : undefined;
}

/** Minutes of an xs:duration of days, hours and minutes (PT7H, PT2H30M, P1D); undefined otherwise. */
export function minutesOf(value: string | undefined): number | undefined {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+)M)?)?$/.exec(value?.trim() ?? '');
  if (!match || value!.trim() === 'P' || value!.trim() === 'PT') return undefined;
  return Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}
