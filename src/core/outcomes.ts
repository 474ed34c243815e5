// Outcomes after W3C EARL: what a check concludes (contracts) and what a requirement ends as
// (reporting). Here so that the checks and the reports share them without importing each other.

/** EARL outcome of one requirement. */
export type Outcome = 'passed' | 'failed' | 'cantTell' | 'untested' | 'inapplicable';

/** What one check of one requirement concluded (a requirement may be checked many times). */
export type CheckOutcome = 'passed' | 'failed' | 'cantTell';
