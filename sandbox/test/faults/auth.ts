// Every fault of authentication changes the behaviour it claims (sandbox/src/faults/auth.ts).
import assert from 'node:assert/strict';
import { SANDBOX_CREDENTIALS } from '../../src/credentials';
import type { AUTH_FAULTS } from '../../src/faults/auth';
import { call, fill, isSuccess, post } from '../helpers';
import { type FaultEffects } from './support';

const SANDBOX_PASSWORD = SANDBOX_CREDENTIALS.password;

export const AUTH_EFFECTS: FaultEffects<typeof AUTH_FAULTS> = {
  'accepts-wrong-password': async (b) => assert.ok(isSuccess((await call(b, 'hotelavailability', { password: 'wrong' })).body)),
  'accepts-missing-pos': async (b) =>
    assert.ok(isSuccess((await post(b, 'hotelavailability', fill('hotelavailability').replace(/<POS>[\s\S]*<\/POS>/, ''))).body)),
  'ignores-id-context': async (b) => assert.ok(isSuccess((await call(b, 'hotelavailability', { requestorContext: 'SOMEONE-ELSE' })).body)),
  'ignores-requestor-id': async (b) => assert.ok(isSuccess((await call(b, 'hotelavailability', { requestorId: 'SOMEONE-ELSE' })).body)),
  'ignores-user-id': async (b) => assert.ok(isSuccess((await call(b, 'hotelavailability', { user: 'someone-else' })).body)),
  'accepts-one-source': async (b) =>
    assert.ok(
      isSuccess(
        (
          await post(
            b,
            'hotelavailability',
            fill('hotelavailability').replace(/<Source>\s*<RequestorID Type="88"[^>]*\/>\s*<\/Source>/, ''),
          )
        ).body,
      ),
    ),
  'instance-refused': async (b) => assert.ok(!isSuccess((await call(b, 'transferavailability', { requestorInstance: 'BRANCH-01' })).body)),
  'booking-ops-skip-auth': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-AUTH' });
    assert.ok(isSuccess((await call(b, 'bookread', { bookingRef: 'F-AUTH', password: 'wrong' })).body));
  },
  'credentials-in-errors': async (b) =>
    assert.ok((await call(b, 'hotelnbc', { hotelCode: 'NOPE' })).body.includes(`MessagePassword=${SANDBOX_PASSWORD}`)),
};
