// What Allure shows of a run beside its test results: the report's title (the verdict first), the
// categories, the environment (target, run, claims, verdict) and the executor. npm run report
// hands them to Allure 3 (src/reporting/allure-report.ts) with the results built from the
// evidence stream (src/reporting/allure-results.ts); none of it is written as a results folder.
// Allure 3 (npm `allure`, @allurereport/reader, reader "allure2") reads, by exact file name:
//   environment.properties  -> metadata "allure_environment" (the report's Environment / Metadata);
//                              Java properties, UTF-8 (non-ASCII written as \uXXXX)
//   executor.json           -> metadata "allure2_executor": name, type, buildName, reportName, ...
// Its categories come from its configuration (`categories`), never from the results: they sort the
// tests by the label CONFORMANCE_LABEL each result carries, set from the verdict of its scenario.
import type { ConformanceResult } from './result';
import { verdictHead } from './verdict';

export const EXECUTOR_NAME = 'OTA Gateway Conformance';

/** The label that sorts a test into the categories: what its scenario showed. */
export const CONFORMANCE_LABEL = 'conformance';
export type ConformanceLabel = 'nonconformance' | 'warning' | 'cannot-tell' | 'suite-error';

/** An Allure 3 category rule (allurerc `categories`), matching the tests by CONFORMANCE_LABEL. */
export interface AllureCategoryRule {
  id: string;
  name: string;
  matchers: Array<{ labels: Record<string, string> }>;
  groupByMessage?: boolean;
  expand?: boolean;
}

const CATEGORY = (id: ConformanceLabel, name: string, more: Partial<AllureCategoryRule> = {}): AllureCategoryRule => ({
  id,
  name,
  matchers: [{ labels: { [CONFORMANCE_LABEL]: `^${id}$` } }],
  groupByMessage: true,
  ...more,
});

/** The categories, the gateway's trouble first: nonconformance (MUST), warning (SHOULD), cannot tell, the suite's own error. */
export const ALLURE_CATEGORIES: AllureCategoryRule[] = [
  CATEGORY('nonconformance', 'Nonconformance (MUST)', { groupByMessage: false, expand: true }),
  CATEGORY('warning', 'Warning (SHOULD)', { groupByMessage: false }),
  CATEGORY('cannot-tell', 'Cannot tell'),
  CATEGORY('suite-error', 'Suite error'),
];

/** The Allure report's title: the verdict, then what was judged; a selection is named, never taken for the whole run. */
export function allureTitle(result: ConformanceResult, target: string): string {
  return `${verdictHead(result)} · ${EXECUTOR_NAME}: ${target}${result.selection ? ` · selection ${result.selection.text}` : ''}`;
}

/** Environment entries in display order. */
function allureEnvironment(result: ConformanceResult): Array<[string, string]> {
  return [
    ['Target', result.target.url],
    ['Target description', result.target.description],
    ['Run ID', result.runId],
    ['Verdict', result.verdict],
    ['Verdict reason', result.verdictReason],
    ['Exit code', String(result.exitCode)],
    ['Claims', result.claims.join(', ') || '(none)'],
    ...result.classes.map((c): [string, string] => [`Class ${c.class}`, c.claimed ? c.verdict : 'not claimed']),
    ['Warnings (SHOULD failed)', String(result.warnings)],
    ['Profile', result.profile],
    ['Selection', result.selection?.text ?? (result.tags ? `--tags "${result.tags}"` : '(none: the whole profile)')],
    ['Strict', String(result.strict)],
    ['Suite', `${result.suite.name} ${result.suite.version}`],
    ['Suite commit', result.suite.commit ?? '(unknown)'],
    ['Started', result.startedAt],
    ['Finished', result.finishedAt],
  ];
}

/** Escapes for a .properties file: separators and leading spaces, line breaks, non-ASCII as \uXXXX. */
function propertiesEscape(s: string, key: boolean): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const code = s.charCodeAt(i);
    if (c === '\\') out += '\\\\';
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (c === '\f') out += '\\f';
    else if (c === '=' || c === ':' || c === '#' || c === '!') out += `\\${c}`;
    else if (c === ' ' && (key || i === 0)) out += '\\ ';
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return out;
}

export function renderEnvironmentProperties(result: ConformanceResult): string {
  return `${allureEnvironment(result)
    .map(([k, v]) => `${propertiesEscape(k, true)}=${propertiesEscape(v, false)}`)
    .join('\n')}\n`;
}

export interface AllureExecutor {
  name: string;
  type: string;
  buildName: string;
  reportName: string;
  buildOrder?: number;
}

export function allureExecutor(result: ConformanceResult): AllureExecutor {
  const order = Date.parse(result.startedAt);
  return {
    name: EXECUTOR_NAME,
    type: 'conformance',
    buildName: result.runId,
    reportName: `${EXECUTOR_NAME}: ${verdictHead(result)} (${result.target.url}, run ${result.runId})`,
    ...(Number.isFinite(order) ? { buildOrder: Math.floor(order / 1000) } : {}),
  };
}

/** environment.properties and executor.json, as files Allure reads beside the results. */
export function allureMetadataFiles(result: ConformanceResult): Array<{ name: string; content: Buffer }> {
  return [
    { name: 'environment.properties', content: Buffer.from(renderEnvironmentProperties(result), 'utf8') },
    { name: 'executor.json', content: Buffer.from(`${JSON.stringify(allureExecutor(result), null, 2)}\n`, 'utf8') },
  ];
}
