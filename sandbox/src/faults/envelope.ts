// Faults of the reply envelope and of the request checks every operation shares: namespace, root,
// Version, Success or Errors, echoes, time stamps, HTTP status and Content-Type (the EP- requirements).

import { ALL, type FaultDef } from './fault';

export const ENVELOPE_FAULTS = [
  {
    name: 'wrong-namespace',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-NAMESPACE'],
    description: 'Replies are written in the OTA 2003 namespace without /05 (http://www.opentravel.org/OTA/2003).',
  },
  {
    name: 'wrong-root',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-RS-ROOT'],
    description: 'The reply root keeps the request name (…RQ) instead of …RS.',
  },
  {
    name: 'version-missing',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-VERSION'],
    description: 'The reply root has no Version attribute.',
  },
  {
    name: 'success-and-errors',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-SUCCESS-XOR-ERRORS'],
    description: 'Errors replies also carry <Success/> (and Success replies an empty warning-level Errors block).',
  },
  {
    name: 'echotoken-dropped',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-ECHOTOKEN'],
    description: 'The request EchoToken is not echoed on the reply.',
  },
  {
    name: 'content-type-html',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-CONTENT-TYPE', 'EP-POST', 'AUTH-VALID'],
    description: 'Replies are sent with Content-Type: text/html.',
  },
  {
    name: 'http-500',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-STATUS-200', 'EP-POST', 'AUTH-VALID'],
    description: 'Every OTA reply, even a Success one, is sent with HTTP status 500.',
  },
  {
    name: 'local-timestamp',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-DATES'],
    description: "The reply's TimeStamp is the database's local form '2026-11-26 13:07:23' (a space, no T), not an xs:dateTime.",
  },
  {
    name: 'error-without-type',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-ERROR-TYPE'],
    description: 'Error elements are written without their required Type (only Code and ShortText).',
  },
  {
    name: 'malformed-500',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-REJECT-MALFORMED'],
    description: "A body that is not well-formed XML reaches the framework's default handler: HTTP 500 with an HTML error page.",
  },
  {
    name: 'accepts-wrong-namespace',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-REJECT-NAMESPACE'],
    description: "The request root's namespace is not checked: a root in another namespace is served by its local name.",
  },
  {
    name: 'root-name-unchecked',
    area: 'envelope',
    operations: ALL,
    breaks: ['EP-REJECT-ROOT'],
    description: "The request root's name is not checked: the path's handler reads the body under any root.",
  },
] as const satisfies readonly FaultDef[];
