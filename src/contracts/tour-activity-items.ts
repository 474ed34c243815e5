// The activities a tour activity reply shows, and whether one shows a wanted value at any place of
// a fact: what the rules of ./tour-activity.ts and ./tour-activity-area.ts read first.
import { type Fact, type ReplyReader, valuesEverywhere } from './reader';
import { type Check, type Exchange } from './rule';
import type { XNode } from '../xml/xml';
import { sameCode } from './value-forms';
import { nothingToJudge } from './items-offered';
import { type TourActivityFacts } from './tour-activity-facts';

/** The activities of a reply, each with a label for messages; cannot tell when there are none to judge. */
export function activities(exchange: Exchange, check: Check, reply: ReplyReader, f: TourActivityFacts) {
  const items = reply.items(f.activity).map((a) => ({ ...a, label: reply.value(f.tourActivityId, a.node)?.value ?? a.at }));
  if (items.length === 0) nothingToJudge(exchange, check, 'activity');
  return items;
}

/**
 * Whether a thing the reply shows under any of a fact's places is `wanted`: true (one of them
 * is), false (some are shown, none is) or undefined (none is shown).
 */
export function showsOneOf(reply: ReplyReader, fact: Fact, node: XNode, wanted: string): boolean | undefined {
  const shown = valuesEverywhere(reply, fact, node);
  return shown.length === 0 ? undefined : shown.some((v) => sameCode(v, wanted));
}
