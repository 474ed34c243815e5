// `npm run diff -- [--out <dir>] <reports A> <reports B>`: what differs between two runs, of two
// targets (a new implementation against the vendor's gateway) or of one target on two nights.
// Compared: the verdict, each requirement's outcome, the findings one run has and the other lacks
// (by requirement, place and expectation: the values found may change from night to night), and
// the reply time per operation. Writes diff.md and a self-contained diff.html. Exit 0: nothing
// differs; 1: a verdict, an outcome or a finding differs (reply times are shown, never counted:
// two runs never take the same time); 2: bad input, in one line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../../core/errors';
import type { Outcome } from '../../core/outcomes';
import type { LatencyFigures } from '../../reporting/latency';
import type { ConformanceResult } from '../../reporting/result';
import { OPERATION_NAMES } from '../../specification/operations';
import { forEachArgument } from '../../run/arguments';
import { readSummary } from '../merge/merge';
import { checkInputFolder, checkOutputFolder } from '../../run/input-checks';
import { escapeHtml, md, mdTable } from '../../reporting/conformance-report/escape';

export interface RunLabel {
  dir: string;
  target: string;
  runId: string;
  finishedAt: string;
  verdict: string;
}

export interface FindingDiff {
  requirement: string;
  at: string;
  expected: string;
  found: string;
  scenario: string;
}

export interface RunDiff {
  a: RunLabel;
  b: RunLabel;
  verdictDiffers: boolean;
  /** Requirements whose outcome differs. */
  requirements: Array<{ id: string; level: string; a: Outcome | 'absent'; b: Outcome | 'absent' }>;
  onlyInA: FindingDiff[];
  onlyInB: FindingDiff[];
  /** Reply time per operation in both runs (ms); a change is B minus A. */
  latency: Array<{ operation: string; a?: LatencyFigures; b?: LatencyFigures }>;
  differs: boolean;
}

/** The summary.json of a reports folder, or one line saying why it cannot be compared. */
export function readRun(dir: string): ConformanceResult {
  const summary = readSummary(dir);
  if (!summary || !Array.isArray(summary.requirements) || typeof summary.verdict !== 'string')
    throw new ConfigError(`${join(dir, 'summary.json')}: not the summary of a conformance run (no verdict or requirements)`);
  // a summary.json edited, or of another version, is one line too, never a stack trace
  const wellFormed = (q: unknown) => {
    const x = q as { id?: unknown; findings?: unknown } | null;
    return typeof x?.id === 'string' && Array.isArray(x.findings) && x.findings.every((f) => typeof f === 'object' && f !== null);
  };
  if (
    typeof summary.target !== 'object' ||
    summary.target === null ||
    !summary.requirements.every(wellFormed) ||
    !(summary.latency ?? []).every((l) => l?.replies)
  )
    throw new ConfigError(
      `${join(dir, 'summary.json')}: not the summary of a conformance run (its requirements, target or latency are not as a run writes them)`,
    );
  return summary;
}

/** A finding's identity: its requirement, place and expectation, with the run's own ID (in an EchoToken the suite sent) as {run}. */
type RunFinding = FindingDiff & { runId: string };
const findingKey = (f: RunFinding) => `${f.requirement}\u0000${f.at}\u0000${f.expected}`.split(f.runId).join('{run}');

function findingsOf(conformanceResult: ConformanceResult): RunFinding[] {
  return conformanceResult.requirements.flatMap((q) =>
    q.findings.map((f) => ({
      requirement: q.id,
      at: f.at,
      expected: f.expected,
      found: f.found,
      scenario: f.scenario,
      runId: conformanceResult.runId,
    })),
  );
}

