// Section 6 of the bench: where the time goes. (a) start-up part by part; (b, c) CPU profiles by
// category of the main job and of the latency-bound run with workers. Each part starts only when it
// is likely to end within the bench's time bound.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/run/config';
import type { ExchangeCount } from './exchanges';
import { latencyArgs, type LatencyRow } from './latency';
import type { MainJobFigures } from './main-job';
import { benchTempDir, runEnv, runNode, type ChildRun } from './processes';
import { summariseProfiles, type ProfileSummary } from './profile';
import {
  BUDGET_MS,
  RUNNER,
  runConformance,
  targetEnv,
  walls,
  withinBudget,
  withProxiedSandbox,
  xsdDir,
  type BenchContext,
  type RunHow,
} from './runs';
import { duration, median, percent, seconds } from './stats';
import { formatTable, type Cell } from './table';

/** What a parallel worker loads before its first scenario: cucumber's API, the profile, the compiled support code. */
const SUPPORT_LOAD = `
const { loadConfiguration, loadSupport } = require('@cucumber/cucumber/api');
(async () => {
  const { runConfiguration: rc } = await loadConfiguration({ file: 'cucumber.js', profiles: ['default'] }, { cwd: process.cwd() });
  rc.support.requireModules = [];
  rc.support.requirePaths = rc.support.requirePaths.map((p) => 'build/' + p.replace(/\\.ts$/, '.js'));
  await loadSupport(rc, { cwd: process.cwd() });
})().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });`;

interface StartupPart {
  label: string;
  args: string[];
  cwd?: string;
}

async function medianWall(benchContext: BenchContext, part: StartupPart, runs: number): Promise<{ ms: number; ok: boolean }> {
  const ms: number[] = [];
  let ok = true;
  for (let i = 0; i < runs; i++) {
    const childRun = await runNode(part.args, { cwd: part.cwd ?? PROJECT_ROOT, env: runEnv(), timeoutMs: benchContext.opts.runTimeoutMs });
    ok &&= childRun.code === 0;
    ms.push(childRun.wallMs);
  }
  return { ms: median(ms), ok };
}

async function schemaCompilation(): Promise<{ ms: number; schemas: number }> {
  const dir = xsdDir();
  if (!dir) return { ms: NaN, schemas: 0 };
  const { loadXml, XmlSchema } = require('../../src/xml/xml') as typeof import('../../src/xml/xml');
  const { OPERATIONS } = require('../../src/specification/operations') as typeof import('../../src/specification/operations');
  await loadXml();
  const roots = [...new Set(Object.values(OPERATIONS).map((o) => o.replyRoot))].filter((r) => existsSync(join(dir, `${r}.xsd`)));
  const t0 = performance.now();
  for (const root of roots) (await XmlSchema.load(join(dir, `${root}.xsd`))).dispose();
  return { ms: performance.now() - t0, schemas: roots.length };
}

async function startupParts(benchContext: BenchContext): Promise<string> {
  const runs = benchContext.opts.runs;
  const parts: StartupPart[] = [
    { label: 'node -e 0', args: ['-e', '0'] },
    { label: 'node scripts/build.js: the build check when nothing changed', args: ['scripts/build.js'] },
    { label: "the runner's modules, compiled", args: ['-e', "require('./build/src/run/runner')"] },
    { label: 'cucumber support code (what every --parallel worker loads), compiled', args: ['-e', SUPPORT_LOAD] },
  ];
  const rows: Cell[][] = [];
  for (const part of parts) {
    benchContext.progress(`bench: start-up part: ${part.label}`);
    const r = await medianWall(benchContext, part, runs);
    rows.push([part.label, duration(r.ms), r.ok ? 'a process of its own' : 'failed']);
  }
  const schema = await schemaCompilation();
  rows.push([
    `compiling the ${schema.schemas} OpenTravel reply schemas (libxml2-wasm)`,
    duration(schema.ms),
    'once per process that checks alignment',
  ]);
  return formatTable({
    title: `6a. Start-up, part by part (wall time, median of ${runs})`,
    headers: ['', 'wall', ''],
    rows,
  });
}

