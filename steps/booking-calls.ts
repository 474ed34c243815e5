// What the booking sentences of ./booking.steps.ts do: quote, book, read and cancel through the
// World, and find the partial-cancellation form the gateway serves. The sentences stay thin.
import { noDocument } from '../src/contracts/rule';
import { refusalForm, served } from '../src/contracts/envelope';
import type { Exchange } from '../src/transport/exchange';
import type { OperationName } from '../src/specification/operations';
import { StepUsageError } from '../src/core/errors';
import { PARTIAL_CANCELLATION_FORMS, type PartialCancellationForm } from '../src/core/test-data';
import { setMessagePassword } from '../src/xml/requests';
import type { GatewayWorld } from '../src/cucumber/world';
import { bookActivity, bookingRefOf } from '../src/operations/activitybook';
import { readReferenceOf, setBookingReference as setReadReference } from '../src/operations/bookread';
import {
  cancelOnlyItem,
  cancelReferenceOf,
  setBookingReference as setCancelReference,
  setCancelType,
  type ItemToCancel,
  cancellationConfirmed,
  readsFormBy,
  wholeCancellation,
  WHOLE_BOOKING,
} from '../src/operations/bookcancel';
import { type BookedItem } from '../src/contracts/booking-facts';
import { bookingRead, bookingShownBy } from '../src/contracts/booking-read';

export const forms = (w: GatewayWorld) => w.run.data.booking;

/** Why an exchange the scenario stands on (a booking, a cancel) was not served; undefined when it was. */
export function notServed(exchange: Exchange): string | undefined {
  const refusal = refusalForm(exchange);
  if (!exchange.reply.exchange) return noDocument(exchange);
  if (refusal) return `refused: ${refusal}`;
  if (exchange.reply.exchange.status !== 200) return `HTTP ${exchange.reply.exchange.status}`;
  return exchange.reply.doc ? undefined : noDocument(exchange);
}

/**
 * A precondition: what the scenario stands on was served; otherwise its requirements cannot be
 * told, and the reason names what the suite guessed in the request (the booking's values).
 */
export function servedOrCannotTell(world: GatewayWorld, exchange: Exchange, what: string): void {
  const why = notServed(exchange);
  const guessed = why && exchange.request.refusalExcused ? `; ${exchange.request.refusalExcused}` : '';
  world.precondition(!why, `${what} was not served: ${why}${guessed}`);
}

/** The last reply, which must be one of `op`: a Then step speaks of it. */
export function replyOf(world: GatewayWorld, op: OperationName): Exchange {
  if (world.reply.op.name !== op)
    throw new StepUsageError(`this step speaks of a ${op} reply, but the last reply is ${world.reply.op.name}`);
  return world.reply;
}

export async function read(world: GatewayWorld, bookingRef: string, password?: string): Promise<Exchange> {
  const request = setReadReference(world.prepare('bookread'), bookingRef);
  if (password) setMessagePassword(request, password);
  return world.send();
}

/** The scenario's reads of its booking, latest first, before exchange `end` (default: all). */
function readsOfBooking(world: GatewayWorld, end = world.history.length): Exchange[] {
  const ref = world.booking.bookingRef;
  return world.history
    .slice(0, end)
    .filter((x) => x.op.name === 'bookread' && readReferenceOf(x.request) === ref)
    .reverse();
}

/**
 * The read of the booking before its last cancel: what an absence after the cancel (a refusal, an
 * empty read, an item no longer listed) is contrasted with. Undefined when the scenario made none.
 */
export function readBeforeCancel(world: GatewayWorld): Exchange | undefined {
  const ref = world.booking.bookingRef;
  let last = -1;
  world.history.forEach((x, i) => {
    if (x.op.name === 'bookcancel' && cancelReferenceOf(x.request) === ref) last = i;
  });
  return last < 0 ? undefined : readsOfBooking(world, last)[0];
}

/**
 * The item a partial cancellation names, with its number: the number a read of the booking showed
 * (bookread.item.number), or else its place in the order booked, which is named as a guess.
 */