export function diffResults(conformanceResult: ConformanceResult, b: ConformanceResult, dirs: [string, string] = ['A', 'B']): RunDiff {
  const label = (r: ConformanceResult, dir: string): RunLabel => ({
    dir,
    target: r.target.url,
    runId: r.runId,
    finishedAt: r.finishedAt,
    verdict: r.verdict,
  });
  const ids = [...new Set([...conformanceResult.requirements.map((q) => q.id), ...b.requirements.map((q) => q.id)])];
  const outcome = (r: ConformanceResult, id: string): Outcome | 'absent' => r.requirements.find((q) => q.id === id)?.outcome ?? 'absent';
  const requirements = ids
    .filter((id) => outcome(conformanceResult, id) !== outcome(b, id))
    .map((id) => ({
      id,
      level: (conformanceResult.requirements.find((q) => q.id === id) ?? b.requirements.find((q) => q.id === id))!.level,
      a: outcome(conformanceResult, id),
      b: outcome(b, id),
    }));
  const fa = findingsOf(conformanceResult);
  const fb = findingsOf(b);
  const keysA = new Set(fa.map(findingKey));
  const keysB = new Set(fb.map(findingKey));
  const once = (fs: RunFinding[]): FindingDiff[] => [...new Map(fs.map(({ runId, ...f }) => [findingKey({ ...f, runId }), f])).values()];
  const onlyInA = once(fa.filter((f) => !keysB.has(findingKey(f))));
  const onlyInB = once(fb.filter((f) => !keysA.has(findingKey(f))));
  const ops = [...OPERATION_NAMES].filter((op) => [conformanceResult, b].some((r) => r.latency?.some((l) => l.operation === op)));
  const latency = ops.map((operation) => ({
    operation,
    a: conformanceResult.latency?.find((l) => l.operation === operation)?.replies,
    b: b.latency?.find((l) => l.operation === operation)?.replies,
  }));
  const verdictDiffers = conformanceResult.verdict !== b.verdict;
  return {
    a: label(conformanceResult, dirs[0]),
    b: label(b, dirs[1]),
    verdictDiffers,
    requirements,
    onlyInA,
    onlyInB,
    latency,
    differs: verdictDiffers || requirements.length > 0 || onlyInA.length > 0 || onlyInB.length > 0,
  };
}

const change = (a?: number, b?: number) => (a === undefined || b === undefined ? '' : `${b - a >= 0 ? '+' : ''}${b - a}`);

/** The tables both renderings show, cells as plain text (each renderer escapes them its way). */
function tables(runDiff: RunDiff): Array<{ title: string; head: string[]; rows: string[][]; none: string }> {
  const findings = (fs: FindingDiff[]) => fs.map((f) => [f.requirement, f.at, f.expected, f.found, f.scenario]);
  const n = (v?: number) => (v === undefined ? '' : String(v));
  return [
    {
      title: `Requirements whose outcome differs (${runDiff.requirements.length})`,
      head: ['requirement', 'level', 'A', 'B'],
      rows: runDiff.requirements.map((q) => [q.id, q.level, q.a, q.b]),
      none: 'None.',
    },
    {
      title: `Findings only in A (${runDiff.onlyInA.length})`,
      head: ['requirement', 'at', 'expected', 'found', 'scenario'],
      rows: findings(runDiff.onlyInA),
      none: 'None.',
    },
    {
      title: `Findings only in B (${runDiff.onlyInB.length})`,
      head: ['requirement', 'at', 'expected', 'found', 'scenario'],
      rows: findings(runDiff.onlyInB),
      none: 'None.',
    },
    {
      title: 'Reply time per operation (ms; the change is B minus A)',
      head: ['operation', 'replies A', 'replies B', 'p50 A', 'p50 B', 'change', 'p95 A', 'p95 B', 'change'],
      rows: runDiff.latency.map((l) => [
        l.operation,
        n(l.a?.count),
        n(l.b?.count),
        n(l.a?.p50),
        n(l.b?.p50),
        change(l.a?.p50, l.b?.p50),
        n(l.a?.p95),
        n(l.b?.p95),
        change(l.a?.p95, l.b?.p95),
      ]),
      none: 'Neither run recorded reply times.',
    },
  ];
}

const SAME = 'Nothing differs (verdicts, outcomes and findings are the same).';
const runLine = (name: string, r: RunLabel) =>
  [`${name}: ${r.dir}: ${r.target}, run ${r.runId}, finished ${r.finishedAt}: `, r.verdict] as const;

