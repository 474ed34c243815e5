// The booking life across calls: find an activity, quote it, book it, read it, cancel it. Every
// booking goes through bookActivity (src/operations/activitybook/book.ts), which records it for
// the After hook's clean-up. The forms the spec leaves open (the ResStatus that books, the
// CancelType that cancels, the words of a cancelled booking, the partial form) are the test data's.
import { Given, Then, When } from '@cucumber/cucumber';
import { noDocument } from '../src/contracts/rule';
import { refusalForm, served } from '../src/contracts/envelope';
import type { Exchange } from '../src/transport/exchange';
import type { OperationName } from '../src/specification/operations';
import type { RequirementId } from '../src/specification/requirements';
import { StepUsageError } from '../src/core/errors';
import { PARTIAL_CANCELLATION_FORMS, type PartialCancellationForm } from '../src/core/test-data';
import { setMessagePassword } from '../src/xml/requests';
import type { GatewayWorld } from '../src/cucumber/world';
import { bookActivity, bookedItemOf, bookingRefOf, commitRef, quoteNotStored } from '../src/operations/activitybook';
import {
  noLongerLive,
  onlyItemCancelled,
  readDetails,
  readReturns,
  shownLive,
  readReferenceOf,
  setBookingReference as setReadReference,
} from '../src/operations/bookread';
import {
  cancelOnlyItem,
  cancelReferenceOf,
  setBookingReference as setCancelReference,
  setCancelType,
  type ItemToCancel,
  cancellationConfirmed,
  termsQuoted,
  readsFormBy,
  wholeCancellation,
  WHOLE_BOOKING,
} from '../src/operations/bookcancel';
import { bookingRead, shownLiveBy, type BookedItem } from '../src/contracts/booking-facts';
import './parameters';

const forms = (w: GatewayWorld) => w.run.data.booking;

/** Why an exchange the scenario stands on (a booking, a cancel) was not served; undefined when it was. */
function notServed(x: Exchange): string | undefined {
  const refusal = refusalForm(x);
  if (!x.reply.exchange) return noDocument(x);
  if (refusal) return `refused: ${refusal}`;
  if (x.reply.exchange.status !== 200) return `HTTP ${x.reply.exchange.status}`;
  return x.reply.doc ? undefined : noDocument(x);
}

/**
 * A precondition: what the scenario stands on was served; otherwise its requirements cannot be
 * told, and the reason names what the suite guessed in the request (the booking's values).
 */
function servedOrCannotTell(w: GatewayWorld, x: Exchange, what: string): void {
  const why = notServed(x);
  const guessed = why && x.request.refusalExcused ? `; ${x.request.refusalExcused}` : '';
  w.precondition(!why, `${what} was not served: ${why}${guessed}`);
}

/** The last reply, which must be one of `op`: a Then step speaks of it. */
function replyOf(w: GatewayWorld, op: OperationName): Exchange {
  if (w.reply.op.name !== op) throw new StepUsageError(`this step speaks of a ${op} reply, but the last reply is ${w.reply.op.name}`);
  return w.reply;
}

async function read(w: GatewayWorld, bookingRef: string, password?: string): Promise<Exchange> {
  const r = setReadReference(w.prepare('bookread'), bookingRef);
  if (password) setMessagePassword(r, password);
  return w.send();
}

/** The scenario's reads of its booking, latest first, before exchange `end` (default: all). */
function readsOfBooking(w: GatewayWorld, end = w.history.length): Exchange[] {
  const ref = w.booking.bookingRef;
  return w.history
    .slice(0, end)
    .filter((x) => x.op.name === 'bookread' && readReferenceOf(x.request) === ref)
    .reverse();
}

/**
 * The read of the booking before its last cancel: what an absence after the cancel (a refusal, an
 * empty read, an item no longer listed) is contrasted with. Undefined when the scenario made none.
 */
function readBeforeCancel(w: GatewayWorld): Exchange | undefined {
  const ref = w.booking.bookingRef;
  let last = -1;
  w.history.forEach((x, i) => {
    if (x.op.name === 'bookcancel' && cancelReferenceOf(x.request) === ref) last = i;
  });
  return last < 0 ? undefined : readsOfBooking(w, last)[0];
}

/**
 * The item a partial cancellation names, with its number: the number a read of the booking showed
 * (bookread.item.number), or else its place in the order booked, which is named as a guess.
 */
