// The one way the suite books: every activity booking with the ResStatus that books goes through
// bookActivity, so that what is recorded for the clean-up (the scenario's bookings and the run's
// ledger) is decided in one place. Quotes are ordinary requests ("a valid activity booking request").
import { refusalForm } from '../../contracts/envelope';
import type { Exchange } from '../../transport/exchange';
import { commitInDoubt } from '../../transport/gateway-answer';
import type { OperationName } from '../../specification/operations';
import type { BookingForms, Party } from '../../core/test-data';
import type { OtaRequest } from '../../xml/requests';
import { bookedItemOf, bookingRefOf, setParty, setReferences, setResStatus } from './request';
import type { BookedItem } from '../../contracts/booking-facts';

/** What booking needs of the scenario (the World). */
export interface Booker {
  prepare(name: OperationName): OtaRequest;
  send(): Promise<Exchange>;
  bookingCommitted(bookingRef: string, item: BookedItem): unknown;
  newReference(kind: 'B' | 'I'): string;
}

export interface BookingRequest {
  /** The forms the target declares: its ResStatus that books. */
  forms: BookingForms;
  /** An existing booking to add an item to, or to book again. Default: a new reference. */
  bookingRef?: string;
  /** The item's reference. Default: a new reference. */
  itemRef?: string;
  party?: Party;
}

/**
 * Books the activity the scenario found, with the ResStatus the target declares. The booking is
 * recorded as committed only when the gateway itself answered and did not refuse it. A Commit the
 * gateway did not answer (a time-out, a reset, an intermediary's 502/503/504/524/408, an HTML page,
 * a body that is not an OTA message) stays an intent in doubt in the ledger: the clean-up reads it
 * back, and cancels it if it landed (never written off on the strength of that reply).
 */
export async function bookActivity(world: Booker, bookingRequest: BookingRequest): Promise<Exchange> {
  const request = world.prepare('activitybook');
  setResStatus(request, bookingRequest.forms.commitResStatus);
  setReferences(request, {
    bookingRef: bookingRequest.bookingRef ?? world.newReference('B'),
    itemRef: bookingRequest.itemRef ?? world.newReference('I'),
  });
  if (bookingRequest.party) setParty(request, bookingRequest.party);
  const exchange = await world.send();
  if (!commitInDoubt(exchange) && !refusalForm(exchange))
    world.bookingCommitted(bookingRefOf(exchange.request), bookedItemOf(exchange.request));
  return exchange;
}
