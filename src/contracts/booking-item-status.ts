// What a booking read says of an item's status, and of the booking's own, when the two are shown
// apart (OTA_TourActivityResRetrieveRS: a Summary per item beside a Detail of the booking): entries
// of the booking that name an item (TPA_Extensions), warnings that name one, and the booking's own
// status without them. Read by ./booking-facts.ts.
import { READ_FACTS } from './booking-read-facts';
import type { Found, ReplyReader } from './reader';
import type { XNode } from '../xml/xml';

/** A node (at a place of the booking fact) that shows a booking, or part of one. */
export interface Part {
  node: XNode;
  at: string;
}

/** Whether a status is one of the target's words for a cancelled booking or item (case-insensitive). */
export const isCancelledWord = (status: string, words: readonly string[]) =>
  words.some((w) => w.trim().toLowerCase() === status.trim().toLowerCase());

/** Whether an element names an item: a Type 37 reference on it or in it, or an item reference of the booking as a value. */
function namesAnItem(reply: ReplyReader, el: XNode, itemRefs: readonly string[] = []): boolean {
  if (reply.doc.find("self::*[@Type='37'] | .//*[@Type='37']", el).length) return true;
  return reply.doc.find('@* | .//@*', el).some((a) => itemRefs.includes(a.content.trim()));
}

/** What a part of a booking shows of its own status: every value (`value`), each at its place (`shown`). */
export type OwnStatus = Found<string[]> & { shown: Array<{ at: string; value: string }> };

/**
 * The status a part of a booking shows of the booking itself: its status places, every one of them
 * (placements that disagree are a finding), less the entries that name an item (TPA_Extensions
 * listing each item's status is not the booking's).
 */
export function ownStatus(reply: ReplyReader, part: XNode, itemRefs: readonly string[] = []): OwnStatus | undefined {
  const shown = reply.placesOf(READ_FACTS.status).flatMap((at) =>
    reply.doc
      .find(at, part)
      // an attribute of the part itself is its own; one of an element inside it may be an item's
      .filter((node) => {
        const holder = at.startsWith('@') ? undefined : reply.doc.find('..', node)[0];
        return !holder || !namesAnItem(reply, holder, itemRefs);
      })
      .map((n) => ({ at, value: n.content.trim() }))
      .filter((v) => v.value !== ''),
  );
  if (!shown.length) return undefined;
  return { at: shown[0].at, value: [...new Set(shown.map((v) => v.value))], shown };
}

export const STATUS_OF_ENTRY = '@Status | @ResStatus | @ReservationStatus | @ItemStatus | ota:Status | ota:ReservationStatus/@Status';

/** The entries of a booking's own parts (TPA_Extensions) that name item `ref` by an attribute or text, with their place. */
export function entriesNaming(reply: ReplyReader, parts: readonly Part[], ref: string): Part[] {
  const names = (el: XNode) =>
    reply.doc.find('@* | .//@*', el).some((a) => a.content.trim() === ref) ||
    reply.doc.find('text()', el).some((t) => t.content.trim() === ref);
  return parts.flatMap((p) =>
    reply.placesOf(READ_FACTS.itemEntry).flatMap((at) =>
      reply.doc
        .find(at, p.node)
        .filter(names)
        .map((node) => ({ node, at: `${p.at}/${at}` })),
    ),
  );
}

/** OTA_ErrorRS's values for Warning@Status: how the request was processed, never an item's status. */
const PROCESSING_STATUSES = ['notprocessed', 'incomplete', 'complete', 'unknown'];

/**
 * What the read's warnings that name item `ref` say of its status (a warning that names it without
 * one says nothing of its status; one that also names another of `others` says it of neither): a
 * cancelled word of the target's in what it says, or else its @Status (an item's status, live
 * unless one of the target's words), so that "Item I1 Confirmed" beside an XL entry is seen.
 */
export function warningsNaming(
  reply: ReplyReader,
  ref: string,
  words: readonly string[],
  others: readonly string[] = [],
): Array<{ at: string; value: string; cancelled: boolean }> {
  return reply.placesOf(READ_FACTS.warning).flatMap((at) =>
    reply.doc.find(at).flatMap((node, n) => {
      const said = [...reply.doc.find('@ShortText | @Status | @RecordID | @Tag', node).map((a) => a.content), node.content];
      const tokens = said.flatMap((s) => s.split(/[^\p{L}\p{N}_-]+/u)).filter(Boolean);
      if (!tokens.includes(ref) || others.some((o) => o !== ref && tokens.includes(o))) return [];
      const word = tokens.find((t) => isCancelledWord(t, words));
      const status = reply.doc.find('@Status', node)[0]?.content.trim();
      const live = status && !PROCESSING_STATUSES.includes(status.toLowerCase()) ? status : undefined;
      const value = word ?? live;
      return value ? [{ at: `${at}[${n + 1}]`, value, cancelled: value === word }] : [];
    }),
  );
}

/**
 * What the booking's own parts and the read's warnings say of an item shown apart (or not at all):
 * an entry naming its reference (in TPA_Extensions) with a status and perhaps its activity, or a
 * warning naming it with one of the target's words for a cancelled item.
 */
export function itemNamedElsewhere(
  reply: ReplyReader,
  parts: readonly Part[],
  ref: string,
  words: readonly string[],
): { status?: Found<string>; activity?: Found<string>; at: string } | undefined {
  for (const entry of entriesNaming(reply, parts, ref)) {
    const status = reply.doc.find(STATUS_OF_ENTRY, entry.node)[0]?.content.trim();
    const activity = reply.doc.find('@TourActivityID | ota:BasicInfo/@TourActivityID', entry.node)[0]?.content.trim();
    if (status)
      return {
        at: entry.at,
        status: { at: entry.at, value: status },
        ...(activity ? { activity: { at: entry.at, value: activity } } : {}),
      };
  }
  const warned = warningsNaming(reply, ref, words)[0];
  return warned && { at: warned.at, status: warned };
}
