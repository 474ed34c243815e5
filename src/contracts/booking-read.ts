// The one reading of a booking read, so that every rule means the same by one reply: `bookingRead`
// interprets a read once (refused, served, unreadable, no reply) with what it shows of the booking
// (booking-facts.ts `shownIn`), and `readRule` makes a rule judge that reading, never the reply by itself.
import { ReplyReader, type ReplyProfilePlaces } from './reader';
import { Check, noDocument, type Exchange, type Rule } from './rule';
import { requirement, type RequirementId } from '../specification/requirements';
import { refusedHow } from './envelope';
import { aboutStatus } from './booking-item-agreement';
import { shownIn, type BookingRead, type ExpectedBooking, type Shown } from './booking-facts';

/**
 * The one reading of a booking read (the same reply means the same to every rule): how it was answered and, when served,
 * what it shows of the booking `expected` names. Every rule about a read judges this.
 */
export function bookingRead(
  exchange: Exchange,
  expected: ExpectedBooking,
  words: readonly string[],
  profile: ReplyProfilePlaces = {},
): BookingRead {
  if (!exchange.reply.exchange) return { answer: 'no reply', why: noDocument(exchange) };
  const refused = refusedHow(exchange);
  const doc = exchange.reply.doc;
  if (refused) return { answer: 'refused', why: refused, ...(doc && { shown: shownIn(new ReplyReader(doc, profile), expected, words) }) };
  const httpExchange = exchange.reply.exchange;
  const mediaType = (httpExchange.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (httpExchange.status !== 200 || !doc || mediaType !== 'application/xml')
    return {
      answer: 'unreadable',
      why: `the read was neither served nor refused (HTTP ${httpExchange.status}, ${httpExchange.headers['content-type'] ?? 'no Content-Type'}${exchange.reply.unreadable ? `, ${exchange.reply.unreadable}` : ''})`,
    };
  return { answer: 'served', shown: shownIn(new ReplyReader(doc, profile), expected, words) };
}

/** The booking a served read shows by the client's reference, not shown cancelled (where its items' numbers are read); undefined otherwise. */
export function bookingShownBy(read: BookingRead): Extract<Shown, { kind: 'booking' }> | undefined {
  return read.answer === 'served' && read.shown.kind === 'booking' && read.shown.state?.cancelled !== true ? read.shown : undefined;
}

/**
 * The booking a read shows live by the client's reference, the contrast an absence needs: its
 * content (not a reference alone, booking-evidence.ts) with a live status that no placement
 * contradicts, its own or an item's. Undefined otherwise: an acknowledgement shows nothing that
 * a later absence could take away.
 */
export function shownLiveBy(read: BookingRead): Extract<Shown, { kind: 'booking' }> | undefined {
  const shown = bookingShownBy(read);
  if (!shown || shown.unproven || !shown.state || shown.state.disagreement) return undefined;
  return shown.items.some((i) => i.disagreements.some(aboutStatus)) ? undefined : shown;
}

/**
 * A read refused with one of these HTTP statuses says nothing of the booking: the gateway failed or
 * was busy (5xx, 429, 408), or refused the suite's credentials (401, 403). It is never evidence that
 * a booking is absent.
 */
export const saysNothingOfTheBooking = (status: number) => status >= 500 || [401, 403, 408, 429].includes(status);

/** A rule about a booking read: it judges the one reading of the read (`bookingRead`), never the reply by itself. */
export function readRule(
  req: RequirementId,
  expected: ExpectedBooking,
  words: readonly string[],
  body: (exchange: Exchange, check: Check, read: BookingRead, profile: ReplyProfilePlaces) => void,
): Rule {
  requirement(req); // an unknown ID fails when the module loads
  return {
    req,
    check(exchange, profile = {}) {
      const check = new Check(req);
      body(exchange, check, bookingRead(exchange, expected, words, profile), profile);
      return check.result();
    },
  };
}
