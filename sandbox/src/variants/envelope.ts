// Variants of the reply envelope: the optional echoes and time stamp, warnings beside Success, an
// empty Errors element, date-times with their zone.

import type { VariantDef } from './variant';

export const ENVELOPE_VARIANTS = [
  // OTA_PayloadStdAttributes: EchoToken and TimeStamp are optional; echoing EchoToken is an
  // OpenTravel convention (a SHOULD of the suite), not a statement of the spec.
  {
    name: 'no-optional-echoes',
    description:
      'No EchoToken echo, no TimeStamp, and no optional echo of the request language (PrimaryLangID on the activity descriptive reply, LanguageCode/Language in descriptive content).',
    expectedWarnings: ['EP-ECHOTOKEN'],
  },
  // OTA_PayloadStdAttributes: TimeStamp is xs:dateTime, which allows any zone offset.
  {
    name: 'zoned-timestamp',
    description: 'TimeStamp carries an explicit +02:00 offset (local time of the gateway) instead of Z.',
    expectedWarnings: [],
  },
  // WarningsType beside SuccessType is allowed on every RS (Success, Warnings?, content); EWT 11
  // is "Advisory".
  {
    name: 'warnings-beside-success',
    description: 'Every Success reply also carries Warnings/Warning Type="11" (advisory, no Code), still without Errors.',
    expectedWarnings: [],
  },
  // Neither the spec nor OpenTravel requires a Warning when nothing matches (the RS content
  // elements are minOccurs=0); the sandbox's Warning 424/322 is its own choice.
  {
    name: 'no-warning-when-empty',
    operations: ['hotelavailability', 'activityavailability', 'activitysearch', 'transferavailability'],
    description: 'A search where nothing matches is Success with no result elements and no Warning.',
    expectedWarnings: [],
  },

  // A gateway that always writes Errors, empty when nothing went wrong. Every RS has a choice
  // between Success (+Warnings, content) and Errors, so this departs from 2016B.
  {
    name: 'empty-errors-element',
    description: 'Every Success reply also carries an empty <Errors/> element right after Success (and Warnings).',
    expectedWarnings: ['EP-SUCCESS-XOR-ERRORS', 'ALIGN-XSD'],
  },
  // xs:dateTime allows a zone offset; the spec's request rule 5 ("without zone") is read onto
  // replies as a SHOULD only (EP-DATES).
  {
    name: 'zoned-dates',
    operations: ['activitybook', 'bookread', 'bookcancel', 'transferavailability'],
    description:
      "Every date-time in replies (activity booking schedule and pickup, booking read, cancel deadline, transfer pickup) carries the UTC offset of its place (2030-06-01T09:00:00+02:00) at the same local wall-clock time; the booking's creation time is UTC with Z. Plain dates stay yyyy-mm-dd.",
    expectedWarnings: ['EP-DATES'],
  },
] as const satisfies readonly VariantDef[];
