// The booking of what discovery found: the party availability was asked for and
// answered, one ParticipantInfo each, and no PickupDropoff for a product that takes no pickup.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { setFound } from '../../../../src/operations/activitybook/request';
import { loadXml, request } from '../../../support/contracts';

before(loadXml);

test('the party found is booked, one ParticipantInfo per participant, with the ages found', () => {
  const otaRequest = setFound(request('activitybook', { values: { adultAge: 41, childAge: 11 } }), {
    party: { adults: 2, children: 1 },
    pickup: true,
  });
  assert.deepEqual(otaRequest.values('ota:BookingInfo/ota:ParticipantInfo/ota:Category/@QualifierInfo'), ['10', '10', '8']);
  assert.deepEqual(otaRequest.values('ota:BookingInfo/ota:ParticipantInfo/ota:Individual/@Age'), ['41', '41', '11']);
  assert.deepEqual(otaRequest.values('ota:BookingInfo/ota:ParticipantInfo/ota:Individual/@ParticipantID'), ['1', '2', '3']);
  assert.equal(otaRequest.values('ota:BookingInfo/ota:PickupDropoff/@LocationName').length, 1);
});

test('a product that takes no pickup is booked without PickupDropoff', () => {
  const otaRequest = setFound(request('activitybook'), { party: { adults: 1, children: 0 }, pickup: false });
  assert.deepEqual(otaRequest.values('ota:BookingInfo/ota:ParticipantInfo/ota:Category/@QualifierInfo'), ['10']);
  assert.equal(otaRequest.values('ota:BookingInfo/ota:PickupDropoff/@LocationName').length, 0);
  assert.equal(otaRequest.values('ota:BookingInfo/ota:Schedule/@Start').length, 1);
});
