// What a scenario asks the gateway's descriptive operations (hotel and activity descriptive data)
// for another operation's needs: corroboration of what a reply does not show, and the values a
// booking needs. Asked once per code per run, within the run's corroboration budget; evidence is
// attached to the scenario that asked first, and `source` names it.
import { withScenario } from '../transport/recording';
import { exchange, type Exchange } from '../transport/exchange';
import type { OtaRequest } from '../xml/requests';
import type { PlaceholderValues } from '../core/test-data';
import { exchangeOptions, type RunContext } from '../run/run-context';
import type { Assertion, Rule } from '../contracts/rule';
import { nothingShown, type ConstraintsShown } from '../contracts/booking-constraints';
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
import { contract as hotelnbc, hotelDescription } from '../operations/hotelnbc';
import { activityDescription, bookingDescribed, contract as activitynbc } from '../operations/activitynbc';
import { sameCode } from '../contracts/value-forms';
import { ENVELOPE_RULES, describesNothing, refusalForm } from '../contracts/envelope';

// A descriptive request sent for another reply's needs is a request of the same operation to the
// same statement as its own scenario's: a served reply that describes another subject than the one
// asked fails HNBC-SUBJECT or ANBC-SUBJECT wherever the suite saw it. A refusal, or a reply that
// serves nothing, is no finding here (the code may be one the gateway does not know).
const SUBJECT_RULES: Record<DescribingOperation, Rule[]> = {
  hotelnbc: hotelnbc.rules.filter((r) => r.req === 'HNBC-SUBJECT'),
  activitynbc: activitynbc.rules.filter((r) => r.req === 'ANBC-SUBJECT'),
};

// Corroboration asks the gateway once per code per process (a worker's scenarios share the answer).
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
    // plain cucumber-js --parallel: its worker processes each get their share of the run's cap (the runner's lanes share this process's)
    budget = new CorroborationBudget({
      maxRequests: ctx.config.maxCorroborationRequests,
      processes: Number(process.env.CUCUMBER_TOTAL_WORKERS) || 1,
    });
    cachedFor = ctx.config.runId;
  }
  return budget;
}

/** What the descriptive requests need of the scenario that sends them (the World is one). */
export interface DescribingScenario {
  readonly run: RunContext;
  scenarioKey?: string;
  /** Keeps the exchange as the scenario's evidence and judges `own` and its credential echo; returns how findings name it. */
  keepAside(exchange: Exchange, what: string, own?: (source: string) => Assertion[]): Promise<string>;
  /** A request of `name` from its sample with these values, beside the one the scenario builds. */
  asideRequest(name: DescribingOperation, overrides: PlaceholderValues, edit?: (request: OtaRequest) => void): OtaRequest;
  /** Why no descriptive request may be sent now beyond the corroboration budget (an exploration's request budget), or undefined. */
  mayAsk?(name: DescribingOperation): string | undefined;
}

/** Asks the gateway's descriptive operations for what the rules need and the reply does not show. */
export async function corroborate(describingScenario: DescribingScenario, rules: Rule[], exchange: Exchange): Promise<Corroboration> {
  const profile = describingScenario.run.replyProfile.facts;
  const needs = new Map<string, Need>(rules.flatMap((r) => r.needs?.(exchange, profile) ?? []).map((n) => [needKey(n), n]));
  if (needs.size === 0) return NO_CORROBORATION;
  cachesOf(describingScenario.run);
  const found: Description[] = [];
  // one at a time: the run's deadline and the budget see them in order
  for (const [key, need] of needs) {
    let promise = described.get(key);
    if (!promise)
      described.set(
        key,
        (promise = need.kind === 'hotel' ? describeHotel(describingScenario, need.code) : describeActivity(describingScenario, need.code)),
      );
    found.push(await promise);
  }
  return corroborationOf(found);
}

/** Hotel descriptive data of one hotel code, sent like any exchange of the scenario (evidence, bounds). */
async function describeHotel(describingScenario: DescribingScenario, code: string): Promise<Description> {
  const brand = describingScenario.run.data.hotels.find((h) => sameCode(h.code, code))?.brandCode;
  const asked = await askDescription(
    describingScenario,
    'hotelnbc',
    `hotel descriptive data of ${code}`,
    { hotelCode: code, brandCode: brand ?? '' },
    (request) => {
      // the brand of a hotel the test data does not list is unknown: the attribute is left out
      if (!brand) request.removeAttribute('ota:HotelDescriptiveInfos/ota:HotelDescriptiveInfo', 'BrandCode');
    },
  );
  if (!asked.x) return notDescribed({ kind: 'hotel', code }, asked);
  return hotelDescription(asked.x, code, asked.source, describingScenario.run.replyProfile.facts);
}

