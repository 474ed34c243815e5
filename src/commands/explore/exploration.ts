// One exploration: cases drawn in turn for each operation, each sent through the run's transport
// (deadline, breaker, masking, recording) and judged; each requirement's first failure shrunk to
// the smallest case that still fails it. Paced by --rate, slowed down by 429 and 503, stopped by
// the budget or the time; the same seed sends the same requests in the same order.
import { ageQualifyingCode } from '../../contracts/categories';
import { refusedHow } from '../../contracts/envelope';
import type { Assertion } from '../../contracts/rule';
import { credentialEcho } from '../../contracts/security';
import { addDays, isoDate } from '../../core/dates';
import { exchangeOptions, type RunContext } from '../../run/run-context';
import type { RequirementId } from '../../specification/requirements';
import { disposeExchange, exchange, type Exchange } from '../../transport/exchange';
import { withScenario } from '../../transport/recording';
import { Coverage } from './coverage';
import { ExploredDescriptions } from './describing';
import { FormTally, rulesFor, serverError } from './judge';
import type { ExploreOptions } from './options';
import { Random, seedNumber } from './random';
import { buildRequest } from './requests';
import { CATEGORIES, drawCase, shrinkCandidates, spaceParts, withForm, type Case, type SpaceBounds } from './space';
import { BookingExploration, type CommitTally } from './booking-exploration';
import type { BookingOperation } from './booking-space';
import type { OtaRequest } from '../../xml/requests';

/** Requests one failure may spend on its shrinking at most. */
export const MAX_SHRINK_REQUESTS = 40;
/** Waits after a 429 or 503, in turn (a Retry-After the gateway gives is honoured up to the last). */
const BACKOFF_MS = [1000, 2000, 4000, 8000];

import type { Failure, Judged, SentOperation } from './failure';
export type { Failure, Judged, SentOperation } from './failure';

