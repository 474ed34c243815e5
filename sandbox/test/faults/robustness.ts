// Every fault of robustness (DOCTYPE, truncated, slow and failing replies) changes the behaviour it
// claims (sandbox/src/faults/robustness.ts).
import assert from 'node:assert/strict';
import type { ROBUSTNESS_FAULTS } from '../../src/faults/robustness';
import { call, errorCode, xp } from '../helpers';
import { type FaultEffects } from './support';

export const ROBUSTNESS_EFFECTS: FaultEffects<typeof ROBUSTNESS_FAULTS> = {
  'doctype-entities': async (b) => assert.match((await call(b, 'activitysearch')).body, /<!DOCTYPE[^>]*\[[\s\S]*<!ENTITY/),
  'truncated-reply': async (b) => {
    const reply = await call(b, 'hotelnbc');
    assert.throws(() => xp(reply.body, 'count(/*)'));
  },
  'slow-reply': async (b) => {
    let t = Date.now();
    await call(b, 'activitysearch');
    assert.ok(Date.now() - t < 250);
    t = Date.now();
    await call(b, 'hotelavailability');
    assert.ok(Date.now() - t >= 400);
  },
  'errors-to-valid-request': async (b) => {
    assert.equal(errorCode((await call(b, 'activitysearch')).body), '12/448');
  },
};