/** Activity descriptive data of one TourActivityID, sent like any exchange of the scenario. */
async function describeActivity(describingScenario: DescribingScenario, code: string): Promise<Description> {
  const asked = await askDescription(describingScenario, 'activitynbc', `activity descriptive data of ${code}`, { tourActivityId: code });
  if (!asked.x) return notDescribed({ kind: 'activity', code }, asked);
  return activityDescription(asked.x, code, asked.source, describingScenario.run.replyProfile.facts);
}

/** What the target's activity descriptive data shows of an activity's booking constraints (asked once per code per run). */
export function describeActivityValues(describingScenario: DescribingScenario, code: string): Promise<ConstraintsShown> {
  cachesOf(describingScenario.run);
  const key = code.trim().toUpperCase();
  let promise = shownForBooking.get(key);
  if (!promise)
    shownForBooking.set(
      key,
      (promise = askDescription(describingScenario, 'activitynbc', `activity descriptive data of ${code}`, { tourActivityId: code }).then(
        ({ x }) => (x ? bookingDescribed(x, code, describingScenario.run.replyProfile.facts) : nothingShown('activity descriptive data')),
      )),
    );
  return promise;
}

/**
 * Sends a descriptive request for another operation's needs (corroboration, discovery), from its
 * sample with these values, within the run's budget (else it is not sent: `refused` says why).
 * Evidence as for any exchange. Its failures are the descriptive operation's own: its envelope
 * findings and credential echoes are recorded (never a cannot-tell: its own scenarios judge it),
 * and they never count against the run's "gateway stopped answering" breaker.
 */
async function askDescription(
  describingScenario: DescribingScenario,
  name: DescribingOperation,
  what: string,
  overrides: PlaceholderValues,
  edit: (request: OtaRequest) => void = () => undefined,
): Promise<{ x?: Exchange; source: string; refused?: string }> {
  const ctx = describingScenario.run;
  const refused = describingScenario.mayAsk?.(name) ?? cachesOf(ctx).take(name);
  if (refused) return { source: what, refused };
  const request = describingScenario.asideRequest(name, overrides, edit);
  const sent = await withScenario(describingScenario.scenarioKey, () =>
    // the cap counts HTTP attempts: each retry takes one more request of the budget
    exchange(request, { ...exchangeOptions(ctx), breaker: corroborationBreaker(ctx.breaker), mayRetry: () => !cachesOf(ctx).take(name) }),
  );
  cachesOf(ctx).noteOutcome(name, unusable(sent));
  // a refusal's form is "not shown" (the envelope rules are about success): only a reply that is no refusal is judged
  const source = await describingScenario.keepAside(sent, what, (at) =>
    [
      ...(refusalForm(sent) ? [] : ENVELOPE_RULES.map((r) => r.check(sent, ctx.replyProfile.facts))),
      // another subject's data only: a reply that names no subject (a code the suite took from a
      // reply may be one the gateway does not know) is no finding of the subject requirement here
      ...(describesNothing(sent) || !namesASubject(sent) ? [] : SUBJECT_RULES[name].map((r) => r.check(sent, ctx.replyProfile.facts))),
    ]
      .filter((a) => a.outcome === 'failed')
      .map((a) => ({ ...a, findings: a.findings.map((f) => ({ ...f, at: `${at}: ${f.at}` })) })),
  );
  return { x: sent, source };
}

/** Whether a descriptive reply names a hotel or an activity by its code anywhere. */
const namesASubject = (sent: Exchange): boolean => !!sent.reply.doc?.exists('//*[@HotelCode or @TourActivityID]');

/** A description that could not be asked for (the budget refused it): the rule that needed it cannot tell, with why. */
const notDescribed = (need: Need, asked: { source: string; refused?: string }): Description => ({
  ...need,
  country: [],
  region: [],
  source: asked.source,
  problem: `${asked.source}: ${asked.refused ?? 'not asked'}`,
});

/** Why a descriptive exchange gave nothing usable (no HTTP reply, a server error, an unreadable body), or undefined. */
function unusable(exchange: Exchange): string | undefined {
  const status = exchange.reply.exchange?.status ?? 0;
  if (exchange.reply.transportError) return exchange.reply.transportError.message;
  if (status >= 500) return `HTTP ${status}`;
  // a refusal is an answer (the item is unknown there), even without an XML body
  return exchange.reply.doc || status >= 400 ? undefined : `the body could not be read: ${exchange.reply.unreadable ?? 'unreadable'}`;
}
