// What an operation's folder exports: its contract (the rules a Gherkin sentence can ask for,
// each bound to one requirement) and the facts its rules read (documented in docs/reply-profile.md,
// overridable per target by a reply profile).
import type { Fact } from '../contracts/reader';
import type { Rule } from '../contracts/rule';
import type { OperationName } from '../specification/operations';

export interface Contract {
  op: OperationName;
  facts: Fact[];
  rules: Rule[];
}
