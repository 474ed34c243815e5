// A valid request refused for a reason of its product, not of its form (a minimum or maximum party,
// an age or a category, a day the product does not run, the product not sold): the form is what
// the requirement judges, so the suite asks again, bounded, with another party, date or product
// the gateway itself offers (its words, its availability replies of this scenario) or the test
// data declares, and the requirement is judged on the first reply not refused for such a reason.
// Only quotes and availability (read-only): a Commit is never sent twice. None served: the request
// is marked, and the requirement is cannot tell with the gateway's words and what was tried.
import {
  maximumPartyOf,
  minimumPartyOf,
  productConditions,
  productReason,
  productReasonKind,
  type ProductReasonKind,
} from '../contracts/envelope';
import { ReplyReader, type ReplyProfilePlaces } from '../contracts/reader';
import { FACTS as AVAILABILITY, setParty as setAvailabilityParty } from '../operations/activityavailability';
import { setParty as setBookingParty } from '../operations/activitybook';
import type { Party } from '../core/test-data';
import { addDays } from '../core/dates';
import type { Exchange } from '../transport/exchange';
import type { OtaRequest } from '../xml/requests';

/** The most requests sent again for one refusal. */
export const PRODUCT_RETRIES = 3;

/** What asking again needs of the scenario (the World). */
export interface ProductRetrier {
  readonly reply: Exchange;
  readonly currentRequest: OtaRequest;
  readonly history: readonly Exchange[];
  send(): Promise<Exchange>;
  readonly run: {
    readonly data: { readonly availableParties: readonly Party[] };
    readonly replyProfile: { readonly facts: ReplyProfilePlaces };
  };
}

