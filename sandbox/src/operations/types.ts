// What every operation handler receives and returns.
import type { SandboxData } from '../data';
import type { OtaWarning } from '../errors';
import type { Faults } from '../faults';
import type { BookingStore } from '../store';
import type { Variants } from '../variants';
import type { Attrs, XNode } from '../xml';

export interface Ctx {
  now: Date;
  /** now as yyyy-mm-dd (UTC). */
  today: string;
  data: SandboxData;
  store: BookingStore;
  faults: Faults;
  variants: Variants;
}

export interface OpResult {
  content: string;
  warnings?: OtaWarning[];
  rootAttrs?: Attrs;
  /** Another reply root than the operation's own (variant tour-activity-cancel-reply). */
  rsRoot?: string;
}

export interface Operation {
  /** Path without leading slash, e.g. hotelavailability. */
  name: string;
  rq: string;
  rs: string;
  /** The spec's Versioning table value. */
  version: string;
  /** Root attributes an Errors reply needs to stay schema-valid (OTA_CancelRS Status). */
  errorRootAttrs?: Attrs;
  /** Synchronous on purpose: state checks and writes happen in one tick. */
  handle(req: XNode, ctx: Ctx): OpResult;
}
