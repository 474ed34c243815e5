// The booking lifecycle across calls: find an activity, quote it, commit it, read it, cancel it.
// Every Commit that succeeds is recorded (scenario and ledger) before anything is asserted, so
// the After hook cancels it even when a later step fails.
import { Given, Then, When } from '@cucumber/cucumber';
import {
  bookedItem, bookingState, cancelStatus, commitConfirmed, itemState, quotePriced, readReturns, type BookingState,
} from '../src/contracts/booking';
import { finding } from '../src/contracts/rule';
import { refusalFindings } from '../src/contracts/envelope';
import type { GatewayWorld } from '../src/cucumber/world';

Given('an activity found by activity availability', async function (this: GatewayWorld) {
  await this.discoverActivity();
});

async function book(w: GatewayWorld, resStatus: 'Quote' | 'Commit', refs: { bookingRef?: string; itemRef?: string } = {}) {
  const overrides: Record<string, string> = { resStatus };
  if (refs.bookingRef) overrides.bookingRef = refs.bookingRef;
  if (refs.itemRef) overrides.itemRef = refs.itemRef;
  w.prepare('activitybook', overrides);
  const x = await w.send();
  const bookingRef = x.request.value("ota:TPA_Extensions/ota:UniqueID[@Type='36']/@ID")!;
  w.lastBookingRef = bookingRef;
  const accepted = x.reply.doc?.exists('/*/ota:Success') && !x.reply.doc.exists('/*/ota:Errors');
  if (accepted && resStatus === 'Commit') w.bookingCommitted(bookingRef, bookedItem(x));
  return x;
}

When('the activity is quoted', async function (this: GatewayWorld) {
  await book(this, 'Quote');
});

When('the activity is booked', async function (this: GatewayWorld) {
  await book(this, 'Commit');
});

When('another activity item is added to the booking', async function (this: GatewayWorld) {
  await book(this, 'Commit', { bookingRef: this.booking.bookingRef, itemRef: this.newReference('I') });
});

When('the same booking is committed again', async function (this: GatewayWorld) {
  const first = this.booking;
  await book(this, 'Commit', { bookingRef: first.bookingRef, itemRef: first.items[0].itemRef });
});

When('the booking is read', async function (this: GatewayWorld) {
  this.prepare('bookread', { bookingRef: this.lastBookingRef ?? this.booking.bookingRef });
  await this.send();
});

When('the booking cancellation is quoted', async function (this: GatewayWorld) {
  this.prepare('bookcancel', { bookingRef: this.booking.bookingRef, cancelType: 'Quote' });
  await this.send();
});

When('the booking is cancelled', async function (this: GatewayWorld) {
  this.prepare('bookcancel', { bookingRef: this.booking.bookingRef, cancelType: 'Commit' });
  const x = await this.send();
  if (x.reply.doc?.value('/*/@Status') === 'Cancelled') this.bookingCancelled(this.booking.bookingRef);
});

When('item {int} of the booking is cancelled', async function (this: GatewayWorld, n: number) {
  const m = this.booking;
  const item = m.items[n - 1];
  if (!item) throw new Error(`the booking has ${m.items.length} item(s), not ${n}`);
  this.prepare('bookcancel', { bookingRef: m.bookingRef, cancelType: 'Commit' });
  this.currentRequest.appendElement('/*', 'UniqueID', { Type: '37', ID: item.itemRef, ID_Context: 'Client' });
  await this.send();
});

Then('the quote is priced', async function (this: GatewayWorld) {
  await this.verdict(quotePriced(this.reply));
});

Then("the client's booking reference is confirmed", async function (this: GatewayWorld) {
  await this.verdict(commitConfirmed(this.reply));
});

Then('the booking read is the one booked', async function (this: GatewayWorld) {
  await this.verdict(readReturns(this.reply, this.booking));
});

Then('the booking is shown {word}, as {word} requires', async function (this: GatewayWorld, state: BookingState, req: string) {
  await this.verdict(bookingState(this.reply, state, req));
});

Then('item {int} is shown {word} and the others live, as {word} requires', async function (this: GatewayWorld, n: number, state: BookingState, req: string) {
  const m = this.booking;
  await this.verdict(
    m.items.flatMap((item, i) => itemState(this.reply, item.itemRef, i === n - 1 ? state : 'live', req)),
  );
});

Then('the cancellation is {word}, as {word} requires', async function (this: GatewayWorld, status: 'Pending' | 'Cancelled', req: string) {
  await this.verdict(cancelStatus(this.reply, status, req));
});

Then('the quoted reference is unknown to the gateway', async function (this: GatewayWorld) {
  // ResStatus=Quote must store nothing: a read of the quoted reference is refused.
  const ref = this.lastBookingRef;
  if (!ref) throw new Error('no activity booking request has been sent in this scenario');
  this.prepare('bookread', { bookingRef: ref });
  const x = await this.send();
  const stored = x.reply.doc?.exists('/*/ota:Success');
  await this.verdict(
    stored
      ? [finding('BKG-QUOTE-NO-STORE', '/*/ota:Success', `no booking ${ref} after a Quote`, 'a Success reply: the quote was stored')]
      : refusalFindings(x, 'BKG-QUOTE-NO-STORE'),
  );
});
