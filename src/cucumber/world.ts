// The World of one scenario: the request being built, the exchanges made and the bookings
// created. What it does is delegated: sending to src/transport, evidence to ./evidence, verdicts
// to ./judge, booking safety to src/safety. Steps speak to it in domain terms only.
import { withScenario } from '../transport/recording';
import { setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber';
import { exchange, disposeExchange, unreachableNote, type Exchange } from '../transport/exchange';
import { OtaRequest } from '../xml/requests';
import type { PlaceholderValues } from '../core/test-data';
import { OPERATIONS, type OperationName, type OperationSpec } from '../spec/operations';
import { exchangeOptions, replySchema, runContext, type RunContext } from '../run/run-context';
import { alignmentRule } from '../contracts/alignment';
import { credentialEcho } from '../contracts/security';
import { baseValues, newReference } from '../run/scenario-values';
import { CannotTell, StepUsageError } from '../core/errors';
import { recordBookingIntent, recordCommitReply } from '../run/bookings';
import type { Assertion, Rule } from '../contracts/rule';
import { attachEvidence } from './evidence';
import { activityToDescribe, discoverActivity, type Bookable } from '../operations/activityavailability/discover';
import { setFound } from '../operations/activitybook/request';
import { nothingShown, type ConstraintsShown } from '../contracts/booking-constraints';
import { judge, scenarioVerdict, type JudgeOptions } from './judge';
import {
  corroborationBreaker,
  CorroborationBudget,
  corroborationOf,
  needKey,
  NO_CORROBORATION,
  type Corroboration,
  type DescribingOperation,
  type Description,
  type Need,
} from '../contracts/corroboration';
import { hotelDescription } from '../operations/hotelnbc/describe';
import { activityDescription, bookingDescribed } from '../operations/activitynbc/describe';
import { sameCode } from '../contracts/value-forms';
import { ENVELOPE_RULES, refusalForm } from '../contracts/envelope';
import type { BookedItem } from '../contracts/booking-facts';

// Corroboration asks the gateway once per code per process (a worker's scenarios share the
// answer); the evidence is attached to the scenario that asked first, and `source` names it.
const described = new Map<string, Promise<Description>>();
/** What activity descriptive data shows of an activity's booking constraints, per TourActivityID, for the whole run (one request per code). */
const shownForBooking = new Map<string, Promise<ConstraintsShown>>();
/** This process's bounds on corroboration requests (a cap per descriptive operation, a stop after failures). */
let budget: CorroborationBudget | undefined;
let cachedFor: string | undefined;
/** The caches hold one run's answers: a process that runs several (npm run mutants) starts each afresh. */
function cachesOf(ctx: RunContext): CorroborationBudget {
  if (cachedFor !== ctx.config.runId || !budget) {
    described.clear();
    shownForBooking.clear();
    // cucumber's parallel workers each get their share of the run's cap
    budget = new CorroborationBudget({
      maxRequests: ctx.config.maxCorroborationRequests,
      processes: Number(process.env.CUCUMBER_TOTAL_WORKERS) || 1,
    });
    cachedFor = ctx.config.runId;
  }
  return budget;
}

/** A booking the scenario committed: what it holds, to compare with reads, and to cancel. */
export interface CreatedBooking {
  bookingRef: string;
  items: BookedItem[];
  /** Set once a cancel of the whole booking succeeded. */
  cancelled: boolean;
}

export class GatewayWorld extends World {
  op?: OperationSpec;
  request?: OtaRequest;
  /** The last exchange: what "the reply" means in a step. */
  last?: Exchange;
  readonly history: Exchange[] = [];
  readonly bookings: CreatedBooking[] = [];
  /** The reference of the last activity booking request (Quote or commit). */
  lastBookingRef?: string;
  /** Values remembered between steps (an activity found by availability...). */
  readonly remembered: PlaceholderValues = {};
  /** The activity found by discovery: its booking values, party, pickup and the suite's guesses. */
  found?: Bookable;
  pickleName?: string;
  /** The scenario's name and place: the key of its exchanges in a cassette (record and replay). */
  scenarioKey?: string;
  /** The id of the scenario's last step, whose end carries the scenario's verdict (hooks.ts). */
  lastStepId?: string;
  /** The scenario's @req:<ID> tags. */
  requirementTags: string[] = [];
  /** Every assertion the scenario's steps recorded: its verdict is decided from all of them at the end. */
  readonly judged: Assertion[] = [];

  constructor(options: IWorldOptions) {
    super(options);
  }

  get run(): RunContext {
    return runContext();
  }

  /** Starts a request of `name` from its sample, with the run's values and these overrides. */
  prepare(name: OperationName, overrides: PlaceholderValues = {}): OtaRequest {
    const ctx = this.run;
    this.op = OPERATIONS[name];
    const values: PlaceholderValues = {
      ...baseValues(ctx.credentials, ctx.data, ctx.config.runId),
      ...this.op.values?.(ctx.data),
      ...this.remembered,
      ...overrides,
    };
    this.request = OtaRequest.fromSample(this.op, ctx.config.samplesDir, values);
    this.request.testData = ctx.data;
    if (name === 'activitybook' && this.found) {
      setFound(this.request, this.found);
      if (this.found.guessed.length)
        this.request.refusalExcused = `the booking carries values the gateway did not show, which the suite guessed (${this.found.guessed.join('; ')}), and a gateway may refuse them`;
    }
    return this.request;
  }

  get currentRequest(): OtaRequest {
    if (!this.request) throw new StepUsageError('no request has been prepared in this scenario (a Given step is missing)');
    return this.request;
  }

  /** Sends the current request (or a deliberately broken body) and keeps the exchange as evidence. */
  async send(brokenBody?: string): Promise<Exchange> {
    const ctx = this.run;
    // a Commit is written to the ledger before it is sent: a run killed meanwhile leaves an intent
    const commit = recordBookingIntent(ctx, this.currentRequest, this.pickleName);
    const x = await this.exchangeOf(this.currentRequest, brokenBody);
    if (commit) recordCommitReply(ctx, commit, x); // answered: no longer in flight
    this.last = x;
    this.history.push(x);
    await attachEvidence(this, x, this.history.length, ctx.redactor, ctx.baseUrl);
    // Every reply is looked at for the caller's credentials (security class, SHOULD).
    await this.record([credentialEcho(ctx.redactor, ctx.credentials.user).check(x)]);
    return x;
  }

  /**
   * Every exchange of the scenario, its own requests and corroboration alike, goes through here:
   * the run's target, limits and retries (and any guard of the run belongs here too).
   */
  private exchangeOf(request: OtaRequest, brokenBody?: string): Promise<Exchange> {
    const ctx = this.run;
    return withScenario(this.scenarioKey, () => exchange(request, { ...exchangeOptions(ctx), body: brokenBody }));
  }

  /** The alignment rule for the last reply's operation, or undefined without its schema. */
  async alignmentSchema(): Promise<Rule | undefined> {
    const schema = await replySchema(this.run, this.reply.op);
    return schema ? alignmentRule(schema, this.reply.op.replyRoot) : undefined;
  }

  get reply(): Exchange {
    if (!this.last) throw new StepUsageError('no request has been sent in this scenario (a When step is missing)');
    return this.last;
  }

  /** Runs rules on an exchange (the last by default) and judges what they concluded. */
  async check(rules: Rule[], x: Exchange = this.reply): Promise<void> {
    const profile = this.run.replyProfile.facts;
    const more = await this.corroborate(rules, x);
    await this.record(rules.map((r) => r.check(x, profile, more)));
  }

  /** Asks the gateway's descriptive operations for what the rules need and the reply does not show. */
  private async corroborate(rules: Rule[], x: Exchange): Promise<Corroboration> {
    const profile = this.run.replyProfile.facts;
    const needs = new Map<string, Need>(rules.flatMap((r) => r.needs?.(x, profile) ?? []).map((n) => [needKey(n), n]));
    if (needs.size === 0) return NO_CORROBORATION;
    cachesOf(this.run);
    const found: Description[] = [];
    // one at a time: the run's deadline and the budget see them in order
    for (const [key, need] of needs) {
      let d = described.get(key);
      if (!d) described.set(key, (d = need.kind === 'hotel' ? this.describeHotel(need.code) : this.describeActivity(need.code)));
      found.push(await d);
    }
    return corroborationOf(found);
  }

  /** Hotel descriptive data of one hotel code, sent like any exchange of the scenario (evidence, bounds). */
  private async describeHotel(code: string): Promise<Description> {
    const brand = this.run.data.hotels.find((h) => sameCode(h.code, code))?.brandCode;
    const asked = await this.askDescription(
      'hotelnbc',
      `hotel descriptive data of ${code}`,
      { hotelCode: code, brandCode: brand ?? '' },
      (r) => {
        // the brand of a hotel the test data does not list is unknown: the attribute is left out
        if (!brand) r.removeAttribute('ota:HotelDescriptiveInfos/ota:HotelDescriptiveInfo', 'BrandCode');
      },
    );
    if (!asked.x) return notDescribed({ kind: 'hotel', code }, asked);
    return hotelDescription(asked.x, code, asked.source, this.run.replyProfile.facts);
  }

  /** Activity descriptive data of one TourActivityID, sent like any exchange of the scenario. */
  private async describeActivity(code: string): Promise<Description> {
    const asked = await this.askDescription('activitynbc', `activity descriptive data of ${code}`, { tourActivityId: code });
    if (!asked.x) return notDescribed({ kind: 'activity', code }, asked);
    return activityDescription(asked.x, code, asked.source, this.run.replyProfile.facts);
  }

  /** What the target's activity descriptive data shows of an activity's booking constraints (asked once per code per run). */
  describeActivityValues(code: string): Promise<ConstraintsShown> {
    cachesOf(this.run);
    const key = code.trim().toUpperCase();
    let s = shownForBooking.get(key);
    if (!s)
      shownForBooking.set(
        key,
        (s = this.askDescription('activitynbc', `activity descriptive data of ${code}`, { tourActivityId: code }).then(({ x }) =>
          x ? bookingDescribed(x, code, this.run.replyProfile.facts) : nothingShown('activity descriptive data'),
        )),
      );
    return s;
  }

  /**
   * Sends a descriptive request for another operation's needs (corroboration, discovery), from its
   * sample with these values, within the run's budget (else it is not sent: `refused` says why).
   * Evidence as for any exchange. Its failures are the descriptive operation's own: its envelope
   * findings and credential echoes are recorded (never a cannot-tell: its own scenarios judge it),
   * and they never count against the run's "gateway stopped answering" breaker.
   */
  private async askDescription(
    name: DescribingOperation,
    what: string,
    overrides: PlaceholderValues,
    edit: (r: OtaRequest) => void = () => undefined,
  ): Promise<{ x?: Exchange; source: string; refused?: string }> {
    const ctx = this.run;
    const refused = cachesOf(ctx).take(name);
    if (refused) return { source: what, refused };
    const op = OPERATIONS[name];
    const values = { ...baseValues(ctx.credentials, ctx.data, ctx.config.runId), ...op.values?.(ctx.data), ...overrides };
    const request = OtaRequest.fromSample(op, ctx.config.samplesDir, values);
    request.testData = ctx.data;
    edit(request);
    const x = await withScenario(this.scenarioKey, () =>
      exchange(request, { ...exchangeOptions(ctx), breaker: corroborationBreaker(ctx.breaker) }),
    );
    cachesOf(ctx).noteOutcome(name, unusable(x));
    this.history.push(x);
    await attachEvidence(this, x, this.history.length, ctx.redactor, ctx.baseUrl);
    const source = ctx.redactor.scrub(`${what} (exchange ${this.history.length} of "${this.pickleName ?? 'a scenario'}")`);
    // a refusal's form is "not shown" (the envelope rules are about success): only a reply that is no refusal is judged
    const own = (refusalForm(x) ? [] : ENVELOPE_RULES.map((r) => r.check(x, ctx.replyProfile.facts)))
      .filter((a) => a.outcome === 'failed')
      .map((a) => ({ ...a, findings: a.findings.map((f) => ({ ...f, at: `${source}: ${f.at}` })) }));
    await this.record([...own, credentialEcho(ctx.redactor, ctx.credentials.user).check(x)]);
    return { x, source };
  }

  /** Judges assertions made by a step itself (checks across several exchanges). */
  async record(all: Assertion[]): Promise<void> {
    const assertions = all.filter((a) => a.notApplicable === undefined);
    if (assertions.length === 0) return;
    this.judged.push(...assertions);
    await judge(this, assertions, this.judgeOptions);
  }

  private get judgeOptions(): JudgeOptions {
    const { redactor, config } = this.run;
    return { strict: config.strict, mask: (s) => redactor.scrub(s) };
  }

  /**
   * The scenario's verdict from everything its steps recorded (undefined: it passed). The last
   * step's hook throws it, so the scenario shows failed (a MUST failed) or broken (cannot tell).
   */
  verdict(): Error | undefined {
    return scenarioVerdict(this.judged, this.judgeOptions);
  }

  /**
   * Ends the scenario before its last step (a precondition that does not hold): its unchecked
   * requirements are cantTell with `reason`, and a failure recorded earlier still fails it.
   */
  endEarly(reason: string): Error {
    return scenarioVerdict(this.judged, this.judgeOptions, reason) ?? new CannotTell(reason);
  }

  /** A precondition of the scenario: when it does not hold, its requirements are cantTell. */
  precondition(holds: unknown, reason: string): asserts holds {
    const unreachable = holds ? undefined : unreachableNote(this.history, reason);
    if (!holds)
      throw this.endEarly(
        `Cannot tell: precondition not met: ${this.run.redactor.scrub(unreachable ? `${reason} (${unreachable})` : reason)}`,
      );
  }

  /**
   * Finds a bookable activity with activity availability and remembers its codes, dates, party,
   * ages and pickup, so that booking and descriptive-data requests use what the target really
   * offers and shows. Not found: the scenario's requirements are cantTell (a precondition), never failed.
   */
  async discoverActivity(): Promise<void> {
    if (this.found) return;
    this.found = await discoverActivity(this);
    Object.assign(this.remembered, this.found.values);
  }

  /**
   * Finds a TourActivityID for activity descriptive data, which needs nothing else of an activity:
   * one availability shows, else the test data's product code (never a precondition that fails
   * because availability's dates or prices were unreadable). The evidence says which.
   */
  async findActivityToDescribe(): Promise<void> {
    if (this.remembered.tourActivityId) return;
    const found = await activityToDescribe(this);
    this.remembered.tourActivityId = found.tourActivityId;
    await this.attach(this.run.redactor.scrub(`The activity described: ${found.from}`), {
      mediaType: 'text/plain',
      fileName: 'activity-described.txt',
    });
  }

  /** The activity a request of `op` names (the operations table's needsActivity): a bookable one, or one to describe. */
  async activityFor(op: OperationName): Promise<void> {
    if (!OPERATIONS[op].needsActivity) return;
    if (op === 'activitynbc') await this.findActivityToDescribe();
    else await this.discoverActivity();
  }

  /** The scenario's (first) booking: the one its booking steps speak of. */
  get booking(): CreatedBooking {
    if (!this.bookings[0]) throw this.endEarly('Cannot tell: precondition not met: no booking was made in this scenario');
    return this.bookings[0];
  }

  /** Records a committed item in the scenario (for reads and clean-up) and in the run's ledger. */
  bookingCommitted(bookingRef: string, item: BookedItem): CreatedBooking {
    let b = this.bookings.find((x) => x.bookingRef === bookingRef);
    if (!b) {
      b = { bookingRef, items: [], cancelled: false };
      this.bookings.push(b);
    }
    if (!b.items.some((i) => i.itemRef === item.itemRef)) b.items.push(item);
    this.run.ledger.recordCommitted({
      bookingRef,
      itemRefs: b.items.map((i) => i.itemRef),
      target: this.run.baseUrl,
      runId: this.run.config.runId,
      scenario: this.pickleName,
    });
    return b;
  }

  /** Marks a booking cancelled in the scenario and in the ledger. */
  bookingCancelled(bookingRef: string): void {
    const b = this.bookings.find((x) => x.bookingRef === bookingRef);
    if (b) b.cancelled = true;
    this.run.ledger.recordCancelled(bookingRef, this.run.baseUrl, this.run.config.runId);
  }

  newReference(kind: 'B' | 'I'): string {
    return newReference(this.run.config.runId, kind);
  }

  dispose(): void {
    for (const x of this.history) disposeExchange(x);
  }
}

/** A description that could not be asked for (the budget refused it): the rule that needed it cannot tell, with why. */
const notDescribed = (need: Need, asked: { source: string; refused?: string }): Description => ({
  ...need,
  country: [],
  region: [],
  source: asked.source,
  problem: `${asked.source}: ${asked.refused ?? 'not asked'}`,
});

/** Why a descriptive exchange gave nothing usable (no HTTP reply, a server error, an unreadable body), or undefined. */
function unusable(x: Exchange): string | undefined {
  const status = x.reply.exchange?.status ?? 0;
  if (x.reply.transportError) return x.reply.transportError.message;
  if (status >= 500) return `HTTP ${status}`;
  // a refusal is an answer (the item is unknown there), even without an XML body
  return x.reply.doc || status >= 400 ? undefined : `the body could not be read: ${x.reply.unreadable ?? 'unreadable'}`;
}

setWorldConstructor(GatewayWorld);
