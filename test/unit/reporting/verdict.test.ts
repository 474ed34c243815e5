// The verdict model: an outcome per requirement from the checks themselves, and the run's
// verdict and exit code from the outcomes of the claimed classes.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { requirementOutcomes } from '../../../src/reporting/requirement-outcomes';
import { decideVerdict, EXIT } from '../../../src/reporting/verdict';
import { CONFORMANCE_CLASSES, REQUIREMENTS, type ConformanceClass, type RequirementId } from '../../../src/specification/requirements';
import type { Assertion } from '../../../src/contracts/rule';
import { OPERATION_NAMES } from '../../../src/specification/operations';
import { cantTellCheck, failedCheck, passedCheck } from '../../support/assertions';
import type { ScenarioRecord, ScenarioStatus } from '../../../src/reporting/result';

type Scenario = ScenarioRecord & { assertions: Assertion[] };

const pass = passedCheck;
const fail = (req: RequirementId) => failedCheck(req);
const cant = cantTellCheck;

let n = 0;
function scenario(reqs: RequirementId[], assertions: Assertion[], status: ScenarioStatus = 'passed', message?: string): Scenario {
  n++;
  return {
    id: `f:${n}`,
    name: `scenario ${n}`,
    uri: 'features/x.feature',
    tags: reqs.map((r) => `@req:${r}`),
    ops: [],
    reqs,
    status,
    message,
    warnings: [],
    assertions,
  };
}

/** A run where every testable requirement of the catalogue passed, plus `extra` scenarios. */
function allPassing(extra: Scenario[] = []): Scenario[] {
  const testable = REQUIREMENTS.filter((r) => !('untestable' in r && r.untestable));
  return [
    // every operation shows it: a requirement stated for each operation (EP-POST) needs them all
    {
      ...scenario(
        testable.map((r) => r.id),
        testable.map((r) => pass(r.id)),
      ),
      ops: [...OPERATION_NAMES],
    },
    ...extra,
  ];
}

const ALL: ConformanceClass[] = [...CONFORMANCE_CLASSES];
// one stated per reply (a requirement stated for each operation needs a scenario of each)
const MUST = REQUIREMENTS.find(
  (r) => r.level === 'MUST' && r.class === 'core' && !('untestable' in r && r.untestable) && !('eachOperation' in r),
)!.id;
const SHOULD = REQUIREMENTS.find((r) => r.level === 'SHOULD' && r.class === 'core')!.id;
const INFO = REQUIREMENTS.find((r) => r.level === 'INFO')!.id;
const BOOKING_MUST = REQUIREMENTS.find((r) => r.level === 'MUST' && r.class === 'booking')!.id;

function judge(scenarios: Scenario[], opts: { claims?: ConformanceClass[]; strict?: boolean; selection?: string; dryRun?: boolean } = {}) {
  const claims = opts.claims ?? ALL;
  const selection = opts.selection === undefined ? undefined : { text: opts.selection, dryRun: opts.dryRun };
  const requirements = requirementOutcomes(scenarios, { claims, selection });
  return { requirements, ...decideVerdict({ requirements, scenarios, claims, strict: !!opts.strict, selection }) };
}
const outcomeOf = (r: ReturnType<typeof judge>, id: string) => r.requirements.find((q) => q.id === id)!;

test('every testable requirement passed: CONFORMS, exit 0, no warning', () => {
  const r = judge(allPassing());
  assert.equal(r.verdict, 'CONFORMS');
  assert.equal(r.exitCode, EXIT.CONFORMS);
  assert.equal(r.warnings, 0);
});

test('an untestable MUST (the operator whitelisting) never holds the verdict open', () => {
  const untestable = REQUIREMENTS.find((q) => q.level === 'MUST' && 'untestable' in q && q.untestable);
  assert.ok(untestable, 'the catalogue has an untestable MUST');
  const r = judge(allPassing());
  assert.equal(outcomeOf(r, untestable.id).outcome, 'untested');
  assert.equal(r.verdict, 'CONFORMS');
  // the class table counts it as the requirements at a glance do: not tested, its class conforming all the same
  const cls = r.classes.find((c) => c.class === untestable.class)!;
  const atAGlance = r.requirements.filter((q) => q.class === untestable.class && q.level === 'MUST' && q.outcome === 'untested').length;
  assert.equal(cls.must.untested, atAGlance);
  assert.ok(cls.must.untested >= 1);
  assert.equal(cls.verdict, 'CONFORMS');
});

