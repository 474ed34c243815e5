// What activity descriptive data shows of an activity, for other operations' needs. Corroboration:
// where an activity is and which hotels it serves, as the gateway's own /activitynbc says, for
// rules whose reply shows neither (AAV-LOCATION, ASR-AREA). Discovery: the start time and duration
// of an activity availability did not show. A refused, broken or silent reply describes nothing.
import type { Description } from '../../contracts/corroboration';
import { describedBy } from '../../contracts/described-by';
import { refusalForm } from '../../contracts/envelope';
import { ReplyReader, type ReplyProfilePlaces } from '../../contracts/reader';
import type { Exchange } from '../../contracts/rule';
import { SCHEDULE_FACTS, type ScheduleShown } from '../../contracts/tour-activity';
import { minutesOf, timeOf } from '../../contracts/value-forms';
import { FACTS } from './contract';

export const activityDescription = (x: Exchange, code: string, source: string, profile: ReplyProfilePlaces = {}): Description =>
  describedBy(
    x,
    { kind: 'activity', code },
    source,
    { item: FACTS.activity, code: FACTS.id, country: FACTS.country, region: FACTS.area, hotels: FACTS.hotels },
    profile,
  );

/**
 * The start time and duration activity descriptive data shows for one TourActivityID: the same
 * OpenTravel placements as in availability (Schedule/Detail/OperationTimes/OperationTime/@Start,
 * Schedule/Summary/@Duration...), under the item described. A refused or silent reply shows nothing.
 */
export function scheduleDescribed(x: Exchange, code: string, profile: ReplyProfilePlaces = {}): ScheduleShown {
  const doc = x.reply.doc;
  if (!doc || refusalForm(x)) return {};
  const r = new ReplyReader(doc, profile);
  const item = r.items(FACTS.activity).find((i) => r.value(FACTS.id, i.node)?.value.trim().toUpperCase() === code.trim().toUpperCase());
  if (!item) return {};
  const start = r.nodes(SCHEDULE_FACTS.operationTime, item.node)?.value.map((n) => r.doc.find('@Start', n)[0]?.content)[0];
  return { time: timeOf(start), minutes: minutesOf(r.value(SCHEDULE_FACTS.duration, item.node)?.value) };
}
