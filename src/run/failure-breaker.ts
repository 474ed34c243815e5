// A gateway that has stopped answering: after maxConsecutiveFailures requests in a row ended in a
// transport failure (no HTTP reply at all), every further request fails at once instead of
// waiting for its own timeout: a dead gateway must not cost 138 x the request timeout. Any HTTP
// reply resets the count. The trip is shared with the run's other processes (parallel workers)
// through a marker file, and the runner reads it to end the run with exit 2.
//
// One breaker per run and process, made by the run context and handed to every exchange
// (src/transport/post-xml.ts asks it before sending and tells it how each exchange ended).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExchangeBreaker } from '../transport/post-xml';
import type { TransportFailureKind } from '../transport/transport-error';
import { BookingLedger } from '../bookings/ledger';

/** Failures that mean "no answer". A reply that is too large did answer. */
const NO_ANSWER: readonly TransportFailureKind[] = ['refused', 'dns', 'tls', 'connect-timeout', 'timeout', 'reset', 'other'];

/** What the breaker reads of the run's configuration (src/run/config's SuiteConfig is one). */
export interface BreakerConfig {
  runId: string;
  ledgerFile: string;
  maxConsecutiveFailures: number;
}

/** Where a tripped breaker leaves its marker, shared by the run's processes (same run id). */
export function breakerMarker(run: Pick<BreakerConfig, 'runId' | 'ledgerFile'>): string {
  return join(new BookingLedger(run.ledgerFile).runsDir, `${run.runId.replace(/[^\w.-]/g, '_')}.stopped`);
}

export class FailureBreaker implements ExchangeBreaker {
  private readonly max: number;
  private consecutive = 0;
  private tripped: string | undefined;

  constructor(
    maxConsecutiveFailures: number,
    /** Shared by the run's processes: a trip in one stops them all. */
    private readonly markerFile?: string,
  ) {
    this.max = maxConsecutiveFailures > 0 ? maxConsecutiveFailures : Infinity;
  }

  /** The breaker of a run: its bound from the configuration, its marker beside the ledger. */
  static forRun(run: BreakerConfig): FailureBreaker {
    return new FailureBreaker(run.maxConsecutiveFailures, breakerMarker(run));
  }

  /** Why the run's requests fail fast now ("the gateway stopped answering after ..."), or undefined. */
  stoppedAnswering(): string | undefined {
    if (this.tripped) return this.tripped;
    if (this.markerFile && existsSync(this.markerFile)) {
      try {
        this.tripped = readFileSync(this.markerFile, 'utf8').trim() || 'the gateway stopped answering';
      } catch {
        return undefined;
      }
    }
    return this.tripped;
  }

  noteOutcome(failure: { kind: TransportFailureKind; message: string } | undefined): void {
    if (!failure || !NO_ANSWER.includes(failure.kind)) {
      this.consecutive = 0;
      return;
    }
    this.consecutive++;
    if (this.consecutive >= this.max && !this.tripped) {
      this.tripped = `the gateway stopped answering after ${this.consecutive} consecutive transport failures (OTA_MAX_CONSECUTIVE_FAILURES=${this.max}); last: ${failure.message}`;
      if (this.markerFile) {
        try {
          writeFileSync(this.markerFile, this.tripped);
        } catch {
          // this process still fails fast; the others find out for themselves
        }
      }
    }
  }
}
