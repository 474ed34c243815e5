// An explored case as a request: the operation's sample, filled with the run's values and the
// case's, then edited with the operation's own request edits (src/operations/<op>/request.ts).
// Every request passes the request self-check before it is sent (src/transport/exchange.ts).
import { addDays } from '../../core/dates';
import type { TestData } from '../../core/test-data';
import { OPERATIONS } from '../../specification/operations';
import { LANGUAGE_ATTRIBUTES, OtaRequest } from '../../xml/requests';
import type { Credentials } from '../../run/config';
import { baseValues } from '../../run/scenario-values';
import * as hotelAvailability from '../../operations/hotelavailability';
import * as activityAvailability from '../../operations/activityavailability';
import * as activitySearch from '../../operations/activitysearch';
import * as transfers from '../../operations/transferavailability';
import type { Case } from './space';

/** What every explored request is built from. */
export interface BuildContext {
  credentials: Credentials;
  data: TestData;
  runId: string;
  samplesDir: string;
}

/**
 * Why an explored request may get no results: the test data declares availability for its own
 * values only, so "nothing available" and a refusal are legitimate answers to an explored one (a
 * form refused every time it is explored is judged apart: ./forms.ts).
 */
export const EXPLORED = 'an explored request (the test data declares no availability for its values)';

export function buildRequest(drawn: Case, ctx: BuildContext): OtaRequest {
  const { data } = ctx;
  const op = OPERATIONS[drawn.op];
  const start = drawn.start;
  const end = start && addDays(start, drawn.days ?? 1);
  const values = {
    ...baseValues(ctx.credentials, data, ctx.runId),
    ...op.values?.(data),
    ...(start ? { start, end: end! } : {}),
    ...(drawn.maxResponses !== undefined ? { maxResponses: drawn.maxResponses } : {}),
    ...(drawn.place ? { placeContext: drawn.place.context, place: drawn.place.name } : {}),
    ...(drawn.hotelCode ? { hotelCode: drawn.hotelCode } : {}),
    ...(drawn.arrival && start ? { arrivalDateTime: `${start}T${drawn.arrival}:00` } : {}),
    ...(drawn.departure && end ? { departureDateTime: `${end}T${drawn.departure}:00` } : {}),
    ...(drawn.disability !== undefined ? { disabilityRequired: String(drawn.disability) } : {}),
    ...(drawn.op === 'hotelnbc'
      ? { brandCode: drawn.brand ? (data.hotels.find((h) => h.code === drawn.hotelCode)?.brandCode ?? '') : '' }
      : {}),
    ...(drawn.op === 'activitynbc' ? { tourActivityId: data.activities.productCode } : {}),
    ...(drawn.swapLanguages ? { language: data.altLanguage, altLanguage: data.language } : {}),
    // an empty Instance is left out (OtaRequest.fromSample)
    requestorInstance: drawn.instance ? ctx.credentials.requestorInstance : '',
  };
  const request = OtaRequest.fromSample(op, ctx.samplesDir, values);
  request.testData = data;
  request.resultsOptional = EXPLORED;
  if (drawn.noLanguages) {
    // the spec lists them, but which attributes are mandatory is "not shown": a request without them is one it allows
    for (const a of LANGUAGE_ATTRIBUTES) request.removeAttribute('/*', a);
    request.languagesLeftOut = true;
  }
  const party = drawn.party?.map((p) => ({ code: p.code, count: p.count, age: p.age }));
  switch (drawn.op) {
    case 'hotelavailability':
      if (party) hotelAvailability.setCategories(request, party);
      break;
    case 'activityavailability':
      if (party) activityAvailability.setCategories(request, party);
      if (drawn.product === false) activityAvailability.setHotelOnly(request);
      break;
    case 'transferavailability':
      if (party) transfers.setCategories(request, party);
      if (drawn.legs) transfers.setLegs(request, drawn.legs);
      break;
    case 'activitysearch':
      if (drawn.product === false) activitySearch.setHotelOnly(request);
      break;
    default:
      break;
  }
  return request;
}