function itemToCancel(w: GatewayWorld, item: BookedItem): { item: ItemToCancel; guess?: string } {
  const words = forms(w).cancelledStatusWords;
  for (const x of readsOfBooking(w)) {
    const shown = shownLiveBy(bookingRead(x, w.booking, words, w.run.replyProfile.facts))?.items.find((i) => i.ref === item.itemRef);
    const n = Number(shown?.number);
    if (Number.isInteger(n) && n >= 0) return { item: { itemRef: item.itemRef, number: n } };
  }
  const number = w.booking.items.indexOf(item) + 1;
  return {
    item: { itemRef: item.itemRef, number },
    guess: `the Segment names item ${item.itemRef} as number ${number}, its place in the order booked, a guess: no read of the booking showed its item number (bookread.item.number; name its place in OTA_REPLY_PROFILE)`,
  };
}

async function cancel(
  w: GatewayWorld,
  opts: { item?: BookedItem; password?: string; form?: PartialCancellationForm } = {},
): Promise<Exchange> {
  const booking = w.booking;
  const r = setCancelType(setCancelReference(w.prepare('bookcancel'), booking.bookingRef), forms(w).commitCancelType);
  if (opts.item) {
    const form = opts.form ?? forms(w).partialCancellation;
    if (!form) throw new StepUsageError('a partial cancellation needs its form: declared, or found (cancelItemFindingForm)');
    const { item, guess } = itemToCancel(w, opts.item);
    cancelOnlyItem(r, item, form);
    // The item reference is the client's own; only the number of a Segment form may be a guess.
    if (guess && form !== 'item-reference') r.refusalExcused = guess;
  }
  if (opts.password) setMessagePassword(r, opts.password);
  const x = await w.send();
  // What the gateway says it cancelled, the clean-up need not cancel again.
  const said = cancellationConfirmed(forms(w).cancelledStatusWords).check(x, w.run.replyProfile.facts);
  if (!opts.item && !opts.password && said.outcome === 'passed') w.bookingCancelled(booking.bookingRef);
  return x;
}

const wrongPassword = (w: GatewayWorld) => `wrong-${w.run.config.runId}`;

/** Books the scenario's item set for a partial cancellation: two items under one booking reference. */
async function bookTwoItems(w: GatewayWorld): Promise<void> {
  // Items are told apart by their Type 37: a second commit under the same Type 36 with a new Type
  // 37 adds an item to the booking (the second item booked).
  await w.discoverActivity();
  const first = await bookActivity(w, { forms: forms(w) });
  servedOrCannotTell(w, first, 'the activity booking');
  const ref = bookingRefOf(first.request);
  // a booking made to try another form becomes the one the scenario speaks of (every one is cleaned up)
  const at = w.bookings.findIndex((b) => b.bookingRef === ref);
  if (at > 0) w.bookings.unshift(...w.bookings.splice(at, 1));
  servedOrCannotTell(w, await bookActivity(w, { forms: forms(w), bookingRef: ref }), 'the booking of a second item');
}

/**
 * Whether a cancel's reply names, as a cancelled segment (OTA_CancelRS/Segment), the item the
 * request named: by the Segment number sent or its Type 37 reference. A UniqueID merely echoed at
 * the root does not count: a gateway may echo what it ignored.
 */
