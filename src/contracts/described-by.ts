// What a descriptive reply (hotel or activity descriptive data) shows of an item another reply
// named only by its code: the reading behind corroboration (./corroboration.ts).
import type { Description, Need } from './corroboration';
import { ReplyReader, type Fact, type ReplyProfilePlaces, valuesEverywhere } from './reader';
import { noDocument, type Exchange } from './rule';
import { refusalForm } from './envelope';
import { sameCode } from './value-forms';

/** The facts of a descriptive reply that tell where an item is. */
export interface DescriptiveFacts {
  item: Fact;
  code: Fact;
  country: Fact;
  region: Fact;
  hotels?: Fact;
}

/**
 * What a descriptive reply shows of `need`: the item described under its code (or the only one),
 * with its country, region and hotels at every place. A refused, unreadable or silent reply
 * describes nothing: its problem is kept for the rule that asked, which stays cannot tell.
 */
export function describedBy(x: Exchange, need: Need, source: string, f: DescriptiveFacts, profile: ReplyProfilePlaces = {}): Description {
  const none = (problem: string): Description => ({ ...need, country: [], region: [], source, problem });
  const refusal = refusalForm(x);
  if (refusal) return none(`${source} was refused: ${refusal}`);
  if (!x.reply.doc) return none(`${source} could not be read: ${noDocument(x)}`);
  const r = new ReplyReader(x.reply.doc, profile);
  const items = r.items(f.item);
  const item = items.find((i) => sameCode(r.value(f.code, i.node)?.value, need.code)) ?? (items.length === 1 ? items[0] : undefined);
  if (!item) return none(`${source} describes no ${need.kind} ${need.code}`);
  const d: Description = {
    ...need,
    country: valuesEverywhere(r, f.country, item.node),
    region: valuesEverywhere(r, f.region, item.node),
    ...(f.hotels ? { hotels: valuesEverywhere(r, f.hotels, item.node) } : {}),
    source,
  };
  const looked = [f.country, f.region, ...(f.hotels ? [f.hotels] : [])];
  if (!d.country.length && !d.region.length && !d.hotels?.length)
    d.problem = `${source} does not show where ${need.kind} ${need.code} is either; looked at: ${looked.flatMap((p) => r.placesOf(p)).join(' | ')}`;
  return d;
}