function itemToCancel(world: GatewayWorld, item: BookedItem): { item: ItemToCancel; guess?: string } {
  const words = forms(world).cancelledStatusWords;
  for (const exchange of readsOfBooking(world)) {
    const shown = bookingShownBy(bookingRead(exchange, world.booking, words, world.run.replyProfile.facts))?.items.find(
      (i) => i.ref === item.itemRef,
    );
    const n = Number(shown?.number);
    if (Number.isInteger(n) && n >= 0) return { item: { itemRef: item.itemRef, number: n } };
  }
  const number = world.booking.items.indexOf(item) + 1;
  return {
    item: { itemRef: item.itemRef, number },
    guess: `the Segment names item ${item.itemRef} as number ${number}, its place in the order booked, a guess: no read of the booking showed its item number (bookread.item.number; name its place in OTA_REPLY_PROFILE)`,
  };
}

export async function cancel(
  world: GatewayWorld,
  opts: { item?: BookedItem; password?: string; form?: PartialCancellationForm } = {},
): Promise<Exchange> {
  const booking = world.booking;
  const request = setCancelType(setCancelReference(world.prepare('bookcancel'), booking.bookingRef), forms(world).commitCancelType);
  if (opts.item) {
    const form = opts.form ?? forms(world).partialCancellation;
    if (!form) throw new StepUsageError('a partial cancellation needs its form: declared, or found (cancelItemFindingForm)');
    const { item, guess } = itemToCancel(world, opts.item);
    cancelOnlyItem(request, item, form);
    // The item reference is the client's own; only the number of a Segment form may be a guess.
    if (guess && form !== 'item-reference') request.refusalExcused = guess;
  }
  if (opts.password) setMessagePassword(request, opts.password);
  const exchange = await world.send();
  // What the gateway says it cancelled, the clean-up need not cancel again.
  const said = cancellationConfirmed(forms(world).cancelledStatusWords).check(exchange, world.run.replyProfile.facts);
  if (!opts.item && !opts.password && said.outcome === 'passed') world.bookingCancelled(booking.bookingRef);
  return exchange;
}

export const wrongPassword = (w: GatewayWorld) => `wrong-${w.run.config.runId}`;

/** Books the scenario's item set for a partial cancellation: two items under one booking reference. */
export async function bookTwoItems(world: GatewayWorld): Promise<void> {
  // Items are told apart by their Type 37: a second commit under the same Type 36 with a new Type
  // 37 adds an item to the booking (the second item booked).
  await world.discoverActivity();
  const first = await bookActivity(world, { forms: forms(world) });
  servedOrCannotTell(world, first, 'the activity booking');
  const ref = bookingRefOf(first.request);
  // a booking made to try another form becomes the one the scenario speaks of (every one is cleaned up)
  const at = world.bookings.findIndex((b) => b.bookingRef === ref);
  if (at > 0) world.bookings.unshift(...world.bookings.splice(at, 1));
  servedOrCannotTell(world, await bookActivity(world, { forms: forms(world), bookingRef: ref }), 'the booking of a second item');
}

/**
 * Whether a cancel's reply names, as a cancelled segment (OTA_CancelRS/Segment), the item the
 * request named: by the Segment number sent or its Type 37 reference. A UniqueID merely echoed at
 * the root does not count: a gateway may echo what it ignored.
 */
function namesTheItem(exchange: Exchange, itemRef: string): boolean {
  const doc = exchange.reply.doc;
  if (!doc) return false;
  const n = exchange.request.value('ota:Segment/@ItinSegNbr') ?? exchange.request.value('ota:Segment/@FirstItinSegNbr');
  const q = (v: string) => `'${v.replace(/'/g, '')}'`;
  const byNumber = n ? ` | //ota:Segment[@ItinSegNbr=${q(n)} or @FirstItinSegNbr=${q(n)}]` : '';
  return doc.find(`//ota:Segment[.//*[@Type='37'][@ID=${q(itemRef)}]]${byNumber}`).length > 0;
}

/** How each OpenTravel form reads, for the report. */
const FORM_NAMES: Record<PartialCancellationForm, string> = {
  'item-reference': "item-reference (the item's UniqueID Type 37)",
  segment: 'segment (Segment/@ItinSegNbr)',
  'segment-range': 'segment-range (Segment/@FirstItinSegNbr to @LastItinSegNbr)',
};

