// The benchmark's arithmetic: medians, ratios, the targets, and how figures are written.

/** The median of the values (mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const list = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (list.length === 0) return NaN;
  const mid = Math.floor(list.length / 2);
  return list.length % 2 === 1 ? list[mid] : (list[mid - 1] + list[mid]) / 2;
}

/** actual / reference; NaN when either is missing or the reference is not positive. */
export function ratio(actual: number, reference: number): number {
  if (!Number.isFinite(actual) || !Number.isFinite(reference) || reference <= 0) return NaN;
  return actual / reference;
}

/**
 * The targets have one form: at most `factor` x the reference plus `slackMs` of start-up
 * (main job 1.5 x the bare loop + 1 s; latency-bound --parallel 8 1.3 x the ideal + 1 s).
 */
export interface Target {
  limitMs: number;
  met: boolean;
}

export function target(actualMs: number, referenceMs: number, factor = 1.5, slackMs = 1000): Target {
  const limitMs = referenceMs * factor + slackMs;
  return { limitMs, met: Number.isFinite(actualMs) && Number.isFinite(limitMs) && actualMs <= limitMs };
}

export const verdictWord = (t: Target): 'MET' | 'NOT MET' => (t.met ? 'MET' : 'NOT MET');

/** The runner's own exchanges before any scenario, one after another: preflight, ping, credentials check. */
export const GATE_EXCHANGES = 3;

/**
 * The ideal wall time of a latency-bound run as the speed targets define it: every exchange waits `holdMs`,
 * the gate exchanges one at a time, then all of them `parallel` at a time: hold x (3 + exchanges / parallel).
 */
export function idealMs(exchanges: number, holdMs: number, parallel: number): number {
  return holdMs * (GATE_EXCHANGES + exchanges / Math.max(1, parallel));
}

/** Milliseconds as seconds with one decimal ("6.2 s"); "-" when unknown. */
export function seconds(ms: number, digits = 1): string {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(digits)} s` : '-';
}

/** Milliseconds as "840 ms" below 10 s, else seconds. */
export function duration(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  return Math.abs(ms) < 10_000 ? `${Math.round(ms)} ms` : seconds(ms);
}

/** "5.4x"; "-" when unknown. */
export function times(r: number): string {
  return Number.isFinite(r) ? `${r.toFixed(1)}x` : '-';
}

/** Kibibytes (as /proc reports them) as "123 MB" (MiB). */
export function megabytes(kb: number): string {
  return Number.isFinite(kb) && kb > 0 ? `${Math.round(kb / 1024)} MB` : '-';
}

/** "42 %" of a whole; "-" when the whole is zero. */
export function percent(part: number, whole: number): string {
  return whole > 0 && Number.isFinite(part) ? `${Math.round((100 * part) / whole)} %` : '-';
}
