// OTA error vocabulary: EWT (Error/@Type) and ERR (Error/@Code) codes, documented in
// docs/reply-profile.md section 11. Handlers throw OtaError; the router turns it into an Errors reply.

export const EWT = {
  BIZ_RULE: '3',
  AUTHENTICATION: '4',
  PROTOCOL: '7',
  REQUIRED_MISSING: '10',
  ADVISORY: '11',
  PROCESSING: '12',
} as const;

/**
 * The kind of refusal: only the HTTP status of variant http-4xx-errors depends on it, and
 * 'no-match' (variant refuse-when-nothing-matches: a search found nothing) is always 404.
 */
export type Refusal = 'bad-request' | 'unauthenticated' | 'forbidden' | 'not-found' | 'no-match' | 'conflict' | 'system';

export class OtaError extends Error {
  /** Content a faulty gateway writes beside the Errors (root-level, e.g. a TPA_Extensions): never set but by a fault. */
  data?: string;
  constructor(
    readonly type: string,
    readonly code: string,
    readonly shortText: string,
    detail: string,
    readonly refusal: Refusal = 'bad-request',
  ) {
    super(detail);
  }
}

/** A refusal without an OTA body: an HTTP status and one line of plain text (the mistakes that answer that way). */
export class PlainRefusal extends Error {
  constructor(
    readonly status: number,
    text: string,
  ) {
    super(text);
  }
}

export const err = {
  notWellFormed: (d: string) => new OtaError(EWT.PROTOCOL, '450', 'Unable to process', `Request is not well-formed XML: ${d}`),
  doctype: () => new OtaError(EWT.PROTOCOL, '450', 'DTD not allowed', 'Requests must not carry a DOCTYPE, DTD or entity declarations'),
  wrongRoot: (got: string, want: string) =>
    new OtaError(EWT.PROTOCOL, '320', 'Wrong root element', `Root element ${got} is not accepted here; expected ${want}`),
  wrongNamespace: (got: string) =>
    new OtaError(EWT.PROTOCOL, '320', 'Wrong namespace', `Root element namespace '${got}' is not http://www.opentravel.org/OTA/2003/05`),
  version: (got: string | undefined, want: string) =>
    new OtaError(
      EWT.PROTOCOL,
      '320',
      'Unsupported version',
      got === undefined ? `Version attribute is missing; expected ${want}` : `Version ${got} is not supported; expected ${want}`,
    ),
  /** POS missing or malformed: the caller did not authenticate. */
  auth: (d: string) => new OtaError(EWT.AUTHENTICATION, '497', 'Authorization error', d, 'unauthenticated'),
  /** Credentials given but wrong (same Type/Code as auth: never tell which part was wrong). */
  denied: (d: string) => new OtaError(EWT.AUTHENTICATION, '497', 'Authorization error', d, 'forbidden'),
  missing: (what: string) => new OtaError(EWT.REQUIRED_MISSING, '321', 'Required field missing', `${what} is required`),
  invalid: (d: string) => new OtaError(EWT.BIZ_RULE, '320', 'Invalid value', d),
  /** An unknown code or reference (activity, product, service, airport, area): same Type/Code as invalid. */
  unknown: (d: string) => new OtaError(EWT.BIZ_RULE, '320', 'Invalid value', d, 'not-found'),
  date: (d: string) => new OtaError(EWT.BIZ_RULE, '15', 'Invalid date', d),
  dateRange: (d: string) => new OtaError(EWT.BIZ_RULE, '404', 'Invalid date range', d),
  hotel: (code: string) => new OtaError(EWT.BIZ_RULE, '392', 'Invalid hotel code', `Hotel ${code} is unknown`, 'not-found'),
  noAvailability: (d: string) => new OtaError(EWT.BIZ_RULE, '322', 'No availability', d),
  bookingRef: (d: string) => new OtaError(EWT.BIZ_RULE, '87', 'Booking reference invalid', d, 'not-found'),
  cancelled: (d: string) => new OtaError(EWT.BIZ_RULE, '95', 'Booking already cancelled', d, 'conflict'),
  duplicate: (d: string) => new OtaError(EWT.BIZ_RULE, '127', 'Duplicate reservation', d, 'conflict'),
  system: (d: string) => new OtaError(EWT.PROCESSING, '448', 'System error', d, 'system'),
};

/** Variant refuse-when-nothing-matches: the "nothing matched" Warning as an Error (same Type, Code, ShortText). */
export function noMatch(otaWarning: OtaWarning): OtaError {
  return new OtaError(otaWarning.type, otaWarning.code ?? '322', otaWarning.shortText, otaWarning.text, 'no-match');
}

/** A Warning that accompanies Success (e.g. nothing matched). */
export interface OtaWarning {
  type: string;
  code?: string;
  shortText: string;
  text: string;
}

export const warn = {
  noHotels: (d: string): OtaWarning => ({ type: EWT.ADVISORY, code: '424', shortText: 'No hotels found', text: d }),
  noAvailability: (d: string): OtaWarning => ({ type: EWT.ADVISORY, code: '322', shortText: 'No availability', text: d }),
};
