// A nonconformance seen is a nonconformance. cucumber's --retry runs a failed
// scenario again; what every attempt showed counts: a failure stays (flaky when another attempt
// passed), each finding names its attempt, and a cannot-tell is made good by an attempt that checked.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };
import {
  ASSERTIONS_MEDIA_TYPE,
  SKIP_REASON_FILE,
  MessageCollector,
  requirementOutcomes,
  type ScenarioAssertions,
} from '../../../src/reporting/requirement-outcomes';
import { decideVerdict } from '../../../src/reporting/verdict';
import { retryNotes } from '../../../src/reporting/retries';
import { CONFORMANCE_CLASSES, REQUIREMENTS, type RequirementId } from '../../../src/specification/requirements';
import { OPERATION_NAMES } from '../../../src/specification/operations';
import type { Assertion } from '../../../src/contracts/rule';
import { cantTellCheck, failedCheck, passedCheck } from '../../support/assertions';

// one stated per reply: a requirement stated for each operation is the last test's
const MUST = REQUIREMENTS.find(
  (r) => r.level === 'MUST' && r.class === 'core' && !('untestable' in r && r.untestable) && !('eachOperation' in r),
)!.id;
const OTHER = REQUIREMENTS.find(
  (r) => r.level === 'MUST' && r.class === 'core' && r.id !== MUST && !('untestable' in r && r.untestable) && !('eachOperation' in r),
)!.id;

const pass = passedCheck;
const fail = (req: RequirementId) => failedCheck(req, '/*/ota:RoomStays/ota:RoomStay', 'at most 1', '3');
const cant = (req: RequirementId) => cantTellCheck(req, 'the gateway did not answer');

type Attempt = { assertions: Assertion[]; status: 'PASSED' | 'FAILED'; error?: 'ConformanceAssertionError' | 'CannotTell' };

/** cucumber's envelopes for one scenario citing `reqs`, attempt by attempt (the last is not retried). */
function envelopes(reqs: RequirementId[], attempts: Attempt[]): messages.Envelope[] {
  const out: messages.Envelope[] = [
    {
      pickle: {
        id: 'p1',
        uri: 'features/core/hotel-availability.feature',
        location: { line: 12, column: 3 },
        name: 'No more hotels than MaxResponses are returned',
        language: 'en',
        steps: [],
        tags: reqs.map((r) => ({ name: `@req:${r}`, astNodeId: 't' })),
        astNodeIds: ['a'],
      },
    } as messages.Envelope,
    { testCase: { id: 'tc1', pickleId: 'p1', testSteps: [] } } as unknown as messages.Envelope,
  ];
  attempts.forEach((attempt, index) => {
    const started = `s${index}`;
    out.push({ testCaseStarted: { id: started, testCaseId: 'tc1', attempt: index, timestamp: { seconds: 0, nanos: 0 } } });
    out.push({
      attachment: {
        testCaseStartedId: started,
        mediaType: ASSERTIONS_MEDIA_TYPE,
        body: JSON.stringify(attempt.assertions),
        contentEncoding: 'IDENTITY',
      },
    } as messages.Envelope);
    out.push({
      testStepFinished: {
        testCaseStartedId: started,
        testStepId: 'step',
        timestamp: { seconds: 0, nanos: 0 },
        testStepResult: {
          status: attempt.status,
          duration: { seconds: 0, nanos: 0 },
          ...(attempt.error
            ? {
                message: `${attempt.error === 'CannotTell' ? 'Cannot tell' : 'Nonconformance'}: attempt ${index + 1}`,
                exception: {
                  type: attempt.error,
                  message: `${attempt.error === 'CannotTell' ? 'Cannot tell' : 'Nonconformance'}: attempt ${index + 1}`,
                },
              }
            : {}),
        },
      },
    } as messages.Envelope);
    out.push({
      testCaseFinished: { testCaseStartedId: started, timestamp: { seconds: 0, nanos: 0 }, willBeRetried: index < attempts.length - 1 },
    });
  });
  return out;
}

function collect(reqs: RequirementId[], attempts: Attempt[]): ScenarioAssertions[] {
  const messageCollector = new MessageCollector();
  for (const envelope of envelopes(reqs, attempts)) messageCollector.onMessage(envelope);
  return messageCollector.results();
}

