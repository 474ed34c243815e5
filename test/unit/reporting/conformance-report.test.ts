// The report a certifier reads: the conformance report (HTML, Markdown, EARL JSON). Assertions are
// on parsed data, never on snapshots; the fixture carries hostile gateway text everywhere it can
// reach a report. JUnit and the Allure metadata have their own tests (junit.test.ts,
// allure-metadata.test.ts).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EARL_OUTCOME,
  GROUP_ORDER,
  renderHtml,
  renderMarkdown,
  requirementGroup,
  sortRequirements,
  toEarl,
  writeConformanceReport,
} from '../../../src/reporting/conformance-report';
import { ALL_OUTCOMES, EXIT_CODES, HOSTILE, VERDICTS, resultFor } from '../../support/fixtures/conformance-result';
import { elements, parseXml } from '../../support/parsed-xml';

const root = mkdtempSync(join(tmpdir(), 'conformance-report-test-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `case${++n}`);

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** The Content-Security-Policy of an HTML report, as the browser reads it. */
function csp(html: string): string {
  const meta = elements(parseXml(html, 'text/html'), 'meta').find((m) => m.getAttribute('http-equiv') === 'Content-Security-Policy');
  return meta?.getAttribute('content') ?? '';
}

describe('the fixture', () => {
  test('covers every outcome, level, scenario status and verdict', () => {
    const conformanceResult = resultFor();
    assert.deepEqual(new Set(conformanceResult.requirements.map((x) => x.outcome)), new Set(ALL_OUTCOMES));
    assert.deepEqual(new Set(conformanceResult.requirements.map((x) => x.level)), new Set(['MUST', 'SHOULD', 'INFO']));
    const statuses = new Set([...VERDICTS.flatMap((v) => resultFor(v).scenarios.map((s) => s.status))]);
    assert.deepEqual(statuses, new Set(['passed', 'failed', 'cantTell', 'skipped', 'suiteError']));
    for (const runVerdict of VERDICTS) assert.equal(resultFor(runVerdict).exitCode, EXIT_CODES[runVerdict]);
    assert.ok(
      conformanceResult.requirements.some((x) =>
        x.findings.some((f) => f.found.includes('<script>alert(1)</script>') && f.found.includes('|') && f.found.includes('\n')),
      ),
    );
  });
});

describe('requirement order', () => {
  test('failed MUST first, then cannot tell, warnings, informative, passed, untested, inapplicable', () => {
    const sorted = sortRequirements(resultFor().requirements);
    const ranks = sorted.map((r) => GROUP_ORDER.indexOf(requirementGroup(r)));
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
    );
    assert.equal(requirementGroup(sorted[0]), 'nonconformance');
    assert.equal(sorted.length, resultFor().requirements.length);
  });
});

describe('conformance report: HTML', () => {
  const html = renderHtml(resultFor());

  test('is one self-contained file: no remote resource, no external style, font or script, no fetch', () => {
    assert.doesNotMatch(
      html,
      /\b(?:src|href|action|srcset|poster|data)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:)?\/\//i,
      'no src/href to a remote or protocol-relative URL',
    );
    assert.doesNotMatch(html, /\bhref\s*=\s*["']?\s*(?:javascript|data|https?):/i);
    assert.doesNotMatch(html, /<(?:link|iframe|object|embed|img|base|form)\b/i);
    assert.doesNotMatch(html, /@import|@font-face|url\(/i);
    assert.doesNotMatch(html, /fetch\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon/);
    assert.match(csp(html), /^default-src 'none';/);
  });

  test('its only script is its own, static, and allowed by the CSP hash; hostile markup is text', () => {
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)];
    assert.equal(scripts.length, 1, 'one script element: the filter');
    assert.equal(scripts[0][0].startsWith('<script>'), true, 'no src attribute');
    const other = renderHtml(resultFor('CONFORMS'));
    assert.equal(/<script>([\s\S]*?)<\/script>/.exec(other)?.[1], scripts[0][1], 'no data of the result in the script');
    const hash = createHash('sha256').update(scripts[0][1], 'utf8').digest('base64');
    assert.match(csp(html), new RegExp(`script-src 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`), 'CSP allows exactly this script');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    assert.ok(csp(html).includes(`style-src 'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}';`));
    assert.ok(!html.includes('<script>alert(1)'), 'no unescaped script from data');
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(!html.includes('<img') && !html.includes('<a href="https://evil'));
    assert.doesNotMatch(html, /\sstyle\s*=/i, 'no inline style attribute (the CSP would block it)');
    for (const tag of html.match(/<[a-z][^>]*>/gi) ?? [])
      assert.doesNotMatch(tag, /\son[a-z]+\s*=/i, `no event handler attribute in ${tag}`);
    assert.doesNotMatch(html, /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/, 'control characters are shown as \\uXXXX');
    assert.ok(html.includes('\\u001B[31mred'));
  });

  test('the hostile text reads back verbatim from the parsed document', () => {
    const doc = parseXml(html, 'text/html');
    const card = doc.getElementById('req-EP-STATUS-200');
    assert.ok(card, 'the failed requirement has its card');
    assert.ok(card.textContent!.includes(HOSTILE), 'the finding shows the gateway text as it was');
    assert.equal(elements(doc, 'script').length, 1);
  });

  test('states target, suite, run, dates, profile, claims, verdict and the verdict per class', () => {
    const conformanceResult = resultFor();
    const doc = parseXml(html, 'text/html');
    const text = doc.documentElement!.textContent!;
    for (const s of [
      conformanceResult.target.url,
      conformanceResult.suite.name,
      conformanceResult.suite.version,
      conformanceResult.suite.commit!,
      conformanceResult.runId,
      conformanceResult.startedAt,
      conformanceResult.finishedAt,
      conformanceResult.profile,
      'core, booking, alignment',
      conformanceResult.verdictReason,
    ])
      assert.ok(text.includes(s), `shows ${s}`);
    assert.ok(text.includes(conformanceResult.target.description), 'the description, escaped and read back');
    const verdict = elements(doc, 'section').find((s) => s.getAttribute('class')?.startsWith('verdict '))!;
    assert.equal(verdict.getAttribute('class'), 'verdict v-does-not-conform');
    assert.match(verdict.textContent!, /DOES NOT CONFORM[\s\S]*2 MUST requirement\(s\) failed[\s\S]*Exit code 1/);
    const classRows = elements(
      elements(doc, 'table').find((t) => t.getAttribute('class') === 'classes')!,
      'tr',
    ).slice(1);
    assert.deepEqual(
      classRows.map((tr) =>
        elements(tr, 'td')
          .slice(0, 3)
          .map((td) => td.textContent),
      ),
      conformanceResult.classes.map((c) => [c.class, c.claimed ? 'yes' : 'no', c.verdict]),
    );
  });

  test('every verdict kind shows big, with its reason and exit code', () => {
    for (const runVerdict of VERDICTS) {
      const conformanceResult = resultFor(runVerdict);
      const doc = parseXml(renderHtml(conformanceResult), 'text/html');
      const verdict = elements(doc, 'section').find((s) => s.getAttribute('class')?.startsWith('verdict '))!;
      assert.equal(
        elements(verdict, 'div')
          .find((d) => d.getAttribute('class') === 'big')!
          .textContent!.startsWith(runVerdict),
        true,
        runVerdict,
      );
      assert.ok(verdict.textContent!.includes(conformanceResult.verdictReason), `${runVerdict}: reason`);
      assert.ok(verdict.textContent!.includes(`Exit code ${EXIT_CODES[runVerdict]}`), `${runVerdict}: exit code`);
    }
    assert.match(renderHtml(resultFor('SELECTION PASSED')), /not a conformance verdict/);
    assert.match(renderHtml(resultFor('CONFORMS')), /CONFORMS <span class="qual">with 1 warning\(s\)/);
  });

  test('every requirement appears with its level, class, statement, basis, outcome and reason; failures first', () => {
    const conformanceResult = resultFor();
    const doc = parseXml(html, 'text/html');
    for (const req of conformanceResult.requirements) {
      const el =
        doc.getElementById(`req-${req.id}`) ?? elements(doc, 'tr').find((tr) => elements(tr, 'td')[0]?.textContent?.startsWith(req.id));
      assert.ok(el, `${req.id} appears`);
      const text = el.textContent!;
      assert.ok(text.includes(req.level), `${req.id}: level`);
      assert.ok(text.includes(req.class), `${req.id}: class`);
      assert.ok(text.includes(req.statement), `${req.id}: statement`);
      if (req.outcome !== 'cantTell')
        assert.ok(text.includes(req.basis.kind === 'spec' ? `“${req.basis.quote}”` : req.basis.text), `${req.id}: basis`);
      if (req.reason) assert.ok(text.includes(req.reason), `${req.id}: reason`);
    }
    const pos = (id: string) => html.indexOf(`id="req-${id}"`);
    assert.ok(pos('EP-STATUS-200') < pos('EP-WELL-FORMED'), 'failed MUST before cannot tell');
    assert.ok(pos('EP-WELL-FORMED') < pos('EP-ECHOTOKEN'), 'cannot tell before warnings');
    assert.ok(pos('EP-ECHOTOKEN') < pos('EP-REJECT-VERSION'), 'warnings before informative');
    assert.ok(pos('EP-REJECT-VERSION') < pos('EP-CONTENT-TYPE'), 'informative before passed');
  });

  test('findings show where, expected, found and the scenario, with a relative link to the evidence', () => {
    const doc = parseXml(html, 'text/html');
    const card = doc.getElementById('req-HAV-MAXRESPONSES')!;
    const cells = elements(elements(card, 'tbody')[0], 'td').map((td) => td.textContent);
    assert.deepEqual(cells, [
      '/*/ota:RoomStays/ota:RoomStay',
      'at most 1 (MaxResponses)',
      '4 RoomStay elements',
      'Hotel availability returns no more hotels than MaxResponses (exchange 1)',
    ]);
    const hrefs = elements(card, 'a').map((a) => a.getAttribute('href'));
    // the finding: exactly the exchange that showed it; the scenario: its section; its reproducer
    const anchor = 'hotel-availability-returns-no-more-hotels-than-maxresponses';
    assert.ok(hrefs.includes(`evidence.html#${anchor}-a1-x1`), hrefs.join(' '));
    assert.ok(hrefs.includes(`evidence.html#${anchor}`), hrefs.join(' '));
    assert.ok(hrefs.includes(`reproducers/${anchor}.sh`), hrefs.join(' '));
    assert.ok(card.textContent!.includes('features/hotel-availability.feature:40'), 'the scenario is named with its place');
    const evidence = elements(doc, 'a').map((a) => a.getAttribute('href'));
    for (const f of [
      'evidence.html',
      'reproducers',
      'junit.xml',
      'cucumber-messages.ndjson',
      'cucumber-report.html',
      'allure-report/index.html',
      'conformance-report.json',
    ])
      assert.ok(evidence.includes(f), `links ${f}`);
    assert.ok(!evidence.some((e) => e?.includes('?')), 'no search query: a link lands on its scenario, never on a fuzzy search');
  });

  test("every scenario's reproducer is linked, wherever its requirement is listed (failed, passed, not tested)", () => {
    const hrefs = new Set(elements(parseXml(html, 'text/html'), 'a').map((a) => a.getAttribute('href')));
    const scenarios = resultFor().scenarios;
    const withReproducer = scenarios.filter((s) => s.reproducer);
    assert.ok(withReproducer.length > 0 && withReproducer.length < scenarios.length, 'the fixture has scenarios with and without one');
    for (const scenarioRecord of withReproducer)
      assert.ok(hrefs.has(scenarioRecord.reproducer!), `${scenarioRecord.name}: ${scenarioRecord.reproducer} is linked`);
    const md = renderMarkdown(resultFor());
    for (const s of withReproducer) assert.ok(md.includes(`](${s.reproducer})`), `${s.name}: ${s.reproducer} is linked in Markdown`);
  });

  test('"What was not tested and why" lists cannot tell, untested and inapplicable with reasons; notes are listed', () => {
    const conformanceResult = resultFor();
    const at = html.indexOf('What was not tested and why');
    assert.ok(at > 0);
    const section = html.slice(at, html.indexOf('<h2>Evidence</h2>'));
    for (const req of conformanceResult.requirements.filter((x) => ['cantTell', 'untested', 'inapplicable'].includes(x.outcome))) {
      assert.ok(section.includes(`>${req.id}<`), `${req.id} listed`);
      assert.ok(section.includes(escapeHtml(req.reason!)), `${req.id}: reason`);
    }
    for (const req of conformanceResult.requirements.filter((x) => x.outcome === 'passed' || x.outcome === 'failed'))
      assert.ok(!section.includes(`>${req.id}<`), `${req.id} not listed`);
    const text = parseXml(html, 'text/html').documentElement!.textContent!;
    for (const note of conformanceResult.notes) assert.ok(text.includes(note), 'note shown');
  });

  test('filtering is by group and the page works without script (the bar is hidden until the script shows it)', () => {
    assert.match(html, /<div class="filters" id="filters" hidden>/);
    const doc = parseXml(html, 'text/html');
    const groups = new Set(elements(doc, 'input').map((i) => i.getAttribute('value')));
    assert.deepEqual(groups, new Set(GROUP_ORDER));
    assert.ok(!/class="[^"]*is-hidden/.test(html), 'nothing starts hidden');
    assert.match(html, /@media print \{[\s\S]*\.filters \{ display: none !important; \}/);
  });
});

/** Cells of a Markdown table row, splitting on pipes that are not backslash-escaped. */
function cells(row: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '\\') {
      cur += row[i] + (row[i + 1] ?? '');
      i++;
    } else if (row[i] === '|') {
      out.push(cur);
      cur = '';
    } else cur += row[i];
  }
  out.push(cur);
  return out.slice(1, -1); // leading and trailing pipe
}

