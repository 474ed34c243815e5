// Corroboration from activity descriptive data: where an activity is and which hotels it serves,
// as the gateway's own /activitynbc says, for rules whose reply shows neither (AAV-LOCATION,
// ASR-AREA). A refused, broken or silent reply describes nothing: its problem is kept.
import type { Description } from '../../contracts/corroboration';
import { ReplyReader, type ReplyProfilePlaces } from '../../contracts/reader';
import { noDocument, type Exchange } from '../../contracts/rule';
import { refusalForm } from '../../contracts/envelope';
import { sameCode, valuesEverywhere } from '../../contracts/values';
import { FACTS } from './contract';

export function activityDescription(x: Exchange, code: string, source: string, profile: ReplyProfilePlaces = {}): Description {
  const none = (problem: string): Description => ({ kind: 'activity', code, country: [], region: [], source, problem });
  const refusal = refusalForm(x);
  if (refusal) return none(`${source} was refused: ${refusal}`);
  if (!x.reply.doc) return none(`${source} could not be read: ${noDocument(x)}`);
  const r = new ReplyReader(x.reply.doc, profile);
  const items = r.items(FACTS.activity);
  const item = items.find((i) => sameCode(r.value(FACTS.id, i.node)?.value, code)) ?? (items.length === 1 ? items[0] : undefined);
  if (!item) return none(`${source} describes no activity ${code}`);
  const d: Description = {
    kind: 'activity',
    code,
    country: valuesEverywhere(r, FACTS.country, item.node),
    region: valuesEverywhere(r, FACTS.area, item.node),
    hotels: valuesEverywhere(r, FACTS.hotels, item.node),
    source,
  };
  if (!d.country.length && !d.region.length && !d.hotels?.length)
    d.problem = `${source} does not show where activity ${code} is either; looked at: ${[FACTS.area, FACTS.country, FACTS.hotels].flatMap((f) => r.placesOf(f)).join(' | ')}`;
  return d;
}
