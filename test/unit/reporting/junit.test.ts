// JUnit XML for CI servers (src/reporting/junit.ts): one test case per scenario, named with its
// requirement IDs, statuses mapped to failure, error and skipped, warnings failing a case only
// under --strict, INFO never. Assertions are on the parsed XML; the fixture carries hostile text.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { junitCases, renderJUnit, writeJUnit } from '../../../src/reporting/junit';
import type { ConformanceResult } from '../../../src/reporting/result';
import { HOSTILE, VERDICTS, resultFor } from '../../support/fixtures/conformance-result';
import { elements, parseXml } from '../../support/parsed-xml';

const root = mkdtempSync(join(tmpdir(), 'junit-test-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `case${++n}`);

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
    for (const runVerdict of VERDICTS)
      for (const strict of [false, true]) {
        const conformanceResult = resultFor(runVerdict);
        const { suites, suite, cases, count } = suiteOf(renderJUnit(conformanceResult, { strict }));
        assert.equal(cases.length, conformanceResult.scenarios.length);
        for (const el of [suites, suite]) {
          assert.equal(Number(el.getAttribute('tests')), cases.length, `${runVerdict} tests`);
          assert.equal(Number(el.getAttribute('failures')), count('failure'), `${runVerdict} failures`);
          assert.equal(Number(el.getAttribute('errors')), count('error'), `${runVerdict} errors`);
          assert.equal(Number(el.getAttribute('skipped')), count('skipped'), `${runVerdict} skipped`);
        }
      }
  });

  test('names carry the requirement IDs; classname is class.feature; statuses map to failure, error and skipped', () => {
    const conformanceResult = resultFor('COULD NOT RUN');
    const { cases, suite } = suiteOf(renderJUnit(conformanceResult, { strict: false }));
    const byName = new Map(cases.map((c) => [c.getAttribute('name'), c]));
    const hotel = byName.get(
      'The hotel availability reply has a conforming envelope [EP-STATUS-200 EP-CONTENT-TYPE EP-NAMESPACE EP-ECHOTOKEN]',
    )!;
    assert.ok(hotel, 'name with IDs');
    assert.equal(hotel.getAttribute('classname'), 'core.envelope');
    assert.equal(elements(hotel, 'failure')[0].getAttribute('type'), 'Nonconformance');
    assert.ok(elements(hotel, 'failure')[0].textContent!.includes(HOSTILE), 'hostile text escaped and read back');
    const kinds = cases.map((element) => {
      const scenarioRecord = conformanceResult.scenarios.find((x) => element.getAttribute('name')!.startsWith(x.name))!;
      const el = ['failure', 'error', 'skipped'].flatMap((t) => elements(element, t))[0];
      return [scenarioRecord.status, el ? `${el.tagName}:${el.getAttribute('type') ?? ''}` : 'none'];
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
    assert.equal(props.get('target'), conformanceResult.target.url);
    assert.equal(props.get('run.id'), conformanceResult.runId);
    assert.equal(props.get('claims'), 'core,booking,alignment');
    assert.equal(props.get('verdict'), 'COULD NOT RUN');
    assert.equal(props.get('exit.code'), '2');
    assert.equal(props.get('verdict.reason'), conformanceResult.verdictReason, 'attribute value round-trips (quotes, newlines)');
    const cant = cases.find((c) => elements(c, 'error').some((e) => e.getAttribute('type') === 'CannotTell'))!;
    assert.ok(elements(cant, 'error')[0].textContent!.includes('\\u001B[31mred'), 'control characters shown, not written');
  });

  test("a failure's message is its first finding (requirement, where, expected, found); the text holds the rest", () => {
    const { cases } = suiteOf(renderJUnit(resultFor(), { strict: false }));
    const failure = (name: string) =>
      elements(
        cases.find((c) => c.getAttribute('name')!.startsWith(name))!,
        'failure',
      )[0];
    const max = failure('Hotel availability returns no more hotels than MaxResponses');
    assert.equal(
      max.getAttribute('message'),
      'HAV-MAXRESPONSES (MUST) at /*/ota:RoomStays/ota:RoomStay: expected at most 1 (MaxResponses); found 4 RoomStay elements',
    );
    const env = failure('The hotel availability reply has a conforming envelope');
    assert.equal(
      env.getAttribute('message'),
      'EP-STATUS-200 (MUST) at HTTP status: expected 200; found 500 (and 1 more finding(s) in the text)',
      'a SHOULD of the same scenario is not its failure',
    );
    assert.ok(env.textContent!.includes(HOSTILE), 'the text keeps every finding');
  });

  test('warnings fail a test case only with strict; INFO findings never do', () => {
    const conformanceResult = resultFor('CONFORMS');
    const lax = suiteOf(renderJUnit(conformanceResult, { strict: false }));
    const strict = suiteOf(renderJUnit(conformanceResult, { strict: true }));
    assert.equal(lax.count('failure'), 0, 'CONFORMS with a warning: no failure');
    const withWarnings = conformanceResult.scenarios.filter((s) => s.status === 'passed' && s.warnings.length > 0).length;
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
    const conformanceResult = resultFor('CONFORMS');
    const scenarioRecord = conformanceResult.scenarios.find((x) => x.reqs.includes('EP-REJECT-VERSION'))!;
    scenarioRecord.reqs = ['EP-ECHOTOKEN']; // a SHOULD alone
    scenarioRecord.status = 'failed';
    scenarioRecord.message = 'Nonconformance: EP-ECHOTOKEN';
    const kind = (strict: boolean) =>
      junitCases(conformanceResult, { strict }).find((c) => c.file === scenarioRecord.uri && c.name.includes('[EP-ECHOTOKEN]'))!.kind;
    assert.equal(kind(false), 'passed');
    assert.equal(kind(true), 'warning');
  });

  // Fails if: --strict turned an INFO finding into a JUnit failure.
  test('a failed scenario that cites only an INFO requirement is never a failure, under --strict too', () => {
    const conformanceResult = resultFor('CONFORMS');
    const scenarioRecord = conformanceResult.scenarios.find((x) => x.reqs.includes('EP-REJECT-VERSION'))!;
    scenarioRecord.status = 'failed';
    scenarioRecord.message = 'Nonconformance: EP-REJECT-VERSION';
    for (const strict of [false, true]) {
      const jUnitCase = junitCases(conformanceResult, { strict }).find(
        (x) => x.file === scenarioRecord.uri && x.name.includes('EP-REJECT-VERSION'),
      )!;
      assert.equal(jUnitCase.kind, 'passed', `strict ${strict}`);
      assert.ok(
        jUnitCase.out.some((l) => l.startsWith('Not a failure')),
        jUnitCase.out.join('\n'),
      );
    }
  });

  test('writeJUnit writes the file, strict by default as the run was', () => {
    const file = join(fresh(), 'sub', 'junit.xml');
    const conformanceResult: ConformanceResult = { ...resultFor('CONFORMS'), strict: true };
    assert.equal(writeJUnit(conformanceResult, file), file);
    assert.equal(readFileSync(file, 'utf8'), renderJUnit(conformanceResult, { strict: true }));
  });
});