test('a SHOULD finding alone is a warning: CONFORMS with warnings, exit 0', () => {
  const r = judge(allPassing([scenario([SHOULD], [fail(SHOULD)])]));
  assert.equal(outcomeOf(r, SHOULD).outcome, 'failed');
  assert.equal(r.exitCode, EXIT.CONFORMS);
  assert.equal(r.warnings, 1);
  assert.match(r.reason, /with 1 warning/);
});

test('--strict makes a SHOULD finding fail the run', () => {
  const r = judge(allPassing([scenario([SHOULD], [fail(SHOULD)])]), { strict: true });
  assert.equal(r.verdict, 'DOES NOT CONFORM');
  assert.equal(r.exitCode, EXIT.DOES_NOT_CONFORM);
});

test('an INFO finding never decides, even as a failure', () => {
  const r = judge(allPassing([scenario([INFO], [fail(INFO)])]));
  assert.equal(r.exitCode, EXIT.CONFORMS);
  assert.equal(r.warnings, 0);
});

test('a MUST finding: DOES NOT CONFORM, exit 1, naming the requirement', () => {
  const r = judge(allPassing([scenario([MUST], [fail(MUST)], 'failed', 'Nonconformance')]));
  assert.equal(outcomeOf(r, MUST).outcome, 'failed');
  assert.equal(r.exitCode, EXIT.DOES_NOT_CONFORM);
  assert.match(r.reason, new RegExp(MUST));
});

test("a finding belongs to its rule's requirement: the scenario's other tags are not blamed", () => {
  const r = judge(allPassing([scenario([MUST, SHOULD], [pass(MUST), fail(SHOULD)])]));
  assert.equal(outcomeOf(r, MUST).outcome, 'passed');
  assert.equal(outcomeOf(r, SHOULD).outcome, 'failed');
  assert.equal(r.exitCode, EXIT.CONFORMS);
});

test('a failed precondition makes the dependent requirements cantTell with the reason, never failed: NOT DETERMINED, exit 4', () => {
  const scenarios = allPassing().map((s) => ({ ...s, assertions: s.assertions.filter((a) => a.req !== BOOKING_MUST) }));
  scenarios.push(
    scenario(
      [BOOKING_MUST],
      [],
      'cantTell',
      'Cannot tell: precondition not met: activity availability found no bookable activity (connection refused)',
    ),
  );
  const r = judge(scenarios);
  const result = outcomeOf(r, BOOKING_MUST);
  assert.equal(result.outcome, 'cantTell');
  assert.match(result.reason ?? '', /connection refused/);
  assert.equal(r.verdict, 'NOT DETERMINED');
  assert.equal(r.exitCode, EXIT.NOT_DETERMINED);
});

test('a check that could not be made is cantTell even beside passing checks', () => {
  const r = judge(allPassing([scenario([MUST], [cant(MUST)])]));
  assert.equal(outcomeOf(r, MUST).outcome, 'cantTell');
  assert.equal(r.exitCode, EXIT.NOT_DETERMINED);
});

test("a scenario that ended on the suite's own error: COULD NOT RUN, exit 2", () => {
  const r = judge(allPassing([scenario([MUST], [], 'suiteError', 'ConfigError: request sample for hotelnbc cannot be read')]));
  assert.equal(r.verdict, 'COULD NOT RUN');
  assert.equal(r.exitCode, EXIT.COULD_NOT_RUN);
  assert.equal(outcomeOf(r, MUST).outcome, 'cantTell');
});

test('no scenario at all: COULD NOT RUN', () => {
  assert.equal(judge([]).exitCode, EXIT.COULD_NOT_RUN);
});

test('requirements never checked are untested: NOT DETERMINED without a selection', () => {
  const r = judge([scenario([MUST], [pass(MUST)])]);
  assert.equal(outcomeOf(r, BOOKING_MUST).outcome, 'untested');
  assert.equal(r.verdict, 'NOT DETERMINED');
});

