// The requirements of two classes of their own, over the replies of every operation: security
// (what replies must not carry; src/contracts/security.ts) and alignment (the comparison with the
// OpenTravel schemas: informative, never decides conformance; src/contracts/alignment.ts).
// src/specification/requirements.ts assembles the catalogue; this file is data and imports only ./define.ts.
import { r, profile } from './define';

export const requirements = {
  security: [
    r({
      id: 'SEC-NO-CREDENTIAL-ECHO',
      level: 'SHOULD',
      class: 'security',
      section: 'Authentication',
      statement:
        "No reply, success or refusal, carries the caller's MessagePassword in any form: as sent, XML-escaped, percent-encoded, base64 or hex encoded, in the body, a header or the status line.",
      basis: profile(
        'this project\'s security profile: credentials travel one way, in the request ("Credentials travel in the body of every request, in the POS element, as two Source children"), and nothing in the spec asks a reply to return them.',
      ),
    }),
  ],
  alignment: [
    r({
      id: 'ALIGN-XSD',
      level: 'INFO',
      class: 'alignment',
      section: 'Endpoints (OpenTravel 2016B schemas)',
      statement:
        'Replies of the standard messages are compared with the OpenTravel 2016B schemas and the differences reported for information.',
      basis: profile(
        'informative comparison with the OpenTravel 2016B schemas (OTA_XSD_DIR): the spec names no schema and says "Response body structure of every endpoint: not shown."',
      ),
    }),
  ],
} as const;
