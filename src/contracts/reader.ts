// Reading a reply by meaning. The spec shows no reply structure ("Response body structure of every
// endpoint: not shown"), so every fact a contract reads is a Fact: an ordered list of the places
// where OpenTravel 2003/05 (2016B) and common practice put it, each with its source. The first
// place that shows the fact wins. A target's reply profile (OTA_REPLY_PROFILE) puts its own places
// first. Namespace prefixes, comments, CDATA, surrounding white space, element order and extra
// elements never matter: places are namespace-aware XPaths and values are trimmed.
import type { XmlDoc, XNode } from '../xml/xml';
import { countryCode } from './countries';
import { bool, day, isDate, num } from './value-forms';

/** Extra XPaths per fact, from the target's reply profile (OTA_REPLY_PROFILE). */
export type ReplyProfilePlaces = Readonly<Record<string, readonly string[]>>;

export interface Fact {
  /** Stable name, used by reply profiles: "<operation>.<thing>", e.g. "hotelavailability.hotel.country". */
  id: string;
  /** What it is, for messages: "the country of a hotel". */
  what: string;
  /**
   * XPaths (prefix `ota:` = the OTA 2003/05 namespace), in order of preference. Facts read from an
   * item (a hotel, an activity...) are relative to that item's node.
   */
  places: readonly string[];
  /** Where the places come from (an XSD path, a vendor practice). */
  source: string;
  /** What the rules that read it conclude when the reply does not show it (docs/reply-profile.md). */
  whenNotShown: string;
  /**
   * Set when the fact has one value per item wherever OpenTravel places it (a code, a country, a
   * count): the form its values are compared in. Placements of one item that disagree are then a
   * finding of every rule that read the fact there, never a pass (see `disagreements`).
   */
  agree?: Agreement;
  /** How a shown value is compared with what was asked: a section of docs/matching.md, written once per method. */
  matched?: Matching;
}

/** The methods docs/matching.md explains, each the slug of its section's heading. */
export const MATCHINGS = [
  'countries',
  'regions-and-towns',
  'activity-areas',
  'stay-dates',
  'guests-of-a-stay',
  'participants-of-a-rate',
  'transfer-legs',
  'transfer-passengers',
  'booking-references',
] as const;
export type Matching = (typeof MATCHINGS)[number];

/** How the values of a fact at its placements are compared: as codes, countries, dates, numbers or xs:boolean. */
export type Agreement = 'code' | 'country' | 'date' | 'number' | 'boolean';

export const fact = (
  id: string,
  what: string,
  places: readonly string[],
  source: string,
  whenNotShown: string,
  agree?: Agreement,
  matched?: Matching,
): Fact => ({
  id,
  what,
  places,
  source,
  whenNotShown,
  ...(agree ? { agree } : {}),
  ...(matched ? { matched } : {}),
});

/** A value in the form `agree` compares it; undefined when it is no value of that form (an unknown name is no country). */
export function agreementKey(agree: Agreement, value: string): string | undefined {
  switch (agree) {
    case 'code':
      return value.trim().replace(/\s+/g, ' ').toLowerCase();
    case 'country':
      return countryCode(value);
    case 'date':
      return isDate(value) ? day(value) : undefined;
    case 'number': {
      const n = num(value);
      return isNaN(n) ? undefined : String(n);
    }
    case 'boolean': {
      const b = bool(value);
      return b === undefined ? undefined : String(b);
    }
  }
}

/** One fact of one item shown with values that cannot all hold, each with its placement. */
export interface Disagreement {
  fact: Fact;
  /** The item (its path in the reply), or the reply itself. */
  item: string;
  shown: Array<{ at: string; value: string }>;
}

export interface Found<T> {
  /** The place (XPath) where the fact was found. */
  at: string;
  value: T;
}

export class ReplyReader {
  /** The facts read, and the items they were read of: their placements are compared (`disagreements`). */
  private readonly read = new Map<Fact, Set<XNode | undefined>>();