/** Another request to try: what it changes, where that comes from, and the edit. */
interface Alternative {
  label: string;
  apply(request: OtaRequest): void;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The date-times of a booking request (element, attribute). */
const DATE_TIMES = [
  ['//ota:BookingInfo/ota:Schedule', 'Start'],
  ['//ota:BookingInfo/ota:Schedule', 'End'],
  ['//ota:BookingInfo/ota:PickupDropoff', 'DateTime'],
] as const;

const partyText = (p: Party) => `${p.adults} adult(s) and ${p.children} child(ren)`;
const isQuote = (r: OtaRequest) => (r.value('/*/@ResStatus') ?? '').trim().toLowerCase() === 'quote';

/** The party a request sends: ParticipantInfo by category (booking), or ParticipantCount (availability). */
function partyOf(request: OtaRequest): Party {
  if (request.operation.name === 'activitybook') {
    const infos = request.values('//ota:BookingInfo/ota:ParticipantInfo').length;
    const children = request.values("//ota:BookingInfo/ota:ParticipantInfo/ota:Category[@QualifierInfo='8']").length;
    return { adults: infos - children, children };
  }
  const count = (code: string) =>
    request
      .values(`//ota:ParticipantCount[normalize-space(ota:QualifierInfo)='${code}']/@Quantity`)
      .reduce((t, q) => t + (Number(q) || 0), 0);
  return { adults: count('10'), children: count('8') };
}

/** Parties to try for a party reason: the one the gateway names first, then the test data's that fit it. */
function partiesFor(kind: ProductReasonKind, reason: string, sent: Party, declared: readonly Party[]): Alternative[] {
  const size = (p: Party) => p.adults + p.children;
  const named: Array<{ party: Party; from: string }> = [];
  const min = kind === 'minimum party' ? minimumPartyOf(reason) : undefined;
  const max = kind === 'maximum party' ? maximumPartyOf(reason) : undefined;
  if (min && min > size(sent)) named.push({ party: { adults: min, children: 0 }, from: `the smallest party the refusal names (${min})` });
  if (max && max < size(sent)) named.push({ party: { adults: max, children: 0 }, from: `the largest party the refusal names (${max})` });
  if (kind === 'age or category' && sent.children > 0)
    named.push({
      party: { adults: Math.max(1, size(sent)), children: 0 },
      from: 'the same number of participants, adults only (the refusal names an age or a category)',
    });
  const fits = (p: Party) =>
    size(p) !== 0 &&
    (p.adults !== sent.adults || p.children !== sent.children) &&
    (kind !== 'minimum party' || size(p) >= (min ?? size(sent) + 1)) &&
    (kind !== 'maximum party' || size(p) <= (max ?? size(sent) - 1)) &&
    (kind !== 'age or category' || p.children === 0);
  const fromData = declared.filter(fits).map((party) => ({ party, from: "a party of the test data's availableParties" }));
  const all = [...named, ...fromData];
  const once = all.filter((a, i) => all.findIndex((b) => partyText(b.party) === partyText(a.party)) === i);
  return once.map(({ party, from }) => ({
    label: `${partyText(party)} (${from})`,
    apply: (r) => (r.operation.name === 'activitybook' ? setBookingParty(r, party) : setAvailabilityParty(r, party)),
  }));
}

/**
 * Other days the gateway offered the booked activity on, in this scenario's availability replies
 * (the ones discovery read): the booking's dates and times moved to each, times kept.
 */
function daysFor(productRetrier: ProductRetrier, reason: string): Alternative[] {
  const currentRequest = productRetrier.currentRequest;
  const id = (currentRequest.value('//ota:BookingInfo/ota:BasicInfo/@TourActivityID') ?? '').trim();
  const start = (currentRequest.value('//ota:BookingInfo/ota:Schedule/@Start') ?? '').trim();
  if (currentRequest.operation.name !== 'activitybook' || !id || !/^\d{4}-\d{2}-\d{2}/.test(start)) return [];
  const sentDay = start.slice(0, 10);
  const days = new Set<string>();
  for (const exchange of productRetrier.history.filter((h) => h.op.name === 'activityavailability' && h.reply.doc && !productReason(h))) {
    const reply = new ReplyReader(exchange.reply.doc!, productRetrier.run.replyProfile.facts);
    for (const a of reply.items(AVAILABILITY.activity)) {
      if (reply.value(AVAILABILITY.tourActivityId, a.node)?.value.trim() !== id) continue;
      for (const value of reply.values(AVAILABILITY.start, a.node)?.value ?? [])
        if (/^\d{4}-\d{2}-\d{2}/.test(value) && value.slice(0, 10) !== sentDay) days.add(value.slice(0, 10));
    }
  }
  // every date-time of the booking moves by the same number of days (a multi-day activity keeps its length)
  const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
  const shift = (v: string, day: string) => `${addDays(v.slice(0, 10), daysBetween(sentDay, day))}${v.slice(10)}`;
  // a weekday the refusal names ("does not operate on Mondays") is not tried again on another date
  const named = WEEKDAYS.filter((d) => new RegExp(`\\b${d.slice(0, 3)}`, 'i').test(reason));
  const weekday = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];
  return [...days]
    .filter((day) => !named.includes(weekday(day)))
    .sort()
    .map((day) => ({
      label: `${id} on ${day} (a day activity availability offered it on in this scenario)`,
      apply: (req) => {
        for (const [element, attribute] of DATE_TIMES) {
          const value = req.value(`${element}/@${attribute}`)?.trim();
          if (value && /^\d{4}-\d{2}-\d{2}/.test(value)) req.setAttribute(element, attribute, shift(value, day));
        }
      },
    }));
}

/** The alternatives a reason allows, in order: what the gateway names or offered, then the test data's. */
function alternativesFor(productRetrier: ProductRetrier, reason: string): Alternative[] {
  const kind = productReasonKind(reason);
  if (kind === 'day' || kind === 'not available') return daysFor(productRetrier, reason);
  return partiesFor(kind, reason, partyOf(productRetrier.currentRequest), productRetrier.run.data.availableParties);
}

const dayOf = (r: OtaRequest) => (r.value('//ota:BookingInfo/ota:Schedule/@Start') ?? '').trim().slice(0, 10);

/**
 * What a try left behind of what a reason names, or undefined: the smallest or largest party it
 * names now met, the children it refuses now gone, the date or weekday it names now another. Only
 * a reason that names it so: "party too small", said again to a larger party, may still be true.
 */
