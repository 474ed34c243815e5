// How a mutants run is judged: a fault is caught when every requirement it declares failed; a
// variant is judged fairly when the run says CONFORMS with at most its declared warnings; a run is
// decided when no MUST requirement is left open.
import { join } from 'node:path';
import type { FaultDef } from '../../sandbox/src/faults';
import type { VariantDef } from '../../sandbox/src/variants';
import { REQUIREMENTS } from '../../src/specification/requirements';
import type { RunOutcome } from './run-suite';

/** Requirements that failed in a run: MUST failures and SHOULD warnings. */
const failed = (r: RunOutcome, level?: string) =>
  (r.result?.requirements ?? []).filter((q) => q.outcome === 'failed' && (!level || q.level === level));

/** Caught only when EVERY requirement the fault declares failed (a warning, for a SHOULD) with findings. */
export function judgeFault(faultDef: FaultDef, run: RunOutcome): { caught: boolean; by: string[]; missed: string[] } {
  const hit = failed(run).filter((q) => (faultDef.breaks as readonly string[]).includes(q.id) && q.findings.length > 0);
  const by = hit.map((q) => `${q.id} (${q.level === 'MUST' ? 'failed' : 'warning'})`);
  const missed = faultDef.breaks.filter((id) => !hit.some((q) => q.id === id));
  return { caught: missed.length === 0, by, missed };
}

/** MUST requirements a run left open (cannot tell, or untested though testable): a decided run has none. */
export const openMusts = (run: RunOutcome): string[] =>
  (run.result?.requirements ?? [])
    .filter((q) => q.level === 'MUST' && (q.outcome === 'cantTell' || (q.outcome === 'untested' && !isUntestable(q.id))))
    .map((q) => q.id);
const isUntestable = (id: string) => REQUIREMENTS.some((q) => q.id === id && 'untestable' in q && !!q.untestable);

export function judgeVariant(variantDef: VariantDef, run: RunOutcome): { fair: boolean; why: string } {
  if (!run.result) return { fair: false, why: `no result (exit ${run.exitCode}): see ${join(run.dir, 'console.log')}` };
  const must = failed(run, 'MUST').map((q) => q.id);
  const unexpected = failed(run, 'SHOULD')
    .map((q) => q.id)
    .filter((id) => !(variantDef.expectedWarnings as readonly string[]).includes(id));
  if (run.exitCode !== 0) return { fair: false, why: `${run.result.verdict} (exit ${run.exitCode}): ${run.result.verdictReason}` };
  if (must.length || unexpected.length) return { fair: false, why: `undeclared findings: ${[...must, ...unexpected].join(', ')}` };
  return { fair: true, why: `${run.result.verdict}${run.result.warnings ? ` with ${run.result.warnings} declared warning(s)` : ''}` };
}
