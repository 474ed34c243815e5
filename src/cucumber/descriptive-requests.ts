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
  asideRequest(name: DescribingOperation, overrides: PlaceholderValues, edit?: (r: OtaRequest) => void): OtaRequest;
}

/** Asks the gateway's descriptive operations for what the rules need and the reply does not show. */
export async function corroborate(w: DescribingScenario, rules: Rule[], exchange: Exchange): Promise<Corroboration> {
  const profile = w.run.replyProfile.facts;
  const needs = new Map<string, Need>(rules.flatMap((r) => r.needs?.(exchange, profile) ?? []).map((n) => [needKey(n), n]));
  if (needs.size === 0) return NO_CORROBORATION;
  cachesOf(w.run);
  const found: Description[] = [];
  // one at a time: the run's deadline and the budget see them in order
  for (const [key, need] of needs) {
    let d = described.get(key);
    if (!d) described.set(key, (d = need.kind === 'hotel' ? describeHotel(w, need.code) : describeActivity(w, need.code)));
    found.push(await d);
  }
  return corroborationOf(found);
}

/** Hotel descriptive data of one hotel code, sent like any exchange of the scenario (evidence, bounds). */
async function describeHotel(w: DescribingScenario, code: string): Promise<Description> {
  const brand = w.run.data.hotels.find((h) => sameCode(h.code, code))?.brandCode;
  const asked = await askDescription(
    w,
    'hotelnbc',
    `hotel descriptive data of ${code}`,
    { hotelCode: code, brandCode: brand ?? '' },
    (r) => {
      // the brand of a hotel the test data does not list is unknown: the attribute is left out
      if (!brand) r.removeAttribute('ota:HotelDescriptiveInfos/ota:HotelDescriptiveInfo', 'BrandCode');
    },
  );
  if (!asked.x) return notDescribed({ kind: 'hotel', code }, asked);
  return hotelDescription(asked.x, code, asked.source, w.run.replyProfile.facts);
}

/** Activity descriptive data of one TourActivityID, sent like any exchange of the scenario. */
async function describeActivity(w: DescribingScenario, code: string): Promise<Description> {
  const asked = await askDescription(w, 'activitynbc', `activity descriptive data of ${code}`, { tourActivityId: code });
  if (!asked.x) return notDescribed({ kind: 'activity', code }, asked);
  return activityDescription(asked.x, code, asked.source, w.run.replyProfile.facts);
}

/** What the target's activity descriptive data shows of an activity's booking constraints (asked once per code per run). */
export function describeActivityValues(w: DescribingScenario, code: string): Promise<ConstraintsShown> {
  cachesOf(w.run);
  const key = code.trim().toUpperCase();
  let s = shownForBooking.get(key);
  if (!s)
    shownForBooking.set(
      key,
      (s = askDescription(w, 'activitynbc', `activity descriptive data of ${code}`, { tourActivityId: code }).then(({ x }) =>
        x ? bookingDescribed(x, code, w.run.replyProfile.facts) : nothingShown('activity descriptive data'),
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
async function askDescription(
  w: DescribingScenario,
  name: DescribingOperation,
  what: string,
  overrides: PlaceholderValues,
  edit: (r: OtaRequest) => void = () => undefined,
): Promise<{ x?: Exchange; source: string; refused?: string }> {
  const ctx = w.run;
  const refused = cachesOf(ctx).take(name);
  if (refused) return { source: what, refused };
  const request = w.asideRequest(name, overrides, edit);
  const x = await withScenario(w.scenarioKey, () =>
    // the cap counts HTTP attempts: each retry takes one more request of the budget
    exchange(request, { ...exchangeOptions(ctx), breaker: corroborationBreaker(ctx.breaker), mayRetry: () => !cachesOf(ctx).take(name) }),
  );
  cachesOf(ctx).noteOutcome(name, unusable(x));
  // a refusal's form is "not shown" (the envelope rules are about success): only a reply that is no refusal is judged
  const source = await w.keepAside(x, what, (at) =>
    [
      ...(refusalForm(x) ? [] : ENVELOPE_RULES.map((r) => r.check(x, ctx.replyProfile.facts))),
      ...(describesNothing(x) ? [] : SUBJECT_RULES[name].map((r) => r.check(x, ctx.replyProfile.facts))),
    ]
      .filter((a) => a.outcome === 'failed')
      .map((a) => ({ ...a, findings: a.findings.map((f) => ({ ...f, at: `${at}: ${f.at}` })) })),
  );
  return { x, source };
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
function unusable(exchange: Exchange): string | undefined {
  const status = exchange.reply.exchange?.status ?? 0;
  if (exchange.reply.transportError) return exchange.reply.transportError.message;
  if (status >= 500) return `HTTP ${status}`;
  // a refusal is an answer (the item is unknown there), even without an XML body
  return exchange.reply.doc || status >= 400 ? undefined : `the body could not be read: ${exchange.reply.unreadable ?? 'unreadable'}`;
}
