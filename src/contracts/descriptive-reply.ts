// What a descriptive reply (hotel or activity descriptive data) shows of an item another reply
// named only by its code: the reading behind corroboration (./corroboration.ts). Only a served
// reply describes (HTTP 200, Success, no refusal in any form). A description
// counts only for the code it names: a reply about another hotel, or one that names none, decides
// nothing about the hotel asked; and a description that places its subject in places that cannot
// all hold (two countries) places it nowhere.
import type { Description, Need } from './corroboration';
import { ReplyReader, type Fact, type ReplyProfilePlaces, valuesEverywhere } from './reader';
import { list, noDocument, type Exchange } from './rule';
import { describesNothing } from './envelope';
import { sameCode } from './value-forms';
import { contradiction } from './places';
import { subdivisionValues } from './subdivisions';
import type { XNode } from '../xml/xml';

/** The facts of a descriptive reply that tell where an item is. */
export interface DescriptiveFacts {
  item: Fact;
  code: Fact;
  country: Fact;
  region: Fact;
  hotels?: Fact;
}

/**
 * What a descriptive reply shows of `need`: the items described under its code, with their country,
 * region and hotels at every place. A refused, unreadable or silent reply, one about another
 * subject and one that contradicts itself describe nothing: the problem is kept for the rule that
 * asked, which stays cannot tell with it.
 */
export function describedBy(
  exchange: Exchange,
  need: Need,
  source: string,
  descriptiveFacts: DescriptiveFacts,
  profile: ReplyProfilePlaces = {},
): Description {
  const none = (problem: string): Description => ({ ...need, country: [], region: [], source, problem });
  // A refusal (any 4xx or 5xx, whatever its body), a reply that is no XML and one without Success
  // describe nothing, whatever their body says.
  const served = describesNothing(exchange);
  if (served || !exchange.reply.doc) return none(`${source} describes nothing: ${served ?? noDocument(exchange)}`);
  const reply = new ReplyReader(exchange.reply.doc, profile);
  const items = reply.items(descriptiveFacts.item);
  // An item's code is read as the descriptive operation's own rule reads it (HNBC-SUBJECT, ANBC-SUBJECT).
  const codeOf = (i: { node: XNode }) => reply.value(descriptiveFacts.code, i.node)?.value;
  const about = items.filter((i) => sameCode(codeOf(i), need.code));
  if (about.length === 0) {
    const others = [...new Set(items.map(codeOf).filter((c): c is string => !!c))];
    if (others.length)
      return none(
        `${source} describes ${need.kind} ${list(others)}, not ${need.code}: a description of another ${need.kind} decides nothing about ${need.code}`,
      );
    return none(
      items.length
        ? `${source} does not name the ${need.kind} it describes (${descriptiveFacts.code.what}, ${descriptiveFacts.code.id}; looked at: ${reply.placesOf(descriptiveFacts.code).join(' | ')}): ` +
            'a description counts only when it names the code asked for'
        : `${source} describes no ${need.kind} (looked at: ${reply.placesOf(descriptiveFacts.item).join(' | ')})`,
    );
  }
  const everywhere = (fact: Fact) => [...new Set(about.flatMap((i) => valuesEverywhere(reply, fact, i.node)))];
  const description: Description = {
    ...need,
    country: everywhere(descriptiveFacts.country),
    region: everywhere(descriptiveFacts.region),
    subdivisions: [...new Set(about.flatMap((i) => subdivisionValues(reply, descriptiveFacts.region, i.node)))],
    ...(descriptiveFacts.hotels ? { hotels: everywhere(descriptiveFacts.hotels) } : {}),
    source,
  };
  const clash = contradiction(description.country, description.region, exchange.request.testData, description.subdivisions);
  if (clash) return none(`${source} shows ${need.kind} ${need.code} in ${clash}, which cannot all hold: it places it nowhere`);
  const looked = [descriptiveFacts.country, descriptiveFacts.region, ...(descriptiveFacts.hotels ? [descriptiveFacts.hotels] : [])];
  if (!description.country.length && !description.region.length && !description.hotels?.length)
    description.problem = `${source} does not show where ${need.kind} ${need.code} is either; looked at: ${looked.flatMap((p) => reply.placesOf(p)).join(' | ')}`;
  return description;
}
