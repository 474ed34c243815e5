// What a contract is made of. A Rule is bound once to one requirement of the catalogue; it looks
// at one exchange (the request sent, the reply received) and concludes, like an EARL assertion:
// passed, failed (with findings: where, expected, found) or cantTell (with the reason the check
// could not be made: the reply does not show the fact, there was no reply to read...).
import type { Exchange } from '../transport/exchange';
import type { CheckOutcome } from '../core/outcomes';
import type { TestData } from '../core/test-data';
import { requirement, type RequirementId } from '../specification/requirements';
import { ReplyReader, type ReplyProfilePlaces } from './reader';
import { NO_CORROBORATION, type Corroboration, type Need } from './corroboration';

export type { Exchange } from '../transport/exchange';

/** One difference between what a requirement expects and what the gateway did. */
export interface Finding {
  req: RequirementId;
  /** Where: an XPath into the reply, or "HTTP status", "Content-Type", ... */
  at: string;
  expected: string;
  found: string;
}

/** The conclusion of one check of one requirement. */
export interface Assertion {
  req: RequirementId;
  outcome: CheckOutcome;
  findings: Finding[];
  /** Why the check could not be made (cantTell). */
  reasons: string[];
  /**
   * Set when the requirement does not apply to this exchange (an envelope MUST about a served
   * reply, looking at a refusal): the assertion is dropped, it neither passes nor holds anything open.
   */
  notApplicable?: string;
}

/** Collects what one rule saw; `result()` gives the assertion. Failure wins over cannot-tell. */
export class Check {
  private readonly findings: Finding[] = [];
  private readonly reasons: string[] = [];
  private inapplicable?: string;
  constructor(readonly req: RequirementId) {}

  /** The requirement says nothing about this exchange: no outcome is recorded from it. */
  notApplicable(why: string): this {
    this.inapplicable = why;
    return this;
  }

  /**
   * One finding per fact at its place: a rule that reaches one element through several others (a
   * HotelStay read once for each RoomStay that points at it) records what that element showed once.
   */
  fail(at: string, expected: string, found: string): this {
    if (!this.findings.some((f) => f.at === at && f.expected === expected && f.found === found))
      this.findings.push({ req: this.req, at, expected, found });
    return this;
  }

  /** The check cannot be made (or completed) from what the reply shows. */
  cannotTell(reason: string): this {
    if (!this.reasons.includes(reason)) this.reasons.push(reason);
    return this;
  }

  result(): Assertion {
    const outcome: CheckOutcome = this.findings.length ? 'failed' : this.reasons.length ? 'cantTell' : 'passed';
    const assertion: Assertion = { req: this.req, outcome, findings: [...this.findings], reasons: [...this.reasons] };
    return this.inapplicable !== undefined && outcome === 'passed' ? { ...assertion, notApplicable: this.inapplicable } : assertion;
  }
}

/**
 * What a rule is given: the exchange, a Check bound to its requirement, a reader of the reply, and
 * what the gateway's descriptive operations showed of the items it asked for (see `needs`).
 */
export type RuleBody = (exchange: Exchange, check: Check, reply: ReplyReader, corroboration: Corroboration) => void;

export interface Rule {
  req: RequirementId;
  /** The Gherkin sentence that asks for this rule ("Then <sentence>"); omitted when a step calls it directly. */
  sentence?: string;
  check(exchange: Exchange, profile?: ReplyProfilePlaces, more?: Corroboration): Assertion;
  /** Items the reply names but does not describe enough for this rule: asked of the gateway before `check`. */
  needs?(exchange: Exchange, profile?: ReplyProfilePlaces): Need[];
}

/**
 * A rule that needs the reply document. Without one (no HTTP reply, an unreadable body) the check
 * cannot be made: its own requirement is not blamed, the envelope rules say what went wrong.
 */
export function rule(
  req: RequirementId,
  sentence: string | undefined,
  body: RuleBody,
  needs?: (exchange: Exchange, reply: ReplyReader) => Need[],
): Rule {
  requirement(req); // an unknown ID fails when the module loads, not when the check runs
  return {
    req,
    sentence,
    needs: needs && ((exchange, profile = {}) => (exchange.reply.doc ? needs(exchange, new ReplyReader(exchange.reply.doc, profile)) : [])),
    check(exchange, profile = {}, more = NO_CORROBORATION) {
      const check = new Check(req);
      const status = exchange.reply.exchange?.status ?? 0;
      if (!exchange.reply.doc && exchange.request.resultsOptional && status >= 400 && status < 500)
        check.notApplicable(`${exchange.request.resultsOptional}; it was refused (HTTP ${status})`);
      else if (!exchange.reply.doc) check.cannotTell(`there is no reply document to read (${noDocument(exchange)})`);
      else judged(check, new ReplyReader(exchange.reply.doc, profile), (reply) => body(exchange, check, reply, more));
      return traceGuesses(check.result(), exchange.request.testData);
    },
  };
}

