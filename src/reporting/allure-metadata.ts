// What Allure reads from a results folder besides the test results, so that its report names the
// target, the run, the claims and the verdict. Allure 3 (npm `allure`, @allurereport/reader,
// reader "allure2") picks up, by exact file name:
//   environment.properties  -> metadata "allure_environment" (shown as the report's Environment by
//                              the awesome, classic and allure2 plugins); Java properties, UTF-8
//                              (non-ASCII written as \uXXXX, which Allure 2 also reads)
//   executor.json           -> metadata "allure2_executor": name, type, url, buildOrder, buildName,
//                              buildUrl, reportName, reportUrl (awesome passes it to the page as
//                              reportOptions.executor; classic and allure2 show the Executors widget)
//   categories.json         -> metadata "allure2_categories": [{ name, description, messageRegex,
//                              traceRegex, matchedStatuses, flaky }], used by the classic and allure2
//                              plugins ONLY. The awesome plugin (this project's, allurerc.json)
//                              takes its categories from the config's `categories` key, never from
//                              the results folder: see ALLURE3_CATEGORIES.
// (environment.xml is read too, but without entity decoding: we write the .properties form.)
//
// Errors as allure-cucumberjs records them: statusDetails.message is cucumber's formatted error,
// "<ErrorType>: <message>\n<stack>", and trace the same; the status is "failed" when the error's
// type or message matches /assert/i (ConformanceAssertionError), "broken" otherwise (CannotTell,
// SuiteError, ConfigError, StepUsageError). So the categories match on the error TYPE at the start
// of the message, or on the message's own first words ("Nonconformance:", "Cannot tell:",
// "Suite error:").
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceResult } from './result';

export const EXECUTOR_NAME = 'OTA Gateway Conformance';

/** A label the steps should give a scenario with warnings, for ALLURE3_CATEGORIES to find it. */
export const WARNING_LABEL = { name: 'conformance', value: 'warning' } as const;

/** Allure 2 category (categories.json). Regexes are matched whole by Allure 2 and from the start by Allure 3. */
export interface Allure2Category {
  name: string;
  description?: string;
  matchedStatuses: Array<'failed' | 'broken' | 'passed' | 'skipped' | 'unknown'>;
  messageRegex?: string;
  traceRegex?: string;
}

const ANY = '[\\s\\S]*';

/** Categories for categories.json, most specific first (the suite's own trouble before the gateway's). */
export const ALLURE2_CATEGORIES: Allure2Category[] = [
  {
    name: 'Suite error',
    description: "The suite's own trouble (configuration, a broken request sample, a step used out of order): not the gateway's.",
    matchedStatuses: ['broken', 'failed'],
    messageRegex: `^(?:(?:ConfigError|SuiteError|StepUsageError)\\b|(?:\\w+: )?Suite error:|The (?:test|step) doesn't have an implementation)${ANY}`,
  },
  {
    name: 'Cannot tell',
    description: 'A check could not be made (a precondition failed, the reply does not show the fact): the requirement is cantTell.',
    matchedStatuses: ['broken', 'failed'],
    messageRegex: `^(?:CannotTell\\b|(?:\\w+: )?Cannot tell:)${ANY}`,
  },
  {
    name: 'Nonconformance (MUST)',
    description: 'A MUST requirement failed (with --strict: or a SHOULD): the gateway does not conform.',
    matchedStatuses: ['failed'],
    messageRegex: `^(?:\\w+: )?Nonconformance:${ANY}`,
  },
];

/** Allure 3 category rules (allurerc `categories`), for the awesome plugin. */
export interface Allure3CategoryRule {
  id: string;
  name: string;
  matchers: Array<{ statuses?: string[]; message?: string; trace?: string; labels?: Record<string, string> }>;
  groupByMessage?: boolean;
  expand?: boolean;
}

/**
 * The same categories for Allure 3's config (allurerc.json `categories`, or the object
 * scripts/report.ts writes), plus "Warning (SHOULD)": Allure 3 matchers can match PASSED tests, by
 * label, which categories.json cannot (Allure 2 categories match only status, message and trace,
 * and a passed test has no message). It needs the scenario to carry WARNING_LABEL.
 */
export const ALLURE3_CATEGORIES: Allure3CategoryRule[] = [
  ...ALLURE2_CATEGORIES.map((c) => ({
    id: c.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/-$/, ''),
    name: c.name,
    matchers: [{ statuses: c.matchedStatuses, ...(c.messageRegex ? { message: c.messageRegex } : {}) }],
    groupByMessage: c.name !== 'Nonconformance (MUST)',
    expand: c.name === 'Nonconformance (MUST)',
  })),
  {
    id: 'warning-should',
    name: 'Warning (SHOULD)',
    matchers: [{ statuses: ['passed', 'failed', 'broken'], labels: { [WARNING_LABEL.name]: `^${WARNING_LABEL.value}$` } }],
    groupByMessage: false,
  },
];

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

function allureExecutor(result: ConformanceResult): AllureExecutor {
  const order = Date.parse(result.startedAt);
  return {
    name: EXECUTOR_NAME,
    type: 'conformance',
    buildName: result.runId,
    reportName: `${EXECUTOR_NAME}: ${result.verdict} (${result.target.url}, run ${result.runId})`,
    ...(Number.isFinite(order) ? { buildOrder: Math.floor(order / 1000) } : {}),
  };
}

/** Writes environment.properties, executor.json and categories.json into the Allure results folder. */
export function writeAllureMetadata(result: ConformanceResult, allureResultsDir: string): void {
  mkdirSync(allureResultsDir, { recursive: true });
  writeFileSync(join(allureResultsDir, 'environment.properties'), renderEnvironmentProperties(result));
  writeFileSync(join(allureResultsDir, 'executor.json'), `${JSON.stringify(allureExecutor(result), null, 2)}\n`);
  writeFileSync(join(allureResultsDir, 'categories.json'), `${JSON.stringify(ALLURE2_CATEGORIES, null, 2)}\n`);
}
