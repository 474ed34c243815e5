// `npm run bench`: how fast the suite is, measured by a benchmark, not by timed tests (issue 12,
// item 5). Every run is a child process with its own temp reports and ledger (reports/ and
// .ledger/ are never touched); figures are medians of --runs runs; tables go to stdout, progress
// to stderr. Sections:
//   1. the exchanges of a default run, counted at a proxy in front of a sandbox;
//   2. the main job against a bare loop doing the same exchanges, and the time to the first scenario;
//   3. a latency-bound table: every reply held --hold-ms, for each --parallel value, beside the ideal;
//   4. peak memory per process (runner, each worker);
//   5. the targets, MET or NOT MET;
//   6. where the time goes: start-up parts, a CPU profile by category, and a precompiled copy of
//      the project (what compiling once instead of transpiling in every process would give).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { BenchOptions } from './args';
import { buildCompiledTree, type CompiledTree } from './compiled';
import { benchTempDir, outcomeLine, runEnv, runNode, type ChildRun, type ProcessPeak } from './processes';
import { summariseProfiles, type ProfileSummary } from './profile';
import { isRunnerOwn, startCountingProxy, type CountingProxy, type RecordedExchange } from './proxy';
import { duration, idealMs, median, megabytes, percent, ratio, seconds, target, times, verdictWord } from './stats';
import { formatTable, type Cell } from './table';
import type { BareLoopResult } from './bare-loop';

export const PROJECT_ROOT = resolve(__dirname, '..', '..');
const TS_NODE = ['-r', 'ts-node/register/transpile-only'];
const RUNNER = [...TS_NODE, 'scripts/conformance.ts'];
/** A tag no scenario has: the run does everything but run a scenario (exit 2, "no scenario matched"). */
export const NO_MATCH_TAGS = '@no-such-tag';
const SAMPLE_MS = 100;

type Print = (text: string) => void;

interface Ctx {
  opts: BenchOptions;
  print: Print;
  progress: Print;
  started: number;
  /** Soft bound of the whole bench: optional analysis is skipped past it. */
  budgetMs: number;
}

const elapsed = (c: Ctx) => performance.now() - c.started;

// ---------------------------------------------------------------------------------------------
// Targets: the embedded sandbox, or a sandbox of the bench's own behind the counting proxy.

type SandboxModule = typeof import('../../sandbox/src/index');
const sandboxModule = () => require('../../sandbox/src/index') as SandboxModule;

/** The environment that points the runner at a target with the sandbox's credentials. */
function targetEnv(baseUrl: string): Record<string, string> {
  const c = sandboxModule().SANDBOX_CREDENTIALS;
  return {
    OTA_BASE_URL: baseUrl,
    OTA_REQUESTOR_ID: c.requestorId,
    OTA_REQUESTOR_CONTEXT: c.requestorContext,
    OTA_USER: c.user,
    OTA_PASSWORD: c.password,
  };
}

/** A fresh sandbox (fresh booking store) behind a fresh proxy, for one run. */
async function withProxiedSandbox<T>(holdMs: number, fn: (proxy: CountingProxy) => Promise<T>): Promise<T> {
  const { startSandbox, SANDBOX_CREDENTIALS } = sandboxModule();
  const sb = await startSandbox({ port: 0, credentials: { ...SANDBOX_CREDENTIALS } });
  const proxy = await startCountingProxy(sb.baseUrl, { holdMs });
  try {
    return await fn(proxy);
  } finally {
    await proxy.close();
    await sb.close();
  }
}

/** The schemas folder a default run uses (passed explicitly to the precompiled copy, which lives elsewhere). */
function xsdDir(): string | undefined {
  const beside = resolve(PROJECT_ROOT, '../shared/ota-xsd/2016B');
  return existsSync(beside) ? beside : undefined;
}

function runConformance(c: Ctx, args: string[], env: Record<string, string | undefined> = {}, cwd = PROJECT_ROOT, script = RUNNER) {
  return runNode([...script, ...args], { cwd, env: runEnv(env), timeoutMs: c.opts.runTimeoutMs, sampleMs: SAMPLE_MS });
}

