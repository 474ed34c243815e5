// Which hotel a result of a hotel availability reply is: its own HotelCode, or OpenTravel's link
// between RoomStays and HotelStays (HotelStay/@RoomStayRPH lists the RPH of the RoomStays it
// describes; HotelStaysType), read alike by every rule.
import { sameCode } from '../../contracts/value-forms';
import type { ReplyReader } from '../../contracts/reader';
import type { XNode } from '../../xml/xml';
import { FACTS } from './facts';

/** The RoomStay RPHs a HotelStay lists (its RoomStayRPH, a list of RPHs). */
const listedRphs = (reply: ReplyReader, node: XNode) => (reply.doc.find('@RoomStayRPH', node)[0]?.content ?? '').trim().split(/\s+/);

/** The results of every place of the hotel fact but the first that shows any (the results judged), each with its place. */
function otherResults(reply: ReplyReader): Array<{ node: XNode; at: string }> {
  const own = reply.nodes(FACTS.hotel)?.at;
  return reply
    .placesOf(FACTS.hotel)
    .filter((p) => p !== own)
    .flatMap((p) => reply.doc.find(p).map((node, i) => ({ node, at: `${p}[${i + 1}]` })));
}

/**
 * The other results of the reply that name the same hotel as `hotel`: OpenTravel's HotelStays/HotelStay
 * beside RoomStays/RoomStay (its BasicPropertyInfo may carry the address the RoomStay leaves out),
 * by the same HotelCode, or by its RoomStayRPH listing the RoomStay's RPH.
 */
export function sameHotel(reply: ReplyReader, hotel: XNode): Array<{ node: XNode; at: string }> {
  const code = reply.value(FACTS.code, hotel)?.value;
  const rph = reply.doc.find('@RPH', hotel)[0]?.content.trim();
  return otherResults(reply).filter(
    (o) => (!!code && sameCode(reply.value(FACTS.code, o.node)?.value, code)) || (!!rph && listedRphs(reply, o.node).includes(rph)),
  );
}

/**
 * The HotelCode of a result: its own, else that of the HotelStay whose RoomStayRPH lists the
 * result's RPH (a RoomStay that leaves its hotel to the HotelStay describing it).
 */
export function hotelCodeOf(reply: ReplyReader, result: XNode): string | undefined {
  const own = reply.value(FACTS.code, result)?.value;
  if (own) return own;
  const rph = reply.doc.find('@RPH', result)[0]?.content.trim();
  if (!rph) return undefined;
  for (const o of otherResults(reply)) {
    if (!listedRphs(reply, o.node).includes(rph)) continue;
    const code = reply.value(FACTS.code, o.node)?.value;
    if (code) return code;
  }
  return undefined;
}
