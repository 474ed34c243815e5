// Activity booking (POST /activitybook): everything the suite checks of its replies. "Books an
// available activity." The reply structure is "not shown": each fact is read from the places
// OpenTravel 2016B (OTA_TourActivityBookRS) gives it, and from common practice.
import { fact, notShown } from '../../contracts/reader';
import { list, rule, replyRule } from '../../contracts/rule';
import { checkServed, refusalForm } from '../../contracts/envelope';
import type { Contract } from '../contract';
import { bookingRefOf } from './request';
import { num } from '../../contracts/value-forms';
import { findBooking, isClients, referencesOf } from '../../contracts/booking-facts';

const XSD = 'OTA_TourActivityBookRS.xsd (2016B)';
const DETAILS = '/*/ota:ReservationDetails';

export const FACTS = {
  price: fact(
    'activitybook.price',
    'the price of the booking',
    [
      `${DETAILS}/ota:Pricing/ota:Summary/@Amount`,
      `${DETAILS}/ota:PaymentInfo/@Amount`,
      `${DETAILS}/ota:Pricing/ota:ParticipantCategory/ota:Price/@Amount`,
      `${DETAILS}//@Amount`,
      `${DETAILS}//@AmountAfterTax`,
    ],
    `${XSD}: ReservationDetails/Pricing/Summary and PaymentInfo (TourActivityChargeType @Amount); Pricing/ParticipantCategory/Price`,
    'BKG-QUOTE-PRICED cannot tell.',
  ),
  reference: fact(
    'activitybook.reference',
    'the booking references (Type 36) of the reply',
    [
      `${DETAILS}/ota:Confirmation[@Type='36']`,
      `${DETAILS}/ota:TPA_Extensions/ota:UniqueID[@Type='36']`,
      "/*/ota:TPA_Extensions/ota:UniqueID[@Type='36']",
      "/*/ota:UniqueID[@Type='36']",
    ],
    `${XSD}: ReservationDetails/Confirmation (UniqueID_Type, max 2: the client's and the gateway's own); ` +
      'TPA_Extensions. Every place is read.',
    "BKG-COMMIT-REF fails only when the reply shows a Type 36 reference in the client's context (ID_Context Client) and the client's reference is not among the references shown; the gateway's own reference alone (another context, or none) is no finding.",
  ),
};

/**
 * BKG-QUOTE-NO-STORE, judged on a booking read of the quoted reference: the read is refused, or
 * served without that booking.
 */
export const quoteNotStored = (bookingRef: string) =>
  replyRule('BKG-QUOTE-NO-STORE', (x, c, r) => {
    if (refusalForm(x)) return;
    if (x.reply.exchange!.status !== 200 || !r) {
      c.cannotTell(`the read of the quoted reference was neither served nor refused (HTTP ${x.reply.exchange!.status})`);
      return;
    }
    const b = findBooking(r, bookingRef);
    if (!('why' in b) && b.identified) c.fail(b.at, `no booking ${bookingRef} after a Quote`, 'the booking: the quote was stored');
  });

export const contract: Contract = {
  op: 'activitybook',
  facts: Object.values(FACTS),
  rules: [
    rule('BKG-QUOTE-PRICED', 'the quote is priced', (x, c, r) => {
      if (refusalForm(x) || x.reply.exchange?.status !== 200) {
        c.cannotTell('the quote was not served');
        return;
      }
      const price = r.values(FACTS.price);
      if (!price) c.cannotTell(notShown(r, FACTS.price));
      else if (!price.value.some((a) => num(a) > 0)) c.fail(price.at, 'a price above zero', list(price.value));
    }),
    rule('BKG-COMMIT-REF', "the client's booking reference is confirmed", (x, c, r) => {
      if (!checkServed(x, c)) return;
      // Gateways show their own reference beside the client's, or instead of it (with no
      // ID_Context, or one of their own): only a reference in the client's context that is not the
      // client's says the booking was made under another reference. The read judges persistence.
      const ref = bookingRefOf(x.request);
      const shown = referencesOf(r, FACTS.reference);
      const clients = shown.filter(isClients);
      if (clients.length && !shown.some((s) => s.id === ref))
        c.fail(FACTS.reference.places.join(' | '), `the client's reference ${ref} (ID_Context Client)`, list(clients.map((s) => s.id)));
    }),
  ],
};
