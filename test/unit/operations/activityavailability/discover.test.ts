// Finding a bookable activity, and the values to book it with: every result is tried,
// codes and dates are read by meaning; the day, times, pickup, ages and party come from what the
// gateway shows (availability, then descriptive data), then from the test data, and only then are
// guessed, each guess named with the field that would remove it; contradictory constraints and
// options that cannot be booked end at cantTell with the reason, never at a guess.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { activityToDescribe, discoverActivity } from '../../../../src/operations/activityavailability/discover';
import { nothingShown, type ConstraintsShown } from '../../../../src/contracts/booking-constraints';
import { CannotTell } from '../../../../src/core/errors';
import type { BookingValues, Party } from '../../../../src/core/test-data';
import type { GatewayWorld } from '../../../../src/cucumber/world';
import type { Exchange } from '../../../../src/contracts/rule';
import type { OtaRequest } from '../../../../src/xml/requests';
import { exchange, loadXml, noReply, prefixed, request, rs } from '../../../support/contracts';

before(loadXml);

interface Gateway {
  /** The availability reply to a request (its party is in it). */
  reply: (otaRequest: OtaRequest) => Exchange;
  profile?: Record<string, string[]>;
  /** What its descriptive data shows of an activity. */
  described?: Partial<ConstraintsShown>;
  asked?: string[];
  parties?: Party[];
  bookingValues?: BookingValues;
}

/** The part of the World that discovery uses, answering as `g` says. */
function world(gateway: Gateway): GatewayWorld {
  let last: OtaRequest | undefined;
  return {
    run: {
      replyProfile: { facts: gateway.profile ?? {} },
      data: {
        availableParties: gateway.parties ?? [{ adults: 2, children: 1 }],
        activities: { hotelCodes: ['H1'], productCode: 'P1', currency: 'EUR', bookingValues: gateway.bookingValues ?? {} },
      },
    },
    prepare: (op: 'activityavailability') => (last = request(op)),
    send: async () => gateway.reply(last!),
    describeActivityValues: async (code: string) => {
      gateway.asked?.push(code);
      return { ...nothingShown('activity descriptive data'), ...gateway.described };
    },
    precondition(holds: unknown, reason: string) {
      if (!holds) throw new CannotTell(`Cannot tell: precondition not met: ${reason}`);
    },
  } as unknown as GatewayWorld;
}
const availability = (...infos: string[]) => exchange('activityavailability', rs('OTA_TourActivityAvailRS', `<Success/>${infos.join('')}`));
const answer = (...infos: string[]) => world({ reply: () => availability(...infos) });
const info = (basic: string, schedule = '<Detail Start="2030-06-02"/>', more = '') =>
  `<TourActivityInfo>${basic}<Schedule>${schedule}</Schedule>${more}</TourActivityInfo>`;
/** What a fully shown option adds: a pickup at the hotel at 08:10 and its participant policy. */
const SHOWN =
  '<PickupDropoff DateTime="2030-06-02T08:10:00" LocationName="H1" PickupInd="true"/><Policies><Participant MinAge="0"/></Policies>';
const CODES = '<BasicInfo TourActivityID="A1" SupplierProductCode="SP1" SupplierServiceCode="STD"/>';
const TIMED = '<Detail Start="2030-06-02T09:30:00" Duration="PT3H"/>';

const rejectsWith = (p: Promise<unknown>, pattern: RegExp) =>
  assert.rejects(p, (e: Error) => e instanceof CannotTell && pattern.test(e.message));

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
    adultAge: 35,
    childAge: 8,
  });
  assert.deepEqual(found.party, { adults: 2, children: 1 });
  // Nothing of the rest is shown anywhere: each value is a guess, named with the field that would remove it.
  assert.equal(found.pickup, false);
  assert.deepEqual(
    found.guessed.map((g) => /activities\.bookingValues\.(\w+)/.exec(g)?.[1]),
    ['startTime', 'duration', 'pickupTime', 'ages'],
  );
  assert.match(
    found.guessed.join(' | '),
    /a start time of 09:00 .*a duration of 4 hours .*no pickup: .*the ages 35 \(adult\) and 8 \(child\)/,
  );
});

