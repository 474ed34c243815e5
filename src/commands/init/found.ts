// What `npm run init` found, field by field: where each value came from (a reply of the gateway,
// an option given, or a guess named as one), and what it could not find, with why.

export class Found {
  /** By field: where its value came from. Written into the file as `sources`. */
  readonly sources: Record<string, string> = {};
  /** The values the gateway could not tell and no option gave: each a guess, named. */
  readonly guesses: string[] = [];
  /** The fields it could not fill, with why. */
  readonly missing: Array<{ field: string; why: string }> = [];

  /** The value of `field` came from `source` (a reply of the gateway). */
  note(field: string, source: string): void {
    this.sources[field] = source;
  }

  /** The value of `field` was given as an option. */
  given(field: string, option: string): void {
    this.sources[field] = `given: ${option}`;
  }

  /** The gateway cannot tell `field` and no option gave it: `why` names the value taken and its basis. */
  guess(field: string, why: string): void {
    this.sources[field] = `a guess: ${why}`;
    this.guesses.push(`${field}: ${why}`);
  }

  /** `field` could not be filled. */
  miss(field: string, why: string): void {
    this.missing.push({ field, why });
    this.sources[field] = `not found: ${why}`;
  }
}
