// The rules both descriptive-data operations (hotel and activity) share: the subject described is
// the one requested, and each item described shows a name and some descriptive content.
import { notShown, valuesEverywhere, type Fact, type ReplyReader } from './reader';
import { list, type Check, type Exchange } from './rule';
import { sameCode } from './value-forms';
import { itemsOffered } from './items-offered';
import { placeWithin, profileHint } from './profile-hint';

/**
 * The subject of a descriptive-data reply (HNBC-SUBJECT, ANBC-SUBJECT): every item described shows
 * a requested code, and, when every item shows its code, each requested code is described.
 */
export function checkDescribed(exchange: Exchange, check: Check, reply: ReplyReader, item: Fact, code: Fact, wanted: string[]): void {
  const items = itemsOffered(exchange, check, reply, item, `a description of ${list(wanted)}`);
  const described: string[] = [];
  for (const i of items) {
    const shown = reply.value(code, i.node);
    if (!shown) check.cannotTell(notShown(reply, code, `${i.at}`));
    else if (!wanted.some((w) => sameCode(w, shown.value))) check.fail(`${i.at}/${shown.at}`, list(wanted), shown.value);
    else described.push(shown.value);
  }
  const missing = wanted.filter((w) => !described.some((d) => sameCode(d, w)));
  if (items.length && described.length === items.length && missing.length)
    check.fail(`${reply.nodes(item)!.at}/${code.places[0]}`, list(wanted), list(described));
}

/** The codes a descriptive-data request asks for: the non-blank values at `xpath` of the request. */
export const requestedCodes = (exchange: Exchange, xpath: string): string[] =>
  exchange.request
    .values(xpath)
    .map((v) => v.trim())
    .filter(Boolean);

/** Attributes that say how or about what something is written (a language, a context, a version), never what it is. */
export const META_ATTRIBUTES = ['ID_Context', 'Language', 'LanguageCode', 'PrimaryLangID', 'Status', 'Target', 'TimeStamp', 'Version'];

/**
 * The content of a descriptive-data reply (HNBC-CONTENT, ANBC-CONTENT): every item described, at
 * every place OpenTravel allows, shows a name and some descriptive content; a reply with no item
 * leaves nothing to judge. A name or content in none of the known places is a finding only when the
 * item holds nothing else (no text or attribute value besides the ones read); otherwise it may sit
 * where the suite does not look (the fields are "not shown"), and the check cannot tell.
 */
export function checkNamedAndDescribed(check: Check, reply: ReplyReader, item: Fact, name: Fact, content: Fact, noun: string): void {
  const items = reply.allItems(item);
  if (items.length === 0) check.cannotTell(`the reply shows no ${noun} to judge`);
  for (const i of items) {
    const read = new Set([...valuesEverywhere(reply, name, i.node), ...valuesEverywhere(reply, content, i.node)]);
    // Words, not codes: a value with a space or a lower-case letter (a code, a date, a number, a
    // language or a context attribute says nothing of a name or a description).
    const candidates = reply.doc
      .find(`.//text()[normalize-space()] | .//@*[not(${META_ATTRIBUTES.map((a) => `local-name()='${a}'`).join(' or ')})]`, i.node)
      .map((n) => ({ node: n, value: n.content.trim() }))
      .filter(({ value: v }) => v.length > 3 && !read.has(v) && /[a-z]/.test(v) && /\s|[a-z]/.test(v));
    const other = candidates.map((o) => o.value);
    for (const [f, missing] of [
      [name, '(absent)'],
      [content, '(none)'],
    ] as const) {
      if (reply.value(f, i.node)) continue;
      if (other.length)
        check.cannotTell(
          `${i.at} shows ${f.what} in none of the known places, but holds other values (${list([...new Set(other)].slice(0, 3))}); ` +
            `if that is it, ${profileHint(
              f.id,
              candidates.map((o) => placeWithin(o.node, i.node)),
            )}`,
        );
      else check.fail(`${i.at}/${f.places[0]}`, f.what, missing);
    }
  }
}
