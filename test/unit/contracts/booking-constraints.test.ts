// What tour activity replies show of a booking's constraints, read by meaning in the placements
// OpenTravel 2016B allows: weekdays and start times, pickups and their times (an
// attribute or a schedule, xs:boolean in any form), ages of the activity and of its categories,
// party sizes (a policy or a group), every placement read and the strictest kept; contradictions
// are named, never resolved by a guess.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { bothLimits, constraintsShown, contradiction } from '../../../src/contracts/booking-constraints';
import { ReplyReader } from '../../../src/contracts/reader';
import { XmlDoc } from '../../../src/xml/xml';
import { loadXml, prefixed, rs } from '../../support/contracts';

before(loadXml);

function shownBy(info: string, profile: Record<string, string[]> = {}, prefix = false) {
  const xml = rs('OTA_TourActivityAvailRS', `<Success/><TourActivityInfo>${info}</TourActivityInfo>`);
  const reply = new ReplyReader(XmlDoc.parse(prefix ? prefixed(xml) : xml), profile);
  const item = reply.doc.find('/*/ota:TourActivityInfo')[0];
  const categories = reply.doc.find('ota:Pricing/ota:ParticipantCategory', item).map((node, i) => ({ node, code: ['10', '8'][i] }));
  return constraintsShown(reply, item, 'activity availability', categories);
}

test('weekdays and start times of each OperationTime, and the duration', () => {
  const s = shownBy(
    '<Schedule><Summary Duration="PT3H30M"/><Detail><OperationTimes><OperationTime Mon="1" Weds="true" Start="09:15"/>' +
      '<OperationTime Start="10:00:00"/></OperationTimes></Detail></Schedule>',
  );
  assert.deepEqual(s.operationTimes, [
    { days: [false, true, false, true, false, false, false], start: '09:15:00' },
    { days: undefined, start: '10:00:00' },
  ]);
  assert.equal(s.minutes, 210);
});

test('pickups: PickupInd in any xs:boolean form, the time from DateTime or from its schedule; a meeting point takes no one', () => {
  const s = shownBy(
    '<PickupDropoff DateTime="2030-06-02T08:15:00" LocationName=" H1 " PickupInd="true"/>' +
      '<PickupDropoff LocationName="Pier" PickupInd=" 0 "/>',
  );
  assert.deepEqual(s.pickups, [
    { location: 'H1', takes: true, time: '08:15:00' },
    { location: 'Pier', takes: false, time: undefined },
  ]);
  const scheduled = shownBy(
    '<PickupDropoff DateTime="2030-06-02" LocationName="H1"><Schedule><OperationTimes><OperationTime Start="07:50"/></OperationTimes></Schedule></PickupDropoff>',
    {},
    true,
  );
  assert.deepEqual(scheduled.pickups, [{ location: 'H1', takes: true, time: '07:50:00' }]);
});

test('ages and party sizes: the policy, a group, the categories; every placement read, the strictest kept', () => {
  const s = shownBy(
    '<Pricing><ParticipantCategory MinAge="16"><QualifierInfo MaxAge="64">Adult</QualifierInfo></ParticipantCategory>' +
      '<ParticipantCategory Age="7"><QualifierInfo>Child</QualifierInfo></ParticipantCategory>' +
      '<Group MinGroupSize="3" MaxGroupSize="8"/></Pricing>' +
      '<Policies><Participant MinParticipants="2" MaxParticipants="6" MinAge="5"/></Policies>',
  );
  assert.deepEqual([s.ages.min, s.ages.max], [5, undefined]);
  assert.deepEqual([s.party.min, s.party.max], [3, 6]);
  assert.deepEqual(s.categories['10'], {
    min: 16,
    max: 64,
    at: ['activityavailability.activity.category.minAge', 'activityavailability.activity.category.maxAge'],
  });
  assert.equal(s.categories['8'].age, 7);
  assert.deepEqual(s.contradictions, []);
  // a reply profile's own place comes first, and is read too
  const own = shownBy('<TPA_Extensions><Ages From="9"/></TPA_Extensions>', {
    'activityavailability.activity.minAge': ['ota:TPA_Extensions/ota:Ages/@From'],
  });
  assert.equal(own.ages.min, 9);
});

test('contradictory constraints are named with where they were read', () => {
  const s = shownBy(
    '<Pricing><ParticipantCategory MinAge="13" MaxAge="12"><QualifierInfo>Adult</QualifierInfo></ParticipantCategory></Pricing>' +
      '<Policies><Participant MinParticipants="5" MaxParticipants="4" MinAge="14" MaxAge="10"/></Policies>',
  );
  assert.deepEqual(s.contradictions, [
    'the ages of its participants: a minimum of 14 above a maximum of 10 (activityavailability.activity.minAge, activityavailability.activity.maxAge)',
    'the size of its party: a minimum of 5 above a maximum of 4 (activityavailability.activity.minParticipants, activityavailability.activity.maxParticipants)',
    'the ages of participant category 10: a minimum of 13 above a maximum of 12 (activityavailability.activity.category.minAge, activityavailability.activity.category.maxAge)',
  ]);
  assert.equal(contradiction({ min: 3, max: 3, at: [] }, 'x'), undefined);
  assert.deepEqual(bothLimits({ min: 2, at: ['a'] }, { min: 4, max: 9, at: ['b'] }), { min: 4, max: 9, at: ['a', 'b'] });
});
