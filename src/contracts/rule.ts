// What a contract is made of. A Rule is bound once to one requirement of the catalogue; it looks
// at one exchange (the request sent, the reply received) and concludes, like an EARL assertion:
// passed, failed (with findings: where, expected, found) or cantTell (with the reason the check
// could not be made: the reply does not show the fact, there was no reply to read...).
import type { Exchange } from '../transport/exchange';
import type { CheckOutcome } from '../core/outcomes';
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
    const a: Assertion = { req: this.req, outcome, findings: [...this.findings], reasons: [...this.reasons] };
    return this.inapplicable !== undefined && outcome === 'passed' ? { ...a, notApplicable: this.inapplicable } : a;
  }
}

/**
 * What a rule is given: the exchange, a Check bound to its requirement, a reader of the reply, and
 * what the gateway's descriptive operations showed of the items it asked for (see `needs`).
 */
export type RuleBody = (x: Exchange, check: Check, reply: ReplyReader, more: Corroboration) => void;

export interface Rule {
  req: RequirementId;
  /** The Gherkin sentence that asks for this rule ("Then <sentence>"); omitted when a step calls it directly. */
  sentence?: string;
  check(x: Exchange, profile?: ReplyProfilePlaces, more?: Corroboration): Assertion;
  /** Items the reply names but does not describe enough for this rule: asked of the gateway before `check`. */
  needs?(x: Exchange, profile?: ReplyProfilePlaces): Need[];
}

/**
 * A rule that needs the reply document. Without one (no HTTP reply, an unreadable body) the check
 * cannot be made: its own requirement is not blamed, the envelope rules say what went wrong.
 */
export function rule(
  req: RequirementId,
  sentence: string | undefined,
  body: RuleBody,
  needs?: (x: Exchange, reply: ReplyReader) => Need[],
): Rule {
  requirement(req); // an unknown ID fails when the module loads, not when the check runs
  return {
    req,
    sentence,
    needs: needs && ((x, profile = {}) => (x.reply.doc ? needs(x, new ReplyReader(x.reply.doc, profile)) : [])),
    check(x, profile = {}, more = NO_CORROBORATION) {
      const c = new Check(req);
      const status = x.reply.exchange?.status ?? 0;
      if (!x.reply.doc && x.request.resultsOptional && status >= 400 && status < 500)
        c.notApplicable(`${x.request.resultsOptional}; it was refused (HTTP ${status})`);
      else if (!x.reply.doc) c.cannotTell(`there is no reply document to read (${noDocument(x)})`);
      else body(x, c, new ReplyReader(x.reply.doc, profile), more);
      return c.result();
    },
  };
}

/** A rule about the HTTP exchange itself (status, headers, timing): it runs with or without a document. */
export function httpRule(req: RequirementId, body: (x: Exchange, check: Check) => void): Rule {
  requirement(req);
  return {
    req,
    check(x) {
      const c = new Check(req);
      body(x, c);
      return c.result();
    },
  };
}

/** A rule over a reply that may have no document: a refusal by HTTP status alone is evidence too. */
export function replyRule(req: RequirementId, body: (x: Exchange, c: Check, r: ReplyReader | undefined) => void): Rule {
  return {
    req,
    check(x: Exchange, profile: ReplyProfilePlaces = {}) {
      const c = new Check(req);
      if (!x.reply.exchange) c.cannotTell(noDocument(x));
      else body(x, c, x.reply.doc && new ReplyReader(x.reply.doc, profile));
      return c.result();
    },
  };
}

/** Why an exchange has no document to read. */
export function noDocument(x: Exchange): string {
  if (x.reply.transportError) return `no HTTP reply: ${x.reply.transportError.message}`;
  if (x.reply.unreadable) return `the body could not be read as XML: ${x.reply.unreadable}`;
  return 'no reply';
}

export const list = (xs: Array<string | undefined>) => (xs.length === 0 ? '(none)' : xs.map((v) => v ?? '(missing)').join(', '));
