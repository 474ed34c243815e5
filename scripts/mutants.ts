// `npm run mutants [-- --only <fault,...>] [--jobs <n>] [--full]`
// Proves the suite can fail. Runs the suite against the sandbox once without faults (every
// scenario must pass: no false failure) and once per fault of sandbox/src/faults.ts. A fault is
// caught only when a scenario tagged with a requirement the fault breaks fails AND its failure
// names that requirement; a failure elsewhere does not count. Prints the table and the score;
// exits non-zero when a fault escapes or the baseline fails.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAULTS, type FaultDef } from '../sandbox/src/faults';
import { PROJECT_ROOT } from '../src/run/config';
import type { ScenarioResult } from '../src/reporting/summary';

interface Outcome {
  name: string;
  area: string;
  breaks: string[];
  exitCode: number;
  seconds: number;
  scenarios: ScenarioResult[];
  caughtBy: string[];
  failedElsewhere: number;
}

const out = join(PROJECT_ROOT, 'reports', 'mutants');

function parseArgs(argv: string[]) {
  const opts = { only: [] as string[], jobs: Math.max(1, cpus().length), full: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') opts.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (argv[i] === '--jobs') opts.jobs = Math.max(1, Number(argv[++i]) || 1);
    else if (argv[i] === '--full') opts.full = true;
    else throw new Error(`unknown argument ${argv[i]}; use --only <fault,...>, --jobs <n>, --full`);
  }
  const unknown = opts.only.filter((n) => !FAULTS.some((f) => f.name === n));
  if (unknown.length) throw new Error(`unknown fault(s) ${unknown.join(', ')}; known: ${FAULTS.map((f) => f.name).join(', ')}`);
  return opts;
}

/** One suite run against the embedded sandbox with the given faults; resolves with its results. */
function runSuite(label: string, faults: string[], tags: string | undefined, extraEnv: Record<string, string> = {}): Promise<Omit<Outcome, 'area' | 'breaks' | 'caughtBy' | 'failedElsewhere'>> {
  const dir = join(out, label);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    OTA_BASE_URL: '',
    OTA_SANDBOX_FAULTS: faults.join(','),
    OTA_REPORTS_DIR: dir,
    OTA_LEDGER_FILE: join(dir, 'ledger.jsonl'),
    ...extraEnv,
  };
  const args = ['-r', 'ts-node/register/transpile-only', join(PROJECT_ROOT, 'scripts/conformance.ts'), '--profile', 'default'];
  if (tags) args.push('--tags', tags);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('close', (code) => {
      writeFileSync(join(dir, 'console.log'), log);
      const summaryFile = join(dir, 'summary.json');
      const scenarios: ScenarioResult[] = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')).scenarios : [];
      resolve({ name: label, exitCode: code ?? -1, seconds: (Date.now() - started) / 1000, scenarios });
    });
  });
}

async function pool<T, R>(items: T[], jobs: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

function judge(f: FaultDef, run: Awaited<ReturnType<typeof runSuite>>): Outcome {
  const failed = run.scenarios.filter((s) => s.status === 'failed');
  const caughtBy = failed
    .filter((s) => s.reqs.some((r) => f.breaks.includes(r)) && f.breaks.some((r) => (s.message ?? '').includes(r)))
    .map((s) => s.name);
  return { ...run, area: f.area, breaks: [...f.breaks], caughtBy, failedElsewhere: failed.length - caughtBy.length };
}

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  const faults = opts.only.length ? FAULTS.filter((f) => opts.only.includes(f.name)) : [...FAULTS];
  mkdirSync(out, { recursive: true });
  const t0 = Date.now();
  console.log(`Mutation run: the baseline and ${faults.length} faults, ${opts.jobs} at a time${opts.full ? ', whole suite each' : ', the scenarios of the broken requirements each'}.`);

  // The slow-reply fault must outlast the suite's timeout, and nothing else may.
  const envFor = (f: FaultDef): Record<string, string> => (f.name === 'slow-reply' ? { OTA_REQUEST_TIMEOUT_MS: '1500', SANDBOX_SLOW_MS: '4000' } : {});
  const [baseline, ...runs] = await pool([undefined, ...faults], opts.jobs, (f) =>
    f ? runSuite(f.name, [f.name], opts.full ? undefined : f.breaks.map((r) => `@req:${r}`).join(' or '), envFor(f)) : runSuite('baseline', [], undefined),
  );
  const outcomes = runs.map((r, i) => judge(faults[i], r!));

  const baseFailed = baseline!.scenarios.filter((s) => s.status !== 'passed' && s.status !== 'skipped');
  const baseOk = baseline!.exitCode === 0 && baseline!.scenarios.length > 0 && baseFailed.length === 0;
  const rows = [
    ['fault', 'area', 'breaks', 'caught', 'caught by (scenarios that failed naming the requirement)'],
    ...outcomes.map((o) => [o.name, o.area, o.breaks.join(' '), o.caughtBy.length ? 'yes' : 'NO', o.caughtBy.length ? `${o.caughtBy.length}: ${o.caughtBy.slice(0, 2).join('; ')}${o.caughtBy.length > 2 ? '; …' : ''}` : `exit ${o.exitCode}, ${o.scenarios.length} scenarios run`]),
  ];
  const widths = rows[0].map((_, c) => Math.min(60, Math.max(...rows.map((r) => r[c].length))));
  const line = (r: string[]) => r.map((v, c) => (c === r.length - 1 ? v : v.padEnd(widths[c]))).join('  ');
  console.log(`\nBaseline (no fault): ${baseline!.scenarios.length} scenarios, ${baseFailed.length} failed, ${baseline!.scenarios.filter((s) => s.status === 'skipped').length} skipped — ${baseOk ? 'no false failure' : 'FALSE FAILURES'}`);
  for (const s of baseFailed) console.log(`  failed without any fault: ${s.name}\n    ${(s.message ?? '').split('\n').slice(0, 4).join('\n    ')}`);
  console.log(`\n${rows.map(line).join('\n')}`);

  const caught = outcomes.filter((o) => o.caughtBy.length > 0).length;
  writeFileSync(join(out, 'score.json'), JSON.stringify({ caught, total: outcomes.length, baseline: { scenarios: baseline!.scenarios.length, failed: baseFailed.length }, seconds: (Date.now() - t0) / 1000, outcomes: outcomes.map(({ scenarios, ...o }) => o) }, null, 2));
  console.log(`\n${((Date.now() - t0) / 1000).toFixed(0)} s. Reports of each run: reports/mutants/<fault>/.`);
  console.log(`mutation score: ${caught}/${outcomes.length} faults caught, ${baseOk ? 'no false failure' : `${baseFailed.length} false failure(s)`}`);
  return caught === outcomes.length && baseOk ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error((e as Error).message);
    process.exit(2);
  },
);
