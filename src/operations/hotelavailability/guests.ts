// Hotel availability: the guests a hotel is offered for (HAV-GUESTS), "Returns available units for
// a number of guests". Units are plural: a party may be offered in one room or in several (a
// double and a single; one RoomStay per room of one room request), so what the rooms or the guest
// counts of one offer show is judged together before one of them is failed.
import { list, type Check, type Exchange } from '../../contracts/rule';
import { notShown, type ReplyReader } from '../../contracts/reader';
import { ageQualifyingCode, countsText } from '../../contracts/categories';
import { num, sameCode } from '../../contracts/value-forms';
import type { XNode } from '../../xml/xml';
import { FACTS } from './facts';
import { hotelCodeOf } from './hotel-link';

/** A result of the reply (a RoomStay or HotelStay), with a label for messages. */
export interface HotelResult {
  node: XNode;
  at: string;
  label: string;
}

/** The guests one GuestCounts shows: their number (undefined when a GuestCount shows neither Count nor Age) and how. */
function guestsOf(reply: ReplyReader, counts: XNode): { total?: number; text: string } {
  const rows = reply.doc.find('ota:GuestCount', counts).map((node) => {
    const value = (name: string) => reply.doc.find(`@${name}`, node)[0]?.content.trim();
    const n = value('Count') !== undefined ? num(value('Count')) : value('Age') !== undefined ? 1 : NaN;
    const code = ageQualifyingCode(value('AgeQualifyingCode'));
    return { n, label: `${isNaN(n) ? '?' : n}${code ? ` of AQC ${code}` : value('Age') ? ` aged ${value('Age')}` : ''}` };
  });
  const total = rows.some((g) => isNaN(g.n)) ? undefined : rows.reduce((t, g) => t + g.n, 0);
  return { total, text: rows.length ? rows.map((g) => g.label).join(' + ') : '(no GuestCount)' };
}

/**
 * The guests a result may count at one place: its GuestCounts there summed (one per room) or each
 * on its own (one per rate plan of the same room, alternatives); undefined when none, or one cannot be counted.
 */
function guestsAt(reply: ReplyReader, result: XNode, at: string): number[] | undefined {
  const groups = reply.doc.find(at, result).map((g) => guestsOf(reply, g));
  if (groups.length === 0 || groups.some((g) => g.total === undefined)) return undefined;
  return [...new Set([groups.reduce((t, g) => t + g.total!, 0), ...groups.map((g) => g.total!)])];
}

/** The rooms a result offers, each with the guests it holds: MaxOccupancy (a total) times its RoomType's NumberOfUnits. */
function roomsOf(reply: ReplyReader, result: XNode): Array<{ at: string; holds: number }> {
  return reply.placesOf(FACTS.occupancy).flatMap((at) =>
    reply.doc
      .find(at, result)
      .map((node) => ({ at, holds: num(node.content) * (num(reply.doc.find('../../@NumberOfUnits', node)[0]?.content) || 1) }))
      .filter((room) => !isNaN(room.holds)),
  );
}

/**
 * The other results that may offer the rest of the party: the same hotel (its HotelCode, or that
 * of the HotelStay listing it) for the same room request (one RoomStayCandidateRPH). Without that
 * link, the results of one hotel are alternatives, each for the whole party.
 */
function partnersOf(reply: ReplyReader, result: HotelResult, all: readonly HotelResult[]): HotelResult[] {
  const candidate = (node: XNode) => reply.doc.find('@RoomStayCandidateRPH', node)[0]?.content.trim() || undefined;
  const code = hotelCodeOf(reply, result.node);
  const request = candidate(result.node);
  if (!code || !request) return [];
  return all.filter((o) => o.at !== result.at && candidate(o.node) === request && sameCode(hotelCodeOf(reply, o.node), code));
}

/** Whether some of `parts` (each used once) add up to `rest` exactly. */
export function addsUpTo(rest: number, parts: readonly number[]): boolean {
  return addsUpChoosing(
    rest,
    parts.map((part) => [part]),
  );
}

