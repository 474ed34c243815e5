// Small readings and comparisons the contracts share: numbers, dates, codes, booleans, category
// counts, and the values a fact shows at every one of its places.
import { notShown, type Fact, type ReplyReader } from './reader';
import { list, type Check, type Exchange } from './rule';
import type { XNode } from '../xml/xml';

export function num(v: string | undefined): number {
  return v === undefined || v.trim() === '' ? NaN : Number(v);
}

/** yyyy-mm-dd of a date or date-time. */
export const day = (v: string | undefined) => (v ?? '').trim().slice(0, 10);

/** A calendar date or a date-time (not a recurring --mm-dd, not a time of day). */
export const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}/.test(v.trim());

export function within(date: string | undefined, start: string | undefined, end: string | undefined): boolean {
  const d = day(date);
  return !!d && !!start && !!end && d >= day(start) && d <= day(end);
}

/** Codes and names compared as gateways write them: trimmed, any case, inner spaces collapsed. */
export const sameCode = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** xs:boolean: true or 1 (white space collapsed); undefined when it is neither a true nor a false. */
export function bool(v: string | undefined): boolean | undefined {
  const t = (v ?? '').trim().toLowerCase();
  return t === 'true' || t === '1' ? true : t === 'false' || t === '0' ? false : undefined;
}

/**
 * An XPath test that `attr` equals `word` in any case and with any surrounding white space, for
 * the enumerated words of places (RegionCode="HotelCode", Name="RPH").
 */
export function wordIs(attr: string, word: string): string {
  const letters = [...new Set(word.replace(/[^A-Za-z]/g, ''))].join('');
  return `translate(normalize-space(${attr}),'${letters.toUpperCase()}','${letters.toLowerCase()}')='${word.toLowerCase()}'`;
}

/**
 * An XPath test that the xs:boolean attribute `attr` is `value` (true or 1, false or 0, any case and
 * white space). Unparenthesised (`A or B`): wrap it in a predicate or in not(...).
 */
export const xsBoolIs = (attr: string, value: boolean): string =>
  `${wordIs(attr, String(value))} or normalize-space(${attr})='${value ? 1 : 0}'`;

// OpenTravel code list Age Qualifying Code (AQC), by the AgeQualifyingEnum words of 2016B that
// QualifierInfo carries as text.
const AQC: Record<string, string> = {
  'over 21': '1',
  'over 65': '2',
  'under 2': '3',
  'under 12': '4',
  'under 17': '5',
  'under 21': '6',
  infant: '7',
  child: '8',
  children: '8',
  teenager: '9',
  adult: '10',
  senior: '11',
  'additional occupant with adult': '12',
  'additional occupant without adult': '13',
  'free child': '14',
  'free adult': '15',
  'young driver': '16',
  'younger driver': '17',
  'under 10': '18',
};

