// Checks run in phases, each step timed: what `npm test` (scripts/test.ts) and `npm run quick`
// (scripts/quick.ts) share. A phase's steps do not depend on each other and run side by side, as
// many at a time as there are cores (each keeps one core busy: two on two cores halve the wall
// time); a step run alone writes to the console as it goes, steps side by side when they end. The
// first phase with a failed step stops the run, as `a && b && c` does, with that step's exit code.
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { PROJECT_ROOT } from '../src/run/config';

export interface Step {
  name: string;
  command: string;
  args: string[];
}

export interface Phase {
  name: string;
  steps: Step[];
}

export interface StepResult {
  name: string;
  ms: number;
  status: number;
}

export interface PhaseResult {
  name: string;
  ms: number;
  steps: StepResult[];
}

export interface PhasesResult {
  status: number;
  totalMs: number;
  cores: number;
  load: { start: number; end: number };
  phases: PhaseResult[];
}

/** `npm run <script>`, quietly (npm's own header lines left out). */
export const npmRun = (script: string, ...args: string[]): Step => ({
  name: script,
  command: 'npm',
  args: ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])],
});

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function runStep(step: Step, buffered: boolean): Promise<StepResult> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(step.command, step.args, { cwd: PROJECT_ROOT, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => out.push(b));
    child.on('error', (e) => out.push(Buffer.from(`${step.name}: ${e.message}\n`)));
    child.on('close', (code, signal) => {
      const ms = performance.now() - t0;
      const status = code ?? (signal ? 128 : 1);
      if (buffered) {
        process.stdout.write(`\n== ${step.name}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`}, ${seconds(ms)}\n`);
        process.stdout.write(Buffer.concat(out));
      }
      resolve({ name: step.name, ms, status });
    });
  });
}

async function runPhase(phase: Phase, width: number): Promise<StepResult[]> {
  if (phase.steps.length === 1) return [await runStep(phase.steps[0], false)];
  const queue = [...phase.steps];
  const results = new Map<string, StepResult>();
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) results.set(step.name, await runStep(step, true));
  };
  await Promise.all(Array.from({ length: Math.min(width, queue.length) }, lane));
  return phase.steps.map((s) => results.get(s.name)!);
}

/** Runs the phases in order, until one fails. */
export async function runPhases(phases: readonly Phase[]): Promise<PhasesResult> {
  const cores = Math.max(1, availableParallelism());
  const start = loadavg()[0];
  const t0 = performance.now();
  const done: PhaseResult[] = [];
  let status = 0;
  for (const phase of phases.filter((p) => p.steps.length > 0)) {
    const p0 = performance.now();
    const steps = await runPhase(phase, cores);
    done.push({ name: phase.name, ms: performance.now() - p0, steps });
    const failed = steps.find((s) => s.status !== 0);
    if (failed) {
      status = failed.status;
      break;
    }
  }
  return { status, totalMs: performance.now() - t0, cores, load: { start, end: loadavg()[0] }, phases: done };
}

/** Where the time went: one line per phase, its steps when they ran side by side. */
export function timesText(what: string, phasesResult: PhasesResult): string {
  const lines = phasesResult.phases.map(
    (p) =>
      `  ${p.name}: ${seconds(p.ms)}${p.steps.length > 1 ? ` (${p.steps.map((s) => `${s.name} ${seconds(s.ms)}`).join(', ')}; ${phasesResult.cores} at a time)` : ''}`,
  );
  return (
    `${what} ${phasesResult.status === 0 ? 'passed' : `FAILED (exit ${phasesResult.status})`} in ${seconds(phasesResult.totalMs)} on ${phasesResult.cores} cores ` +
    `(load average ${phasesResult.load.start.toFixed(1)} at the start, ${phasesResult.load.end.toFixed(1)} at the end):\n${lines.join('\n')}`
  );
}
