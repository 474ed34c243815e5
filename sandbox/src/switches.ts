// One set of named switches for a sandbox instance: the faults switched on, or the variants.
// Names come from users (CLI, suite config), so they are checked against the catalogue at run time;
// `has` takes the catalogue's union, so a misspelt `faults.has('...')` is a type error.

export class SwitchSet<Name extends string> {
  private readonly on: Set<string>;
  /**
   * @param kind   the word for one switch in messages ('fault', 'variant')
   * @param known  every name of the catalogue, in catalogue order
   * @param error  builds the error thrown for an unknown name
   */
  constructor(kind: string, known: readonly Name[], names: readonly string[], error: (message: string) => Error) {
    const valid = new Set<string>(known);
    const unknown = names.filter((n) => !valid.has(n));
    if (unknown.length) {
      const meant = unknown.map((n) => nearest(n, known)).filter((n): n is string => n !== undefined);
      throw error(
        `unknown ${kind}${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}${meant.length ? `; did you mean ${meant.join(', ')}?` : ''}; valid ${kind}s: ${known.join(', ')}`,
      );
    }
    this.on = new Set(names);
  }
  has(name: Name): boolean {
    return this.on.has(name);
  }
  get names(): Name[] {
    return [...this.on] as Name[];
  }
}

/**
 * The known names a mistyped one was meant to be: those that share most of its words (split at
 * "-"), at least half of them; at most three, in catalogue order.
 */
function nearest<Name extends string>(name: string, known: readonly Name[]): string | undefined {
  const words = new Set(name.toLowerCase().split('-').filter(Boolean));
  const scored = known.map((k) => ({ k, shared: k.split('-').filter((w) => words.has(w)).length }));
  const best = Math.max(0, ...scored.map((x) => x.shared));
  const top = scored.filter((x) => x.shared === best).map((x) => x.k);
  return best > 0 && best * 2 >= words.size && top.length <= 3 ? top.join(' or ') : undefined;
}
