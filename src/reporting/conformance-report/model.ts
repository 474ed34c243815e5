// The conformance report's model: what every form shows the same way. How requirements are
// grouped and ordered (a certifier sees failures first), the labels, the run's facts, and the
// escaping of control characters that every form shares. One renderer per form: html.ts,
// markdown.ts, earl.ts; index.ts writes the three side by side.
import type { ConformanceResult, FindingRecord, RequirementResult, ScenarioStatus } from '../result';
import { exchangeHref } from '../evidence/names';
import { retriedScenarios } from '../retries';
import { firstLine } from '../requirement-outcomes';
import { EXPLORATION_NOT_A_VERDICT } from '../verdict';
import type { Outcome } from '../../core/outcomes';

/** The groups of the report, in the order they are shown. */
export type RequirementGroup = 'nonconformance' | 'cantTell' | 'warning' | 'informative' | 'passed' | 'untested' | 'inapplicable';

export const GROUP_ORDER: readonly RequirementGroup[] = [
  'nonconformance',
  'cantTell',
  'warning',
  'informative',
  'passed',
  'untested',
  'inapplicable',
];

export const GROUP_TITLES: Record<RequirementGroup, string> = {
  nonconformance: 'Nonconformances: MUST requirements that failed',
  cantTell: 'Cannot tell: checks that could not be made',
  warning: 'Warnings: SHOULD requirements that failed',
  informative: 'Informative findings: INFO requirements that failed (never decide)',
  passed: 'Passed',
  untested: 'Not tested',
  inapplicable: 'Inapplicable: classes not claimed',
};

export const GROUP_SHORT: Record<RequirementGroup, string> = {
  nonconformance: 'Failed MUST',
  cantTell: 'Cannot tell',
  warning: 'Warnings (SHOULD)',
  informative: 'Informative (INFO)',
  passed: 'Passed',
  untested: 'Not tested',
  inapplicable: 'Inapplicable',
};

export function requirementGroup(result: RequirementResult): RequirementGroup {
  switch (result.outcome) {
    case 'failed':
      return result.level === 'MUST' ? 'nonconformance' : result.level === 'SHOULD' ? 'warning' : 'informative';
    case 'cantTell':
      return 'cantTell';
    case 'passed':
      return 'passed';
    case 'untested':
      return 'untested';
    default:
      return 'inapplicable';
  }
}

export const LEVEL_RANK: Record<string, number> = { MUST: 0, SHOULD: 1, INFO: 2 };

/** Requirements in report order: by group (failed MUST first), then level, then catalogue order. */
export function sortRequirements(reqs: readonly RequirementResult[]): RequirementResult[] {
  return reqs
    .map((r, i) => ({ r, i }))
    .sort(
      (a, b) =>
        GROUP_ORDER.indexOf(requirementGroup(a.r)) - GROUP_ORDER.indexOf(requirementGroup(b.r)) ||
        (LEVEL_RANK[a.r.level] ?? 9) - (LEVEL_RANK[b.r.level] ?? 9) ||
        a.i - b.i,
    )
    .map((x) => x.r);
}

export const OUTCOME_LABEL: Record<Outcome, string> = {
  passed: 'passed',
  failed: 'FAILED',
  cantTell: 'cannot tell',
  untested: 'not tested',
  inapplicable: 'inapplicable',
};

export const STATUS_LABEL: Record<ScenarioStatus, string> = {
  passed: 'passed',
  failed: 'failed',
  cantTell: 'cannot tell',
  skipped: 'skipped',
  suiteError: 'suite error',
};

/**
 * A scenario's status as a requirement's scenario list shows it: a skip or a cannot-tell with its
 * reason (as the data showed it), never bare.
 */
export function scenarioStatusText(result: ConformanceResult, s: { id: string; status: ScenarioStatus }): string {
  const label = STATUS_LABEL[s.status] ?? s.status;
  if (s.status !== 'skipped' && s.status !== 'cantTell') return label;
  const why = firstLine(result.scenarios.find((x) => x.id === s.id)?.message);
  return why ? `${label}: ${why}` : label;
}

