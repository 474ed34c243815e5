// Every testable MUST and SHOULD requirement is declared broken by some sandbox fault, so
// each check is proven able to fail (scripts/mutants.ts then proves each fault fails ALL it
// declares, alone and in the fault x variant matrix).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FAULTS } from '../../../sandbox/src/faults';
import { REQUIREMENTS, requirement, type RequirementId } from '../../../src/specification/requirements';

const testable = REQUIREMENTS.filter((q) => q.level !== 'INFO' && !('untestable' in q && q.untestable));
const declared = new Set<string>(FAULTS.flatMap((f) => f.breaks));

test('a fault declares only testable requirements', () => {
  for (const f of FAULTS)
    for (const id of f.breaks) {
      const q = requirement(id as RequirementId);
      assert.ok(!('untestable' in q && q.untestable), `fault ${f.name} declares ${id}, which the catalogue marks untestable`);
    }
});

test('every testable MUST and SHOULD requirement is declared by some fault', () => {
  const missing = testable.filter((q) => !declared.has(q.id)).map((q) => q.id);
  assert.deepEqual(missing, [], `requirements no fault declares: ${missing.join(', ')}`);
});

test('an untestable requirement says why', () => {
  for (const q of REQUIREMENTS)
    if ('untestable' in q && q.untestable !== undefined) assert.ok(q.untestable.trim().length > 20, `${q.id}: untestable without a reason`);
});
