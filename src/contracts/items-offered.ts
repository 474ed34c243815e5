// "Returns available ...": the items a reply offers, and what a rule concludes when it shows none
// (a finding, cannot tell, or nothing to judge when the test data declares no availability).
import type { Fact, ReplyReader } from './reader';
import { list, type Check, type Exchange } from './rule';
import { localName, type XNode } from '../xml/xml';
import { echoedBy, showsOwnValue } from './echoes';

/**
 * A rule about the items of a reply finds none: it cannot tell, unless the test data declares no
 * availability for the request (then "nothing" is a legitimate answer and the rule says nothing).
 */
export function nothingToJudge(exchange: Exchange, check: Check, what: string): void {
  if (exchange.request.resultsOptional) check.notApplicable(`${exchange.request.resultsOptional}, and the reply shows no ${what}`);
  else check.cannotTell(`the reply shows no ${what} to judge`);
}

/**
 * Content of a reply that no fact explains: the root's children other than Success, Warnings and
 * Errors that show anything: an attribute value or text, at them or below them (`<Hotel
 * HotelCode="X"/>` holds a result; an empty container such as <RoomStays/>, or one of empty
 * elements, holds nothing); with `keep`, only those it keeps (a value of their own, not an echo of
 * the request). Local names.
 */
export function otherContent(reply: ReplyReader, keep?: (node: XNode) => boolean): string[] {
  // Only what shows something: an attribute value or text at or below it (a skeleton of empty
  // elements holds nothing either).
  const names = reply.doc
    .find(
      "/*/*[not(local-name()='Success' or local-name()='Warnings' or local-name()='Errors')]" +
        '[descendant-or-self::*/@*[normalize-space()] or descendant-or-self::text()[normalize-space()]]',
    )
    .filter((node) => !keep || keep(node))
    .map(localName);
  return [...new Set(names)];
}

/**
 * The items of `item` a served reply offers, at every place OpenTravel allows (a second subject
 * under a sibling name or at the root is one too): only those that show a value of their own. An
 * item made only of the request's own values (its codes, its RPHs) is an acknowledgement, and
 * shows nothing.
 */
export function servedItems(exchange: Exchange, reply: ReplyReader, item: Fact): Array<{ node: XNode; at: string }> {
  return reply.allItems(item, ownValue(exchange, reply));
}

/** Whether a node of the reply shows a value that is not an echo of the request (see ./echoes.ts). */
function ownValue(exchange: Exchange, reply: ReplyReader): (node: XNode) => boolean {
  const echoed = echoedBy(exchange.request);
  return (node) => showsOwnValue(reply.doc, node, echoed);
}

/**
 * "Returns available ...": the items of `item` that a served reply shows (`servedItems`). None in
 * any known place is a failure only when the reply shows nothing else of its own; content in places
 * the suite does not know is cantTell (the spec shows no reply layout: "Response body structure of
 * every endpoint: not shown"), with the way to name those places. When the test data declares no
 * availability for the request (a party it does not list), no item is no finding at all. Returns
 * the items found.
 */
export function itemsOffered(
  exchange: Exchange,
  check: Check,
  reply: ReplyReader,
  item: Fact,
  expected: string,
): Array<{ node: XNode; at: string }> {
  const items = servedItems(exchange, reply, item);
  if (items.length > 0) return items;
  if (exchange.request.resultsOptional) {
    check.notApplicable(`${exchange.request.resultsOptional}, and the reply shows no ${item.what}`);
    return items;
  }
  const own = ownValue(exchange, reply);
  const other = otherContent(reply, own);
  const empty = reply.emptyItems(item, own);
  if (empty && other.length === 0)
    check.fail(
      empty.at,
      expected,
      `${empty.count} ${item.what} element(s) that show nothing of their own (no attribute value or text, at them or below, ` +
        "but the request's own values)",
    );
  else if (other.length === 0) check.fail(reply.placesOf(item).join(' | '), expected, 'none: the reply shows nothing but its status');
  else
    check.cannotTell(
      `the reply shows ${item.what} in none of the known places, but carries other content (${list(other.slice(0, 3))}); ` +
        `if that is where it shows them, name the place for "${item.id}" in OTA_REPLY_PROFILE`,
    );
  return items;
}
