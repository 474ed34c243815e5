// Section 2 of the bench: the main job against a bare loop doing the same exchanges, the time to
// the first scenario, the main job's phases, and the speed of the secret scan of its reports.
import { PROJECT_ROOT } from '../../src/run/config';
import type { BareLoopResult } from './bare-loop';
import type { ExchangeCount } from './exchanges';
import { PHASE_LABELS, runPhases, type RunPhases } from './phases';
import { runEnv, runNode, shortOutcome, type ChildRun } from './processes';
import { BARE_LOOP, cpu, list, NO_MATCH_TAGS, runConformance, SAMPLE_MS, sandboxModule, walls, type BenchContext } from './runs';
import { duration, median, megabytes, percent, ratio, seconds, times } from './stats';
import { formatTable, type Cell } from './table';
import { scanSpeed, type ScanSpeed } from './workers';

/** The median of each phase over runs (runs whose output does not show every phase are left out). */
export function medianPhases(runs: readonly ChildRun[]): RunPhases | undefined {
  const all = runs.map((r) => runPhases(r.lines, r.wallMs)).filter((p): p is RunPhases => p !== undefined);
  if (all.length === 0) return undefined;
  const keys = Object.keys(PHASE_LABELS) as Array<keyof RunPhases>;
  return Object.fromEntries(keys.map((k) => [k, median(all.map((p) => p[k]))])) as unknown as RunPhases;
}

export interface MainJobFigures {
  main: ChildRun[];
  startup: ChildRun[];
  bare: Array<{ run: ChildRun; result?: BareLoopResult }>;
  scan: ScanSpeed[];
}

export async function mainJob(benchContext: BenchContext, replayFile: string): Promise<MainJobFigures> {
  const mainJobFigures: MainJobFigures = { main: [], startup: [], bare: [], scan: [] };
  // Interleaved, so that a burst of load elsewhere spreads over the three.
  for (let i = 1; i <= benchContext.opts.runs; i++) {
    benchContext.progress(`bench: main job ${i}/${benchContext.opts.runs}`);
    const main = await runConformance(benchContext, []);
    mainJobFigures.main.push(main);
    benchContext.progress(`bench: secret scan of the main job's reports ${i}/${benchContext.opts.runs}`);
    mainJobFigures.scan.push(scanSpeed(main.reportsDir, [sandboxModule().SANDBOX_CREDENTIALS.password]));
    benchContext.progress(`bench: bare loop ${i}/${benchContext.opts.runs}`);
    const run = await runNode([BARE_LOOP, replayFile], {
      cwd: PROJECT_ROOT,
      env: runEnv(),
      timeoutMs: benchContext.opts.runTimeoutMs,
      sampleMs: SAMPLE_MS,
    });
    let result: BareLoopResult | undefined;
    try {
      result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as BareLoopResult;
    } catch {
      result = undefined;
    }
    mainJobFigures.bare.push({ run, result });
    benchContext.progress(`bench: start-up (--tags ${NO_MATCH_TAGS}) ${i}/${benchContext.opts.runs}`);
    mainJobFigures.startup.push(await runConformance(benchContext, ['--tags', NO_MATCH_TAGS]));
  }
  return mainJobFigures;
}

export function mainJobText(mainJobFigures: MainJobFigures, count: ExchangeCount): { text: string; mainMs: number; bareMs: number } {
  const mainMs = median(walls(mainJobFigures.main));
  const bareMs = median(mainJobFigures.bare.map((b) => b.run.wallMs));
  const loopMs = median(mainJobFigures.bare.map((b) => b.result?.loopMs ?? NaN));
  const bareStart = median(mainJobFigures.bare.map((b) => b.result?.startupMs ?? NaN));
  const bare = mainJobFigures.bare.find((b) => b.result)?.result;
  const firstLine = median(mainJobFigures.main.map((r) => r.firstScenarioMs ?? NaN));
  const main = formatTable({
    title: '2. Main job against the bare loop (wall time, median)',
    headers: ['', 'median', 'runs (s)', 'CPU', ''],
    rows: [
      [
        'main job: npm run conformance, embedded sandbox',
        seconds(mainMs),
        list(mainJobFigures.main),
        seconds(cpu(mainJobFigures.main)),
        shortOutcome(mainJobFigures.main[0]),
      ],
      [
        `bare loop: the same ${bare?.exchanges ?? count.total} exchanges, one process`,
        seconds(bareMs),
        list(mainJobFigures.bare.map((b) => b.run)),
        seconds(cpu(mainJobFigures.bare.map((b) => b.run))),
        bare ? `start-up ${duration(bareStart)}, loop ${duration(loopMs)}; ${bare.parsed} replies parsed` : 'failed',
      ],
      ['ratio main job / bare loop', times(ratio(mainMs, bareMs)), '', '', ''],
      [
        `time to the first scenario: --tags ${NO_MATCH_TAGS}, whole run`,
        seconds(median(walls(mainJobFigures.startup))),
        list(mainJobFigures.startup),
        seconds(cpu(mainJobFigures.startup)),
        shortOutcome(mainJobFigures.startup[0], 64),
      ],
      ['  in the main job: first scenario finished', seconds(firstLine), '', '', 'its progress line'],
      ['  in the counted run: first scenario request', seconds(count.firstScenarioRequestMs ?? NaN), '', '', 'at the proxy'],
    ],
    notes: [
      `The bare loop replays the request bodies the suite sent in the counted run (${count.total} exchanges, ${count.runnerOwn} of them the`,
      "runner's own) with undici keep-alive, parses every reply with libxml2-wasm and runs three XPath queries; it is compiled",
      'like the suite, and its time includes its own start-up (node, the sandbox, libxml2-wasm).',
    ],
  });
  const phases = medianPhases(mainJobFigures.main);
  const phaseRows: Cell[][] = phases
    ? (Object.keys(PHASE_LABELS) as Array<keyof RunPhases>).map((k) => [PHASE_LABELS[k], seconds(phases[k]), percent(phases[k], mainMs)])
    : [['(the runs did not show every phase)', '', '']];
  const phaseText = formatTable({
    title: '2b. Where the main job spends its wall time (median of each phase, from when its console lines arrived)',
    headers: ['phase', 'wall', 'share'],
    rows: phaseRows,
  });
  return { text: `${main}\n\n${phaseText}\n\n${scanText(mainJobFigures.scan)}`, mainMs, bareMs };
}

function scanText(scans: readonly ScanSpeed[]): string {
  const ms = median(scans.map((s) => s.ms));
  const s = scans[0];
  const mbPerS = s ? s.bytes / 1e6 / (ms / 1000) : NaN;
  return formatTable({
    title: "2c. Secret scan speed: the main job's reports, scanned again in the bench's process (one thread, median)",
    headers: ['files', 'bytes', 'scan', 'speed', 'findings'],
    rows: s
      ? [[s.files, megabytes(s.bytes / 1024), duration(ms), `${mbPerS.toFixed(1)} MB/s`, s.findings]]
      : [['(no main job ran)', '', '', '', '']],
    notes: [
      'Every disguise of the sandbox password (raw, escaped, references, URL-encoded, split, base64 at every alignment). The',
      "runner shares the same scan out over min(4, cores) threads (src/safety/parallel-scan.ts); a run's own figure is in 2b.",
    ],
  });
}
