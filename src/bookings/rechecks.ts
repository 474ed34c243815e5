// The intents a start-up clean-up leaves open (their Commit could still land), checked again while
// the run goes on, each once its Commit can no longer land.
import { openedConfig, type RunContext } from '../run/run-context';
import { settleEntry, type CleanupOutcome } from './cancel-booking';

/**
 * The intents a start-up clean-up left open, checked again once their Commit can no longer land
 * (a timer per intent, a second after its bound), while the run still goes on. settleAtEnd stops
 * them and checks what is left.
 */
export class Rechecks {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  /** What the rechecks settled meanwhile. */
  readonly settled: Array<{ ref: string; outcome: CleanupOutcome }> = [];
  private stopped = false;

  constructor(private readonly ctx: RunContext) {}

  schedule(ref: string, landsBy: string): void {
    const delay = Math.max(0, Date.parse(landsBy) - Date.now()) + 1000;
    if (this.stopped || delay > this.ctx.config.runDeadlineMs) return; // the run ends before: settleAtEnd, or the next run
    clearTimeout(this.timers.get(ref));
    const timer = setTimeout(() => {
      this.timers.delete(ref);
      const promise = this.recheck(ref).finally(() => this.running.delete(promise));
      this.running.add(promise);
    }, delay);
    timer.unref();
    this.timers.set(ref, timer);
  }

  private async recheck(ref: string): Promise<void> {
    // the run ended meanwhile (its context closed, or a next run of this process opened its own)
    if (this.stopped || openedConfig() !== this.ctx.config) return;
    const entry = this.ctx.ledger.outstanding(this.ctx.baseUrl).find((e) => e.bookingRef === ref);
    if (!entry) return; // settled meanwhile
    try {
      const outcome = await settleEntry(this.ctx, entry);
      if (outcome.kind === 'open') this.schedule(ref, outcome.landsBy!);
      else this.settled.push({ ref, outcome });
    } catch (error) {
      this.settled.push({ ref, outcome: { ok: false, kind: 'failed', message: `the recheck failed: ${(error as Error).message}` } });
    }
  }

  /** No further recheck; waits for one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.running]);
  }
}
