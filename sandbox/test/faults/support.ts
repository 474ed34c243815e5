// What the fault tests of every area share: the places they read, and the test of one area's
// faults (each fault shows its effect, the same check fails without it, and a fault aimed at some
// operations leaves another alone).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { FAULTS, type FaultArea, type FaultDef, type FaultName } from '../../src/faults';
import type { RunningSandbox } from '../../src/index';
import { call, initQuery, isSuccess, one, start, xp } from '../helpers';

export const OTA = 'http://www.opentravel.org/OTA/2003/05';
export const ROOM_STAY = '//ota:RoomStay';
export const TOUR_ACTIVITY = '//ota:TourActivityInfo';
export const GROUND_SERVICE = '//ota:GroundService';
export const RESERVATION = '//ota:HotelReservation';

/** The observable effect of a fault on the sandbox at `baseUrl`: throws (assert) when the fault did not show. */
export type FaultEffect = (baseUrl: string) => Promise<void>;

/** The names of the faults that declare no place where they show (`FaultDef.shows`). */
type UnplacedNames<Fault> = Fault extends { shows: string } ? never : Fault extends { name: infer Name extends string } ? Name : never;

/**
 * The effects of an area's faults: the compiler asks for one per fault that declares no place where
 * it shows (`shows`); for one that does, its own effect is optional (the place is checked instead).
 */
export type FaultEffects<Faults extends readonly { name: string }[]> = Record<UnplacedNames<Faults[number]>, FaultEffect> &
  Partial<Record<Faults[number]['name'], FaultEffect>>;

/** Books `ref`, cancels it with `cancelType`: what the cancel reply says, and the booking's status read after it. */
export async function bookCancelRead(base: string, ref: string, cancelType: 'Quote' | 'Commit'): Promise<[string?, string?]> {
  await call(base, 'activitybook', { bookingRef: ref });
  const said = one((await call(base, 'bookcancel', { bookingRef: ref, cancelType })).body, '/*/@Status');
  return [said, one((await call(base, 'bookread', { bookingRef: ref })).body, `${RESERVATION}/@ResStatus`)];
}

/**
 * The effect a fault declares by its place (`shows`): the reply of each of its operations to the
 * default request differs there from the honest sandbox's reply to the same request. A place that
 * selects nothing in either reply, or the same values, fails: the fault changed nothing there.
 */
export function placeEffect(fault: Pick<FaultDef, 'name' | 'operations' | 'shows'>): FaultEffect {
  const place = fault.shows;
  return async (baseUrl) => {
    assert.ok(place, `${fault.name} declares no place where it shows`);
    assert.ok(!fault.operations.includes('*'), `${fault.name} changes every operation: its effect needs a test of its own`);
    const honest = await start({ slowMs: 400 });
    try {
      for (const op of fault.operations) {
        const [shown, expected] = await Promise.all([call(baseUrl, op), call(honest.baseUrl, op)]);
        const [got, honestly] = [xp(shown.body, place), xp(expected.body, place)];
        assert.ok(got.length + honestly.length > 0, `${fault.name}: ${place} selects nothing in the reply of ${op}`);
        assert.notDeepEqual(got, honestly, `${fault.name}: the reply of ${op} shows at ${place} what the honest sandbox shows`);
      }
    } finally {
      await honest.close();
    }
  };
}

/** Switches `fault` on alone and checks its effect, then that the effect is the fault's, not the sandbox's. */
async function showsItsEffect(fault: (typeof FAULTS)[number], effect: FaultEffect): Promise<void> {
  let faulty: RunningSandbox | undefined;
  let clean: RunningSandbox | undefined;
  try {
    faulty = await start({ faults: [fault.name], slowMs: 400 });
    await effect(faulty.baseUrl);
    // Without the fault the same check must fail: the effect is the fault's, not the sandbox's.
    clean = await start({ slowMs: 400 });
    await assert.rejects(effect(clean.baseUrl), `${fault.name}: the check also passes without the fault`);
    if (!fault.operations.includes('*')) {
      // Faults aimed at some operations leave the others alone.
      const other = fault.operations.includes('hotelnbc') ? 'activitynbc' : 'hotelnbc';
      const reply = await call(faulty.baseUrl, other);
      assert.equal(reply.status, 200);
      assert.ok(isSuccess(reply.body), `${fault.name} broke ${other}`);
    }
  } finally {
    await faulty?.close();
    await clean?.close();
  }
}

/** The tests of one area's faults: one effect for each of them, and each effect shown. */
export function describeFaultEffects(area: FaultArea, effects: Readonly<Record<string, FaultEffect>>): void {
  const faults = FAULTS.filter((f) => f.area === area);
  describe(`faults of the ${area} area`, () => {
    before(() => initQuery());
    it('every fault of the area has an effect test, or a place where it shows', () => {
      const names = faults.map((f) => f.name);
      assert.deepEqual(
        Object.keys(effects).filter((name) => !names.includes(name as FaultName)),
        [],
        'effects of no fault of the area',
      );
      assert.deepEqual(
        faults.filter((f) => !effects[f.name] && !f.shows).map((f) => f.name),
        [],
        'faults with neither an effect nor a place',
      );
    });
    for (const fault of faults) {
      const title = `${fault.name} (${fault.breaks.join(', ')}): ${fault.description}`;
      if (effects[fault.name]) it(title, () => showsItsEffect(fault, effects[fault.name]));
      if (fault.shows) it(`${title} It shows at ${fault.shows}.`, () => showsItsEffect(fault, placeEffect(fault)));
    }
  });
}
