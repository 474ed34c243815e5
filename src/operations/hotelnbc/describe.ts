// Corroboration from hotel descriptive data: where a hotel is, as the gateway's own /hotelnbc
// says, for rules whose reply names the hotel by its code only (HAV-PLACE, AAV-LOCATION,
// ASR-AREA). A refused, broken or unreadable reply describes nothing: its problem is kept, and
// the rule that asked stays at cannot tell with it.
import type { Description } from '../../contracts/corroboration';
import { ReplyReader, type ReplyProfilePlaces } from '../../contracts/reader';
import { noDocument, type Exchange } from '../../contracts/rule';
import { refusalForm } from '../../contracts/envelope';
import { sameCode, valuesEverywhere } from '../../contracts/values';
import { FACTS } from './contract';

export function hotelDescription(x: Exchange, code: string, source: string, profile: ReplyProfilePlaces = {}): Description {
  const none = (problem: string): Description => ({ kind: 'hotel', code, country: [], region: [], source, problem });
  const refusal = refusalForm(x);
  if (refusal) return none(`${source} was refused: ${refusal}`);
  if (!x.reply.doc) return none(`${source} could not be read: ${noDocument(x)}`);
  const r = new ReplyReader(x.reply.doc, profile);
  const items = r.items(FACTS.hotel);
  // the hotel described under the requested code; a reply with one hotel and no code shown is it
  const item = items.find((i) => sameCode(r.value(FACTS.code, i.node)?.value, code)) ?? (items.length === 1 ? items[0] : undefined);
  if (!item) return none(`${source} describes no hotel ${code}`);
  const d: Description = {
    kind: 'hotel',
    code,
    country: valuesEverywhere(r, FACTS.country, item.node),
    region: valuesEverywhere(r, FACTS.region, item.node),
    source,
  };
  if (!d.country.length && !d.region.length)
    d.problem = `${source} does not show where hotel ${code} is either; looked at: ${[...r.placesOf(FACTS.country), ...r.placesOf(FACTS.region)].join(' | ')}`;
  return d;
}
