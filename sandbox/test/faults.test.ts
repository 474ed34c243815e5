// Every fault of the catalogue changes the behaviour it claims (and, when it names operations,
// leaves another operation alone). The effects live per area in faults/<area>.ts, beside the
// area's file of sandbox/src/faults/; one test file runs them all (a process per area would cost
// more to start than the checks take).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { FAULTS, rewrittenReply, type FaultArea } from '../src/faults';
import { AUTH_EFFECTS } from './faults/auth';
import { AVAILABILITY_EFFECTS } from './faults/availability';
import { BOOKING_EFFECTS } from './faults/booking';
import { DESCRIPTIVE_EFFECTS } from './faults/descriptive';
import { EDGE_EFFECTS } from './faults/edges';
import { ENVELOPE_EFFECTS } from './faults/envelope';
import { ROBUSTNESS_EFFECTS } from './faults/robustness';
import { describeFaultEffects, placeEffect, type FaultEffect, type FaultEffects } from './faults/support';
import { TRANSFER_EFFECTS } from './faults/transfers';
import { initQuery, start } from './helpers';

/** The effects of each area; a new area is a compile error here until its effects are added. */
const EFFECTS: Record<FaultArea, Readonly<Record<string, FaultEffect>>> = {
  envelope: ENVELOPE_EFFECTS,
  auth: AUTH_EFFECTS,
  availability: AVAILABILITY_EFFECTS,
  booking: BOOKING_EFFECTS,
  descriptive: DESCRIPTIVE_EFFECTS,
  transfers: TRANSFER_EFFECTS,
  robustness: ROBUSTNESS_EFFECTS,
  edges: EDGE_EFFECTS,
};

describe('fault catalogue', () => {
  it('has at least 28 named faults with area, operations, description and requirement IDs', () => {
    assert.ok(FAULTS.length >= 28);
    assert.equal(new Set(FAULTS.map((f) => f.name)).size, FAULTS.length);
    for (const f of FAULTS) {
      assert.ok(f.area && f.operations.length && f.description.length > 20 && f.breaks.length, f.name);
      for (const id of f.breaks) assert.match(id, /^[A-Z]+(-[A-Z0-9]+)+$/);
    }
  });

  it('an unknown fault name is refused with the list of valid ones', async () => {
    await assert.rejects(start({ faults: ['nope'] }), /unknown fault nope; valid faults: wrong-namespace/);
  });

  it('a mistyped fault name: did you mean those that share most of its words', async () => {
    await assert.rejects(
      start({ faults: ['hotel-ignore-place'] }),
      /unknown fault hotel-ignore-place; did you mean hotel-ignores-place\?; valid/,
    );
    await assert.rejects(
      start({ faults: ['hotel-wrong-dates'] }),
      /unknown fault hotel-wrong-dates; did you mean hotel-ignores-dates or hotel-wrong-guests\?; valid faults: /,
    );
  });
});

for (const [area, effects] of Object.entries(EFFECTS)) describeFaultEffects(area as FaultArea, effects);

describe('a fault declared as a rewrite of the reply', () => {
  const unnamed = {
    name: 'activity-unnamed',
    area: 'availability',
    operations: ['activityavailability'],
    breaks: ['AAV-NAMED'],
    description: 'Activity availability leaves out the name of every activity offered.',
    rewrite: (reply: string) => reply.replace(/ Name="[^"]*"/g, ''),
  } as const;
  const reply = '<OTA_TourActivityAvailRS><BasicInfo Name="Caves"/></OTA_TourActivityAvailRS>';
  const on = (...names: string[]) => ({ has: (n: string) => names.includes(n) });

  it('rewrites the replies of its operations when it is switched on, and only then', () => {
    assert.equal(
      rewrittenReply(reply, 'activityavailability', on('activity-unnamed'), [unnamed]),
      '<OTA_TourActivityAvailRS><BasicInfo/></OTA_TourActivityAvailRS>',
    );
    assert.equal(rewrittenReply(reply, 'activityavailability', on(), [unnamed]), reply);
    assert.equal(rewrittenReply(reply, 'activitysearch', on('activity-unnamed'), [unnamed]), reply);
  });

  it('the catalogue rewrites nothing when no fault is on', () => {
    assert.equal(rewrittenReply(reply, 'activityavailability', on()), reply);
  });
});

describe('a fault declared by the place where it shows', () => {
  before(() => initQuery());
  const datesIgnored = { name: 'hotel-ignores-dates', operations: ['hotelavailability'] } as const;
  const shownAt = (shows: string) => placeEffect({ ...datesIgnored, shows });
  const sandboxWith = async (faults: string[], check: (baseUrl: string) => Promise<void>) => {
    const sandbox = await start({ faults, slowMs: 400 });
    try {
      await check(sandbox.baseUrl);
    } finally {
      await sandbox.close();
    }
  };

  it('shows its effect where the reply differs from the honest one', async () => {
    await sandboxWith(['hotel-ignores-dates'], shownAt('//ota:RoomStay/ota:TimeSpan/@Start'));
  });

  it('a fault that changes nothing there fails: same values, or a place that selects nothing', async () => {
    await sandboxWith([], async (b) => assert.rejects(shownAt('//ota:RoomStay/ota:TimeSpan/@Start')(b), /what the honest sandbox shows/));
    await sandboxWith(['hotel-ignores-dates'], async (b) =>
      assert.rejects(shownAt('//ota:RoomStay/ota:BasicPropertyInfo/@HotelCode')(b), /what the honest sandbox shows/),
    );
    await sandboxWith(['hotel-ignores-dates'], async (b) => assert.rejects(shownAt('//ota:NoSuchPlace')(b), /selects nothing/));
  });

  it('a fault of every operation needs an effect of its own', async () => {
    await sandboxWith([], async (b) =>
      assert.rejects(placeEffect({ name: 'x', operations: ['*'], shows: '/*' })(b), /needs a test of its own/),
    );
  });

  it('the compiler asks for an effect of every fault that declares no place, and of no other', () => {
    type Faults = readonly [{ name: 'placed'; shows: '/*' }, { name: 'unplaced' }];
    const effect: FaultEffect = async () => {};
    const enough: FaultEffects<Faults> = { unplaced: effect };
    // @ts-expect-error an unplaced fault's effect is missing
    const missing: FaultEffects<Faults> = { placed: effect };
    // @ts-expect-error no fault of the list has this name
    const unknown: FaultEffects<Faults> = { unplaced: effect, other: effect };
    assert.deepEqual(
      [enough, missing, unknown].map((e) => Object.keys(e).length),
      [1, 1, 2],
    );
  });
});
