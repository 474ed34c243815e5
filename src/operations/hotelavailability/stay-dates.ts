// The dates a hotel availability reply shows of a hotel's offer (HAV-DATES): the stay as a
// TimeSpan, or the periods its rates price (Rate seasons), read as spans of nights that must hold
// the stay requested.
import type { Fact, ReplyReader } from '../../contracts/reader';
import { addDays } from '../../core/dates';
import { localName, type XNode } from '../../xml/xml';
import { bool, day, isDate } from '../../contracts/value-forms';

/** A date span of a hotel's offer: the stay it shows (a TimeSpan) or a period it prices (a Rate season) or opens. */
export interface Span {
  /** Where it was read, for findings. */
  at: string;
  stay: boolean;
  start: string;
  /** The departure days its end may stand for (empty: no end shown, the period runs on). */
  ends: string[];
  /** Its end as written, for findings. */
  endText?: string;
  /** Where its end was read (the attribute that holds it), for findings. */
  endAt?: string;
  /** Spans of one group (the Rates of one RoomRate) hold the stay together. */
  group: string;
}

/** How a reply's ExpireDates read where no ExpireDateExclusiveInd says: as its own rates show it, or either. */
export type ExpireReading = 'exclusive' | 'inclusive' | undefined;

/**
 * How the gateway writes ExpireDate, as its own reply shows it: rates of one RoomRate that follow
 * each other (one ExpireDate the next EffectiveDate: exclusive; the day before it: inclusive).
 * Undefined when no two rates follow each other, or when they show both (the reading stays open).
 */
export function expireReading(reply: ReplyReader): ExpireReading {
  const seen = new Set<ExpireReading>();
  for (const rates of reply.doc.find("//*[local-name()='Rates']")) {
    const periods = reply.doc
      .find("*[local-name()='Rate'][@EffectiveDate and @ExpireDate and not(@ExpireDateExclusiveInd)]", rates)
      .map((r) => ({ from: day(reply.doc.find('@EffectiveDate', r)[0].content), to: day(reply.doc.find('@ExpireDate', r)[0].content) }))
      .filter((r) => isDate(r.from) && isDate(r.to))
      .sort((a, b) => a.from.localeCompare(b.from));
    periods.slice(1).forEach((next, index) => {
      if (periods[index].to === next.from) seen.add('exclusive');
      else if (addDays(periods[index].to, 1) === next.from) seen.add('inclusive');
    });
  }
  return seen.size === 1 ? [...seen][0] : undefined;
}

/**
 * The departure days the end of a span may stand for. A TimeSpan End is the departure day, and
 * Start plus a Duration of nights ("P3N", or days "P3D") is too. An availability status span's
 * End (HotelStay/Availability) may be the departure day or the last open night: OpenTravel does
 * not say, so either is read. A Rate's ExpireDate is the day
 * after the last night when ExpireDateExclusiveInd is true, the last night when it is false, and
 * when the rate does not say, as the reply's other rates show it (`reading`), else either
 * (OpenTravel leaves it open).
 */
function departureDays(
  reply: ReplyReader,
  owner: XNode,
  start: string,
  reading: ExpireReading,
): { ends: string[]; text?: string; attr?: string } {
  const attr = (name: string) => reply.doc.find(`@${name}`, owner)[0]?.content.trim();
  const end = attr('End');
  if (end) {
    const d = day(end);
    return { ends: localName(owner) === 'Availability' ? [d, addDays(d, 1)] : [d], text: end, attr: 'End' };
  }
  const expire = attr('ExpireDate');
  if (expire) {
    const d = day(expire);
    const exclusive = bool(attr('ExpireDateExclusiveInd')) ?? (reading ? reading === 'exclusive' : undefined);
    return {
      ends: exclusive === true ? [d] : exclusive === false ? [addDays(d, 1)] : [d, addDays(d, 1)],
      text: expire,
      attr: 'ExpireDate',
    };
  }
  const nights = /^P(\d+)[ND]$/.exec(attr('Duration') ?? '');
  return nights ? { ends: [addDays(start, Number(nights[1]))], text: `Duration ${attr('Duration')}`, attr: 'Duration' } : { ends: [] };
}