test('a selection that leaves claimed MUSTs open: "selection passed; not a conformance verdict", exit 4', () => {
  const r = judge([scenario([MUST], [pass(MUST)])], { selection: '--tags "@req:X"' });
  assert.equal(r.verdict, 'SELECTION PASSED');
  assert.equal(r.exitCode, EXIT.NOT_DETERMINED);
  assert.match(r.reason, /selection passed; not a conformance verdict/);
  assert.match(r.reason, /--tags "@req:X" ran 1 of \d+ MUST requirement\(s\) of the claimed classes; not run: /);
  assert.match(outcomeOf(r, BOOKING_MUST).reason ?? '', /^not run: not selected by --tags "@req:X"$/);
  assert.equal(r.classes.find((c) => c.class === 'core')!.verdict, 'SELECTION PASSED');
  assert.equal(r.classes.find((c) => c.class === 'booking')!.verdict, 'NOT RUN', 'a class the selection did not run is not run');
});

// Fails if: a selection could earn CONFORMS (before: under --strict, a --name
// selection that left out the only failing scenario gave CONFORMS, exit 0).
test('a selection that ran every claimed MUST and passed is still no CONFORMS: SELECTION PASSED, exit 4, no class CONFORMS', () => {
  for (const strict of [false, true]) {
    const r = judge(allPassing(), { selection: '--name "x"', strict });
    assert.equal(r.verdict, 'SELECTION PASSED', `strict ${strict}`);
    assert.equal(r.exitCode, EXIT.NOT_DETERMINED);
    assert.match(r.reason, /ran (\d+) of \1 MUST requirement/);
    assert.deepEqual(
      r.classes.filter((c) => c.verdict === 'CONFORMS').map((c) => c.class),
      [],
    );
  }
});

test('a selection that saw a MUST fail: DOES NOT CONFORM, exit 1, naming the selection', () => {
  const r = judge([scenario([MUST], [fail(MUST)], 'failed', 'Nonconformance')], { selection: '--shard 1/2' });
  assert.equal(r.verdict, 'DOES NOT CONFORM');
  assert.equal(r.exitCode, EXIT.DOES_NOT_CONFORM);
  assert.match(r.reason, /\(seen in the selection --shard 1\/2\)$/);
});

test('a selection in which a MUST it ran could not be checked: NOT DETERMINED, exit 4, not SELECTION PASSED', () => {
  const r = judge([scenario([MUST], [cant(MUST)], 'cantTell', 'Cannot tell: no answer')], { selection: '--tags "@req:X"' });
  assert.equal(r.verdict, 'NOT DETERMINED');
  assert.equal(r.exitCode, EXIT.NOT_DETERMINED);
  assert.match(r.reason, new RegExp(`could not be checked: ${MUST}; not a conformance verdict`));
});

test('a dry run checks nothing: NOT DETERMINED, every claimed class NOT RUN', () => {
  const skipped = allPassing().map((s) => ({ ...s, status: 'skipped' as const, assertions: [] }));
  const r = judge(skipped, { selection: '--dry-run', dryRun: true });
  assert.equal(r.verdict, 'NOT DETERMINED');
  assert.match(r.reason, /checked no requirement \(a dry run sends nothing\)/);
  assert.deepEqual(new Set(r.classes.map((c) => c.verdict)), new Set(['NOT RUN']));
});

test('a whole run in which a claimed class got no check: that class is NOT RUN, never CONFORMS', () => {
  const noAlignment = allPassing().map((s) => ({ ...s, assertions: s.assertions.filter((a) => !a.req.startsWith('ALIGN-')) }));
  const r = judge(noAlignment);
  assert.equal(r.classes.find((c) => c.class === 'alignment')!.verdict, 'NOT RUN');
  assert.equal(r.verdict, 'CONFORMS', 'alignment holds no MUST: the run verdict is unchanged');
});

test('an unclaimed class is inapplicable, never passed, and does not hold the verdict open', () => {
  const core = REQUIREMENTS.filter((q) => q.class === 'core' && !('untestable' in q && q.untestable));
  const r = judge(
    [
      {
        ...scenario(
          core.map((q) => q.id),
          core.map((q) => pass(q.id)),
        ),
        ops: [...OPERATION_NAMES],
      },
    ],
    { claims: ['core'] },
  );
  assert.equal(outcomeOf(r, BOOKING_MUST).outcome, 'inapplicable');
  assert.equal(r.classes.find((c) => c.class === 'booking')!.verdict, 'NOT CLAIMED');
  assert.equal(r.verdict, 'CONFORMS');
});

test('a skipped scenario never passes its requirement', () => {
  const r = judge([scenario([INFO], [], 'skipped', 'no schema')]);
  assert.equal(outcomeOf(r, INFO).outcome, 'untested');
  assert.match(outcomeOf(r, INFO).reason ?? '', /skipped/);
});
