// What activity descriptive data shows for discovery: the booking constraints (weekdays and start
// time, duration, pickups, ages, party size) of the activity asked for, and nothing from a refusal
// or from another activity's content.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { bookingDescribed } from '../../../../src/operations/activitynbc/activity-description';
import { exchange, loadXml, rs } from '../../../support/contracts';

before(loadXml);

test('what the descriptive data shows: the schedule, pickups and participant policy of the activity asked for, nothing from a refusal', () => {
  const nbc = (content: string) =>
    exchange(
      'activitynbc',
      rs('OTA_ProductDescriptiveInfoRS', `<Success/><ProductDescriptiveContents>${content}</ProductDescriptiveContents>`),
    );
  const described = nbc(
    '<TourActivityDescriptiveContent TourActivityID="OTHER"><Schedule><Summary Duration="PT2H"/></Schedule>' +
      '<Policies><Participant MinAge="18"/></Policies></TourActivityDescriptiveContent>' +
      '<TourActivityDescriptiveContent TourActivityID="D1"><Schedule><Summary Start="--04-01" End="--10-31" Duration="PT7H"/>' +
      '<Detail><OperationTimes><OperationTime Mon="true" Start="08:30"/></OperationTimes></Detail></Schedule>' +
      '<PickupDropoff LocationName="H1" PickupInd="true"><Schedule><OperationTimes><OperationTime Mon="true" Start="07:45"/></OperationTimes></Schedule></PickupDropoff>' +
      '<Policies><Participant MinParticipants="2" MinAge="12"/></Policies></TourActivityDescriptiveContent>',
  );
  const d1 = bookingDescribed(described, 'd1');
  assert.equal(d1.source, 'activity descriptive data');
  assert.deepEqual(d1.operationTimes, [{ days: [false, true, false, false, false, false, false], start: '08:30:00' }]);
  assert.equal(d1.minutes, 420);
  assert.deepEqual(d1.pickups, [{ location: 'H1', takes: true, time: '07:45:00' }]);
  assert.deepEqual([d1.ages.min, d1.party.min], [12, 2]);
  const nope = bookingDescribed(described, 'NOPE');
  assert.deepEqual([nope.operationTimes, nope.pickups, nope.ages.min, nope.minutes], [[], [], undefined, undefined]);
  const refused = exchange(
    'activitynbc',
    rs('OTA_ProductDescriptiveInfoRS', '<Errors><Error Type="3" Code="320">unknown</Error></Errors>'),
  );
  assert.deepEqual(bookingDescribed(refused, 'D1').operationTimes, []);
});
