// The conformance report: what a certifier hands to the operator, in three forms written side by
// side — conformance-report.html (one self-contained file: opens from file://, no server, no
// network), conformance-report.md (the same content as Markdown) and conformance-report.json
// (EARL 1.0 as JSON-LD: one earl:Assertion per requirement, outcomes earl:passed, earl:failed,
// earl:cantTell, earl:untested, earl:inapplicable).
//
// Everything that comes from the result is escaped: gateway text (findings, error messages,
// reasons) can hold markup, quotes, "]]>", pipes, newlines and control characters. The HTML
// carries a Content-Security-Policy that allows only its own inline style and script (by hash):
// nothing is fetched, and nothing injected could run.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClassResult, ConformanceResult, FindingRecord, RequirementResult, RunVerdict, ScenarioStatus } from './result';
import type { Outcome } from '../core/outcomes';

const REPORT_FILES = {
  html: 'conformance-report.html',
  markdown: 'conformance-report.md',
  json: 'conformance-report.json',
} as const;

/** Writes the three forms of the report into `dir` (created if missing); returns their paths. */
export function writeConformanceReport(result: ConformanceResult, dir: string): { html: string; markdown: string; json: string } {
  mkdirSync(dir, { recursive: true });
  const paths = { html: join(dir, REPORT_FILES.html), markdown: join(dir, REPORT_FILES.markdown), json: join(dir, REPORT_FILES.json) };
  writeFileSync(paths.html, renderHtml(result));
  writeFileSync(paths.markdown, renderMarkdown(result));
  writeFileSync(paths.json, `${JSON.stringify(toEarl(result), null, 2)}\n`);
  return paths;
}

// ------------------------------------------------------------------------------------------------
// Shared: how requirements are grouped and ordered (a certifier sees failures first)

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

const GROUP_TITLES: Record<RequirementGroup, string> = {
  nonconformance: 'Nonconformances: MUST requirements that failed',
  cantTell: 'Cannot tell: checks that could not be made',
  warning: 'Warnings: SHOULD requirements that failed',
  informative: 'Informative findings: INFO requirements that failed (never decide)',
  passed: 'Passed',
  untested: 'Not tested',
  inapplicable: 'Inapplicable: classes not claimed',
};

const GROUP_SHORT: Record<RequirementGroup, string> = {
  nonconformance: 'Failed MUST',
  cantTell: 'Cannot tell',
  warning: 'Warnings (SHOULD)',
  informative: 'Informative (INFO)',
  passed: 'Passed',
  untested: 'Not tested',
  inapplicable: 'Inapplicable',
};

