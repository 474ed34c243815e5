// The booking part of an exploration (--profile booking): each trial finds an activity for an
// explored party and period (availability of the exploration), quotes it with the case's values
// and judges the quote; a bounded number of trials (--bookings) then commit it, read it, cancel it
// and read it again, judged by the rules a conformance run judges those replies by. The safety of a
// conformance run with --profile booking holds: every Commit is written to the booking ledger
// before it is sent, a booking is closed only when a read shows it closed (the clean-up of
// src/bookings), a Commit in doubt is never taken as done. A quote's failure is shrunk with quotes;
// a Commit's is reported as it is (a Commit is never sent twice).
import { recordBookingIntent, recordCommitReply, recordCommitted, settleScenarioBooking } from '../../bookings/scenario-bookings';
import type { ConstraintsShown } from '../../contracts/booking-constraints';
import type { ExpectedBooking } from '../../contracts/booking-facts';
import { ENVELOPE_RULES, refusalForm, refusedHow } from '../../contracts/envelope';
import { Check, type Assertion, type Rule } from '../../contracts/rule';
import { credentialEcho } from '../../contracts/security';
import { bookedItemOf, bookingRefOf, commitRef, contract as bookContract } from '../../operations/activitybook';
import { noLongerLive, readDetails, readReturns, setBookingReference as setReadRef, shownLive } from '../../operations/bookread';
import { cancellationConfirmed, setBookingReference as setCancelRef, setCancelType } from '../../operations/bookcancel';
import type { RunContext } from '../../run/run-context';
import { baseValues } from '../../run/scenario-values';
import { OPERATIONS } from '../../specification/operations';
import type { RequirementId } from '../../specification/requirements';
import { commitInDoubt } from '../../transport/gateway-answer';
import { disposeExchange, type Exchange } from '../../transport/exchange';
import { withScenario } from '../../transport/recording';
import { OtaRequest } from '../../xml/requests';
import { bookedTimes, bookingRequest, findActivity, NotBookable, type Found, type Send } from './booking-requests';
import { bookingSpaceParts, drawBookingCase, shrinkBookingCandidates, type BookingCase, type BookingOperation } from './booking-space';
import type { Failure, Judged } from './failure';
import type { Random } from './random';

/** What the exploration lends its booking part. */
export interface BookingHost {
  readonly ctx: RunContext;
  readonly rnd: Random;
  readonly earliest: string;
  readonly categories: readonly string[];
  /** Requests left in the budget (and time left). */
  remaining(): number;
  send: Send;
  /**
   * Counts what a judged reply covered: its operation's parts of the space, each requirement
   * checked, and whether it showed evidence (`refused`: a refusal in any form, a 4xx or 5xx, no reply).
   */
  cover(op: BookingOperation, parts: string[], assertions: Assertion[], refused: boolean): void;
  /** Counts a Commit sent, and whether the gateway served it: with none served, no booking operation showed a booking. */
  commitSent(served: boolean): void;
  /** A requirement's failure: shrunk already, or reported as it is. */
  found(failure: Failure): void;
  /** Whether a requirement already has its finding (later failures are counted, not shrunk again). */
  known(req: RequirementId): Failure | undefined;
}

/** What the Commits of the exploration came to, for the console and the report. */
export interface CommitTally {
  committed: number;
  /** Closed by the clean-up: a read shows each cancelled, or unknown to the target. */
  closed: string[];
  /** Left open in the ledger (in doubt, or a cancel that did not hold): the run's end checks them again. */
  open: Array<{ ref: string; why: string }>;
}

/** Requests a Commit needs in the budget: the Commit, a read, the cancel and a read again. */
const COMMIT_REQUESTS = 4;
/** The scenario a Commit's exchanges are recorded under, its clean-up's included (a replay learns its references from the Commit). */
const COMMIT_SCENARIO = 'explore: a Commit, its reads and cancel';
const MAX_SHRINK_REQUESTS = 40;
const words = (ctx: RunContext) => ctx.data.booking.cancelledStatusWords;

