// One item of a booking, shown in several placements of a read: the item itself (a Service, a
// Summary or Detail tied to it by its Type 37), the entries of its booking that name it
// (Detail/TPA_Extensions) and the warnings that name it (Warning Type 11). Every placement of each
// fact is read, and placements that cannot all hold are a disagreement: a rule that reads the fact
// of that item finds it, never passes on one placement of the two. Read by ./booking-facts.ts.
import { agreementKey, pathOf, type Disagreement, type Fact, type ReplyReader } from './reader';
import { READ_FACTS } from './booking-read-facts';
import { entriesNaming, isCancelledWord, STATUS_OF_ENTRY, warningsNaming, type OwnStatus, type Part } from './booking-item-status';

type Shown = Disagreement['shown'][number];

/** A fact compared between placements: its places in a holder, and the key its values agree by. */
interface Compared {
  fact: Fact;
  places: (entry: boolean) => readonly string[];
  /** The key two values must share; undefined: no value of this fact (left out). */
  key: (value: string, at: string) => string | undefined;
}

const statusPlaces = (reply: ReplyReader) => (entry: boolean) => [
  ...reply.placesOf(READ_FACTS.itemStatus),
  ...(entry ? STATUS_OF_ENTRY.split(' | ') : []),
];

function compared(reply: ReplyReader, words: readonly string[]): Compared[] {
  const by = (f: Fact, key: Compared['key']): Compared => ({ fact: f, places: () => reply.placesOf(f), key });
  const agree = (f: Fact) => (v: string) => agreementKey(f.agree!, v);
  return [
    // at the grain the status checks read it: cancelled in the target's words, or not
    { fact: READ_FACTS.itemStatus, places: statusPlaces(reply), key: (v) => (isCancelledWord(v, words) ? 'cancelled' : 'live') },
    by(READ_FACTS.itemActivity, agree(READ_FACTS.itemActivity)),
    by(READ_FACTS.itemDate, agree(READ_FACTS.itemDate)),
    by(READ_FACTS.itemNumber, agree(READ_FACTS.itemNumber)),
    // a price before and after tax may both be shown: amounts and currencies agree place by place
    by(READ_FACTS.itemAmount, (v, at) => agreementKey('number', v) && `${at} ${agreementKey('number', v)}`),
    by(READ_FACTS.itemCurrency, (v, at) => agreementKey('code', v) && `${at} ${agreementKey('code', v)}`),
  ];
}

/** Every placement of `c` in the holders: a value per place, with the holder's path. */
function placementsOf(reply: ReplyReader, compared: Compared, holders: ReadonlyArray<Part & { entry: boolean }>) {
  return holders.flatMap((h) =>
    compared.places(h.entry).flatMap((at) =>
      reply.doc
        .find(at, h.node)
        .map((n) => n.content.trim())
        .filter((v) => v !== '')
        .map((value) => ({ at: `${pathOf(reply.doc, h.node)}/${at}`, value, key: compared.key(value, at) })),
    ),
  );
}

/** The first placement of each key, when there are two keys or more. */
function disagreeing(found: Array<Shown & { key?: string }>): Shown[] | undefined {
  const byKey = new Map<string, Shown>();
  for (const f of found) if (f.key !== undefined && !byKey.has(f.key)) byKey.set(f.key, { at: f.at, value: f.value });
  return byKey.size > 1 ? [...byKey.values()] : undefined;
}

/** A booking's own status shown cancelled at one place and live at another (in the target's words): a disagreement. */
export function ownStatusDisagreement(own: OwnStatus, words: readonly string[], booking: string): Disagreement | undefined {
  const shown = disagreeing(own.shown.map((s) => ({ ...s, key: isCancelledWord(s.value, words) ? 'cancelled' : 'live' })));
  return shown && { fact: READ_FACTS.status, item: `booking ${booking}`, shown };
}

