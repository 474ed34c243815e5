// Another activity than the one availability found (ANBC-SUBJECT, "descriptive data for one tour
// activity"): a gateway that describes the first activity of its catalogue whatever it is asked
// passes when the activity asked happens to be that one. An activity search naming the test data's
// hotel and no product lists the activities of its area; the first TourActivityID it shows that
// differs from the one already found is asked of descriptive data too.
import { ReplyReader, type ReplyProfilePlaces } from '../../contracts/reader';
import { describesNothing } from '../../contracts/envelope';
import type { Exchange } from '../../contracts/rule';
import { sameCode } from '../../contracts/value-forms';
import { FACTS } from './contract';

/** The TourActivityIDs a served search shows; undefined when it was not served. */
export function activitiesShown(exchange: Exchange, profile: ReplyProfilePlaces = {}): string[] | undefined {
  if (!exchange.reply.doc || describesNothing(exchange)) return undefined;
  const reply = new ReplyReader(exchange.reply.doc, profile);
  return reply
    .items(FACTS.activity)
    .map((a) => reply.value(FACTS.tourActivityId, a.node)?.value.trim())
    .filter((id): id is string => !!id);
}

/** The first TourActivityID a served search shows other than `found`; undefined when it shows none. */
export function anotherActivity(exchange: Exchange, found: string, profile: ReplyProfilePlaces = {}): string | undefined {
  return activitiesShown(exchange, profile)?.find((id) => !sameCode(id, found));
}