/**
 * Cancels item `n` of the booking in the form the test data declares or, when it declares none,
 * finds the form: each of OTA_CancelRQ's (2016B) in turn until one is served and a read shows the
 * booking still live (a form the gateway does not know may be taken for a whole cancellation: then
 * a new item set is booked for the next form). The form found, and how, goes with CXL-PARTIAL's
 * evidence; none served leaves it cannot tell (a refused guess is never a failure), naming every
 * form tried and what each got.
 */
export async function cancelItemFindingForm(world: GatewayWorld, n: number): Promise<void> {
  const itemOf = () => {
    const item = world.booking.items[n - 1];
    if (!item) throw new StepUsageError(`the booking has ${world.booking.items.length} item(s), not ${n}`);
    return item;
  };
  if (forms(world).partialCancellation) {
    await cancel(world, { item: itemOf() });
    return;
  }
  const tried: string[] = [];
  const refused = new Set<PartialCancellationForm>();
  const wholes: Array<{ form: PartialCancellationForm; read: Exchange; shown: string }> = [];
  for (const [i, form] of PARTIAL_CANCELLATION_FORMS.entries()) {
    if (i > 0 && world.booking.cancelled) {
      await bookTwoItems(world);
      await read(world, world.booking.bookingRef);
    }
    const exchange = await cancel(world, { item: itemOf(), form });
    const why = notServed(exchange);
    if (why) {
      tried.push(`${FORM_NAMES[form]}: ${why}`);
      refused.add(form);
      continue;
    }
    const readX = await read(world, world.booking.bookingRef);
    const after = bookingRead(readX, world.booking, forms(world).cancelledStatusWords, world.run.replyProfile.facts);
    const whole =
      after.answer === 'served' && after.shown.kind === 'booking' && after.shown.state?.cancelled ? after.shown.state : undefined;
    // A reply that names the item it cancelled took the form: a whole cancellation then is the gateway's mistake, judged below.
    if (whole && !namesTheItem(exchange, itemOf().itemRef)) {
      const by = readsFormBy(form, refused);
      if (by) {
        // The gateway reads Segment (it refused another Segment form): this is its form, and it cancelled everything.
        await world.record([wholeCancellation(n, FORM_NAMES[form], FORM_NAMES[by], `after ${tried.join('; ')}`, whole.shown)], readX);
        world.last = exchange;
        return;
      }
      tried.push(`${FORM_NAMES[form]}: served, but a read showed the whole booking cancelled (taken as no partial form)`);
      wholes.push({ form, read: readX, shown: whole.shown });
      world.bookingCancelled(world.booking.bookingRef);
      continue;
    }
    // The cancel is "the reply" again: the scenario's next steps speak of it.
    world.last = exchange;
    const how = `partial-cancellation form found by the run (the test data declares none): ${FORM_NAMES[form]}, the first of OTA_CancelRQ's forms served${tried.length ? ` after ${tried.join('; ')}` : ''}`;
    const note = served('CXL-PARTIAL').check(exchange, world.run.replyProfile.facts);
    await world.record([note.outcome === 'passed' ? { ...note, reasons: [how] } : note], exchange);
    return;
  }
  // A Segment form served whole before the other Segment form was refused: that one is the gateway's form.
  const blamed = wholes.map((h) => ({ ...h, by: readsFormBy(h.form, refused) })).find((h) => h.by);
  if (blamed) {
    const tries = `forms tried: ${tried.join('; ')}`;
    await world.record([wholeCancellation(n, FORM_NAMES[blamed.form], FORM_NAMES[blamed.by!], tries, blamed.shown)], blamed.read);
    world.precondition(
      false,
      `CXL-PARTIAL failed on ${FORM_NAMES[blamed.form]} (${WHOLE_BOOKING}); the booking made for the forms after it was not cancelled by any`,
    );
  }
  world.precondition(
    false,
    `the gateway served none of OpenTravel 2016B's partial-cancellation forms (booking.partialCancellation not declared; tried: ${tried.join('; ')})`,
  );
}
