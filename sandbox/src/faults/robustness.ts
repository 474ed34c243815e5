// Faults of robustness: what a reply's bytes, its timing or a processing error do to a client.

import { ALL, type FaultDef } from './fault';

export const ROBUSTNESS_FAULTS = [
  {
    name: 'doctype-entities',
    area: 'robustness',
    operations: ALL,
    breaks: ['EP-NO-DOCTYPE'],
    description: 'Replies start with a DOCTYPE declaring internal entities.',
  },
  {
    name: 'truncated-reply',
    area: 'robustness',
    operations: ALL,
    breaks: ['EP-WELL-FORMED', 'EP-POST', 'AUTH-VALID'],
    description: 'Reply bodies are cut in the middle of an element (a buffer flushed too early).',
  },
  {
    name: 'slow-reply',
    area: 'robustness',
    operations: ['hotelavailability'],
    breaks: ['EP-TIMELY'],
    runEnv: { OTA_REQUEST_TIMEOUT_MS: '1500', SANDBOX_SLOW_MS: '4000' },
    description: 'Hotel availability answers after SANDBOX_SLOW_MS milliseconds (default 15000).',
  },
  {
    name: 'errors-to-valid-request',
    area: 'robustness',
    operations: ['activitysearch'],
    breaks: ['ASR-SUCCESS'],
    description: 'A valid activity search gets an Errors reply (processing exception).',
  },
] as const satisfies readonly FaultDef[];
