// What a fault of the catalogue declares; the per-area files (envelope.ts, auth.ts...) hold the
// faults themselves and index.ts assembles them.

export type FaultArea = 'envelope' | 'auth' | 'availability' | 'booking' | 'descriptive' | 'transfers' | 'robustness' | 'edges';

export interface FaultDef {
  name: string;
  area: FaultArea;
  /** Operations (paths without slash) whose replies change; '*' = all nine. */
  operations: readonly string[];
  description: string;
  /** Requirement IDs of the suite's catalogue that this fault must fail, every one of them. */
  breaks: readonly string[];
  /**
   * What the fault's run configures, as a certifier would, so the suite can decide: the real
   * Instance (the suite cannot blame a refusal of an Instance it chose itself), or a time-out the
   * slow reply outlasts.
   */
  runEnv?: Readonly<Record<string, string>>;
  /**
   * Only some inputs show it (sandbox/src/faults/edges.ts): npm run conformance is expected to pass
   * it, and npm run explore to find it (the mutation run counts these apart).
   */
  edge?: boolean;
  /**
   * A mistake in how the reply is written (an element or attribute left out, a value in another
   * form), not in what the operation finds, prices or books: the reply of each of the fault's
   * operations, as the handler wrote it (the sandbox's compact form, before a dialect writes it out
   * in its own: sandbox/src/envelope.ts applies it), rewritten. A mistake of
   * behaviour is applied in the handler instead, where it happens (`faults.has('<name>')`).
   */
  rewrite?: (reply: string) => string;
  /**
   * Where the mistake shows, for a fault with no effect test of its own: an XPath (prefix `ota:`)
   * whose values, in the reply of each of the fault's operations to its default request (the
   * operation's xml-samples file as sandbox/test/helpers.ts fills it), differ from the honest
   * sandbox's (sandbox/test/faults/support.ts checks it). Meant for a `rewrite`, whose effect is
   * where it rewrites.
   */
  shows?: string;
}

/** The operations of a fault that changes every reply. */
export const ALL = ['*'] as const;