describe('conformance report: Markdown', () => {
  test('every table row has as many cells as its header, hostile pipes and newlines included', () => {
    for (const runVerdict of VERDICTS) {
      const lines = renderMarkdown(resultFor(runVerdict)).split('\n');
      let tables = 0;
      for (let i = 0; i < lines.length; i++) {
        if (!lines[i].startsWith('|') || lines[i - 1]?.startsWith('|')) continue;
        tables++;
        const width = cells(lines[i]).length;
        assert.match(lines[i + 1], /^\|(?:---\|)+$/, 'a delimiter row follows the header');
        assert.equal(cells(lines[i + 1]).length, width);
        for (let j = i + 2; j < lines.length && lines[j].startsWith('|'); j++)
          assert.equal(cells(lines[j]).length, width, `row ${j + 1}: ${lines[j].slice(0, 80)}`);
      }
      assert.ok(tables >= 4, `${runVerdict}: tables found`);
      for (const line of lines)
        if (line.includes('|') && !line.startsWith('|'))
          assert.doesNotMatch(line, /(^|[^\\])\|/, `no unescaped pipe outside a table: ${line.slice(0, 80)}`);
    }
  });

  test('states the verdict, every requirement and what was not tested; data cannot inject markup', () => {
    const conformanceResult = resultFor();
    const text = renderMarkdown(conformanceResult);
    assert.match(text, /^## Verdict: DOES NOT CONFORM$/m);
    assert.ok(text.includes(conformanceResult.verdictReason));
    for (const req of conformanceResult.requirements) assert.ok(text.includes(req.id.replace(/[_*]/g, '\\$&')), req.id);
    assert.match(text, /^## What was not tested and why$/m);
    assert.ok(!text.includes('<script>') && !text.includes('<img'));
    assert.ok(text.includes('&lt;script&gt;alert(1)&lt;/script&gt; \\| '));
    assert.doesNotMatch(text, /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    assert.doesNotMatch(text, /\]\((?:[a-z]+:|\/\/)/i, 'links are relative');
    assert.doesNotMatch(text, /https?:\/\//, 'no URL for a Markdown renderer to autolink');
    assert.ok(text.includes('href="https\\://evil.example/x"'));
    assert.ok(text.includes('(evidence.html#the-hotel-availability-reply-has-a-conforming-envelope)'));
    assert.ok(
      text.includes('(evidence.html#hotel-availability-returns-no-more-hotels-than-maxresponses-a1-x1)'),
      'a finding links to its exchange',
    );
    assert.match(renderMarkdown(resultFor('SELECTION PASSED')), /^## Verdict: SELECTION PASSED \(not a conformance verdict\)$/m);
  });
});

describe('conformance report: EARL JSON', () => {
  test('the three files are written and the JSON parses, one earl:Assertion per requirement', () => {
    const dir = fresh();
    const conformanceResult = resultFor();
    const paths = writeConformanceReport(conformanceResult, dir);
    assert.deepEqual(paths, {
      html: join(dir, 'conformance-report.html'),
      markdown: join(dir, 'conformance-report.md'),
      json: join(dir, 'conformance-report.json'),
    });
    for (const path of Object.values(paths)) assert.ok(existsSync(path));
    const earl = JSON.parse(readFileSync(paths.json, 'utf8'));
    assert.equal(earl['@context'].earl, 'http://www.w3.org/ns/earl#');
    assert.equal(earl['@context'].dct, 'http://purl.org/dc/terms/');
    assert.equal(earl['@context'].foaf, 'http://xmlns.com/foaf/0.1/');
    assert.equal(earl['@type'], 'earl:Assertion');
    assert.deepEqual(
      { name: earl.assertor.name, version: earl.assertor.version, commit: earl.assertor.commit },
      { name: conformanceResult.suite.name, version: conformanceResult.suite.version, commit: conformanceResult.suite.commit },
    );
    assert.ok(earl.assertor['@type'].includes('earl:Assertor'));
    assert.deepEqual(
      { url: earl.subject.url, description: earl.subject.description, type: earl.subject['@type'] },
      { url: conformanceResult.target.url, description: conformanceResult.target.description, type: 'earl:TestSubject' },
    );
    assert.deepEqual(
      {
        runId: earl.testRun.runId,
        date: earl.testRun.date,
        claims: earl.testRun.claims,
        verdict: earl.testRun.verdict,
        exitCode: earl.testRun.exitCode,
      },
      {
        runId: conformanceResult.runId,
        date: conformanceResult.finishedAt,
        claims: conformanceResult.claims,
        verdict: conformanceResult.verdict,
        exitCode: 1,
      },
    );
    assert.equal(earl.result.outcome, 'earl:failed');
    assert.equal(earl.assertions.length, conformanceResult.requirements.length);
    for (const req of conformanceResult.requirements) {
      const a = earl.assertions.filter((x: { test: { id: string } }) => x.test.id === req.id);
      assert.equal(a.length, 1, `one assertion for ${req.id}`);
      assert.equal(a[0]['@type'], 'earl:Assertion');
      assert.equal(a[0].assertedBy, earl.assertor['@id']);
      assert.equal(a[0].subject, earl.subject['@id']);
      assert.equal(a[0].result.outcome, `earl:${req.outcome}`);
      assert.deepEqual(
        { level: a[0].test.level, class: a[0].test.class, statement: a[0].test.statement, basis: a[0].test.basis },
        { level: req.level, class: req.class, statement: req.statement, basis: req.basis },
      );
      assert.equal(a[0].result.info, req.reason);
      assert.deepEqual(a[0].result.findings, req.findings);
      assert.equal(a[0].result.pointer.length, req.findings.length);
    }
    const status = earl.assertions.find((x: { test: { id: string } }) => x.test.id === 'EP-STATUS-200');
    assert.equal(status.result.findings[1].found, HOSTILE, 'JSON keeps the text as it was');
    assert.deepEqual(
      status.result.pointer.map((p: { '@type': string }) => p['@type']),
      ['ptr:Pointer', 'ptr:XPathPointer'],
    );
  });

  test('outcome names are EARL 1.0 outcome values; the run verdict maps to the claim outcome', () => {
    assert.deepEqual(Object.values(EARL_OUTCOME).sort(), [
      'earl:cantTell',
      'earl:failed',
      'earl:inapplicable',
      'earl:passed',
      'earl:untested',
    ]);
    const expected: Record<string, string> = {
      CONFORMS: 'earl:passed',
      'DOES NOT CONFORM': 'earl:failed',
      'NOT DETERMINED': 'earl:cantTell',
      'SELECTION PASSED': 'earl:cantTell',
      'COULD NOT RUN': 'earl:cantTell',
    };
    for (const runVerdict of VERDICTS) assert.equal(toEarl(resultFor(runVerdict)).result.outcome, expected[runVerdict], runVerdict);
    assert.equal(toEarl({ ...resultFor('COULD NOT RUN'), scenarios: [] }).result.outcome, 'earl:untested');
  });
});
