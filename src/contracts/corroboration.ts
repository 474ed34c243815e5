// Corroboration: what the gateway's own descriptive operations say of an item that a reply names
// only by its code. A rule that needs such a fact (where a hotel is) and finds it nowhere in the
// reply asks for it (Rule.needs); the World sends one descriptive request per code per process
// (hotel descriptive data for a hotel code), through the same transport and bounds as every other
// exchange, and hands the rule what it showed. Cannot tell only when no operation shows the fact.
//
// The requests are bounded (CorroborationBudget): a cap per descriptive operation for the whole
// run, and an operation that keeps failing is not asked again. Their failures are that operation's
// own (never the run's "gateway stopped answering" breaker's), and a description counts only for
// the subject it names (./descriptive-reply.ts).
import type { ExchangeBreaker } from '../transport/post-xml';

/** An item a rule needs described: a hotel by its code, an activity by its TourActivityID. */
export interface Need {
  kind: 'hotel' | 'activity';
  code: string;
}

/** What the descriptive operation showed of one item. */
export interface Description extends Need {
  /** The country values shown (names or ISO codes), at every place that shows one. */
  country: string[];
  /** The region, province, county and town values shown. */
  region: string[];
  /** Its states or provinces and ISO 3166-2 codes (./subdivisions.ts), which may place it in a country. */
  subdivisions?: string[];
  /** Hotels the item is offered at (an activity's pickups), when the description shows them. */
  hotels?: string[];
  /** Where this was learned, for findings and reasons: "hotel descriptive data of PMIBEL01 (reply 3 of ...)". */
  source: string;
  /** Why it shows nothing: the request was refused, the reply broken, too large, about another subject, not sent (the cap)... */
  problem?: string;
}

/** The descriptions a rule asked for, by kind and code. */
export interface Corroboration {
  hotel(code: string): Description | undefined;
  activity(code: string): Description | undefined;
}

export const NO_CORROBORATION: Corroboration = { hotel: () => undefined, activity: () => undefined };

export const needKey = (n: Need) => `${n.kind}:${n.code.trim().toUpperCase()}`;

/** A Corroboration over a list of descriptions. */
export function corroborationOf(descriptions: readonly Description[]): Corroboration {
  const byKey = new Map(descriptions.map((d) => [needKey(d), d]));
  return {
    hotel: (code) => byKey.get(needKey({ kind: 'hotel', code })),
    activity: (code) => byKey.get(needKey({ kind: 'activity', code })),
  };
}

/** The descriptive operation asked about an item of each kind. */
export const DESCRIBING_OPERATION = { hotel: 'hotelnbc', activity: 'activitynbc' } as const;
export type DescribingOperation = (typeof DESCRIBING_OPERATION)[Need['kind']];
const TITLE: Record<DescribingOperation, string> = { hotelnbc: 'hotel descriptive data', activitynbc: 'activity descriptive data' };

/** The variable that sets the cap (docs/options.md). */
export const CORROBORATION_CAP_VAR = 'OTA_MAX_CORROBORATION_REQUESTS';
/** Failures in a row (no HTTP reply, a 5xx, an unreadable body) after which an operation is not asked again. */
export const CORROBORATION_STOP_AFTER = 3;

export interface CorroborationLimits {
  /** Corroboration requests per descriptive operation for the whole run; 0: none is sent. */
  maxRequests: number;
  /** The run's processes that share the cap (cucumber's parallel workers): each gets its share. */
  processes: number;
}

/**
 * The bounds of one process's corroboration requests. Asked before each request (`take`), told how
 * each ended (`noteOutcome`). A request it refuses is not sent: the rule that needed the fact
 * stays cannot tell, with the reason it gives.
 */
export class CorroborationBudget {
  private readonly share: number;
  private readonly sent = new Map<DescribingOperation, number>();
  private readonly failures = new Map<DescribingOperation, { inARow: number; last?: string }>();

  constructor(private readonly limits: CorroborationLimits) {
    this.share = Math.ceil(limits.maxRequests / Math.max(1, limits.processes));
  }

  /** Why no further request may be sent to `op`, or undefined: then one is counted. */
  take(op: DescribingOperation): string | undefined {
    const failing = this.failures.get(op);
    if (failing && failing.inARow >= CORROBORATION_STOP_AFTER)
      return (
        `not asked: ${TITLE[op]} failed ${failing.inARow} corroboration requests in a row (last: ${failing.last}), ` +
        'so the run asks it no more; its own scenarios judge it'
      );
    const n = this.sent.get(op) ?? 0;
    if (n >= this.share) {
      const { maxRequests, processes } = this.limits;
      const split = processes > 1 ? `, ${this.share} for each of ${processes} parallel workers` : '';
      return (
        `not asked: the run's corroboration requests to ${TITLE[op]} reached their cap (${CORROBORATION_CAP_VAR}=${maxRequests}${split}); ` +
        'raise it to corroborate more'
      );
    }
    this.sent.set(op, n + 1);
    return undefined;
  }

  /** How a corroboration request ended: `failure` says why it gave nothing usable (no reply, a 5xx, an unreadable body). */
  noteOutcome(op: DescribingOperation, failure?: string): void {
    if (!failure) this.failures.delete(op);
    else this.failures.set(op, { inARow: (this.failures.get(op)?.inARow ?? 0) + 1, last: failure });
  }

  /** Requests counted so far, per operation. */
  get counts(): Readonly<Record<DescribingOperation, number>> {
    return { hotelnbc: this.sent.get('hotelnbc') ?? 0, activitynbc: this.sent.get('activitynbc') ?? 0 };
  }
}

/**
 * The breaker a corroboration exchange is sent with: a run whose gateway stopped answering sends
 * none, but corroboration's own failures are never counted against the run (its descriptive
 * operation is judged for them, and the budget stops asking it).
 */
export const corroborationBreaker = (run: ExchangeBreaker | undefined): ExchangeBreaker => ({
  stoppedAnswering: () => run?.stoppedAnswering(),
  noteOutcome: () => undefined,
});
