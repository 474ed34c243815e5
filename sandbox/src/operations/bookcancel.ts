// POST /bookcancel: CancelType Quote returns the penalty and changes nothing (Status Pending);
// Commit cancels the booking, or one item when the request names it (Status Cancelled): by its
// UniqueID Type 37, or under a variant by its number in a Segment.
import { fmtDateTime, withOffset } from '../dates';
import { err, PlainRefusal } from '../errors';
import { EUR2, fmtMinor } from '../money';
import { el, kids, type XNode } from '../xml';
import type { Booking, BookingStore, Item } from '../store';
import { readRefs } from './booking-refs';
import { attr } from './common';
import type { Ctx, OpResult, Operation } from './types';

/** The booking (and no item) when the booking, or the item asked for, is already cancelled. */
function alreadyCancelled(store: BookingStore, ref: string, itemRef?: string): { booking: Booking; items: Item[] } | undefined {
  const booking = store.get(ref);
  if (!booking) return undefined;
  const done =
    itemRef === undefined ? booking.status === 'Cancelled' : booking.items.some((i) => i.ref === itemRef && i.status === 'Cancelled');
  return done ? { booking, items: [] } : undefined;
}

/** CancelType: true for the word that cancels (Commit, or Cancel under a variant), false for Quote. */
function readCommit(req: XNode, ctx: Ctx): boolean {
  const cancelType = attr(req, 'CancelType', 'OTA_CancelRQ');
  // The spec lists only Quote; OpenTravel's TransactionActionType has Commit and Cancel.
  const commitWord = ctx.variants.has('book-resstatus-book') ? 'Cancel' : 'Commit';
  if (cancelType !== 'Quote' && cancelType !== commitWord) throw err.invalid(`CancelType '${cancelType}' must be Quote or ${commitWord}`);
  // Mistake (cancel-quote-refused): only the CancelType that cancels was implemented.
  if (cancelType === 'Quote' && ctx.faults.has('cancel-quote-refused'))
    throw err.invalid(`CancelType 'Quote' is not supported; use ${commitWord}`);
  return cancelType === commitWord;
}

/** The booking (UniqueID Type 36, required) and the item (Type 37) to cancel. */
function readBookingRefs(req: XNode): { bookingRef: string; itemRef?: string } {
  const uids = kids(req, 'UniqueID');
  if (uids.length === 0) throw err.missing('UniqueID');
  const { bookingRef, itemRef } = readRefs(uids);
  if (!bookingRef) throw err.missing("UniqueID[@Type='36']");
  return { bookingRef, itemRef };
}

/**
 * The item a cancel names, in the one form of partial cancellation the sandbox's dialect takes: the
 * item's UniqueID Type 37 (default), Segment/@ItinSegNbr (variant partial-by-segment), or
 * Segment/@FirstItinSegNbr and @LastItinSegNbr, a range of one (variant partial-by-segment-range).
 * A Segment names an item by its number: its place in the order booked, 1 for the first.
 */
function itemNamed(req: XNode, bookingRef: string, itemRef: string | undefined, ctx: Ctx): string | undefined {
  const { variants, store } = ctx;
  const range = variants.has('partial-by-segment-range');
  if (!range && !variants.has('partial-by-segment')) return itemRef;
  if (itemRef !== undefined) throw err.invalid('UniqueID Type 37 does not name an item of a booking here: use Segment');
  const segment = kids(req, 'Segment')[0];
  if (!segment) return undefined;
  const first = range ? attr(segment, 'FirstItinSegNbr', 'Segment') : attr(segment, 'ItinSegNbr', 'Segment');
  if (range && attr(segment, 'LastItinSegNbr', 'Segment') !== first) throw err.invalid('a Segment range cancels one item at a time');
  const items = store.get(bookingRef)?.items ?? [];
  const item = /^\d+$/.test(first) ? items[Number(first) - 1] : undefined;
  if (!item) throw err.bookingRef(`Booking ${bookingRef} has no item number ${first}`);
  return item.ref;
}

/** The rule of cancelling `items` now: the penalty, and the deadline of free cancellation (the earliest). */
function cancelRule(items: Item[], ctx: Ctx): string {
  const nowMs = ctx.now.getTime();
  const penalty = items.reduce((t, i) => t + (nowMs > i.freeCancelUntil ? Math.round((i.total * i.penaltyPercent) / 100) : 0), 0);
  const deadline = Math.min(...items.map((i) => i.freeCancelUntil));
  // Variant zoned-dates: the deadline (the activity's local wall clock) with its place's UTC offset.
  const first = items.find((i) => i.freeCancelUntil === deadline);
  const country = first ? ctx.data.activityById.get(first.activityId.toUpperCase())?.country.code : undefined;
  const cancelBy = (ms: number) => (ctx.variants.has('zoned-dates') ? withOffset(fmtDateTime(ms), country ?? '') : fmtDateTime(ms));
  return el('CancelRule', {
    CancelByDate: Number.isFinite(deadline) ? cancelBy(deadline) : undefined,
    Type: 'Charge',
    Amount: fmtMinor(penalty, EUR2),
    CurrencyCode: 'EUR',
    DecimalPlaces: 2,
  });
}

