// The requirements of the Authentication section, for every operation: valid credentials are
// served, the optional Instance too, and requests the gateway does not authenticate are refused;
// a booking is left untouched by a request with a wrong password (class booking).
// src/specification/requirements.ts assembles the catalogue; this file is data and imports only ./define.ts.
import { r, spec, ota, REFUSAL_FORMS, AUTH_CONVENTION, EP } from './define';

export const requirements = {
  core: [
    r({
      id: 'AUTH-VALID',
      level: 'MUST',
      class: 'core',
      section: `Authentication; ${EP} 4`,
      statement:
        'A valid request whose POS holds both Sources with valid credentials, and that carries no HTTP authentication header, is served.',
      basis: spec('Credentials travel in the body of every request, in the POS element, as two Source children'),
      grain: {
        reading:
          '"Credentials travel in the body of every request, in the POS element, as two Source children": a valid request with both Sources and valid credentials, and no HTTP authentication header, is served.',
        accepts:
          "A request with POS/Source RequestorID Type 22 (ID, ID_Context) and Type 88 (ID, MessagePassword) served with 200 and the operation's RS, whatever else the reply shows.",
        refuses:
          'The same request refused in any form (401 text/plain, an Errors reply with code 497, OTA_ErrorRS) or answered by a demand for an HTTP Authorization header.',
      },
    }),
    r({
      id: 'REQ-INSTANCE-OPTIONAL',
      level: 'MUST',
      class: 'core',
      section: 'Authentication; Endpoints, /activityavailability',
      statement: 'A valid request is served both with the optional Instance on its Type 22 RequestorID and without it.',
      basis: spec('RequestorID of Type 22 may carry Instance (string)'),
      grain: {
        reading:
          '"RequestorID of Type 22 may carry Instance (string)": Instance is optional, so a valid request is served both with it (the configured value) and without it. An Instance the suite invents is a guess: its refusal is cannot tell.',
        accepts: 'A gateway that serves both forms, and ignores the Instance or uses it to pick a sub-account.',
        refuses:
          'A gateway that refuses the request without Instance (Errors "Instance required"), or the one with the configured Instance.',
      },
    }),
    r({
      id: 'AUTH-POS-REQUIRED',
      level: 'SHOULD',
      class: 'core',
      section: `${EP} 4; Authentication`,
      statement: `A request without POS is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(AUTH_CONVENTION),
    }),
    r({
      id: 'AUTH-TWO-SOURCES',
      level: 'SHOULD',
      class: 'core',
      section: `${EP} 4; Authentication`,
      statement: `A request whose POS holds only one of its two Sources (the Type 22 Source alone, or the Type 88 Source alone) is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(AUTH_CONVENTION),
    }),
    r({
      id: 'AUTH-REQUESTOR',
      level: 'SHOULD',
      class: 'core',
      section: 'Authentication',
      statement: `A request with a wrong Type 22 RequestorID ID is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(AUTH_CONVENTION),
    }),
    r({
      id: 'AUTH-CONTEXT',
      level: 'SHOULD',
      class: 'core',
      section: 'Authentication',
      statement: `A request with a wrong Type 22 ID_Context is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(AUTH_CONVENTION),
    }),
    r({
      id: 'AUTH-USER',
      level: 'SHOULD',
      class: 'core',
      section: 'Authentication',
      statement: `A request with a wrong Type 88 RequestorID ID is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(AUTH_CONVENTION),
    }),
    r({
      id: 'AUTH-PASSWORD',
      level: 'SHOULD',
      class: 'core',
      section: 'Authentication',
      statement: `A request with a wrong MessagePassword is refused with no data, ${REFUSAL_FORMS}.`,
      basis: ota(AUTH_CONVENTION),
    }),
    r({
      id: 'AUTH-WHITELIST',
      level: 'MUST',
      class: 'core',
      section: 'What the service does; Authentication',
      statement: 'The test environment serves only callers whose IP addresses the operator has whitelisted.',
      basis: spec("It can be used only after the caller's IP addresses have been whitelisted with the operator."),
      untestable:
        "whitelisting is the operator's network configuration; a run from one machine cannot observe a refusal it is not set up to trigger (the preflight reports a refused connection when it happens)",
    }),
  ],
  booking: [
    r({
      id: 'AUTH-BOOKING-UNTOUCHED',
      level: 'SHOULD',
      class: 'booking',
      section: 'Authentication; Endpoints, /bookread, /bookcancel',
      statement:
        'A booking read or cancel of an existing booking with wrong credentials is refused without showing the booking, and the booking stays live.',
      basis: ota(AUTH_CONVENTION),
    }),
  ],
} as const;
