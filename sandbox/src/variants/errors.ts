// Variants of refusals: the error message's root, the Error element's form and the HTTP status.

import type { VariantDef } from './variant';

export const ERROR_VARIANTS = [
  // OTA_ErrorRS is OpenTravel's generic error message. 2016B declares it empty (attributes only),
  // so its Errors child departs from that schema; gateways commonly answer every refusal this way.
  {
    name: 'error-rs',
    description:
      "Refusals are answered with an OTA_ErrorRS root (OTA namespace, Version, Status NotProcessed, ErrorCode = the ERR code) holding Errors/Error (Type, Code, ShortText) instead of the operation's RS with Errors.",
    expectedWarnings: ['EP-RS-ROOT', 'ALIGN-XSD'],
  },
  // ErrorType: only Type is required; ShortText is optional and the element text is the
  // human-readable message (FreeTextType).
  {
    name: 'error-text-only',
    description: 'Error elements carry Type and Code and the message as element text, without ShortText.',
    expectedWarnings: [],
  },
  // The spec says nothing of error statuses ("Error responses ...: not shown"); status codes by
  // RFC 9110 are what most HTTP APIs use. Success replies stay 200.
  {
    name: 'http-4xx-errors',
    description:
      'Refusals keep their Errors body but use HTTP 400 (bad request forms), 401 (POS missing or malformed), 403 (wrong credentials), 404 (unknown hotel, activity, product, airport, area, booking or item), 409 (duplicate, already cancelled), 500 (system error). Success replies stay 200.',
    expectedWarnings: [],
  },
] as const satisfies readonly VariantDef[];
