// The tables docs/ shows of the code (scripts/docs/tables.ts): rendered from the catalogue and the
// contracts, a stale one rewritten and reported at its first different line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generatedTables, regenerateTables } from '../../../../scripts/docs/tables';
import { REQUIREMENTS } from '../../../../src/specification/requirements';

describe('generated tables', () => {
  test('are rendered from the code: every requirement and every fact has its row', () => {
    const tables = generatedTables();
    for (const q of REQUIREMENTS) assert.ok(tables.get(`requirements:${q.class}`)!.includes(`| ${q.id} | ${q.level} |`), q.id);
    assert.ok(tables.get('facts:activitybook')!.includes('| `activitybook.price` |'));
  });

  test('a stale table is rewritten and reported at its first different line; an unknown one is reported and left', () => {
    const tables = new Map([['facts:x', '| a |\n| b |']]);
    const text = 'Intro\n<!-- facts:x -->\n| a |\n| old |\n<!-- /facts:x -->\n<!-- facts:y -->\nkept\n<!-- /facts:y -->\n';
    const r = regenerateTables(text, tables);
    assert.equal(r.text, 'Intro\n<!-- facts:x -->\n| a |\n| b |\n<!-- /facts:x -->\n<!-- facts:y -->\nkept\n<!-- /facts:y -->\n');
    assert.deepEqual(r.stale, [
      { key: 'facts:x', doc: '| old |', code: '| b |' },
      { key: 'facts:y', unknown: true },
    ]);
    assert.deepEqual(r.keys, ['facts:x', 'facts:y']);
    assert.deepEqual(regenerateTables(r.text, tables).stale, [{ key: 'facts:y', unknown: true }]);
  });
});
