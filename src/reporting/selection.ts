// A selection as the reports name it: what narrowed a run below the scenarios of its claimed
// classes (tags, names, paths, a dry run, a shard). A selection's verdict is never CONFORMS.
import type { RunSelection } from './result';

/** The parts of a selection, without its text. */
export type SelectionParts = Omit<RunSelection, 'text'>;

/** `--tags "..." --name "..." paths ... --dry-run --shard 1/4` (of a merge: `shards 1/4, 3/4`). */
export function selectionText(selectionParts: SelectionParts): string {
  const parts: string[] = [];
  if (selectionParts.tags) parts.push(`--tags "${selectionParts.tags}"`);
  if (selectionParts.name?.length) parts.push(`--name ${selectionParts.name.map((n) => `"${n}"`).join(' ')}`);
  if (selectionParts.paths?.length) parts.push(`paths ${selectionParts.paths.join(' ')}`);
  if (selectionParts.dryRun) parts.push('--dry-run');
  if (selectionParts.shards?.length)
    parts.push(selectionParts.shards.length === 1 ? `--shard ${selectionParts.shards[0]}` : `shards ${selectionParts.shards.join(', ')}`);
  return parts.join(' ');
}

/** The selection of these parts, or undefined when nothing narrows the run. */
export function selectionOf(parts: SelectionParts): RunSelection | undefined {
  const kept: SelectionParts = {
    ...(parts.tags ? { tags: parts.tags } : {}),
    ...(parts.name?.length ? { name: parts.name } : {}),
    ...(parts.paths?.length ? { paths: parts.paths } : {}),
    ...(parts.dryRun ? { dryRun: true } : {}),
    ...(parts.shards?.length ? { shards: parts.shards } : {}),
  };
  return Object.keys(kept).length ? { text: selectionText(kept), ...kept } : undefined;
}

/** The selection apart from its shards, as a key: the shards of one run share it. */
export const selectionKey = (s: RunSelection | undefined): string => (s ? selectionText({ ...s, shards: undefined }) : '') || '(none)';

/** The note of a run narrowed by a selection (a merge replaces its shards' with its own, or none). */
export const selectionNote = (text: string) =>
  `selection ${text}: only the scenarios it selected ran; what it left out is not run, and its verdict is never a verdict on the whole profile`;
const SELECTION_NOTE = /^selection .*: only the scenarios it selected ran; /;
/** Whether a note is a selection's (a shard's, in a merge). */
export const isSelectionNote = (note: string) => SELECTION_NOTE.test(note);
