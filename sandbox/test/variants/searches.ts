// Each dialect variant of the searches (nothing found, party sizes) changes the form it claims and
// not the substance (sandbox/src/variants/searches.ts): the same requests go to a default sandbox
// and to one with the variant, and both replies are read by meaning.
import assert from 'node:assert/strict';
import type { SEARCH_VARIANTS } from '../../src/variants/searches';
import { call, day, errorCode, fill, isSuccess, one, post, type Values } from '../helpers';
import { BOOKED_DETAILS, both, canon, count, GROUND_SERVICE, same, TOUR_ACTIVITY, type VariantEffects } from './support';

/** An activity booking request with n participants (the sample's adult repeated). */
function bookingFor(n: number, values: Values = {}): string {
  const xml = fill('activitybook', values);
  const adult = /<ParticipantInfo>[\s\S]*?<\/ParticipantInfo>/.exec(xml)![0];
  const many = Array.from({ length: n }, (_, i) => adult.replace(/ParticipantID="\d+"/, `ParticipantID="${i + 1}"`)).join('');
  return xml.replace(/(<ParticipantInfo>[\s\S]*<\/ParticipantInfo>)/, many);
}

export const SEARCH_EFFECTS: VariantEffects<typeof SEARCH_VARIANTS> = {
  'refuse-when-nothing-matches': async (pair) => {
    const cases: Array<[string, Values]> = [
      ['hotelavailability', { place: 'Iceland', placeContext: 'Country' }],
      ['activityavailability', { maximumPrice: 1 }],
      ['activitysearch', { hotelCode: 'HERCHA02', start: day(200), end: day(205) }],
      ['transferavailability', { airportCode: 'HER', locationCode: 'HERHAR01', disabilityRequired: true }],
    ];
    for (const [op, values] of cases) {
      const [d, v] = await both(pair, op, values);
      assert.ok(isSuccess(d.raw), op);
      assert.equal(v.status, 404, op);
      const w = '/*/ota:Warnings/ota:Warning';
      assert.equal(errorCode(v.raw), `${one(d.raw, `${w}/@Type`)}/${one(d.raw, `${w}/@Code`)}`, op);
      assert.equal(one(v.raw, '//ota:Error/@ShortText'), one(d.raw, `${w}/@ShortText`), op);
      assert.equal(count(v.raw, '/*/ota:Success | /*/ota:Warnings'), 0, op);
      assert.equal(count(v.raw, '/*/*'), 1, `${op}: Errors alone`);
    }
    // An airport it does not serve: refused by both, 404 here.
    const [d, v] = await both(pair, 'transferavailability', { airportCode: 'ZZZ' });
    assert.equal(d.status, 200);
    assert.equal(errorCode(d.raw), '3/320');
    assert.equal(v.status, 404);
    assert.equal(errorCode(v.raw), '11/322');
    // Searches that find something are unchanged.
    await same(pair, 'hotelavailability');
    await same(pair, 'activityavailability');
    await same(pair, 'transferavailability');
  },
  'capacity-limit': async (pair) => {
    const five = { adults: 3, children: 2 };
    for (const [op, results] of [
      ['hotelavailability', '//ota:RoomStay'],
      ['activityavailability', TOUR_ACTIVITY],
      ['transferavailability', GROUND_SERVICE],
    ]) {
      const [d, v] = await both(pair, op, five);
      assert.ok(count(d.raw, results) > 0, `${op}: a party of 5 has results by default`);
      assert.ok(isSuccess(v.raw), op);
      assert.equal(count(v.raw, results), 0, `${op}: no results for 5`);
      assert.equal(count(v.raw, '/*/ota:Warnings/ota:Warning[@Code]'), 1, `${op}: the "nothing matches" Warning`);
      // Up to four: unchanged.
      await same(pair, op, { adults: 2, children: 2 });
    }
    for (const resStatus of ['Quote', 'Commit']) {
      const xml = bookingFor(5, { resStatus, bookingRef: `CAP-${resStatus}` });
      const reply = await post(pair.d, 'activitybook', xml);
      const v = await post(pair.v, 'activitybook', xml);
      assert.ok(isSuccess(reply.raw), resStatus);
      assert.equal(errorCode(v.raw), '3/322', resStatus);
      assert.equal(count(v.raw, `${BOOKED_DETAILS}`), 0);
      const four = bookingFor(4, { resStatus, bookingRef: `CAP4-${resStatus}` });
      // (a Quote's own number, Confirmation Type 16, runs per process)
      const o = { ignore: ['ID'] };
      assert.equal(
        canon((await post(pair.v, 'activitybook', four)).raw, o),
        canon((await post(pair.d, 'activitybook', four)).raw, o),
        resStatus,
      );
    }
    assert.equal(errorCode((await call(pair.v, 'bookread', { bookingRef: 'CAP-Commit' })).raw), '3/87', 'nothing was booked');
  },
  'inventory-for-test-data-dates': async (pair) => {
    const results: Array<[string, string]> = [
      ['hotelavailability', '//ota:RoomStay'],
      ['activityavailability', TOUR_ACTIVITY],
      ['transferavailability', GROUND_SERVICE],
      ['activitysearch', TOUR_ACTIVITY],
    ];
    for (const [op, items] of results) {
      // the test data's own stay (30 days from today, 3 nights): unchanged
      await same(pair, op);
      // a day later, or a night longer: nothing matches, as a search that finds nothing says it
      for (const values of <Values[]>[
        { start: day(31), end: day(34), arrivalDateTime: `${day(31)}T10:15:00`, departureDateTime: `${day(34)}T18:40:00` },
        { end: day(34), departureDateTime: `${day(34)}T18:40:00` },
      ]) {
        const [d, v] = await both(pair, op, values);
        assert.ok(count(d.raw, items) > 0, `${op}: other dates have results by default`);
        assert.ok(isSuccess(v.raw), op);
        assert.equal(count(v.raw, items), 0, `${op}: no results for other dates`);
        assert.equal(count(v.raw, '/*/ota:Warnings/ota:Warning[@Code]'), 1, `${op}: the "nothing matches" Warning`);
      }
    }
  },
};
