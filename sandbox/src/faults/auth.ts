// Faults of authentication: the two POS Sources, their RequestorIDs and what a refusal echoes
// (the AUTH- requirements and SEC-NO-CREDENTIAL-ECHO).

import { ALL, type FaultDef } from './fault';

export const AUTH_FAULTS = [
  {
    name: 'accepts-wrong-password',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-PASSWORD'],
    description: 'MessagePassword of the Type 88 RequestorID is not checked.',
  },
  {
    name: 'accepts-missing-pos',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-POS-REQUIRED'],
    description: 'A request without POS is processed as if authenticated.',
  },
  {
    name: 'ignores-id-context',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-CONTEXT'],
    description: 'ID_Context of the Type 22 RequestorID is not checked.',
  },
  {
    name: 'ignores-requestor-id',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-REQUESTOR'],
    description: 'ID of the Type 22 RequestorID is not checked (only its ID_Context).',
  },
  {
    name: 'ignores-user-id',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-USER'],
    description: 'ID of the Type 88 RequestorID is not checked (only its MessagePassword).',
  },
  {
    name: 'accepts-one-source',
    area: 'auth',
    operations: ALL,
    breaks: ['AUTH-TWO-SOURCES'],
    description: 'A POS with one Source is let through: whichever RequestorID it holds is checked, the missing one is not asked for.',
  },
  {
    name: 'instance-refused',
    area: 'auth',
    operations: ['transferavailability'],
    breaks: ['REQ-INSTANCE-OPTIONAL'],
    runEnv: { OTA_REQUESTOR_INSTANCE: 'SANDBOX-BRANCH-01' },
    description:
      "Transfer availability, a back end with a schema of its own, refuses a Type 22 RequestorID carrying the optional Instance ('not an allowed attribute').",
  },
  {
    name: 'booking-ops-skip-auth',
    area: 'auth',
    operations: ['bookread', 'bookcancel'],
    breaks: ['AUTH-BOOKING-UNTOUCHED'],
    description: 'Booking read and cancel skip authentication: the booking reference alone is trusted.',
  },
  {
    name: 'credentials-in-errors',
    area: 'auth',
    operations: ALL,
    breaks: ['SEC-NO-CREDENTIAL-ECHO'],
    description: "Errors replies echo the request's POS for debugging, the Type 88 MessagePassword included.",
  },
] as const satisfies readonly FaultDef[];
