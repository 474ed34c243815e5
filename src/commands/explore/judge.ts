// How an explored reply is judged: by the same rules, under the same requirement IDs, as a
// conformance run judges the reply of a scenario: the envelope of every reply to a valid request,
// the credential echo, and the rules of the operation's contract that hold for any valid request
// of it (those a scenario asks of a request it shaped for them, such as an unknown airport or a
// place with nothing, are left out). And the forms a request carries: a form the gateway refused
// every time it was explored is a finding of its requirement, once (never one per request).
import { ENVELOPE_RULES } from '../../contracts/envelope';
import { Check, type Assertion, type Exchange, type Rule } from '../../contracts/rule';
import { CONTRACTS } from '../../operations';
import type { RequirementId } from '../../specification/requirements';
import type { Case, ExploredOperation } from './space';

/** The requirements whose rules judge every explored reply of an operation. */
export const EXPLORED_RULES: Record<ExploredOperation, readonly RequirementId[]> = {
  hotelavailability: ['HAV-PLACE', 'HAV-DATES', 'HAV-GUESTS', 'HAV-MAXRESPONSES'],
  activityavailability: ['AAV-LOCATION', 'AAV-DATES', 'AAV-PARTICIPANTS', 'AAV-CATEGORIES', 'AAV-MAXPRICE', 'AAV-CURRENCY', 'AAV-DECIMALS'],
  transferavailability: ['TRF-AIRPORT', 'TRF-LOCATION', 'TRF-DATES', 'TRF-PICKUP-BEFORE-FLIGHT', 'TRF-PASSENGERS', 'TRF-DISABILITY'],
  activitysearch: ['ASR-AREA', 'ASR-DATES'],
  hotelnbc: ['HNBC-SUBJECT', 'HNBC-CONTENT'],
  activitynbc: ['ANBC-SUBJECT', 'ANBC-CONTENT'],
};

/** The rules of the operation's contract bound to `reqs`, in the contract's order. */
function contractRules(op: ExploredOperation): Rule[] {
  const reqs = EXPLORED_RULES[op];
  const rules = CONTRACTS[op].rules.filter((r) => reqs.includes(r.req));
  const missing = reqs.filter((id) => !rules.some((r) => r.req === id));
  // a rule renamed or removed from a contract must not leave the exploration judging nothing
  if (missing.length) throw new Error(`the ${op} contract has no rule of ${missing.join(', ')}`);
  return rules;
}

/** The requirement that says an operation serves a valid request ("Returns ..."): what a server error of an explored one fails. */
export const SERVED_BY: Record<ExploredOperation, RequirementId> = {
  hotelavailability: 'HAV-SUCCESS',
  activityavailability: 'AAV-SUCCESS',
  transferavailability: 'TRF-SUCCESS',
  activitysearch: 'ASR-SUCCESS',
  hotelnbc: 'HNBC-SUBJECT',
  activitynbc: 'ANBC-SUBJECT',
};

/**
 * A server error (HTTP 5xx but 503, which says "try later": the exploration backs off) to a valid
 * request: "no results" and a refusal are legitimate answers to explored values, a crash is not.
 * Only a failure is concluded: a reply that is no server error proves nothing of the requirement.
 */
export function serverError(drawn: Case, exchange: Exchange): Assertion | undefined {
  const status = exchange.reply.exchange?.status ?? 0;
  if (status < 500 || status === 503) return undefined;
  return new Check(SERVED_BY[drawn.op])
    .fail('HTTP status', 'served (a valid request the spec allows)', `${status}: a server error`)
    .result();
}

/** The rules that judge an explored case's reply. */
export function rulesFor(drawn: Case): Rule[] {
  // a disability-adapted vehicle is judged only where the request asks for one
  const own = contractRules(drawn.op).filter((r) => r.req !== 'TRF-DISABILITY' || drawn.disability);
  return [...ENVELOPE_RULES, ...own];
}

/** One form of a request element, and the requirement that says a gateway serves it. */
export interface Form {
  req: RequirementId;
  form: string;
  /** The values of the case that make the form: what its confirmation keeps of it (./space.ts withForm). */
  fields: ReadonlyArray<keyof Case>;
}

