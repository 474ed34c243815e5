// Each dialect variant of refusals (the error root, the Error element, HTTP statuses) changes the
// form it claims and not the substance (sandbox/src/variants/errors.ts): the same requests go to a
// default sandbox and to one with the variant, and both replies are read by meaning.
import assert from 'node:assert/strict';
import type { ERROR_VARIANTS } from '../../src/variants/errors';
import { call, errorCode, fill, one, post, type Values } from '../helpers';
import { both, canon, count, OTA, same, type VariantEffects } from './support';

export const ERROR_EFFECTS: VariantEffects<typeof ERROR_VARIANTS> = {
  'error-rs': async (pair) => {
    const [d, v] = await both(pair, 'hotelnbc', { hotelCode: 'NOPE' });
    assert.equal(one(d.raw, 'local-name(/*)'), 'OTA_HotelDescriptiveInfoRS');
    assert.equal(one(v.raw, 'local-name(/*)'), 'OTA_ErrorRS');
    assert.equal(one(v.raw, 'namespace-uri(/*)'), OTA);
    assert.equal(v.status, 200);
    for (const e of ['/*/@Version', '/*/ota:Errors/ota:Error/@ShortText', '/*/ota:Errors/ota:Error'])
      assert.equal(one(v.raw, e), one(d.raw, e), e);
    assert.equal(errorCode(v.raw), '3/392');
    assert.equal(count(v.raw, '/*/ota:Success'), 0);
    const [dc, vc] = await both(pair, 'bookcancel', { bookingRef: 'NOPE' });
    assert.equal(one(dc.raw, '/*/@Status'), 'Unsuccessful');
    assert.equal(one(vc.raw, 'local-name(/*)'), 'OTA_ErrorRS');
    assert.equal(errorCode(vc.raw), errorCode(dc.raw));
    await same(pair, 'hotelnbc');
  },
  'error-text-only': async (pair) => {
    const { d, v } = await same(pair, 'hotelnbc', { hotelCode: 'NOPE' }, { ignore: ['ShortText'] });
    assert.equal(count(d.raw, '//ota:Error/@ShortText'), 1);
    assert.equal(count(v.raw, '//ota:Error/@ShortText'), 0);
    assert.equal(errorCode(v.raw), '3/392');
    assert.match(one(v.raw, '//ota:Error')!, /Hotel NOPE is unknown/);
  },
  'http-4xx-errors': async (pair) => {
    const cases: Array<[string, string, Values | string, number]> = [
      ['bad date', 'hotelavailability', { start: 'nope' }, 400],
      ['wrong password', 'hotelavailability', { password: 'bad' }, 403],
      ['unknown hotel', 'hotelnbc', { hotelCode: 'NOPE' }, 404],
      ['unknown activity', 'activitynbc', { tourActivityId: 'NOPE' }, 404],
      ['unknown airport', 'transferavailability', { airportCode: 'ZZZ' }, 404],
      ['unknown booking', 'bookread', { bookingRef: 'NOPE' }, 404],
      ['POS missing', 'activitysearch', fill('activitysearch').replace(/<POS>[\s\S]*<\/POS>/, ''), 401],
      ['not well-formed', 'hotelavailability', '<oops', 400],
      ['commit', 'activitybook', { bookingRef: 'H-1' }, 200],
      ['duplicate', 'activitybook', { bookingRef: 'H-1' }, 409],
      ['cancel', 'bookcancel', { bookingRef: 'H-1' }, 200],
      ['already cancelled', 'bookcancel', { bookingRef: 'H-1' }, 409],
      ['success', 'hotelavailability', {}, 200],
    ];
    for (const [what, op, req, status] of cases) {
      const send = (b: string) => (typeof req === 'string' ? post(b, op, req) : call(b, op, req));
      const reply = await send(pair.d);
      const v = await send(pair.v);
      assert.equal(reply.status, 200, what);
      assert.equal(v.status, status, what);
      assert.equal(canon(v.raw), canon(reply.raw), `${what}: same body`);
    }
  },
};
