// The console summary of a run: per class, per requirement, then the verdict in one line.
import type { ConformanceResult } from './result';
import type { Outcome } from '../core/outcomes';
import { latencyTable } from './latency';
import { firstLine } from './requirement-outcomes';
import { verdictHead } from './verdict';
import { attemptText, flakyLine, retriedScenarios } from './retries';
import { isAbsolute, join, relative, sep } from 'node:path';
import { REPORT_FILES } from './conformance-report/model';
import { EVIDENCE_FILE } from './evidence/names';
import { STREAM_FILE } from './evidence/stream';

/** The note of a run that wrote summary.json alone (--summary-only): the summary names no other report then. */
export const SUMMARY_ONLY_NOTE = '--summary-only: no report but summary.json was written (the evidence links lead nowhere)';

const MARK: Record<Outcome, string> = {
  passed: 'passed',
  failed: 'FAILED',
  cantTell: 'cannot tell',
  untested: 'untested',
  inapplicable: 'n/a',
};

/** The column where the "why" of a requirement starts (after id, level, class and outcome). */
const WHY_AT = 72;

/** `text` in lines of at most `width` characters, broken between words (a longer word is cut). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > width) {
      if (line) lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = '';
    }
    if (!word) continue;
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** `head` then `text` wrapped to `width`, its further lines indented by `indent`. */
function wrapped(head: string, text: string, width: number, indent: number): string[] {
  const [first, ...rest] = wrapText(text, Math.max(40, width - Math.max(head.length, indent)));
  return [`${head}${first}`.trimEnd(), ...rest.map((l) => `${' '.repeat(indent)}${l}`)];
}

/** A long gateway value, cut between words (the conformance report shows it whole). */
function shortened(s: string, max = 400): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const at = cut.lastIndexOf(' ');
  return `${at > max / 2 ? cut.slice(0, at) : cut}… (${s.length} characters: the conformance report shows it whole)`;
}

/** The reports folder as the user can type it: relative to the working folder when inside it. */
function shownFolder(dir: string): string {
  const rel = relative(process.cwd(), dir);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : dir;
}

export interface ConsoleOptions {
  /** The folder the reports were written to (named in the last line). */
  reportsDir?: string;
  /** The terminal's width (120 when not a terminal). */
  width?: number;
  /** What each --format wrote (its formatter and file), listed with the reports. */
  formats?: ReadonlyArray<{ name: string; file?: string }>;
}

export function formatConsoleSummary(r: ConformanceResult, opts: ConsoleOptions = {}): string {
  const width = Math.max(80, opts.width ?? 120);
  const lines: string[] = ['', `Conformance of ${r.target.url} (run ${r.runId})`];
  if (r.selection) lines.push(`Selection: ${r.selection.text} (not a verdict on the whole profile: what it left out is not run)`);
  lines.push('');
  lines.push('Requirement                  level   class                 outcome      why');
  for (const q of r.requirements) {
    const outcome = q.level === 'SHOULD' && q.outcome === 'failed' ? 'warning' : MARK[q.outcome];
    lines.push(
      ...wrapped(`${q.id.padEnd(28)} ${q.level.padEnd(7)} ${q.class.padEnd(21)} ${outcome.padEnd(12)} `, q.reason ?? '', width, WHY_AT),
    );
    if (q.outcome === 'failed') {
      for (const f of q.findings.slice(0, 2))
        lines.push(...wrapped('    ', `at ${f.at}: expected ${f.expected}; found ${shortened(f.found)}${attemptText(f)}`, width, 6));
      if (q.flaky?.length) lines.push(...wrapped('    ', flakyLine(q), width, 6));
    }
  }
  lines.push('', 'Class                  claimed  verdict');
  for (const c of r.classes)
    lines.push(
      `${c.class.padEnd(22)} ${(c.claimed ? 'yes' : 'no').padEnd(8)} ${c.verdict}${c.warnings ? ` (${c.warnings} warning(s))` : ''}`,
    );
  const count = (s: string) => r.scenarios.filter((x) => x.status === s).length;
  lines.push(
    '',
    `${r.scenarios.length} scenarios: ${count('passed')} passed, ${count('failed')} failed, ${count('cantTell')} cannot tell, ${count('skipped')} skipped, ${count('suiteError')} suite errors` +
      (retriedScenarios(r.scenarios).length ? `; ${retriedScenarios(r.scenarios).length} ran more than once (--retry)` : ''),
  );
  lines.push(...openScenarioLines(r, width));
  const times = latencyTable(r.latency ?? []);
  if (times.length) lines.push('', ...times);
  // a note is one line, as logs are searched (the reasons' column is wrapped: it is read beside others)
  for (const n of r.notes) lines.push(`Note: ${n}`);
  const head =
    verdictHead(r) +
    (r.selection && r.verdict !== 'SELECTION PASSED' && r.verdict !== 'NO FINDING' ? ` (selection ${r.selection.text})` : '');
  lines.push('', `${head}: ${r.verdictReason}`, ...reportsLines(r, opts.reportsDir, opts.formats ?? []));
  return lines.join('\n');
}

/** The most scenarios listed with their reason (the conformance report lists every one). */
const OPEN_LISTED = 10;

/** Each skipped or cannot-tell scenario with its reason, as the data showed it: never a bare "skipped". */
function openScenarioLines(r: ConformanceResult, width: number): string[] {
  const open = r.scenarios.filter((s) => s.status === 'skipped' || s.status === 'cantTell');
  const lines = open
    .slice(0, OPEN_LISTED)
    .flatMap((s) =>
      wrapped(
        '  ',
        `${s.status === 'skipped' ? 'skipped' : 'cannot tell'} "${s.name}": ${firstLine(s.message) || 'no reason was given'}`,
        width,
        4,
      ),
    );
  if (open.length > OPEN_LISTED) lines.push(`  and ${open.length - OPEN_LISTED} more (${REPORT_FILES.html} lists each with its reason)`);
  return lines;
}

/** Where the reports are: the folder, what it holds, what npm run report adds. */
function reportsLines(r: ConformanceResult, reportsDir: string | undefined, formats: ConsoleOptions['formats'] & object): string[] {
  if (r.selection?.dryRun) return []; // a dry run writes no report
  const folder = reportsDir ? shownFolder(reportsDir) : 'the reports folder';
  // what --format wrote, wherever it was told to
  const extra = formats.filter((f) => f.file).map((f) => `${shownFolder(f.file!)} (--format ${f.name})`);
  const also = extra.length ? ` Also written: ${extra.join(', ')}.` : '';
  if (r.notes.includes(SUMMARY_ONLY_NOTE)) return [`Reports: ${join(folder, 'summary.json')} alone (--summary-only).${also}`];
  const e = r.evidence;
  const evidence =
    e.html === EVIDENCE_FILE ? [e.html, `${e.reproducers}/`, e.messages] : [`${e.html}/ (each shard's evidence and reproducers)`];
  return [
    `Reports in ${folder.endsWith(sep) ? folder : `${folder}${sep}`}: ${REPORT_FILES.html} (open it first), ${[...evidence, e.junit, 'summary.json'].join(', ')}.${also}`,
    `npm run report builds the Allure report and the cucumber HTML report from ${e.messages === STREAM_FILE ? e.messages : "each shard's stream"}.`,
  ];
}
