// The bounds of every exchange with the gateway (time, size) and the retry policy: what the
// configuration sets and the transport obeys.

export interface TransportLimits {
  /** TCP connect (+ TLS handshake, DNS lookup) of one attempt. */
  connectTimeoutMs: number;
  /** Whole exchange of one attempt, from connect to the last byte of the reply. */
  requestTimeoutMs: number;
  /**
   * Largest reply body accepted, as read and once its Content-Encoding is decoded; reading (and
   * decompression) stops as soon as it is exceeded.
   */
  maxReplyBytes: number;
}

export const DEFAULT_LIMITS: TransportLimits = Object.freeze({
  connectTimeoutMs: 5000,
  requestTimeoutMs: 30000,
  maxReplyBytes: 5 * 1024 * 1024,
});

export interface RetryPolicy {
  /** Extra attempts after the first one; 0 = off. */
  retries: number;
  /** Wait before the first retry; doubles for each further retry. */
  backoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = Object.freeze({ retries: 0, backoffMs: 500 });

export function checkLimits(limits: TransportLimits): void {
  for (const key of ['connectTimeoutMs', 'requestTimeoutMs', 'maxReplyBytes'] as const) {
    const v = limits[key];
    if (!Number.isFinite(v) || v <= 0) throw new RangeError(`transport limit ${key} must be a positive number, got ${v}`);
  }
}