export function requirementGroup(r: RequirementResult): RequirementGroup {
  switch (r.outcome) {
    case 'failed':
      return r.level === 'MUST' ? 'nonconformance' : r.level === 'SHOULD' ? 'warning' : 'informative';
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

const LEVEL_RANK: Record<string, number> = { MUST: 0, SHOULD: 1, INFO: 2 };

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

const OUTCOME_LABEL: Record<Outcome, string> = {
  passed: 'passed',
  failed: 'FAILED',
  cantTell: 'cannot tell',
  untested: 'not tested',
  inapplicable: 'inapplicable',
};

const STATUS_LABEL: Record<ScenarioStatus, string> = {
  passed: 'passed',
  failed: 'failed',
  cantTell: 'cannot tell',
  skipped: 'skipped',
  suiteError: 'suite error',
};

/** Label of a requirement's outcome, saying "warning" for a failed SHOULD and "informative" for INFO. */
function outcomeLabel(r: RequirementResult): string {
  const g = requirementGroup(r);
  return g === 'warning' ? 'WARNING' : g === 'informative' ? 'informative' : OUTCOME_LABEL[r.outcome];
}

// Characters that XML 1.0 forbids and terminals interpret (C0/C1 controls except tab, LF, CR;
// U+FFFE/U+FFFF; lone surrogates): shown as \uXXXX, never passed through.
const CONTROL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Makes control characters visible as \uXXXX text. */
export function visible(s: string): string {
  return s.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** Relative link to a local file (never a URL with a scheme, never protocol-relative), or undefined. */
function localHref(path: string | undefined, query?: Record<string, string>): string | undefined {
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//') || path.startsWith('\\\\')) return undefined;
  const encoded = path
    .split('/')
    .map((seg) => encodeURIComponent(seg))
    .join('/');
  const q = query ? Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`) : [];
  return q.length ? `${encoded}?${q.join('&')}` : encoded;
}

/** Link into the cucumber HTML report, filtered to one scenario (its search box reads ?query=). */
function scenarioHref(result: ConformanceResult, name: string): string | undefined {
  return localHref(result.evidence.cucumberHtml, { query: name });
}

function duration(from: string, to: string): string {
  const ms = Date.parse(to) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 0) return '';
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return [h ? `${h} h` : '', m ? `${m} min` : '', `${s % 60} s`].filter(Boolean).join(' ');
}

function basisLabel(r: RequirementResult): string {
  return r.basis.kind === 'spec' ? 'The spec says' : r.basis.kind === 'convention' ? 'Convention' : 'Profile';
}

function basisText(r: RequirementResult): string {
  return r.basis.kind === 'spec' ? `“${r.basis.quote}”` : r.basis.text;
}

function checksText(r: RequirementResult): string {
  return `${r.checks.passed} passed, ${r.checks.failed} failed, ${r.checks.cantTell} could not be made`;
}

function claimsText(result: ConformanceResult): string {
  return result.claims.length ? result.claims.join(', ') : '(none)';
}

function suiteText(result: ConformanceResult): string {
  return `${result.suite.name} ${result.suite.version}${result.suite.commit ? ` (commit ${result.suite.commit})` : ''}`;
}

function selectionText(result: ConformanceResult): string {
  return result.tags ? `tags ${result.tags}` : 'the whole profile (no --tags selection)';
}

/** The facts of the run, in display order: [label, value]. */
function runFacts(result: ConformanceResult): Array<[string, string]> {
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
    ['Claimed classes', claimsText(result)],
    ['Exit code', String(result.exitCode)],
  ];
}

function countBy<T extends string>(items: readonly T[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of items) out[i] = (out[i] ?? 0) + 1;
  return out;
}

const NOT_TESTED: readonly Outcome[] = ['cantTell', 'untested', 'inapplicable'];

// ------------------------------------------------------------------------------------------------
// HTML

const h = (s: string | number | undefined | null): string =>
  visible(String(s ?? ''))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A class name from a closed set (verdicts, outcomes): never raw data. */
const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const STYLE = `
:root { --fg:#1b1f23; --muted:#5a636e; --line:#d7dce1; --bg-soft:#f5f7f9;
  --pass:#1e6b34; --pass-bg:#e3f2e7; --fail:#a4161a; --fail-bg:#fbe4e4; --warn:#8a4b00; --warn-bg:#fff1dc;
  --tell:#6b4e00; --tell-bg:#fff7cc; --info:#1d4f91; --info-bg:#e4eefb; --off:#545b63; --off-bg:#eceef0; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 1180px; padding: 24px 28px 64px; color: var(--fg); background: #fff;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
h1 { font-size: 1.6rem; margin: 0 0 4px; }
h2 { font-size: 1.25rem; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 1.08rem; margin: 26px 0 8px; }
h4 { font-size: 1rem; margin: 0; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: .9em; }
.sub { color: var(--muted); margin: 0 0 18px; overflow-wrap: anywhere; }
a { color: #0b57a4; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { border: 1px solid var(--line); padding: 5px 8px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
th { background: var(--bg-soft); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num { white-space: nowrap; }
td.nowrap, th.nowrap { white-space: nowrap; }
.verdict { border: 1px solid; border-left-width: 12px; border-radius: 6px; padding: 14px 20px; margin: 14px 0 18px; }
.verdict .big { font-size: 2.3rem; font-weight: 800; letter-spacing: .02em; line-height: 1.15; }
.verdict .qual { font-size: 1.1rem; font-weight: 700; letter-spacing: 0; }
.verdict .why { font-size: 1.05rem; margin-top: 6px; overflow-wrap: anywhere; }
.verdict .exit { color: var(--muted); margin-top: 4px; font-size: .92rem; }
.v-conforms { color: var(--pass); background: var(--pass-bg); border-color: var(--pass); }
.v-does-not-conform { color: var(--fail); background: var(--fail-bg); border-color: var(--fail); }
.v-not-determined { color: var(--tell); background: var(--tell-bg); border-color: #b58a00; }
.v-selection-passed { color: var(--info); background: var(--info-bg); border-color: var(--info); }
.v-could-not-run { color: #3a3f45; background: var(--off-bg); border-color: #3a3f45; }
.v-not-claimed { color: var(--off); background: transparent; border-color: var(--line); }
.verdict .why, .verdict .exit { color: var(--fg); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 3px 18px; margin: 0; }
.facts dt { font-weight: 600; color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.pill { display: inline-block; border-radius: 4px; padding: 0 7px; font-size: .8rem; font-weight: 700; letter-spacing: .02em;
  border: 1px solid; white-space: nowrap; line-height: 1.5; vertical-align: baseline; }
.o-passed { color: var(--pass); background: var(--pass-bg); border-color: #9fd0ac; }
.o-failed, .o-nonconformance { color: var(--fail); background: var(--fail-bg); border-color: #e7a5a7; }
.o-warning { color: var(--warn); background: var(--warn-bg); border-color: #f0c58a; }
.o-informative { color: var(--info); background: var(--info-bg); border-color: #a9c5ec; }
.o-canttell, .o-suiteerror { color: var(--tell); background: var(--tell-bg); border-color: #e3cf73; }
.o-untested, .o-skipped, .o-inapplicable { color: var(--off); background: var(--off-bg); border-color: #cfd4d9; }
.lvl { display: inline-block; font-size: .78rem; font-weight: 700; border-radius: 3px; padding: 0 5px; border: 1px solid var(--line); color: var(--muted); }
.lvl-must { color: #fff; background: #3a3f45; border-color: #3a3f45; }
.notes { border: 1px solid #e3cf73; background: #fffbe6; border-radius: 6px; padding: 8px 16px 8px 34px; margin: 8px 0 0; }
.notes li { margin: 4px 0; overflow-wrap: anywhere; white-space: pre-wrap; }
.req { border: 1px solid var(--line); border-left: 6px solid var(--line); border-radius: 6px; padding: 12px 16px; margin: 12px 0; break-inside: avoid; }
.req.g-nonconformance { border-left-color: var(--fail); }
.req.g-canttell { border-left-color: #c9a100; }
.req.g-warning { border-left-color: #d98a1c; }
.req.g-informative { border-left-color: var(--info); }
.req-head { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: baseline; }
.req-head h4 { flex: 1 1 100%; font-weight: 600; }
.req-id { font-weight: 700; font-size: 1rem; }
.meta { color: var(--muted); font-size: .9rem; }
blockquote.basis { margin: 8px 0; padding: 4px 12px; border-left: 3px solid var(--line); color: #30363d; background: var(--bg-soft); overflow-wrap: anywhere; }
blockquote.basis .lbl { font-weight: 600; color: var(--muted); margin-right: 6px; }
.reason { margin: 6px 0; overflow-wrap: anywhere; white-space: pre-wrap; }
.findings td.v { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: .85rem; white-space: pre-wrap; }
.findings th:nth-child(1) { width: 24%; } .findings th:nth-child(2), .findings th:nth-child(3) { width: 26%; }
ul.scen { margin: 4px 0; padding-left: 20px; }
ul.scen li { margin: 2px 0; overflow-wrap: anywhere; }
.scen .sid { color: var(--muted); font-size: .85rem; }
.msg { white-space: pre-wrap; overflow-wrap: anywhere; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .82rem;
  background: var(--bg-soft); border: 1px solid var(--line); border-radius: 4px; padding: 6px 8px; margin: 4px 0 8px; max-height: 16em; overflow: auto; }
.filters { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; padding: 8px 12px; border: 1px solid var(--line);
  border-radius: 6px; background: var(--bg-soft); margin: 8px 0 4px; font-size: .92rem; }
.filters[hidden] { display: none; }
.filters button { font: inherit; font-size: .88rem; padding: 2px 10px; border: 1px solid #aab2bb; border-radius: 4px; background: #fff; cursor: pointer; }
.filters label { white-space: nowrap; }
.empty { color: var(--muted); font-style: italic; }
td.rid { white-space: nowrap; }
.passed-table td:nth-child(4) { width: 44%; }
footer { margin-top: 40px; color: var(--muted); font-size: .85rem; border-top: 1px solid var(--line); padding-top: 8px; }
@media screen { .is-hidden { display: none; } }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  .filters { display: none !important; }
  .verdict, .pill, .lvl, .req, th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .msg { max-height: none; overflow: visible; }
  a { color: inherit; text-decoration: none; }
  h2, h3 { break-after: avoid; }
  tr, .req { break-inside: avoid; }
}
`;

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
const CSP = `default-src 'none'; style-src ${sha256(STYLE)}; script-src ${sha256(SCRIPT)}; img-src 'none'; base-uri 'none'; form-action 'none'`;

function link(href: string | undefined, text: string): string {
  return href ? `<a href="${h(href)}">${h(text)}</a>` : h(text);
}

function pill(cls: string, text: string): string {
  return `<span class="pill o-${slug(cls)}">${h(text)}</span>`;
}

function levelTag(level: string): string {
  return `<span class="lvl lvl-${slug(level)}">${h(level)}</span>`;
}

/** What the big verdict word needs beside it: the warnings of a CONFORMS, the nature of a selection. */
function verdictQualifier(result: ConformanceResult): string {
  if (result.verdict === 'CONFORMS' && result.warnings > 0) return `with ${result.warnings} warning(s)`;
  if (result.verdict === 'SELECTION PASSED') return 'not a conformance verdict';
  return '';
}

function htmlVerdict(result: ConformanceResult): string {
  return `<section class="verdict v-${slug(result.verdict)}" aria-label="Verdict">
  <div class="big">${h(result.verdict)}${verdictQualifier(result) ? ` <span class="qual">${h(verdictQualifier(result))}</span>` : ''}</div>
  <div class="why">${h(result.verdictReason)}</div>
  <div class="exit">Exit code ${h(result.exitCode)} · claimed classes: ${h(claimsText(result))}${result.tags ? ` · selection: ${h(result.tags)}` : ''}</div>
</section>`;
}

function htmlClasses(classes: ClassResult[]): string {
  const rows = classes
    .map(
      (
        c,
      ) => `<tr><td class="nowrap"><strong>${h(c.class)}</strong></td><td>${c.claimed ? 'yes' : 'no'}</td><td><span class="pill v-${slug(c.verdict)}">${h(c.verdict)}</span></td>
<td class="num">${h(c.must.passed)}</td><td class="num">${h(c.must.failed)}</td><td class="num">${h(c.must.cantTell)}</td><td class="num">${h(c.must.untested)}</td><td class="num">${h(c.must.inapplicable)}</td><td class="num">${h(c.warnings)}</td></tr>`,
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
      return `<tr><th>${levelTag(lvl)}</th>${outcomes.map((o) => `<td class="num">${h(mine[o] ?? 0)}</td>`).join('')}<td class="num">${h(total)}</td></tr>`;
    })
    .join('\n');
  const all = countBy(result.requirements.map((r) => r.outcome));
  return `<table class="summary"><thead><tr><th>Level</th><th class="num">failed</th><th class="num">cannot tell</th><th class="num">passed</th><th class="num">not tested</th><th class="num">inapplicable</th><th class="num">total</th></tr></thead>
<tbody>
${rows}
<tr><th>All</th>${outcomes.map((o) => `<td class="num"><strong>${h(all[o] ?? 0)}</strong></td>`).join('')}<td class="num"><strong>${h(result.requirements.length)}</strong></td></tr>
</tbody></table>
<p class="meta">A failed MUST makes its class DOES NOT CONFORM; a failed SHOULD is a warning${result.strict ? ' (with --strict it decides like a MUST)' : ''}; an INFO result never decides. Outcomes after W3C EARL: passed, failed, cannot tell (cantTell), not tested (untested), inapplicable.</p>`;
}

function htmlFindings(findings: FindingRecord[], result: ConformanceResult): string {
  if (findings.length === 0) return '';
  const rows = findings
    .map(
      (f) =>
        `<tr><td class="v">${h(f.at)}</td><td class="v">${h(f.expected)}</td><td class="v">${h(f.found)}</td><td>${link(scenarioHref(result, f.scenario), f.scenario)}</td></tr>`,
    )
    .join('\n');
  return `<table class="findings"><thead><tr><th>Where</th><th>Expected</th><th>Found</th><th>Scenario</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

function htmlScenarios(r: RequirementResult, result: ConformanceResult): string {
  if (r.scenarios.length === 0) return '<p class="meta">No scenario citing this requirement ran.</p>';
  const byId = new Map(result.scenarios.map((s) => [s.id, s]));
  const items = r.scenarios
    .map((s) => {
      const rec = byId.get(s.id);
      const msg = showMessage(r, s.status, rec?.message) ? `<div class="msg">${h(rec!.message)}</div>` : '';
      return `<li>${pill(s.status, STATUS_LABEL[s.status] ?? s.status)} ${link(scenarioHref(result, s.name), s.name)} <span class="sid">${h(s.id)}</span>${msg}</li>`;
    })
    .join('\n');
  return `<div class="meta">Evidence: the scenarios in the cucumber report (request, reply, what differed); the same scenarios in Allure under story ${h(r.id)}.</div>
<ul class="scen">
${items}
</ul>`;
}

/**
 * Whether a scenario's error message belongs under a requirement: always when the scenario could
 * not check (cannot tell, suite error, skipped: the message says why); for a failure only when the
 * message names this requirement (a scenario's failure may concern another requirement it cites).
 */
function showMessage(r: RequirementResult, status: ScenarioStatus, message: string | undefined): boolean {
  if (!message || status === 'passed') return false;
  return status !== 'failed' || message.includes(r.id);
}

function htmlBasis(r: RequirementResult): string {
  return `<blockquote class="basis"><span class="lbl">${h(basisLabel(r))}:</span>${h(basisText(r))}</blockquote>`;
}

function htmlRequirementCard(r: RequirementResult, result: ConformanceResult): string {
  const g = requirementGroup(r);
  return `<article class="req g-${slug(g)}" id="req-${h(r.id)}">
<div class="req-head"><span class="req-id mono">${h(r.id)}</span>${pill(g === 'cantTell' ? 'cantTell' : g, outcomeLabel(r))} ${levelTag(r.level)} <span class="meta">class <strong>${h(r.class)}</strong> · ${h(r.section)} · checks: ${h(checksText(r))}</span>
<h4>${h(r.statement)}</h4></div>
${htmlBasis(r)}
${r.reason ? `<p class="reason"><strong>Reason:</strong> ${h(r.reason)}</p>` : ''}
${htmlFindings(r.findings, result)}
${htmlScenarios(r, result)}
</article>`;
}

function htmlPassedTable(reqs: RequirementResult[], result: ConformanceResult): string {
  const rows = reqs
    .map(
      (
        r,
      ) => `<tr id="req-${h(r.id)}"><td class="mono rid"><strong>${h(r.id)}</strong><br>${pill('passed', 'passed')}</td><td>${levelTag(r.level)}</td><td>${h(r.class)}</td>
<td>${h(r.statement)}<div class="meta">${h(basisLabel(r))}: ${h(basisText(r))}</div></td><td class="num">${h(r.checks.passed)}</td>
<td>${r.scenarios.map((s) => `${link(scenarioHref(result, s.name), s.name)} <span class="meta">(${h(STATUS_LABEL[s.status] ?? s.status)})</span>`).join('<br>')}</td></tr>`,
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
    .map((g) => {
      const mine = reqs.filter((r) => requirementGroup(r) === g);
      if (mine.length === 0) return '';
      const rows = mine
        .map(
          (
            r,
          ) => `<tr><td class="mono rid"><strong>${g === 'cantTell' ? `<a href="#req-${h(r.id)}">${h(r.id)}</a>` : h(r.id)}</strong></td><td>${levelTag(r.level)}</td><td>${h(r.class)}</td>
<td>${h(r.statement)}${g === 'cantTell' ? '' : `<div class="meta">${h(basisLabel(r))}: ${h(basisText(r))}</div>`}</td><td class="reason">${h(r.reason ?? '(no reason given)')}</td>
<td>${r.scenarios.length ? r.scenarios.map((s) => `${link(scenarioHref(result, s.name), s.name)} <span class="meta">(${h(STATUS_LABEL[s.status] ?? s.status)})</span>`).join('<br>') : '<span class="meta">none ran</span>'}</td></tr>`,
        )
        .join('\n');
      return `<div data-group="${g}">
<h3>${h(GROUP_SHORT[g])} (${mine.length})</h3>
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
    (g) => `<label><input type="checkbox" value="${g}" checked> ${h(GROUP_SHORT[g])} (${counts[g] ?? 0})</label>`,
  ).join('\n');
  return `<div class="filters" id="filters" hidden>
<strong>Show:</strong>
${boxes}
<button type="button" data-show="problems">Only failures, cannot tell and warnings</button>
<button type="button" data-show="all">Show all</button>
</div>`;
}

function htmlEvidence(result: ConformanceResult): string {
  const e = result.evidence;
  const items: Array<[string | undefined, string, string]> = [
    [
      localHref(e.cucumberHtml),
      e.cucumberHtml,
      'Cucumber HTML report: every scenario with its steps, the requests and replies attached (open it from this folder; a scenario link above opens it filtered to that scenario).',
    ],
    [
      localHref(e.allureResults),
      e.allureResults,
      'Allure results: build the Allure report with npm run report; scenarios are grouped by operation (feature) and requirement (story).',
    ],
    [localHref(e.junit), e.junit, 'JUnit XML: one test case per scenario, named with its requirement IDs.'],
    [localHref(e.messages), e.messages, 'Cucumber messages (NDJSON): the raw record of the run.'],
    [localHref(REPORT_FILES.json), REPORT_FILES.json, 'This report as W3C EARL (JSON-LD): one assertion per requirement.'],
    [localHref(REPORT_FILES.markdown), REPORT_FILES.markdown, 'This report as Markdown.'],
  ];
  return `<ul>
${items.map(([href, text, what]) => `<li>${link(href, text)}: ${h(what)}</li>`).join('\n')}
</ul>
<p class="meta">Links are relative to this file's folder; nothing here needs a network.</p>`;
}

/** The whole report as one self-contained HTML document. */
export function renderHtml(result: ConformanceResult): string {
  const sorted = sortRequirements(result.requirements);
  const counts = countBy(sorted.map(requirementGroup));
  const detailed: RequirementGroup[] = ['nonconformance', 'cantTell', 'warning', 'informative'];
  const detailedHtml = detailed
    .map((g) => {
      const mine = sorted.filter((r) => requirementGroup(r) === g);
      if (mine.length === 0) return '';
      return `<section data-group="${g}">
<h3>${h(GROUP_TITLES[g])} (${mine.length})</h3>
${mine.map((r) => htmlRequirementCard(r, result)).join('\n')}
</section>`;
    })
    .join('\n');
  const passed = sorted.filter((r) => r.outcome === 'passed');
  const title = `Conformance report: ${result.verdict} — ${result.target.url}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${h(CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${h(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>OTA message gateway — conformance report</h1>
<p class="sub">${h(result.target.url)} · ${h(result.target.description)} · run ${h(result.runId)}</p>
</header>
${htmlVerdict(result)}
<section aria-label="Run">
<dl class="facts">
${runFacts(result)
  .map(([k, v]) => `<dt>${h(k)}</dt><dd>${h(v)}</dd>`)
  .join('\n')}
</dl>
</section>
${
  result.notes.length
    ? `<section aria-label="Notes"><h2>Notes for the certifier</h2>
<ul class="notes">
${result.notes.map((n) => `<li>${h(n)}</li>`).join('\n')}
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
${passed.length ? `<section data-group="passed"><h3>${h(GROUP_TITLES.passed)} (${passed.length})</h3>\n${htmlPassedTable(passed, result)}\n</section>` : ''}
</section>
<section aria-label="What was not tested">
<h2>What was not tested and why</h2>
${htmlNotTested(result)}
</section>
<section aria-label="Evidence">
<h2>Evidence</h2>
${htmlEvidence(result)}
</section>
<footer>Generated by ${h(suiteText(result))} for run ${h(result.runId)}, finished ${h(result.finishedAt)}. Specification: gateway-spec.md. Outcomes: W3C EARL 1.0.</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

// ------------------------------------------------------------------------------------------------
// Markdown

/**
 * Escapes text for Markdown, for use inside a line (table cell, list item, after a label): HTML
 * becomes entities, inline syntax and pipes are backslash-escaped, URLs do not become links,
 * newlines become <br>.
 */
function md(s: string | number | undefined | null): string {
  return visible(String(s ?? ''))
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([`*_[\]|~])/g, '\\$1')
    .replace(/:\/\//g, '\\://') // no autolink (GFM) from gateway text: the colon escaped
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/\r\n|\r|\n/g, '<br>');
}

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

function mdTable(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function mdRequirement(r: RequirementResult, result: ConformanceResult): string {
  const out = [
    `#### ${md(r.id)}: ${md(outcomeLabel(r))} (${md(r.level)}, class ${md(r.class)})`,
    '',
    mdLine(r.statement),
    '',
    `- Section: ${md(r.section)}`,
    `- ${md(basisLabel(r))}: ${md(basisText(r))}`,
    `- Checks: ${md(checksText(r))}`,
  ];
  if (r.reason) out.push(`- Reason: ${md(r.reason)}`);
  if (r.findings.length) {
    out.push(
      '',
      mdTable(
        ['Where', 'Expected', 'Found', 'Scenario'],
        r.findings.map((f) => [md(f.at), md(f.expected), md(f.found), mdLink(scenarioHref(result, f.scenario), f.scenario)]),
      ),
    );
  }
  const byId = new Map(result.scenarios.map((s) => [s.id, s]));
  if (r.scenarios.length) {
    out.push('', 'Scenarios (evidence):', '');
    for (const s of r.scenarios) {
      const rec = byId.get(s.id);
      out.push(
        `- ${md(STATUS_LABEL[s.status] ?? s.status)}: ${mdLink(scenarioHref(result, s.name), s.name)} (${md(s.id)})${showMessage(r, s.status, rec?.message) ? `: ${md(rec!.message)}` : ''}`,
      );
    }
  } else out.push('', 'No scenario citing this requirement ran.');
  return out.join('\n');
}

/** The same content as the HTML, as Markdown. */
export function renderMarkdown(result: ConformanceResult): string {
  const sorted = sortRequirements(result.requirements);
  const out: string[] = [
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
  out.push(
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
    '',
    '## Requirements, failures first',
  );
  for (const g of ['nonconformance', 'cantTell', 'warning', 'informative'] as RequirementGroup[]) {
    const mine = sorted.filter((r) => requirementGroup(r) === g);
    if (mine.length === 0) continue;
    out.push('', `### ${md(GROUP_TITLES[g])} (${mine.length})`);
    for (const r of mine) out.push('', mdRequirement(r, result));
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
          r.scenarios
            .map((s) => `${mdLink(scenarioHref(result, s.name), s.name)} (${md(STATUS_LABEL[s.status] ?? s.status)})`)
            .join('<br>'),
        ]),
      ),
    );
  }
  out.push('', '## What was not tested and why', '');
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
          r.scenarios.length
            ? r.scenarios
                .map((s) => `${mdLink(scenarioHref(result, s.name), s.name)} (${md(STATUS_LABEL[s.status] ?? s.status)})`)
                .join('<br>')
            : 'none ran',
        ]),
      ),
    );
  const e = result.evidence;
  out.push(
    '',
    '## Evidence',
    '',
    `- ${mdLink(localHref(e.cucumberHtml), e.cucumberHtml)}: the cucumber HTML report, every scenario with its requests and replies`,
    `- ${mdLink(localHref(e.allureResults), e.allureResults)}: Allure results \\(build the report with npm run report; grouped by operation and requirement\\)`,
    `- ${mdLink(localHref(e.junit), e.junit)}: JUnit XML, one test case per scenario`,
    `- ${mdLink(localHref(e.messages), e.messages)}: cucumber messages \\(NDJSON\\)`,
    `- ${mdLink(localHref(REPORT_FILES.json), REPORT_FILES.json)}: this report as W3C EARL \\(JSON-LD\\)`,
    `- ${mdLink(localHref(REPORT_FILES.html), REPORT_FILES.html)}: this report as HTML`,
    '',
    `Generated by ${md(suiteText(result))} for run ${md(result.runId)}.`,
    '',
  );
  return out.join('\n');
}

// ------------------------------------------------------------------------------------------------
// EARL (JSON-LD)

export type EarlOutcome = 'earl:passed' | 'earl:failed' | 'earl:cantTell' | 'earl:untested' | 'earl:inapplicable';

export const EARL_OUTCOME: Record<Outcome, EarlOutcome> = {
  passed: 'earl:passed',
  failed: 'earl:failed',
  cantTell: 'earl:cantTell',
  untested: 'earl:untested',
  inapplicable: 'earl:inapplicable',
};

/** The run's verdict as an EARL outcome of the whole claim. */
function runOutcome(result: ConformanceResult): EarlOutcome {
  const map: Record<RunVerdict, EarlOutcome> = {
    CONFORMS: 'earl:passed',
    'DOES NOT CONFORM': 'earl:failed',
    'NOT DETERMINED': 'earl:cantTell',
    'SELECTION PASSED': 'earl:cantTell',
    'COULD NOT RUN': result.scenarios.length === 0 ? 'earl:untested' : 'earl:cantTell',
  };
  return map[result.verdict] ?? 'earl:cantTell';
}

export interface EarlAssertion {
  '@type': 'earl:Assertion';
  assertedBy: string;
  subject: string;
  mode: 'earl:automatic';
  test: {
    '@id': string;
    '@type': 'earl:TestRequirement';
    id: string;
    title: string;
    level: string;
    class: string;
    section: string;
    statement: string;
    basis: RequirementResult['basis'];
  };
  result: {
    '@type': 'earl:TestResult';
    outcome: EarlOutcome;
    info?: string;
    date: string;
    pointer: Array<{ '@type': 'ptr:XPathPointer' | 'ptr:Pointer'; expression: string }>;
    findings: FindingRecord[];
    checks: RequirementResult['checks'];
    scenarios: RequirementResult['scenarios'];
  };
}

export interface EarlReport {
  '@context': Record<string, unknown>;
  '@type': 'earl:Assertion';
  '@id': string;
  assertor: { '@id': string; '@type': string[]; name: string; version: string; commit?: string };
  subject: { '@id': string; '@type': string; url: string; description: string; embedded: boolean };
  testRun: {
    '@type': 'ota:TestRun';
    runId: string;
    date: string;
    startedAt: string;
    finishedAt: string;
    profile: string;
    tags?: string;
    strict: boolean;
    claims: string[];
    verdict: RunVerdict;
    verdictReason: string;
    exitCode: number;
    warnings: number;
    classes: ClassResult[];
    notes: string[];
    evidence: ConformanceResult['evidence'];
  };
  mode: 'earl:automatic';
  test: { '@type': 'earl:TestRequirement'; title: string; claims: string[] };
  result: { '@type': 'earl:TestResult'; outcome: EarlOutcome; info: string; date: string };
  assertions: EarlAssertion[];
}

const EARL_CONTEXT = {
  earl: 'http://www.w3.org/ns/earl#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  doap: 'http://usefulinc.com/ns/doap#',
  ptr: 'http://www.w3.org/2009/pointers#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  ota: 'urn:x-ota-gateway-conformance:',
  '@vocab': 'urn:x-ota-gateway-conformance:',
  assertor: { '@id': 'earl:assertedBy', '@type': '@id' },
  assertedBy: { '@id': 'earl:assertedBy', '@type': '@id' },
  subject: { '@id': 'earl:subject', '@type': '@id' },
  test: { '@id': 'earl:test', '@type': '@id' },
  result: { '@id': 'earl:result', '@type': '@id' },
  mode: { '@id': 'earl:mode', '@type': '@id' },
  outcome: { '@id': 'earl:outcome', '@type': '@id' },
  pointer: { '@id': 'earl:pointer', '@type': '@id' },
  info: 'earl:info',
  assertions: { '@id': 'dct:hasPart', '@container': '@list' },
  name: 'foaf:name',
  version: 'doap:revision',
  title: 'dct:title',
  description: 'dct:description',
  id: 'dct:identifier',
  date: { '@id': 'dct:date', '@type': 'xsd:dateTime' },
  url: { '@id': 'foaf:homepage', '@type': 'xsd:anyURI' },
  expression: 'ptr:expression',
};

/** The result as EARL 1.0 in JSON-LD: one earl:Assertion per requirement, within one for the whole claim. */
export function toEarl(result: ConformanceResult): EarlReport {
  const assertorId = '_:assertor';
  const subjectId = '_:subject';
  return {
    '@context': EARL_CONTEXT,
    '@type': 'earl:Assertion',
    '@id': `ota:run/${encodeURIComponent(result.runId)}`,
    assertor: {
      '@id': assertorId,
      '@type': ['earl:Assertor', 'earl:Software'],
      name: result.suite.name,
      version: result.suite.version,
      ...(result.suite.commit ? { commit: result.suite.commit } : {}),
    },
    subject: {
      '@id': subjectId,
      '@type': 'earl:TestSubject',
      url: result.target.url,
      description: result.target.description,
      embedded: result.target.embedded,
    },
    testRun: {
      '@type': 'ota:TestRun',
      runId: result.runId,
      date: result.finishedAt,
      startedAt: result.startedAt,
      finishedAt: result.finishedAt,
      profile: result.profile,
      ...(result.tags ? { tags: result.tags } : {}),
      strict: result.strict,
      claims: [...result.claims],
      verdict: result.verdict,
      verdictReason: result.verdictReason,
      exitCode: result.exitCode,
      warnings: result.warnings,
      classes: result.classes,
      notes: result.notes,
      evidence: result.evidence,
    },
    mode: 'earl:automatic',
    test: {
      '@type': 'earl:TestRequirement',
      title: `OTA message gateway specification, classes ${claimsText(result)}`,
      claims: [...result.claims],
    },
    result: {
      '@type': 'earl:TestResult',
      outcome: runOutcome(result),
      info: `${result.verdict}: ${result.verdictReason}`,
      date: result.finishedAt,
    },
    assertions: result.requirements.map((r) => ({
      '@type': 'earl:Assertion',
      assertedBy: assertorId,
      subject: subjectId,
      mode: 'earl:automatic',
      test: {
        '@id': `ota:req/${encodeURIComponent(r.id)}`,
        '@type': 'earl:TestRequirement',
        id: r.id,
        title: r.id,
        level: r.level,
        class: r.class,
        section: r.section,
        statement: r.statement,
        basis: r.basis,
      },
      result: {
        '@type': 'earl:TestResult',
        outcome: EARL_OUTCOME[r.outcome],
        ...(r.reason ? { info: r.reason } : {}),
        date: result.finishedAt,
        pointer: r.findings.map((f) => ({
          '@type': f.at.startsWith('/') ? ('ptr:XPathPointer' as const) : ('ptr:Pointer' as const),
          expression: f.at,
        })),
        findings: r.findings,
        checks: r.checks,
        scenarios: r.scenarios,
      },
    })),
  };
}
