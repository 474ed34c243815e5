// "BookingInfo/ParticipantInfo (repeated, one per participant)": a quote for a party is served for
// every participant sent, not acknowledged for the first. Where the reply shows its party (one
// ParticipantInfo per participant, a quantity per category priced, a known group size), each such
// placement must show every participant sent; a reply that shows no party is no evidence either way.
import { fact, ReplyReader } from '../../contracts/reader';
import { Check, type Exchange, type Rule } from '../../contracts/rule';
import { checkServed, refusedHow } from '../../contracts/envelope';
import type { OtaRequest } from '../../xml/requests';
import { num } from '../../contracts/value-forms';
import type { RequirementId } from '../../specification/requirements';

const XSD = 'OTA_TourActivityBookRS.xsd (2016B)';
const DETAILS = '/*/ota:ReservationDetails';

export const PARTY_FACTS = {
  participant: fact(
    'activitybook.participant',
    'a participant of the booking or quote',
    [`${DETAILS}/ota:ParticipantInfo`],
    `${XSD}: ReservationDetails/ParticipantInfo (one per participant; Category/@Quantity where one stands for several)`,
    'BKG-PARTICIPANTS-REPEATED counts the party by the categories priced or the group size, else cannot tell.',
  ),
  categoryQuantity: fact(
    'activitybook.category.quantity',
    'the number of participants of a category priced',
    [
      `${DETAILS}/ota:Pricing/ota:ParticipantCategory/@Quantity`,
      `${DETAILS}/ota:Pricing/ota:ParticipantCategory/ota:QualifierInfo/@Quantity`,
    ],
    `${XSD}: ReservationDetails/Pricing/ParticipantCategory (a vendor's @Quantity, the spec's request form)`,
    'BKG-PARTICIPANTS-REPEATED counts the party by the ParticipantInfo or the group size, else cannot tell.',
    'number',
  ),
  total: fact(
    'activitybook.total',
    'the total price of the booking or quote',
    [`${DETAILS}/ota:Pricing/ota:Summary/@Amount`, `${DETAILS}/ota:PaymentInfo/@Amount`],
    `${XSD}: ReservationDetails/Pricing/Summary, PaymentInfo (TourActivityChargeType @Amount)`,
    'A quote that shows no party is compared by its total with a quote of its first participant alone; without a total, cannot tell.',
    'number',
  ),
  groupSize: fact(
    'activitybook.groupSize',
    'the number of participants a group price is for',
    [`${DETAILS}/ota:Pricing/ota:Group/@KnownGroupSize`],
    `${XSD}: ReservationDetails/Pricing/Group/@KnownGroupSize ("The actual quantity of participants in a group")`,
    'BKG-PARTICIPANTS-REPEATED counts the party by the ParticipantInfo or the categories priced, else cannot tell.',
    'number',
  ),
};

/** The participants a booking request sends: one ParticipantInfo each. */
export const participantsSent = (exchange: Exchange) => exchange.request.records('//ota:BookingInfo/ota:ParticipantInfo', {}).length;

/** Every count of the party the reply shows, by placement. */
export function partyCounts(reply: ReplyReader): Array<{ at: string; size: number }> {
  const out: Array<{ at: string; size: number }> = [];
  const infos = reply.nodes(PARTY_FACTS.participant);
  if (infos?.value.length) {
    const size = infos.value.reduce((n, node) => {
      const q = num(reply.doc.find('ota:Category/@Quantity', node)[0]?.content);
      return n + (q > 0 ? q : 1);
    }, 0);
    out.push({ at: infos.at, size });
  }
  for (const factDef of [PARTY_FACTS.categoryQuantity, PARTY_FACTS.groupSize]) {
    const found = reply.values(factDef);
    const sizes = found?.value.map(num) ?? [];
    if (found && sizes.length && sizes.every((n) => n >= 0)) out.push({ at: found.at, size: sizes.reduce((a, b) => a + b, 0) });
  }
  return out;
}

/**
 * The same quote for one participant more (a copy of the first) or, that refused, one fewer (the
 * last left out): the contrast a reply that shows no party needs.
 */