  constructor(
    readonly doc: XmlDoc,
    private readonly profile: ReplyProfilePlaces = {},
  ) {}

  /** Notes that a rule read `f` of `within` (the reading methods do; so do helpers that walk the places themselves). */
  noteRead(fact: Fact, within?: XNode): void {
    if (!fact.agree) return;
    const items = this.read.get(fact) ?? new Set<XNode | undefined>();
    items.add(within);
    this.read.set(fact, items);
  }

  /**
   * The facts read so far whose placements, for one item, show values that cannot all hold: two
   * codes, two countries (by ISO code, whatever their names), two dates, two numbers. Values a
   * form does not recognise (a name no language calls a country) are left out, not compared.
   */
  disagreements(): Disagreement[] {
    const out: Disagreement[] = [];
    for (const [f, items] of this.read)
      for (const within of items) {
        const byKey = new Map<string, { at: string; value: string }>();
        for (const at of this.placesOf(f))
          for (const node of this.doc.find(at, within)) {
            const value = node.content.trim();
            const key = value === '' ? undefined : agreementKey(f.agree!, value);
            if (key !== undefined && !byKey.has(key)) byKey.set(key, { at, value });
          }
        if (byKey.size > 1) out.push({ fact: f, item: within ? pathOf(this.doc, within) : '/', shown: [...byKey.values()] });
      }
    return out;
  }

  /** The places of a fact, the target's own (reply profile) first. */
  placesOf(fact: Fact): readonly string[] {
    const own = this.profile[fact.id];
    return own ? [...own, ...fact.places] : fact.places;
  }

  /** Nodes of the first place that matches anything; undefined when the reply shows none. */
  nodes(fact: Fact, within?: XNode): Found<XNode[]> | undefined {
    this.noteRead(fact, within);
    for (const at of this.placesOf(fact)) {
      const nodes = this.doc.find(at, within);
      if (nodes.length) return { at, value: nodes };
    }
    return undefined;
  }

  /** Non-blank values (trimmed) of the first place that shows any; undefined when none does. */
  values(fact: Fact, within?: XNode): Found<string[]> | undefined {
    this.noteRead(fact, within);
    for (const at of this.placesOf(fact)) {
      const values = this.doc
        .find(at, within)
        .map((n) => n.content.trim())
        .filter((v) => v !== '');
      if (values.length) return { at, value: values };
    }
    return undefined;
  }

  /** The first non-blank value of a fact, or undefined. */
  value(fact: Fact, within?: XNode): Found<string> | undefined {
    const found = this.values(fact, within);
    return found && { at: found.at, value: found.value[0] };
  }

  /**
   * Items (nodes) of a fact with a label each for messages: `<place>[n]`, of the first place that
   * has any. Only items that show something count (`keep`; by default `showsSomething`): an element
   * with no attribute value and no text, at it or below it (`<RoomStay/>`, a skeleton of empty
   * elements), is no hotel, activity or service. `allItems` reads every place.
   */
  items(fact: Fact, keep: (node: XNode) => boolean = (n) => showsSomething(this.doc, n)): Array<{ node: XNode; at: string }> {
    // the first place with an item that shows something (a place of empty elements shows none)
    for (const at of this.placesOf(fact)) {
      const items = this.itemsAt(at, keep);
      if (items.length) return items;
    }
    return [];
  }

  /**
   * The items (see `items`) of every place of a fact, each node once: where OpenTravel allows a
   * subject under sibling names or at the root, a second subject in another place is read too.
   */
  allItems(fact: Fact, keep: (node: XNode) => boolean = (n) => showsSomething(this.doc, n)): Array<{ node: XNode; at: string }> {
    const all: Array<{ node: XNode; at: string }> = [];
    for (const at of this.placesOf(fact))
      for (const item of this.itemsAt(at, keep)) if (!all.some((i) => i.node.isSameNode(item.node))) all.push(item);
    return all;
  }

  private itemsAt(at: string, keep: (node: XNode) => boolean): Array<{ node: XNode; at: string }> {
    return this.doc
      .find(at)
      .map((node, i) => ({ node, at: `${at}[${i + 1}]` }))
      .filter((i) => keep(i.node));
  }

