// Every edge fault changes the behaviour it claims for the inputs that show it
// (sandbox/src/faults/edges.ts).
import assert from 'node:assert/strict';
import type { EDGE_FAULTS } from '../../src/faults/edges';
import { call, day, errorCode, fill, isSuccess, post, xp } from '../helpers';
import { type FaultEffects, GROUND_SERVICE, ROOM_STAY, TOUR_ACTIVITY } from './support';

/** Hotel availability for two adults, a child and a senior (a third GuestCount, AQC 11). */
const withSenior = () =>
  fill('hotelavailability').replace(/(<GuestCount Count="1" AgeQualifyingCode="8"\/>)/, '$1<GuestCount Count="1" AgeQualifyingCode="11"/>');

export const EDGE_EFFECTS: FaultEffects<typeof EDGE_FAULTS> = {
  'third-guest-category-dropped': async (b) => {
    const body = (await post(b, 'hotelavailability', withSenior())).body;
    assert.ok(xp(body, ROOM_STAY).length > 0);
    assert.deepEqual(xp(body, `${ROOM_STAY}//ota:GuestCount[@AgeQualifyingCode='11']`), []);
  },
  'month-end-stay-cut': async (b) =>
    assert.deepEqual(
      [
        ...new Set(
          xp((await call(b, 'hotelavailability', { start: '2031-06-28', end: '2031-07-03' })).body, `${ROOM_STAY}/ota:TimeSpan/@End`),
        ),
      ],
      ['2031-07-01'],
    ),
  'leap-day-500': async (b) => assert.equal((await call(b, 'hotelavailability', { start: '2032-02-29', end: '2032-03-02' })).status, 500),
  'five-priced-as-four': async (b) => {
    const quantities = xp(
      (await call(b, 'activityavailability', { adults: 5, children: 0 })).body,
      `${TOUR_ACTIVITY}//ota:ParticipantCategory[ota:QualifierInfo/@Extension='10']//ota:ParticipantCount/@Quantity`,
    );
    assert.ok(quantities.length > 0 && quantities.every((q) => q === '4'), quantities.join(', '));
  },
  'late-night-pickup-day-before': async (b) => {
    const body = (await call(b, 'transferavailability', { arrivalDateTime: `${day(30)}T22:30:00` })).body;
    const pickups = xp(
      body,
      `${GROUND_SERVICE}[ota:RateQualifier/ota:SpecialInputs/@Value='1']/ota:Service/ota:Location/ota:Pickup/@DateTime`,
    );
    assert.ok(pickups.length > 0 && pickups.every((d) => d.startsWith(day(29))), pickups.join(', '));
  },
  'year-end-dates-in-start-year': async (b) => {
    const body = (await call(b, 'activityavailability', { start: '2031-12-30', end: '2032-01-05' })).body;
    assert.ok(xp(body, TOUR_ACTIVITY).length > 0);
    assert.match(body, /"2031-01-0\d/);
  },
  'party-of-six-booking-500': async (b) => {
    // the sample's adult, six times (then five: served)
    const party = (n: number) =>
      fill('activitybook', { resStatus: 'Quote' }).replace(/<ParticipantInfo>[\s\S]*<\/ParticipantInfo>/, (all) =>
        all.split('</ParticipantInfo>')[0].concat('</ParticipantInfo>').repeat(n),
      );
    assert.equal((await post(b, 'activitybook', party(6))).status, 500);
    assert.ok(isSuccess((await post(b, 'activitybook', party(5))).body));
  },
  'late-pickup-commit-lost': async (b) => {
    const late = { bookingRef: 'F-LATE', pickupDateTime: `${day(29)}T22:30:00` };
    assert.ok(isSuccess((await call(b, 'activitybook', late)).body));
    assert.equal(errorCode((await call(b, 'bookread', { bookingRef: 'F-LATE' })).body), '3/87');
    await call(b, 'activitybook', { bookingRef: 'F-MORNING' });
    assert.ok(isSuccess((await call(b, 'bookread', { bookingRef: 'F-MORNING' })).body));
  },
};