/** Two placements of an item's participants that name no surname in common (a lead name beside the whole party agrees). */
function participantsDisagree(reply: ReplyReader, holders: readonly Part[]): Shown[] | undefined {
  const shown = holders
    .map((h) => ({
      at: pathOf(reply.doc, h.node),
      names: [
        ...new Set(reply.placesOf(READ_FACTS.surname).flatMap((p) => reply.doc.find(p, h.node).map((n) => n.content.trim().toLowerCase()))),
      ].filter(Boolean),
    }))
    .filter((s) => s.names.length);
  for (const a of shown)
    for (const b of shown)
      if (a !== b && !a.names.some((n) => b.names.includes(n)))
        return [a, b].map((s) => ({ at: `${s.at}//Surname`, value: s.names.join(', ') }));
  return undefined;
}

/** An entry naming the item under another booking reference (Type 36, Client) than the booking's own. */
function referenceDisagrees(reply: ReplyReader, holders: readonly Part[], bookingRef: string): Shown[] | undefined {
  for (const holder of holders)
    for (const at of reply.placesOf(READ_FACTS.reference))
      for (const node of reply.doc.find(at, holder.node)) {
        const id = (reply.doc.find('@ID | @ResID_Value', node)[0]?.content ?? '').trim();
        const context = (reply.doc.find('@ID_Context | @ResID_Source', node)[0]?.content ?? '').trim().toLowerCase();
        if (id && context === 'client' && id !== bookingRef)
          return [
            { at: 'the booking', value: bookingRef },
            { at: `${pathOf(reply.doc, holder.node)}/${at}`, value: id },
          ];
      }
  return undefined;
}

/**
 * The facts of item `ref` whose placements disagree: `nodes` are the item's own nodes (tied by its
 * Type 37), `own` the booking's own parts (whose entries may name it); the warnings of the read
 * that name it (and no other item of the booking, `booking.itemRefs`) count for its status.
 */
export function itemDisagreements(
  reply: ReplyReader,
  ref: string,
  nodes: readonly Part[],
  own: readonly Part[],
  booking: { ref: string; itemRefs: readonly string[] },
  words: readonly string[],
): Disagreement[] {
  const entries = entriesNaming(reply, own, ref).filter((e) => !nodes.some((n) => n.node === e.node));
  const holders = [...nodes.map((n) => ({ ...n, entry: false })), ...entries.map((e) => ({ ...e, entry: true }))];
  const item = `item ${ref}`;
  const out: Disagreement[] = [];
  for (const c of compared(reply, words)) {
    const found = placementsOf(reply, c, holders);
    if (c.fact === READ_FACTS.itemStatus)
      found.push(
        ...warningsNaming(reply, ref, words, booking.itemRefs).map((w) => ({
          at: w.at,
          value: w.value,
          key: w.cancelled ? 'cancelled' : 'live',
        })),
      );
    const shown = disagreeing(found);
    if (shown) out.push({ fact: c.fact, item, shown });
  }
  const participants = participantsDisagree(reply, holders);
  if (participants) out.push({ fact: READ_FACTS.surname, item, shown: participants });
  const reference = referenceDisagrees(reply, entries, booking.ref);
  if (reference) out.push({ fact: READ_FACTS.reference, item, shown: reference });
  return out;
}

/** A finding's three parts for a disagreement: where, what one fact needs, what was shown. */
export function disagreementFinding(disagreement: Disagreement): { at: string; expected: string; found: string } {
  return {
    at: `${disagreement.item}: ${disagreement.shown.map((s) => s.at).join(' | ')}`,
    expected: `one ${disagreement.fact.what} (${disagreement.fact.id}) at every placement`,
    found: disagreement.shown.map((s) => `${s.value} at ${s.at}`).join('; '),
  };
}

/** Whether a disagreement is about the status of an item. */
export const aboutStatus = (d: Disagreement) => d.fact === READ_FACTS.itemStatus;

/** Each item with the facts whose placements disagree among `all` the item nodes of its booking, its entries and warnings. */
export function agreementOf<T extends { ref?: string; node: Part['node']; at: string; disagreements: Disagreement[] }>(
  reply: ReplyReader,
  items: readonly T[],
  all: readonly T[],
  own: readonly Part[],
  booking: { ref: string; itemRefs: readonly string[] },
  words: readonly string[],
): T[] {
  return items.map((i) => ({
    ...i,
    disagreements: i.ref
      ? itemDisagreements(
          reply,
          i.ref,
          all.filter((j) => j.ref === i.ref),
          own,
          booking,
          words,
        )
      : [],
  }));
}