export function diffMarkdown(runDiff: RunDiff): string {
  const out = ['# Differences between two conformance runs', ''];
  for (const [text, verdict] of [runLine('A', runDiff.a), runLine('B', runDiff.b)]) out.push(`- ${md(text)}**${md(verdict)}**`);
  out.push('', runDiff.differs ? '**The runs differ.**' : `**${SAME}**`);
  for (const t of tables(runDiff))
    out.push(
      '',
      `## ${t.title}`,
      '',
      t.rows.length
        ? mdTable(
            t.head,
            t.rows.map((r) => r.map((c) => md(c))),
          )
        : t.none,
    );
  out.push('');
  return out.join('\n');
}

export function diffHtml(runDiff: RunDiff): string {
  const table = (head: string[], rows: string[][]) =>
    `<table><thead><tr>${head.map((x) => `<th>${escapeHtml(x)}</th>`).join('')}</tr></thead><tbody>${rows
      .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`;
  const runs = [runLine('A', runDiff.a), runLine('B', runDiff.b)].map(
    ([text, verdict]) => `<li>${escapeHtml(text)}<strong>${escapeHtml(verdict)}</strong></li>`,
  );
  const sections = tables(runDiff).map(
    (t) => `<h2>${escapeHtml(t.title)}</h2>\n${t.rows.length ? table(t.head, t.rows) : `<p class="none">${escapeHtml(t.none)}</p>`}`,
  );
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Differences between two conformance runs</title>
<style>body{font:14px/1.45 system-ui,sans-serif;margin:2em;max-width:70em;color:#222}table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}th{background:#f3f3f3}.differs{color:#a40000;font-weight:bold}.same{color:#1d6b1d;font-weight:bold}.none{color:#666}</style>
</head><body>
<h1>Differences between two conformance runs</h1>
<ul>${runs.join('\n')}</ul>
<p class="${runDiff.differs ? 'differs' : 'same'}">${runDiff.differs ? 'The runs differ.' : escapeHtml(SAME)}</p>
${sections.join('\n')}
</body></html>
`;
}

function parseDiffArguments(argv: string[]): { out: string; dirs: [string, string] } {
  let out = join('reports', 'diff');
  const dirs: string[] = [];
  forEachArgument(
    argv,
    (m) => new ConfigError(m),
    (a, value) => {
      if (a === '--out') out = value();
      else if (a.startsWith('-')) throw new ConfigError(`unknown argument ${a}; use [--out <dir>] <reports A> <reports B>`);
      else dirs.push(a);
    },
  );
  if (dirs.length !== 2)
    throw new ConfigError(`two reports folders are needed (A, then B), not ${dirs.length}; use [--out <dir>] <reports A> <reports B>`);
  return { out, dirs: [dirs[0], dirs[1]] };
}

export function main(argv: string[]): void {
  let code: number;
  try {
    const { out, dirs } = parseDiffArguments(argv);
    for (const dir of dirs) checkInputFolder(dir, 'reports folder');
    checkOutputFolder(out, '--out');
    const runDiff = diffResults(readRun(dirs[0]), readRun(dirs[1]), dirs);
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'diff.md'), diffMarkdown(runDiff));
    writeFileSync(join(out, 'diff.html'), diffHtml(runDiff));
    console.log(
      `${runDiff.differs ? 'The runs differ' : 'Nothing differs'}: verdict ${runDiff.a.verdict} / ${runDiff.b.verdict}; ${runDiff.requirements.length} requirement outcome(s) differ; ${runDiff.onlyInA.length} finding(s) only in A, ${runDiff.onlyInB.length} only in B. ${resolve(out, 'diff.md')}, diff.html`,
    );
    code = runDiff.differs ? 1 : 0;
  } catch (error) {
    console.error(`Could not diff: ${error instanceof ConfigError ? error.message : ((error as Error)?.stack ?? String(error))}`);
    code = 2;
  }
  process.exitCode = code;
}
