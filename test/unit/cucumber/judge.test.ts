// A scenario's verdict from its assertions: a MUST decides, a SHOULD decides only under --strict,
// an INFO requirement never decides, strict or not.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { scenarioVerdict } from '../../../src/cucumber/judge';
import { CannotTell, ConformanceAssertionError } from '../../../src/core/errors';
import { REQUIREMENTS, type RequirementId } from '../../../src/specification/requirements';
import type { Assertion } from '../../../src/contracts/rule';
import { cantTellCheck, failedCheck } from '../../support/assertions';

const idOf = (level: string): RequirementId => REQUIREMENTS.find((r) => r.level === level)!.id;
const MUST = idOf('MUST');
const SHOULD = idOf('SHOULD');
const INFO = idOf('INFO');
const failed = (req: RequirementId) => failedCheck(req);
const cantTell = (req: RequirementId) => cantTellCheck(req);
const verdict = (assertions: Assertion[], strict: boolean) => scenarioVerdict(assertions, { strict, mask: (s) => s });

test('a MUST failure fails the scenario, strict or not', () => {
  for (const strict of [false, true]) assert.ok(verdict([failed(MUST)], strict) instanceof ConformanceAssertionError);
});

test('a SHOULD failure fails the scenario only under --strict', () => {
  assert.equal(verdict([failed(SHOULD)], false), undefined);
  assert.ok(verdict([failed(SHOULD)], true) instanceof ConformanceAssertionError);
  assert.equal(verdict([cantTell(SHOULD)], false), undefined);
  assert.ok(verdict([cantTell(SHOULD)], true) instanceof CannotTell);
});

// Fails if: --strict made every failure decisive (the scenario failed on an INFO finding while the
// verdict, which never counts INFO, said CONFORMS).
test('an INFO failure or cannot-tell never decides a scenario, under --strict too', () => {
  for (const strict of [false, true]) {
    assert.equal(verdict([failed(INFO)], strict), undefined, `strict ${strict}: failed INFO`);
    assert.equal(verdict([cantTell(INFO)], strict), undefined, `strict ${strict}: cannot-tell INFO`);
  }
  const mixed = verdict([failed(INFO), failed(MUST)], true);
  assert.ok(mixed instanceof ConformanceAssertionError);
  assert.ok(!mixed.message.includes(INFO), `the nonconformance names the MUST only: ${mixed.message}`);
});
