// The reports a certifier and a CI server read: the conformance report (HTML, Markdown, EARL JSON),
// JUnit XML, and the metadata Allure reads from its results folder. Assertions are on parsed data,
// never on snapshots; the fixture carries hostile gateway text everywhere it can reach a report.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
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
import { junitCases, renderJUnit, writeJUnit } from '../../../src/reporting/junit';
import {
  ALLURE2_CATEGORIES,
  ALLURE3_CATEGORIES,
  EXECUTOR_NAME,
  WARNING_LABEL,
  renderEnvironmentProperties,
  writeAllureMetadata,
} from '../../../src/reporting/allure-metadata';
import type { ConformanceResult } from '../../../src/reporting/result';
import { ALL_OUTCOMES, CONTROL, EXIT_CODES, HOSTILE, VERDICTS, resultFor } from '../../support/fixtures/conformance-result';

const root = mkdtempSync(join(tmpdir(), 'conformance-report-test-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `case${++n}`);

/** Parses XML strictly: any warning or error of the parser fails the test. */
function parseXml(text: string, mimeType: 'text/xml' | 'text/html' = 'text/xml'): Document {
  const problems: string[] = [];
  const doc = new DOMParser({
    onError: (level, msg) => void (mimeType === 'text/xml' || level !== 'warning' ? problems.push(`${level}: ${msg}`) : 0),
  }).parseFromString(text, mimeType);
  assert.deepEqual(problems, [], `the document parses cleanly`);
  return doc;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** The Content-Security-Policy of an HTML report, as the browser reads it. */
function csp(html: string): string {
  const meta = elements(parseXml(html, 'text/html'), 'meta').find((m) => m.getAttribute('http-equiv') === 'Content-Security-Policy');
  return meta?.getAttribute('content') ?? '';
}
const elements = (doc: Document | Element, tag: string): Element[] => Array.from(doc.getElementsByTagName(tag)) as Element[];

describe('the fixture', () => {
  test('covers every outcome, level, scenario status and verdict', () => {
    const r = resultFor();
    assert.deepEqual(new Set(r.requirements.map((x) => x.outcome)), new Set(ALL_OUTCOMES));
    assert.deepEqual(new Set(r.requirements.map((x) => x.level)), new Set(['MUST', 'SHOULD', 'INFO']));
    const statuses = new Set([...VERDICTS.flatMap((v) => resultFor(v).scenarios.map((s) => s.status))]);
    assert.deepEqual(statuses, new Set(['passed', 'failed', 'cantTell', 'skipped', 'suiteError']));
    for (const v of VERDICTS) assert.equal(resultFor(v).exitCode, EXIT_CODES[v]);
    assert.ok(
      r.requirements.some((x) =>
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
    const r = resultFor();
    const doc = parseXml(html, 'text/html');
    const text = doc.documentElement!.textContent!;
    for (const s of [
      r.target.url,
      r.suite.name,
      r.suite.version,
      r.suite.commit!,
      r.runId,
      r.startedAt,
      r.finishedAt,
      r.profile,
      'core, booking, alignment',
      r.verdictReason,
    ])
      assert.ok(text.includes(s), `shows ${s}`);
    assert.ok(text.includes(r.target.description), 'the description, escaped and read back');
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
      r.classes.map((c) => [c.class, c.claimed ? 'yes' : 'no', c.verdict]),
    );
  });

  test('every verdict kind shows big, with its reason and exit code', () => {
    for (const v of VERDICTS) {
      const r = resultFor(v);
      const doc = parseXml(renderHtml(r), 'text/html');
      const verdict = elements(doc, 'section').find((s) => s.getAttribute('class')?.startsWith('verdict '))!;
      assert.equal(
        elements(verdict, 'div')
          .find((d) => d.getAttribute('class') === 'big')!
          .textContent!.startsWith(v),
        true,
        v,
      );
      assert.ok(verdict.textContent!.includes(r.verdictReason), `${v}: reason`);
      assert.ok(verdict.textContent!.includes(`Exit code ${EXIT_CODES[v]}`), `${v}: exit code`);
    }
    assert.match(renderHtml(resultFor('SELECTION PASSED')), /not a conformance verdict/);
    assert.match(renderHtml(resultFor('CONFORMS')), /CONFORMS <span class="qual">with 1 warning\(s\)/);
  });

  test('every requirement appears with its level, class, statement, basis, outcome and reason; failures first', () => {
    const r = resultFor();
    const doc = parseXml(html, 'text/html');
    for (const req of r.requirements) {
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
      'Hotel availability returns no more hotels than MaxResponses',
    ]);
    const hrefs = elements(card, 'a').map((a) => a.getAttribute('href'));
    assert.ok(hrefs.includes('cucumber-report.html?query=Hotel%20availability%20returns%20no%20more%20hotels%20than%20MaxResponses'));
    assert.ok(card.textContent!.includes('features/hotel-availability.feature:40'), 'the scenario is named with its place');
    const evidence = elements(doc, 'a').map((a) => a.getAttribute('href'));
    for (const f of ['cucumber-report.html', 'allure-results', 'junit.xml', 'cucumber-messages.ndjson', 'conformance-report.json'])
      assert.ok(evidence.includes(f), `links ${f}`);
  });

  test('"What was not tested and why" lists cannot tell, untested and inapplicable with reasons; notes are listed', () => {
    const r = resultFor();
    const at = html.indexOf('What was not tested and why');
    assert.ok(at > 0);
    const section = html.slice(at, html.indexOf('<h2>Evidence</h2>'));
    for (const req of r.requirements.filter((x) => ['cantTell', 'untested', 'inapplicable'].includes(x.outcome))) {
      assert.ok(section.includes(`>${req.id}<`), `${req.id} listed`);
      assert.ok(section.includes(escapeHtml(req.reason!)), `${req.id}: reason`);
    }
    for (const req of r.requirements.filter((x) => x.outcome === 'passed' || x.outcome === 'failed'))
      assert.ok(!section.includes(`>${req.id}<`), `${req.id} not listed`);
    const text = parseXml(html, 'text/html').documentElement!.textContent!;
    for (const note of r.notes) assert.ok(text.includes(note), 'note shown');
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
    for (const v of VERDICTS) {
      const lines = renderMarkdown(resultFor(v)).split('\n');
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
      assert.ok(tables >= 4, `${v}: tables found`);
      for (const l of lines)
        if (l.includes('|') && !l.startsWith('|'))
          assert.doesNotMatch(l, /(^|[^\\])\|/, `no unescaped pipe outside a table: ${l.slice(0, 80)}`);
    }
  });

  test('states the verdict, every requirement and what was not tested; data cannot inject markup', () => {
    const r = resultFor();
    const text = renderMarkdown(r);
    assert.match(text, /^## Verdict: DOES NOT CONFORM$/m);
    assert.ok(text.includes(r.verdictReason));
    for (const req of r.requirements) assert.ok(text.includes(req.id.replace(/[_*]/g, '\\$&')), req.id);
    assert.match(text, /^## What was not tested and why$/m);
    assert.ok(!text.includes('<script>') && !text.includes('<img'));
    assert.ok(text.includes('&lt;script&gt;alert(1)&lt;/script&gt; \\| '));
    assert.doesNotMatch(text, /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    assert.doesNotMatch(text, /\]\((?:[a-z]+:|\/\/)/i, 'links are relative');
    assert.doesNotMatch(text, /https?:\/\//, 'no URL for a Markdown renderer to autolink');
    assert.ok(text.includes('href="https\\://evil.example/x"'));
    assert.ok(text.includes('(cucumber-report.html?query=The%20hotel%20availability%20reply%20has%20a%20conforming%20envelope)'));
    assert.match(renderMarkdown(resultFor('SELECTION PASSED')), /^## Verdict: SELECTION PASSED \(not a conformance verdict\)$/m);
  });
});

describe('conformance report: EARL JSON', () => {
  test('the three files are written and the JSON parses, one earl:Assertion per requirement', () => {
    const dir = fresh();
    const r = resultFor();
    const paths = writeConformanceReport(r, dir);
    assert.deepEqual(paths, {
      html: join(dir, 'conformance-report.html'),
      markdown: join(dir, 'conformance-report.md'),
      json: join(dir, 'conformance-report.json'),
    });
    for (const p of Object.values(paths)) assert.ok(existsSync(p));
    const earl = JSON.parse(readFileSync(paths.json, 'utf8'));
    assert.equal(earl['@context'].earl, 'http://www.w3.org/ns/earl#');
    assert.equal(earl['@context'].dct, 'http://purl.org/dc/terms/');
    assert.equal(earl['@context'].foaf, 'http://xmlns.com/foaf/0.1/');
    assert.equal(earl['@type'], 'earl:Assertion');
    assert.deepEqual(
      { name: earl.assertor.name, version: earl.assertor.version, commit: earl.assertor.commit },
      { name: r.suite.name, version: r.suite.version, commit: r.suite.commit },
    );
    assert.ok(earl.assertor['@type'].includes('earl:Assertor'));
    assert.deepEqual(
      { url: earl.subject.url, description: earl.subject.description, type: earl.subject['@type'] },
      { url: r.target.url, description: r.target.description, type: 'earl:TestSubject' },
    );
    assert.deepEqual(
      {
        runId: earl.testRun.runId,
        date: earl.testRun.date,
        claims: earl.testRun.claims,
        verdict: earl.testRun.verdict,
        exitCode: earl.testRun.exitCode,
      },
      { runId: r.runId, date: r.finishedAt, claims: r.claims, verdict: r.verdict, exitCode: 1 },
    );
    assert.equal(earl.result.outcome, 'earl:failed');
    assert.equal(earl.assertions.length, r.requirements.length);
    for (const req of r.requirements) {
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
    for (const v of VERDICTS) assert.equal(toEarl(resultFor(v)).result.outcome, expected[v], v);
    assert.equal(toEarl({ ...resultFor('COULD NOT RUN'), scenarios: [] }).result.outcome, 'earl:untested');
  });
});

describe('JUnit', () => {
  function suiteOf(xml: string) {
    const doc = parseXml(xml);
    const suites = doc.documentElement!;
    assert.equal(suites.tagName, 'testsuites');
    const suite = elements(doc, 'testsuite');
    assert.equal(suite.length, 1);
    const cases = elements(suite[0], 'testcase');
    const count = (tag: string, type?: string) =>
      cases.filter((c) => elements(c, tag).some((e) => !type || e.getAttribute('type') === type)).length;
    return { doc, suites, suite: suite[0], cases, count };
  }

  test('parses, one testcase per scenario, counts in the attributes match the elements', () => {
    for (const v of VERDICTS)
      for (const strict of [false, true]) {
        const r = resultFor(v);
        const { suites, suite, cases, count } = suiteOf(renderJUnit(r, { strict }));
        assert.equal(cases.length, r.scenarios.length);
        for (const el of [suites, suite]) {
          assert.equal(Number(el.getAttribute('tests')), cases.length, `${v} tests`);
          assert.equal(Number(el.getAttribute('failures')), count('failure'), `${v} failures`);
          assert.equal(Number(el.getAttribute('errors')), count('error'), `${v} errors`);
          assert.equal(Number(el.getAttribute('skipped')), count('skipped'), `${v} skipped`);
        }
      }
  });

  test('names carry the requirement IDs; classname is class.feature; statuses map to failure, error and skipped', () => {
    const r = resultFor('COULD NOT RUN');
    const { cases, suite } = suiteOf(renderJUnit(r, { strict: false }));
    const byName = new Map(cases.map((c) => [c.getAttribute('name'), c]));
    const hotel = byName.get(
      'The hotel availability reply has a conforming envelope [EP-STATUS-200 EP-CONTENT-TYPE EP-NAMESPACE EP-ECHOTOKEN]',
    )!;
    assert.ok(hotel, 'name with IDs');
    assert.equal(hotel.getAttribute('classname'), 'core.envelope');
    assert.equal(elements(hotel, 'failure')[0].getAttribute('type'), 'Nonconformance');
    assert.ok(elements(hotel, 'failure')[0].textContent!.includes(HOSTILE), 'hostile text escaped and read back');
    const kinds = cases.map((c) => {
      const s = r.scenarios.find((x) => c.getAttribute('name')!.startsWith(x.name))!;
      const el = ['failure', 'error', 'skipped'].flatMap((t) => elements(c, t))[0];
      return [s.status, el ? `${el.tagName}:${el.getAttribute('type') ?? ''}` : 'none'];
    });
    assert.deepEqual(
      new Map(kinds as Array<[string, string]>),
      new Map([
        ['failed', 'failure:Nonconformance'],
        ['passed', 'none'],
        ['cantTell', 'error:CannotTell'],
        ['skipped', 'skipped:'],
        ['suiteError', 'error:SuiteError'],
      ]),
    );
    const booking = cases.find((c) => c.getAttribute('name')!.startsWith('A committed booking can be read back'))!;
    assert.equal(booking.getAttribute('classname'), 'booking.booking-lifecycle');
    const props = new Map(elements(suite, 'property').map((p) => [p.getAttribute('name'), p.getAttribute('value')]));
    assert.equal(props.get('target'), r.target.url);
    assert.equal(props.get('run.id'), r.runId);
    assert.equal(props.get('claims'), 'core,booking,alignment');
    assert.equal(props.get('verdict'), 'COULD NOT RUN');
    assert.equal(props.get('exit.code'), '2');
    assert.equal(props.get('verdict.reason'), r.verdictReason, 'attribute value round-trips (quotes, newlines)');
    const cant = cases.find((c) => elements(c, 'error').some((e) => e.getAttribute('type') === 'CannotTell'))!;
    assert.ok(elements(cant, 'error')[0].textContent!.includes('\\u001B[31mred'), 'control characters shown, not written');
  });

  test('warnings fail a test case only with strict; INFO findings never do', () => {
    const r = resultFor('CONFORMS');
    const lax = suiteOf(renderJUnit(r, { strict: false }));
    const strict = suiteOf(renderJUnit(r, { strict: true }));
    assert.equal(lax.count('failure'), 0, 'CONFORMS with a warning: no failure');
    const withWarnings = r.scenarios.filter((s) => s.status === 'passed' && s.warnings.length > 0).length;
    assert.ok(withWarnings > 0);
    assert.equal(strict.count('failure', 'Warning'), withWarnings);
    assert.equal(strict.count('failure'), withWarnings);
    const version = lax.cases.find((c) => c.getAttribute('name')!.includes('[EP-REJECT-VERSION]'))!;
    assert.equal(elements(version, 'failure').length, 0);
    assert.match(elements(version, 'system-out')[0].textContent!, /Informative \(INFO, never decides\):\n {2}EP-REJECT-VERSION/);
    const envelope = lax.cases.find((c) => c.getAttribute('name')!.includes('[EP-CONTENT-TYPE EP-NAMESPACE EP-DATES EP-ECHOTOKEN]'))!;
    assert.match(
      elements(envelope, 'system-out')[0].textContent!,
      /Warnings \(SHOULD failed; they do not decide conformance\):\n {2}EP-ECHOTOKEN/,
    );
    // In a DOES NOT CONFORM run, strict adds the warning-only scenario to the failures.
    const dnc = resultFor();
    assert.equal(
      suiteOf(renderJUnit(dnc, { strict: true })).count('failure') - suiteOf(renderJUnit(dnc, { strict: false })).count('failure'),
      1,
    );
  });

  test('a failed scenario that cites a SHOULD and no MUST is not a failure unless strict', () => {
    const r = resultFor('CONFORMS');
    const s = r.scenarios.find((x) => x.reqs.includes('EP-REJECT-VERSION'))!;
    s.reqs = ['EP-ECHOTOKEN']; // a SHOULD alone
    s.status = 'failed';
    s.message = 'Nonconformance: EP-ECHOTOKEN';
    const kind = (strict: boolean) => junitCases(r, { strict }).find((c) => c.file === s.uri && c.name.includes('[EP-ECHOTOKEN]'))!.kind;
    assert.equal(kind(false), 'passed');
    assert.equal(kind(true), 'warning');
  });

  // Fails if: --strict turned an INFO finding into a JUnit failure (issue 27, point 6).
  test('a failed scenario that cites only an INFO requirement is never a failure, under --strict too', () => {
    const r = resultFor('CONFORMS');
    const s = r.scenarios.find((x) => x.reqs.includes('EP-REJECT-VERSION'))!;
    s.status = 'failed';
    s.message = 'Nonconformance: EP-REJECT-VERSION';
    for (const strict of [false, true]) {
      const c = junitCases(r, { strict }).find((x) => x.file === s.uri && x.name.includes('EP-REJECT-VERSION'))!;
      assert.equal(c.kind, 'passed', `strict ${strict}`);
      assert.ok(
        c.out.some((l) => l.startsWith('Not a failure')),
        c.out.join('\n'),
      );
    }
  });

  test('writeJUnit writes the file, strict by default as the run was', () => {
    const file = join(fresh(), 'sub', 'junit.xml');
    const r: ConformanceResult = { ...resultFor('CONFORMS'), strict: true };
    assert.equal(writeJUnit(r, file), file);
    assert.equal(readFileSync(file, 'utf8'), renderJUnit(r, { strict: true }));
  });
});

describe('Allure metadata', () => {
  // Allure 3's own reader (ESM), to read back what we write exactly as `allure generate` does.
  async function readWithAllure(dir: string, file: string): Promise<Record<string, unknown>> {
    const { allure2 } = (await import('@allurereport/reader')) as unknown as {
      allure2: { read: (visitor: unknown, data: unknown) => Promise<boolean> };
    };
    const path = join(dir, file);
    const metadata: Record<string, unknown> = {};
    const data = {
      getOriginalFileName: () => file,
      asUtf8String: async () => readFileSync(path, 'utf8'),
      asJson: async () => JSON.parse(readFileSync(path, 'utf8')),
      asBuffer: async () => readFileSync(path),
    };
    await allure2.read({ visitMetadata: async (m: Record<string, unknown>) => Object.assign(metadata, m) }, data);
    return metadata;
  }

  test('writes environment.properties, executor.json and categories.json that Allure reads back', async () => {
    const dir = fresh();
    const r = resultFor();
    r.target.description = `${r.target.description} = key: #not a comment ! é ✓ ${CONTROL} ${HOSTILE}`;
    writeAllureMetadata(r, dir);
    for (const f of ['environment.properties', 'executor.json', 'categories.json']) assert.ok(existsSync(join(dir, f)), f);
    assert.doesNotMatch(readFileSync(join(dir, 'environment.properties'), 'utf8'), /[^\n\x20-\x7e]/, 'ASCII only (\\uXXXX escapes)');

    const env = (await readWithAllure(dir, 'environment.properties')).allure_environment as Array<{ name: string; values: string[] }>;
    const get = (k: string) => env.find((e) => e.name === k)?.values[0];
    assert.equal(get('Target'), r.target.url);
    assert.equal(get('Target description'), r.target.description, 'hostile text round-trips through Allure');
    assert.equal(get('Run ID'), r.runId);
    assert.equal(get('Claims'), 'core, booking, alignment');
    assert.equal(get('Verdict'), 'DOES NOT CONFORM');
    assert.equal(get('Verdict reason'), r.verdictReason);
    assert.equal(get('Class core'), 'DOES NOT CONFORM');
    assert.equal(get('Class security'), 'not claimed');

    const executor = (await readWithAllure(dir, 'executor.json')).allure2_executor as Record<string, unknown>;
    assert.equal(executor.name, EXECUTOR_NAME);
    assert.equal(executor.buildName, r.runId);
    assert.match(String(executor.reportName), /DOES NOT CONFORM/);

    const categories = (await readWithAllure(dir, 'categories.json')).allure2_categories as Array<{
      name: string;
      matchedStatuses: string[];
    }>;
    assert.deepEqual(
      categories.map((c) => c.name),
      ['Suite error', 'Cannot tell', 'Nonconformance (MUST)'],
    );
    assert.equal(renderEnvironmentProperties(r), readFileSync(join(dir, 'environment.properties'), 'utf8'));
  });

  // Messages as allure-cucumberjs records them: cucumber's "<Type>: <message>\n<stack>".
  const samples: Array<[string, 'failed' | 'broken' | 'passed', string | undefined, string | undefined]> = [
    [
      'Nonconformance (MUST)',
      'failed',
      'ConformanceAssertionError: Nonconformance:\nEP-STATUS-200 (MUST): ...\n    at step (steps/envelope.ts:10:5)',
      undefined,
    ],
    ['Nonconformance (MUST)', 'failed', 'Nonconformance:\nHAV-MAXRESPONSES (MUST): ...', undefined],
    ['Cannot tell', 'broken', 'CannotTell: Cannot tell: the reply has no RoomStays\n    at x', undefined],
    ['Cannot tell', 'failed', 'CannotTell: the precondition failed: assertion of availability', undefined],
    ['Suite error', 'broken', 'SuiteError: the edit /*/ota:X matched nothing\n    at y', undefined],
    ['Suite error', 'broken', 'ConfigError: OTA_TEST_DATA: hotels is missing', undefined],
    ['Suite error', 'broken', 'StepUsageError: no request prepared', undefined],
    ['Suite error', 'broken', "The test doesn't have an implementation.", undefined],
    ['Warning (SHOULD)', 'passed', undefined, 'warning'],
    ['(none)', 'passed', undefined, undefined],
  ];

  test('categories.json sorts the errors as Allure 2 regexes do (whole message, dot matches newline)', () => {
    for (const [expected, status, message] of samples) {
      if (expected === 'Warning (SHOULD)') continue; // categories.json cannot see a passed test's label
      const hit = ALLURE2_CATEGORIES.find(
        (c) => c.matchedStatuses.includes(status) && message !== undefined && new RegExp(`^(?:${c.messageRegex})$`, 's').test(message),
      );
      assert.equal(hit?.name ?? '(none)', expected, message);
    }
  });

  test('the Allure 3 category rules sort errors and passed-with-warning tests, as Allure 3 itself matches them', async () => {
    const { normalizeCategoriesConfig, matchCategory } = (await import('@allurereport/core-api')) as unknown as {
      normalizeCategoriesConfig: (c: unknown) => Array<{ name: string }>;
      matchCategory: (c: unknown, d: unknown) => { name: string } | undefined;
    };
    const rules = normalizeCategoriesConfig(JSON.parse(JSON.stringify(ALLURE3_CATEGORIES))); // as allurerc.json would hold them
    for (const [expected, status, message, label] of samples) {
      const labels = [{ name: 'story', value: 'EP-ECHOTOKEN' }, ...(label ? [{ name: WARNING_LABEL.name, value: label }] : [])];
      const hit = matchCategory(rules, { status, labels, message, trace: message, flaky: false });
      const name = hit?.name === 'Product errors' || hit?.name === 'Test errors' || !hit ? '(none)' : hit.name;
      assert.equal(name, expected, `${status} ${message ?? ''} ${label ?? ''}`);
    }
  });
});