test('never a day outside the requested period: a season that began before it starts on its first day; a date before it is not bookable', async () => {
  // the request's period is 2030-06-01 to 2030-06-04 (helpers VALUES); 2030-06-01 is a Saturday
  const season = await discoverActivity(
    answer(
      info(
        '<BasicInfo TourActivityID="S1"/>',
        '<Summary Start="2030-04-01" End="2030-10-31"/><Detail Start="2030-04-01" End="2030-10-31"><OperationTimes><OperationTime Mon="true" Sat="true"/></OperationTimes></Detail>',
      ),
    ),
  );
  assert.equal(season.values.startDateTime, '2030-06-01T09:00:00');
  await rejectsWith(
    discoverActivity(answer(info('<BasicInfo TourActivityID="OLD"/>', '<Detail Start="2030-05-20"/>'))),
    /a date within 2030-06-01 to 2030-06-04/,
  );
  await rejectsWith(
    discoverActivity(answer(info('<BasicInfo TourActivityID="LATE"/>', '<Detail Start="2030-07-20"/>'))),
    /LATE|no bookable/,
  );
});

test('the option whose booking values the reply shows best is booked; nothing guessed when the reply shows everything', async () => {
  const found = await discoverActivity(answer(info('<BasicInfo TourActivityID="G1"/>'), info(CODES, TIMED, SHOWN)));
  assert.equal(found.values.tourActivityId, 'A1');
  assert.deepEqual(found.guessed, []);
  assert.equal(found.values.startDateTime, '2030-06-02T09:30:00');
  assert.equal(found.values.endDateTime, '2030-06-02T12:30:00');
  assert.equal(found.values.pickupDateTime, '2030-06-02T08:10:00');
  assert.equal(found.pickup, true);
  const guess = await discoverActivity(answer(info('<BasicInfo TourActivityID="G1"/>')));
  assert.ok(guess.guessed.some((g) => /SupplierServiceCode .*OTA_REPLY_PROFILE/.test(g)));
});

test('without supplier codes the TourActivityID stands for the product, the product for the service', async () => {
  const found = await discoverActivity(answer(info('<BasicInfo TourActivityID="A1"/>')));
  assert.equal(found.values.supplierProductCode, 'A1');
  assert.equal(found.values.supplierServiceCode, 'A1');
  const spec = await discoverActivity(answer(info('<BasicInfo TourActivityID="A1" SupplierProductCode="SP1" SupplierServiceCode="VIP"/>')));
  assert.equal(spec.values.supplierServiceCode, 'VIP');
});

test("dates from Summary with weekday flags, the activity's own start time (of its weekday) and duration", async () => {
  // 2030-06-01 is a Saturday: the first Tuesday of the span is 2030-06-04.
  const weekly =
    '<Summary Start="2030-06-01" End="2030-06-04" Duration="PT3H"/><Detail Start="2030-06-01" End="2030-06-04">' +
    '<OperationTimes><OperationTime Sat="true" Start="10:00"/><OperationTime Tue="true" Sat="false" Start="18:00"/></OperationTimes></Detail>';
  const found = await discoverActivity(answer(info('<BasicInfo TourActivityID="A1"/>', weekly)));
  assert.equal(found.values.startDateTime, '2030-06-01T10:00:00');
  const tuesday = weekly.replace('<OperationTime Sat="true" Start="10:00"/>', '');
  const late = await discoverActivity(answer(info('<BasicInfo TourActivityID="A1"/>', tuesday)));
  assert.equal(late.values.startDateTime, '2030-06-04T18:00:00');
  assert.equal(late.values.endDateTime, '2030-06-04T21:00:00');
  const timed = await discoverActivity(
    world({
      reply: () =>
        exchange(
          'activityavailability',
          prefixed(
            rs('OTA_TourActivityAvailRS', `<Success/>${info('<BasicInfo TourActivityID="A1"/>', '<Detail Start="2030-06-03T10:15:00"/>')}`),
          ),
        ),
    }),
  );
  assert.equal(timed.values.startDateTime, '2030-06-03T10:15:00');
});

