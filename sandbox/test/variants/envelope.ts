// Each dialect variant of the reply envelope (echoes, time stamps, warnings, an empty Errors, zoned
// dates) changes the form it claims and not the substance (sandbox/src/variants/envelope.ts): the
// same requests go to a default sandbox and to one with the variant, and both replies are read by
// meaning.
import assert from 'node:assert/strict';
import type { ENVELOPE_VARIANTS } from '../../src/variants/envelope';
import type { XNode } from '../../src/xml';
import { day, isSuccess, one, post, type Values, xp } from '../helpers';
import {
  BOOKED_DETAILS,
  bookingFlow,
  both,
  canon,
  count,
  GROUND_SERVICE,
  RESERVATION,
  same,
  TOUR_ACTIVITY,
  TWO_WEEKS,
  unzoned,
  type VariantEffects,
} from './support';

export const ENVELOPE_EFFECTS: VariantEffects<typeof ENVELOPE_VARIANTS> = {
  'no-optional-echoes': async (pair) => {
    const echoes = ['EchoToken', 'TimeStamp', 'PrimaryLangID', 'LanguageCode', 'Language'];
    const { d, v } = await same(pair, 'hotelavailability', { echoToken: 'E-1' }, { ignore: echoes });
    assert.equal(one(d.raw, '/*/@EchoToken'), 'E-1');
    assert.equal(count(v.raw, '/*/@EchoToken | /*/@TimeStamp'), 0);
    const n = await same(pair, 'hotelnbc', {}, { ignore: echoes });
    assert.equal(count(n.d.raw, '//@LanguageCode'), 1);
    assert.equal(count(n.v.raw, '//@LanguageCode | //@Language'), 0);
    const a = await same(pair, 'activitynbc', {}, { ignore: echoes });
    assert.equal(count(a.v.raw, '/*/@PrimaryLangID | //@LanguageCode'), 0);
    assert.equal(count((await post(pair.v, 'nope', '<x/>')).raw, '/*/@TimeStamp'), 0);
  },
  'zoned-timestamp': async (pair) => {
    const { d, v } = await same(pair, 'hotelavailability', {}, { ignore: ['TimeStamp'] });
    const ts = one(v.raw, '/*/@TimeStamp')!;
    assert.match(ts, /T\d\d:\d\d:\d\d(\.\d+)?\+02:00$/);
    assert.equal(Date.parse(ts), Date.parse(one(d.raw, '/*/@TimeStamp')!), 'the same instant');
  },
  'warnings-beside-success': async (pair) => {
    const noWarnings = { drop: (n: XNode) => n.name === 'Warnings' };
    const { d, v } = await same(pair, 'hotelavailability', {}, noWarnings);
    assert.equal(count(d.raw, '/*/ota:Warnings'), 0);
    assert.ok(isSuccess(v.raw));
    assert.equal(count(v.raw, "/*/ota:Warnings/ota:Warning[@Type='11']"), 1);
    // "Nothing matched" still says so, beside the advisory.
    const e = await same(pair, 'hotelavailability', { place: 'Iceland', placeContext: 'Country' }, noWarnings);
    assert.deepEqual(xp(e.v.raw, '/*/ota:Warnings/ota:Warning/@Code'), xp(e.d.raw, '/*/ota:Warnings/ota:Warning/@Code'));
    assert.equal(count(e.v.raw, '/*/ota:Warnings/ota:Warning'), 2);
    // Errors replies have no Warnings.
    await same(pair, 'hotelnbc', { hotelCode: 'NOPE' });
  },
  'no-warning-when-empty': async (pair) => {
    const [d, v] = await both(pair, 'hotelavailability', { place: 'Iceland', placeContext: 'Country' });
    assert.equal(one(d.raw, '/*/ota:Warnings/ota:Warning/@Code'), '424');
    assert.ok(isSuccess(v.raw));
    assert.equal(count(v.raw, '/*/*'), 1, 'Success alone');
    const [da, va] = await both(pair, 'activityavailability', { maximumPrice: 1 });
    assert.equal(one(da.raw, '/*/ota:Warnings/ota:Warning/@Code'), '322');
    assert.equal(count(va.raw, `/*/ota:Warnings | ${TOUR_ACTIVITY}`), 0);
    await same(pair, 'hotelavailability');
  },
  'empty-errors-element': async (pair) => {
    const empty = { drop: (n: XNode) => n.name === 'Errors' && n.children.length === 0 };
    for (const [op, values] of [
      ['hotelavailability', {}],
      ['hotelavailability', { place: 'Iceland', placeContext: 'Country' }],
      ['activitybook', {}],
      ['transferavailability', {}],
    ] as Array<[string, Values]>) {
      const { v } = await same(pair, op, values, empty);
      assert.equal(count(v.raw, '/*/ota:Success'), 1, op);
      assert.equal(count(v.raw, '/*/ota:Errors'), 1, op);
      assert.equal(count(v.raw, '/*/ota:Errors/node()'), 0, `${op}: Errors is empty`);
      assert.equal(
        one(v.raw, 'local-name(/*/ota:Errors/preceding-sibling::*[1])'),
        count(v.raw, '/*/ota:Warnings') ? 'Warnings' : 'Success',
      );
    }
    // Refusals are unchanged.
    await same(pair, 'hotelnbc', { hotelCode: 'NOPE' });
  },
  'zoned-dates': async (pair) => {
    const d = await bookingFlow(pair.d);
    const v = await bookingFlow(pair.v);
    const o = { ignore: ['TimeStamp'] };
    for (const r of ['book1', 'book2', 'partial', 'read1', 'whole', 'read2'] as const)
      assert.equal(canon(unzoned(v[r]), o), canon(d[r].raw, o), `${r}: the same wall-clock times`);
    // PMI-DRACH is in Mallorca: Central European Summer Time in June.
    assert.equal(one(d.book1.raw, `${BOOKED_DETAILS}/ota:Schedule/@Start`), `${day(30)}T08:30:00`);
    assert.equal(one(v.book1.raw, `${BOOKED_DETAILS}/ota:Schedule/@Start`), `${day(30)}T08:30:00+02:00`);
    assert.equal(one(v.book1.raw, `${BOOKED_DETAILS}/ota:PickupDropoff/@DateTime`), `${day(30)}T08:00:00+02:00`);
    assert.deepEqual(new Set(xp(v.read1.raw, `${RESERVATION}//ota:TimeSpan/@Start`)), new Set([`${day(30)}T08:30:00+02:00`]));
    assert.match(one(v.read1.raw, `${RESERVATION}/@CreateDateTime`)!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.match(one(v.partial.raw, '//ota:CancelRule/@CancelByDate')!, /\+02:00$/);
    // Transfers: the airport's zone (Faro: Western European Summer Time).
    const t = await same(
      pair,
      'transferavailability',
      { airportCode: 'FAO', locationCode: 'FAOVIL01' },
      { ignore: ['TimeStamp', 'DateTime'] },
    );
    const pick = `${GROUND_SERVICE}/ota:Service/ota:Location/ota:Pickup/@DateTime`;
    assert.ok(xp(t.v.raw, pick).length > 0);
    assert.deepEqual(
      xp(t.v.raw, pick),
      xp(t.d.raw, pick).map((x) => `${x}+01:00`),
    );
    // Plain dates stay plain.
    await same(pair, 'activitysearch', TWO_WEEKS, o);
  },
};
