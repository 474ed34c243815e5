// Booking cancel (POST /bookcancel): everything the suite checks of its replies. "Cancels or
// partially cancels an existing booking." The reply structure is "not shown": each fact is read
// from the places OpenTravel 2016B (OTA_CancelRS) gives it, and from common practice. Whether a
// status means "cancelled" is decided by the target's own words (test data, cancelledStatusWords).
import { fact, notShown, type ReplyReader } from '../../contracts/reader';
import { list, rule, type Check } from '../../contracts/rule';
import { refusalForm } from '../../contracts/envelope';
import type { Exchange } from '../../transport/exchange';
import type { Contract } from '../contract';
import { isCancelledWord } from '../../contracts/booking-facts';

const XSD = 'OTA_CancelRS.xsd (2016B)';

export const FACTS = {
  status: fact(
    'bookcancel.status',
    'the status of the cancellation',
    [
      '/*/@Status',
      '/*/ota:CancelInfoRS/ota:TPA_Extensions/ota:ReservationStatus/@Status',
      '/*/ota:TPA_Extensions/ota:ReservationStatus/@Status',
    ],
    `${XSD}: OTA_CancelRS/@Status (TransactionStatusType: Pending, Cancelled...); TPA_Extensions`,
    'The cancel status checks cannot tell.',
    'code',
  ),
  confirmation: fact(
    'bookcancel.confirmation',
    'the cancellation number a done cancellation is given (UniqueID Type 15, "Cancellation")',
    ["/*/ota:Reservation/ota:CancelConfirmation/ota:UniqueID[@Type='15']/@ID", "/*/ota:UniqueID[@Type='15']/@ID"],
    'OTA_TourActivityCancelRS.xsd (2011B and later): Reservation/CancelConfirmation/UniqueID; OTA_CancelRS: UniqueID (UniqueID_Type, Type 15 of OpenTravel list UIT)',
    'Without a status word, a cancellation number says the booking is cancelled (CXL-COMMIT-STATUS passes); neither shown: cannot tell.',
  ),
  terms: fact(
    'bookcancel.terms',
    'the cancellation terms',
    [
      '/*/ota:CancelInfoRS/ota:CancelRules/ota:CancelRule',
      '/*/ota:CancelInfoRS/ota:CancelRules',
      '/*//ota:CancelPenalties/ota:CancelPenalty',
      '/*//ota:CancelRule',
    ],
    `${XSD}: CancelInfoRS/CancelRules/CancelRule (@Amount, @Percent, @CancelByDate); CancelPenalties/CancelPenalty (hotel practice)`,
    'CXL-QUOTE-TERMS cannot tell.',
  ),
};

/** Every status the reply shows, at every one of its places (OTA_CancelRS/@Status and TPA_Extensions may both show one). */
function statusesOf(reply: ReplyReader): Array<{ at: string; value: string }> {
  return reply.placesOf(FACTS.status).flatMap((at) =>
    reply.doc
      .find(at)
      .map((n) => ({ at, value: n.content.trim() }))
      .filter((s) => s.value !== ''),
  );
}

/** Two placements of the status, one cancelled and one not (in the target's words): a finding, never a pass. */
function statusContradicted(reply: ReplyReader, check: Check, words: readonly string[]): boolean {
  const all = statusesOf(reply);
  const cancelled = all.find((s) => isCancelledWord(s.value, words));
  const live = all.find((s) => !isCancelledWord(s.value, words));
  if (!cancelled || !live) return false;
  check.fail(
    `${cancelled.at} | ${live.at}`,
    `one ${FACTS.status.what} (${FACTS.status.id}) at every placement`,
    `${cancelled.value} at ${cancelled.at}; ${live.value} at ${live.at}`,
  );
  return true;
}

const served = (exchange: Exchange) => !refusalForm(exchange) && exchange.reply.exchange?.status === 200;

/** CXL-QUOTE-TERMS: a quoted cancellation gives its terms and does not say the booking is cancelled. */
export const termsQuoted = (words: readonly string[]) =>
  rule('CXL-QUOTE-TERMS', undefined, (exchange, check, reply) => {
    if (!served(exchange)) {
      check.cannotTell('the cancellation quote was not served');
      return;
    }
    // an empty CancelRule shows no terms (see ReplyReader.items)
    if (reply.items(FACTS.terms).length === 0) check.cannotTell(notShown(reply, FACTS.terms));
    if (statusContradicted(reply, check, words)) return;
    const status = reply.value(FACTS.status);
    if (status && isCancelledWord(status.value, words))
      check.fail(status.at, 'a status that is not cancelled (OpenTravel: Pending)', status.value);
  });

/** CXL-COMMIT-STATUS: the reply to a cancelling request says the booking is cancelled, in the target's words. */
export const cancellationConfirmed = (words: readonly string[]) =>
  rule('CXL-COMMIT-STATUS', undefined, (exchange, check, reply) => {
    if (!served(exchange)) {
      check.cannotTell('the cancellation was not served');
      return;
    }
    if (statusContradicted(reply, check, words)) return;
    const status = reply.value(FACTS.status);
    // No status word, but a cancellation number: the form OTA_TourActivityCancelRS gives a done cancellation.
    if (!status && reply.value(FACTS.confirmation)) return;
    if (!status) check.cannotTell(notShown(reply, FACTS.status));
    else if (!isCancelledWord(status.value, words)) check.fail(status.at, `cancelled (${list([...words])})`, status.value);
  });

export const contract: Contract = {
  op: 'bookcancel',
  facts: Object.values(FACTS),
  // Whether a status says "cancelled" depends on the target's declared words: steps pass them.
  rules: [],
};
