// How the ledger file and lists of booking references read in the run's messages and summary.json.
import { isAbsolute, relative } from 'node:path';
import type { RunContext } from '../run/run-context';
import { PROJECT_ROOT } from '../run/config';

/** The ledger file as messages and summary.json show it: relative to the project when inside it. */
export function ledgerShown(ctx: RunContext): string {
  const rel = relative(PROJECT_ROOT, ctx.config.ledgerFile);
  return rel.startsWith('..') || isAbsolute(rel) ? ctx.config.ledgerFile : rel;
}

/** References for a message line: the first few, and how many more. */
export const refsShown = (refs: string[], max = 5) =>
  refs.length > max ? `${refs.slice(0, max).join(', ')} and ${refs.length - max} more` : refs.join(', ');
