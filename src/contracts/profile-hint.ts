// The place to name in a reply profile (OTA_REPLY_PROFILE), read off the reply itself: when a reply
// shows a fact in none of the known places but holds a candidate value, the message ends with the
// XPath of that value, relative to its item as the profile's places are, ready to be copied.
import { OTA_NS } from '../specification/operations';
import type { XNode } from '../xml/xml';

type Named = XNode & { name?: string; namespaceUri?: string; parent?: XNode | null };

const kind = (n: XNode) => (n as object).constructor?.name ?? '';

/** One element's step: `ota:Name` in the OTA namespace, else by its local name. */
function step(el: Named): string {
  const local = (el.name ?? '').replace(/^.*:/, '');
  return el.namespaceUri === OTA_NS ? `ota:${local}` : `*[local-name()='${local}']`;
}

/**
 * The XPath of `node` (an element, an attribute or a text) relative to `item`, as a reply profile
 * names a place; undefined when the node is not inside the item.
 */
export function placeWithin(node: XNode, item: XNode): string | undefined {
  const steps: string[] = [];
  let named: Named | null | undefined = node as Named;
  if (kind(named) === 'XmlAttribute') {
    steps.unshift(`@${(named.name ?? '').replace(/^.*:/, '')}`);
    named = named.parent as Named | null;
  } else if (kind(named) !== 'XmlElement') named = named.parent as Named | null;
  for (; named; named = named.parent as Named | null) {
    if (named.isSameNode(item)) return steps.join('/') || '.';
    steps.unshift(step(named));
  }
  return undefined;
}

/** The end of a "name the place" message: the places the reply shows candidates at, the first as a profile entry. */
export function profileHint(factId: string, places: ReadonlyArray<string | undefined>): string {
  const shown = [...new Set(places.filter((p): p is string => !!p))].slice(0, 3);
  const entry = `"${factId}": [${JSON.stringify(shown[0] ?? '<XPath>')}]`;
  return shown.length
    ? `name the place for "${factId}" in OTA_REPLY_PROFILE: the reply shows it at ${shown.join(' or ')}, e.g. {"facts": {${entry}}}`
    : `name the place for "${factId}" in OTA_REPLY_PROFILE`;
}
