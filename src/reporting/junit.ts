// JUnit XML for CI servers: one <testcase> per scenario, named with the requirement IDs it cites
// ("The hotel availability reply has a conforming envelope [EP-STATUS-200 EP-CONTENT-TYPE]"),
// classname "<conformance class>.<feature file>" (e.g. "core.envelope").
//
//   scenario failed      <failure type="Nonconformance">: a MUST failed (with --strict: or a SHOULD);
//                        its message (the title a CI page shows) is the first finding: requirement,
//                        where, expected, found; the text holds them all
//   scenario cantTell    <error type="CannotTell">: the check could not be made
//   scenario suiteError  <error type="SuiteError">: the suite's own trouble, not the gateway's
//   scenario skipped     <skipped>
//   warnings (SHOULD) never fail a test case, unless strict: then a scenario with warnings gets
//   <failure type="Warning">. INFO findings never fail one, strict or not. Both are listed in <system-out>.
//
//   a scenario run more than once (--retry) keeps every attempt (Maven Surefire's elements):
//   passed at last after attempts that could not tell: <flakyError> per such attempt; failed or
//   cannot tell at last: <rerunFailure>/<rerunError> per other attempt that did not pass. A failure
//   any attempt showed stays the test case's failure, "flaky" when another attempt passed.
//
// The testsuite's <properties> name the target, run id, claims and verdict; its counts are those
// of its test cases. Text is escaped, and characters XML 1.0 forbids are shown as \uXXXX.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { visible } from './conformance-report';
import { firstLine } from './requirement-outcomes';
import type { ConformanceResult, FindingRecord, RequirementResult, ScenarioRecord, ScenarioStatus } from './result';
import { attemptText } from './retries';

export interface JUnitOptions {
  /** SHOULD failures (warnings) fail their test cases (type "Warning"). */
  strict: boolean;
}