/** Label of a requirement's outcome, saying "warning" for a failed SHOULD and "informative" for INFO. */
export function outcomeLabel(result: RequirementResult): string {
  const group = requirementGroup(result);
  return group === 'warning' ? 'WARNING' : group === 'informative' ? 'informative' : OUTCOME_LABEL[result.outcome];
}

// Characters that XML 1.0 forbids and terminals interpret (C0/C1 controls except tab, LF, CR;
// U+FFFE/U+FFFF; lone surrogates): shown as \uXXXX, never passed through.
export const CONTROL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Makes control characters visible as \uXXXX text. */
export function visible(s: string): string {
  return s.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** Relative link to a local file, with its #fragment if any (never a URL with a scheme, never protocol-relative), or undefined. */
export function localHref(path: string | undefined): string | undefined {
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//') || path.startsWith('\\\\')) return undefined;
  const at = path.indexOf('#');
  const file = at < 0 ? path : path.slice(0, at);
  const encoded = file
    .split('/')
    .map((seg) => encodeURIComponent(seg))
    .join('/');
  return at < 0 ? encoded : `${encoded}#${encodeURIComponent(path.slice(at + 1))}`;
}

/** What the run's --retry was, for the facts of the run. */
export function retryText(result: ConformanceResult): string {
  if (!result.retry) return 'none';
  const retried = retriedScenarios(result.scenarios).length;
  return `--retry ${result.retry}: a failed scenario runs again, at most ${result.retry} time(s); a failure any attempt showed stays a failure (${retried} scenario(s) ran more than once)`;
}

/** The scenario of a finding or a requirement's list: by id, else (an older summary) by name. */
const scenarioOf = (result: ConformanceResult, s: { id?: string; name: string }) =>
  (s.id === undefined ? undefined : result.scenarios.find((x) => x.id === s.id)) ?? result.scenarios.find((x) => x.name === s.name);

/** Link to a scenario's section of the evidence view (evidence.html#<name>; a merge: its shard's), or undefined when none was written. */
export function scenarioHref(result: ConformanceResult, s: { id?: string; name: string }): string | undefined {
  return localHref(scenarioOf(result, s)?.evidence);
}

/** Link to exactly the exchange whose reply showed a finding (else its scenario's section). */
export function findingHref(result: ConformanceResult, findingRecord: FindingRecord): string | undefined {
  const evidence = scenarioOf(result, { id: findingRecord.scenarioId, name: findingRecord.scenario })?.evidence;
  return localHref(
    evidence && findingRecord.exchange !== undefined
      ? exchangeHref(evidence, findingRecord.attempt ?? 1, findingRecord.exchange)
      : evidence,
  );
}

/** Link to a scenario's reproducer, when it sent a request. */
export function reproducerHref(result: ConformanceResult, s: { id?: string; name: string }): string | undefined {
  return localHref(scenarioOf(result, s)?.reproducer);
}

export function duration(from: string, to: string): string {
  const ms = Date.parse(to) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 0) return '';
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return [h ? `${h} h` : '', m ? `${m} min` : '', `${s % 60} s`].filter(Boolean).join(' ');
}

export function basisLabel(result: RequirementResult): string {
  return result.basis.kind === 'spec' ? 'The spec says' : result.basis.kind === 'convention' ? 'Convention' : 'Profile';
}

export function basisText(result: RequirementResult): string {
  return result.basis.kind === 'spec' ? `“${result.basis.quote}”` : result.basis.text;
}

export function checksText(result: RequirementResult): string {
  return `${result.checks.passed} passed, ${result.checks.failed} failed, ${result.checks.cantTell} could not be made`;
}

export function claimsText(result: ConformanceResult): string {
  return result.claims.length ? result.claims.join(', ') : '(none)';
}

export function suiteText(result: ConformanceResult): string {
  return `${result.suite.name} ${result.suite.version}${result.suite.commit ? ` (commit ${result.suite.commit})` : ''}`;
}

