// What a dialect variant of the catalogue declares; the per-area files (serialisation.ts,
// booking.ts...) hold the variants themselves and index.ts assembles them.

export interface VariantDef {
  name: string;
  description: string;
  /** Requirement IDs of the suite's catalogue the variant may legitimately draw as SHOULD warnings; usually none. */
  expectedWarnings: readonly string[];
  /** Operations (paths without slash) whose replies the variant changes; omitted = all nine. */
  operations?: readonly string[];
  /** Partial test data the suite must be given for this variant (forms the spec leaves open), deep-merged into the default test data; omitted when none. */
  testData?: Record<string, unknown>;
  /**
   * 'nothing shown': the variant answers every request but the test data's own with nothing, so
   * an exploration of it (npm run explore) is NOT DETERMINED (exit 4), never "no finding".
   */
  exploration?: 'nothing shown';
}
