// Every fault of the descriptive-data (NBC) operations changes the behaviour it claims
// (sandbox/src/faults/descriptive.ts).
import assert from 'node:assert/strict';
import type { DESCRIPTIVE_FAULTS } from '../../src/faults/descriptive';
import { call, isSuccess, one, xp } from '../helpers';
import { type FaultEffects } from './support';

export const DESCRIPTIVE_EFFECTS: FaultEffects<typeof DESCRIPTIVE_FAULTS> = {
  'hotelnbc-unknown-served': async (b) => assert.ok(isSuccess((await call(b, 'hotelnbc', { hotelCode: 'NOPE' })).body)),
  'activitynbc-unknown-served': async (b) => assert.ok(isSuccess((await call(b, 'activitynbc', { tourActivityId: 'NOPE' })).body)),
  'activitynbc-first-activity': async (b) =>
    assert.equal(
      one((await call(b, 'activitynbc', { tourActivityId: 'FAO-BENAG' })).body, '//ota:TourActivityDescriptiveContent/@TourActivityID'),
      'PMI-DRACH',
    ),
  'activitynbc-unknown-with-data': async (b) => {
    const body = (await call(b, 'activitynbc', { tourActivityId: 'NOPE' })).body;
    assert.ok(!isSuccess(body), 'refused');
    assert.equal(
      one(body, '/*/ota:TPA_Extensions/ota:TourActivityDescriptiveContent/@TourActivityID'),
      'PMI-DRACH',
      "an activity's data beside the Errors",
    );
  },
  'hotelnbc-other-hotel': async (b) =>
    assert.notEqual(one((await call(b, 'hotelnbc')).body, '//ota:HotelDescriptiveContent/@HotelCode'), 'PMIBEL01'),
  'activitynbc-other-activity': async (b) =>
    assert.notEqual(one((await call(b, 'activitynbc')).body, '//ota:TourActivityDescriptiveContent/@TourActivityID'), 'PMI-DRACH'),
  'hotelnbc-code-only': async (b) => {
    const body = (await call(b, 'hotelnbc')).body;
    assert.equal(xp(body, 'count(//ota:HotelDescriptiveContent)')[0], '1');
    assert.equal(xp(body, 'count(//ota:HotelDescriptiveContent/@HotelName | //ota:HotelDescriptiveContent/*)')[0], '0');
  },
  'activitynbc-code-only': async (b) => {
    const body = (await call(b, 'activitynbc')).body;
    assert.equal(xp(body, 'count(//ota:TourActivityDescriptiveContent)')[0], '1');
    assert.equal(xp(body, 'count(//ota:TourActivityDescriptiveContent/@Name | //ota:TourActivityDescriptiveContent/*)')[0], '0');
  },
};
