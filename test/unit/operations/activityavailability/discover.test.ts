// Finding a bookable activity: every result is tried, codes and dates are read by meaning, and
// when nothing is bookable the scenario's requirements become cantTell with the reason.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { activityToDescribe, discoverActivity } from '../../../../src/operations/activityavailability/discover';
import type { ScheduleShown } from '../../../../src/contracts/tour-activity';
import { CannotTell } from '../../../../src/core/errors';
import type { GatewayWorld } from '../../../../src/cucumber/world';
import type { Exchange } from '../../../../src/contracts/rule';
import { exchange, loadXml, noReply, prefixed, request, rs } from '../../../support/contracts';

before(loadXml);

/** The part of the World that discovery uses, answering with `reply`; its descriptive data shows `described`. */
function world(
  reply: () => Exchange,
  profile: Record<string, string[]> = {},
  described: ScheduleShown = {},
  asked: string[] = [],
): GatewayWorld {
  return {
    run: { replyProfile: { facts: profile } },
    prepare: (op: 'activityavailability') => request(op),
    send: async () => reply(),
    describeSchedule: async (code: string) => {
      asked.push(code);
      return described;
    },
    precondition(holds: unknown, reason: string) {
      if (!holds) throw new CannotTell(`Cannot tell: precondition not met: ${reason}`);
    },
  } as unknown as GatewayWorld;
}
const answer = (...infos: string[]) =>
  world(() => exchange('activityavailability', rs('OTA_TourActivityAvailRS', `<Success/>${infos.join('')}`)));
const info = (basic: string, schedule = '<Detail Start="2030-06-02"/>') =>
  `<TourActivityInfo>${basic}<Schedule>${schedule}</Schedule></TourActivityInfo>`;

test('the first bookable result wins: results without a TourActivityID or a date are skipped', async () => {
  const found = await discoverActivity(
    answer(
      info('<BasicInfo Name="No id"/>'),
      info('<BasicInfo TourActivityID="NODATE"/>', '<Summary Start="--01-01" End="--12-31"/>'),
      info(
        '<BasicInfo TourActivityID="A1" SupplierProductCode="SP1">' +
          '<TPA_Extensions><SupplierService SupplierServiceCode="STD"/></TPA_Extensions></BasicInfo>',
      ),
    ),
  );
  assert.deepEqual(found.values, {
    tourActivityId: 'A1',
    supplierProductCode: 'SP1',
    supplierServiceCode: 'STD',
    startDateTime: '2030-06-02T09:00:00',
    endDateTime: '2030-06-02T13:00:00',
    pickupDateTime: '2030-06-02T08:30:00',
  });
  assert.deepEqual(found.guessed, ['a start time of 09:00:00', 'a duration of 4 hours']);
});

test('never a date outside the requested period: a season that began before it starts on its first day; a date before it is not bookable', async () => {
  // the request's period is 2030-06-01 to 2030-06-04 (helpers VALUES)
  const season = await discoverActivity(answer(info('<BasicInfo TourActivityID="S1"/>', '<Summary Start="2030-04-01" End="2030-10-31"/>')));
  assert.equal(season.values.startDateTime, '2030-06-01T09:00:00');
  await assert.rejects(
    discoverActivity(answer(info('<BasicInfo TourActivityID="OLD"/>', '<Detail Start="2030-05-20"/>'))),
    (e: Error) => e instanceof CannotTell && /a date within 2030-06-01 to 2030-06-04/.test(e.message),
  );
  await assert.rejects(
    discoverActivity(answer(info('<BasicInfo TourActivityID="LATE"/>', '<Detail Start="2030-07-20"/>'))),
    (e: Error) => e instanceof CannotTell,
  );
});

test('the option whose booking values the reply shows best is booked; what was guessed is named', async () => {
  const found = await discoverActivity(
    answer(
      info('<BasicInfo TourActivityID="G1"/>'),
      info(
        '<BasicInfo TourActivityID="S2" SupplierProductCode="SP2" SupplierServiceCode="STD"/>',
        '<Detail Start="2030-06-03T10:00:00" Duration="PT2H"/>',
      ),
    ),
  );
  assert.equal(found.values.tourActivityId, 'S2');
  assert.deepEqual(found.guessed, []);
  const guess = await discoverActivity(answer(info('<BasicInfo TourActivityID="G1"/>')));
  assert.ok(guess.guessed.some((g) => /SupplierServiceCode/.test(g)));
});

test('without supplier codes the TourActivityID stands for the product, the product for the service', async () => {
  const found = await discoverActivity(answer(info('<BasicInfo TourActivityID="A1"/>')));
  assert.equal(found.values.supplierProductCode, 'A1');
  assert.equal(found.values.supplierServiceCode, 'A1');
  const spec = await discoverActivity(answer(info('<BasicInfo TourActivityID="A1" SupplierProductCode="SP1" SupplierServiceCode="VIP"/>')));
  assert.equal(spec.values.supplierServiceCode, 'VIP');
});