export interface ExplorationOutcome {
  seed: string;
  today: string;
  earliest: string;
  requests: number;
  shrinkRequests: number;
  /** Descriptive requests sent to corroborate explored replies (counted in `requests`), per operation. */
  corroboration: { hotelnbc: number; activitynbc: number };
  stoppedBy: 'budget' | 'time';
  seconds: number;
  byOperation: Partial<Record<SentOperation, number>>;
  /** Per operation, which parts of the space were sent, with how many requests each. */
  space: Partial<Record<SentOperation, Record<string, number>>>;
  /** Per requirement, how many explored requests its rules judged (a check made, whatever it concluded). */
  explored: Partial<Record<RequirementId, number>>;
  /** Per requirement, the checks of explored replies by outcome. */
  checks: Partial<Record<RequirementId, { passed: number; failed: number; cantTell: number; reason?: string }>>;
  /** Per requirement, the operations whose explored replies its rules judged. */
  ruleOps: Partial<Record<RequirementId, SentOperation[]>>;
  failures: Failure[];
  categories: readonly string[];
  /** --profile booking: the Commits made and what the clean-up made of each. */
  commits?: CommitTally;
  /** What the explored replies showed, per operation, requirement and part of the space (./coverage.ts). */
  coverage: Coverage;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Exploration {
  private readonly rnd: Random;
  private readonly bounds: SpaceBounds;
  private readonly started = Date.now();
  private sent = 0;
  private shrinkSent = 0;
  private lastSentAt = 0;
  private readonly tally = new FormTally();
  private readonly out: ExplorationOutcome;
  /** Corroboration of explored replies, as a conformance run's: its requests count in the budget. */
  private readonly descriptions: ExploredDescriptions;

  constructor(
    private readonly ctx: RunContext,
    private readonly opts: ExploreOptions,
    /** The day the dates are drawn from: today, or the recorded exploration's day when replaying. */
    today: string = isoDate(new Date()),
  ) {
    this.rnd = new Random(seedNumber(opts.seed));
    const earliest = addDays(today, ctx.data.offsetDays);
    this.bounds = { data: ctx.data, earliest, categories: ['10', '8'], instance: !!ctx.credentials.requestorInstance };
    this.out = {
      seed: opts.seed,
      today,
      earliest,
      requests: 0,
      shrinkRequests: 0,
      corroboration: { hotelnbc: 0, activitynbc: 0 },
      stoppedBy: 'budget',
      seconds: 0,
      byOperation: {},
      space: {},
      explored: {},
      checks: {},
      ruleOps: {},
      failures: [],
      categories: this.bounds.categories,
      coverage: new Coverage(opts.bookings ?? 0),
    };
    this.descriptions = new ExploredDescriptions(ctx, {
      spent: () => (this.left ? undefined : `the exploration's ${this.out.stoppedBy} is spent`),
      count: (op) => {
        this.sent++;
        this.out.corroboration[op]++;
      },
    });
  }

  private get left(): boolean {
    if (this.sent >= this.opts.budget) return false;
    if (this.opts.timeSeconds !== undefined && Date.now() - this.started >= this.opts.timeSeconds * 1000) {
      this.out.stoppedBy = 'time';
      return false;
    }
    return true;
  }

  async run(): Promise<ExplorationOutcome> {
    await this.thirdCategory();
    const ops = this.opts.operations;
    const booking = this.opts.bookings ? new BookingExploration(this.bookingHost(), this.opts.bookings) : undefined;
    let next = 0;
    // the forms refused so far keep a request each of the budget, to be confirmed at the end
    // so do the Commits still to make (--profile booking), made at the end from the quotes served
    const kept = () => this.tally.refusedForms().length + (booking?.reserve() ?? 0);
    for (let i = 0; this.left && this.sent + kept() < this.opts.budget; i++) {
      // --profile booking: the Commits are made from the quotes served once 80% of the time is spent
      if (booking && this.opts.timeSeconds && Date.now() - this.started > this.opts.timeSeconds * 800) {
        this.out.stoppedBy = 'time';
        break;
      }
      // --profile booking: every third draw is a booking (found by availability, quoted, some committed)
      if (booking && i % 3 === 2) {
        await booking.trial();
        continue;
      }
      const drawn = drawCase(ops[next++ % ops.length], this.rnd, this.bounds);
      const judged = await this.send(drawn);
      this.cover(judged);
      // a form is judged on requests the spec surely allows: a refused guess says nothing of it
      if (!drawn.noLanguages || !judged.refused) this.tally.add(drawn, judged.x, judged.refused);
      for (const assertion of judged.assertions.filter((x) => x.outcome === 'failed')) {
        const known = this.out.failures.find((f) => f.req === assertion.req && !f.form);
        if (known) known.failedRequests++;
        else this.out.failures.push(await this.shrink(judged, assertion.req));
      }
    }
    await this.confirmRefusedForms();
    if (booking) {
      await booking.finish();
      this.out.commits = booking.commits;
    }
    this.out.requests = this.sent;
    this.out.shrinkRequests = this.shrinkSent;
    this.out.seconds = (Date.now() - this.started) / 1000;
    return this.out;
  }

  /**
   * Each form refused every time it was explored, sent once more with the test data's own values
   * and only that form: refused again, it is a finding of the form's requirement (once per form);
   * served, the explored refusals were the gateway's right (nothing matched their values).
   */
  private async confirmRefusedForms(): Promise<void> {
    for (const r of this.tally.refusedForms()) {
      if (this.sent >= this.opts.budget) break;
      const drawn = withForm(r.c, r.fields, this.ctx.data, this.bounds.earliest, this.tally.served(r.op));
      const request = buildRequest(drawn, this.buildContext);
      request.resultsOptional = undefined; // the test data's own values: a refusal is no longer its right
      await this.pace();
      const sent = await withScenario(`explore: ${drawn.op}`, () => exchange(request, exchangeOptions(this.ctx)));
      this.sent++;
      this.out.byOperation[drawn.op] = (this.out.byOperation[drawn.op] ?? 0) + 1;
      const how = sent.reply.exchange ? refusedHow(sent) : undefined;
      disposeExchange(sent);
      if (!how) continue;
      const finding = r.assertion.findings[0];
      const assertion = {
        ...r.assertion,
        findings: [{ ...finding, found: `${finding.found}; and with the test data's own values: ${how}` }],
      };
      this.out.failures.push({
        req: assertion.req,
        form: r.form,
        first: { c: r.c, x: r.x, assertions: [assertion] },
        smallest: { c: drawn, x: sent, assertions: [assertion] },
        shrinkRequests: 0,
        shrinkSteps: 0,
        failedRequests: r.refused + 1,
      });
    }
  }

  /**
   * The third category (senior, 11) is explored only when the gateway shows it: one activity
   * availability request with an adult and a senior, whose reply names category 11.
   */
  private async thirdCategory(): Promise<void> {
    const probe: Case = {
      op: 'activityavailability',
      party: [
        { code: '10', count: 1, age: 35 },
        { code: '11', count: 1, age: 70 },
      ],
      start: this.bounds.earliest,
      days: this.ctx.data.nights,
      hotelCode: this.ctx.data.activities.hotelCodes[0],
      product: true,
    };
    const request = buildRequest(probe, this.buildContext);
    const sent = await withScenario('explore: categories shown', () => exchange(request, exchangeOptions(this.ctx)));
    this.sent++;
    const shown =
      !refusedHow(sent) &&
      !!sent.reply.doc &&
      sent.reply.doc
        .values(
          "//@*[local-name()='AgeQualifyingCode' or local-name()='QualifierInfo' or local-name()='Code'] | //*[local-name()='QualifierInfo']",
        )
        .some((v) => ageQualifyingCode(v) === '11');
    disposeExchange(sent);
    if (shown) this.bounds.categories = CATEGORIES.map((c) => c.code);
    this.out.categories = this.bounds.categories;
  }

  private get buildContext() {
    const { credentials, data, config } = this.ctx;
    return { credentials, data, runId: config.runId, samplesDir: config.samplesDir };
  }

  /**
   * Sends a request built afresh for each attempt (paced, backing off on 429 and 503), counted
   * against the budget. `once`: a Commit, never sent twice (its 429 or 503 leaves it in doubt for
   * the clean-up; a second Commit could book again while the first still lands).
   */
  private async exchangeOf(build: () => OtaRequest, scenario?: string, once = false): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      await this.pace();
      const request = build();
      const op = request.operation.name as SentOperation;
      const sent = await withScenario(scenario ?? `explore: ${op}`, () => exchange(request, exchangeOptions(this.ctx)));
      this.sent++;
      this.out.byOperation[op] = (this.out.byOperation[op] ?? 0) + 1;
      const status = sent.reply.exchange?.status;
      if (once || (status !== 429 && status !== 503) || attempt >= BACKOFF_MS.length || !this.left) return sent;
      disposeExchange(sent);
      await sleep(this.backoff(sent, attempt));
    }
  }

  /** What the booking part of the exploration uses of it: the budget, the transport, the tallies. */
  private bookingHost() {
    return {
      ctx: this.ctx,
      rnd: this.rnd,
      earliest: this.bounds.earliest,
      categories: this.bounds.categories,
      remaining: () => (this.left ? this.opts.budget - this.sent : 0),
      send: (build: () => OtaRequest, scenario?: string, once?: boolean) => this.exchangeOf(build, scenario, once),
      cover: (op: BookingOperation, parts: string[], assertions: Assertion[], refused: boolean) => {
        this.out.coverage.add(op, parts, assertions, refused);
        this.record(op, parts, assertions);
      },
      commitSent: (served: boolean) => this.out.coverage.commit(served),
      found: (failure: Failure) => {
        this.shrinkSent += failure.shrinkRequests;
        this.out.failures.push(failure);
      },
      known: (req: RequirementId) => this.out.failures.find((f) => f.req === req && !f.form),
    };
  }

  /** Sends a case (paced, backing off on 429 and 503) and judges its reply. */
  private async send(drawn: Case): Promise<Judged> {
    const sent = await this.exchangeOf(() => buildRequest(drawn, this.buildContext));
    const profile = this.ctx.replyProfile.facts;
    const rules = [...rulesFor(drawn), credentialEcho(this.ctx.redactor, this.ctx.credentials.user)];
    // what the reply names only by its code is asked of the gateway's descriptive operations, as a conformance run does
    const { corroboration, own } = await this.descriptions.of(rules, sent);
    const judged = [...rules.map((rule) => rule.check(sent, profile, corroboration)), ...own].filter((a) => a.notApplicable === undefined);
    const crash = serverError(drawn, sent);
    if (crash) judged.push(crash);
    const refused = sent.reply.exchange ? refusedHow(sent) : undefined;
    disposeExchange(sent);
    // a request without its language attributes is a guess: refused, it is named (INFO), never a finding
    const guessRefused = drawn.noLanguages === true && (refused !== undefined || !sent.reply.exchange);
    const assertions = guessRefused ? judged.filter((a) => a.outcome !== 'failed') : judged;
    return { c: drawn, x: sent, assertions, refused };
  }

  /** --rate: at most that many requests a second. */
  private async pace(): Promise<void> {
    if (this.opts.rate) {
      const wait = this.lastSentAt + 1000 / this.opts.rate - Date.now();
      if (wait > 0) await sleep(wait);
    }
    this.lastSentAt = Date.now();
  }

  /** The wait after a 429 or 503: its Retry-After in seconds, else the next step, never past the last. */
  private backoff(sent: Exchange, attempt: number): number {
    const after = Number(sent.reply.exchange?.headers['retry-after']);
    const max = BACKOFF_MS[BACKOFF_MS.length - 1];
    return Number.isFinite(after) && after >= 0 ? Math.min(after * 1000, max) : BACKOFF_MS[attempt];
  }

  /** What an explored request covered: its operation's parts of the space, and each requirement it checked. */
  private cover({ c, x, assertions, refused }: Judged): void {
    const parts = spaceParts(c);
    this.out.coverage.add(c.op, parts, assertions, refused !== undefined || !x.reply.exchange);
    if (c.noLanguages) this.out.coverage.guess(c.op, refused ?? (x.reply.exchange ? undefined : 'no reply'));
    this.record(c.op, parts, assertions);
  }

  private record(op: SentOperation, covered: string[], assertions: Assertion[]): void {
    const parts = (this.out.space[op] ??= {});
    for (const p of covered) parts[p] = (parts[p] ?? 0) + 1;
    for (const assertion of assertions) {
      this.out.explored[assertion.req] = (this.out.explored[assertion.req] ?? 0) + 1;
      const checks = (this.out.checks[assertion.req] ??= { passed: 0, failed: 0, cantTell: 0 });
      checks[assertion.outcome]++;
      const ops = (this.out.ruleOps[assertion.req] ??= []);
      if (!ops.includes(op)) ops.push(op);
      if (assertion.outcome === 'cantTell') checks.reason ??= assertion.reasons[0];
    }
  }

  /** The smallest case that still fails `req`: greedy, the first smaller candidate that fails is taken, until none does. */
  private async shrink(first: Judged, req: RequirementId): Promise<Failure> {
    let smallest = first;
    let spent = 0;
    let steps = 0;
    const failsIt = (j: Judged) => j.assertions.some((a) => a.req === req && a.outcome === 'failed');
    for (let progress = true; progress;) {
      progress = false;
      for (const candidate of shrinkCandidates(smallest.c, this.bounds.earliest)) {
        if (spent >= MAX_SHRINK_REQUESTS || !this.left) break;
        const judged = await this.send(candidate);
        spent++;
        this.shrinkSent++;
        this.cover(judged);
        if (failsIt(judged)) {
          smallest = judged;
          steps++;
          progress = true;
          break;
        }
      }
    }
    return { req, first, smallest, shrinkRequests: spent, shrinkSteps: steps, failedRequests: 1 };
  }
}