/** Every date span a hotel shows, at every place of the start fact (the end is read on the same element). */
export function spansOf(reply: ReplyReader, hotel: XNode, start: Fact, reading: ExpireReading = undefined): Span[] {
  const spans: Span[] = [];
  const roomRates: Span[] = [];
  reply.placesOf(start).forEach((place, p) =>
    reply.doc.find(place, hotel).forEach((startNode, index) => {
      const start = day(startNode.content);
      const owner = reply.doc.find('..', startNode)[0];
      if (!isDate(start) || !owner) return;
      const { ends, text, attr } = departureDays(reply, owner, start, reading);
      const kind = localName(owner);
      // The Rates of one RoomRate hold the stay together; any other span holds it alone.
      const group =
        kind === 'Rate' ? `${p}:rates of RoomRate ${reply.doc.find('../../preceding-sibling::*', owner).length}` : `${p}:${index}`;
      const at = `${place}[${index + 1}]`;
      // the end sits on the start's element: its attribute in place of the start's
      const endAt = attr && /\/@[^/]+$/.test(place) ? `${place.replace(/@[^/]+$/, `@${attr}`)}[${index + 1}]` : at;
      spans.push({ at, stay: kind === 'TimeSpan', start, ends, endText: text, endAt, group });
      if (kind === 'RoomRate') roomRates.push(spans[spans.length - 1]);
    }),
  );
  tileRoomRates(roomRates);
  return spans;
}

/**
 * RoomRates of one RoomStay whose periods follow one another without overlapping (one RoomRate a
 * night, or a rate change mid-stay) hold the stay together, as the Rates of one RoomRate do; periods
 * that overlap are alternatives, each holding the stay alone.
 */
function tileRoomRates(roomRates: Span[]): void {
  const byPlace = new Map<string, Span[]>();
  for (const span of roomRates) {
    const place = span.group.replace(/:.*$/, '');
    byPlace.set(place, [...(byPlace.get(place) ?? []), span]);
  }
  for (const [place, periods] of byPlace) {
    if (periods.length < 2 || periods.some((period) => period.ends.length === 0)) continue;
    const sorted = [...periods].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    const apart = sorted.every((period, i) => i === 0 || period.start >= [...sorted[i - 1].ends].sort()[0]);
    if (apart) for (const period of periods) period.group = `${place}:room rates in turn`;
  }
}

/** The nights of a stay: from its start to the day before its departure. */
export function nightsOf(start: string, end: string): string[] {
  const nights: string[] = [];
  for (let d = start; d < end && nights.length < 400; d = addDays(d, 1)) nights.push(d);
  return nights;
}

/** A span holds a night when the night is on or after its start and before its latest possible departure day. */
export const holds = (s: Span, night: string) => s.start <= night && (s.ends.length === 0 || night < [...s.ends].sort()[s.ends.length - 1]);

/**
 * Whether the spans of one hotel show every night of the stay start..end with periods that end: a
 * TimeSpan from start to end, or the Rates of one group (one RoomRate) whose periods with an end
 * hold every night. A period with no end runs on, which says nothing of where the stay ends.
 */
export function showsEveryNight(spans: Span[], start: string, end: string): boolean {
  if (spans.some((s) => s.stay && s.start === start && s.ends.includes(end))) return true;
  const nights = nightsOf(start, end);
  const groups = new Set(spans.filter((s) => !s.stay).map((s) => s.group));
  return [...groups].some((group) =>
    nights.every((n) => spans.some((s) => s.group === group && !s.stay && s.ends.length > 0 && holds(s, n))),
  );
}
