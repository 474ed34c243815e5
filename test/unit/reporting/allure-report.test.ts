// Issue 29, point 7: Allure that tells the verdict. Its results follow the verdict, not cucumber's
// step statuses: a skipped scenario is skipped (never passed), a flaky failure is failed (and
// flaky), the tree is class -> operation -> requirement; the report's title is the verdict, a
// quality gate fails when the run does not conform, and the page loads nothing from outside.
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
  const r = resultFor();
  const s = r.scenarios.find((x) => x.id === MAX)!;
  s.attempts = [
    { attempt: 1, status: 'failed', message: s.message },
    { attempt: 2, status: 'passed' },
  ];
  r.requirements.find((q) => q.id === 'HAV-MAXRESPONSES')!.flaky = [{ scenario: s.name, failedOn: [1], passedOn: [2] }];
  return r;
}

/** The stream of every scenario of the result: one exchange each, two attempts for MaxResponses. */
function evidenceOf(r: ConformanceResult) {
  const scenarios: StreamScenario[] = r.scenarios.map((s) => {
    const attempt = (failed: boolean) => [
      { keyword: 'Given ', text: 'a valid request' },
      {
        keyword: 'When ',
        text: 'the request is sent',
        attachments: exchangeParts(1, s.ops[0], {
          url: `http://127.0.0.1:9/${s.ops[0]}`,
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
        : { keyword: 'Then ', text: 'it conforms', status: s.status === 'skipped' ? 'SKIPPED' : 'PASSED' },
    ];
    return {
      name: s.name,
      uri: s.id.replace(/:\d+$/, ''),
      line: Number(s.id.replace(/^.*:/, '')),
      tags: s.tags,
      attempts: s.attempts ? s.attempts.map((a) => attempt(a.status === 'failed')) : [attempt(s.status === 'failed')],
    };
  });
  const c = new EvidenceCollector();
  streamOf(scenarios).forEach(c.onMessage);
  return c.scenarios();
}

interface Result {
  name: string;
  fullName: string;
  status: string;
  start?: number;
  statusDetails: { message?: string; flaky?: boolean };
  labels: Array<{ name: string; value: string }>;
  links: Array<{ url: string }>;
  steps: Array<{ name: string; attachments: Array<{ name: string; source: string }> }>;
}
const results = (files: AllureFile[]) =>
  files.filter((f) => f.name.endsWith('-result.json')).map((f) => JSON.parse(f.content.toString('utf8')) as Result);
const labels = (r: Result, name: string) => r.labels.filter((l) => l.name === name).map((l) => l.value);

describe('Allure results', () => {
  const r = retried();
  const files = allureResults(r, evidenceOf(r), { pretty: (x) => `<!-- indented -->${x}`, base: '..' });
  const all = results(files);
  const of = (id: string) => all.filter((x) => x.fullName === id).sort((a, b) => (a.start ?? 0) - (b.start ?? 0));

  test('a skipped scenario is skipped, never passed', () => {
    const [skipped] = of('features/hotel-availability.feature:58');
    assert.equal(skipped.status, 'skipped');
  });

  test('a failure on one attempt and a pass on the next: the result Allure shows (the last attempt) is failed and flaky', () => {
    const [first, last] = of(MAX);
    assert.equal(first.status, 'failed');
    assert.equal(last.status, 'failed', 'the flaky requirement must not look passed');
    assert.equal(last.statusDetails.flaky, true);
    assert.ok(last.start! > first.start!, 'the last attempt is the latest: Allure shows it first');
  });

  test('statuses follow the verdict as JUnit gives it: cannot tell and suite errors broken, a warning a passed test in the warning category', () => {
    assert.equal(of('features/envelope.feature:35')[0].status, 'broken');
    const warned = of('features/envelope.feature:29')[0];
    assert.equal(warned.status, 'passed');
    assert.deepEqual(labels(warned, 'conformance'), ['warning']);
    assert.match(warned.statusDetails.message!, /^Warning \(SHOULD/);
    assert.deepEqual(labels(of(MAX)[1], 'conformance'), ['nonconformance']);
  });

  test('the tree runs class -> operation -> requirement; each scenario links its evidence and reproducer', () => {
    const commit = of('features/booking-lifecycle.feature:12')[0];
    assert.deepEqual(labels(commit, 'epic'), ['booking']);
    assert.deepEqual(labels(commit, 'feature'), ['activitybook', 'bookread']);
    assert.deepEqual(labels(commit, 'story'), ['BKG-COMMIT-REF']);
    assert.deepEqual(
      of(MAX)[1].links.map((l) => l.url),
      [
        '../evidence.html#hotel-availability-returns-no-more-hotels-than-maxresponses',
        '../reproducers/hotel-availability-returns-no-more-hotels-than-maxresponses.sh',
      ],
    );
    assert.deepEqual(JSON.parse(readFileSync(join(PROJECT_ROOT, 'allurerc.json'), 'utf8')).plugins.awesome.options.groupBy, [
      'epic',
      'feature',
      'story',
    ]);
  });

  test('the step that sent a request holds its exchange, replies indented, and a reproducer after the request', () => {
    const sent = of(MAX)[1].steps.find((s) => s.name === 'When the request is sent')!;
    assert.deepEqual(
      sent.attachments.map((a) => a.name),
      [
        '1-hotelavailability-request-headers.txt',
        '1-hotelavailability-request.xml',
        '1-hotelavailability-reproduce.sh',
        '1-hotelavailability-reply-headers.txt',
        '1-hotelavailability-reply.xml',
      ],
    );
    const content = (name: string) =>
      files.find((f) => f.name === sent.attachments.find((a) => a.name === name)!.source)!.content.toString('utf8');
    assert.match(content('1-hotelavailability-reproduce.sh'), /"\$PW"[\s\S]*\| curl -sS -i -X POST/);
    assert.equal(content('1-hotelavailability-reply.xml'), '<!-- indented --><RS><Success/></RS>');
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

  test('built by Allure 3: the title is the verdict; Allure counts the skipped test as skipped and the flaky failure as failed', async () => {
    const r = retried();
    const output = join(root, 'allure-report');
    await buildAllureReport({
      result: r,
      evidence: evidenceOf(r),
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
    const count = (st: string) => r.scenarios.filter((s) => s.status === st).length;
    assert.equal(summary.stats.skipped, count('skipped'));
    assert.equal(summary.stats.failed, count('failed'), 'the flaky failure is counted failed');
    assert.equal(summary.stats.passed, count('passed'), 'a skipped test is not counted passed');
    assert.equal(summary.flakyTests.length, 1);
    const html = readFileSync(join(output, 'index.html'), 'utf8');
    assert.match(html, /<title>\s*DOES NOT CONFORM · /);
    assert.doesNotMatch(html, /googletagmanager/);
    assert.ok(html.includes(ALLURE_PAGE_CSP));
  });
});