test("dates from Summary with weekday flags, the activity's own start time and duration", async () => {
  // 2030-06-01 is a Saturday: the first Tuesday of the span is 2030-06-04.
  const weekly =
    '<Summary Start="2030-06-01" End="2030-06-04" Duration="PT3H"/><Detail Start="2030-06-01" End="2030-06-04">' +
    '<OperationTimes><OperationTime Tue="true" Sat="false" Start="18:00"/></OperationTimes></Detail>';
  const found = await discoverActivity(answer(info('<BasicInfo TourActivityID="A1"/>', weekly)));
  assert.equal(found.values.startDateTime, '2030-06-04T18:00:00');
  assert.equal(found.values.endDateTime, '2030-06-04T21:00:00');
  assert.equal(found.values.pickupDateTime, '2030-06-04T17:30:00');
  const timed = await discoverActivity(
    world(() =>
      exchange(
        'activityavailability',
        prefixed(
          rs('OTA_TourActivityAvailRS', `<Success/>${info('<BasicInfo TourActivityID="A1"/>', '<Detail Start="2030-06-03T10:15:00"/>')}`),
        ),
      ),
    ),
  );
  assert.equal(timed.values.startDateTime, '2030-06-03T10:15:00');
});

test("the target's reply profile places come first", async () => {
  const gateway = () =>
    exchange(
      'activityavailability',
      rs('OTA_TourActivityAvailRS', `<Success/>${info('<BasicInfo TourActivityID="A1" SupplierProductCode="SP1" ShortName="S9"/>')}`),
    );
  assert.equal((await discoverActivity(world(gateway))).values.supplierServiceCode, 'SP1');
  const own = world(gateway, { 'activityavailability.activity.supplierServiceCode': ['ota:BasicInfo/@ShortName'] });
  assert.equal((await discoverActivity(own)).values.supplierServiceCode, 'S9');
});

test('nothing bookable, a refusal or no reply: a precondition, with the reason', async () => {
  await assert.rejects(
    discoverActivity(answer()),
    (e: Error) => e instanceof CannotTell && /found no bookable activity: none of its 0 results/.test(e.message),
  );
  const refused = world(() =>
    exchange('activityavailability', rs('OTA_ErrorRS', '<Errors><Error Type="3" Code="392" ShortText="Invalid hotel code"/></Errors>'), {
      status: 404,
    }),
  );
  await assert.rejects(
    discoverActivity(refused),
    (e: Error) => e instanceof CannotTell && /at hotel H1 .*OTA_ErrorRS reply: Invalid hotel code/.test(e.message),
  );
  await assert.rejects(
    discoverActivity(world(() => noReply('activityavailability'))),
    (e: Error) => e instanceof CannotTell && /no HTTP reply: connect ECONNREFUSED/.test(e.message),
  );
});

test("a start time and duration availability does not show come from the activity's descriptive data, asked once", async () => {
  const asked: string[] = [];
  const w = world(
    () =>
      exchange(
        'activityavailability',
        rs(
          'OTA_TourActivityAvailRS',
          `<Success/>${info('<BasicInfo TourActivityID="D1" SupplierProductCode="SP1"><TPA_Extensions><SupplierService SupplierServiceCode="STD"/></TPA_Extensions></BasicInfo>')}`,
        ),
      ),
    {},
    { time: '08:30:00', minutes: 420 },
    asked,
  );
  const found = await discoverActivity(w);
  assert.deepEqual(asked, ['D1']);
  assert.equal(found.values.startDateTime, '2030-06-02T08:30:00');
  assert.equal(found.values.endDateTime, '2030-06-02T15:30:00');
  assert.deepEqual(found.guessed, []);
  // descriptive data that shows only the time: the duration is still a guess, and named
  const half = await discoverActivity(
    world(
      () => exchange('activityavailability', rs('OTA_TourActivityAvailRS', `<Success/>${info('<BasicInfo TourActivityID="D2"/>')}`)),
      {},
      { time: '10:00:00' },
    ),
  );
  assert.equal(half.values.startDateTime, '2030-06-02T10:00:00');
  assert.ok(half.guessed.includes('a duration of 4 hours') && !half.guessed.some((g) => g.startsWith('a start time')));
});

// Issue 27, point 10: activity descriptive data needs only a TourActivityID, never availability's dates.
test('an activity to describe: any TourActivityID availability shows, dates or not; else the test data product code', async () => {
  const describing = (reply: () => Exchange) =>
    ({ ...world(reply), run: { replyProfile: { facts: {} }, data: { activities: { productCode: 'P1' } } } }) as unknown as GatewayWorld;
  const noDates = () =>
    exchange(
      'activityavailability',
      rs(
        'OTA_TourActivityAvailRS',
        `<Success/>${info('<BasicInfo Name="No id"/>')}${info('<BasicInfo TourActivityID="NODATE"/>', '<Summary Start="--01-01"/>')}`,
      ),
    );
  assert.deepEqual(await activityToDescribe(describing(noDates)), {
    tourActivityId: 'NODATE',
    from: 'the TourActivityID activity availability shows (NODATE)',
  });
  for (const [reply, why] of [
    [() => noReply('activityavailability'), /no HTTP reply/],
    [
      () => exchange('activityavailability', rs('OTA_TourActivityAvailRS', '<Errors><Error Type="3">no</Error></Errors>')),
      /an Errors reply/,
    ],
    [
      () => exchange('activityavailability', rs('OTA_TourActivityAvailRS', `<Success/>${info('<BasicInfo Name="x"/>')}`)),
      /no activity with a TourActivityID/,
    ],
  ] as const) {
    const found = await activityToDescribe(describing(reply));
    assert.equal(found.tourActivityId, 'P1');
    assert.match(found.from, /the test data's product code P1 \(activity availability showed no TourActivityID: /);
    assert.match(found.from, why);
  }
});
