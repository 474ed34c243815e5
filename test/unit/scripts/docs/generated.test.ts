// The counts between `<!-- gen:... -->` markers (scripts/docs/generated.ts): generated from the code,
// a stale one rewritten and reported, an unknown key reported and left.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generatedValues, regenerate } from '../../../../scripts/docs/generated';
import { REQUIREMENTS } from '../../../../src/specification/requirements';
import { FAULTS } from '../../../../sandbox/src/faults';

describe('generated counts', () => {
  test('come from the catalogue and the sandbox', () => {
    const map = generatedValues();
    assert.equal(map.get('faults'), String(FAULTS.length));
    assert.equal(map.get('must'), String(REQUIREMENTS.filter((q) => q.level === 'MUST').length));
    const byClass = ['core', 'booking', 'partial-cancellation', 'security', 'alignment'].map((c) => Number(map.get(`must:${c}`)));
    assert.equal(
      byClass.reduce((a, b) => a + b, 0),
      Number(map.get('must')),
    );
  });

  test('a stale value is rewritten and reported; an unknown key is reported and left', () => {
    const values = new Map([['faults', '38']]);
    const r = regenerate('We catch <!-- gen:faults -->37<!-- /gen --> faults and <!-- gen:nope -->x<!-- /gen -->.', values);
    assert.equal(r.text, 'We catch <!-- gen:faults -->38<!-- /gen --> faults and <!-- gen:nope -->x<!-- /gen -->.');
    assert.deepEqual(r.stale, [
      { key: 'faults', found: '37', expected: '38' },
      { key: 'nope', found: 'x' },
    ]);
    assert.deepEqual(regenerate(r.text.replace(' and <!-- gen:nope -->x<!-- /gen -->', ''), values).stale, []);
  });
});
