// `npm run merge -- [--out <dir>] <reports dir>...`: one verdict from the reports of several runs
// of the same target, typically the n shards of one run (`--shard i/n`). Outcomes are recomputed
// from the assertions every scenario recorded, exactly as a single run computes them, so a sharded
// run gets the same verdict and requirement outcomes as an unsharded one. The Allure results are
// combined; the conformance report, JUnit and summary.json are written for the whole.
import { BUDGET_NOTE, budgetNotes, mergeLatency } from '../reporting/latency';
import { OPERATION_NAMES } from '../spec/operations';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, SuiteFault } from '../core/errors';
import { loadConfig } from './config';
import { checkInputFolder, checkOutputFolder } from './input-checks';
import { Redactor } from '../safety/masking';
import { requirementOutcomes } from '../reporting/requirement-outcomes';
import { decideVerdict, EXIT } from '../reporting/verdict';
import { writeReports } from '../reporting/write';
import { formatConsoleSummary } from '../reporting/console-summary';
import type { BookingsReport, ConformanceResult } from '../reporting/result';

function parseMergeArguments(argv: string[]): { out: string; dirs: string[] } {
  let out = 'reports';
  const dirs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') {
      const v = argv[++i];
      if (!v) throw new ConfigError('--out needs a folder');
      out = v;
    } else if (argv[i].startsWith('-'))
      throw new ConfigError(`unknown argument ${argv[i]}; use npm run merge -- [--out <dir>] <reports dir>...`);
    else dirs.push(argv[i]);
  }
  if (dirs.length === 0) throw new ConfigError('name the reports folders to merge: npm run merge -- [--out <dir>] <reports dir>...');
  return { out: resolve(out), dirs: dirs.map((d) => resolve(d)) };
}

/** The summary.json of a reports folder, parsed; one line when there is none or it is not JSON. */
export function readSummary(dir: string): ConformanceResult {
  const file = join(dir, 'summary.json');
  if (!existsSync(file)) throw new ConfigError(`${dir}: no summary.json (is it the reports folder of a run?)`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ConformanceResult;
  } catch (e) {
    throw new ConfigError(`${file}: cannot be read as JSON (${(e as Error).message})`);
  }
}

function readResult(dir: string): ConformanceResult {
  const file = join(dir, 'summary.json');
  const r = readSummary(dir);
  if (!r.assertions || !Array.isArray(r.scenarios))
    throw new ConfigError(`${file}: written by a run that recorded no assertions; run it again with this version`);
  return r;
}

/** The combined result of several runs of one target. */
function mergeResults(parts: ConformanceResult[]): ConformanceResult {
  const first = parts[0];
  for (const p of parts.slice(1)) {
    if (p.target.url !== first.target.url)
      throw new ConfigError(`cannot merge runs of different targets: ${first.target.url} and ${p.target.url}`);
    if ([...p.claims].sort().join() !== [...first.claims].sort().join())
      throw new ConfigError(`cannot merge runs with different claims: ${first.claims.join(',')} and ${p.claims.join(',')}`);
  }
  const seen = new Set<string>();
  const scenarios = parts.flatMap((p) =>
    p.scenarios.map((s) => {
      if (seen.has(s.id))
        throw new ConfigError(`scenario ${s.id} ("${s.name}") is in two of the merged runs: merge the shards of one run, each once`);
      seen.add(s.id);
      return { ...s, assertions: p.assertions?.[s.id] ?? [] };
    }),
  );
  // Every shard of one partition together is the whole run; anything less is still a selection.
  const shards = parts.map((p) => p.shard).filter((s): s is string => !!s);
  const total = shards.length ? Number(shards[0].split('/')[1]) : 0;
  const whole = shards.length === parts.length && shards.every((s) => s.endsWith(`/${total}`)) && new Set(shards).size === total;
  const others = parts.filter((p) => p.tags || (!whole && p.shard));
  const selection = others.length ? `merged selection (${parts.map((p) => p.shard ?? p.tags ?? 'whole').join(', ')})` : undefined;
  const requirements = requirementOutcomes(scenarios, { claims: first.claims, selection });
  const strict = parts.some((p) => p.strict);
  const verdict = decideVerdict({ requirements, scenarios, claims: first.claims, strict, selection });
  const latency = mergeLatency(
    parts.map((p) => p.latency),
    OPERATION_NAMES,
  );
  return {
    ...first,
    runId: [...new Set(parts.map((p) => p.runId))].join('+'),
    startedAt: parts.map((p) => p.startedAt).sort()[0],
    finishedAt: parts
      .map((p) => p.finishedAt)
      .sort()
      .reverse()[0],
    tags: undefined,
    shard: undefined,
    strict,
    verdict: verdict.verdict,
    exitCode: verdict.exitCode,
    verdictReason: `${verdict.reason} (merged from ${parts.length} run(s))`,
    warnings: verdict.warnings,
    classes: verdict.classes,
    requirements,
    scenarios: scenarios.map(({ assertions: _a, ...s }) => s),
    notes: [...parts.flatMap((p) => p.notes).filter((n) => !n.startsWith(BUDGET_NOTE)), ...budgetNotes(latency)],
    assertions: Object.fromEntries(scenarios.map((s) => [s.id, s.assertions])),
    latency,
    bookings: mergeBookings(parts.map((p) => p.bookings)),
  };
}

/** Each shard keeps its own ledger: what each left open, cancelled or named, together. */
function mergeBookings(all: Array<BookingsReport | undefined>): BookingsReport | undefined {
  const b = all.filter((x): x is BookingsReport => !!x);
  if (b.length === 0) return undefined;
  return {
    ...b[0],
    ledger: [...new Set(b.map((x) => x.ledger))].join(', '),
    leftOpen: b.flatMap((x) => x.leftOpen),
    cancelled: b.flatMap((x) => x.cancelled),
    settled: b.flatMap((x) => x.settled),
    failed: b.flatMap((x) => x.failed),
    otherTargets: b.flatMap((x) => x.otherTargets),
    leftToLiveRuns: b.reduce((n, x) => n + x.leftToLiveRuns, 0),
    skippedLedgerLines: b.flatMap((x) => x.skippedLedgerLines),
  };
}

function merge(argv: string[]): number {
  const { out, dirs } = parseMergeArguments(argv);
  for (const d of dirs) checkInputFolder(d, 'reports folder');
  checkOutputFolder(out, '--out');
  const parts = dirs.map(readResult);
  const result = mergeResults(parts);
  mkdirSync(join(out, 'allure-results'), { recursive: true });
  for (const d of dirs) {
    const allure = join(d, 'allure-results');
    if (existsSync(allure) && resolve(allure) !== resolve(out, 'allure-results'))
      for (const f of readdirSync(allure)) cpSync(join(allure, f), join(out, 'allure-results', f));
  }
  // Secrets the configuration knows are masked once more, as a run would.
  let secrets: string[] = [];
  try {
    secrets = loadConfig().secrets;
  } catch {
    /* merging needs no target configuration */
  }
  const redactor = new Redactor(secrets);
  writeReports(result, out, redactor);
  console.log(redactor.scrub(formatConsoleSummary(result)));
  return result.exitCode;
}

export function main(argv: string[]): void {
  let code: number;
  try {
    code = merge(argv);
  } catch (e) {
    console.error(e instanceof SuiteFault ? `Could not merge: ${e.message}` : `Could not merge: ${(e as Error).stack}`);
    code = EXIT.COULD_NOT_RUN;
  }
  process.stdout.write('', () => process.exit(code));
}
