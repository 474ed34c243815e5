// The identifiers that tie the project together must agree: the sandbox's faults and variants
// name requirements of the catalogue, and the sandbox (independent of src/ on purpose, so that a
// mistake in the suite's table is not copied into the reference) serves the operations, roots and
// Versions of the suite's operation table.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { FAULTS } from '../../../sandbox/src/faults';
import { VARIANTS } from '../../../sandbox/src/variants';
import { OPERATIONS as SANDBOX_OPERATIONS } from '../../../sandbox/src/operations';
import { OPERATIONS, OPERATION_NAMES } from '../../../src/specification/operations';
import { isRequirementId, requirement } from '../../../src/specification/requirements';

test('every fault breaks requirements of the catalogue', () => {
  for (const f of FAULTS) {
    assert.ok(f.breaks.length > 0, `fault ${f.name} breaks no requirement`);
    for (const id of f.breaks)
      assert.ok(isRequirementId(id), `fault ${f.name} breaks ${id}, which is not in src/specification/requirements.ts`);
  }
});

test('every variant declares only SHOULD or INFO findings of the catalogue (a MUST failure is never legitimate)', () => {
  assert.ok(VARIANTS.length >= 15, `only ${VARIANTS.length} variants`);
  for (const v of VARIANTS)
    for (const id of v.expectedWarnings) {
      assert.ok(isRequirementId(id), `variant ${v.name} declares ${id}, which is not in the catalogue`);
      assert.notEqual(requirement(id).level, 'MUST', `variant ${v.name} declares ${id}, a MUST requirement`);
    }
});

test('fault and variant names are unique and distinct', () => {
  const names = [...FAULTS.map((f) => f.name), ...VARIANTS.map((v) => v.name)];
  assert.equal(new Set(names).size, names.length);
});

test("the sandbox serves the suite's operations with the same roots and Versions", () => {
  const served = new Map(SANDBOX_OPERATIONS.map((o) => [o.name, o]));
  assert.deepEqual([...served.keys()].sort(), [...OPERATION_NAMES].sort());
  for (const op of Object.values(OPERATIONS)) {
    const operation = served.get(op.name)!;
    assert.equal(operation.rq, op.requestRoot, `${op.name}: request root`);
    assert.equal(operation.version, op.version, `${op.name}: Version`);
    assert.ok([op.replyRoot, ...op.altReplyRoots].includes(operation.rs), `${op.name}: reply root ${operation.rs}`);
  }
});