function namesTheItem(x: Exchange, itemRef: string): boolean {
  const doc = x.reply.doc;
  if (!doc) return false;
  const n = x.request.value('ota:Segment/@ItinSegNbr') ?? x.request.value('ota:Segment/@FirstItinSegNbr');
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
async function cancelItemFindingForm(w: GatewayWorld, n: number): Promise<void> {
  const itemOf = () => {
    const item = w.booking.items[n - 1];
    if (!item) throw new StepUsageError(`the booking has ${w.booking.items.length} item(s), not ${n}`);
    return item;
  };
  if (forms(w).partialCancellation) {
    await cancel(w, { item: itemOf() });
    return;
  }
  const tried: string[] = [];
  const refused = new Set<PartialCancellationForm>();
  const wholes: Array<{ form: PartialCancellationForm; read: Exchange; shown: string }> = [];
  for (const [i, form] of PARTIAL_CANCELLATION_FORMS.entries()) {
    if (i > 0 && w.booking.cancelled) {
      await bookTwoItems(w);
      await read(w, w.booking.bookingRef);
    }
    const x = await cancel(w, { item: itemOf(), form });
    const why = notServed(x);
    if (why) {
      tried.push(`${FORM_NAMES[form]}: ${why}`);
      refused.add(form);
      continue;
    }
    const readX = await read(w, w.booking.bookingRef);
    const after = bookingRead(readX, w.booking, forms(w).cancelledStatusWords, w.run.replyProfile.facts);
    const whole =
      after.answer === 'served' && after.shown.kind === 'booking' && after.shown.state?.cancelled ? after.shown.state : undefined;
    // A reply that names the item it cancelled took the form: a whole cancellation then is the gateway's mistake, judged below.
    if (whole && !namesTheItem(x, itemOf().itemRef)) {
      const by = readsFormBy(form, refused);
      if (by) {
        // The gateway reads Segment (it refused another Segment form): this is its form, and it cancelled everything.
        await w.record([wholeCancellation(n, FORM_NAMES[form], FORM_NAMES[by], `after ${tried.join('; ')}`, whole.shown)], readX);
        w.last = x;
        return;
      }
      tried.push(`${FORM_NAMES[form]}: served, but a read showed the whole booking cancelled (taken as no partial form)`);
      wholes.push({ form, read: readX, shown: whole.shown });
      w.bookingCancelled(w.booking.bookingRef);
      continue;
    }
    // The cancel is "the reply" again: the scenario's next steps speak of it.
    w.last = x;
    const how = `partial-cancellation form found by the run (the test data declares none): ${FORM_NAMES[form]}, the first of OTA_CancelRQ's forms served${tried.length ? ` after ${tried.join('; ')}` : ''}`;
    const note = served('CXL-PARTIAL').check(x, w.run.replyProfile.facts);
    await w.record([note.outcome === 'passed' ? { ...note, reasons: [how] } : note], x);
    return;
  }
  // A Segment form served whole before the other Segment form was refused: that one is the gateway's form.
  const blamed = wholes.map((h) => ({ ...h, by: readsFormBy(h.form, refused) })).find((h) => h.by);
  if (blamed) {
    const tries = `forms tried: ${tried.join('; ')}`;
    await w.record([wholeCancellation(n, FORM_NAMES[blamed.form], FORM_NAMES[blamed.by!], tries, blamed.shown)], blamed.read);
    w.precondition(
      false,
      `CXL-PARTIAL failed on ${FORM_NAMES[blamed.form]} (${WHOLE_BOOKING}); the booking made for the forms after it was not cancelled by any`,
    );
  }
  w.precondition(
    false,
    `the gateway served none of OpenTravel 2016B's partial-cancellation forms (booking.partialCancellation not declared; tried: ${tried.join('; ')})`,
  );
}

// ---- Given: what the scenario starts from
Given('an activity found by activity availability', async function (this: GatewayWorld) {
  await this.discoverActivity();
});

// A second activity, so that descriptive data cannot pass by describing always the same one. The
// search that finds it names no product, a form the spec does not state: without it, the
// scenario is skipped (never passed), and ANBC-SUBJECT rests on its other scenario.
Given('another activity, found by activity search', async function (this: GatewayWorld) {
  const another = await this.findAnotherActivity();
  if (!another.found) return this.skip(another.why);
});

Given('a booking of an available activity', async function (this: GatewayWorld) {
  await this.discoverActivity();
  servedOrCannotTell(this, await bookActivity(this, { forms: forms(this) }), 'the activity booking');
});

Given('a booking of two activity items', async function (this: GatewayWorld) {
  // The partial-cancellation form, when the test data declares none, is found when an item is cancelled.
  await bookTwoItems(this);
});

Given('a cancelled booking', async function (this: GatewayWorld) {
  await this.discoverActivity();
  servedOrCannotTell(this, await bookActivity(this, { forms: forms(this) }), 'the activity booking');
  servedOrCannotTell(this, await cancel(this), 'the cancellation');
});

Given('a valid {operation} request for the booking', function (this: GatewayWorld, op: OperationName) {
  if (op !== 'bookread' && op !== 'bookcancel')
    throw new StepUsageError(`"a valid ... request for the booking" applies to booking read and cancel, not ${op}`);
  (op === 'bookread' ? setReadReference : setCancelReference)(this.prepare(op), this.booking.bookingRef);
});

// "Unless the target declares Quote as ...": those requirements cannot be told for such a target.
Given('Quote is not the ResStatus that books', function (this: GatewayWorld) {
  this.precondition(
    forms(this).commitResStatus !== 'Quote',
    'the test data declares Quote as the ResStatus that books (booking.commitResStatus)',
  );
});

Given('Quote is not the CancelType that cancels', function (this: GatewayWorld) {
  this.precondition(
    forms(this).commitCancelType !== 'Quote',
    'the test data declares Quote as the CancelType that cancels (booking.commitCancelType)',
  );
});

// ---- When: what the client does
When('the activity is booked', async function (this: GatewayWorld) {
  await this.discoverActivity();
  await bookActivity(this, { forms: forms(this) });
});

When('the same booking is committed again', async function (this: GatewayWorld) {
  const { bookingRef, items } = this.booking;
  await bookActivity(this, { forms: forms(this), bookingRef, itemRef: items[0].itemRef });
});

When('the booking is read', async function (this: GatewayWorld) {
  await read(this, this.booking.bookingRef);
});

When('the booking is read with a wrong MessagePassword', async function (this: GatewayWorld) {
  await read(this, this.booking.bookingRef, wrongPassword(this));
});

When('the booking cancellation is quoted', async function (this: GatewayWorld) {
  // The sample's CancelType is the spec's Quote.
  setCancelReference(this.prepare('bookcancel'), this.booking.bookingRef);
  await this.send();
});

When('the booking is cancelled', async function (this: GatewayWorld) {
  await cancel(this);
});

When('the booking is cancelled with a wrong MessagePassword', async function (this: GatewayWorld) {
  await cancel(this, { password: wrongPassword(this) });
});

When('item {int} of the booking is cancelled', async function (this: GatewayWorld, n: number) {
  await cancelItemFindingForm(this, n);
});

// ---- Then: what the gateway shows
Then('the quoted booking is unknown to the gateway', async function (this: GatewayWorld) {
  const quote = [...this.history].reverse().find((x) => x.op.name === 'activitybook');
  if (!quote) throw new StepUsageError('no activity booking was sent in this scenario');
  servedOrCannotTell(this, quote, 'the quote');
  const ref = bookingRefOf(quote.request);
  await this.check([quoteNotStored({ bookingRef: ref, items: [bookedItemOf(quote.request)] })], await read(this, ref));
});

// BKG-COMMIT-REF needs evidence: the reply shows the client's reference, or else a read by it
// shows the booking (the read is made only when the reply alone does not decide).
Then("the client's booking reference is confirmed", async function (this: GatewayWorld) {
  const commit = replyOf(this, 'activitybook');
  const alone = commitRef().check(commit, this.run.replyProfile.facts);
  const readBack = alone.outcome === 'cantTell' && !notServed(commit) ? await read(this, bookingRefOf(commit.request)) : undefined;
  await this.check([commitRef(readBack)], commit);
});

Then('the booking read is the one booked', async function (this: GatewayWorld) {
  await this.check([readReturns(this.booking, forms(this).cancelledStatusWords)], replyOf(this, 'bookread'));
});

Then('the booking read shows what was booked', async function (this: GatewayWorld) {
  await this.check([readDetails(this.booking, forms(this).cancelledStatusWords)], replyOf(this, 'bookread'));
});

Then('the booking is shown live, as {requirement} requires', async function (this: GatewayWorld, req: RequirementId) {
  await this.check([shownLive(req, this.booking, forms(this).cancelledStatusWords)], replyOf(this, 'bookread'));
});

Then('the booking is no longer live, as {requirement} requires', async function (this: GatewayWorld, req: RequirementId) {
  const before = readBeforeCancel(this);
  await this.check([noLongerLive(req, this.booking, forms(this).cancelledStatusWords, before)], replyOf(this, 'bookread'));
});

Then(
  'item {int} is shown cancelled and the others live, as {requirement} requires',
  async function (this: GatewayWorld, n: number, req: RequirementId) {
    const item = this.booking.items[n - 1];
    if (!item) throw new StepUsageError(`the booking has ${this.booking.items.length} item(s), not ${n}`);
    const before = readBeforeCancel(this);
    await this.check(
      [onlyItemCancelled(req, this.booking, item.itemRef, forms(this).cancelledStatusWords, before)],
      replyOf(this, 'bookread'),
    );
  },
);

Then('the cancellation terms are given', async function (this: GatewayWorld) {
  await this.check([termsQuoted(forms(this).cancelledStatusWords)], replyOf(this, 'bookcancel'));
});

Then('the cancellation is confirmed', async function (this: GatewayWorld) {
  await this.check([cancellationConfirmed(forms(this).cancelledStatusWords)], replyOf(this, 'bookcancel'));
});