// ---------------------------------------------------------------------------------------------
// 1. The exchanges of a default run

export interface ExchangeCount {
  total: number;
  /** Preflight GET and the 404 probe. */
  runnerOwn: number;
  scenario: number;
  byPath: Map<string, number>;
  /** ms from spawn to the first scenario exchange at the proxy. */
  firstScenarioRequestMs?: number;
}

export function countExchanges(exchanges: readonly RecordedExchange[], spawnedAt?: number): ExchangeCount {
  const byPath = new Map<string, number>();
  let runnerOwn = 0;
  let first: number | undefined;
  for (const x of exchanges) {
    if (isRunnerOwn(x)) runnerOwn++;
    else first ??= x.at;
    const key = `${x.method} ${x.path}`;
    byPath.set(key, (byPath.get(key) ?? 0) + 1);
  }
  return {
    total: exchanges.length,
    runnerOwn,
    scenario: exchanges.length - runnerOwn,
    byPath,
    firstScenarioRequestMs: first !== undefined && spawnedAt !== undefined ? first - spawnedAt : undefined,
  };
}

async function captureDefaultRun(c: Ctx): Promise<{ run: ChildRun; count: ExchangeCount; replayFile: string }> {
  c.progress('bench: counting the exchanges of a default run (a sandbox behind a counting proxy)');
  return withProxiedSandbox(0, async (proxy) => {
    const spawnedAt = performance.now();
    const run = await runConformance(c, [], targetEnv(proxy.url));
    const count = countExchanges(proxy.exchanges, spawnedAt);
    const replayFile = join(benchTempDir('ogc-bench-replay-'), 'exchanges.json');
    writeFileSync(replayFile, JSON.stringify(proxy.exchanges.map(({ method, path, body }) => ({ method, path, body }))));
    return { run, count, replayFile };
  });
}

function exchangesTable(count: ExchangeCount, run: ChildRun): string {
  const rows: Cell[][] = [...count.byPath.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, n]);
  return formatTable({
    title: '1. Exchanges of a default run (npm run conformance; counted at a proxy in front of a sandbox)',
    headers: ['request', 'exchanges'],
    rows: [
      ...rows,
      ['all', count.total],
      ["of which the runner's own (preflight GET, 404 probe)", count.runnerOwn],
      ["of which the scenarios'", count.scenario],
    ],
    notes: [`Run: ${outcomeLine(run)} (${seconds(run.wallMs)} through the proxy).`],
  });
}

// ---------------------------------------------------------------------------------------------
// 2. Main job against the bare loop; time to the first scenario

interface MainJobFigures {
  main: ChildRun[];
  startup: ChildRun[];
  bare: Array<{ run: ChildRun; result?: BareLoopResult }>;
}

async function mainJob(c: Ctx, replayFile: string): Promise<MainJobFigures> {
  const f: MainJobFigures = { main: [], startup: [], bare: [] };
  // Interleaved, so that a burst of load elsewhere spreads over the three.
  for (let i = 1; i <= c.opts.runs; i++) {
    c.progress(`bench: main job ${i}/${c.opts.runs}`);
    f.main.push(await runConformance(c, []));
    c.progress(`bench: bare loop ${i}/${c.opts.runs}`);
    const run = await runNode([...TS_NODE, 'src/bench/bare-loop.ts', replayFile], {
      cwd: PROJECT_ROOT,
      env: runEnv(),
      timeoutMs: c.opts.runTimeoutMs,
      sampleMs: SAMPLE_MS,
    });
    let result: BareLoopResult | undefined;
    try {
      result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as BareLoopResult;
    } catch {
      result = undefined;
    }
    f.bare.push({ run, result });
    c.progress(`bench: start-up (--tags ${NO_MATCH_TAGS}) ${i}/${c.opts.runs}`);
    f.startup.push(await runConformance(c, ['--tags', NO_MATCH_TAGS]));
  }
  return f;
}

