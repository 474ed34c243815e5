// `npm run merge -- [--out <dir>] <reports dir>...`: one verdict from the shards of one run
// (`--shard i/n`, with one OTA_RUN_GROUP). Outcomes are recomputed from the assertions every
// scenario recorded, exactly as a single run computes them, so a sharded run gets the same verdict
// and requirement outcomes as an unsharded one. It cannot mislead (./merge-checks.ts): it writes
// into a new or empty folder only, refuses reports of different runs naming the field that
// differs, and keeps the selection (a merge of some shards, or of shards of a --tags run, is a
// selection). Each shard's evidence (its stream, evidence view and reproducers) is kept under
// shards/ (the evidence links lead there), and the conformance report, JUnit and summary.json are
// written for the whole, then scanned for the secrets the configuration knows. npm run report
// builds one Allure report from every shard's stream.
import { BUDGET_NOTE, mergeLatency } from '../../reporting/latency';
import { OPERATION_NAMES } from '../../specification/operations';
import { copyFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ConfigError } from '../../core/errors';
import { loadConfig } from '../../run/config';
import { checkInputFolder, checkOutputFolder } from '../../run/input-checks';
import { Redactor } from '../../safety/masking';
import { formatFindings as formatSecretFindings, scanForSecrets } from '../../safety/scanning';
import { RETRY_NOTE } from '../../reporting/retries';
import { decideSummary } from '../../reporting/run-summary';
import { isSelectionNote, selectionNote, selectionOf } from '../../reporting/selection';
import { EXIT } from '../../reporting/verdict';
import { writeReports } from '../../reporting/write';
import { formatConsoleSummary } from '../../reporting/console-summary';
import type { BookingsReport, ConformanceResult } from '../../reporting/result';
import { REPORT_FILES } from '../../reporting/conformance-report/model';
import { EVIDENCE_FILE, REPRODUCERS_DIR, RUN_EVIDENCE } from '../../reporting/evidence/names';
import { STREAM_FILE } from '../../reporting/evidence/stream';
import { checkOutFolder, checkSameRun, parseMergeArguments, readShard, selectionOfRun, shardsOf } from './merge-checks';
import { endCommand } from '../end-command';

export { readSummary } from './merge-checks';

/** Where a merge keeps the shards' evidence. */
export const SHARDS = 'shards';

/** Where a part's own evidence is kept in the merged folder: shards/<i>-of-<n>, or shards/run-<k>. */
const shardFolder = (conformanceResult: ConformanceResult, index: number) => {
  const shard = selectionOfRun(conformanceResult)?.shards;
  return posix.join(SHARDS, shard?.length === 1 ? shard[0].replace('/', '-of-') : `run-${index + 1}`);
};

/** The combined result of the shards of one run (checked before). */
function mergeResults(parts: ConformanceResult[], dirs: string[]): ConformanceResult {
  const first = parts[0];
  checkSameRun(parts, dirs);
  const { missing, merged } = shardsOf(parts, dirs);
  const seen = new Set<string>();
  const scenarios = parts.flatMap((p, k) =>
    p.scenarios.map((scenario) => {
      if (seen.has(scenario.id))
        throw new ConfigError(
          `scenario ${scenario.id} ("${scenario.name}") is in two of the merged runs: merge the shards of one run, each once`,
        );
      seen.add(scenario.id);
      const own = shardFolder(p, k);
      return {
        ...scenario,
        ...(scenario.evidence ? { evidence: posix.join(own, scenario.evidence) } : {}),
        ...(scenario.reproducer ? { reproducer: posix.join(own, scenario.reproducer) } : {}),
        assertions: p.assertions?.[scenario.id] ?? [],
      };
    }),
  );
  // The shards together are the run's selection (none: the whole run); some of them, still a part of it.
  const base = selectionOfRun(first);
  const selection = selectionOf({ ...base, shards: missing.length ? merged : undefined });
  const latency = mergeLatency(
    parts.map((p) => p.latency),
    OPERATION_NAMES,
  );
  const noGroup = first.runGroup === undefined && parts.length > 1;
  return {
    ...first,
    runId: [...new Set(parts.map((p) => p.runId))].join('+'),
    startedAt: parts.map((p) => p.startedAt).sort()[0],
    finishedAt: parts
      .map((p) => p.finishedAt)
      .sort()
      .reverse()[0],
    shard: undefined,
    selection,
    retry: Math.max(0, ...parts.map((p) => p.retry ?? 0)) || undefined,
    ...decideSummary({
      scenarios,
      claims: first.claims,
      strict: first.strict,
      selection,
      latency,
      notes: [
        ...(noGroup
          ? ['no run group (OTA_RUN_GROUP) was set: nothing but the same target, suite and selection shows these shards are of one run']
          : []),
        // one verdict: each shard's selection note gives way to the merge's own (none when every shard is there)
        ...parts.flatMap((p) => p.notes).filter((n) => !n.startsWith(BUDGET_NOTE) && !n.startsWith(RETRY_NOTE) && !isSelectionNote(n)),
        ...(selection ? [selectionNote(selection.text)] : []),
      ].filter((n, i, all) => all.indexOf(n) === i),
      record: ({ assertions: _a, ...s }) => s,
      reasonSuffix: ` (merged from ${parts.length} run(s)${missing.length ? `; shards ${missing.join(', ')} missing` : ''})`,
    }),
    bookings: mergeBookings(parts.map((p) => p.bookings)),
    evidence: { ...RUN_EVIDENCE, html: SHARDS, reproducers: SHARDS, messages: SHARDS, cucumberHtml: SHARDS },
  };
}