  /** Items of a fact that show nothing (that `keep` leaves out; see `items`): their first place and how many. */
  emptyItems(fact: Fact, keep: (node: XNode) => boolean = (n) => showsSomething(this.doc, n)): { at: string; count: number } | undefined {
    const found = this.nodes(fact);
    const empty = found?.value.filter((n) => !keep(n)).length ?? 0;
    return found && empty ? { at: found.at, count: empty } : undefined;
  }
}

/** A node's path in its document by local names, for messages: "OTA_HotelAvailRS/RoomStays/RoomStay[2]". */
export function pathOf(doc: XmlDoc, node: XNode): string {
  const names: string[] = [];
  const local = (n: XNode) => String((n as { name?: string }).name ?? '?').replace(/^.*:/, '');
  for (let n: XNode | null = node; n && n.parent; n = n.parent) {
    const before = doc.find('preceding-sibling::*', n).filter((o) => local(o) === local(n!)).length;
    const after = doc.find('following-sibling::*', n).filter((o) => local(o) === local(n!)).length;
    names.unshift(before + after ? `${local(n)}[${before + 1}]` : local(n));
  }
  return names.join('/');
}

/** Whether a node shows anything: a non-blank attribute value or text, at it or below it. */
export function showsSomething(doc: XmlDoc, node: XNode): boolean {
  return (
    doc.find('descendant-or-self::*/@*[normalize-space()] | descendant-or-self::text()[normalize-space()]', node).length > 0 ||
    node.content.trim() !== ''
  );
}

/**
 * A cannot-tell reason that names the fact, the item and the places looked at, e.g. "the reply
 * does not show the country of a hotel (hotelavailability.hotel.country) for hotel H1; looked at:
 * ota:BasicPropertyInfo/ota:Address/ota:CountryName | ...".
 */
export function notShown(replyReader: Pick<ReplyReader, 'placesOf'>, facts: Fact | readonly Fact[], item?: string): string {
  const fs = Array.isArray(facts) ? (facts as readonly Fact[]) : [facts as Fact];
  const what = fs.map((f) => `${f.what} (${f.id})`).join(' nor ');
  const places = fs.flatMap((f) => replyReader.placesOf(f));
  return `the reply does not show ${what}${item ? ` for ${item}` : ''}; looked at: ${places.join(' | ')}`;
}

/**
 * Every distinct non-blank value a fact shows, at every one of its places (the first place wins for
 * reading one value; a comparison that accepts any of the names of a thing looks at them all).
 */
export function valuesEverywhere(reply: ReplyReader, fact: Fact, within?: XNode): string[] {
  reply.noteRead(fact, within);
  const all = reply.placesOf(fact).flatMap((p) =>
    reply.doc
      .find(p, within)
      .map((n) => n.content.trim())
      .filter((v) => v !== ''),
  );
  return [...new Set(all)];
}

/** Every value `accept`s at every place of a fact, each with its place (a finding names where it sits). */
export function everyAccepted(reply: ReplyReader, fact: Fact, accept: (value: string) => boolean, within?: XNode): Array<Found<string>> {
  reply.noteRead(fact, within);
  return reply.placesOf(fact).flatMap((at) =>
    reply.doc
      .find(at, within)
      .map((n) => ({ at, value: n.content.trim() }))
      .filter((v) => accept(v.value)),
  );
}

/** The values of the first place that shows any value `accept`s (e.g. dates, not times of day). */
export function firstAccepted(
  reply: ReplyReader,
  fact: Fact,
  accept: (value: string) => boolean,
  within?: XNode,
): { at: string; value: string[] } | undefined {
  reply.noteRead(fact, within);
  for (const at of reply.placesOf(fact)) {
    const value = reply.doc
      .find(at, within)
      .map((n) => n.content.trim())
      .filter(accept);
    if (value.length) return { at, value };
  }
  return undefined;
}