/** The reply: its status word, or (variant tour-activity-cancel-reply) the tour-activity cancel message. */
function cancelReply(booking: Booking, content: string, commit: boolean, ctx: Ctx): OpResult {
  const { faults, variants } = ctx;
  // Variant cancel-status-words: US spelling.
  const cancelled = variants.has('cancel-status-words') ? 'Canceled' : 'Cancelled';
  // Mistakes: cancel-status-pending (a cancellation says Pending), cancel-quote-says-cancelled
  // (a quote says Cancelled).
  const says = commit ? !faults.has('cancel-status-pending') : faults.has('cancel-quote-says-cancelled');
  // Variant tour-activity-cancel-reply: a cancellation that is done is answered with OpenTravel's
  // tour-activity cancel message: no status word, the cancellation number says it.
  if (commit && says && variants.has('tour-activity-cancel-reply')) {
    // CancelConfirmation is a CancelInfoRSType: its rules, then the cancellation number; the
    // booking is the ReferenceID.
    const confirmation = content.replace(/^[\s\S]*<CancelInfoRS>([\s\S]*)<\/CancelInfoRS>[\s\S]*$/, '$1');
    return {
      content: el(
        'Reservation',
        {},
        el('CancelConfirmation', {}, confirmation),
        el('ReferenceID', { Type: '36', ID: booking.ref, ID_Context: 'Client' }),
      ),
      rsRoot: 'OTA_TourActivityCancelRS',
    };
  }
  return { content, rootAttrs: { Status: says ? cancelled : 'Pending' } };
}

export const bookCancel: Operation = {
  name: 'bookcancel',
  rq: 'OTA_CancelRQ',
  rs: 'OTA_CancelRS',
  version: '2008.1',
  errorRootAttrs: { Status: 'Unsuccessful' },
  handle(req: XNode, ctx: Ctx) {
    const { store, faults, variants } = ctx;
    const commit = readCommit(req, ctx);
    const refs = readBookingRefs(req);
    // Mistake (unknown-booking-plain-404): the framework's not-found page, before the OTA layer.
    if (faults.has('unknown-booking-plain-404') && !store.get(refs.bookingRef)) throw new PlainRefusal(404, 'Not Found');
    // Mistake (partial-cancels-all): the item named (by reference or by number) is never read.
    const itemRef = faults.has('partial-cancels-all') ? undefined : itemNamed(req, refs.bookingRef, refs.itemRef, ctx);
    // Mistake (cancel-unknown-succeeds): the cancel is a delete by reference; deleting nothing is not an error.
    if (faults.has('cancel-unknown-succeeds') && !store.get(refs.bookingRef)) {
      const word = commit ? (variants.has('cancel-status-words') ? 'Canceled' : 'Cancelled') : 'Pending';
      return { content: el('UniqueID', { Type: '36', ID: refs.bookingRef, ID_Context: 'Client' }), rootAttrs: { Status: word } };
    }
    // Mistake (cancel-twice-succeeds): the cancel is idempotent, so what is already cancelled is
    // cancelled again (nothing left to cancel) instead of refused.
    const { booking, items } =
      (faults.has('cancel-twice-succeeds') && alreadyCancelled(store, refs.bookingRef, itemRef)) || store.target(refs.bookingRef, itemRef);
    const rule = cancelRule(items, ctx);
    const apply = commit ? !faults.has('cancel-commit-noop') : faults.has('cancel-quote-cancels');
    if (apply) store.cancel(booking, items, fmtDateTime(ctx.now.getTime()));

    const content = [
      // Variant internal-and-client-refs: the gateway's own reference beside the client's.
      variants.has('internal-and-client-refs') ? el('UniqueID', { Type: '36', ID: booking.internalRef, ID_Context: 'Internal' }) : '',
      el('UniqueID', { Type: '36', ID: booking.ref, ID_Context: 'Client' }),
      refs.itemRef ? el('UniqueID', { Type: '37', ID: refs.itemRef, ID_Context: 'Client' }) : '',
      el(
        'CancelInfoRS',
        {},
        el('CancelRules', {}, rule),
        commit ? el('UniqueID', { Type: '15', ID: `${booking.ref.slice(0, 26)}-C${booking.cancellations}`, ID_Context: 'Sandbox' }) : '',
      ),
    ].join('');
    return cancelReply(booking, content, commit, ctx);
  },
};
