// The bare loop the main job is compared with (scripts/bench/bare-loop.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BARE_LOOP_QUERIES } from '../../../../scripts/bench/bare-loop';

test('the bare loop runs three XPath queries', () => {
  assert.equal(BARE_LOOP_QUERIES.length, 3);
});
