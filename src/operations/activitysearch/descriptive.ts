// What counts as an activity's descriptive data in a search reply (ASR-SUCCESS): "together with
// some of their descriptive data". A value that only says how something is written (a Language, an
// ID_Context), the activity's own code, or a value the request itself sent is no description of the
// activity: an item made of those is an acknowledgement, and an acknowledgement is not evidence.
import { type Fact, type Found, type ReplyReader } from '../../contracts/reader';
import { type Exchange } from '../../contracts/rule';
import { META_ATTRIBUTES } from '../../contracts/descriptive-rules';
import { localName, type XNode } from '../../xml/xml';

/** The values that describe nothing of one item: its own codes (`codes` facts) and every value of the request. */
export function echoesOf(exchange: Exchange, reply: ReplyReader, codes: readonly Fact[], item: XNode): Set<string> {
  // read without noting: a code is not judged here (its own rules compare its placements)
  const own = codes.flatMap((f) => reply.placesOf(f).flatMap((p) => reply.doc.find(p, item).map((n) => n.content)));
  const sent = [...exchange.request.values('//@*'), ...exchange.request.values('//text()')];
  return new Set([...own, ...sent].map((v) => v.trim()).filter(Boolean));
}

/**
 * The first value at a place of `fact` under `item` that describes it (`found`): not blank, not a
 * meta attribute (META_ATTRIBUTES: Language, ID_Context...), not one of `echoes`; and the values
 * passed over on the way (`skipped`), for the finding when none describes it.
 */
export function descriptiveValue(
  reply: ReplyReader,
  fact: Fact,
  item: XNode,
  echoes: ReadonlySet<string>,
): { found?: Found<string>; skipped: string[] } {
  const skipped: string[] = [];
  for (const at of reply.placesOf(fact))
    for (const node of reply.doc.find(at, item)) {
      const value = node.content.trim();
      if (!value) continue;
      if (echoes.has(value) || (/@[^/]*$/.test(at) && META_ATTRIBUTES.includes(localName(node)))) skipped.push(value);
      else return { found: { at, value }, skipped };
    }
  return { skipped: [...new Set(skipped)] };
}
