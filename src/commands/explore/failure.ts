// What an exploration's judged requests and findings are: shared by the read-only part
// (./exploration.ts) and the booking part (./booking-exploration.ts), and rendered by ./result.ts.
import type { Assertion } from '../../contracts/rule';
import type { RequirementId } from '../../specification/requirements';
import type { Exchange } from '../../transport/exchange';
import type { AnyCase, BookingOperation } from './booking-space';
import type { Case, ExploredOperation } from './space';

/** One request sent and what its reply came to. */
export interface Judged<C extends AnyCase = Case> {
  c: C;
  x: Exchange;
  assertions: Assertion[];
  /** How the reply refused the request, when it did (read before the reply's document is let go). */
  refused?: string;
}

/** A requirement's failure: the case first drawn, the smallest that still fails, how many requests failed it. */
export interface Failure {
  req: RequirementId;
  first: Judged<AnyCase>;
  smallest: Judged<AnyCase>;
  /** Requests spent shrinking, and candidates that failed the rule on the way. */
  shrinkRequests: number;
  shrinkSteps: number;
  failedRequests: number;
  /** A form refused every time (./judge.ts FormTally), not a rule's failure on one reply. */
  form?: string;
  /** Why the failure was not shrunk (a booking's, judged on its Commit and reads): said with the finding. */
  unshrunk?: string;
}

/** An operation an exploration sends: a read-only one, or (--profile booking) a booking's. */
export type SentOperation = ExploredOperation | BookingOperation;