const outcomes = (scenarios: ScenarioAssertions[]) => requirementOutcomes(scenarios, { claims: [...CONFORMANCE_CLASSES] });
const of = (scenarios: ScenarioAssertions[], id: RequirementId) => outcomes(scenarios).find((r) => r.id === id)!;

// Fails if: the collector dropped an attempt that will be retried (before: --retry 1 erased a MUST
// failure, and a gateway that ignores MaxResponses on its first try only ended CONFORMS).
test('a MUST failed on attempt 1 and passed on attempt 2 stays failed, flaky, the finding naming attempt 1', () => {
  const scenarios = collect(
    [MUST],
    [
      { assertions: [fail(MUST)], status: 'FAILED', error: 'ConformanceAssertionError' },
      { assertions: [pass(MUST)], status: 'PASSED' },
    ],
  );
  assert.equal(scenarios.length, 1, 'one scenario, two attempts');
  const [s] = scenarios;
  assert.equal(s.status, 'failed');
  assert.deepEqual(
    s.attempts?.map((a) => [a.attempt, a.status]),
    [
      [1, 'failed'],
      [2, 'passed'],
    ],
  );
  assert.match(s.message ?? '', /^Nonconformance: attempt 1\n\(attempt 1 of 2; attempt 2 passed: flaky, the failure stays\)$/);
  const result = of(scenarios, MUST);
  assert.equal(result.outcome, 'failed');
  assert.deepEqual(result.flaky, [{ scenario: s.name, failedOn: [1], passedOn: [2] }]);
  assert.deepEqual(
    result.findings.map((f) => f.attempt),
    [1],
  );
  assert.match(result.reason ?? '', /flaky: failed on attempt 1, passed on attempt 2 of "No more hotels/);
  const verdict = decideVerdict({ requirements: outcomes(scenarios), scenarios, claims: [...CONFORMANCE_CLASSES], strict: false });
  assert.equal(verdict.verdict, 'DOES NOT CONFORM');
  assert.match(
    retryNotes(scenarios, outcomes(scenarios)).join(),
    new RegExp(`^--retry: 1 scenario\\(s\\) ran more than once.*flaky.*${MUST}`),
  );
});

test('failed on every attempt: failed, not flaky, a finding per attempt', () => {
  const scenarios = collect(
    [MUST],
    [
      { assertions: [fail(MUST)], status: 'FAILED', error: 'ConformanceAssertionError' },
      { assertions: [fail(MUST)], status: 'FAILED', error: 'ConformanceAssertionError' },
    ],
  );
  const result = of(scenarios, MUST);
  assert.equal(result.outcome, 'failed');
  assert.equal(result.flaky, undefined);
  assert.deepEqual(
    result.findings.map((f) => f.attempt),
    [1, 2],
  );
});

// What --retry is for: transport trouble on one attempt, the check made on the next.
test('cannot tell on attempt 1 (the gateway did not answer), passed on attempt 2: passed, saying so', () => {
  const scenarios = collect(
    [MUST, OTHER],
    [
      { assertions: [cant(MUST)], status: 'FAILED', error: 'CannotTell' },
      { assertions: [pass(MUST), pass(OTHER)], status: 'PASSED' },
    ],
  );
  assert.equal(scenarios[0].status, 'passed');
  const result = of(scenarios, MUST);
  assert.equal(result.outcome, 'passed');
  assert.equal(result.flaky, undefined);
  assert.match(result.reason ?? '', /passed on attempt 2 of ".*" after attempt 1 could not tell/);
  // OTHER was never checked on attempt 1 (it ended early): made good by attempt 2 as well.
  assert.equal(of(scenarios, OTHER).outcome, 'passed');
});

test('a requirement failed on a later attempt after passing on an earlier one is failed and flaky', () => {
  const scenarios = collect(
    [MUST, OTHER],
    [
      { assertions: [pass(MUST), cant(OTHER)], status: 'FAILED', error: 'CannotTell' },
      { assertions: [fail(MUST), pass(OTHER)], status: 'FAILED', error: 'ConformanceAssertionError' },
    ],
  );
  const result = of(scenarios, MUST);
  assert.equal(result.outcome, 'failed');
  assert.deepEqual(result.flaky?.[0], { scenario: scenarios[0].name, failedOn: [2], passedOn: [1] });
  assert.equal(scenarios[0].status, 'failed');
});

test('a scenario run once is recorded as before: no attempts, no attempt on its findings', () => {
  const scenarios = collect([MUST], [{ assertions: [fail(MUST)], status: 'FAILED', error: 'ConformanceAssertionError' }]);
  assert.equal(scenarios[0].attempts, undefined);
  assert.equal(scenarios[0].message, 'Nonconformance: attempt 1');
  assert.deepEqual(
    of(scenarios, MUST).findings.map((f) => f.attempt),
    [undefined],
  );
  assert.deepEqual(retryNotes(scenarios, outcomes(scenarios)), []);
});

// A requirement stated for each operation (EP-POST: "Every operation is one HTTP POST to its own
// path"): a run whose scenarios served seven operations leaves it open, naming the other two;
// under --profile read-only, /bookread and /bookcancel answering 404 to every request never make it pass.
test('a requirement stated for each operation passes only when every operation showed it; the others are named', () => {
  const scenario = (op: string, assertions: Assertion[]): ScenarioAssertions => ({
    id: op,
    name: `The ${op} reply has a conforming envelope`,
    uri: 'features/core/envelope.feature',
    tags: [`@op:${op}`],
    ops: [op],
    reqs: ['EP-POST'],
    warnings: [],
    status: 'passed',
    assertions,
  });
  const seven = OPERATION_NAMES.filter((op) => op !== 'bookread' && op !== 'bookcancel');
  const open = requirementOutcomes(
    seven.map((op) => scenario(op, [pass('EP-POST')])),
    { claims: ['core'] },
  ).find((r) => r.id === 'EP-POST')!;
  assert.equal(open.outcome, 'cantTell');
  assert.match(open.reason ?? '', /stated for each of the 9 operations, but not shown for bookread, bookcancel/);
  const all = requirementOutcomes(
    OPERATION_NAMES.map((op) => scenario(op, [pass('EP-POST')])),
    { claims: ['core'] },
  ).find((r) => r.id === 'EP-POST')!;
  assert.equal(all.outcome, 'passed');
  // an operation whose scenario could not tell is not shown either; a failure is still a failure
  const some = requirementOutcomes(
    OPERATION_NAMES.map((op) => scenario(op, [op === 'hotelnbc' ? cant('EP-POST') : pass('EP-POST')])),
    { claims: ['core'] },
  ).find((r) => r.id === 'EP-POST')!;
  assert.equal(some.outcome, 'cantTell');
  const failed = requirementOutcomes(
    seven.map((op) => scenario(op, [op === 'hotelnbc' ? fail('EP-POST') : pass('EP-POST')])),
    { claims: ['core'] },
  ).find((r) => r.id === 'EP-POST')!;
  assert.equal(failed.outcome, 'failed');
  // a requirement stated per reply passes on any one operation's evidence
  const once = requirementOutcomes([scenario('hotelnbc', [pass('EP-STATUS-200')])], { claims: ['core'] }).find(
    (r) => r.id === 'EP-STATUS-200',
  )!;
  assert.equal(once.outcome, 'passed');
});

test('a skipped scenario says why: the reason its step attached is its message, and its requirement untested for it', () => {
  const messageCollector = new MessageCollector();
  const all = envelopes([MUST], [{ assertions: [], status: 'PASSED' }]);
  const why = 'the activity search showed only ACT-1, the activity availability already found: no other activity to describe';
  const finished = all.findIndex((e) => e.testStepFinished);
  all.splice(finished, 0, {
    attachment: { testCaseStartedId: 's0', mediaType: 'text/plain', fileName: SKIP_REASON_FILE, body: why, contentEncoding: 'IDENTITY' },
  } as messages.Envelope);
  all[finished + 1].testStepFinished!.testStepResult.status = 'SKIPPED' as messages.TestStepResultStatus;
  for (const envelope of all) messageCollector.onMessage(envelope);
  const [s] = messageCollector.results();
  assert.equal(s.status, 'skipped');
  assert.equal(s.message, why);
  assert.equal(of([s], MUST).reason, `skipped: ${why}`);
});

test('one fact one exchange showed is one finding, however many checks of it read it there', () => {
  const twice = { ...fail(MUST), exchange: 1 };
  const [s] = collect([MUST], [{ assertions: [twice, twice], status: 'FAILED', error: 'ConformanceAssertionError' }]);
  assert.equal(of([s], MUST).findings.length, 1);
  assert.equal(of([s], MUST).checks.failed, 2, 'the checks are counted as made');
});
