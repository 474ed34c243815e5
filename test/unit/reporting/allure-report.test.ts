// Allure that tells the verdict and cannot mislead: one test per requirement, its status from that
// requirement's outcome alone (a requirement that passed is never red, whatever its scenarios did),
// the run's verdict a test of its own first in the tree, untested and skipped with their reason, a
// flaky failure failed (and flaky), the tree class -> operation -> requirement; the report's title
// is the verdict, a quality gate fails when the run does not conform, and the page loads nothing
// from outside.
// The last test builds a real report with Allure 3 and reads what Allure made of the results.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allureTitle } from '../../../src/reporting/allure-metadata';
import { allureResults, type AllureFile } from '../../../src/reporting/allure-results';
import { ALLURE_PAGE_CSP, buildAllureReport, conformanceGate, keepPageOffline } from '../../../src/reporting/allure-report';
import { EvidenceCollector } from '../../../src/reporting/evidence/collect';
import type { ConformanceResult } from '../../../src/reporting/result';
import { PROJECT_ROOT } from '../../../src/run/config';
import { resultFor } from '../../support/fixtures/conformance-result';
import { exchangeParts, streamOf, type StreamScenario } from '../../support/evidence-stream';

const root = mkdtempSync(join(tmpdir(), 'ota-allure-'));
after(() => rmSync(root, { recursive: true, force: true }));

const MAX = 'features/hotel-availability.feature:40';

/** The fixture's failing run, as if run with --retry 1: MaxResponses failed on attempt 1 and passed on attempt 2 (flaky). */
function retried(): ConformanceResult {
  const conformanceResult = resultFor();
  const scenarioRecord = conformanceResult.scenarios.find((x) => x.id === MAX)!;
  scenarioRecord.attempts = [
    { attempt: 1, status: 'failed', message: scenarioRecord.message },
    { attempt: 2, status: 'passed' },
  ];
  conformanceResult.requirements.find((q) => q.id === 'HAV-MAXRESPONSES')!.flaky = [
    { scenario: scenarioRecord.name, failedOn: [1], passedOn: [2] },
  ];
  return conformanceResult;
}

/** The stream of every scenario of the result: one exchange each, two attempts for MaxResponses. */
function evidenceOf(conformanceResult: ConformanceResult) {
  const scenarios: StreamScenario[] = conformanceResult.scenarios.map((scenario) => {
    const attempt = (failed: boolean) => [
      { keyword: 'Given ', text: 'a valid request' },
      {
        keyword: 'When ',
        text: 'the request is sent',
        attachments: exchangeParts(1, scenario.ops[0], {
          url: `http://127.0.0.1:9/${scenario.ops[0]}`,
          request: '<RQ MessagePassword="********"/>',
          replyHead: 'HTTP 200',
          reply: '<RS><Success/></RS>',
        }),
      },
      failed
        ? {
            keyword: 'Then ',
            text: 'it conforms',
            status: 'FAILED',
            error: { type: 'ConformanceAssertionError', message: 'Nonconformance:' },
          }
        : { keyword: 'Then ', text: 'it conforms', status: scenario.status === 'skipped' ? 'SKIPPED' : 'PASSED' },
    ];
    return {
      name: scenario.name,
      uri: scenario.id.replace(/:\d+$/, ''),
      line: Number(scenario.id.replace(/^.*:/, '')),
      tags: scenario.tags,
      attempts: scenario.attempts ? scenario.attempts.map((a) => attempt(a.status === 'failed')) : [attempt(scenario.status === 'failed')],
    };
  });
  const evidenceCollector = new EvidenceCollector();
  streamOf(scenarios).forEach(evidenceCollector.onMessage);
  return evidenceCollector.scenarios();
}

interface Result {
  name: string;
  fullName: string;
  status: string;
  start?: number;
  statusDetails: { message?: string; flaky?: boolean };
  labels: Array<{ name: string; value: string }>;
  links: Array<{ url: string }>;
  steps: Step[];
}
interface Step {
  name: string;
  status: string;
  statusDetails: { message?: string };
  attachments: Array<{ name: string; source: string }>;
  steps: Step[];
}
const results = (files: AllureFile[]) =>
  files.filter((f) => f.name.endsWith('-result.json')).map((f) => JSON.parse(f.content.toString('utf8')) as Result);
