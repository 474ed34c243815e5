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

export function formatConsoleSummary(conformanceResult: ConformanceResult, opts: ConsoleOptions = {}): string {
  const width = Math.max(80, opts.width ?? 120);
  const lines: string[] = ['', `Conformance of ${conformanceResult.target.url} (run ${conformanceResult.runId})`];
  if (conformanceResult.selection)
    lines.push(`Selection: ${conformanceResult.selection.text} (not a verdict on the whole profile: what it left out is not run)`);
  lines.push('');
  lines.push('Requirement                  level   class                 outcome      why');
  for (const requirement of conformanceResult.requirements) {
    const outcome = requirement.level === 'SHOULD' && requirement.outcome === 'failed' ? 'warning' : MARK[requirement.outcome];
    lines.push(
      ...wrapped(
        `${requirement.id.padEnd(28)} ${requirement.level.padEnd(7)} ${requirement.class.padEnd(21)} ${outcome.padEnd(12)} `,
        requirement.reason ?? '',
        width,
        WHY_AT,
      ),
    );
    if (requirement.outcome === 'failed') {
      for (const finding of requirement.findings.slice(0, 2))
        lines.push(
          ...wrapped(
            '    ',
            `at ${finding.at}: expected ${finding.expected}; found ${shortened(finding.found)}${attemptText(finding)}`,
            width,
            6,
          ),
        );
      if (requirement.flaky?.length) lines.push(...wrapped('    ', flakyLine(requirement), width, 6));
    }
  }
  lines.push('', 'Class                  claimed  verdict');
  for (const classResult of conformanceResult.classes)
    lines.push(
      `${classResult.class.padEnd(22)} ${(classResult.claimed ? 'yes' : 'no').padEnd(8)} ${classResult.verdict}${classResult.warnings ? ` (${classResult.warnings} warning(s))` : ''}`,
    );
  const count = (s: string) => conformanceResult.scenarios.filter((x) => x.status === s).length;
  lines.push(
    '',
    `${conformanceResult.scenarios.length} scenarios: ${count('passed')} passed, ${count('failed')} failed, ${count('cantTell')} cannot tell, ${count('skipped')} skipped, ${count('suiteError')} suite errors` +
      (retriedScenarios(conformanceResult.scenarios).length
        ? `; ${retriedScenarios(conformanceResult.scenarios).length} ran more than once (--retry)`
        : ''),
  );
  lines.push(...openScenarioLines(conformanceResult, width));
  const times = latencyTable(conformanceResult.latency ?? []);
  if (times.length) lines.push('', ...times);
  // a note is one line, as logs are searched (the reasons' column is wrapped: it is read beside others)
  for (const note of conformanceResult.notes) lines.push(`Note: ${note}`);
  const head =
    verdictHead(conformanceResult) +
    (conformanceResult.selection && conformanceResult.verdict !== 'SELECTION PASSED' && conformanceResult.verdict !== 'NO FINDING'
      ? ` (selection ${conformanceResult.selection.text})`
      : '');
  lines.push('', `${head}: ${conformanceResult.verdictReason}`, ...reportsLines(conformanceResult, opts.reportsDir, opts.formats ?? []));
  return lines.join('\n');
}

/** The most scenarios listed with their reason (the conformance report lists every one). */
const OPEN_LISTED = 10;

/** Each skipped or cannot-tell scenario with its reason, as the data showed it: never a bare "skipped". */
function openScenarioLines(conformanceResult: ConformanceResult, width: number): string[] {
  const open = conformanceResult.scenarios.filter((s) => s.status === 'skipped' || s.status === 'cantTell');
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
function reportsLines(
  conformanceResult: ConformanceResult,
  reportsDir: string | undefined,
  formats: ConsoleOptions['formats'] & object,
): string[] {
  if (conformanceResult.selection?.dryRun) return []; // a dry run writes no report
  const folder = reportsDir ? shownFolder(reportsDir) : 'the reports folder';
  // what --format wrote, wherever it was told to
  const extra = formats.filter((f) => f.file).map((f) => `${shownFolder(f.file!)} (--format ${f.name})`);
  const also = extra.length ? ` Also written: ${extra.join(', ')}.` : '';
  if (conformanceResult.notes.includes(SUMMARY_ONLY_NOTE))
    return [`Reports: ${join(folder, 'summary.json')} alone (--summary-only).${also}`];
  const evidenceLinks = conformanceResult.evidence;
  const evidence =
    evidenceLinks.html === EVIDENCE_FILE
      ? [evidenceLinks.html, `${evidenceLinks.reproducers}/`, evidenceLinks.messages]
      : [`${evidenceLinks.html}/ (each shard's evidence and reproducers)`];
  return [
    `Reports in ${folder.endsWith(sep) ? folder : `${folder}${sep}`}: ${REPORT_FILES.html} (open it first), ${[...evidence, evidenceLinks.junit, 'summary.json'].join(', ')}.${also}`,
    `npm run report builds the Allure report and the cucumber HTML report from ${evidenceLinks.messages === STREAM_FILE ? evidenceLinks.messages : "each shard's stream"}.`,
  ];
}