export class BookingExploration {
  readonly commits: CommitTally = { committed: 0, closed: [], open: [] };
  private readonly described = new Map<string, ConstraintsShown>();
  /** Booking edges (late pickup, month end, large party...) a Commit has covered. */
  private readonly committedEdges = new Set<string>();
  /** Quotes the gateway served: what the Commits are chosen from, at the end (./booking-exploration.ts finish). */
  private readonly served: Array<{ c: BookingCase; found: Found; edges: string[] }> = [];

  constructor(
    private readonly host: BookingHost,
    private readonly bookings: number,
  ) {}

  /** Requests the Commits still to make keep of the budget: the quotes stop before them. */
  reserve(): number {
    return (this.bookings - this.commits.committed) * COMMIT_REQUESTS;
  }

  /** One trial: find an activity for a drawn case and quote it; a served quote is a candidate for a Commit. */
  async trial(): Promise<void> {
    const { ctx, rnd } = this.host;
    const bookingCase = drawBookingCase(rnd, this.host.earliest, this.host.categories);
    const hotel = rnd.pick(ctx.data.activities.hotelCodes);
    let found: Found;
    try {
      found = await findActivity(ctx, this.host.send, bookingCase, hotel, this.described);
    } catch (error) {
      if (error instanceof NotBookable) return;
      throw error;
    }
    if (this.host.remaining() < 1) return;
    // a target that declares Quote as the ResStatus that books: a quote is a Commit, made only as one (finish)
    if (ctx.data.booking.commitResStatus === 'Quote') {
      this.served.push({ c: bookingCase, found, edges: bookingEdges(bookingCase, found) });
      return;
    }
    const quote = await this.quote(bookingCase, found);
    for (const assertion of quote.assertions.filter((x) => x.outcome === 'failed')) {
      const known = this.host.known(assertion.req);
      if (known) known.failedRequests++;
      else this.host.found(await this.shrink(quote, found, assertion.req));
    }
    if (!quote.refused && quote.x.reply.exchange?.status === 200)
      this.served.push({ c: bookingCase, found, edges: bookingEdges(bookingCase, found) });
  }

  /**
   * The Commits, once the quotes are done: each time the served quote that covers the most booking
   * edges no Commit has covered yet (the first drawn among equals), while Commits and budget are left.
   */
  async finish(): Promise<void> {
    while (this.commits.committed < this.bookings && this.host.remaining() >= COMMIT_REQUESTS && this.served.length) {
      const fresh = (e: string[]) => e.filter((x) => !this.committedEdges.has(x)).length;
      const best = this.served.reduce((a, b) => (fresh(b.edges) > fresh(a.edges) ? b : a));
      this.served.splice(this.served.indexOf(best), 1);
      for (const edge of best.edges) this.committedEdges.add(edge);
      await this.commit(best.c, best.found);
    }
  }

  /** A quote of the case, judged by the rules that hold for any valid quote. */
  private async quote(bookingCase: BookingCase, found: Found): Promise<Judged<BookingCase>> {
    const exchange = await this.host.send(() => bookingRequest(this.host.ctx, bookingCase, found, 'Quote'));
    const rules = [...this.commonRules(), ...bookContract.rules.filter((r) => r.req === 'BKG-QUOTE-PRICED')];
    const assertions = this.judge(exchange, rules);
    const status = exchange.reply.exchange?.status ?? 0;
    const refused = exchange.reply.exchange ? refusalForm(exchange) : undefined;
    const guessed = exchange.request.refusalExcused;
    // a server error to values the discovery guessed is no evidence against the gateway: the guess is named
    if (status >= 500 && status !== 503 && guessed)
      assertions.push(new Check('BKG-QUOTE').cannotTell(`HTTP ${status} to a quote with guessed values: ${guessed}`).result());
    else if (status >= 500 && status !== 503)
      assertions.push(
        new Check('BKG-QUOTE').fail('HTTP status', 'served (a valid quote the spec allows)', `${status}: a server error`).result(),
      );
    else if (status === 200 && !refused && exchange.reply.doc) {
      assertions.push(new Check('BKG-QUOTE').result());
      if (new Set(bookingCase.participants.map((p) => p.code)).size > 1) assertions.push(new Check('BKG-PARTICIPANTS-REPEATED').result());
    }
    this.host.cover('activitybook', bookingSpaceParts(bookingCase, bookedTimes(bookingCase, found)), assertions, notServed(exchange));
    disposeExchange(exchange);
    return { c: bookingCase, x: exchange, assertions, refused };
  }

