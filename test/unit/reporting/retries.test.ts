// In the reports: a requirement failed on one attempt and passed on another is
// failed and "flaky" in summary.json, the console, the conformance report (HTML, Markdown, EARL)
// and JUnit; each finding names its attempt; a scenario that passed after an attempt that could
// not tell carries that attempt in JUnit as Surefire's <flakyError>.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { renderHtml, renderMarkdown, toEarl } from '../../../src/reporting/conformance-report';
import { formatConsoleSummary } from '../../../src/reporting/console-summary';
import { junitCases, renderJUnit } from '../../../src/reporting/junit';
import type { ConformanceResult } from '../../../src/reporting/result';
import { resultFor } from '../../support/fixtures/conformance-result';

/** The fixture's DOES NOT CONFORM run, as if run with --retry 1: MaxResponses failed on attempt 1 and passed on 2. */
function retried(): ConformanceResult {
  const conformanceResult = resultFor();
  conformanceResult.retry = 1;
  const result = conformanceResult.requirements.find((x) => x.id === 'HAV-MAXRESPONSES')!;
  const scenarioRecord = conformanceResult.scenarios.find((x) => x.reqs.includes('HAV-MAXRESPONSES'))!;
  result.findings = result.findings.map((f) => ({ ...f, attempt: 1 }));
  result.flaky = [{ scenario: scenarioRecord.name, failedOn: [1], passedOn: [2] }];
  scenarioRecord.attempts = [
    { attempt: 1, status: 'failed', message: scenarioRecord.message },
    { attempt: 2, status: 'passed' },
  ];
  // A scenario that could not tell on attempt 1 (no answer) and passed on attempt 2.
  const v = conformanceResult.scenarios.find((x) => x.reqs.includes('EP-REJECT-VERSION'))!;
  v.attempts = [
    { attempt: 1, status: 'cantTell', message: 'Cannot tell: the gateway did not answer (connection reset)' },
    { attempt: 2, status: 'passed' },
  ];
  return conformanceResult;
}

test('the console marks the flaky requirement and each finding with its attempt', () => {
  const out = formatConsoleSummary(retried(), { width: 1000 }); // one line each: the wrapping is tested with the console
  assert.match(out, /\n {4}at \/\*\/ota:RoomStays\/ota:RoomStay: .* \(attempt 1\)\n/);
  assert.match(out, /\n {4}flaky: failed on attempt 1, passed on attempt 2 of "[^"]+"; the failure stays\n/);
  assert.match(out, /; 2 ran more than once \(--retry\)/);
});

test('the conformance report: a flaky mark, the attempt of each finding, the retries among the facts', () => {
  const conformanceResult = retried();
  const html = renderHtml(conformanceResult);
  assert.match(html, /id="req-HAV-MAXRESPONSES">\n<div class="req-head">.*<span class="pill o-flaky">flaky<\/span>/);
  assert.match(html, /<\/a> \(attempt 1\)(?: <span class="meta">\(exchange \d+\)<\/span>)?<\/td>/);
  assert.match(
    html,
    /<dt>Retries<\/dt><dd>--retry 1: a failed scenario runs again, at most 1 time\(s\); a failure any attempt showed stays a failure \(2 scenario\(s\) ran more than once\)<\/dd>/,
  );
  const md = renderMarkdown(conformanceResult);
  assert.match(md, /^#### HAV-MAXRESPONSES: FAILED, flaky \(MUST, class core\)$/m);
  assert.match(md, /\| \[[^\]]+\]\([^)]+\) \(attempt 1\)(?: \(exchange \d+\))? \|$/m);
  const earl = toEarl(conformanceResult);
  const earlAssertion = earl.assertions.find((x) => x.test.id === 'HAV-MAXRESPONSES')!;
  assert.equal(earlAssertion.result.outcome, 'earl:failed', 'a flaky failure stays earl:failed');
  assert.deepEqual(earlAssertion.result.flaky, [
    { scenario: conformanceResult.scenarios.find((s) => s.reqs.includes('HAV-MAXRESPONSES'))!.name, failedOn: [1], passedOn: [2] },
  ]);
  assert.equal(earlAssertion.result.findings[0].attempt, 1);
  assert.equal(earl.testRun.retry, 1);
  assert.equal(toEarl(resultFor()).testRun.retry, undefined);
});

test('JUnit: the flaky failure stays a failure; an attempt that could not tell before a pass is a <flakyError>', () => {
  const conformanceResult = retried();
  const cases = junitCases(conformanceResult, { strict: false });
  const max = cases.find((c) => c.name.includes('[HAV-MAXRESPONSES]'))!;
  assert.equal(max.kind, 'failure');
  assert.deepEqual(max.reruns, [], 'the failing attempt is the <failure>; the passing one is no element');
  assert.ok(
    max.out.some((l) => l === 'Attempts (--retry; a failure any attempt showed stays): 1 failed, 2 passed'),
    max.out.join('\n'),
  );
  const doc = new DOMParser().parseFromString(renderJUnit(conformanceResult, { strict: false }), 'text/xml');
  const testcases = Array.from(doc.getElementsByTagName('testcase')) as Element[];
  const version = testcases.find((c) => c.getAttribute('name')!.includes('EP-REJECT-VERSION'))!;
  assert.equal(version.getElementsByTagName('failure').length, 0);
  const flaky = version.getElementsByTagName('flakyError')[0];
  assert.ok(flaky, 'a <flakyError> for attempt 1');
  assert.equal(flaky.getAttribute('type'), 'CannotTell');
  assert.match(flaky.getAttribute('message')!, /^attempt 1 of 2: Cannot tell: the gateway did not answer/);
  const props = new Map(
    (Array.from(doc.getElementsByTagName('property')) as Element[]).map((p) => [p.getAttribute('name'), p.getAttribute('value')]),
  );
  assert.equal(props.get('retry'), '1');
  assert.equal(props.get('flaky'), 'HAV-MAXRESPONSES');
});