/** A rule about the HTTP exchange itself (status, headers, timing): it runs with or without a document. */
export function httpRule(req: RequirementId, body: (exchange: Exchange, check: Check) => void): Rule {
  requirement(req);
  return {
    req,
    check(exchange) {
      const check = new Check(req);
      body(exchange, check);
      return traceGuesses(check.result(), exchange.request.testData);
    },
  };
}

/** A rule over a reply that may have no document: a refusal by HTTP status alone is evidence too. */
export function replyRule(req: RequirementId, body: (exchange: Exchange, check: Check, reply: ReplyReader | undefined) => void): Rule {
  return {
    req,
    check(exchange: Exchange, profile: ReplyProfilePlaces = {}) {
      const check = new Check(req);
      if (!exchange.reply.exchange) check.cannotTell(noDocument(exchange));
      else if (!exchange.reply.doc) body(exchange, check, undefined);
      else judged(check, new ReplyReader(exchange.reply.doc, profile), (reply) => body(exchange, check, reply));
      return traceGuesses(check.result(), exchange.request.testData);
    },
  };
}

/**
 * Runs a rule's body over a reader, then fails it for every fact it read whose placements, for one
 * item, disagree (ReplyReader.disagreements): a reply that contradicts itself about what the rule
 * judged is a finding of that rule, never a pass.
 */
function judged(check: Check, reply: ReplyReader, body: (reply: ReplyReader) => void): void {
  body(reply);
  for (const disagreement of reply.disagreements())
    check.fail(
      `${disagreement.item}: ${disagreement.shown.map((s) => s.at).join(' | ')}`,
      `one ${disagreement.fact.what} (${disagreement.fact.id}) at every placement`,
      disagreement.shown.map((s) => `${s.value} at ${s.at}`).join('; '),
    );
}

/**
 * A finding whose expectation rests on a value `npm run init` guessed (its `sources` say "a guess:
 * ...") names the guess and the option that replaces it: "expected Cancelled, Canceled" becomes
 * "... (booking.cancelledStatusWords is a guess of npm run init: Cancelled, Canceled
 * (--cancelled-words); give the gateway's own)". A value is taken as used when each of its words
 * is in the expectation, as a word, in its own case.
 */
export function traceGuesses(assertion: Assertion, data: TestData | undefined): Assertion {
  const guessed = Object.entries(data?.sources ?? {}).filter(([, source]) => /^a guess\b/i.test(source.trim()));
  if (!assertion.findings.length || !guessed.length || !data) return assertion;
  const valueOf = (field: string): string[] => {
    const v = field
      .split('.')
      .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), data);
    const values = Array.isArray(v) ? v : v === undefined || v === null || typeof v === 'object' ? [] : [v];
    return values.map(String).filter((w) => w.trim().length > 1);
  };
  const findings = assertion.findings.map((finding) => {
    const rests = guessed.filter(([field]) => {
      const values = valueOf(field);
      const word = (w: string) => new RegExp(`(^|\\W)${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|\\W)`);
      return values.length > 0 && values.every((w) => word(w).test(finding.expected));
    });
    if (!rests.length) return finding;
    const named = rests.map(([field, source]) => `${field} is ${source.trim().replace(/^a guess:?\s*/i, 'a guess of npm run init: ')}`);
    return { ...finding, expected: `${finding.expected} (${named.join('; ')}; give the gateway's own)` };
  });
  return { ...assertion, findings };
}

/** Why an exchange has no document to read. */
export function noDocument(exchange: Exchange): string {
  if (exchange.reply.transportError) return `no HTTP reply: ${exchange.reply.transportError.message}`;
  if (exchange.reply.unreadable) return `the body could not be read as XML: ${exchange.reply.unreadable}`;
  return 'no reply';
}

export const list = (xs: Array<string | undefined>) => (xs.length === 0 ? '(none)' : xs.map((v) => v ?? '(missing)').join(', '));