/** The forms an explored case carries whose refusal a requirement forbids. */
export function formsOf(drawn: Case): Form[] {
  const forms: Form[] = [];
  if (drawn.place) forms.push({ req: 'HAV-REFPOINT-CONTEXTS', form: `RefPoint CodeContext ${drawn.place.context}`, fields: ['place'] });
  if (drawn.maxResponses !== undefined)
    forms.push({ req: 'HAV-MAXRESPONSES', form: `MaxResponses ${drawn.maxResponses}`, fields: ['maxResponses'] });
  if (drawn.legs) forms.push({ req: 'TRF-LEG-FORMS', form: `a transfer ${drawn.legs}`, fields: ['legs'] });
  if (drawn.legs === 'airport to hotel and back')
    forms.push({ req: 'TRF-LOCATIONS-REPEATED', form: 'two Location elements', fields: ['legs'] });
  if (drawn.op === 'transferavailability' && (drawn.party?.length ?? 0) > 1)
    forms.push({ req: 'TRF-PASSENGERS-REPEATED', form: 'several Passengers elements', fields: [] });
  if (drawn.disability !== undefined)
    forms.push({ req: 'TRF-DISABILITY-BOOLEAN', form: `DisabilityInfo RequiredInd ${drawn.disability}`, fields: ['disability'] });
  if (drawn.op === 'activityavailability' && drawn.product === false)
    forms.push({ req: 'AAV-HOTEL-ONLY', form: 'a hotel and no product', fields: ['product'] });
  if (drawn.op === 'activitysearch' && drawn.product === false)
    forms.push({ req: 'ASR-HOTEL-ONLY', form: 'a hotel and no product', fields: ['product'] });
  return forms;
}

/** What the forms of every explored request came to: served, refused, and the first refusal seen. */
export class FormTally {
  private readonly seen = new Map<
    string,
    { form: Form; op: ExploredOperation; served: number; refused: number; first?: { c: Case; x: Exchange; how: string } }
  >();
  private readonly servedOps = new Set<ExploredOperation>();
  private readonly lastServed = new Map<ExploredOperation, Case>();

  /** An explored request and how its reply refused it (refusedHow, read while the reply's document is held), if it did. */
  add(drawn: Case, exchange: Exchange, how: string | undefined): void {
    if (exchange.reply.exchange && !how) {
      this.servedOps.add(drawn.op);
      this.lastServed.set(drawn.op, drawn);
    }
    for (const form of formsOf(drawn)) {
      const key = `${form.req}\u0000${form.form}`;
      const t = this.seen.get(key) ?? { form, op: drawn.op, served: 0, refused: 0 };
      if (how) {
        t.refused++;
        t.first ??= { c: drawn, x: exchange, how };
      } else if (exchange.reply.exchange) t.served++;
      this.seen.set(key, t);
    }
  }

  /** The last explored request of `op` that was served, with the fields that make its forms: what a confirmation starts from. */
  served(op: ExploredOperation): { c: Case; fields: Array<keyof Case> } | undefined {
    const drawn = this.lastServed.get(op);
    return drawn && { c: drawn, fields: formsOf(drawn).flatMap((f) => f.fields) };
  }

  /**
   * A form refused every time (at least twice) by a gateway that served other requests of the same
   * operation: a candidate finding of its requirement, with the exchange of its first refusal. An
   * explored request may be refused by right (nothing matches its values): the exploration confirms
   * each candidate with the test data's own values and only that form (./exploration.ts).
   */
  refusedForms(): Array<{
    assertion: Assertion;
    c: Case;
    x: Exchange;
    op: ExploredOperation;
    form: string;
    fields: ReadonlyArray<keyof Case>;
    refused: number;
  }> {
    return [...this.seen.values()]
      .filter((t) => t.served === 0 && t.refused >= 2 && this.servedOps.has(t.op) && t.first)
      .map((t) => ({
        op: t.op,
        form: t.form.form,
        fields: t.form.fields,
        c: t.first!.c,
        x: t.first!.x,
        refused: t.refused,
        assertion: {
          req: t.form.req,
          outcome: 'failed' as const,
          reasons: [],
          findings: [
            {
              req: t.form.req,
              at: 'reply',
              expected: `served: ${t.form.form}, a form the spec allows`,
              found: `refused in every one of the ${t.refused} explored requests that carried it (first: ${t.first!.how})`,
            },
          ],
        },
      }));
  }
}