  /** The smallest quote that still fails `req` (the same activity found): greedy, as the read-only shrink. */
  private async shrink(first: Judged<BookingCase>, found: Found, req: RequirementId): Promise<Failure> {
    let smallest = first;
    let spent = 0;
    let steps = 0;
    for (let progress = true; progress;) {
      progress = false;
      for (const candidate of shrinkBookingCandidates(smallest.c, found.minutes)) {
        if (spent >= MAX_SHRINK_REQUESTS || this.host.remaining() < 1) break;
        const judged = await this.quote(candidate, found);
        spent++;
        if (judged.assertions.some((a) => a.req === req && a.outcome === 'failed')) {
          smallest = judged;
          steps++;
          progress = true;
          break;
        }
      }
    }
    return { req, first, smallest, shrinkRequests: spent, shrinkSteps: steps, failedRequests: 1 };
  }

  /**
   * A Commit of the case (written to the ledger before it is sent), read, cancelled and read again,
   * each reply judged; then the booking is settled by the clean-up, closed only when a read shows it
   * closed. A Commit the gateway did not answer stays in doubt: only the clean-up decides it.
   */
  private async commit(bookingCase: BookingCase, found: Found): Promise<void> {
    const { ctx } = this.host;
    let ref = '';
    const exchange = await this.host.send(
      () => {
        const request = bookingRequest(ctx, bookingCase, found, ctx.data.booking.commitResStatus);
        ref = recordBookingIntent(ctx, request, COMMIT_SCENARIO) ?? '';
        return request;
      },
      COMMIT_SCENARIO,
      true,
    );
    this.commits.committed++;
    try {
      const served =
        !!ref &&
        recordCommitReply(ctx, ref, exchange) &&
        !commitInDoubt(exchange) &&
        !refusalForm(exchange) &&
        exchange.reply.exchange?.status === 200;
      this.host.commitSent(served);
      if (served) {
        // served: a booking that exists, whatever a later read refuses (never written off as never booked)
        recordCommitted(ctx, ref, exchange);
        await this.judgeBooking(bookingCase, found, exchange);
      } else {
        // not served (refused in any form, in doubt, answered by something other than the gateway): no booking shown, counted as refused
        const parts = bookingSpaceParts(bookingCase, bookedTimes(bookingCase, found)).map((p) => `Commit: ${p}`);
        this.host.cover('activitybook', parts, [], true);
      }
    } finally {
      disposeExchange(exchange);
      if (ref) await this.settle(ref);
    }
  }

