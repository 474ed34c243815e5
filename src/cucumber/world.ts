// The World of one scenario: the request being built, the exchanges made and the bookings
// created. What it does is delegated: sending to src/transport, evidence to ./evidence, verdicts
// to ./judge, booking safety to src/safety. Steps speak to it in domain terms only.
import { isAbsolute, relative } from 'node:path';
import { withScenario } from '../transport/recording';
import { setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber';
import { exchange, disposeExchange, unreachableNote, type Exchange } from '../transport/exchange';
import { OtaRequest } from '../xml/requests';
import type { PlaceholderValues } from '../core/test-data';
import { OPERATIONS, type OperationName, type OperationSpec } from '../specification/operations';
import { exchangeOptions, replySchema, runContext, type RunContext } from '../run/run-context';
import { alignmentRule, schemaRoot } from '../contracts/alignment';
import { credentialEcho } from '../contracts/security';
import { baseValues, newReference } from '../run/scenario-values';
import { CannotTell, StepUsageError } from '../core/errors';
import { recordBookingIntent, recordCommitReply } from '../bookings/scenario-bookings';
import type { Assertion, Rule } from '../contracts/rule';
import { attachEvidence } from './evidence';
import {
  activityToDescribe,
  discoverActivity,
  type Bookable,
  pricesShown,
  priceBounds,
  type PriceBounds,
} from '../operations/activityavailability';
import { setFound } from '../operations/activitybook';
import type { ConstraintsShown } from '../contracts/booking-constraints';
import { corroborate, describeActivityValues } from './descriptive-requests';
import { activitiesShown, anotherActivity, setHotelOnly } from '../operations/activitysearch';
import { SKIP_REASON_FILE } from '../reporting/requirement-outcomes';
import { judge, scenarioVerdict, type JudgeOptions } from './judge';
import { describesNothing } from '../contracts/envelope';
import type { BookedItem } from '../contracts/booking-facts';
import type { RecordedAssertion } from '../reporting/result';

/** A booking the scenario committed: what it holds, to compare with reads, and to cancel. */
export interface CreatedBooking {
  bookingRef: string;
  items: BookedItem[];
  /** Set once the scenario's cancel of the whole booking was answered as done (the clean-up reads it back). */
  cancelled: boolean;
}

export class GatewayWorld extends World {
  op?: OperationSpec;
  request?: OtaRequest;
  /** The last exchange: what "the reply" means in a step. */
  last?: Exchange;
  readonly history: Exchange[] = [];
  readonly bookings: CreatedBooking[] = [];
  /** Commits of the scenario the gateway did not answer itself (in doubt): the clean-up reads them back. */
  readonly inDoubt: string[] = [];
  /** The reference of the last activity booking request (Quote or commit). */
  lastBookingRef?: string;
  /** The MaximumPrice bounds from the prices availability showed in this scenario (settlePrices). */
  prices?: PriceBounds;
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
    const sent = await this.exchangeOf(this.currentRequest, brokenBody);
    if (commit && !recordCommitReply(ctx, commit, sent)) this.inDoubt.push(commit); // answered: no longer in flight
    this.last = sent;
    this.history.push(sent);
    await attachEvidence(this, sent, this.history.length, ctx.redactor, ctx.baseUrl);
    // Every reply is looked at for the caller's credentials (security class, SHOULD).
    await this.record([credentialEcho(ctx.redactor, ctx.credentials.user).check(sent)], sent);
    return sent;
  }

  /**
   * Every exchange of the scenario, its own requests and corroboration alike, goes through here:
   * the run's target, limits and retries (and any guard of the run belongs here too).
   */
  private exchangeOf(request: OtaRequest, brokenBody?: string): Promise<Exchange> {
    const ctx = this.run;
    return withScenario(this.scenarioKey, () => exchange(request, { ...exchangeOptions(ctx), body: brokenBody }));
  }

  /** The alignment rule for the last reply: the schema of the root received, or undefined without it. */
  async alignmentSchema(): Promise<Rule | undefined> {
    const root = schemaRoot(this.reply.op, this.reply.reply.doc?.root.localName);
    const schema = await replySchema(this.run, root);
    return schema ? alignmentRule(schema, root) : undefined;
  }

  /** Why the last reply has no schema to be compared with: as the configuration and the schemas folder show it. */
  noSchemaReason(): string {
    const dir = this.run.config.xsdDir;
    const rel = dir && relative(process.cwd(), dir);
    const shown = rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : dir;
    return dir
      ? `the OpenTravel 2016B schemas (${shown}) hold no ${this.reply.op.replyRoot}.xsd: there is no schema to compare this reply with`
      : 'OTA_XSD_DIR is empty: the informative comparison with the OpenTravel 2016B schemas is turned off';
  }

  get reply(): Exchange {
    if (!this.last) throw new StepUsageError('no request has been sent in this scenario (a When step is missing)');
    return this.last;
  }

  /** Runs rules on an exchange (the last by default) and judges what they concluded. */
  async check(rules: Rule[], exchange: Exchange = this.reply): Promise<void> {
    const profile = this.run.replyProfile.facts;
    const more = await corroborate(this, rules, exchange);
    await this.record(
      rules.map((r) => r.check(exchange, profile, more)),
      exchange,
    );
  }

  /** What the target's activity descriptive data shows of an activity's booking constraints (asked once per code per run). */
  describeActivityValues(code: string): Promise<ConstraintsShown> {
    return describeActivityValues(this, code);
  }

  /**
   * Sends a request of the scenario beside the one it builds (activity availability asked for its
   * prices), as one of the scenario's own exchanges: evidence and credential check as for any exchange.
   */
  private async askAside(name: OperationName, what: string, overrides: PlaceholderValues): Promise<{ x: Exchange; source: string }> {
    const sent = await this.exchangeOf(this.asideRequest(name, overrides));
    return { x: sent, source: await this.keepAside(sent, what) };
  }

  /**
   * Keeps an exchange sent beside the scenario's own request: in its history and evidence, with its
   * credential echo judged beside `own` (assertions about it, given how findings name it: `source`).
   */
  async keepAside(exchange: Exchange, what: string, own: (source: string) => Assertion[] = () => []): Promise<string> {
    const ctx = this.run;
    this.history.push(exchange);
    await attachEvidence(this, exchange, this.history.length, ctx.redactor, ctx.baseUrl);
    const source = ctx.redactor.scrub(`${what} (exchange ${this.history.length} of "${this.pickleName ?? 'a scenario'}")`);
    await this.record([...own(source), credentialEcho(ctx.redactor, ctx.credentials.user).check(exchange)], exchange);
    return source;
  }

  /** A request of `name` from its sample with these values, beside the one the scenario builds. */
  asideRequest(name: OperationName, overrides: PlaceholderValues, edit: (request: OtaRequest) => void = () => undefined): OtaRequest {
    const ctx = this.run;
    const op = OPERATIONS[name];
    const values = { ...baseValues(ctx.credentials, ctx.data, ctx.config.runId), ...op.values?.(ctx.data), ...overrides };
    const request = OtaRequest.fromSample(op, ctx.config.samplesDir, values);
    request.testData = ctx.data;
    edit(request);
    return request;
  }

  /**
   * Judges assertions: of the exchange `x` (its number in the scenario goes with them, so that a
   * finding links to exactly the exchange that showed it), or made by a step itself across several.
   */
  async record(all: Assertion[], sent?: Exchange): Promise<void> {
    const n = sent ? this.history.indexOf(sent) + 1 : 0;
    const assertions: RecordedAssertion[] = all
      .filter((a) => a.notApplicable === undefined)
      .map((a) => (n > 0 ? { ...a, exchange: n } : a));
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

  /**
   * The MaximumPrice bounds a scenario sends when it tests the bound (never a constant a gateway may not honour): the
   * scenario first asks activity availability for the test data's hotel, product and party with no
   * effective bound, and the bounds come from the prices it showed (asked once per scenario, so
   * that each scenario's exchanges are its own: record and replay, warm workers).
   */
  async settlePrices(): Promise<PriceBounds> {
    if (this.prices) return this.prices;
    const { x } = await this.askAside('activityavailability', 'activity availability, to see its prices', {});
    const why = describesNothing(x);
    this.prices = priceBounds(pricesShown(x, this.run.replyProfile.facts), this.run.data.activities.currency, why);
    return this.prices;
  }

  /**
   * Another activity than the one availability shows, from an activity search naming the test data's
   * hotel and no product (a form the spec does not state: refused, or with no other activity, there
   * is none). Remembered as the activity the next requests name; when none was found, why: what
   * the search showed.
   */
  async findAnotherActivity(): Promise<{ found: true } | { found: false; why: string }> {
    // the activity availability shows (dates or not): descriptive data needs only its TourActivityID
    await this.findActivityToDescribe();
    const found = String(this.remembered.tourActivityId);
    setHotelOnly(this.prepare('activitysearch'));
    const sent = await this.send();
    const shown = activitiesShown(sent, this.run.replyProfile.facts);
    const other = anotherActivity(sent, found, this.run.replyProfile.facts);
    if (other) {
      this.remembered.tourActivityId = other;
      return { found: true };
    }
    const why = !shown
      ? `the activity search naming the test data's hotel and no product was not served (${describesNothing(sent) ?? 'no reply document'})`
      : shown.length === 0
        ? `the activity search naming the test data's hotel and no product showed no activity`
        : `the activity search naming the test data's hotel and no product showed only ${[...new Set(shown)].join(', ')}, the activity availability already found (${found}): no other activity to describe`;
    return { found: false, why };
  }

  /**
   * Skips the scenario, saying why as the data showed it: the reason is attached (SKIP_REASON_FILE)
   * and every report gives it with the skip.
   */
  async skip(why: string): Promise<'skipped'> {
    await this.attach(this.run.redactor.scrub(why), { mediaType: 'text/plain', fileName: SKIP_REASON_FILE });
    return 'skipped';
  }

  /** The scenario's (first) booking: the one its booking steps speak of. */
  get booking(): CreatedBooking {
    if (!this.bookings[0]) throw this.endEarly('Cannot tell: precondition not met: no booking was made in this scenario');
    return this.bookings[0];
  }

  /** Records a committed item in the scenario (for reads and clean-up) and in the run's ledger. */
  bookingCommitted(bookingRef: string, item: BookedItem): CreatedBooking {
    let createdBooking = this.bookings.find((x) => x.bookingRef === bookingRef);
    if (!createdBooking) {
      createdBooking = { bookingRef, items: [], cancelled: false };
      this.bookings.push(createdBooking);
    }
    if (!createdBooking.items.some((i) => i.itemRef === item.itemRef)) createdBooking.items.push(item);
    this.run.ledger.recordCommitted({
      bookingRef,
      itemRefs: createdBooking.items.map((i) => i.itemRef),
      target: this.run.baseUrl,
      runId: this.run.config.runId,
      scenario: this.pickleName,
    });
    return createdBooking;
  }

  /**
   * Marks a booking cancelled in the scenario. The ledger keeps it open: a cancel's own Success is
   * not evidence, and the clean-up closes it only when a read shows it closed.
   */
  bookingCancelled(bookingRef: string): void {
    const createdBooking = this.bookings.find((x) => x.bookingRef === bookingRef);
    if (createdBooking) createdBooking.cancelled = true;
  }

  newReference(kind: 'B' | 'I'): string {
    return newReference(this.run.config.runId, kind);
  }

  dispose(): void {
    for (const sent of this.history) disposeExchange(sent);
  }
}

setWorldConstructor(GatewayWorld);
