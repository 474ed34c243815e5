// What the two dialects share: the operations (request root, Version, the handler that serves it),
// the reply roots each dialect uses, and the shape of a reply.
import type { Element, Kid } from './xml';
import type { FaultName } from './faults';
import type { Dialect } from './model';
import {
  activityAvailability,
  activityDescriptive,
  activitySearch,
  book,
  cancel,
  hotelAvailability,
  hotelDescriptive,
  read,
  transferAvailability,
} from './model';

/** Each operation of the spec: its path, request root and Version (Versioning table), and its handler. */
export const OPERATIONS = {
  activityavailability: { rq: 'OTA_TourActivityAvailRQ', version: '2011.2', serve: activityAvailability },
  hotelavailability: { rq: 'OTA_HotelAvailRQ', version: '2008.1', serve: hotelAvailability },
  activitysearch: { rq: 'OTA_TourActivitySearchRQ', version: '2011.2', serve: activitySearch },
  hotelnbc: { rq: 'OTA_HotelDescriptiveInfoRQ', version: '2009.1', serve: hotelDescriptive },
  activitynbc: { rq: 'OTA_ProductDescriptiveInfoRQ', version: '2016.2', serve: activityDescriptive },
  bookread: { rq: 'OTA_ReadRQ', version: '2008.1', serve: read },
  bookcancel: { rq: 'OTA_CancelRQ', version: '2008.1', serve: cancel },
  activitybook: { rq: 'OTA_TourActivityBookRQ', version: '2011.2', serve: book },
  transferavailability: { rq: 'OTA_GroundAvailRQ', version: '2016.2', serve: transferAvailability },
} as const;
export type Op = keyof typeof OPERATIONS;

/** Reply roots: OpenTravel's RS of each RQ; the reads and cancels differ by dialect, both OpenTravel messages. */
export function replyRoot(op: Op, dialect: Dialect): string {
  if (op === 'bookread') return dialect === 'terse' ? 'OTA_ResRetrieveRS' : 'OTA_TourActivityResRetrieveRS';
  if (op === 'bookcancel') return dialect === 'terse' ? 'OTA_TourActivityCancelRS' : 'OTA_CancelRS';
  return OPERATIONS[op].rq.replace(/RQ$/, 'RS');
}

export type Results = {
  [K in Op]: { op: K; result: ReturnType<(typeof OPERATIONS)[K]['serve']>; fault?: FaultName; request: Element; dialect: Dialect };
}[Op];

/** A reply before serialisation: HTTP status, the children of the RS root (or a root of its own). */
export interface Reply {
  status: number;
  kids: Kid[];
  /** Another root than the operation's (terse refusals: OTA_ErrorRS). */
  root?: string;
  rootAttrs?: Record<string, string | number>;
}