/** The AQC number of a category written as a number ("10") or as its word ("Adult", "adults"); undefined otherwise. */
export function ageQualifyingCode(v: string | undefined): string | undefined {
  const t = (v ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if (/^\d{1,3}$/.test(t)) return String(Number(t));
  return AQC[t] ?? AQC[t.replace(/s$/, '')];
}

/** "10:2, 8:1": category code → quantity, zero quantities left out, sorted for comparison. */
export function countsText(pairs: Array<[string | undefined, string | undefined]>): string {
  const m = new Map<string, number>();
  for (const [code, qty] of pairs) {
    const q = num(qty);
    if (!code || !(q > 0)) continue;
    m.set(code.trim(), (m.get(code.trim()) ?? 0) + q);
  }
  return (
    [...m.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([c, q]) => `${c}:${q}`)
      .join(', ') || '(none)'
  );
}

export const decimalsOf = (amount: string) => (amount.includes('.') ? amount.split('.')[1].length : 0);

/**
 * Every distinct non-blank value a fact shows, at every one of its places (the first place wins for
 * reading one value; a comparison that accepts any of the names of a thing looks at them all).
 */
export function valuesEverywhere(r: ReplyReader, f: Fact, within?: XNode): string[] {
  const all = r.placesOf(f).flatMap((p) =>
    r.doc
      .find(p, within)
      .map((n) => n.content.trim())
      .filter((v) => v !== ''),
  );
  return [...new Set(all)];
}

/** The values of the first place that shows any value `accept`s (e.g. dates, not times of day). */
export function firstAccepted(
  r: ReplyReader,
  f: Fact,
  accept: (v: string) => boolean,
  within?: XNode,
): { at: string; value: string[] } | undefined {
  for (const at of r.placesOf(f)) {
    const value = r.doc
      .find(at, within)
      .map((n) => n.content.trim())
      .filter(accept);
    if (value.length) return { at, value };
  }
  return undefined;
}

/**
 * The subject of a descriptive-data reply (HNBC-SUBJECT, ANBC-SUBJECT): every item described shows
 * a requested code, and, when every item shows its code, each requested code is described.
 */
export function checkDescribed(x: Exchange, c: Check, r: ReplyReader, item: Fact, code: Fact, wanted: string[]): void {
  const items = itemsOffered(x, c, r, item, `a description of ${list(wanted)}`);
  const described: string[] = [];
  for (const i of items) {
    const shown = r.value(code, i.node);
    if (!shown) c.cannotTell(notShown(r, code, `${i.at}`));
    else if (!wanted.some((w) => sameCode(w, shown.value))) c.fail(`${i.at}/${shown.at}`, list(wanted), shown.value);
    else described.push(shown.value);
  }
  const missing = wanted.filter((w) => !described.some((d) => sameCode(d, w)));
  if (items.length && described.length === items.length && missing.length)
    c.fail(`${r.nodes(item)!.at}/${code.places[0]}`, list(wanted), list(described));
}

/** The codes a descriptive-data request asks for: the non-blank values at `xpath` of the request. */
export const requestedCodes = (x: Exchange, xpath: string): string[] =>
  x.request
    .values(xpath)
    .map((v) => v.trim())
    .filter(Boolean);

const META_ATTRIBUTES = ['ID_Context', 'Language', 'LanguageCode', 'PrimaryLangID', 'Status', 'Target', 'TimeStamp', 'Version'];

/**
 * The content of a descriptive-data reply (HNBC-CONTENT, ANBC-CONTENT): every item described
 * shows a name and some descriptive content; a reply with no item leaves nothing to judge. A name
 * or content in none of the known places is a finding only when the item holds nothing else (no
 * text or attribute value besides the ones read); otherwise it may sit where the suite does not
 * look (the fields are "not shown"), and the check cannot tell.
 */
export function checkNamedAndDescribed(c: Check, r: ReplyReader, item: Fact, name: Fact, content: Fact, noun: string): void {
  const items = r.items(item);
  if (items.length === 0) c.cannotTell(`the reply shows no ${noun} to judge`);
  for (const i of items) {
    const read = new Set([...valuesEverywhere(r, name, i.node), ...valuesEverywhere(r, content, i.node)]);
    // Words, not codes: a value with a space or a lower-case letter (a code, a date, a number, a
    // language or a context attribute says nothing of a name or a description).
    const other = r.doc
      .find(`.//text()[normalize-space()] | .//@*[not(${META_ATTRIBUTES.map((a) => `local-name()='${a}'`).join(' or ')})]`, i.node)
      .map((n) => n.content.trim())
      .filter((v) => v.length > 3 && !read.has(v) && /[a-z]/.test(v) && /\s|[a-z]/.test(v));
    for (const [f, missing] of [
      [name, '(absent)'],
      [content, '(none)'],
    ] as const) {
      if (r.value(f, i.node)) continue;
      if (other.length)
        c.cannotTell(
          `${i.at} shows ${f.what} in none of the known places, but holds other values (${list([...new Set(other)].slice(0, 3))}); ` +
            `if that is it, name the place for "${f.id}" in OTA_REPLY_PROFILE`,
        );
      else c.fail(`${i.at}/${f.places[0]}`, f.what, missing);
    }
  }
}

/**
 * A rule about the items of a reply finds none: it cannot tell, unless the test data declares no
 * availability for the request (then "nothing" is a legitimate answer and the rule says nothing).
 */
export function nothingToJudge(x: Exchange, c: Check, what: string): void {
  if (x.request.resultsOptional) c.notApplicable(`${x.request.resultsOptional}, and the reply shows no ${what}`);
  else c.cannotTell(`the reply shows no ${what} to judge`);
}

/**
 * Content of a reply that no fact explains: the root's children other than Success, Warnings and
 * Errors that hold anything: elements, text or attributes (`<Hotel HotelCode="X"/>` holds a
 * result; an empty container such as <RoomStays/> holds nothing). Local names.
 */
export function otherContent(r: ReplyReader): string[] {
  const names = r.doc
    .find("/*/*[not(local-name()='Success' or local-name()='Warnings' or local-name()='Errors')][* or normalize-space() or @*]")
    .map((n) => ('name' in n && typeof n.name === 'string' ? n.name.replace(/^.*:/, '') : '?'));
  return [...new Set(names)];
}

/**
 * "Returns available ...": the items of `item` that a served reply shows. None in any known place
 * is a failure only when the reply shows nothing else; content in places the suite does not know
 * is cantTell (the spec shows no reply layout: "Response body structure of every endpoint: not
 * shown"), with the way to name those places. When the test data declares no availability for
 * the request (a party it does not list), no item is no finding at all. Returns the items found.
 */
export function itemsOffered(x: Exchange, c: Check, r: ReplyReader, item: Fact, expected: string): Array<{ node: XNode; at: string }> {
  const items = r.items(item);
  if (items.length > 0) return items;
  if (x.request.resultsOptional) {
    c.notApplicable(`${x.request.resultsOptional}, and the reply shows no ${item.what}`);
    return items;
  }
  const other = otherContent(r);
  if (other.length === 0) c.fail(r.placesOf(item).join(' | '), expected, 'none: the reply shows nothing but its status');
  else
    c.cannotTell(
      `the reply shows ${item.what} in none of the known places, but carries other content (${list(other.slice(0, 3))}); ` +
        `if that is where it shows them, name the place for "${item.id}" in OTA_REPLY_PROFILE`,
    );
  return items;
}