function whatWasLeft(reason: string, before: { party: Party; day: string }, request: OtaRequest): string | undefined {
  // a reason of several conditions may still hold by another of them: no misreading is told
  if (productConditions(reason) > 1) return undefined;
  const size = (p: Party) => p.adults + p.children;
  const party = partyOf(request);
  const kind = productReasonKind(reason);
  const min = kind === 'minimum party' ? minimumPartyOf(reason) : undefined;
  if (min && size(before.party) < min && size(party) >= min) return `a party of ${size(party)}, at least the ${min} it names`;
  const max = kind === 'maximum party' ? maximumPartyOf(reason) : undefined;
  if (max && size(before.party) > max && size(party) <= max) return `a party of ${size(party)}, at most the ${max} it names`;
  if (
    kind === 'age or category' &&
    /\b(children|child|infants?|minors?|kids?)\b/i.test(reason) &&
    before.party.children > 0 &&
    party.children === 0
  )
    return 'a party with no child';
  const day = dayOf(request);
  if (kind !== 'day' || !day || day === before.day) return undefined;
  if (reason.includes(before.day)) return `on ${day}, not the ${before.day} it names`;
  const weekday = (d: string) => WEEKDAYS[new Date(`${d}T00:00:00Z`).getUTCDay()];
  const named = new RegExp(`\\b${weekday(before.day)}s?\\b`, 'i').test(reason);
  return named && weekday(day) !== weekday(before.day) ? `on a ${weekday(day)}, not the ${weekday(before.day)} it names` : undefined;
}

/** What asking again did: the gateway's first reason, what was tried, and the reason still given (none: served). */
export interface ProductRetry {
  reason: string;
  tried: string[];
  stillRefused?: string;
}

/**
 * Asks again, bounded, when the last reply refused a quote or an availability request for a reason
 * of its product; each try changes only what the reason is about. Returns what was done (undefined:
 * nothing to do). The last request carries `productTried` when every try was refused too.
 */
export async function retryForProduct(productRetrier: ProductRetrier): Promise<ProductRetry | undefined> {
  const first = productRetrier.reply;
  const op = first.op.name;
  if (first.request !== productRetrier.currentRequest || (op !== 'activityavailability' && op !== 'activitybook')) return undefined;
  if (op === 'activitybook' && !isQuote(first.request)) return undefined;
  const reason = productReason(first);
  if (!reason) return undefined;
  const tried: string[] = [];
  let still: string | undefined = reason;
  for (const alt of alternativesFor(productRetrier, reason)) {
    if (!still || tried.length >= PRODUCT_RETRIES) break;
    const before = { party: partyOf(productRetrier.currentRequest), day: dayOf(productRetrier.currentRequest) };
    alt.apply(productRetrier.currentRequest);
    tried.push(alt.label);
    const previous = still;
    still = productReason(await productRetrier.send());
    const left = still === previous ? whatWasLeft(previous, before, productRetrier.currentRequest) : undefined;
    if (left) {
      // the same words to a request that no longer has what they name: no reason of the product
      productRetrier.currentRequest.productMisread = `the same reason ("${previous}") came back after ${alt.label}, ${left}: the gateway misread the request`;
      return { reason, tried };
    }
  }
  if (still)
    productRetrier.currentRequest.productTried = tried.length
      ? `tried ${tried.join('; ')}: refused again ("${still}")`
      : 'no other party, date or product the gateway offered in this scenario, nor one of the test data, fits the reason';
  return { reason, tried, ...(still ? { stillRefused: still } : {}) };
}

/** The evidence line of a retry, for the scenario's report. */
export function retryEvidence(productRetry: ProductRetry): string {
  const tried = productRetry.tried.length ? `tried, in turn: ${productRetry.tried.join('; ')}` : 'nothing else could be tried';
  return (
    `Refused for a reason of the product, not of the request's form: "${productRetry.reason}"; ${tried}. ` +
    (productRetry.stillRefused
      ? `Still refused ("${productRetry.stillRefused}"): the requirement cannot tell.`
      : 'The requirement is judged on the last reply.')
  );
}
