// The user's test data is checked against the gateway before it is used: a
// code the gateway does not know is the user's slip, COULD NOT RUN (exit 2) naming the test-data
// field and what the gateway answered, never a nonconformance. Right after the credentials
// preflight, each code is asked of the operation the scenarios use it in (read-only ones): the
// hotels of descriptive data, the hotels whose guests are offered activities, the product, the
// airport and the location a transfer serves.
//
// Only the gateway's own answer makes a code unknown, one of two ways:
//   - it says so: the refusal names the code and calls it unknown, invalid, not found (in any form:
//     an Errors element, OTA_ErrorRS, a 4xx with such a body);
//   - it shows so: the request is refused exactly as the same request with a code no gateway knows
//     (the test data's own `unknown` codes), while the same request with another code of the test
//     data (or, for the product, with none) is served.
// A code that is known but has nothing available, or cannot be booked on those dates, is not the
// user's slip: the scenarios judge it (a search that finds nothing, a booking class that ends at
// cannot tell with the gateway's reason). A gateway that refuses every request of an operation, or
// refuses for any other reason, is left to the scenarios too: its refusals are findings.
import { ConfigError } from '../core/errors';
import type { PlaceholderValues } from '../core/test-data';
import { refusalForm } from '../contracts/envelope';
import { setHotelOnly as availabilityHotelOnly } from '../operations/activityavailability';
import { setHotelOnly as searchHotelOnly } from '../operations/activitysearch';
import { OPERATIONS, type OperationName } from '../specification/operations';
import { disposeExchange, exchange, PREFLIGHT_HEADER } from '../transport/exchange';
import { OtaRequest } from '../xml/requests';
import { exchangeOptions, type RunContext } from './run-context';

/** What the check needs of a run (or of \`npm run init\`, which checks the file it writes): the target, its credentials, the test data. */
export type CodeCheckContext = Pick<RunContext, 'baseUrl' | 'config' | 'breaker' | 'credentials' | 'data' | 'redactor'>;
import { baseValues } from './scenario-values';