const labels = (r: Result, name: string) => r.labels.filter((l) => l.name === name).map((l) => l.value);

/** The retried run, with the assertions MaxResponses recorded: failed on attempt 1, passed on attempt 2. */
function withAssertions(): ConformanceResult {
  const conformanceResult = retried();
  const finding = {
    req: 'HAV-MAXRESPONSES' as const,
    at: '/*/ota:RoomStays/ota:RoomStay',
    expected: 'at most 1 (MaxResponses)',
    found: '4 RoomStay elements',
  };
  conformanceResult.assertions = {
    [MAX]: [
      { req: 'HAV-MAXRESPONSES', outcome: 'failed', findings: [finding], reasons: [], attempt: 1, exchange: 1 },
      { req: 'EP-CONTENT-TYPE', outcome: 'passed', findings: [], reasons: [], attempt: 1, exchange: 1 },
      { req: 'HAV-MAXRESPONSES', outcome: 'passed', findings: [], reasons: [], attempt: 2, exchange: 1 },
    ],
  };
  return conformanceResult;
}

describe('Allure results: one test per requirement, the verdict first', () => {
  const conformanceResult = withAssertions();
  const files = allureResults(conformanceResult, evidenceOf(conformanceResult), { pretty: (x) => `<!-- indented -->${x}`, base: '..' });
  const all = results(files);
  const of = (id: string) => all.find((x) => x.fullName === `requirement ${id}`)!;

  test("every requirement is one test, and the run's verdict one more, first and failed when the run does not conform", () => {
    assert.equal(all.length, conformanceResult.requirements.length + 1);
    const [verdict] = all;
    assert.equal(verdict.fullName, 'verdict');
    assert.match(verdict.name, /^DOES NOT CONFORM/);
    assert.equal(verdict.status, 'failed');
    assert.deepEqual(labels(verdict, 'epic'), ['Verdict']);
    assert.ok(
      all.every((x) => x === verdict || x.start! > verdict.start!),
      'the verdict starts first',
    );
    const conforms = allureResults(resultFor('CONFORMS'), [], { pretty: (x) => x, base: '..' });
    assert.equal(results(conforms)[0].status, 'passed');
    assert.equal(results(allureResults(resultFor('NOT DETERMINED'), [], { pretty: (x) => x, base: '..' }))[0].status, 'broken');
  });

  test("a requirement's status is its outcome alone: one that passed is passed though a scenario citing it failed", () => {
    assert.equal(of('EP-CONTENT-TYPE').status, 'passed', 'its scenario failed EP-STATUS-200, not it');
    assert.equal(of('EP-STATUS-200').status, 'failed');
    assert.deepEqual(labels(of('EP-STATUS-200'), 'conformance'), ['nonconformance']);
    assert.equal(of('EP-WELL-FORMED').status, 'broken');
    assert.deepEqual(labels(of('EP-WELL-FORMED'), 'conformance'), ['cannot-tell']);
    assert.equal(of('BKG-COMMIT-REF').status, 'passed');
    const failedIds = all.filter((x) => x.status === 'failed' && x.fullName !== 'verdict').map((x) => x.fullName);
    assert.deepEqual(failedIds.sort(), ['requirement EP-STATUS-200', 'requirement HAV-MAXRESPONSES']);
  });

  test('a warning (SHOULD) is passed in the warning category; untested and not claimed are skipped with their reason', () => {
    const warned = of('EP-ECHOTOKEN');
    assert.equal(warned.status, 'passed');
    assert.deepEqual(labels(warned, 'conformance'), ['warning']);
    assert.match(warned.statusDetails.message!, /^Warning \(SHOULD/);
    assert.equal(of('HAV-EMPTY').status, 'skipped');
    assert.match(of('HAV-EMPTY').statusDetails.message!, /hotelAvailability\.emptyPlace/);
    assert.equal(of('AUTH-WHITELIST').status, 'skipped');
    assert.match(of('AUTH-WHITELIST').statusDetails.message!, /^untestable: /);
    assert.equal(of('CXL-PARTIAL').status, 'skipped');
  });

  test('a failure on one attempt and a pass on the next: failed and flaky', () => {
    assert.equal(of('HAV-MAXRESPONSES').status, 'failed');
    assert.equal(of('HAV-MAXRESPONSES').statusDetails.flaky, true);
    assert.match(of('HAV-MAXRESPONSES').statusDetails.message!, /at \/\*\/ota:RoomStays\/ota:RoomStay: expected at most 1/);
  });

  test("the tree runs class -> operation -> requirement; each test links its scenarios' evidence and reproducers", () => {
    assert.deepEqual(labels(of('HAV-MAXRESPONSES'), 'epic'), ['core']);
    assert.deepEqual(labels(of('HAV-MAXRESPONSES'), 'feature'), ['hotelavailability']);
    assert.deepEqual(labels(of('BKG-COMMIT-REF'), 'epic'), ['booking']);
    assert.deepEqual(labels(of('BKG-COMMIT-REF'), 'feature'), ['all operations'], 'a scenario across operations');
    assert.deepEqual(labels(of('HAV-MAXRESPONSES'), 'story'), []);
    assert.deepEqual(
      of('HAV-MAXRESPONSES').links.map((l) => l.url),
      [
        '../evidence.html#hotel-availability-returns-no-more-hotels-than-maxresponses',
        '../reproducers/hotel-availability-returns-no-more-hotels-than-maxresponses.sh',
      ],
    );
  });

  test('its steps are its own checks, per scenario: each holds the exchange it judged, replies indented, a reproducer after the request', () => {
    const [scenario] = of('HAV-MAXRESPONSES').steps;
    assert.equal(scenario.name, 'Scenario: Hotel availability returns no more hotels than MaxResponses');
    assert.equal(scenario.status, 'failed');
    assert.deepEqual(
      scenario.steps.map((st) => [st.name, st.status]),
      [
        ['Check of exchange 1 (hotelavailability), attempt 1: failed', 'failed'],
        ['Check of exchange 1 (hotelavailability), attempt 2: passed', 'passed'],
      ],
      "EP-CONTENT-TYPE's check is not among them",
    );
    const check = scenario.steps[0];
    assert.match(check.statusDetails.message!, /expected: at most 1/);
    assert.deepEqual(
      check.attachments.map((a) => a.name),
      [
        '1-hotelavailability-request-headers.txt',
        '1-hotelavailability-request.xml',
        '1-hotelavailability-reproduce.sh',
        '1-hotelavailability-reply-headers.txt',
        '1-hotelavailability-reply.xml',
      ],
    );
    const content = (name: string) =>
      files.find((f) => f.name === check.attachments.find((a) => a.name === name)!.source)!.content.toString('utf8');
    assert.match(content('1-hotelavailability-reproduce.sh'), /"\$PW"[\s\S]*\| curl -sS -i -X POST/);
    assert.equal(content('1-hotelavailability-reply.xml'), '<!-- indented --><RS><Success/></RS>');
    // the passed requirement of the same failed scenario: nothing red in it
    const steps = (xs: Step[]): Step[] => xs.flatMap((x) => [x, ...steps(x.steps)]);
    assert.ok(steps(of('EP-CONTENT-TYPE').steps).every((st) => st.status !== 'failed'));
  });
});

describe('the Allure page', () => {
  test('the quality gate fails unless the run conforms, and says why', () => {
    assert.deepEqual(
      [
        conformanceGate(resultFor()).success,
        conformanceGate(resultFor('CONFORMS')).success,
        conformanceGate(resultFor('NOT DETERMINED')).success,
      ],
      [false, true, false],
    );
    assert.match(conformanceGate(resultFor()).message, /^The run DOES NOT CONFORM: 2 MUST requirement\(s\) failed/);
    assert.equal(conformanceGate(resultFor('SELECTION PASSED')).success, false, 'a selection never certifies');
  });

  test('the title is the verdict, then the target; a selection is named in it, never taken for the whole run', () => {
    assert.equal(allureTitle(resultFor(), 'acme'), 'DOES NOT CONFORM · OTA Gateway Conformance: acme');
    assert.equal(allureTitle(resultFor('CONFORMS'), 'acme'), 'CONFORMS with 1 warning(s) · OTA Gateway Conformance: acme');
    assert.equal(
      allureTitle(resultFor('SELECTION PASSED'), 'acme'),
      'SELECTION PASSED · OTA Gateway Conformance: acme · selection --tags "@op:hotelavailability or @creates-booking"',
    );
  });

  test("Allure's Google Tag Manager is removed and the page may load nothing from outside; a template it cannot clean is refused", () => {
    // as @allurereport/plugin-awesome's template writes it
    const page = `<!DOCTYPE html>
<html dir="ltr" lang="en">
<head>
    <meta charset="utf-8">
    <title> x </title>
</head>
<body>
    <div id="app"></div>
    <script async src="https://www.googletagmanager.com/gtag/js?id=G-LNDJ3J7WT0"></script>
    <script>
        window.dataLayer = window.dataLayer || [];
        function gtag(){dataLayer.push(arguments);}
        gtag('js', new Date());
        gtag('config', 'G-LNDJ3J7WT0', { "report": "awesome" });
    </script>
    <script>window.allureReportData = 1;</script>
</body>
</html>`;
    const kept = keepPageOffline(page);
    assert.doesNotMatch(kept, /googletagmanager|gtag|dataLayer/);
    assert.match(kept, /window\.allureReportData = 1/, "Allure's own scripts stay");
    assert.ok(kept.indexOf('Content-Security-Policy') < kept.indexOf('<title>'), 'the policy comes first');
    assert.match(ALLURE_PAGE_CSP, /^default-src 'none'/);
    assert.doesNotMatch(ALLURE_PAGE_CSP, /https?:|\*/, 'no outside source allowed');
    assert.throws(
      () =>
        keepPageOffline(
          page
            .replace('async src=', 'defer src=')
            .replace('<script>\n        window.dataLayer', '<script data-x>\n        window.dataLayer'),
        ),
      /still loads Google Tag Manager/,
    );
  });

  test('built by Allure 3: the title is the verdict; Allure counts one test per requirement and the verdict', async () => {
    const conformanceResult = withAssertions();
    const output = join(root, 'allure-report');
    await buildAllureReport({
      result: conformanceResult,
      evidence: evidenceOf(conformanceResult),
      configFile: join(PROJECT_ROOT, 'allurerc.json'),
      output,
      reportsFromOutput: '..',
      target: 'embedded-sandbox',
      historyPath: join(root, 'history.jsonl'),
      historyLimit: 2,
      pretty: (x) => x,
    });
    const summary = JSON.parse(readFileSync(join(output, 'summary.json'), 'utf8')) as {
      name: string;
      status: string;
      stats: Record<string, number>;
      flakyTests: string[];
    };
    assert.match(summary.name, /^DOES NOT CONFORM · /);
    // one test per requirement and the verdict's: the counts are the requirements' outcomes
    const held = results(allureResults(conformanceResult, [], { pretty: (x) => x, base: '..' }));
    const count = (st: string) => held.filter((x) => x.status === st).length;
    assert.equal(summary.stats.failed, count('failed'));
    assert.equal(
      summary.stats.failed,
      conformanceResult.requirements.filter((q) => q.outcome === 'failed' && q.level === 'MUST').length + 1,
    );
    assert.equal(
      summary.stats.skipped,
      conformanceResult.requirements.filter((q) => q.outcome === 'untested' || q.outcome === 'inapplicable').length,
    );
    assert.equal(summary.stats.passed, count('passed'));
    assert.equal(summary.flakyTests.length, 1);
    const html = readFileSync(join(output, 'index.html'), 'utf8');
    assert.match(html, /<title>\s*DOES NOT CONFORM · /);
    assert.doesNotMatch(html, /googletagmanager/);
    assert.ok(html.includes(ALLURE_PAGE_CSP));
  });
});
