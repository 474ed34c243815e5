// The requirements catalogue, rebased on the text of the spec (../shared/spec/gateway-spec.md).
// How it is read (levels and bases, the words of the statements, the readings of the spec worth
// knowing) is docs/requirements.md; test/unit/specification/requirements-basis.test.ts enforces the
// levels, and every entry is covered by a scenario tagged @req:<ID> or marked untestable with why.

// The statements, by whom they concern: every endpoint, authentication, each operation (beside its
// rules, in src/operations/<op>/requirements.ts), and the classes security and alignment. This is
// the one module of src/specification that imports from src/operations, and only those data files
// (.dependency-cruiser.cjs, rule catalogue-assembly): each imports nothing but ./catalogue/define.ts.
import { requirements as endpoints } from './catalogue/endpoints';
import { requirements as authentication } from './catalogue/authentication';
import { requirements as securityAndAlignment } from './catalogue/security-and-alignment';
import { requirements as hotelavailability } from '../operations/hotelavailability/requirements';
import { requirements as activityavailability } from '../operations/activityavailability/requirements';
import { requirements as activitysearch } from '../operations/activitysearch/requirements';
import { requirements as hotelnbc } from '../operations/hotelnbc/requirements';
import { requirements as activitynbc } from '../operations/activitynbc/requirements';
import { requirements as transferavailability } from '../operations/transferavailability/requirements';
import { requirements as activitybook } from '../operations/activitybook/requirements';
import { requirements as bookread } from '../operations/bookread/requirements';
import { requirements as bookcancel } from '../operations/bookcancel/requirements';

export type { Basis, Level, RequirementDef } from './catalogue/define';
// Conformance classes a target may claim: defined with the test data's types, where claims are read.
export { CONFORMANCE_CLASSES, type ConformanceClass } from '../core/test-data';

/** The catalogue, class by class, in the order of the reports and docs/requirements.md. */
export const REQUIREMENTS = [
  // core: the envelope of every reply, requests the gateway cannot take, authentication, then each
  // operation in the order of the spec's table (booking with ResStatus Quote, read and cancel of
  // unknown references)
  ...endpoints.core,
  ...authentication.core,
  ...hotelavailability.core,
  ...activityavailability.core,
  ...activitysearch.core,
  ...hotelnbc.core,
  ...activitynbc.core,
  ...transferavailability.core,
  ...activitybook.core,
  ...bookread.core,
  ...bookcancel.core,
  // booking: books, reads and cancels (creates bookings)
  ...activitybook.booking,
  ...bookread.booking,
  ...bookcancel.booking,
  ...authentication.booking,
  // partial-cancellation: claimed only when the target declares how a partial cancel is expressed
  ...bookcancel['partial-cancellation'],
  // security: what replies must not carry; alignment: informative, never decides conformance
  ...securityAndAlignment.security,
  ...securityAndAlignment.alignment,
] as const;

export type RequirementId = (typeof REQUIREMENTS)[number]['id'];
export type Requirement = (typeof REQUIREMENTS)[number];

const BY_ID: ReadonlyMap<string, Requirement> = new Map(REQUIREMENTS.map((q) => [q.id, q] as const));

/** The requirement with this ID; throws for an unknown ID (for untyped callers). */
export function requirement(id: RequirementId): Requirement {
  const q = BY_ID.get(id);
  if (!q) throw new Error(`unknown requirement ${String(id)}; see src/specification/requirements.ts`);
  return q;
}

export function isRequirementId(s: string): s is RequirementId {
  return BY_ID.has(s);
}
