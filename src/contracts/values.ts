// Small comparisons the contracts share: numbers, date windows, category counts.
export function num(v: string | undefined): number {
  return v === undefined || v.trim() === '' ? NaN : Number(v);
}

/** yyyy-mm-dd of a date or date-time. */
export const day = (v: string | undefined) => (v ?? '').slice(0, 10);

export function within(date: string | undefined, start: string | undefined, end: string | undefined): boolean {
  const d = day(date);
  return !!d && !!start && !!end && d >= day(start) && d <= day(end);
}

/** "10:2, 8:1": category code → quantity, zero quantities left out, sorted for comparison. */
export function countsText(pairs: Array<[string | undefined, string | undefined]>): string {
  const m = new Map<string, number>();
  for (const [code, qty] of pairs) {
    const q = num(qty);
    if (!code || !(q > 0)) continue;
    m.set(code.trim(), (m.get(code.trim()) ?? 0) + q);
  }
  return [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([c, q]) => `${c}:${q}`).join(', ') || '(none)';
}

export const decimalsOf = (amount: string) => (amount.includes('.') ? amount.split('.')[1].length : 0);