test('a season shown without weekdays: the weekdays come from descriptive data, then the test data; else its first day is a guess, named', async () => {
  const season = info(CODES, '<Summary Start="2030-06-01" End="2030-06-04"/>', SHOWN);
  const tuesdays = [false, false, true, false, false, false, false];
  const described = await discoverActivity(
    world({ reply: () => availability(season), described: { operationTimes: [{ days: tuesdays, start: '08:45:00' }], minutes: 60 } }),
  );
  assert.equal(described.values.startDateTime, '2030-06-04T08:45:00');
  assert.deepEqual(described.guessed, []);
  const declared = await discoverActivity(world({ reply: () => availability(season), bookingValues: { weekdays: ['Mon'] } }));
  assert.equal(declared.values.startDateTime.toString().slice(0, 10), '2030-06-03');
  assert.ok(!declared.guessed.some((g) => /weekdays/.test(g)));
  const guessed = await discoverActivity(answer(season));
  assert.equal(guessed.values.startDateTime.toString().slice(0, 10), '2030-06-01');
  assert.ok(guessed.guessed.some((g) => /the day 2030-06-01, the first of the span .*activities\.bookingValues\.weekdays/.test(g)));
});

test("the target's reply profile places come first", async () => {
  const gateway = () => availability(info('<BasicInfo TourActivityID="A1" SupplierProductCode="SP1" ShortName="S9"/>'));
  assert.equal((await discoverActivity(world({ reply: gateway }))).values.supplierServiceCode, 'SP1');
  const own = world({ reply: gateway, profile: { 'activityavailability.activity.supplierServiceCode': ['ota:BasicInfo/@ShortName'] } });
  assert.equal((await discoverActivity(own)).values.supplierServiceCode, 'S9');
  const age = world({
    reply: () => availability(info(CODES, TIMED, '<TPA_Extensions><Youngest Age="11"/></TPA_Extensions>')),
    profile: { 'activityavailability.activity.minAge': ['ota:TPA_Extensions/ota:Youngest/@Age'] },
  });
  assert.equal((await discoverActivity(age)).values.childAge, 11);
});

test('nothing bookable, a refusal or no reply: a precondition, with the reason', async () => {
  await rejectsWith(discoverActivity(answer()), /found no bookable activity: none of its 0 results/);
  const refused = world({
    reply: () =>
      exchange('activityavailability', rs('OTA_ErrorRS', '<Errors><Error Type="3" Code="392" ShortText="Invalid hotel code"/></Errors>'), {
        status: 404,
      }),
  });
  await rejectsWith(discoverActivity(refused), /at hotel H1 .*OTA_ErrorRS reply: Invalid hotel code/);
  await rejectsWith(discoverActivity(world({ reply: () => noReply('activityavailability') })), /no HTTP reply: connect ECONNREFUSED/);
});

test("what availability does not show comes from the activity's descriptive data, asked once", async () => {
  const asked: string[] = [];
  const found = await discoverActivity(
    world({
      reply: () =>
        availability(
          info(
            '<BasicInfo TourActivityID="D1" SupplierProductCode="SP1"><TPA_Extensions><SupplierService SupplierServiceCode="STD"/></TPA_Extensions></BasicInfo>',
          ),
        ),
      described: {
        operationTimes: [{ start: '08:30:00' }],
        minutes: 420,
        pickups: [{ location: 'H1', takes: true, time: '07:50:00' }],
        ages: { min: 12, at: ['activityavailability.activity.minAge'] },
      },
      asked,
    }),
  );
  assert.deepEqual(asked, ['D1']);
  assert.equal(found.values.startDateTime, '2030-06-02T08:30:00');
  assert.equal(found.values.endDateTime, '2030-06-02T15:30:00');
  assert.equal(found.values.pickupDateTime, '2030-06-02T07:50:00');
  assert.equal(found.values.childAge, 12);
  assert.deepEqual(found.guessed, []);
  // descriptive data that shows only the time: the duration is still a guess, and named
  const half = await discoverActivity(
    world({
      reply: () => availability(info(CODES, '<Detail Start="2030-06-02"/>', SHOWN)),
      described: { operationTimes: [{ start: '10:00:00' }] },
    }),
  );
  assert.equal(half.values.startDateTime, '2030-06-02T10:00:00');
  assert.deepEqual(
    half.guessed.map((g) => g.slice(0, 21)),
    ['a duration of 4 hours'],
  );
  // everything shown in availability: descriptive data is not asked
  const none: string[] = [];
  await discoverActivity(world({ reply: () => availability(info(CODES, TIMED, SHOWN)), asked: none }));
  assert.deepEqual(none, []);
});

