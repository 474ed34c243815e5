// Activity booking (POST /activitybook): everything the suite checks of its replies. "Books an
// available activity." The reply structure is "not shown": each fact is read from the places
// OpenTravel 2016B (OTA_TourActivityBookRS) gives it, and from common practice.
import { fact, notShown, ReplyReader } from '../../contracts/reader';
import { Check, list, rule, type Exchange, type Rule } from '../../contracts/rule';
import { checkServed, refusalForm } from '../../contracts/envelope';
import type { Contract } from '../contract';
import { bookedItemOf, bookingRefOf } from './request';
import { num } from '../../contracts/value-forms';
import { PARTY_FACTS } from './participants';
import { isClients, referencesOf, type ExpectedBooking } from '../../contracts/booking-facts';
import { bookingRead, readRule, saysNothingOfTheBooking } from '../../contracts/booking-read';

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
    "The booking is read back by the client's reference: BKG-COMMIT-REF passes only when that read shows it.",
    undefined,
    'booking-references',
  ),
};

/**
 * BKG-QUOTE-NO-STORE, judged on a booking read of the quoted reference (`quoted`: its reference and
 * item): the read is refused, or served without that booking. Absence is what this SHOULD asks
 * for; content the suite cannot read, or a booking it cannot tell apart from the quote, is cannot tell.
 */
export const quoteNotStored = (quoted: ExpectedBooking) =>
  readRule('BKG-QUOTE-NO-STORE', quoted, [], (exchange, check, read) => {
    if (read.answer === 'refused') {
      const status = exchange.reply.exchange?.status ?? 0;
      if (saysNothingOfTheBooking(status)) {
        check.cannotTell(`the read of the quoted reference got HTTP ${status} (${read.why}): no evidence that no booking was stored`);
        return;
      }
      // a refusal in form whose document shows the quoted booking's content means what it shows
      if (read.shown?.kind === 'booking' && !read.shown.unproven)
        check.fail(read.shown.booking.at, `no booking ${quoted.bookingRef} after a Quote`, `the booking, in a refusal (${read.why})`);
      return;
    }
    if (read.answer !== 'served') check.cannotTell(`the read of the quoted reference: ${read.why}`);
    else if (read.shown.kind === 'booking')
      check.fail(read.shown.booking.at, `no booking ${quoted.bookingRef} after a Quote`, 'the booking: the quote was stored');
    else if (read.shown.kind === 'unidentified' || read.shown.kind === 'unknown layout') check.cannotTell(read.shown.why);
  });

/**
 * BKG-COMMIT-REF: the booking is made under the client's reference. Evidence: the reply shows the
 * client's reference among its Type 36 references, or (the reply shows none of the client's) a
 * read by the client's reference, `readBack`, shows the booking. A Type 36 in the client's context
 * that is not the client's is a finding. A reply that shows nothing of the kind (an empty Success,
 * the gateway's own reference alone, an unknown layout) with no read back is cannot tell, never a pass.
 */
export const commitRef = (readBack?: Exchange): Rule => ({
  req: 'BKG-COMMIT-REF',
  check(exchange, profile = {}) {
    const check = new Check('BKG-COMMIT-REF');
    if (!checkServed(exchange, check)) return check.result();
    const reply = new ReplyReader(exchange.reply.doc!, profile);
    // Gateways show their own reference beside the client's, or instead of it (with no
    // ID_Context, or one of their own): only a reference in the client's context that is not the
    // client's says the booking was made under another reference.
    const ref = bookingRefOf(exchange.request);
    const shown = referencesOf(reply, FACTS.reference);
    const clients = shown.filter(isClients);
    if (shown.some((s) => s.id === ref)) return check.result();
    if (clients.length)
      return check
        .fail(
          reply.placesOf(FACTS.reference).join(' | '),
          `the client's reference ${ref} (ID_Context Client)`,
          list(clients.map((s) => s.id)),
        )
        .result();
    const alone = `the reply shows no Type 36 reference of the client's (${shown.length ? `only ${list(shown.map((s) => s.id))}` : 'none'}; looked at: ${reply.placesOf(FACTS.reference).join(' | ')})`;
    if (!readBack) return check.cannotTell(`${alone}, and the booking was not read back by ${ref}`).result();
    const read = bookingRead(readBack, { bookingRef: ref, items: [bookedItemOf(exchange.request)] }, [], profile);
    if (read.answer !== 'served') return check.cannotTell(`${alone}, and the read back by ${ref}: ${read.why}`).result();
    if (read.shown.kind !== 'booking') check.cannotTell(`${alone}, and the read back by ${ref}: ${read.shown.why}`);
    return check.result();
  },
});

export const contract: Contract = {
  op: 'activitybook',
  facts: [...Object.values(FACTS), ...Object.values(PARTY_FACTS)],
  rules: [
    rule('BKG-QUOTE-PRICED', 'the quote is priced', (exchange, check, reply) => {
      if (refusalForm(exchange) || exchange.reply.exchange?.status !== 200) {
        check.cannotTell('the quote was not served');
        return;
      }
      const price = reply.values(FACTS.price);
      if (!price) check.cannotTell(notShown(reply, FACTS.price));
      else if (!price.value.some((a) => num(a) > 0)) check.fail(price.at, 'a price above zero', list(price.value));
    }),
    // Its scenario reads the booking back when the reply alone does not decide (steps/booking.steps.ts).
    commitRef(),
  ],
};