/** Whether one value of some of `choices` (each list used once, for one value of it) adds up to `rest` exactly. */
export function addsUpChoosing(rest: number, choices: ReadonlyArray<readonly number[]>): boolean {
  let sums = new Set([0]);
  for (const values of choices) sums = new Set([...sums, ...[...sums].flatMap((s) => values.map((v) => s + v))].filter((s) => s <= rest));
  return sums.has(rest);
}

/** HAV-GUESTS: every hotel returned is priced for the requested guests. */
export function judgeGuests(exchange: Exchange, check: Check, reply: ReplyReader, results: readonly HotelResult[]): void {
  const asked = exchange.request.records('//ota:GuestCount', { code: '@AgeQualifyingCode', n: '@Count' });
  const party = asked.reduce((t, g) => t + (num(g.n) || 0), 0);
  const wanted = `${party} guests (${countsText(asked.map((g) => [ageQualifyingCode(g.code) ?? g.code, g.n]))} by AgeQualifyingCode)`;
  for (const result of results) {
    const partners = partnersOf(reply, result, results);
    // Every place that counts the guests must show the party's number ("a number of guests").
    let decided = false;
    const unreadable: string[] = [];
    for (const at of reply.placesOf(FACTS.guests)) {
      const groups = reply.doc.find(at, result.node).map((g) => guestsOf(reply, g));
      if (groups.length === 0) continue;
      if (groups.some((g) => g.total === undefined)) {
        unreadable.push(`${result.at}/${at}: ${list(groups.map((g) => g.text))}`);
        continue;
      }
      decided = true;
      // Each GuestCounts may hold the whole party (alternatives), or those of one place share it (one room each).
      const sum = groups.reduce((t, g) => t + g.total!, 0);
      if (groups.every((g) => g.total === party) || sum === party) continue;
      // Part of the party: other results of the same hotel and room request may count the rest,
      // exactly, this result's rate plans and each partner's being alternatives or rooms.
      const choices = partners.map((o) => (guestsAt(reply, o.node, at) ?? []).filter((n) => n > 0 && n < party));
      const own = [...new Set([sum, ...groups.map((g) => g.total!)])].filter((n) => n > 0 && n < party);
      if (own.some((n) => addsUpChoosing(party - n, choices))) continue;
      check.fail(`${result.at}/${at}`, wanted, list(groups.map((g) => g.text)));
    }
    // A room that holds the party shows it; rooms that hold fewer may be offered together (or as
    // alternatives: the reply does not say), so they fail only when all of them together still hold
    // fewer (a RoomStay of the same offer that shows no room leaves the sum unknown).
    const rooms = roomsOf(reply, result.node);
    const partnerRooms = partners.map((o) => roomsOf(reply, o.node));
    const together = [...rooms, ...partnerRooms.flat()];
    const capacity = together.reduce((t, r) => t + r.holds, 0);
    const summed = partnerRooms.every((r) => r.length > 0);
    for (const room of rooms) {
      if (room.holds >= party) decided = true;
      else if (summed && capacity < party) {
        const all = together.length > 1 ? ` (the ${together.length} rooms offered hold ${capacity} together)` : '';
        check.fail(`${result.at}/${room.at}`, `a room for ${wanted}`, `a room for ${room.holds}${all}`);
        decided = true;
      }
    }
    if (decided) continue;
    if (unreadable.length)
      check.cannotTell(
        `the reply does not show the number of every guest count (GuestCount @Count, or @Age) for hotel ${result.label}: ${unreadable.join('; ')}`,
      );
    else if (rooms.length)
      check.cannotTell(
        `hotel ${result.label} offers rooms that each hold fewer than ${party} guests (${list(rooms.map((r) => `${r.holds}`))}) and ${capacity} together: ` +
          'units together or alternatives, the reply does not say, and no GuestCounts shows the number of guests',
      );
    else check.cannotTell(notShown(reply, [FACTS.guests, FACTS.occupancy], `hotel ${result.label}`));
  }
}