test('ages within the limits shown: the activity, then its participant categories; the test data next; else a guess, named', async () => {
  const policy = (attrs: string) =>
    `<PickupDropoff DateTime="2030-06-02T08:10:00" LocationName="H1" PickupInd="true"/><Policies><Participant ${attrs}/></Policies>`;
  const aged = async (more: string, bookingValues?: BookingValues) =>
    discoverActivity(world({ reply: () => availability(info(CODES, TIMED, more)), bookingValues }));
  const minimum = await aged(policy('MinAge="10"'));
  assert.deepEqual([minimum.values.adultAge, minimum.values.childAge, minimum.guessed], [35, 10, []]);
  const maximum = await aged(policy('MinAge="4" MaxAge="30"'));
  assert.deepEqual([maximum.values.adultAge, maximum.values.childAge], [30, 8]);
  // a category's own limits and the age it was priced for (AgeQualifyingGroup, ParticipantCategory/@Age)
  const categories =
    '<Pricing><ParticipantCategory MinAge="18"><QualifierInfo>Adult</QualifierInfo><Price Amount="10"/></ParticipantCategory>' +
    '<ParticipantCategory Age="6"><QualifierInfo>Child</QualifierInfo><Price Amount="5"/></ParticipantCategory></Pricing>' +
    '<PickupDropoff DateTime="2030-06-02T08:10:00" LocationName="H1" PickupInd="true"/>';
  const byCategory = await aged(categories);
  assert.deepEqual([byCategory.values.adultAge, byCategory.values.childAge, byCategory.guessed], [35, 6, []]);
  const within = await aged(categories.replace('MinAge="18"', 'MinAge="40" MaxAge="64"'));
  assert.equal(within.values.adultAge, 40);
  // nothing shown: the test data's ages, then the suite's (a guess, named)
  const pickupOnly = '<PickupDropoff DateTime="2030-06-02T08:10:00" LocationName="H1" PickupInd="true"/>';
  const declared = await aged(pickupOnly, { ages: { adult: 50, child: 11 } });
  assert.deepEqual([declared.values.adultAge, declared.values.childAge, declared.guessed], [50, 11, []]);
  const guessed = await aged(pickupOnly);
  assert.match(guessed.guessed.join(' | '), /the ages 35 \(adult\) and 8 \(child\): no age limits shown .*activities\.bookingValues\.ages/);
  // only the categories of the party are ages to choose
  const adults = await discoverActivity(
    world({ reply: () => availability(info(CODES, TIMED, pickupOnly)), parties: [{ adults: 2, children: 0 }] }),
  );
  assert.match(adults.guessed.join(' | '), /the ages 35 \(adult\): /);
});

