// "BookingInfo/ParticipantInfo (repeated, one per participant)": a quote for a party is served for
// every participant sent, not acknowledged for the first. Where the reply shows its party (one
// ParticipantInfo per participant, a quantity per category priced, a known group size), each such
// placement must show every participant sent; a reply that shows no party is no evidence either way.
import { fact, ReplyReader } from '../../contracts/reader';
import { Check, type Exchange, type Rule } from '../../contracts/rule';
import { checkServed } from '../../contracts/envelope';
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
    [`${DETAILS}/ota:Pricing/ota:ParticipantCategory/@Quantity`, `${DETAILS}/ota:Pricing/ota:ParticipantCategory/ota:QualifierInfo/@Quantity`],
    `${XSD}: ReservationDetails/Pricing/ParticipantCategory (a vendor's @Quantity, the spec's request form)`,
    'BKG-PARTICIPANTS-REPEATED counts the party by the ParticipantInfo or the group size, else cannot tell.',
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
    const size = infos.value.reduce((n, i) => {
      const q = num(reply.doc.find('ota:Category/@Quantity', i)[0]?.content);
      return n + (q > 0 ? q : 1);
    }, 0);
    out.push({ at: infos.at, size });
  }
  for (const f of [PARTY_FACTS.categoryQuantity, PARTY_FACTS.groupSize]) {
    const v = reply.values(f);
    const sizes = v?.value.map(num) ?? [];
    if (v && sizes.length && sizes.every((n) => n >= 0)) out.push({ at: v.at, size: sizes.reduce((a, b) => a + b, 0) });
  }
  return out;
}

/**
 * BKG-PARTICIPANTS-REPEATED: the quote is served, and shows every participant sent where it shows
 * its party; a reply that shows none (a total alone) is cannot tell: an acknowledgement is no evidence.
 */
export const partyServed = (req: RequirementId): Rule => ({
  req,
  check(exchange, profile = {}) {
    const c = new Check(req);
    if (!checkServed(exchange, c)) return c.result();
    const sent = participantsSent(exchange);
    const reply = new ReplyReader(exchange.reply.doc!, profile);
    const counts = partyCounts(reply);
    const short = counts.filter((n) => n.size < sent);
    for (const n of short) c.fail(n.at, `the ${sent} participant(s) sent`, `${n.size}`);
    if (!counts.length)
      c.cannotTell(
        `the reply shows no party (looked at: ${[PARTY_FACTS.participant, PARTY_FACTS.categoryQuantity, PARTY_FACTS.groupSize].flatMap((f) => reply.placesOf(f)).join(' | ')}): served, but whether for the ${sent} participant(s) sent is not shown`,
      );
    return c.result();
  },
});
