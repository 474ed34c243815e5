// Bodies deliberately outside the spec (the refusal scenarios): built from the request's XML text.
import { OTA_NS } from '../specification/operations';
import type { OtaRequest } from './requests';

/** The request with its root in another namespace than {ota_namespace}. */
export const bodyInAnotherNamespace = (r: OtaRequest) => r.toXml().replace(`xmlns="${OTA_NS}"`, 'xmlns="http://www.example.com/not-ota"');

/** The request with another Version on its root. */
export const bodyWithVersion = (r: OtaRequest, version: string) => r.toXml().replace(/(<[\w:]+[^>]*?\sVersion=")[^"]*"/, `$1${version}"`);

/** The request's content under another root element (another operation's). */
export function bodyUnderRoot(request: OtaRequest, root: string): string {
  return request.toXml().replace(new RegExp(`(</?)${request.operation.requestRoot}\\b`, 'g'), `$1${root}`);
}

/**
 * The request cut short inside the first start tag after its POS: not well-formed XML. Where it is
 * cut depends on the request's elements only, never on the length of the credentials, references
 * or codes, so a replay under other credentials sends the body the recorded run sent (beyond the POS).
 */
export function truncatedBody(request: OtaRequest): string {
  const xml = request.toXml();
  const posEnd = xml.indexOf('</POS>');
  const from = posEnd < 0 ? 0 : posEnd + '</POS>'.length;
  const next = /<[A-Za-z][\w:.-]*/.exec(xml.slice(from));
  return xml.slice(0, next ? from + next.index + next[0].length : from);
}
