// The runs of npm run mutants: the baseline (no fault), each fault, each variant (alone or a
// combined dialect) and the fault × variant cells; each run judged as it finishes, with one line.
import type { FaultDef } from '../../sandbox/src/faults';
import type { MutantsOptions } from './args';
import type { CellPool } from './cell-pool';
import { judgeFault, judgeVariant, openMusts } from './judge';
import type { Cell, DialectRun } from './matrix';
import { runSuite, type RunOutcome } from './run-suite';

export type Job = { kind: 'baseline' } | { kind: 'fault'; f: FaultDef } | { kind: 'variant'; v: DialectRun } | { kind: 'cell'; cell: Cell };

export interface JobResult {
  job: Job;
  run: RunOutcome;
  /** Baseline clean, fault caught, variant judged fairly, cell caught. */
  ok: boolean;
  detail: string;
  /** A variant run: no MUST requirement left open. */
  decided?: boolean;
}

/** --matrix: only the fault × variant cells; the default run: baseline, faults, variants, then the fixed sample of cells. */
export function planJobs(
  opts: MutantsOptions,
  faults: readonly FaultDef[],
  variants: readonly DialectRun[],
  cells: readonly Cell[],
): Job[] {
  if (opts.matrix) return cells.map((cell) => ({ kind: 'cell' as const, cell }));
  return [
    { kind: 'baseline' },
    ...faults.map((f) => ({ kind: 'fault' as const, f })),
    ...variants.map((v) => ({ kind: 'variant' as const, v })),
    ...cells.map((cell) => ({ kind: 'cell' as const, cell })),
  ];
}

/** Where the runs go and how they are made. */
export interface JobContext {
  opts: MutantsOptions;
  /** The folder of the runs' reports. */
  root: string;
  warm: CellPool | undefined;
}

/** A fault's runEnv configures what its run needs (the slow reply outlasts the time-out; the real Instance). */
function faultEnv(faultDef: FaultDef, opts: MutantsOptions): Record<string, string> {
  return {
    OTA_SANDBOX_FAULTS: faultDef.name,
    ...(opts.under.length ? { OTA_SANDBOX_VARIANTS: opts.under.join(',') } : {}),
    ...(faultDef.runEnv ?? {}),
  };
}

/**
 * Only the scenarios of the requirements a fault declares; booking faults also need other bookings
 * in the store (a read that returns another booking).
 */
function faultTags(faultDef: FaultDef, opts: MutantsOptions): string | undefined {
  return opts.full
    ? undefined
    : [...faultDef.breaks.map((r) => `@req:${r}`), ...(faultDef.area === 'booking' ? ['@creates-booking'] : [])].join(' or ');
}

async function runBaseline(job: Job, jobContext: JobContext): Promise<JobResult> {
  const run = await runSuite(jobContext.root, 'baseline', {}, undefined, jobContext.warm);
  const ok = run.exitCode === 0 && run.result?.verdict === 'CONFORMS' && run.result.warnings === 0;
  console.log(
    `baseline: ${ok ? 'CONFORMS, no warning' : `NOT CLEAN: ${run.result?.verdict ?? `exit ${run.exitCode}`} ${run.result?.verdictReason ?? ''}`} (${run.seconds.toFixed(0)} s)`,
  );
  return { job, run, ok, detail: run.result?.verdictReason ?? '' };
}

async function runCell(job: Job & { kind: 'cell' }, jobContext: JobContext): Promise<JobResult> {
  const { fault, column, variants: on } = job.cell;
  const env = { ...faultEnv(fault, jobContext.opts), OTA_SANDBOX_VARIANTS: on.join(',') };
  const run = await runSuite(jobContext.root, `cell-${fault.name}-${column}`, env, faultTags(fault, jobContext.opts), jobContext.warm);
  const j = judgeFault(fault, run);
  if (!j.caught) console.log(`fault ${fault.name} with ${column}: MISSED (exit ${run.exitCode}; not failed: ${j.missed.join(', ')})`);
  return { job, run, ok: j.caught, detail: j.caught ? j.by.join(', ') : `not failed: ${j.missed.join(', ')}` };
}

async function runFault(job: Job & { kind: 'fault' }, jobContext: JobContext): Promise<JobResult> {
  const run = await runSuite(
    jobContext.root,
    `fault-${job.f.name}`,
    faultEnv(job.f, jobContext.opts),
    faultTags(job.f, jobContext.opts),
    jobContext.warm,
  );
  const j = judgeFault(job.f, run);
  console.log(
    `fault ${job.f.name}: ${j.caught ? `caught by ${j.by.join(', ')}` : `ESCAPED (exit ${run.exitCode}; not failed: ${j.missed.join(', ')})`} (${run.seconds.toFixed(0)} s)`,
  );
  const detail = j.caught
    ? j.by.join(', ')
    : `not failed: ${j.missed.join(', ')}; exit ${run.exitCode}, ${run.result?.scenarios.length ?? 0} scenarios`;
  return { job, run, ok: j.caught, detail };
}

async function runVariant(job: Job & { kind: 'variant' }, jobContext: JobContext): Promise<JobResult> {
  const run = await runSuite(
    jobContext.root,
    `variant-${job.v.name}`,
    { OTA_SANDBOX_VARIANTS: job.v.switchedOn.join(',') },
    undefined,
    jobContext.warm,
  );
  const j = judgeVariant(job.v, run);
  const open = openMusts(run);
  const decided = open.length ? `; MUST open: ${open.join(', ')}` : '';
  console.log(`variant ${job.v.name}: ${j.fair ? 'judged fairly' : 'JUDGED UNFAIRLY'}: ${j.why}${decided} (${run.seconds.toFixed(0)} s)`);
  return { job, run, ok: j.fair, detail: j.why + decided, decided: !!run.result && open.length === 0 };
}

/** Runs one job and judges it. */
export function runJob(job: Job, jobContext: JobContext): Promise<JobResult> {
  if (job.kind === 'baseline') return runBaseline(job, jobContext);
  if (job.kind === 'cell') return runCell(job, jobContext);
  if (job.kind === 'fault') return runFault(job, jobContext);
  return runVariant(job, jobContext);
}