/** Words of a refusal that says a code is not known. */
const UNKNOWN_WORDS =
  /\b(unknown|not (?:be )?found|no such|does ?n[o']t exist|not exist|non-?existent|inexistent|invalid|not valid|not (?:recogni[sz]ed|known)|unrecogni[sz]ed)\b/i;

/** A test-data field and the value the request carries for it. */
interface Named {
  field: string;
  value: string;
}

/** One code asked of the gateway, in a request of the operation the scenarios use it in. */
interface CodeProbe {
  operation: OperationName;
  /** The field the probe is about, then the others its request names (a refusal may name one of those). */
  names: Named[];
  /** The request, with `code` in the place of the probe's field. */
  request(code: string): OtaRequest;
  /** A code of the same kind no gateway knows (the test data's own `unknown` codes). */
  unknownCode: string;
  /** Requests that differ only in this code (another of the test data, or none): one served shows the operation serves such requests. */
  controls: Array<() => OtaRequest>;
}

/** A code the gateway said, or showed, it does not know. */
export interface UnknownCode {
  field: string;
  value: string;
  path: string;
  answered: string;
}

/** COULD NOT RUN: the test data names codes the gateway does not know (exit 2, never a finding). */
export class TestDataCodeUnknown extends ConfigError {}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether the text names the code as a whole word (not inside a longer code). */
const names = (text: string, code: string) => code !== '' && new RegExp(`(^|[^A-Za-z0-9])${escape(code)}($|[^A-Za-z0-9])`, 'i').test(text);
const masked = (text: string, code: string) => text.replace(new RegExp(escape(code), 'gi'), '<code>');

function probesOf(ctx: CodeCheckContext): CodeProbe[] {
  const { data } = ctx;
  const base = (values: PlaceholderValues = {}) => ({ ...baseValues(ctx.credentials, data, ctx.config.runId), ...values });
  const sample = (op: OperationName, values: PlaceholderValues = {}) =>
    OtaRequest.fromSample(OPERATIONS[op], ctx.config.samplesDir, base(values));
  const describeHotel = (hotelCode: string, brandCode = '') => sample('hotelnbc', { hotelCode, brandCode });
  const searchAt = (hotelCode: string) => searchHotelOnly(sample('activitysearch', { hotelCode }));
  const hotelCodes = data.activities.hotelCodes;
  return [
    ...data.hotels.map((h, i) => ({
      operation: 'hotelnbc' as const,
      names: [
        { field: `hotels[${i}].code`, value: h.code },
        ...(h.brandCode ? [{ field: `hotels[${i}].brandCode`, value: h.brandCode }] : []),
      ],
      request: (code: string) => describeHotel(code, h.brandCode),
      unknownCode: data.unknown.hotelCode,
      controls: data.hotels.filter((_, j) => j !== i).map((o) => () => describeHotel(o.code, o.brandCode)),
    })),
    ...hotelCodes.map((code, i) => ({
      operation: 'activitysearch' as const,
      names: [{ field: `activities.hotelCodes[${i}]`, value: code }],
      request: (c: string) => searchAt(c),
      unknownCode: data.unknown.hotelCode,
      controls: hotelCodes.filter((_, j) => j !== i).map((o) => () => searchAt(o)),
    })),
    {
      operation: 'activityavailability',
      names: [
        { field: 'activities.productCode', value: data.activities.productCode },
        { field: 'activities.hotelCodes[0]', value: hotelCodes[0] },
      ],
      request: (productCode: string) => sample('activityavailability', { productCode }),
      unknownCode: data.unknown.tourActivityId,
      controls: [() => availabilityHotelOnly(sample('activityavailability'))],
    },
    {
      operation: 'transferavailability',
      names: [
        { field: 'transfers.airportCode', value: data.transfers.airportCode },
        { field: 'transfers.locationCode', value: data.transfers.locationCode },
        { field: 'transfers.airlineCode', value: data.transfers.airlineCode },
      ],
      request: (airportCode: string) => sample('transferavailability', { airportCode }),
      unknownCode: data.unknown.airportCode,
      controls: [],
    },
  ];
}

/** What a request got: served (HTTP 200, XML, no refusal), refused (and why), or neither (no reply, an unreadable one). */
type Answer = { served: true } | { served: false; refusal?: string };

async function answerOf(ctx: CodeCheckContext, request: OtaRequest): Promise<Answer> {
  const sent = await exchange(request, { ...exchangeOptions(ctx), headers: { [PREFLIGHT_HEADER.name]: PREFLIGHT_HEADER.value } });
  try {
    const refusal = sent.reply.exchange ? refusalForm(sent) : undefined;
    if (refusal) return { served: false, refusal };
    return sent.reply.exchange?.status === 200 && sent.reply.doc ? { served: true } : { served: false };
  } finally {
    disposeExchange(sent);
  }
}

/** What the gateway said or showed of one probe's codes: the unknown one, or nothing. */
async function unknownIn(ctx: CodeCheckContext, probe: CodeProbe): Promise<UnknownCode | undefined> {
  const own = probe.names[0];
  const answer = await answerOf(ctx, probe.request(own.value));
  const refusal = answer.served ? undefined : answer.refusal;
  if (!refusal) return undefined;
  const found = (named: Named): UnknownCode => ({ ...named, path: OPERATIONS[probe.operation].path, answered: refusal });
  // It says so: the refusal names one of the codes and calls it unknown.
  const named = probe.names.find((n) => names(refusal, n.value));
  if (named && UNKNOWN_WORDS.test(refusal)) return found(named);
  // It shows so: another code is served where this one is refused as a code no gateway knows.
  if (probe.unknownCode.toLowerCase() === own.value.toLowerCase()) return undefined;
  let served = false;
  for (const control of probe.controls) if ((served = (await answerOf(ctx, control())).served)) break;
  if (!served) return undefined;
  const asUnknown = await answerOf(ctx, probe.request(probe.unknownCode));
  const same = !asUnknown.served && asUnknown.refusal && masked(asUnknown.refusal, probe.unknownCode) === masked(refusal, own.value);
  return same ? found(own) : undefined;
}

/** One line: every code the gateway does not know, with the field and what it answered. */
export function describeUnknownCodes(unknown: readonly UnknownCode[]): string {
  const each = unknown.map((u) => `${u.field} "${u.value}" (${u.path} answered ${u.answered})`);
  const product = unknown.some((u) => u.field === 'activities.productCode')
    ? '; activities.productCode is the product as this gateway names it there: its TourActivityID, or its product code'
    : '';
  return `the gateway does not know ${unknown.length === 1 ? 'a code' : `${unknown.length} codes`} of the test data: ${each.join('; ')}. Correct the test data (OTA_TEST_DATA)${product}`;
}

/**
 * Asks the gateway about every code of the test data; rejects with TestDataCodeUnknown, one line,
 * when it does not know one. Resolves otherwise, whatever else it answered (the scenarios judge that).
 */
export async function checkTestDataCodes(ctx: CodeCheckContext): Promise<void> {
  const unknown = await unknownTestDataCodes(ctx);
  if (unknown.length) throw new TestDataCodeUnknown(ctx.redactor.scrub(describeUnknownCodes(unknown)));
}

/** Every code of the test data the gateway said, or showed, it does not know (each field once). */
export async function unknownTestDataCodes(ctx: CodeCheckContext): Promise<UnknownCode[]> {
  const unknown: UnknownCode[] = [];
  // side by side (read-only requests, each a round trip to the gateway), listed in the probes' order
  for (const unknownCode of await Promise.all(probesOf(ctx).map((probe) => unknownIn(ctx, probe))))
    if (unknownCode && !unknown.some((x) => x.field === unknownCode.field)) unknown.push(unknownCode);
  return unknown;
}
