// What a reply repeats of its request: the request's own values, and whether an item shows anything else.
// An item made only of them (<GroundService RPH="1"/>, <HotelDescriptiveContent HotelCode="H1"/>)
// is an acknowledgement, and an acknowledgement is not evidence. One definition, read by the
// refusal's "no data" (dataBesideErrors) and by every rule that counts items as served (itemsOffered).
import type { XmlDoc, XNode } from '../xml/xml';

/** The request's own values: every non-blank attribute value and text of the request sent (trimmed). */
export function requestEchoes(request: { values(xpath: string): string[] }): ReadonlySet<string> {
  return new Set([...request.values('//@*'), ...request.values('//text()')].map((v) => v.trim()).filter(Boolean));
}

// Every non-blank attribute value and text at or below a node, but the Name of a name-value pair
// (SpecialInputs Name="RPH" Value="1"): it labels its Value, which alone says whether the pair is an echo.
const VALUES =
  "descendant-or-self::*/@*[normalize-space()][not(local-name()='Name' and ../@Value[normalize-space()])]" +
  ' | descendant-or-self::text()[normalize-space()]';

/**
 * Whether a node shows a value of its own: a non-blank attribute value or text, at it or below it,
 * that is not one of `echoes` (the request's own values).
 */
export function showsOwnValue(doc: XmlDoc, node: XNode, echoes: ReadonlySet<string>): boolean {
  const values = doc.find(VALUES, node).map((n) => n.content.trim());
  // an item that is an attribute or a text node shows its own content
  if (values.length === 0 && node.content.trim() !== '') values.push(node.content.trim());
  return values.some((v) => !echoes.has(v));
}
