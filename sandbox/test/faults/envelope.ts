// Every fault of the reply envelope and the request checks every operation shares changes the
// behaviour it claims (sandbox/src/faults/envelope.ts).
import assert from 'node:assert/strict';
import type { ENVELOPE_FAULTS } from '../../src/faults/envelope';
import { call, fill, isSuccess, one, post, xp } from '../helpers';
import { type FaultEffects, OTA } from './support';

export const ENVELOPE_EFFECTS: FaultEffects<typeof ENVELOPE_FAULTS> = {
  'wrong-namespace': async (b) => assert.notEqual(one((await call(b, 'hotelnbc')).body, 'namespace-uri(/*)'), OTA),
  'wrong-root': async (b) => assert.equal(one((await call(b, 'hotelavailability')).body, 'local-name(/*)'), 'OTA_HotelAvailRQ'),
  'version-missing': async (b) => assert.equal(xp((await call(b, 'activitysearch')).body, 'count(/*/@Version)')[0], '0'),
  'success-and-errors': async (b) => {
    const body = (await call(b, 'hotelnbc', { hotelCode: 'NOPE' })).body;
    assert.equal(xp(body, 'count(/*/ota:Success) + count(/*/ota:Errors)')[0], '2');
    const s = (await call(b, 'hotelnbc')).body;
    assert.equal(xp(s, 'count(/*/ota:Success) + count(/*/ota:Errors)')[0], '2');
  },
  'echotoken-dropped': async (b) =>
    assert.equal(xp((await call(b, 'hotelavailability', { echoToken: 'E1' })).body, 'count(/*/@EchoToken)')[0], '0'),
  'content-type-html': async (b) => assert.match((await call(b, 'activitysearch')).contentType, /^text\/html/),
  'http-500': async (b) => {
    const reply = await call(b, 'activitysearch');
    assert.equal(reply.status, 500);
    assert.ok(isSuccess(reply.body));
  },
  'local-timestamp': async (b) => assert.match(one((await call(b, 'hotelnbc')).body, '/*/@TimeStamp') ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:/),
  'error-without-type': async (b) => {
    const body = (await call(b, 'hotelnbc', { hotelCode: 'NOPE' })).body;
    assert.equal(xp(body, 'count(/*/ota:Errors/ota:Error)')[0], '1');
    assert.equal(xp(body, 'count(/*/ota:Errors/ota:Error/@Type)')[0], '0');
  },
  'malformed-500': async (b) => {
    const reply = await post(b, 'hotelnbc', '<OTA_HotelDescriptiveInfoRQ xmlns="http://www.opentravel.org/OTA/2003/05"');
    assert.equal(reply.status, 500);
    assert.match(reply.contentType, /^text\/html/);
  },
  'accepts-wrong-namespace': async (b) =>
    assert.ok(isSuccess((await post(b, 'hotelnbc', fill('hotelnbc').replace(`xmlns="${OTA}"`, 'xmlns="urn:example:other"'))).body)),
  'root-name-unchecked': async (b) =>
    assert.ok(isSuccess((await post(b, 'hotelnbc', fill('hotelnbc').replace(/OTA_HotelDescriptiveInfoRQ/g, 'OTA_ReadRQ'))).body)),
};
