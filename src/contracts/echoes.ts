// What a reply repeats of its request: the request's own values, and whether an item shows anything else.
// An item made only of them (<GroundService RPH="1"/>, <HotelDescriptiveContent HotelCode="H1"/>)
// is an acknowledgement, and an acknowledgement is not evidence. One definition, read by the
// refusal's "no data" (dataBesideErrors, by value: a refusal may repeat any of them anywhere) and,
// by name, by every rule that counts items as served (itemsOffered).
import { localName, type XmlDoc, type XNode } from '../xml/xml';

/** The request's own values: every non-blank attribute value and text of the request sent (trimmed). */
export function requestEchoes(request: { values(xpath: string): string[] }): ReadonlySet<string> {
  return new Set([...request.values('//@*'), ...request.values('//text()')].map((v) => v.trim()).filter(Boolean));
}

/** Whether a value is one the request sent under the same name: an attribute of that name, or the text of an element of that name. */
export type Echoed = (kind: 'attribute' | 'text', name: string, value: string) => boolean;

/**
 * The request's own values by name, read when asked (cached per name). A value counts as an echo
 * only under the name the request gave it: a hotel's Quantity="22" is its own, even when the
 * request's RequestorID has Type="22".
 */
export function echoedBy(request: { values(xpath: string): string[] }): Echoed {
  const byName = new Map<string, ReadonlySet<string>>();
  return (kind, name, value) => {
    const key = `${kind} ${name}`;
    let sent = byName.get(key);
    if (!sent) {
      const xpath = kind === 'attribute' ? `//@*[local-name()='${name}']` : `//*[local-name()='${name}']/text()`;
      sent = new Set(/^[\w.-]+$/.test(name) ? request.values(xpath).map((v) => v.trim()) : []);
      byName.set(key, sent);
    }
    return sent.has(value);
  };
}

// Every non-blank attribute at or below a node, but the Name of a name-value pair (SpecialInputs
// Name="RPH" Value="1"): it labels its Value, which alone says whether the pair is an echo.
const ATTRIBUTES = "descendant-or-self::*/@*[normalize-space()][not(local-name()='Name' and ../@Value[normalize-space()])]";
const WITH_TEXT = 'descendant-or-self::*[text()[normalize-space()]]';

/**
 * Whether a node shows a value of its own: a non-blank attribute value or text, at it or below it,
 * that the request did not send under the same name (`echoed`).
 */
export function showsOwnValue(doc: XmlDoc, node: XNode, echoed: Echoed): boolean {
  const attributes = doc.find(ATTRIBUTES, node);
  const texts = doc.find(WITH_TEXT, node);
  // an item that is an attribute or a text node shows its own content
  if (attributes.length === 0 && texts.length === 0) return node.content.trim() !== '';
  // a name-value pair's Value is sent under its Name (SpecialInputs Name="RPH" Value="1" is the request's RPH="1")
  const pairName = (a: XNode) => (localName(a) === 'Value' ? doc.find('../@Name', a)[0]?.content.trim() : undefined);
  const echoes = (a: XNode) => {
    const value = a.content.trim();
    const name = pairName(a);
    return echoed('attribute', localName(a), value) || (!!name && echoed('attribute', name, value));
  };
  if (attributes.some((a) => !echoes(a))) return true;
  return texts.some((element) =>
    doc.find('text()[normalize-space()]', element).some((t) => !echoed('text', localName(element), t.content.trim())),
  );
}
