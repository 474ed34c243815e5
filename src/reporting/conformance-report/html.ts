// The conformance report as HTML: one self-contained file (opens from file://, no server, no
// network). Everything from the result is escaped; a Content-Security-Policy allows only its own
// inline style and script (by hash): nothing is fetched, and nothing injected could run.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClassResult, ConformanceResult, FindingRecord, RequirementResult } from '../result';
import type { Outcome } from '../../core/outcomes';
import {
  basisLabel,
  basisText,
  checksText,
  claimsText,
  countBy,
  GROUP_ORDER,
  GROUP_SHORT,
  GROUP_TITLES,
  LEVEL_RANK,
  localHref,
  NOT_TESTED,
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
import { escapeHtml } from './escape';
import { attemptText } from '../retries';

/** A class name from a closed set (verdicts, outcomes): never raw data. */
const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

// In a file of its own (edited as CSS), read once and inlined: the HTML stays one self-contained
// file. scripts/build.js copies it beside the compiled code.
export const STYLE = readFileSync(join(__dirname, 'html.css'), 'utf8');

// Shows the filter bar and hides unchecked groups. Static: no data of the result is in it.
const SCRIPT = `(function () {
  var bar = document.getElementById('filters');
  if (!bar) return;
  bar.hidden = false;
  var boxes = bar.querySelectorAll('input[type=checkbox]');
  function apply() {
    for (var i = 0; i < boxes.length; i++) {
      var parts = document.querySelectorAll('[data-group="' + boxes[i].value + '"]');
      for (var j = 0; j < parts.length; j++) parts[j].classList.toggle('is-hidden', !boxes[i].checked);
    }
  }
  function only(groups) {
    for (var i = 0; i < boxes.length; i++) boxes[i].checked = !groups || groups.indexOf(boxes[i].value) >= 0;
    apply();
  }
  bar.addEventListener('change', apply);
  bar.querySelector('[data-show=problems]').addEventListener('click', function () { only(['nonconformance', 'cantTell', 'warning']); });
  bar.querySelector('[data-show=all]').addEventListener('click', function () { only(null); });
})();`;

const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

/** A policy that lets a page use only its own inline style (and script), by hash: nothing is fetched, nothing injected runs. */
export const selfContainedPolicy = (style: string, script?: string) =>
  `default-src 'none'; style-src ${sha256(style)};${script ? ` script-src ${sha256(script)};` : ''} img-src 'none'; base-uri 'none'; form-action 'none'`;

const CSP = selfContainedPolicy(STYLE, SCRIPT);

/** The start of a self-contained page: its policy, title and inline style. */
export function pageHead(title: string, policy: string, style: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>`;
}

function link(href: string | undefined, text: string): string {
  return href ? `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>` : escapeHtml(text);
}

function pill(cls: string, text: string): string {
  return `<span class="pill o-${slug(cls)}">${escapeHtml(text)}</span>`;
}

function levelTag(level: string): string {
  return `<span class="lvl lvl-${slug(level)}">${escapeHtml(level)}</span>`;
}

function htmlVerdict(result: ConformanceResult): string {
  return `<section class="verdict v-${slug(result.verdict)}" aria-label="Verdict">
  <div class="big">${escapeHtml(result.verdict)}${verdictQualifier(result) ? ` <span class="qual">${escapeHtml(verdictQualifier(result))}</span>` : ''}</div>
  <div class="why">${escapeHtml(result.verdictReason)}</div>
  <div class="exit">Exit code ${escapeHtml(result.exitCode)} · claimed classes: ${escapeHtml(claimsText(result))}${result.selection ? ` · selection: ${escapeHtml(result.selection.text)}` : ''}</div>
</section>`;
}

function htmlClasses(classes: ClassResult[]): string {
  const rows = classes
    .map(
      (
        c,
      ) => `<tr><td class="nowrap"><strong>${escapeHtml(c.class)}</strong></td><td>${c.claimed ? 'yes' : 'no'}</td><td><span class="pill v-${slug(c.verdict)}">${escapeHtml(c.verdict)}</span></td>
<td class="num">${escapeHtml(c.must.passed)}</td><td class="num">${escapeHtml(c.must.failed)}</td><td class="num">${escapeHtml(c.must.cantTell)}</td><td class="num">${escapeHtml(c.must.untested)}</td><td class="num">${escapeHtml(c.must.inapplicable)}</td><td class="num">${escapeHtml(c.warnings)}</td></tr>`,
    )
    .join('\n');
  return `<table class="classes"><thead><tr><th>Class</th><th>Claimed</th><th>Verdict</th><th class="num">MUST passed</th><th class="num">MUST failed</th><th class="num">MUST cannot tell</th><th class="num">MUST not tested</th><th class="num">MUST inapplicable</th><th class="num">SHOULD warnings</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

function htmlSummary(result: ConformanceResult): string {
  const levels = [...new Set(result.requirements.map((r) => r.level))].sort((a, b) => (LEVEL_RANK[a] ?? 9) - (LEVEL_RANK[b] ?? 9));
  const outcomes: Outcome[] = ['failed', 'cantTell', 'passed', 'untested', 'inapplicable'];
  const rows = levels
    .map((lvl) => {
      const mine = countBy(result.requirements.filter((r) => r.level === lvl).map((r) => r.outcome));
      const total = result.requirements.filter((r) => r.level === lvl).length;
      return `<tr><th>${levelTag(lvl)}</th>${outcomes.map((o) => `<td class="num">${escapeHtml(mine[o] ?? 0)}</td>`).join('')}<td class="num">${escapeHtml(total)}</td></tr>`;
    })
    .join('\n');
  const all = countBy(result.requirements.map((r) => r.outcome));
  return `<table class="summary"><thead><tr><th>Level</th><th class="num">failed</th><th class="num">cannot tell</th><th class="num">passed</th><th class="num">not tested</th><th class="num">inapplicable</th><th class="num">total</th></tr></thead>
<tbody>
${rows}
<tr><th>All</th>${outcomes.map((o) => `<td class="num"><strong>${escapeHtml(all[o] ?? 0)}</strong></td>`).join('')}<td class="num"><strong>${escapeHtml(result.requirements.length)}</strong></td></tr>
</tbody></table>
<p class="meta">A failed MUST makes its class DOES NOT CONFORM; a failed SHOULD is a warning${result.strict ? ' (with --strict it decides like a MUST)' : ''}; an INFO result never decides. Outcomes after W3C EARL: passed, failed, cannot tell (cantTell), not tested (untested), inapplicable.</p>`;
}

function htmlFindings(findings: FindingRecord[], result: ConformanceResult): string {
  if (findings.length === 0) return '';
  const rows = findings
    .map(
      (f) =>
        `<tr><td class="v">${escapeHtml(f.at)}</td><td class="v">${escapeHtml(f.expected)}</td><td class="v">${escapeHtml(f.found)}</td><td>${link(findingHref(result, f), f.scenario)}${escapeHtml(attemptText(f))}${f.exchange === undefined ? '' : ` <span class="meta">(exchange ${escapeHtml(f.exchange)})</span>`}</td></tr>`,
    )
    .join('\n');
  return `<table class="findings"><thead><tr><th>Where</th><th>Expected</th><th>Found</th><th>Scenario</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

/** " reproducer": the link to the scenario's reproducer, when it sent a request. */
function reproducerLink(result: ConformanceResult, s: { id?: string; name: string }): string {
  const repro = reproducerHref(result, s);
  return repro ? ` <a class="meta" href="${escapeHtml(repro)}">reproducer</a>` : '';
}

/** Each scenario: its evidence, its status, its reproducer (the tables of passed and not tested requirements). */
const scenarioCell = (result: ConformanceResult, scenarios: RequirementResult['scenarios']) =>
  scenarios
    .map(
      (s) =>
        `${link(scenarioHref(result, s), s.name)} <span class="meta">(${escapeHtml(scenarioStatusText(result, s))})</span>${reproducerLink(result, s)}`,
    )
    .join('<br>');

function htmlScenarios(outcome: RequirementResult, result: ConformanceResult): string {
  if (outcome.scenarios.length === 0) return '<p class="meta">No scenario citing this requirement ran.</p>';
  const byId = new Map(result.scenarios.map((s) => [s.id, s]));
  const items = outcome.scenarios
    .map((scenario) => {
      const rec = byId.get(scenario.id);
      const msg = showMessage(outcome, scenario.status, rec?.message) ? `<div class="msg">${escapeHtml(rec!.message)}</div>` : '';
      return `<li>${pill(scenario.status, STATUS_LABEL[scenario.status] ?? scenario.status)} ${link(scenarioHref(result, scenario), scenario.name)} <span class="sid">${escapeHtml(scenario.id)}</span>${reproducerLink(result, scenario)}${msg}</li>`;
    })
    .join('\n');
  return `<div class="meta">Evidence: each scenario's exchanges (request and reply, masked) in ${escapeHtml(result.evidence.html)}, and a reproducer that sends its requests again; in Allure (npm run report) under ${escapeHtml(outcome.class)} › operation › ${escapeHtml(outcome.id)}.</div>
<ul class="scen">
${items}
</ul>`;
}

function htmlBasis(result: RequirementResult): string {
  return `<blockquote class="basis"><span class="lbl">${escapeHtml(basisLabel(result))}:</span>${escapeHtml(basisText(result))}</blockquote>`;
}

function htmlRequirementCard(outcome: RequirementResult, result: ConformanceResult): string {
  const group = requirementGroup(outcome);
  return `<article class="req g-${slug(group)}" id="req-${escapeHtml(outcome.id)}">
<div class="req-head"><span class="req-id mono">${escapeHtml(outcome.id)}</span>${pill(group === 'cantTell' ? 'cantTell' : group, outcomeLabel(outcome))}${outcome.flaky?.length ? ` ${pill('flaky', 'flaky')}` : ''} ${levelTag(outcome.level)} <span class="meta">class <strong>${escapeHtml(outcome.class)}</strong> · ${escapeHtml(outcome.section)} · checks: ${escapeHtml(checksText(outcome))}</span>
<h4>${escapeHtml(outcome.statement)}</h4></div>
${htmlBasis(outcome)}
${outcome.reason ? `<p class="reason"><strong>Reason:</strong> ${escapeHtml(outcome.reason)}</p>` : ''}
${htmlFindings(outcome.findings, result)}
${htmlScenarios(outcome, result)}
</article>`;
}

function htmlPassedTable(reqs: RequirementResult[], result: ConformanceResult): string {
  const rows = reqs
    .map(
      (
        r,
      ) => `<tr id="req-${escapeHtml(r.id)}"><td class="mono rid"><strong>${escapeHtml(r.id)}</strong><br>${pill('passed', 'passed')}</td><td>${levelTag(r.level)}</td><td>${escapeHtml(r.class)}</td>
<td>${escapeHtml(r.statement)}<div class="meta">${escapeHtml(basisLabel(r))}: ${escapeHtml(basisText(r))}</div></td><td class="num">${escapeHtml(r.checks.passed)}</td>
<td>${scenarioCell(result, r.scenarios)}</td></tr>`,
    )
    .join('\n');
  return `<table class="passed-table"><thead><tr><th>ID</th><th>Level</th><th>Class</th><th>Statement and basis</th><th class="num">Checks passed</th><th>Scenarios (evidence)</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

function htmlNotTested(result: ConformanceResult): string {
  const reqs = sortRequirements(result.requirements.filter((r) => NOT_TESTED.includes(r.outcome)));
  if (reqs.length === 0) return '<p class="empty">Every requirement was tested.</p>';
  const groups: RequirementGroup[] = ['cantTell', 'untested', 'inapplicable'];
  return groups
    .map((group) => {
      const mine = reqs.filter((r) => requirementGroup(r) === group);
      if (mine.length === 0) return '';
      const rows = mine
        .map(
          (
            r,
          ) => `<tr><td class="mono rid"><strong>${group === 'cantTell' ? `<a href="#req-${escapeHtml(r.id)}">${escapeHtml(r.id)}</a>` : escapeHtml(r.id)}</strong></td><td>${levelTag(r.level)}</td><td>${escapeHtml(r.class)}</td>
<td>${escapeHtml(r.statement)}${group === 'cantTell' ? '' : `<div class="meta">${escapeHtml(basisLabel(r))}: ${escapeHtml(basisText(r))}</div>`}</td><td class="reason">${escapeHtml(r.reason ?? '(no reason given)')}</td>
<td>${r.scenarios.length ? scenarioCell(result, r.scenarios) : '<span class="meta">none ran</span>'}</td></tr>`,
        )
        .join('\n');
      return `<div data-group="${group}">
<h3>${escapeHtml(GROUP_SHORT[group])} (${mine.length})</h3>
<table class="not-tested"><thead><tr><th>ID</th><th>Level</th><th>Class</th><th>Statement</th><th>Why</th><th>Scenarios</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</div>`;
    })
    .join('\n');
}

function htmlFilters(counts: Record<string, number>): string {
  const boxes = GROUP_ORDER.map(
    (g) => `<label><input type="checkbox" value="${g}" checked> ${escapeHtml(GROUP_SHORT[g])} (${counts[g] ?? 0})</label>`,
  ).join('\n');
  return `<div class="filters" id="filters" hidden>
<strong>Show:</strong>
${boxes}
<button type="button" data-show="problems">Only failures, cannot tell and warnings</button>
<button type="button" data-show="all">Show all</button>
</div>`;
}

/** Reply time per operation: a table, and bars of p50 and p95 drawn inline (the file stays self-contained). */
function htmlLatency(result: ConformanceResult): string {
  const times = result.latency ?? [];
  if (times.length === 0) return '';
  const top = Math.max(1, ...times.map((l) => l.replies.max));
  const width = (ms: number) => Math.max(1, Math.round((ms / top) * 300));
  const rows = times
    .map(
      (
        l,
      ) => `<tr><td>${escapeHtml(l.operation)}</td><td>${l.replies.count}</td><td>${l.replies.p50}</td><td>${l.replies.p95}</td><td>${l.replies.max}</td><td>${l.attempts.count}</td><td>${l.attempts.p95}</td><td>${l.budgetMs === undefined ? '' : `${l.budgetMs} (${l.overBudget ?? 0} over)`}</td>
<td><svg width="310" height="14" role="img" aria-label="p50 ${l.replies.p50} ms, p95 ${l.replies.p95} ms, max ${l.replies.max} ms"><rect x="0" y="2" width="${width(l.replies.max)}" height="10" fill="#e6e6e6"/><rect x="0" y="2" width="${width(l.replies.p95)}" height="10" fill="#9bb7d4"/><rect x="0" y="2" width="${width(l.replies.p50)}" height="10" fill="#2f5d8a"/></svg></td></tr>`,
    )
    .join('\n');
  return `<section aria-label="Reply time">
<h2>Reply time per operation</h2>
<p>Milliseconds, from the first attempt to the reply; attempts counted one by one. Bars: p50 (dark), p95, max (light), on one scale. The spec shows no time-outs: a budget is the test data's, for information.</p>
<table class="latency"><thead><tr><th>operation</th><th>replies</th><th>p50</th><th>p95</th><th>max</th><th>attempts</th><th>attempt p95</th><th>budget</th><th></th></tr></thead>
<tbody>
${rows}
</tbody></table>
</section>`;
}

function htmlEvidence(result: ConformanceResult): string {
  const items: Array<[string | undefined, string, string]> = evidenceFiles(result, REPORT_FILES.html).map(([path, what]) => [
    localHref(path),
    path,
    what,
  ]);
  return `<ul>
${items.map(([href, text, what]) => `<li>${link(href, text)}: ${escapeHtml(what)}</li>`).join('\n')}
</ul>
<p class="meta">Links are relative to this file's folder; nothing here needs a network.</p>`;
}

/** The whole report as one self-contained HTML document. */
export function renderHtml(result: ConformanceResult): string {
  const sorted = sortRequirements(result.requirements);
  const counts = countBy(sorted.map(requirementGroup));
  const detailed: RequirementGroup[] = ['nonconformance', 'cantTell', 'warning', 'informative'];
  const detailedHtml = detailed
    .map((group) => {
      const mine = sorted.filter((r) => requirementGroup(r) === group);
      if (mine.length === 0) return '';
      return `<section data-group="${group}">
<h3>${escapeHtml(GROUP_TITLES[group])} (${mine.length})</h3>
${mine.map((r) => htmlRequirementCard(r, result)).join('\n')}
</section>`;
    })
    .join('\n');
  const passed = sorted.filter((r) => r.outcome === 'passed');
  const title = `Conformance report: ${result.verdict} — ${result.target.url}`;
  return `${pageHead(title, CSP, STYLE)}
<body>
<header>
<h1>OTA message gateway — conformance report</h1>
<p class="sub">${escapeHtml(result.target.url)} · ${escapeHtml(result.target.description)} · run ${escapeHtml(result.runId)}</p>
</header>
${htmlVerdict(result)}
<section aria-label="Run">
<dl class="facts">
${runFacts(result)
  .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
  .join('\n')}
</dl>
</section>
${
  result.notes.length
    ? `<section aria-label="Notes"><h2>Notes for the certifier</h2>
<ul class="notes">
${result.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('\n')}
</ul></section>`
    : ''
}
<section aria-label="Conformance classes">
<h2>Verdict per conformance class</h2>
${htmlClasses(result.classes)}
</section>
<section aria-label="Summary">
<h2>Requirements at a glance</h2>
${htmlSummary(result)}
</section>
<section aria-label="Requirements">
<h2>Requirements, failures first</h2>
${htmlFilters(counts)}
${detailedHtml || '<p class="empty">No requirement failed, and every check could be made.</p>'}
${passed.length ? `<section data-group="passed"><h3>${escapeHtml(GROUP_TITLES.passed)} (${passed.length})</h3>\n${htmlPassedTable(passed, result)}\n</section>` : ''}
</section>
<section aria-label="What was not tested">
<h2>What was not tested and why</h2>
${htmlNotTested(result)}
</section>
${htmlLatency(result)}
<section aria-label="Evidence">
<h2>Evidence</h2>
${htmlEvidence(result)}
</section>
<footer>Generated by ${escapeHtml(suiteText(result))} for run ${escapeHtml(result.runId)}, finished ${escapeHtml(result.finishedAt)}. Specification: gateway-spec.md. Outcomes: W3C EARL 1.0.</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
