// Fault catalogue: realistic implementer mistakes that can be switched on in the
// sandbox, one at a time or several, to prove the suite catches them. Each fault is applied where
// the behaviour happens (auth, a handler, the store, the envelope, the HTTP layer); grep for
// `faults.has('<name>')` to find its point of application. `breaks` lists the requirement IDs the
// fault must fail, ALL of them (scripts/mutants.ts); test/unit/specification/fault-coverage.test.ts checks
// them against the catalogue (the sandbox never imports the suite, so the check is a test).
//
// One file per area, so that faults of different areas are added without touching the same file;
// the catalogue is their concatenation, in this order.

import { SwitchSet } from '../switches';
import { AUTH_FAULTS } from './auth';
import { AVAILABILITY_FAULTS } from './availability';
import { BOOKING_FAULTS } from './booking';
import { DESCRIPTIVE_FAULTS } from './descriptive';
import { EDGE_FAULTS } from './edges';
import { ENVELOPE_FAULTS } from './envelope';
import type { FaultDef } from './fault';
import { ROBUSTNESS_FAULTS } from './robustness';
import { TRANSFER_FAULTS } from './transfers';

export type { FaultArea, FaultDef } from './fault';

// `as const` keeps every name as a literal, so FaultName is a real union and a misspelt
// `faults.has('...')` is a type error.
const FAULT_LIST = [
  ...ENVELOPE_FAULTS,
  ...AUTH_FAULTS,
  ...AVAILABILITY_FAULTS,
  ...BOOKING_FAULTS,
  ...DESCRIPTIVE_FAULTS,
  ...TRANSFER_FAULTS,
  ...ROBUSTNESS_FAULTS,
  ...EDGE_FAULTS,
] as const;

export type FaultName = (typeof FAULT_LIST)[number]['name'];

/** The catalogue, widened for easy iteration (names stay typed). */
export const FAULTS: readonly (FaultDef & { readonly name: FaultName })[] = FAULT_LIST;

export class UnknownFaultError extends Error {}

/** The reply of `operation` with the `rewrite` of each fault switched on that declares one for it. */
export function rewrittenReply(
  reply: string,
  operation: string,
  on: { has(name: FaultName): boolean },
  catalogue: readonly FaultDef[] = FAULTS,
): string {
  return catalogue
    .filter((f) => f.rewrite && on.has(f.name as FaultName) && (f.operations.includes(operation) || f.operations.includes('*')))
    .reduce((body, f) => f.rewrite!(body), reply);
}

/** The set of faults switched on for one sandbox instance. */
export class Faults extends SwitchSet<FaultName> {
  constructor(names: readonly string[] = []) {
    super(
      'fault',
      FAULTS.map((f) => f.name),
      names,
      (m) => new UnknownFaultError(m),
    );
  }
}