async function profileRun(
  benchContext: BenchContext,
  label: string,
  args: string[],
  how: RunHow = {},
): Promise<{ run: ChildRun; summary: ProfileSummary }> {
  const dir = join(benchTempDir('ota-bench-prof-'), 'profiles');
  mkdirSync(dir, { recursive: true });
  benchContext.progress(`bench: CPU profile of ${label}`);
  // Not NODE_OPTIONS (node refuses --cpu-prof there): on the command line, and cucumber's workers
  // inherit it with the rest of process.execArgv.
  const run = await runConformance(benchContext, args, {
    ...how,
    script: ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...(how.script ?? RUNNER)],
  });
  return { run, summary: summariseProfiles(dir) };
}

function profileText(title: string, p: { run: ChildRun; summary: ProfileSummary }, exchanges: number): string {
  const summary = p.summary;
  const rows: Cell[][] = [...summary.byCategory.entries()]
    .filter(([k]) => !k.startsWith('idle'))
    .sort((a, b) => b[1] - a[1])
    .map(([k, ms]) => [k, duration(ms), percent(ms, summary.busyMs), `${(ms / Math.max(1, exchanges)).toFixed(1)} ms`]);
  const idle = summary.byCategory.get('idle (waiting for I/O)') ?? 0;
  const categories = formatTable({
    title,
    headers: ['time on the main thread, by what the code is for', 'ms', 'share', 'per exchange'],
    rows: [...rows, ['all but idle', duration(summary.busyMs), '100 %', `${(summary.busyMs / Math.max(1, exchanges)).toFixed(1)} ms`]],
    notes: [
      `${summary.processes} process(es) profiled with node --cpu-prof (which slows them), wall ${seconds(p.run.wallMs)}, idle ${duration(idle)} in all.`,
      'Self time; a native frame (fsync, JSON.stringify, a RegExp) counts for the code that called it, so a blocking',
      "fsync of the Allure writer counts for the Allure formatter. The sandbox's time is in the runner when it is embedded.",
      'Times are the intervals between samples of each main thread: with more processes than cores they include waiting for one.',
    ],
  });
  const top: Cell[][] = [...summary.byFrame.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_FRAMES)
    .map(([f, ms]) => [f, duration(ms), percent(ms, summary.busyMs)]);
  return `${categories}\n\n${formatTable({ title: `${title}: the ${TOP_FRAMES} top frames by self time`, headers: ['frame', 'ms', 'share'], rows: top })}`;
}

/** Frames listed by the profile's second table. */
const TOP_FRAMES = 15;

export async function whereTheTimeGoes(
  benchContext: BenchContext,
  f: { main: MainJobFigures; count: ExchangeCount; latency: LatencyRow[]; bareMs: number; replayFile: string },
): Promise<string[]> {
  const mainMs = median(walls(f.main.main));
  // the --parallel the latency target is stated at (8) when measured, else the largest
  const pMax = benchContext.opts.parallel.includes(8) ? 8 : benchContext.opts.parallel[benchContext.opts.parallel.length - 1];
  const latTs = f.latency.find((r) => r.parallel === pMax);
  const skipped = (what: string) =>
    `${what}: skipped, the bench is near its time bound (${seconds(BUDGET_MS, 0)}); run it on a quieter machine.`;
  const startup = withinBudget(benchContext, (mainMs / 2) * benchContext.opts.runs)
    ? await startupParts(benchContext)
    : skipped('6a. Start-up, part by part');
  let profile = skipped('6b. CPU profile of the main job');
  if (withinBudget(benchContext, mainMs * 1.3)) {
    const p = await profileRun(benchContext, 'the main job', []);
    profile = profileText(`6b. CPU profile of the main job (sequential, ${f.count.total} exchanges)`, p, f.count.total);
  }
  let parallelProfile = pMax > 1 ? skipped(`6c. CPU profile of the latency-bound run, --parallel ${pMax}`) : '';
  if (pMax > 1 && withinBudget(benchContext, latTs?.run.wallMs ?? 60_000)) {
    const pr = await withProxiedSandbox(benchContext.opts.holdMs, (proxy) =>
      profileRun(benchContext, `the latency-bound run, --parallel ${pMax}`, latencyArgs(benchContext, pMax), { env: targetEnv(proxy.url) }),
    );
    parallelProfile = profileText(
      `6c. CPU profile of the latency-bound run, --parallel ${pMax} (${pr.summary.processes} processes: the runner and its workers)`,
      pr,
      latTs?.exchanges ?? f.count.total,
    );
  }
  return [startup, profile, parallelProfile].filter(Boolean);
}
