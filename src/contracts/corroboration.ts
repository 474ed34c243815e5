// Corroboration: what the gateway's own descriptive operations say of an item that a reply names
// only by its code. A rule that needs such a fact (where a hotel is) and finds it nowhere in the
// reply asks for it (Rule.needs); the World sends one descriptive request per code per process
// (hotel descriptive data for a hotel code), through the same transport and bounds as every other
// exchange, and hands the rule what it showed. Cannot tell only when no operation shows the fact.

/** An item a rule needs described: a hotel by its code, an activity by its TourActivityID. */
export interface Need {
  kind: 'hotel' | 'activity';
  code: string;
}

/** What the descriptive operation showed of one item. */
export interface Description extends Need {
  /** The country values shown (names or ISO codes), at every place that shows one. */
  country: string[];
  /** The region, province, county and town values shown. */
  region: string[];
  /** Hotels the item is offered at (an activity's pickups), when the description shows them. */
  hotels?: string[];
  /** Where this was learned, for findings and reasons: "hotel descriptive data of PMIBEL01 (reply 3 of ...)". */
  source: string;
  /** Why it shows nothing: the request was refused, the reply broken, too large... */
  problem?: string;
}

/** The descriptions a rule asked for, by kind and code. */
export interface Corroboration {
  hotel(code: string): Description | undefined;
  activity(code: string): Description | undefined;
}

export const NO_CORROBORATION: Corroboration = { hotel: () => undefined, activity: () => undefined };

export const needKey = (n: Need) => `${n.kind}:${n.code.trim().toUpperCase()}`;

/** A Corroboration over a list of descriptions. */
export function corroborationOf(descriptions: readonly Description[]): Corroboration {
  const byKey = new Map(descriptions.map((d) => [needKey(d), d]));
  return {
    hotel: (code) => byKey.get(needKey({ kind: 'hotel', code })),
    activity: (code) => byKey.get(needKey({ kind: 'activity', code })),
  };
}
