// One folder per operation (src/operations/<operation>/): what is checked of its replies
// (contract.ts) and how its requests are edited (request.ts), read from outside only through its
// entry (src/operations/<operation>/index.ts). This index is how steps, the reply profile loader and
// the docs find every contract.
import type { OperationName } from '../specification/operations';
import type { Rule } from '../contracts/rule';
import type { RequirementId } from '../specification/requirements';
import type { Contract } from './contract';
import { contract as hotelavailability } from './hotelavailability';
import { contract as activityavailability } from './activityavailability';
import { contract as activitysearch } from './activitysearch';
import { contract as hotelnbc } from './hotelnbc';
import { contract as activitynbc } from './activitynbc';
import { contract as transferavailability } from './transferavailability';
import { contract as activitybook } from './activitybook';
import { contract as bookread } from './bookread';
import { contract as bookcancel } from './bookcancel';

export const CONTRACTS: Record<OperationName, Contract> = {
  hotelavailability,
  activityavailability,
  activitysearch,
  hotelnbc,
  activitynbc,
  transferavailability,
  activitybook,
  bookread,
  bookcancel,
};

/** Every fact any contract reads, by id: what a reply profile may name. */
export const FACTS = Object.values(CONTRACTS).flatMap((c) => c.facts);
export const FACT_IDS: ReadonlySet<string> = new Set(FACTS.map((f) => f.id));

/** Every rule that a Gherkin sentence can ask for, with its operation. */
export function sentenceRules(): Array<{ op: OperationName; rule: Rule & { sentence: string } }> {
  return Object.values(CONTRACTS).flatMap((c) =>
    c.rules.filter((r): r is Rule & { sentence: string } => !!r.sentence).map((rule) => ({ op: c.op, rule })),
  );
}

/**
 * The rule a step calls for a requirement of an operation's reply (no sentence of its own: an
 * unknown subject's own reading beside "the request is refused"), or undefined.
 */
export function stepRule(op: OperationName, req: RequirementId): Rule | undefined {
  return CONTRACTS[op].rules.find((r) => r.req === req && !r.sentence);
}