test('the pickup: shown at the hotel with its time; a meeting point or a pickup elsewhere is no pickup; then the test data; else none, a guess', async () => {
  const booked = async (more: string, described?: Partial<ConstraintsShown>, bookingValues?: BookingValues) =>
    discoverActivity(
      world({
        reply: () => availability(info(CODES, TIMED, `${more}<Policies><Participant MinAge="0"/></Policies>`)),
        described,
        bookingValues,
      }),
    );
  const shown = await booked(
    '<PickupDropoff LocationName="h1" PickupInd="1"><Schedule><OperationTimes><OperationTime Start="08:05"/></OperationTimes></Schedule></PickupDropoff>',
  );
  assert.deepEqual([shown.pickup, shown.values.pickupDateTime, shown.guessed], [true, '2030-06-02T08:05:00', []]);
  const meeting = await booked('<PickupDropoff LocationName="Pier 3" MeetingLocation="Pier 3" PickupInd="false"/>');
  assert.deepEqual([meeting.pickup, meeting.guessed], [false, []]);
  const elsewhere = await booked('<PickupDropoff LocationName="H9" PickupInd="true" DateTime="2030-06-02T08:00:00"/>');
  assert.deepEqual([elsewhere.pickup, elsewhere.guessed], [false, []]);
  const untimed = await booked('<PickupDropoff LocationName="H1" PickupInd="true"/>', { pickups: [{ location: 'H1', takes: true }] });
  assert.equal(untimed.values.pickupDateTime, '2030-06-02T09:00:00');
  assert.match(untimed.guessed.join(), /a pickup at 09:00, 30 minutes before the start .*activities\.bookingValues\.pickupTime/);
  const timedByDescription = await booked('<PickupDropoff LocationName="H1" PickupInd="true"/>', {
    pickups: [
      { location: 'H2', takes: true, time: '07:30:00' },
      { location: 'H1', takes: true, time: '07:55:00' },
    ],
  });
  assert.deepEqual([timedByDescription.values.pickupDateTime, timedByDescription.guessed], ['2030-06-02T07:55:00', []]);
  const timedByData = await booked('<PickupDropoff LocationName="H1" PickupInd="true"/>', undefined, { pickupTime: '08:20' });
  assert.deepEqual([timedByData.values.pickupDateTime, timedByData.guessed], ['2030-06-02T08:20:00', []]);
  // shown nowhere: the test data says whether it picks up, else none is asked for, and that is named
  const ticket = await booked('', undefined, { pickupTime: null });
  assert.deepEqual([ticket.pickup, ticket.guessed], [false, []]);
  const declared = await booked('', undefined, { pickupTime: '07:40' });
  assert.deepEqual([declared.pickup, declared.values.pickupDateTime], [true, '2030-06-02T07:40:00']);
  const unknown = await booked('');
  assert.equal(unknown.pickup, false);
  assert.match(unknown.guessed.join(), /no pickup: neither availability nor descriptive data shows a PickupDropoff at hotel H1/);
});

test('the party booked is one availability was asked for and answered, within the party size shown; else the next declared party', async () => {
  const sizes: number[] = [];
  const found = await discoverActivity(
    world({
      parties: [
        { adults: 1, children: 0 },
        { adults: 2, children: 1 },
      ],
      reply: (otaRequest) => {
        const size = otaRequest.values('//ota:ParticipantCount/@Quantity').reduce((n, q) => n + Number(q), 0);
        sizes.push(size);
        return availability(info(CODES, TIMED, `${SHOWN.replace('MinAge="0"', 'MinAge="0" MinParticipants="2"')}`));
      },
    }),
  );
  assert.deepEqual(sizes, [1, 3]);
  assert.deepEqual(found.party, { adults: 2, children: 1 });
  // no declared party fits: cannot tell, with the size the gateway shows
  await rejectsWith(
    discoverActivity(world({ reply: () => availability(info(CODES, TIMED, SHOWN.replace('MinAge="0"', 'MaxParticipants="2"'))) })),
    /A1 takes parties of 1 to 2 \(activityavailability\.activity\.maxParticipants\), not 2 adult\(s\) and 1 child\(ren\)/,
  );
});

test('contradictory constraints are no guess and no crash: the option is not booked, and the reason names the reply that showed them', async () => {
  const contradictory = info(CODES, TIMED, '<Policies><Participant MinAge="14" MaxAge="10"/></Policies>');
  await rejectsWith(
    discoverActivity(answer(contradictory)),
    /A1: contradictory constraints: activity availability shows the ages of its participants: a minimum of 14 above a maximum of 10/,
  );
  const lateRise = info(CODES, TIMED, '<PickupDropoff DateTime="2030-06-02T10:00:00" LocationName="H1" PickupInd="true"/>');
  await rejectsWith(discoverActivity(answer(lateRise)), /activity availability shows a pickup at 10:00, after its start at 09:30/);
  const parties = world({
    reply: () => availability(info(CODES, '<Detail Start="2030-06-02"/>', SHOWN)),
    described: { party: { min: 5, max: 4, at: ['x'] }, contradictions: ['the size of its party: a minimum of 5 above a maximum of 4 (x)'] },
  });
  await rejectsWith(discoverActivity(parties), /activity descriptive data shows the size of its party/);
  // another option that keeps its constraints is booked instead
  const other = info(CODES.replace('A1', 'B2'), TIMED, SHOWN);
  assert.equal((await discoverActivity(answer(contradictory, other))).values.tourActivityId, 'B2');
});

// Activity descriptive data needs only a TourActivityID, never availability's dates.
test('an activity to describe: any TourActivityID availability shows, dates or not; else the test data product code', async () => {
  const describing = (reply: () => Exchange) => world({ reply });
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