/** The run's selection as the facts name it, or that it was the whole run. */
export function selectionText(result: ConformanceResult): string {
  const text = result.selection?.text ?? (result.tags ? `--tags "${result.tags}"` : undefined);
  return text
    ? `${text}: a selection, not a verdict on the whole profile (what it left out is not run)`
    : 'none: every scenario of the claimed classes (the whole profile)';
}

/** The facts of the run, in display order: [label, value]. */
export function runFacts(result: ConformanceResult): Array<[string, string]> {
  const took = duration(result.startedAt, result.finishedAt);
  return [
    ['Target', `${result.target.url}${result.target.embedded ? ' (embedded sandbox)' : ''}`],
    ['Target description', result.target.description],
    ['Suite', suiteText(result)],
    ['Run ID', result.runId],
    ['Started', result.startedAt],
    ['Finished', `${result.finishedAt}${took ? ` (took ${took})` : ''}`],
    ['Profile', result.profile],
    ['Selection', selectionText(result)],
    ['Strict', result.strict ? 'yes: SHOULD failures decide like MUST failures' : 'no: SHOULD failures are warnings'],
    ['Retries', retryText(result)],
    ['Claimed classes', claimsText(result)],
    ['Exit code', String(result.exitCode)],
    [
      'Re-check',
      'npm run verify -- certificate.tar.gz, the bundle npm run certify makes of a whole run recorded with --record (docs/certify.md)',
    ],
  ];
}

export function countBy<T extends string>(items: readonly T[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[item] = (out[item] ?? 0) + 1;
  return out;
}

export const NOT_TESTED: readonly Outcome[] = ['cantTell', 'untested', 'inapplicable'];

/** The three forms' file names (each form links to the others). */
export const REPORT_FILES = {
  html: 'conformance-report.html',
  markdown: 'conformance-report.md',
  json: 'conformance-report.json',
} as const;

/** The files of a run's evidence, each with what it is for (the reports' Evidence section). */
export function evidenceFiles(result: ConformanceResult, self: string): Array<[string, string]> {
  const evidence = result.evidence;
  const files: Array<[string, string]> = [
    [
      evidence.html,
      'every scenario with each of its exchanges: the request and the reply, masked (a scenario or finding link above opens it at that scenario or exchange)',
    ],
    [evidence.reproducers, 'a shell script per scenario that sends its requests again with curl (it reads $OTA_PASSWORD, never holds it)'],
    [evidence.junit, 'JUnit XML: one test case per scenario, named with its requirement IDs; a failure names its first finding'],
    [evidence.messages, 'the evidence stream (cucumber messages, NDJSON): each exchange once, masked; every other report is built from it'],
    [evidence.cucumberHtml, 'the cucumber HTML report, built from the stream by npm run report'],
    [evidence.allureReport, 'the Allure report (class › operation › requirement, with history), built from the stream by npm run report'],
    [REPORT_FILES.json, 'this report as W3C EARL (JSON-LD): one assertion per requirement'],
    [REPORT_FILES.markdown, 'this report as Markdown'],
    [REPORT_FILES.html, 'this report as HTML'],
  ];
  return files.filter(([path]) => path !== self);
}

/** What the big verdict word needs beside it: the warnings of a CONFORMS, the nature of a selection (named whatever its verdict). */
export function verdictQualifier(result: ConformanceResult): string {
  if (result.verdict === 'CONFORMS' && result.warnings > 0) return `with ${result.warnings} warning(s)`;
  if (result.verdict === 'SELECTION PASSED') return 'not a conformance verdict';
  if (result.verdict === 'NO FINDING') return `in ${result.exploration?.requests ?? 0} explored requests: ${EXPLORATION_NOT_A_VERDICT}`;
  if (result.selection) return `in a selection: ${result.selection.text}`;
  return '';
}

/**
 * Whether a scenario's error message belongs under a requirement: always when the scenario could
 * not check (cannot tell, suite error, skipped: the message says why); for a failure only when the
 * message names this requirement (a scenario's failure may concern another requirement it cites).
 */
export function showMessage(result: RequirementResult, status: ScenarioStatus, message: string | undefined): boolean {
  if (!message || status === 'passed') return false;
  return status !== 'failed' || message.includes(result.id);
}