  /** The booked case's read, cancel and read again, and what each shows, judged; a failure is reported as it is. */
  private async judgeBooking(bookingCase: BookingCase, found: Found, commit: Exchange): Promise<void> {
    const { ctx } = this.host;
    const expected: ExpectedBooking = { bookingRef: bookingRefOf(commit.request), items: [bookedItemOf(commit.request)] };
    const parts = bookingSpaceParts(bookingCase, bookedTimes(bookingCase, found));
    const read1 = await this.read(expected.bookingRef);
    const commitJudged = this.judge(commit, [...this.commonRules(), commitRef(read1)]);
    // with several Type 37 references, which one a gateway keeps as the item's is not shown: RD-DETAILS is judged with one only
    const details = bookingCase.references === 1 ? [readDetails(expected, words(ctx))] : [];
    const readRules = [readReturns(expected, words(ctx)), ...details, shownLive('BKG-COMMIT-PERSISTS', expected, words(ctx))];
    const read1Judged = this.judge(read1, [...this.commonRules(), ...readRules]);
    const cancel = await this.host.send(
      () => setCancelType(setCancelRef(this.sample('bookcancel'), expected.bookingRef), ctx.data.booking.commitCancelType),
      COMMIT_SCENARIO,
    );
    const cancelJudged = this.judge(cancel, [...this.commonRules(), cancellationConfirmed(words(ctx))]);
    const read2 = await this.read(expected.bookingRef);
    const read2Judged = this.judge(read2, [...this.commonRules(), noLongerLive('CXL-COMMIT-CANCELS', expected, words(ctx), read1)]);
    const judged: Array<[BookingOperation, Exchange, Assertion[]]> = [
      ['activitybook', commit, commitJudged],
      ['bookread', read1, read1Judged],
      ['bookcancel', cancel, cancelJudged],
      ['bookread', read2, read2Judged],
    ];
    for (const [op, x, assertions] of judged) {
      this.host.cover(
        op,
        op === 'activitybook'
          ? parts.map((p) => `Commit: ${p}`)
          : [op === 'bookcancel' ? 'a cancel of a Commit' : x === read1 ? 'a read after the Commit' : 'a read after the cancel'],
        assertions,
        notServed(x),
      );
      for (const assertion of assertions.filter((y) => y.outcome === 'failed')) {
        const known = this.host.known(assertion.req);
        if (known) known.failedRequests++;
        else
          this.host.found({
            req: assertion.req,
            first: { c: bookingCase, x: commit, assertions: commitJudged },
            smallest: { c: bookingCase, x, assertions },
            shrinkRequests: 0,
            shrinkSteps: 0,
            failedRequests: 1,
            unshrunk: `not shrunk: ${assertion.req} is judged on a Commit and its reads, and a Commit is never sent twice; this is the first failing booking as it was sent`,
          });
      }
    }
    for (const exchange of [read1, cancel, read2]) disposeExchange(exchange);
  }

  /** Settles the booking by the run's clean-up (reads first; cancels what is still live); what it came to. */
  private async settle(ref: string): Promise<void> {
    const { ctx } = this.host;
    const outcome = await withScenario(COMMIT_SCENARIO, () => settleScenarioBooking(ctx, ref, { cancelAnswered: false }));
    if (outcome.ok) this.commits.closed.push(ref);
    else this.commits.open.push({ ref, why: outcome.message });
  }

  private sample(op: 'bookread' | 'bookcancel'): OtaRequest {
    const { ctx } = this.host;
    return OtaRequest.fromSample(OPERATIONS[op], ctx.config.samplesDir, baseValues(ctx.credentials, ctx.data, ctx.config.runId));
  }

  private read(ref: string): Promise<Exchange> {
    return this.host.send(() => setReadRef(this.sample('bookread'), ref), COMMIT_SCENARIO);
  }

  /** The envelope of every reply to a valid request and the credential echo. */
  private commonRules(): Rule[] {
    const { ctx } = this.host;
    return [...ENVELOPE_RULES, credentialEcho(ctx.redactor, ctx.credentials.user)];
  }

  private judge(exchange: Exchange, rules: Rule[]): Assertion[] {
    const profile = this.host.ctx.replyProfile.facts;
    return rules.map((rule) => rule.check(exchange, profile)).filter((a) => a.notApplicable === undefined);
  }
}

/** A reply that served nothing: a refusal in any form, a 4xx or 5xx, or no reply (read before its document is let go). */
const notServed = (exchange: Exchange): boolean => !exchange.reply.exchange || refusedHow(exchange) !== undefined;

/**
 * The edges of the booking space a case touches: what a Commit is spent on (two not yet committed
 * each, until the budget runs low), since only a Commit and its reads show what a gateway stores.
 */
function bookingEdges(bookingCase: BookingCase, found: Found): string[] {
  const t = bookedTimes(bookingCase, found);
  const edges = bookingSpaceParts(bookingCase, t).filter((p) =>
    ['booked on a month end', 'booked on a year end', 'category 11', 'PickupInd false', 'names beyond ASCII'].includes(p),
  );
  if (t.pickup && t.pickup.slice(11, 13) >= '22') edges.push('a late-night pickup');
  if (bookingCase.participants.length >= 5) edges.push('a party of 5 or more');
  if (bookingCase.references > 1) edges.push('several Type 37 references');
  return edges;
}
