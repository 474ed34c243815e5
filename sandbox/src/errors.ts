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

export class OtaError extends Error {
  constructor(
    readonly type: string,
    readonly code: string,
    readonly shortText: string,
    detail: string,
  ) {
    super(detail);
  }
}

export const err = {
  notWellFormed: (d: string) => new OtaError(EWT.PROTOCOL, '450', 'Unable to process', `Request is not well-formed XML: ${d}`),
  doctype: () => new OtaError(EWT.PROTOCOL, '450', 'DTD not allowed', 'Requests must not carry a DOCTYPE, DTD or entity declarations'),
  wrongRoot: (got: string, want: string) => new OtaError(EWT.PROTOCOL, '320', 'Wrong root element', `Root element ${got} is not accepted here; expected ${want}`),
  wrongNamespace: (got: string) => new OtaError(EWT.PROTOCOL, '320', 'Wrong namespace', `Root element namespace '${got}' is not http://www.opentravel.org/OTA/2003/05`),
  version: (got: string | undefined, want: string) =>
    new OtaError(EWT.PROTOCOL, '320', 'Unsupported version', got === undefined ? `Version attribute is missing; expected ${want}` : `Version ${got} is not supported; expected ${want}`),
  auth: (d: string) => new OtaError(EWT.AUTHENTICATION, '497', 'Authorization error', d),
  missing: (what: string) => new OtaError(EWT.REQUIRED_MISSING, '321', 'Required field missing', `${what} is required`),
  invalid: (d: string) => new OtaError(EWT.BIZ_RULE, '320', 'Invalid value', d),
  date: (d: string) => new OtaError(EWT.BIZ_RULE, '15', 'Invalid date', d),
  dateRange: (d: string) => new OtaError(EWT.BIZ_RULE, '404', 'Invalid date range', d),
  hotel: (code: string) => new OtaError(EWT.BIZ_RULE, '392', 'Invalid hotel code', `Hotel ${code} is unknown`),
  noAvailability: (d: string) => new OtaError(EWT.BIZ_RULE, '322', 'No availability', d),
  bookingRef: (d: string) => new OtaError(EWT.BIZ_RULE, '87', 'Booking reference invalid', d),
  cancelled: (d: string) => new OtaError(EWT.BIZ_RULE, '95', 'Booking already cancelled', d),
  duplicate: (d: string) => new OtaError(EWT.BIZ_RULE, '127', 'Duplicate reservation', d),
  system: (d: string) => new OtaError(EWT.PROCESSING, '448', 'System error', d),
};

/** A Warning that accompanies Success (e.g. nothing matched). */
export interface OtaWarning {
  type: string;
  code: string;
  shortText: string;
  text: string;
}

export const warn = {
  noHotels: (d: string): OtaWarning => ({ type: EWT.ADVISORY, code: '424', shortText: 'No hotels found', text: d }),
  noAvailability: (d: string): OtaWarning => ({ type: EWT.ADVISORY, code: '322', shortText: 'No availability', text: d }),
};
