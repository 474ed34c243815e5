// The booking life across calls: find an activity, quote it, book it, read it, cancel it. Every
// booking goes through bookActivity (src/operations/activitybook/book.ts), which records it for
// the After hook's clean-up. The forms the spec leaves open (the ResStatus that books, the
// CancelType that cancels, the words of a cancelled booking, the partial form) are the test data's.
import { Given, Then, When } from '@cucumber/cucumber';
import type { OperationName } from '../src/specification/operations';
import type { RequirementId } from '../src/specification/requirements';
import { StepUsageError } from '../src/core/errors';
import type { GatewayWorld } from '../src/cucumber/world';
import { bookActivity, bookedItemOf, bookingRefOf, commitRef, quoteNotStored } from '../src/operations/activitybook';
import {
  noLongerLive,
  onlyItemCancelled,
  readDetails,
  readReturns,
  shownLive,
  setBookingReference as setReadReference,
} from '../src/operations/bookread';
import { setBookingReference as setCancelReference, cancellationConfirmed, termsQuoted } from '../src/operations/bookcancel';
import './parameters';
import {
  forms,
  notServed,
  servedOrCannotTell,
  replyOf,
  read,
  readBeforeCancel,
  cancel,
  wrongPassword,
  bookTwoItems,
  cancelItemFindingForm,
} from './booking-calls';

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
