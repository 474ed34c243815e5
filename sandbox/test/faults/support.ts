// What the fault tests of every area share: the places they read, and the test of one area's
// faults (each fault shows its effect, the same check fails without it, and a fault aimed at some
// operations leaves another alone).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { FAULTS, type FaultArea } from '../../src/faults';
import type { RunningSandbox } from '../../src/index';
import { call, initQuery, isSuccess, one, start } from '../helpers';

export const OTA = 'http://www.opentravel.org/OTA/2003/05';
export const ROOM_STAY = '//ota:RoomStay';
export const TOUR_ACTIVITY = '//ota:TourActivityInfo';
export const GROUND_SERVICE = '//ota:GroundService';
export const RESERVATION = '//ota:HotelReservation';

/** The observable effect of a fault on the sandbox at `baseUrl`: throws (assert) when the fault did not show. */
export type FaultEffect = (baseUrl: string) => Promise<void>;

/** One effect per fault of an area's list, the compiler asks for every one. */
export type FaultEffects<Faults extends readonly { name: string }[]> = Record<Faults[number]['name'], FaultEffect>;

/** Books `ref`, cancels it with `cancelType`: what the cancel reply says, and the booking's status read after it. */
export async function bookCancelRead(base: string, ref: string, cancelType: 'Quote' | 'Commit'): Promise<[string?, string?]> {
  await call(base, 'activitybook', { bookingRef: ref });
  const said = one((await call(base, 'bookcancel', { bookingRef: ref, cancelType })).body, '/*/@Status');
  return [said, one((await call(base, 'bookread', { bookingRef: ref })).body, `${RESERVATION}/@ResStatus`)];
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
      const r = await call(faulty.baseUrl, other);
      assert.equal(r.status, 200);
      assert.ok(isSuccess(r.body), `${fault.name} broke ${other}`);
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
    it('every fault of the area has an effect test', () => {
      assert.deepEqual(Object.keys(effects).sort(), faults.map((f) => f.name).sort());
    });
    for (const f of faults) {
      it(`${f.name} (${f.breaks.join(', ')}): ${f.description}`, () => showsItsEffect(f, effects[f.name]));
    }
  });
}
