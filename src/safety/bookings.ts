// Leaving no booking behind: cancelling what a scenario (or a killed earlier run) committed.
// A cancel that is refused is followed by a read: a booking the target no longer knows, or shows
// as cancelled, is gone; anything else stays in the ledger for the next run to retry.
import { exchange, disposeExchange } from '../transport/exchange';
import { OtaRequest } from '../xml/requests';
import { OPERATIONS } from '../spec/operations';
import { baseValues } from '../run/scenario-values';
import type { RunContext } from '../run/run-context';
import type { Exchange } from '../contracts/rule';

export interface CleanupOutcome {
  ok: boolean;
  message: string;
}

function isSuccess(x: Exchange): boolean {
  const doc = x.reply.doc;
  return !!doc && doc.exists('/*/ota:Success') && !doc.exists('/*/ota:Errors');
}

async function send(ctx: RunContext, op: 'bookcancel' | 'bookread', bookingRef: string): Promise<Exchange> {
  const values = { ...baseValues(ctx.credentials, ctx.data, ctx.config.runId), bookingRef, cancelType: 'Commit' };
  const request = OtaRequest.fromSample(OPERATIONS[op], ctx.config.samplesDir, values);
  return exchange(request, { baseUrl: ctx.baseUrl, limits: ctx.config.limits, retry: ctx.config.retry });
}

/** Cancels a whole booking; ok when it is cancelled now or was already gone. */
export async function cancelBooking(ctx: RunContext, bookingRef: string): Promise<CleanupOutcome> {
  const cancel = await send(ctx, 'bookcancel', bookingRef);
  try {
    if (isSuccess(cancel)) {
      ctx.ledger.recordCancelled(bookingRef, ctx.baseUrl, ctx.config.runId);
      return { ok: true, message: 'cancelled' };
    }
  } finally {
    disposeExchange(cancel);
  }
  const read = await send(ctx, 'bookread', bookingRef);
  try {
    const doc = read.reply.doc;
    const gone =
      (!!doc && doc.exists('/*/ota:Errors') && !doc.exists('/*/ota:Success')) ||
      (isSuccess(read) && /cancel/i.test(doc!.values('//@Status | //@ReservationStatus | //@BookingStatus').join(' ')));
    if (gone) {
      ctx.ledger.recordCancelled(bookingRef, ctx.baseUrl, ctx.config.runId);
      return { ok: true, message: 'already cancelled or unknown to the target' };
    }
    const why = cancel.reply.transportError?.message ?? cancel.reply.unreadable ?? 'the cancel was refused and a read still shows the booking';
    return { ok: false, message: why };
  } finally {
    disposeExchange(read);
  }
}

/** Cancels the bookings an earlier (killed) run left in the ledger for this target. */
export async function cleanUpLedger(ctx: RunContext): Promise<{ cancelled: string[]; failed: Array<{ ref: string; message: string }> }> {
  const cancelled: string[] = [];
  const failed: Array<{ ref: string; message: string }> = [];
  for (const entry of ctx.ledger.outstanding(ctx.baseUrl)) {
    const outcome = await cancelBooking(ctx, entry.bookingRef);
    if (outcome.ok) cancelled.push(entry.bookingRef);
    else failed.push({ ref: entry.bookingRef, message: outcome.message });
  }
  return { cancelled, failed };
}
