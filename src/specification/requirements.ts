// The requirements catalogue, rebased on the text of the spec (../shared/spec/gateway-spec.md).
//
// Levels (test/unit/specification/requirements-basis.test.ts enforces them):
// - MUST: the spec's own words, quoted verbatim in `basis.quote`, state the behaviour. Only a MUST
//   of a claimed class can make a run DOES NOT CONFORM.
// - SHOULD: OpenTravel 2003/05 convention, or a reasonable reading of something the spec says is
//   "not shown". A SHOULD finding is a warning.
// - INFO: neither (the XSD comparison, choices the spec leaves open). Never decides conformance.
// A `spec` basis is used for MUST entries only; a `convention` basis only for SHOULD entries; INFO
// entries rest on a `profile` basis. Any words in double quotes inside a convention or profile text
// are words of the spec and are checked verbatim like a quote.
//
// Words used in the statements:
// - valid request: a request in the form the spec's tables list for its path (this project's
//   xml-samples), with valid credentials, for data the target's test data declares (a place with
//   availability, an activity found by availability, a booking that exists).
// - served: answered as a success: HTTP 200, application/xml, a well-formed XML body, and not a
//   refusal in any form (an Errors element, OTA_ErrorRS, a 4xx status ...).
// - refused: not served and no data returned. The FORM of a refusal is never a MUST: the spec says
//   "Error responses, error codes and the conditions that cause them: not shown."
//
// Decisions worth knowing (the README repeats them):
// - Common rule 3 ("The root element carries xmlns set to {ota_namespace} and a Version
//   attribute.") is read as binding the root of replies to valid requests too: it is one of the
//   "Common rules for all endpoints", a list that also governs replies (rule 2), rules 1 and 4 say
//   "request" where they mean requests only and rule 3 does not, and Versioning says "The version of
//   each message is the Version attribute of its root element". It is checked by meaning: the root
//   is IN the namespace (default or prefixed; the XML infoset does not distinguish them); the
//   reply's Version must be present, its value is not checked (the table gives request values).
//   Rule 5 (dates) is not read onto replies: it defines the "(dates)" and "(date-times)" of the
//   request tables, and the spec shows no reply field ("Fields of the response records: not
//   shown."), so reply dates are SHOULD (EP-DATES).
// - Refusals (bad XML, wrong namespace/root, wrong credentials, unknown references) are SHOULD: the
//   Authentication section says how credentials travel, never that a request is refused without
//   them, and the Errors section leaves "the conditions that cause them" not shown.
// - The ResStatus value that books and the CancelType value that cancels are declared by the target
//   in its test data (OpenTravel: Commit); the spec lists only Quote ("Other allowed values of these
//   attributes are not listed."). Partial cancellation is a class of its own, claimed only when the
//   target declares its request form.
// - Request forms the spec states as allowed (optional Instance, leg forms, repeated elements,
//   boolean values) must be served (MUST). Forms it does not state (availability by hotel only or by
//   product only) are SHOULD: "Which elements and attributes are mandatory ...: not shown".
//
// Every entry is covered by a scenario tagged @req:<ID>, or marked untestable with the reason.

// The statements, by whom they concern: every endpoint, authentication, each operation (beside its
// rules, in src/operations/<op>/requirements.ts), and the classes security and alignment. This is
// the one module of src/spec that imports from src/operations, and only those data files
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
