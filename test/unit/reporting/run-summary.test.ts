// The summary a run and a merge both build from their scenarios (src/reporting/run-summary.ts):
// outcomes and verdict as the verdict model decides them, a crash as COULD NOT RUN, the caller's
// notes before the derived ones, each scenario written as the caller says.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { decideSummary, type SummaryInput } from '../../../src/reporting/run-summary';
import { EXIT } from '../../../src/reporting/verdict';
import { CONFORMANCE_CLASSES, REQUIREMENTS } from '../../../src/specification/requirements';
import type { ScenarioAssertions } from '../../../src/reporting/requirement-outcomes';
import type { OperationLatency } from '../../../src/reporting/latency';
import { passedCheck } from '../../support/assertions';
import { OPERATION_NAMES } from '../../../src/specification/operations';

const testable = REQUIREMENTS.filter((r) => !('untestable' in r && r.untestable)).map((r) => r.id);
const scenario: ScenarioAssertions = {
  id: 'f:1',
  name: 'every requirement',
  uri: 'features/x.feature',
  tags: [],
  // a whole run: EP-POST is stated for each operation, so each shows its evidence
  ops: [...OPERATION_NAMES],
  reqs: testable,
  status: 'passed',
  warnings: [],
  assertions: testable.map((id) => passedCheck(id)),
};
const input = (over: Partial<SummaryInput> = {}): SummaryInput => ({
  scenarios: [scenario],
  claims: [...CONFORMANCE_CLASSES],
  strict: false,
  latency: [] as OperationLatency[],
  notes: ['a note of the caller'],
  record: ({ assertions: _a, ...s }) => ({ ...s, name: `written: ${s.name}` }),
  ...over,
});

test('every requirement passed: CONFORMS, with the assertions kept for a merge and each scenario as the caller writes it', () => {
  const decidedSummary = decideSummary(input());
  assert.equal(decidedSummary.verdict, 'CONFORMS');
  assert.equal(decidedSummary.exitCode, EXIT.CONFORMS);
  assert.equal(decidedSummary.scenarios[0].name, 'written: every requirement');
  assert.deepEqual(Object.keys(decidedSummary.assertions ?? {}), ['f:1']);
  assert.deepEqual(decidedSummary.notes, ['a note of the caller']);
  assert.ok(decidedSummary.requirements.filter((r) => testable.some((id) => id === r.id)).every((r) => r.outcome === 'passed'));
});

test('a crash decides COULD NOT RUN with its reason; a suffix follows the reason of a decided verdict', () => {
  const crashed = decideSummary(input({ stopped: 'cucumber stopped: boom' }));
  assert.equal(crashed.verdict, 'COULD NOT RUN');
  assert.equal(crashed.exitCode, EXIT.COULD_NOT_RUN);
  assert.equal(crashed.verdictReason, 'cucumber stopped: boom');
  assert.match(decideSummary(input({ reasonSuffix: ' (merged from 2 run(s))' })).verdictReason, / \(merged from 2 run\(s\)\)$/);
});

test('the fields come in the order summary.json shows them', () => {
  assert.deepEqual(Object.keys(decideSummary(input())), [
    'verdict',
    'exitCode',
    'verdictReason',
    'warnings',
    'classes',
    'requirements',
    'scenarios',
    'notes',
    'assertions',
    'latency',
  ]);
});