const walls = (runs: readonly ChildRun[]) => runs.map((r) => r.wallMs);
const list = (runs: readonly ChildRun[]) => runs.map((r) => (r.wallMs / 1000).toFixed(1)).join(', ');

function mainJobTable(f: MainJobFigures, count: ExchangeCount, capture: ChildRun): { text: string; mainMs: number; bareMs: number } {
  const mainMs = median(walls(f.main));
  const bareMs = median(f.bare.map((b) => b.run.wallMs));
  const loopMs = median(f.bare.map((b) => b.result?.loopMs ?? NaN));
  const bareStart = median(f.bare.map((b) => b.result?.startupMs ?? NaN));
  const bare = f.bare.find((b) => b.result)?.result;
  const firstLine = median(f.main.map((r) => r.firstScenarioMs ?? NaN));
  const text = formatTable({
    title: '2. Main job against the bare loop (wall time, median)',
    headers: ['', 'median', 'runs (s)', 'what'],
    rows: [
      ['main job: npm run conformance, embedded sandbox', seconds(mainMs), list(f.main), outcomeLine(f.main[0])],
      [
        `bare loop: the same ${bare?.exchanges ?? count.total} exchanges, one process`,
        seconds(bareMs),
        list(f.bare.map((b) => b.run)),
        bare
          ? `start-up ${duration(bareStart)}, loop ${duration(loopMs)}; ${bare.parsed} replies parsed, ${bare.notXml} not XML`
          : 'failed',
      ],
      ['ratio main job / bare loop', times(ratio(mainMs, bareMs)), '', ''],
      [
        `time to the first scenario: --tags ${NO_MATCH_TAGS} (whole run)`,
        seconds(median(walls(f.startup))),
        list(f.startup),
        outcomeLine(f.startup[0]),
      ],
      ['  main job: first scenario finished (first progress line)', seconds(firstLine), '', ''],
      [
        '  main job: first scenario request reached the target',
        seconds(count.firstScenarioRequestMs ?? NaN),
        '',
        'counted run, through the proxy',
      ],
    ],
    notes: [
      `The bare loop replays the request bodies the suite sent in the counted run (${count.total} exchanges, ${count.runnerOwn} of them`,
      `the runner's own), with undici keep-alive, libxml2-wasm parsing and three XPath queries per reply; it runs under`,
      `ts-node too and includes its own start-up (sandbox, libxml2-wasm). The counted run took ${seconds(capture.wallMs)} through the proxy.`,
    ],
  });
  return { text, mainMs, bareMs };
}

// ---------------------------------------------------------------------------------------------
// 3. Latency-bound: every reply held holdMs

interface LatencyRow {
  parallel?: number;
  run: ChildRun;
  exchanges: number;
  idealMs: number;
}

async function latencyRun(
  c: Ctx,
  parallel: number | undefined,
  label: string,
  cwd = PROJECT_ROOT,
  script = RUNNER,
  extraEnv: Record<string, string | undefined> = {},
): Promise<LatencyRow> {
  return withProxiedSandbox(c.opts.holdMs, async (proxy) => {
    c.progress(`bench: latency-bound, every reply held ${c.opts.holdMs} ms, ${label}`);
    const args = [...(parallel ? ['--parallel', String(parallel)] : []), ...(c.opts.latencyTags ? ['--tags', c.opts.latencyTags] : [])];
    const run = await runConformance(c, args, { ...targetEnv(proxy.url), ...extraEnv }, cwd, script);
    const exchanges = proxy.exchanges.length;
    return { parallel, run, exchanges, idealMs: idealMs(exchanges, c.opts.holdMs, parallel ?? 1) };
  });
}

async function latencyTable(c: Ctx): Promise<LatencyRow[]> {
  const rows: LatencyRow[] = [];
  if (c.opts.sequential) rows.push(await latencyRun(c, undefined, 'sequential'));
  for (const p of c.opts.parallel) rows.push(await latencyRun(c, p, `--parallel ${p}`));
  return rows;
}

