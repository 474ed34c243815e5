// Which failures are tried again, and how long to wait between attempts. Only infrastructure
// failures are ever retried, never a reply that could be judged (200, 4xx, 500, ...).
import type { RetryPolicy } from './limits';
import type { TransportFailureKind } from './transport-error';

/** Failures that say nothing about the gateway's conformance; the only ones ever retried. */
export const RETRYABLE_KINDS: readonly TransportFailureKind[] = ['refused', 'connect-timeout', 'timeout', 'reset'];
export const RETRYABLE_STATUSES: readonly number[] = [502, 503, 504];
// For a non-idempotent operation (a booking) the request may have been processed when a reply
// times out, is reset or comes back 502/504 from a proxy; only retry what surely never reached it.
const RETRYABLE_KINDS_NON_IDEMPOTENT: readonly TransportFailureKind[] = ['refused', 'connect-timeout'];
const RETRYABLE_STATUSES_NON_IDEMPOTENT: readonly number[] = [503];

export interface RetryRule {
  kinds: readonly TransportFailureKind[];
  statuses: readonly number[];
  /** The first attempt and the retries the policy allows. */
  maxAttempts: number;
}

export function retryRule(policy: RetryPolicy, idempotent: boolean): RetryRule {
  return {
    kinds: idempotent ? RETRYABLE_KINDS : RETRYABLE_KINDS_NON_IDEMPOTENT,
    statuses: idempotent ? RETRYABLE_STATUSES : RETRYABLE_STATUSES_NON_IDEMPOTENT,
    maxAttempts: 1 + Math.max(0, Math.floor(policy.retries || 0)),
  };
}

/** Waits before attempt n + 1: backoffMs, doubled for each further retry. */
export function backOff(policy: RetryPolicy, n: number): Promise<void> {
  return new Promise<void>((r) => setTimeout(r, Math.max(0, policy.backoffMs) * 2 ** (n - 1)));
}
