// The conformance report as Markdown: the same content as the HTML, every gateway text escaped.
import type { ConformanceResult, RequirementResult } from '../result';
import {
  basisLabel,
  basisText,
  checksText,
  GROUP_ORDER,
  GROUP_SHORT,
  GROUP_TITLES,
  localHref,
  NOT_TESTED,
  OUTCOME_LABEL,
  outcomeLabel,
  REPORT_FILES,
  type RequirementGroup,
  requirementGroup,
  runFacts,
  evidenceFiles,
  findingHref,
  reproducerHref,
  scenarioHref,
  showMessage,
  sortRequirements,
  scenarioStatusText,
  STATUS_LABEL,
  suiteText,
  verdictQualifier,
} from './model';
import { md, mdTable } from './escape';
import { attemptText } from '../retries';

/** Like md(), for text that starts a line: a leading heading, list or rule marker is escaped too. */
function mdLine(s: string | undefined): string {
  return md(s).replace(/^(\s*)([#+=-]|\d+[.)])/, '$1\\$2');
}

/** A link target for Markdown: local only, with the characters that would end it encoded. */
function mdHref(href: string | undefined): string | undefined {
  return href?.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/ /g, '%20');
}

function mdLink(href: string | undefined, text: string): string {
  const target = mdHref(href);
  return target ? `[${md(text)}](${target})` : md(text);
}

function mdRequirement(outcome: RequirementResult, result: ConformanceResult): string {
  const out = [
    `#### ${md(outcome.id)}: ${md(outcomeLabel(outcome))}${outcome.flaky?.length ? ', flaky' : ''} (${md(outcome.level)}, class ${md(outcome.class)})`,
    '',
    mdLine(outcome.statement),
    '',
    `- Section: ${md(outcome.section)}`,
    `- ${md(basisLabel(outcome))}: ${md(basisText(outcome))}`,
    `- Checks: ${md(checksText(outcome))}`,
  ];
  if (outcome.reason) out.push(`- Reason: ${md(outcome.reason)}`);
  if (outcome.findings.length) {
    out.push(
      '',
      mdTable(
        ['Where', 'Expected', 'Found', 'Scenario'],
        outcome.findings.map((f) => [
          md(f.at),
          md(f.expected),
          md(f.found),
          `${mdLink(findingHref(result, f), f.scenario)}${md(attemptText(f))}${f.exchange === undefined ? '' : md(` (exchange ${f.exchange})`)}`,
        ]),
      ),
    );
  }
  const byId = new Map(result.scenarios.map((s) => [s.id, s]));
  if (outcome.scenarios.length) {
    out.push('', 'Scenarios (evidence):', '');
    for (const scenario of outcome.scenarios) {
      const rec = byId.get(scenario.id);
      out.push(
        `- ${md(STATUS_LABEL[scenario.status] ?? scenario.status)}: ${mdLink(scenarioHref(result, scenario), scenario.name)} (${md(scenario.id)})${mdReproducer(result, scenario)}${showMessage(outcome, scenario.status, rec?.message) ? `: ${md(rec!.message)}` : ''}`,
      );
    }
  } else out.push('', 'No scenario citing this requirement ran.');
  return out.join('\n');
}

/** The same content as the HTML, as Markdown. */
export function renderMarkdown(result: ConformanceResult): string {
  const sorted = sortRequirements(result.requirements);
  return [
    ...mdVerdict(result),
    ...mdClasses(result, sorted),
    ...mdRequirements(result, sorted),
    ...mdNotTested(result, sorted),
    ...mdLatency(result),
    ...mdEvidence(result),
  ].join('\n');
}

/** The title, the verdict and its reason, the run's facts and the notes for the certifier. */
function mdVerdict(result: ConformanceResult): string[] {
  const out = [
    '# OTA message gateway — conformance report',
    '',
    `## Verdict: ${md(result.verdict)}${verdictQualifier(result) ? ` (${md(verdictQualifier(result))})` : ''}`,
    '',
    `**${md(result.verdictReason)}**`,
    '',
    mdTable(
      ['Run', ''],
      runFacts(result).map(([k, v]) => [md(k), md(v)]),
    ),
  ];
  if (result.notes.length) out.push('', '## Notes for the certifier', '', ...result.notes.map((n) => `- ${md(n)}`));
  return out;
}

/** The verdict per conformance class and the requirements at a glance. */
function mdClasses(result: ConformanceResult, sorted: RequirementResult[]): string[] {
  return [
    '',
    '## Verdict per conformance class',
    '',
    mdTable(
      [
        'Class',
        'Claimed',
        'Verdict',
        'MUST passed',
        'MUST failed',
        'MUST cannot tell',
        'MUST not tested',
        'MUST inapplicable',
        'SHOULD warnings',
      ],
      result.classes.map((c) => [
        md(c.class),
        c.claimed ? 'yes' : 'no',
        md(c.verdict),
        ...[c.must.passed, c.must.failed, c.must.cantTell, c.must.untested, c.must.inapplicable, c.warnings].map((n) => md(n)),
      ]),
    ),
    '',
    '## Requirements at a glance',
    '',
    mdTable(
      ['Group', 'Requirements'],
      GROUP_ORDER.map((g) => [md(GROUP_SHORT[g]), md(sorted.filter((r) => requirementGroup(r) === g).length)]),
    ),
    '',
    `A failed MUST makes its class DOES NOT CONFORM; a failed SHOULD is a warning${result.strict ? ' \\(with --strict it decides like a MUST\\)' : ''}; an INFO result never decides.`,
  ];
}

/** The requirements, failures first, each group under its title; the passed ones in one table. */
function mdRequirements(result: ConformanceResult, sorted: RequirementResult[]): string[] {
  const out = ['', '## Requirements, failures first'];
  for (const group of ['nonconformance', 'cantTell', 'warning', 'informative'] as RequirementGroup[]) {
    const mine = sorted.filter((r) => requirementGroup(r) === group);
    if (mine.length === 0) continue;
    out.push('', `### ${md(GROUP_TITLES[group])} (${mine.length})`);
    for (const outcome of mine) out.push('', mdRequirement(outcome, result));
  }
  const passed = sorted.filter((r) => r.outcome === 'passed');
  if (passed.length) {
    out.push(
      '',
      `### ${md(GROUP_TITLES.passed)} (${passed.length})`,
      '',
      mdTable(
        ['ID', 'Level', 'Class', 'Statement', 'Basis', 'Checks passed', 'Scenarios (evidence)'],
        passed.map((r) => [
          md(r.id),
          md(r.level),
          md(r.class),
          md(r.statement),
          `${md(basisLabel(r))}: ${md(basisText(r))}`,
          md(r.checks.passed),
          mdScenarioLinks(result, r),
        ]),
      ),
    );
  }
  return out;
}

/** ", reproducer": the link to the scenario's reproducer, when it sent a request. */
function mdReproducer(result: ConformanceResult, s: { id?: string; name: string }): string {
  const repro = reproducerHref(result, s);
  return repro ? `, ${mdLink(repro, 'reproducer')}` : '';
}

/** The scenarios of a requirement as links with their status and reproducer, one per line of a table cell. */
function mdScenarioLinks(result: ConformanceResult, outcome: RequirementResult): string {
  return outcome.scenarios
    .map((s) => `${mdLink(scenarioHref(result, s), s.name)} (${md(scenarioStatusText(result, s))})${mdReproducer(result, s)}`)
    .join('<br>');
}

function mdNotTested(result: ConformanceResult, sorted: RequirementResult[]): string[] {
  const out = ['', '## What was not tested and why', ''];
  const notTested = sorted.filter((r) => NOT_TESTED.includes(r.outcome));
  if (notTested.length === 0) out.push('Every requirement was tested.');
  else
    out.push(
      mdTable(
        ['ID', 'Level', 'Class', 'Outcome', 'Statement', 'Why', 'Scenarios'],
        notTested.map((r) => [
          md(r.id),
          md(r.level),
          md(r.class),
          md(OUTCOME_LABEL[r.outcome]),
          md(r.statement),
          md(r.reason ?? '(no reason given)'),
          r.scenarios.length ? mdScenarioLinks(result, r) : 'none ran',
        ]),
      ),
    );
  return out;
}

function mdLatency(result: ConformanceResult): string[] {
  const times = result.latency ?? [];
  if (!times.length) return [];
  return [
    '',
    '## Reply time per operation',
    '',
    "Milliseconds, from the first attempt to the reply; attempts counted one by one. The spec shows no time-outs: a budget is the test data's, for information.",
    '',
    mdTable(
      ['operation', 'replies', 'p50', 'p95', 'max', 'attempts', 'attempt p95', 'budget'],
      times.map((l) => [
        md(l.operation),
        String(l.replies.count),
        String(l.replies.p50),
        String(l.replies.p95),
        String(l.replies.max),
        String(l.attempts.count),
        String(l.attempts.p95),
        l.budgetMs === undefined ? '' : `${l.budgetMs} (${l.overBudget ?? 0} over)`,
      ]),
    ),
  ];
}

function mdEvidence(result: ConformanceResult): string[] {
  return [
    '',
    '## Evidence',
    '',
    ...evidenceFiles(result, REPORT_FILES.markdown).map(([path, what]) => `- ${mdLink(localHref(path), path)}: ${md(what)}`),
    '',
    `Generated by ${md(suiteText(result))} for run ${md(result.runId)}.`,
    '',
  ];
}