function latencyText(c: Ctx, rows: LatencyRow[]): string {
  const selection = c.opts.latencyTags ? `the selection --tags "${c.opts.latencyTags}"` : 'the full default run';
  return formatTable({
    title: `3. Latency-bound: every reply held ${c.opts.holdMs} ms (${selection}; one run each)`,
    headers: ['--parallel', 'exchanges', 'wall', 'ideal', 'wall / ideal', 'workers', 'outcome'],
    rows: rows.map((r) => [
      r.parallel ?? 'none (sequential)',
      r.exchanges,
      seconds(r.run.wallMs),
      seconds(r.idealMs),
      times(ratio(r.run.wallMs, r.idealMs)),
      r.run.peaks.filter((p) => p.role === 'worker').length,
      outcomeLine(r.run),
    ]),
    notes: [
      `ideal = exchanges x ${c.opts.holdMs} ms / parallel (the runner's own preflight and probe are counted as exchanges too);`,
      'every run has a fresh sandbox behind a proxy that holds each reply before forwarding it.',
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// 4. Peak memory

function peakRows(label: string, peaks: ProcessPeak[]): Cell[][] {
  const runner = peaks.filter((p) => p.role === 'runner');
  const workers = peaks.filter((p) => p.role === 'worker');
  const rows: Cell[][] = [];
  if (runner.length) rows.push([label, 'main process', 1, megabytes(Math.max(...runner.map((p) => p.hwmKb))), '']);
  if (workers.length)
    rows.push([
      label,
      'cucumber worker',
      workers.length,
      megabytes(Math.max(...workers.map((p) => p.hwmKb))),
      `median ${megabytes(median(workers.map((p) => p.hwmKb)))}; all processes together ${megabytes(peaks.reduce((s, p) => s + p.hwmKb, 0))}`,
    ]);
  return rows;
}

function memoryText(f: MainJobFigures, latency: LatencyRow[]): string {
  const maxByRole = (runs: ChildRun[]) => {
    const best = new Map<string, ProcessPeak>();
    for (const r of runs) for (const p of r.peaks) if (!best.has(p.role) || best.get(p.role)!.hwmKb < p.hwmKb) best.set(p.role, p);
    return [...best.values()];
  };
  const rows: Cell[][] = [
    ...peakRows('main job (sequential)', maxByRole(f.main)),
    ...peakRows(
      'bare loop',
      maxByRole(f.bare.map((b) => b.run)).map((p) => ({ ...p })),
    ),
  ];
  for (const r of latency)
    rows.push(...peakRows(r.parallel ? `latency-bound, --parallel ${r.parallel}` : 'latency-bound, sequential', r.run.peaks));
  return formatTable({
    title: '4. Peak memory (max RSS: VmHWM sampled from /proc every 100 ms)',
    headers: ['run', 'process', 'count', 'peak', ''],
    rows,
    notes: ['The main job row is the highest of its runs; in a sequential run the embedded sandbox lives in the runner process.'],
  });
}

// ---------------------------------------------------------------------------------------------
// 5. Targets

interface TargetFigures {
  mainMs: number;
  bareMs: number;
  latency?: LatencyRow;
}

function targetsText(c: Ctx, t: TargetFigures): string {
  const main = target(t.mainMs, t.bareMs);
  const rows: Cell[][] = [
    [
      'main job <= 1.5 x bare loop + 1 s',
      seconds(t.mainMs),
      `${seconds(main.limitMs)} (bare loop ${seconds(t.bareMs)})`,
      verdictWord(main),
    ],
  ];
  if (t.latency) {
    const lat = target(t.latency.run.wallMs, t.latency.idealMs);
    rows.push([
      `latency-bound --parallel ${t.latency.parallel} <= 1.5 x ideal + 1 s`,
      seconds(t.latency.run.wallMs),
      `${seconds(lat.limitMs)} (ideal ${seconds(t.latency.idealMs)})`,
      verdictWord(lat),
    ]);
  }
  const notes = [
    `Machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end; figures are noisy when it is shared.`,
  ];
  if (t.latency?.parallel !== 8)
    notes.push('The issue states the latency target for --parallel 8; the largest --parallel measured is shown.');
  if (c.opts.latencyTags) notes.push(`The latency-bound figure is of the selection --tags "${c.opts.latencyTags}", not the full run.`);
  return formatTable({ title: '5. Targets (issue 12, item 5)', headers: ['target', 'measured', 'limit', ''], rows, notes });
}

// ---------------------------------------------------------------------------------------------
// 6. Where the time goes

const SUPPORT_LOAD = `
const { loadConfiguration, loadSupport } = require('@cucumber/cucumber/api');
(async () => {
  const { runConfiguration } = await loadConfiguration({ file: 'cucumber.js', profiles: ['default'] }, { cwd: process.cwd() });
  await loadSupport(runConfiguration, { cwd: process.cwd() });
})().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });`;

interface StartupPart {
  label: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string | undefined>;
}

async function medianOf(c: Ctx, part: StartupPart, runs: number): Promise<{ ms: number; ok: boolean }> {
  const ms: number[] = [];
  let ok = true;
  for (let i = 0; i < runs; i++) {
    const r = await runNode(part.args, { cwd: part.cwd ?? PROJECT_ROOT, env: runEnv(part.env), timeoutMs: c.opts.runTimeoutMs });
    ok &&= r.code === 0;
    ms.push(r.wallMs);
  }
  return { ms: median(ms), ok };
}

async function schemaCompilationMs(): Promise<{ ms: number; schemas: number }> {
  const dir = xsdDir();
  if (!dir) return { ms: NaN, schemas: 0 };
  const { loadXml, XmlSchema } = require('../xml/xml') as typeof import('../xml/xml');
  const { OPERATIONS } = require('../spec/operations') as typeof import('../spec/operations');
  await loadXml();
  const roots = [...new Set(Object.values(OPERATIONS).map((o) => o.replyRoot))].filter((r) => existsSync(join(dir, `${r}.xsd`)));
  const t0 = performance.now();
  for (const r of roots) (await XmlSchema.load(join(dir, `${r}.xsd`))).dispose();
  return { ms: performance.now() - t0, schemas: roots.length };
}

async function profileRun(
  c: Ctx,
  label: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ run: ChildRun; summary: ProfileSummary }> {
  const dir = join(benchTempDir('ogc-bench-prof-'), 'profiles');
  mkdirSync(dir, { recursive: true });
  c.progress(`bench: CPU profile of ${label}`);
  const run = await runConformance(c, args, { ...env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` });
  return { run, summary: summariseProfiles(dir) };
}

function profileText(title: string, p: { run: ChildRun; summary: ProfileSummary }, exchanges: number): string {
  const s = p.summary;
  const rows = [...s.byCategory.entries()]
    .filter(([k]) => !k.startsWith('idle'))
    .sort((a, b) => b[1] - a[1])
    .map(([k, ms]) => [k, duration(ms), percent(ms, s.busyMs), `${(ms / Math.max(1, exchanges)).toFixed(1)} ms`]);
  const idle = s.byCategory.get('idle (waiting for I/O)') ?? 0;
  return formatTable({
    title,
    headers: ['CPU time (self, natives counted for their caller)', 'ms', 'share', 'per exchange'],
    rows: [...rows, ['busy, all categories', duration(s.busyMs), '100 %', `${(s.busyMs / Math.max(1, exchanges)).toFixed(1)} ms`]],
    notes: [
      `${s.processes} process(es) profiled (node --cpu-prof, which itself slows the run), wall ${seconds(p.run.wallMs)}; idle ${duration(idle)} summed over the processes.`,
    ],
  });
}

interface CompiledFigures {
  tree: CompiledTree;
  main: ChildRun[];
  formatsOff: ChildRun[];
  startup: ChildRun[];
  latency?: LatencyRow;
}

async function compiledRuns(c: Ctx, tree: CompiledTree, latencyParallel: number | undefined): Promise<CompiledFigures> {
  const script = ['scripts/conformance.js'];
  const env = { OTA_XSD_DIR: xsdDir() ?? '' };
  const f: CompiledFigures = { tree, main: [], formatsOff: [], startup: [] };
  for (let i = 1; i <= c.opts.runs; i++) {
    c.progress(`bench: precompiled main job ${i}/${c.opts.runs}`);
    f.main.push(await runConformance(c, [], env, tree.root, script));
    c.progress(`bench: precompiled main job, console formatter only ${i}/${c.opts.runs}`);
    f.formatsOff.push(await runConformance(c, [], { ...env, OGC_BENCH_FORMATS: 'off' }, tree.root, script));
    c.progress(`bench: precompiled start-up ${i}/${c.opts.runs}`);
    f.startup.push(await runConformance(c, ['--tags', NO_MATCH_TAGS], env, tree.root, script));
  }
  if (latencyParallel && elapsed(c) < c.budgetMs)
    f.latency = await latencyRun(c, latencyParallel, `--parallel ${latencyParallel}, precompiled`, tree.root, script, env);
  return f;
}

async function whereTheTimeGoes(
  c: Ctx,
  figures: { main: MainJobFigures; count: ExchangeCount; latency: LatencyRow[]; mainMs: number; bareMs: number },
): Promise<string[]> {
  const out: string[] = [];
  const runs = c.opts.runs;
  c.progress('bench: transpiling the project once into a temp folder (the precompiled copy)');
  const tree = buildCompiledTree(PROJECT_ROOT, join(benchTempDir('ogc-bench-build-'), 'build'));
  const parts: StartupPart[] = [
    { label: 'node -e 0 (bare node)', args: ['-e', '0'] },
    { label: 'node -e "require(\'typescript\')" (loading the compiler)', args: ['-e', "require('typescript')"] },
    { label: 'node -r ts-node/register/transpile-only -e 0', args: [...TS_NODE, '-e', '0'] },
    { label: "require the runner's modules, ts-node", args: [...TS_NODE, '-e', "require('./src/run/runner')"] },
    { label: "require the runner's modules, precompiled", args: ['-e', "require('./src/run/runner.js')"], cwd: tree.root },
    { label: 'cucumber support code (what every worker loads), ts-node', args: ['-e', SUPPORT_LOAD] },
    { label: 'cucumber support code, precompiled', args: ['-e', SUPPORT_LOAD], cwd: tree.root },
  ];
  const rows: Cell[][] = [];
  for (const p of parts) {
    c.progress(`bench: start-up part: ${p.label}`);
    const r = await medianOf(c, p, runs);
    rows.push([p.label, duration(r.ms), r.ok ? '' : 'failed']);
  }
  const schema = await schemaCompilationMs();
  rows.push([
    `compiling the ${schema.schemas} OpenTravel reply schemas (libxml2-wasm, once per process)`,
    duration(schema.ms),
    'in the bench process',
  ]);
  rows.push([
    `transpiling all ${tree.files} project files once (typescript.transpileModule)`,
    duration(tree.transpileMs),
    'in the bench process',
  ]);
  out.push(
    formatTable({
      title: `6a. Start-up, part by part (wall time of a child process, median of ${runs})`,
      headers: ['', 'wall', ''],
      rows,
      notes: ['ts-node transpiles every .ts file a process requires, in every process: the runner, and again in each parallel worker.'],
    }),
  );

  if (elapsed(c) < c.budgetMs) {
    const p = await profileRun(c, 'the main job (sequential)', []);
    out.push(profileText(`6b. CPU profile of the main job (sequential, ${figures.count.total} exchanges)`, p, figures.count.total));
  }
  const p8 = c.opts.parallel[c.opts.parallel.length - 1];
  if (elapsed(c) < c.budgetMs && p8 > 1) {
    const row = figures.latency.find((r) => r.parallel === p8);
    const pr = await withProxiedSandbox(c.opts.holdMs, async (proxy) =>
      profileRun(
        c,
        `the latency-bound run, --parallel ${p8}`,
        ['--parallel', String(p8), ...(c.opts.latencyTags ? ['--tags', c.opts.latencyTags] : [])],
        targetEnv(proxy.url),
      ),
    );
    out.push(
      profileText(
        `6c. CPU profile of the latency-bound run, --parallel ${p8} (runner + ${pr.summary.processes - 1} workers, every reply held ${c.opts.holdMs} ms)`,
        pr,
        row?.exchanges ?? figures.count.total,
      ),
    );
  }

  if (elapsed(c) < c.budgetMs) {
    const comp = await compiledRuns(c, tree, p8 > 1 ? p8 : undefined);
    const mainTs = figures.mainMs;
    const mainC = median(walls(comp.main));
    const offC = median(walls(comp.formatsOff));
    const startTs = median(walls(figures.main.startup));
    const startC = median(walls(comp.startup));
    const latTs = figures.latency.find((r) => r.parallel === p8);
    const rows2: Cell[][] = [
      ['main job', seconds(mainTs), seconds(mainC), seconds(mainTs - mainC), seconds(offC), verdictWord(target(mainC, figures.bareMs))],
      [`time to the first scenario (--tags ${NO_MATCH_TAGS})`, seconds(startTs), seconds(startC), seconds(startTs - startC), '', ''],
    ];
    if (comp.latency && latTs)
      rows2.push([
        `latency-bound --parallel ${p8}`,
        seconds(latTs.run.wallMs),
        seconds(comp.latency.run.wallMs),
        seconds(latTs.run.wallMs - comp.latency.run.wallMs),
        '',
        verdictWord(target(comp.latency.run.wallMs, comp.latency.idealMs)),
      ]);
    out.push(
      formatTable({
        title: `6d. Compiled once instead of transpiled in every process (a precompiled copy in a temp folder; median of ${runs})`,
        headers: ['', 'ts-node (now)', 'precompiled', 'saved', 'precompiled, console formatter only', 'target, precompiled'],
        rows: rows2,
        notes: [
          `Transpiling the ${comp.tree.files} files once took ${duration(comp.tree.transpileMs)}. "console formatter only" leaves out the message, html`,
          `and Allure formatters (what they cost per run); precompiled runs: ${outcomeLine(comp.main[0])}.`,
        ],
      }),
    );
  } else out.push('6d. skipped: the bench ran past its time budget.');
  return out;
}

// ---------------------------------------------------------------------------------------------

export async function runBench(opts: BenchOptions, print: Print, progress: Print): Promise<void> {
  const c: Ctx = { opts, print, progress, started: performance.now(), budgetMs: 8 * 60_000 };
  print(
    `OTA Gateway Conformance benchmark: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the start, node ${process.version}; ${opts.runs} run(s) per figure${opts.quick ? ' (--quick)' : ''}.\n`,
  );
  const capture = await captureDefaultRun(c);
  print(exchangesTable(capture.count, capture.run));
  print('');
  const main = await mainJob(c, capture.replayFile);
  const m = mainJobTable(main, capture.count, capture.run);
  print(m.text);
  print('');
  const latency = await latencyTable(c);
  print(latencyText(c, latency));
  print('');
  print(memoryText(main, latency));
  print('');
  const largest = latency.filter((r) => r.parallel !== undefined).sort((a, b) => b.parallel! - a.parallel!)[0];
  print(targetsText(c, { mainMs: m.mainMs, bareMs: m.bareMs, latency: largest }));
  if (opts.analysis) {
    print('');
    for (const t of await whereTheTimeGoes(c, { main, count: capture.count, latency, mainMs: m.mainMs, bareMs: m.bareMs })) {
      print(t);
      print('');
    }
  }
  print(`Bench took ${seconds(elapsed(c))}.`);
}
