// What a read shows of what the suite booked: a booking shown by the client's reference is evidence
// of that booking only when it shows something that was booked under that reference (an item
// reference, the activity, the day, a surname). A reference alone is an acknowledgement: a store that
// joins on the wrong key shows the reference asked over another booking's items. Read by ./booking-facts.ts.
import { READ_FACTS } from './booking-read-facts';
import { list } from './rule';
import type { Found, ReplyReader } from './reader';
import type { Part } from './booking-item-status';
import type { XNode } from '../xml/xml';

/** What was booked under one reference, as far as this comparison needs it. */
export interface Booked {
  items: ReadonlyArray<{ itemRef: string; tourActivityId: string; surnames: readonly string[]; date?: string }>;
}

/** An item as a read shows it, as far as this comparison needs it. */
export interface ItemFacts {
  node: XNode;
  ref?: string;
  activity?: Found<string>;
}

/** What a booking shown shows of the one booked. */
export interface Identification {
  /** Facts shown that were booked ("activity ACT-1", "surnames Lind"). */
  matched: string[];
  /** Facts shown of which none was booked ("item references X, not Y"). */
  differs: string[];
  /** Item references are shown and none of them was booked: the items are another booking's. */
  otherItems: boolean;
}

const SHORT_DATE = /^\d{4}-\d{2}-\d{2}/;
const dayOf = (v: string | undefined) => (v && SHORT_DATE.test(v.trim()) ? v.trim().slice(0, 10) : undefined);
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const unique = (xs: ReadonlyArray<string | undefined>) => [...new Set(xs.filter((x): x is string => !!x && !!x.trim()))];

/** Values of a fact in every part of a booking, merged; undefined when no part shows any. */
export function valuesIn(
  reply: ReplyReader,
  fact: Parameters<ReplyReader['values']>[0],
  parts: readonly Part[],
): Found<string[]> | undefined {
  const found = parts.flatMap((part) => {
    const found = reply.values(fact, part.node);
    return found ? [found] : [];
  });
  return found.length ? { at: found[0].at, value: found.flatMap((v) => v.value) } : undefined;
}

/**
 * Compares what `parts` and `items` show with what was booked, kind by kind. Item references are
 * compared only when `refs` lists those shown (a booking without the client's reference may carry
 * the gateway's own item numbers, which say nothing of the client's).
 */
export function identify(
  reply: ReplyReader,
  parts: readonly Part[],
  items: readonly ItemFacts[],
  booked: Booked,
  refs?: ReadonlyArray<string | undefined>,
): Identification {
  const wanted = {
    refs: unique(booked.items.map((i) => i.itemRef)),
    activities: unique(booked.items.map((i) => i.tourActivityId)),
    surnames: unique(booked.items.flatMap((i) => i.surnames)),
    days: unique(booked.items.map((i) => i.date)),
  };
  const shown = {
    refs: unique(refs ?? []),
    activities: unique([...items.map((i) => i.activity?.value), ...(valuesIn(reply, READ_FACTS.itemActivity, parts)?.value ?? [])]),
    surnames: unique(valuesIn(reply, READ_FACTS.surname, parts)?.value ?? []),
    days: unique(
      [
        ...items.map((i) => reply.value(READ_FACTS.itemDate, i.node)?.value),
        ...(valuesIn(reply, READ_FACTS.itemDate, parts)?.value ?? []),
      ].map(dayOf),
    ),
  };
  const out: Identification = { matched: [], differs: [], otherItems: false };
  const names: Record<keyof typeof wanted, string> = { refs: 'item references', activities: 'activity', surnames: 'surnames', days: 'day' };
  for (const key of Object.keys(wanted) as Array<keyof typeof wanted>) {
    const hits = shown[key].filter((s) => wanted[key].some((w) => same(s, w)));
    if (hits.length) out.matched.push(`${names[key]} ${list(hits)}`);
    else if (shown[key].length && wanted[key].length) {
      out.differs.push(`${names[key]} ${list(shown[key])}, not ${list(wanted[key])}`);
      if (key === 'refs') out.otherItems = true;
    }
  }
  return out;
}

/**
 * Why a booking shown by the client's reference is another booking's content: its item references
 * are none of those booked, or it shows nothing that was booked and something that was not. Undefined
 * when it may be the one booked.
 */
export function otherContentWhy(ref: string, id: Identification): string | undefined {
  if (!id.otherItems && (id.matched.length || !id.differs.length)) return undefined;
  return `the read shows the reference ${ref} over another booking's content (${id.differs.join('; ')}): a reference alone is an acknowledgement, not the booking`;
}

/** Why a booking shown by the client's reference is no evidence of the one booked: it shows nothing that was booked. */
export function unprovenWhy(ref: string, id: Identification): string | undefined {
  if (id.matched.length) return undefined;
  return `the read shows the reference ${ref} but nothing booked under it (no item reference, activity, day or surname booked): a reference alone is an acknowledgement, not the booking`;
}
