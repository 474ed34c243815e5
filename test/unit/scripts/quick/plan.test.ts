// What npm run quick checks for a change (scripts/quick/plan.ts): the mirrored tests of the changed
// files, or their folder's, the readers of a changed helper, the catalogue's topic tests, and the
// faults of the changed operations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FaultDef } from '../../../../sandbox/src/faults';
import { quickPlan, type Repository } from '../../../../scripts/quick/plan';

const fault = (name: string, area: string, operations: string[]) => ({ name, area, operations, breaks: [] }) as unknown as FaultDef;
const FAULTS = [
  fault('hotelnbc-other-hotel', 'descriptive', ['hotelnbc']),
  fault('commit-not-persisted', 'booking', ['activitybook', 'bookread']),
  fault('wrong-namespace', 'envelope', ['*']),
  fault('cancel-ignored', 'booking', ['bookcancel']),
];
const OPERATIONS = ['hotelnbc', 'activitybook', 'bookread', 'bookcancel'];

function repo(files: string[], texts: Record<string, string> = {}): Repository {
  const all = new Set([...files, ...Object.keys(texts)]);
  return { exists: (f) => all.has(f), testFiles: [...all].filter((f) => f.endsWith('.test.ts')), read: (f) => texts[f] ?? '' };
}

test("a changed source: its mirrored test, its operation's faults (not those of every operation), the catalogue's tests", () => {
  const plan = quickPlan(
    ['src/operations/hotelnbc/contract.ts', 'docs/gone.md'],
    repo(['src/operations/hotelnbc/contract.ts', 'test/unit/operations/hotelnbc/contract.test.ts']),
    FAULTS,
    OPERATIONS,
  );
  assert.deepEqual(plan.tests, [
    'test/unit/operations/hotelnbc/contract.test.ts',
    'test/unit/operations/rule-coverage.test.ts',
    'test/unit/spec',
  ]);
  assert.deepEqual(plan.operations, ['hotelnbc']);
  assert.deepEqual(plan.faults, ['hotelnbc-other-hotel']);
  assert.deepEqual(plan.lint, ['src/operations/hotelnbc/contract.ts']);
  assert.deepEqual(plan.format, ['src/operations/hotelnbc/contract.ts'], 'a deleted file is not checked');
});

test("no mirrored test: the nearest folder's; a changed test runs itself; a helper runs the tests that import it", () => {
  const plan = quickPlan(
    ['sandbox/src/faults/booking.ts', 'sandbox/test/faults/booking.ts', 'test/support/transport.ts', 'test/unit/xml/xml.test.ts'],
    repo(['sandbox/src/faults/booking.ts', 'sandbox/test/faults/booking.ts', 'test/support/transport.ts', 'test/unit/xml/xml.test.ts'], {
      'sandbox/test/faults.test.ts': "import { x } from './faults/booking';",
      'test/unit/transport/retry.test.ts': "import { opts } from '../../support/transport';",
      'test/unit/transport/attempt.test.ts': "import { opts } from '../../support/hostile-server';",
    }),
    FAULTS,
    OPERATIONS,
  );
  assert.deepEqual(plan.tests, [
    'sandbox/test/faults.test.ts',
    'test/unit/operations/rule-coverage.test.ts',
    'test/unit/spec',
    'test/unit/transport/retry.test.ts',
    'test/unit/xml/xml.test.ts',
  ]);
  assert.deepEqual(plan.faults, ['commit-not-persisted', 'cancel-ignored'], 'a changed fault file: the faults of its area');
  assert.deepEqual(plan.imports, [
    'sandbox/src/faults/booking.ts',
    'sandbox/test/faults/booking.ts',
    'test/support/transport.ts',
    'test/unit/xml/xml.test.ts',
  ]);
});

test('documentation and CI recipes: the tests that check them; nothing else to run', () => {
  const plan = quickPlan(
    ['README.md', '.ci/github/conformance-pr.yml'],
    repo(['README.md', '.ci/github/conformance-pr.yml']),
    FAULTS,
    OPERATIONS,
  );
  assert.deepEqual(plan.tests, ['test/unit/ci/ci-recipes.test.ts', 'test/unit/scripts/docs.test.ts']);
  assert.deepEqual([plan.lint, plan.imports, plan.faults], [[], [], []]);
});

test("an operation changed with its fault's file: that operation's faults, not every fault of the file's area", () => {
  const plan = quickPlan(
    ['src/operations/bookcancel/contract.ts', 'sandbox/src/faults/booking.ts'],
    repo(['src/operations/bookcancel/contract.ts', 'sandbox/src/faults/booking.ts']),
    FAULTS,
    OPERATIONS,
  );
  assert.deepEqual(plan.operations, ['bookcancel']);
  assert.deepEqual(plan.faults, ['cancel-ignored']);
});