/** Escapes text and attribute values; control characters become \uXXXX. */
function xml(s: string | number | undefined | null): string {
  return visible(String(s ?? ''))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

/** Attribute values keep their newlines only as character references. */
const attr = (s: string | number | undefined | null) => xml(s).replace(/\n/g, '&#10;');

// the whole first line: a CI page shows the message attribute as the failure's title
const title = (s: string | undefined) => firstLine(s, Infinity);

export type CaseKind = 'passed' | 'failure' | 'warning' | 'cantTell' | 'suiteError' | 'skipped';

export interface JUnitCase {
  name: string;
  classname: string;
  file: string;
  kind: CaseKind;
  /** Text of the failure/error/skipped element. */
  message?: string;
  /** Its title (the message attribute a CI page shows): a failure's first finding, else the text's first line. */
  title?: string;
  /** A failure's type, when it is not a nonconformance (the clean-up's). */
  failureType?: string;
  /** What the test case shows even when it passes: warnings, informative findings, attempts. */
  out: string[];
  /** The other attempts of a scenario run more than once that did not pass (Surefire's flaky and rerun elements). */
  reruns: Array<{ element: 'flakyFailure' | 'flakyError' | 'rerunFailure' | 'rerunError'; type: string; message: string }>;
}

const RERUN_TYPE: Record<ScenarioStatus, string> = {
  failed: 'Nonconformance',
  cantTell: 'CannotTell',
  suiteError: 'SuiteError',
  skipped: 'Skipped',
  passed: 'Passed',
};

/** The attempts that did not decide the test case and did not pass, as Surefire's elements. */
function rerunsOf(scenarioRecord: ScenarioRecord): JUnitCase['reruns'] {
  const attempts = scenarioRecord.attempts ?? [];
  const decided = attempts.find((a) => a.status === 'failed') ?? attempts[attempts.length - 1];
  return attempts
    .filter((a) => a !== decided && a.status !== 'passed' && a.status !== 'skipped')
    .map((a) => ({
      element:
        scenarioRecord.status === 'passed'
          ? a.status === 'failed'
            ? 'flakyFailure'
            : 'flakyError'
          : a.status === 'failed'
            ? 'rerunFailure'
            : 'rerunError',
      type: RERUN_TYPE[a.status],
      message: `attempt ${a.attempt} of ${attempts.length}: ${a.message ?? a.status}`,
    }));
}

function featureName(uri: string): string {
  const base = uri.split('/').pop() ?? uri;
  return base.replace(/\.feature$/, '') || 'scenario';
}

/** The test cases of a run, in scenario order. */
export function junitCases(result: ConformanceResult, opts: JUnitOptions): JUnitCase[] {
  const reqById = new Map(result.requirements.map((r) => [r.id, r]));
  return result.scenarios.map((scenario) => {
    const reqs = scenario.reqs.map((id) => reqById.get(id)).filter((r): r is RequirementResult => r !== undefined);
    const classes = [...new Set(reqs.map((r) => r.class))];
    const out = [`Scenario ${scenario.id} (${scenario.status})`];
    if (scenario.attempts && scenario.attempts.length > 1)
      out.push(
        `Attempts (--retry; a failure any attempt showed stays): ${scenario.attempts.map((a) => `${a.attempt} ${a.status}`).join(', ')}`,
      );
    const warnings = scenario.warnings.map((id) => {
      const result = reqById.get(id);
      return `${id}${result ? ` (SHOULD): ${result.statement}` : ''}${findingsOf(result, scenario)}`;
    });
    if (warnings.length)
      out.push(
        `Warnings (SHOULD failed; ${opts.strict ? 'strict: they fail this test case' : 'they do not decide conformance'}):`,
        ...warnings.map((w) => `  ${w}`),
      );
    const informative = reqs.filter(
      (r) => r.level === 'INFO' && r.outcome === 'failed' && r.findings.some((f) => f.scenario === scenario.name),
    );
    if (informative.length)
      out.push('Informative (INFO, never decides):', ...informative.map((r) => `  ${r.id}: ${r.statement}${findingsOf(r, scenario)}`));

    // A failed scenario is a failure when it concerns a MUST (a warning when it concerns a SHOULD,
    // with strict; an INFO requirement never fails a test case): a run's JUnit never fails where its
    // verdict would not.
    const decidesMust = reqs.length === 0 || reqs.some((r) => r.level === 'MUST') || scenario.reqs.length !== reqs.length;
    const decidesUnderStrict = opts.strict && reqs.some((r) => r.level === 'SHOULD');
    let kind: CaseKind;
    let message: string | undefined = scenario.message;
    switch (scenario.status) {
      case 'failed':
        kind = decidesMust ? 'failure' : decidesUnderStrict ? 'warning' : 'passed';
        if (kind === 'passed' && scenario.message)
          out.push(`Not a failure (no MUST${opts.strict ? ' or SHOULD' : ''} among ${scenario.reqs.join(' ')}):`, scenario.message);
        break;
      case 'cantTell':
        kind = 'cantTell';
        break;
      case 'suiteError':
        kind = 'suiteError';
        break;
      case 'skipped':
        kind = 'skipped';
        break;
      default:
        kind = opts.strict && warnings.length ? 'warning' : 'passed';
        if (kind === 'warning')
          message = `Warning: ${scenario.warnings.length} SHOULD requirement(s) failed (--strict): ${scenario.warnings.join(', ')}\n${warnings.join('\n')}`;
    }
    const title =
      kind === 'failure'
        ? firstFindingTitle(reqs, scenario, (r) => r.level === 'MUST' || (opts.strict && r.level === 'SHOULD'))
        : kind === 'warning'
          ? firstFindingTitle(reqs, scenario, (r) => r.level === 'SHOULD')
          : undefined;
    return {
      name: scenario.reqs.length ? `${scenario.name} [${scenario.reqs.join(' ')}]` : scenario.name,
      ...(title ? { title } : {}),
      classname: `${classes.length ? classes.join('+') : 'unclassified'}.${featureName(scenario.uri)}`,
      file: scenario.uri,
      kind,
      message,
      out,
      reruns: rerunsOf(scenario),
    };
  });
}

/** The findings of `r` that scenario `s` made (by its id; an older summary: by its name). */
const findingsIn = (r: RequirementResult | undefined, s: ScenarioRecord): FindingRecord[] =>
  (r?.findings ?? []).filter((f) => (f.scenarioId === undefined ? f.scenario === s.name : f.scenarioId === s.id));

/**
 * A failure's title: its first finding (requirement, where, expected, found), and how many more
 * the text lists; undefined when the scenario made no finding of a requirement that decides.
 */
function firstFindingTitle(
  reqs: readonly RequirementResult[],
  scenarioRecord: ScenarioRecord,
  decides: (result: RequirementResult) => boolean,
): string | undefined {
  const all = reqs.filter((r) => r.outcome === 'failed' && decides(r)).flatMap((r) => findingsIn(r, scenarioRecord).map((f) => ({ r, f })));
  if (all.length === 0) return undefined;
  const { r, f } = all[0];
  const more = all.length - 1;
  return `${r.id} (${r.level}) at ${f.at}: expected ${f.expected}; found ${f.found}${attemptText(f)}${more ? ` (and ${more} more finding(s) in the text)` : ''}`;
}

function findingsOf(result: RequirementResult | undefined, scenarioRecord: ScenarioRecord): string {
  const mine = findingsIn(result, scenarioRecord);
  return mine.map((f) => `\n    at ${f.at}\n      expected: ${f.expected}\n      found:    ${f.found}`).join('');
}

const ELEMENT: Record<Exclude<CaseKind, 'passed'>, (jUnitCase: JUnitCase) => string> = {
  failure: (c) =>
    `<failure type="${attr(c.failureType ?? 'Nonconformance')}" message="${attr(c.title ?? (title(c.message) || 'a MUST requirement failed'))}">${xml(c.message ?? '')}</failure>`,
  warning: (c) =>
    `<failure type="Warning" message="${attr(c.title ?? (title(c.message) || 'a SHOULD requirement failed (--strict)'))}">${xml(c.message ?? '')}</failure>`,
  cantTell: (c) =>
    `<error type="CannotTell" message="${attr(title(c.message) || 'the check could not be made')}">${xml(c.message ?? '')}</error>`,
  suiteError: (c) =>
    `<error type="SuiteError" message="${attr(title(c.message) || "the suite's own error")}">${xml(c.message ?? '')}</error>`,
  skipped: (c) => `<skipped message="${attr(title(c.message) || 'skipped')}"/>`,
};

/** Counts as the testsuite attributes state them. */
function junitCounts(cases: JUnitCase[]): { tests: number; failures: number; errors: number; skipped: number } {
  return {
    tests: cases.length,
    failures: cases.filter((c) => c.kind === 'failure' || c.kind === 'warning').length,
    errors: cases.filter((c) => c.kind === 'cantTell' || c.kind === 'suiteError').length,
    skipped: cases.filter((c) => c.kind === 'skipped').length,
  };
}

function seconds(from: string, to: string): string {
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms >= 0 ? (ms / 1000).toFixed(3) : '0';
}

/** The flaky requirements (failed on one attempt, passed on another; failed all the same), when any. */
function flakyProperty(result: ConformanceResult): Array<[string, string]> {
  const flaky = result.requirements.filter((r) => r.flaky?.length).map((r) => r.id);
  return flaky.length ? [['flaky', flaky.join(',')]] : [];
}

/**
 * The run's clean-up as a test case of its own, failed when bookings were left open in the ledger
 * or could not be cancelled: a CI page then shows them whatever the verdict.
 */
export function cleanupCase(result: ConformanceResult): JUnitCase[] {
  const bookings = result.bookings;
  const left = [
    ...(bookings?.leftOpen ?? []).map((o) => `${o.ref}: ${o.why}`),
    ...(bookings?.failed ?? []).map((f) => `${f.ref}: ${f.why}`),
  ];
  if (!bookings || left.length === 0) return [];
  return [
    {
      name: 'clean-up',
      classname: 'bookings',
      file: bookings.ledger,
      kind: 'failure',
      failureType: 'BookingsLeftOpen',
      title: `${left.length} booking(s) left open in the ledger ${bookings.ledger}; the next run checks them again`,
      message: left.join('\n'),
      out: [],
      reruns: [],
    },
  ];
}

export function renderJUnit(result: ConformanceResult, opts: JUnitOptions): string {
  const cases = [...junitCases(result, opts), ...cleanupCase(result)];
  const n = junitCounts(cases);
  const properties: Array<[string, string]> = [
    ['target', result.target.url],
    ['target.description', result.target.description],
    ['run.id', result.runId],
    ['claims', result.claims.join(',')],
    ['verdict', result.verdict],
    ['verdict.reason', result.verdictReason],
    ['exit.code', String(result.exitCode)],
    ['warnings', String(result.warnings)],
    ['strict', String(opts.strict)],
    ...(result.retry ? ([['retry', String(result.retry)]] as Array<[string, string]>) : []),
    ...flakyProperty(result),
    ['profile', result.profile],
    ...(result.tags ? ([['tags', result.tags]] as Array<[string, string]>) : []),
    // a selection's verdict is never one on the whole profile: a CI gate reads this
    ...(result.selection ? ([['selection', result.selection.text]] as Array<[string, string]>) : []),
    ...(result.runGroup ? ([['run.group', result.runGroup]] as Array<[string, string]>) : []),
    ['suite', result.suite.name],
    // reply time per operation: latency.<operation>.<count|p50|p95|max> (ms)
    ...(result.latency ?? []).flatMap((l) =>
      (['count', 'p50', 'p95', 'max'] as const).map((k) => [`latency.${l.operation}.${k}`, String(l.replies[k])] as [string, string]),
    ),
    ['suite.version', result.suite.version],
    ...(result.suite.commit ? ([['suite.commit', result.suite.commit]] as Array<[string, string]>) : []),
    ['started', result.startedAt],
    ['finished', result.finishedAt],
    ...result.classes.map((c): [string, string] => [`class.${c.class}`, c.verdict]),
  ];
  const time = seconds(result.startedAt, result.finishedAt);
  const counts = `tests="${n.tests}" failures="${n.failures}" errors="${n.errors}" skipped="${n.skipped}"`;
  const body = cases
    .map((jUnitCase) => {
      const inner = [
        jUnitCase.kind === 'passed' ? '' : `      ${ELEMENT[jUnitCase.kind](jUnitCase)}`,
        ...jUnitCase.reruns.map(
          (x) => `      <${x.element} type="${attr(x.type)}" message="${attr(title(x.message))}">${xml(x.message)}</${x.element}>`,
        ),
        `      <system-out>${xml(jUnitCase.out.join('\n'))}</system-out>`,
      ]
        .filter(Boolean)
        .join('\n');
      return `    <testcase name="${attr(jUnitCase.name)}" classname="${attr(jUnitCase.classname)}" file="${attr(jUnitCase.file)}">\n${inner}\n    </testcase>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${attr(result.suite.name)}" ${counts} time="${time}">
  <testsuite name="${attr(`${result.suite.name}: ${result.target.url}`)}" ${counts} time="${time}" timestamp="${attr(result.startedAt)}">
    <properties>
${properties.map(([k, v]) => `      <property name="${attr(k)}" value="${attr(v)}"/>`).join('\n')}
    </properties>
${body}
  </testsuite>
</testsuites>
`;
}

/** Writes the JUnit XML to `file` (its folder created if missing); returns the path. */
export function writeJUnit(result: ConformanceResult, file: string, opts: JUnitOptions = { strict: result.strict }): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, renderJUnit(result, opts));
  return file;
}
