// Every testable MUST says how its quote is read, with one legitimate reply it
// accepts and one it refuses (docs/requirements.md renders them). Missing ones are listed as a
// todo until each operation's requirements are re-read at the spec's grain.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { REQUIREMENTS, type RequirementDef } from '../../../src/specification/requirements';

const musts = (REQUIREMENTS as readonly RequirementDef[]).filter((q) => q.level === 'MUST' && !q.untestable);
const missing = musts.filter((q) => !q.grain).map((q) => q.id);

test('every testable MUST states its reading, an accepted and a refused reply', () => {
  assert.deepEqual(missing, []);
});

test('a grain, where written, is complete', () => {
  for (const must of musts.filter((m) => m.grain))
    for (const key of ['reading', 'accepts', 'refuses'] as const)
      assert.ok(must.grain![key].trim().length > 20, `${must.id}: grain.${key} is too short`);
});
