// Variants of serialisation, applied when the reply document is written (envelope.ts, writer.ts,
// charset.ts): prefixes, order, encodings, layout, declaration, quotes, compression.

import type { VariantDef } from './variant';

export const SERIALISATION_VARIANTS = [
  // Namespaces in XML 1.0: a prefixed element is the same expanded name as a default-namespace one.
  {
    name: 'prefixed-namespace',
    description: 'Every element is written with the prefix ota: (xmlns:ota on the root), no default namespace.',
    expectedWarnings: [],
  },
  // XSDs order particles of different names only; attribute order is never significant (XML 1.0
  // §3.1) and repeated elements (maxOccurs > 1) carry no order the spec states.
  {
    name: 'reordered-siblings',
    description:
      'Attributes are written in reverse order, and every run of repeated sibling elements (results, rates, references, warnings, guests...) in reverse order. Element order between different names stays as the XSDs require.',
    expectedWarnings: [],
  },
  // XML 1.0 §4.3.3: any declared encoding; ISO-8859-1 is one every parser must know in practice.
  {
    name: 'latin1-encoding',
    description:
      'Replies are encoded ISO-8859-1, declared <?xml version="1.0" encoding="ISO-8859-1"?> and Content-Type: application/xml; charset=ISO-8859-1. Characters outside Latin-1 (the em dash of a description) are written as character references.',
    expectedWarnings: [],
  },
  // XML 1.0: whitespace between elements of element-only content, comments and CDATA sections do
  // not change the information set an XSD validates.
  {
    name: 'pretty-comments-cdata',
    description: 'Replies are indented, carry XML comments between elements, and every text content is written as a CDATA section.',
    expectedWarnings: [],
  },
  // XML 1.0 §2.8: the XML declaration is optional; without it the document is UTF-8.
  {
    name: 'no-xml-declaration',
    description: 'Replies have no XML declaration (UTF-8 by default).',
    expectedWarnings: [],
  },
  // XML 1.0 §4.3.3 / Appendix F: a UTF-8 document may begin with the byte order mark.
  {
    name: 'utf8-bom',
    description: 'Replies begin with the UTF-8 byte order mark (EF BB BF) before the XML declaration.',
    expectedWarnings: [],
  },
  // XML 1.0 §3.1: <X></X> and <X/> are the same empty element.
  {
    name: 'expanded-empty-elements',
    description: 'Empty elements are written with a start and an end tag (<Success></Success>) instead of <Success/>.',
    expectedWarnings: [],
  },
  // XML 1.0 §3.1 [10] AttValue: single or double quotes.
  {
    name: 'single-quoted-attributes',
    description: "Attribute values are delimited with single quotes (Version='2008.1').",
    expectedWarnings: [],
  },

  // RFC 7303 §3.2 (application/xml): the charset parameter is authoritative and overrides the
  // encoding declaration; the body is what the header says.
  {
    name: 'charset-header-wins',
    description:
      'The body is UTF-8 and Content-Type says application/xml; charset=utf-8, but the XML declaration says encoding="ISO-8859-1": the charset parameter wins (RFC 7303 §3.2).',
    expectedWarnings: [],
  },
  // XML 1.0 §4.3.3: any declared encoding; ISO-8859-15 is Latin-9 (Latin-1 with the euro sign).
  {
    name: 'iso-8859-15-encoding',
    description:
      'Replies are encoded ISO-8859-15, declared in the XML declaration and the Content-Type charset; characters outside ISO-8859-15 are written as character references (the euro sign is byte A4).',
    expectedWarnings: [],
  },
  // XML 1.0 §4.3.3: any declared encoding; windows-1251 is a common Cyrillic code page.
  {
    name: 'windows-1251-encoding',
    description:
      'Replies are encoded windows-1251, declared in the XML declaration and the Content-Type charset; characters not in windows-1251 (ó, í, Greek) are written as character references (the em dash is byte 97).',
    expectedWarnings: [],
  },
  // RFC 9110 §12.5.3: a request without Accept-Encoding accepts any content coding; §8.4 Content-Encoding.
  {
    name: 'gzip-content-encoding',
    description:
      'Every reply body (errors and HTTP failures too) is gzip-compressed and sent with Content-Encoding: gzip (the request carries no Accept-Encoding, so any coding is acceptable).',
    expectedWarnings: [],
  },
] as const satisfies readonly VariantDef[];
