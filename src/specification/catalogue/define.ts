// What the statements of the catalogue are written with: the shape of a requirement, its levels and
// bases, the phrases many statements share, and the shape of the "decided by" tables. The
// statement files (src/specification/catalogue/*.ts, src/operations/<op>/requirements.ts) import only this
// file; src/specification/requirements.ts assembles them and says what the levels and words mean.
import type { ConformanceClass } from '../../core/test-data';

export type Level = 'MUST' | 'SHOULD' | 'INFO';

export type Basis =
  | { kind: 'spec'; quote: string } // verbatim words of gateway-spec.md (required for MUST)
  | { kind: 'convention'; text: string } // "OpenTravel 2003/05 convention: ..."
  | { kind: 'profile'; text: string }; // this project's reply profile / a choice the spec leaves open

export interface RequirementDef {
  id: string;
  level: Level;
  class: ConformanceClass;
  /** Spec section, e.g. "Endpoints, common rules 2" or "Endpoints, /bookcancel". */
  section: string;
  /** One sentence: what the gateway does, testable. */
  statement: string;
  basis: Basis;
  /** Set when no scenario can check it, with the reason. */
  untestable?: string;
  /**
   * A MUST judged at the grain of the spec's words, no narrower and no wider: how the suite reads the
   * quote, one legitimate reply it must accept (a form the spec allows, other than the sandbox's)
   * and one it must refuse. docs/requirements.md renders it; every testable MUST has one.
   */
  grain?: Grain;
  /**
   * Set when the spec states it for each operation ("Every operation is one HTTP POST to its own
   * path"): it passes only when every operation showed its evidence, and an operation that never
   * did leaves it open (cannot tell), named.
   */
  eachOperation?: true;
}

export interface Grain {
  /** How the quote is read: what it demands, what it allows. */
  reading: string;
  /** A legitimate reply (or behaviour) the requirement accepts. */
  accepts: string;
  /** A reply (or behaviour) that breaks it. */
  refuses: string;
}

/** One requirement; its ID stays a literal type, so that RequirementId is the union of them all. */
export function r<const I extends string>(def: RequirementDef & { id: I }) {
  return def;
}

export const spec = (quote: string): Basis => ({ kind: 'spec', quote });
export const ota = (text: string): Basis => ({ kind: 'convention', text: `OpenTravel 2003/05 convention: ${text}` });
export const profile = (text: string): Basis => ({ kind: 'profile', text });

export const REFUSAL_FORMS =
  'in any form (an Errors element, OTA_ErrorRS, a 4xx status with an Errors body), but not a 5xx or an HTML page';
export const ERRORS_OPEN = '"Error responses, error codes and the conditions that cause them: not shown."';
export const ERRORS_CONVENTION = `a request that cannot be processed is answered with Errors and no data; the spec leaves refusals open (${ERRORS_OPEN})`;
export const AUTH_CONVENTION = `a request the gateway does not authenticate is answered with Errors and no data; the spec says how credentials travel ("Credentials travel in the body of every request, in the POS element, as two Source children") but never that a request without them is refused, and leaves the conditions of errors open (${ERRORS_OPEN})`;
export const FIELDS_OPEN = '"Fields of the response records: not shown."';
export const MANDATORY_OPEN = '"Which elements and attributes are mandatory, and the repetition limits of repeated elements: not shown."';

export const EP = 'Endpoints, common rules';

/**
 * Which facts decide a MUST requirement that a contract rule judges from reply content: the facts
 * the rule reads (docs/reply-profile.md has their places), and those it may learn by corroboration
 * from another operation of the gateway. Requirements with no entry are decided by the HTTP
 * exchange itself (status, headers, root) or by the booking life across calls (see their
 * statements). A test checks every fact id exists and every MUST rule of a contract has its entry.
 */
export interface DecidedBy {
  /** Facts of the operation's own reply. */
  facts: readonly string[];
  /** Facts asked of the gateway's descriptive operations when the reply does not show them. */
  corroboration?: readonly string[];
  /** Facts the rule reads only to name the item a finding is about (its code), never to decide. */
  names?: readonly string[];
}

/** The IDs of requirements given by class (a statement file's `requirements`). */
export type IdsOf<R> = { [K in keyof R]: R[K] extends readonly { id: infer I extends string }[] ? I : never }[keyof R];

/** An operation's "decided by" entries, for its own requirements only. */
export type DecidedByTable<R> = Partial<Record<IdsOf<R>, DecidedBy>>;

/** Corroboration of where a hotel is: the facts of hotel descriptive data. */
export const HOTEL_PLACE = ['hotelnbc.hotel.country', 'hotelnbc.hotel.region'];
/** Corroboration of where an activity is: its hotel's descriptive data, and its own. */
export const ACTIVITY_PLACE = [...HOTEL_PLACE, 'activitynbc.activity.area', 'activitynbc.activity.country', 'activitynbc.activity.hotels'];