export interface Contrast {
  /** The participants the party's quote sent. */
  sent: number;
  other: Exchange;
  more: boolean;
}

/**
 * Whether the totals show each participant priced: the larger party's total above the smaller's.
 * Not above is no finding (a group price, a participant who goes free): cannot tell.
 */
function totalsCompared(check: Check, party: ReplyReader, contrast: Contrast, profile: Parameters<Rule['check']>[1]): void {
  const total = party.value(PARTY_FACTS.total);
  const doc = contrast.other.reply.doc;
  const other = doc && !refusedHow(contrast.other) ? new ReplyReader(doc, profile).value(PARTY_FACTS.total) : undefined;
  const [mine, theirs] = [num(total?.value), num(other?.value)];
  if (!isNaN(mine) && !isNaN(theirs) && (contrast.more ? theirs > mine : mine > theirs)) return;
  const how = contrast.more ? 'for one participant more' : 'without its last participant';
  check.cannotTell(
    `the reply shows no party, and its total (${total?.value ?? 'not shown'}) does not differ as it should from that of the same quote ${how} ` +
      `(${other?.value ?? (doc && refusedHow(contrast.other)) ?? 'not shown'}): whether each of the ${contrast.sent} participants sent was served is not shown`,
  );
}

/**
 * BKG-PARTICIPANTS-REPEATED: the quote is served, and shows every participant sent where it shows
 * its party; a reply that shows none (a total alone) passes only when its total differs as it should
 * from that of the same quote for one participant more or fewer (`contrast`), else cannot tell:
 * an acknowledgement is no evidence.
 */
export const partyServed = (req: RequirementId, contrast?: Contrast): Rule => ({
  req,
  check(exchange, profile = {}) {
    const check = new Check(req);
    if (!checkServed(exchange, check)) return check.result();
    const sent = contrast?.sent ?? participantsSent(exchange);
    const reply = new ReplyReader(exchange.reply.doc!, profile);
    const counts = partyCounts(reply);
    for (const count of counts.filter((x) => x.size < sent)) check.fail(count.at, `the ${sent} participant(s) sent`, `${count.size}`);
    if (counts.length) return check.result();
    if (contrast) totalsCompared(check, reply, contrast, profile);
    else
      check.cannotTell(
        `the reply shows no party: served, but whether for the ${sent} participant(s) sent is not shown (${noParty(reply)})` +
          (sent < 2 ? ': a party of one shows no repetition, so its acknowledgement is no evidence either' : ''),
      );
    return check.result();
  },
});

/** Where a party was looked for, for messages. */
const noParty = (reply: ReplyReader) =>
  `looked at: ${[PARTY_FACTS.participant, PARTY_FACTS.categoryQuantity, PARTY_FACTS.groupSize].flatMap((f) => reply.placesOf(f)).join(' | ')}`;

/** Whether a served quote shows its party nowhere (then the contrast of another party is asked). */
export const showsNoParty = (exchange: Exchange, profile = {}) =>
  !!exchange.reply.doc && !refusedHow(exchange) && partyCounts(new ReplyReader(exchange.reply.doc, profile)).length === 0;

const PARTICIPANTS = '//ota:BookingInfo/ota:ParticipantInfo';
const nth = (n: number) => `${PARTICIPANTS}[${n}]`;

/**
 * Sends the party of `sent` with one participant more (a copy of the first), then, when refused, one
 * fewer; a party of one has no fewer: the refusal of the larger party is its contrast (cannot tell).
 */
export async function contrastParty(request: OtaRequest, sent: number, send: () => Promise<Exchange>): Promise<Contrast> {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => nth(i + 1));
  request.replaceWithCopies(PARTICIPANTS, [...ids(sent), nth(1)]);
  const more = await send();
  if (!refusedHow(more) || sent < 2) return { sent, other: more, more: true };
  request.replaceWithCopies(PARTICIPANTS, ids(sent - 1));
  return { sent, other: await send(), more: false };
}