/** Each shard keeps its own ledger: what each left open, cancelled or named, together. */
function mergeBookings(all: Array<BookingsReport | undefined>): BookingsReport | undefined {
  const list = all.filter((x): x is BookingsReport => !!x);
  if (list.length === 0) return undefined;
  return {
    ...list[0],
    ledger: [...new Set(list.map((x) => x.ledger))].join(', '),
    leftOpen: list.flatMap((x) => x.leftOpen),
    cancelled: list.flatMap((x) => x.cancelled),
    settled: list.flatMap((x) => x.settled),
    failed: list.flatMap((x) => x.failed),
    otherTargets: list.flatMap((x) => x.otherTargets),
    leftToLiveRuns: list.reduce((n, x) => n + x.leftToLiveRuns, 0),
    skippedLedgerLines: list.flatMap((x) => x.skippedLedgerLines),
  };
}

/**
 * Each shard's evidence under shards/<i>-of-<n>/: its stream (npm run report builds Allure and the
 * cucumber HTML from them), its evidence view and reproducers, and its own conformance report (the
 * evidence view links to it).
 */
function copyEvidence(parts: ConformanceResult[], dirs: string[], out: string): void {
  dirs.forEach((dir, index) => {
    const own = join(out, shardFolder(parts[index], index));
    mkdirSync(own, { recursive: true });
    for (const f of [STREAM_FILE, EVIDENCE_FILE, REPORT_FILES.html]) if (existsSync(join(dir, f))) copyFileSync(join(dir, f), join(own, f));
    if (existsSync(join(dir, REPRODUCERS_DIR))) cpSync(join(dir, REPRODUCERS_DIR), join(own, REPRODUCERS_DIR), { recursive: true });
  });
}

function merge(argv: string[]): number {
  // Everything is checked before anything is written.
  const { out, dirs } = parseMergeArguments(argv);
  for (const dir of dirs) checkInputFolder(dir, 'reports folder');
  checkOutputFolder(out, '--out');
  checkOutFolder(out);
  const parts = dirs.map(readShard);
  const result = mergeResults(parts, dirs);
  // Secrets the configuration knows are masked once more, as a run would.
  let secrets: string[] = [];
  try {
    secrets = loadConfig().secrets;
  } catch {
    /* merging needs no target configuration */
  }
  const redactor = new Redactor(secrets);
  copyEvidence(parts, dirs, out);
  writeReports(result, out, redactor);
  console.log(redactor.scrub(formatConsoleSummary(result, { reportsDir: out })));
  const leaks = secrets.length ? scanForSecrets(out, secrets) : [];
  if (leaks.length > 0) {
    console.error(`\nA SECRET WAS FOUND IN THE MERGED REPORTS — do not publish ${out}:\n${formatSecretFindings(leaks)}`);
    return EXIT.SECRET_LEAKED;
  }
  return result.exitCode;
}

export function main(argv: string[]): void {
  // the input's faults and the file system's (a folder that cannot be written) in one line
  endCommand('merge', () => merge(argv));
}
