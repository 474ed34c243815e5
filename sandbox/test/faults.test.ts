// Every fault of the catalogue changes the behaviour it claims (and, when it names operations,
// leaves another operation alone).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { SANDBOX_CREDENTIALS } from '../src/credentials';
import { FAULTS } from '../src/faults';
import type { RunningSandbox } from '../src/index';
import { call, day, errorCode, fill, initQuery, isSuccess, one, post, start, xp, type Reply } from './helpers';

before(() => initQuery());

const OTA = 'http://www.opentravel.org/OTA/2003/05';
const RS = '//ota:RoomStay';
const TA = '//ota:TourActivityInfo';
const GS = '//ota:GroundService';
const RD = '//ota:HotelReservation';
const SANDBOX_PASSWORD = SANDBOX_CREDENTIALS.password;

function withPartial(xml: string, item: string): string {
  return xml.replace(/(<UniqueID Type="36"[^>]*\/>)/, `$1<UniqueID Type="37" ID="${item}" ID_Context="Client"/>`);
}

/** Books `ref`, cancels it with `cancelType`: what the cancel reply says, and the booking's status read after it. */
async function bookCancelRead(b: string, ref: string, cancelType: 'Quote' | 'Commit'): Promise<[string?, string?]> {
  await call(b, 'activitybook', { bookingRef: ref });
  const said = one((await call(b, 'bookcancel', { bookingRef: ref, cancelType })).body, '/*/@Status');
  return [said, one((await call(b, 'bookread', { bookingRef: ref })).body, `${RD}/@ResStatus`)];
}

/** The observable effect of each fault: throws (assert) when the fault did not show. */
const EFFECTS: Record<string, (b: string) => Promise<void>> = {
  'wrong-namespace': async (b) => assert.notEqual(one((await call(b, 'hotelnbc')).body, 'namespace-uri(/*)'), OTA),
  'wrong-root': async (b) => assert.equal(one((await call(b, 'hotelavailability')).body, 'local-name(/*)'), 'OTA_HotelAvailRQ'),
  'version-missing': async (b) => assert.equal(xp((await call(b, 'activitysearch')).body, 'count(/*/@Version)')[0], '0'),
  'success-and-errors': async (b) => {
    const e = (await call(b, 'hotelnbc', { hotelCode: 'NOPE' })).body;
    assert.equal(xp(e, 'count(/*/ota:Success) + count(/*/ota:Errors)')[0], '2');
    const s = (await call(b, 'hotelnbc')).body;
    assert.equal(xp(s, 'count(/*/ota:Success) + count(/*/ota:Errors)')[0], '2');
  },
  'echotoken-dropped': async (b) =>
    assert.equal(xp((await call(b, 'hotelavailability', { echoToken: 'E1' })).body, 'count(/*/@EchoToken)')[0], '0'),
  'content-type-html': async (b) => assert.match((await call(b, 'activitysearch')).contentType, /^text\/html/),
  'http-500': async (b) => {
    const r = await call(b, 'activitysearch');
    assert.equal(r.status, 500);
    assert.ok(isSuccess(r.body));
  },
  'accepts-wrong-password': async (b) => assert.ok(isSuccess((await call(b, 'hotelavailability', { password: 'wrong' })).body)),
  'accepts-missing-pos': async (b) =>
    assert.ok(isSuccess((await post(b, 'hotelavailability', fill('hotelavailability').replace(/<POS>[\s\S]*<\/POS>/, ''))).body)),
  'ignores-id-context': async (b) => assert.ok(isSuccess((await call(b, 'hotelavailability', { requestorContext: 'SOMEONE-ELSE' })).body)),
  'ignores-maxresponses': async (b) => assert.ok(xp((await call(b, 'hotelavailability', { maxResponses: 1 })).body, RS).length > 1),
  'hotel-ignores-dates': async (b) => assert.notEqual(one((await call(b, 'hotelavailability')).body, `${RS}/ota:TimeSpan/@Start`), day(30)),
  'hotel-ignores-place': async (b) =>
    assert.ok(xp((await call(b, 'hotelavailability', { maxResponses: 50 })).body, `${RS}//ota:StateProv`).some((r) => r !== 'Mallorca')),
  'hotel-wrong-guests': async (b) =>
    assert.equal(
      one((await call(b, 'hotelavailability', { adults: 1, children: 1 })).body, `${RS}//ota:GuestCount[@AgeQualifyingCode='10']/@Count`),
      '2',
    ),
  'ignores-maximumprice': async (b) =>
    assert.ok(
      xp((await call(b, 'activityavailability', { maximumPrice: 50 })).body, `${TA}//ota:Price/@Amount`).some((a) => Number(a) > 50),
    ),
  'prices-wrong-participants': async (b) =>
    assert.deepEqual(
      new Set(
        xp(
          (await call(b, 'activityavailability', { adults: 3 })).body,
          `${TA}//ota:ParticipantCategory[ota:QualifierInfo/@Extension='10']//ota:ParticipantCount/@Quantity`,
        ),
      ),
      new Set(['1']),
    ),
  'wrong-currency-decimal': async (b) => {
    const r = (await call(b, 'activityavailability', { currencyDecimal: 0 })).body;
    assert.ok(xp(r, `${TA}//ota:Pricing//@Amount`).every((a) => /\.\d\d$/.test(a)));
    assert.deepEqual(new Set(xp(r, `${TA}//ota:Pricing//@DecimalPlaces`)), new Set(['2']));
  },
  'search-ignores-area': async (b) =>
    assert.ok(
      xp((await call(b, 'activitysearch', { hotelCode: 'PMOMON03' })).body, `${TA}/ota:BasicInfo/@TourActivityID`).some(
        (id) => id !== 'PMO-STREET',
      ),
    ),
  'quote-stores-booking': async (b) => {
    await call(b, 'activitybook', { resStatus: 'Quote', bookingRef: 'F-Q' });
    assert.ok(isSuccess((await call(b, 'bookread', { bookingRef: 'F-Q' })).body));
  },
  'commit-not-persisted': async (b) => {
    assert.ok(isSuccess((await call(b, 'activitybook', { bookingRef: 'F-C' })).body));
    assert.equal(errorCode((await call(b, 'bookread', { bookingRef: 'F-C' })).body), '3/87');
  },
  'duplicate-accepted': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-D', itemRef: 'I' });
    assert.ok(isSuccess((await call(b, 'activitybook', { bookingRef: 'F-D', itemRef: 'I' })).body));
    assert.equal(xp((await call(b, 'bookread', { bookingRef: 'F-D' })).body, `${RD}//ota:Service`).length, 2);
  },
  'read-returns-other-booking': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-R1' });
    await call(b, 'activitybook', { bookingRef: 'F-R2' });
    assert.equal(one((await call(b, 'bookread', { bookingRef: 'F-R1' })).body, `${RD}/ota:UniqueID/@ID`), 'F-R2');
  },
  'cancel-quote-cancels': async (b) => assert.deepEqual(await bookCancelRead(b, 'F-X1', 'Quote'), ['Pending', 'Cancelled']),
  'cancel-commit-noop': async (b) => assert.deepEqual(await bookCancelRead(b, 'F-X2', 'Commit'), ['Cancelled', 'Reserved']),
  'partial-cancels-all': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-P', itemRef: 'A' });
    await call(b, 'activitybook', { bookingRef: 'F-P', itemRef: 'B' });
    await post(b, 'bookcancel', withPartial(fill('bookcancel', { bookingRef: 'F-P' }), 'A'));
    assert.deepEqual(xp((await call(b, 'bookread', { bookingRef: 'F-P' })).body, `${RD}//ota:Service/@ReservationStatusType`), [
      'Cancelled',
      'Cancelled',
    ]);
  },
  'quote-unhandled': async (b) => assert.equal(errorCode((await call(b, 'activitybook', { resStatus: 'Quote' })).body), '12/448'),
  'quote-priced-zero': async (b) => {
    const q = (await call(b, 'activitybook', { resStatus: 'Quote' })).body;
    assert.ok(isSuccess(q));
    assert.deepEqual([...new Set(xp(q, '//ota:ReservationDetails//@Amount'))], ['0.00']);
  },
  'participants-keyed-by-category': async (b) => {
    // the sample's second participant (a child) made a second adult
    const twoAdults = fill('activitybook', { resStatus: 'Quote' })
      .replace('QualifierInfo="8"', 'QualifierInfo="10"')
      .replace('Age="8"', 'Age="41"');
    assert.equal(errorCode((await post(b, 'activitybook', twoAdults)).body), '12/448');
  },
  'commit-ref-overwritten': async (b) => {
    const r = (await call(b, 'activitybook', { bookingRef: 'F-CR' })).body;
    assert.notEqual(one(r, "//ota:ReservationDetails/ota:Confirmation[@Type='36'][@ID_Context='Client']/@ID"), 'F-CR');
    assert.ok(isSuccess((await call(b, 'bookread', { bookingRef: 'F-CR' })).body), 'stored under the client reference');
  },
  'read-names-swapped': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-N' });
    assert.deepEqual(xp((await call(b, 'bookread', { bookingRef: 'F-N' })).body, `${RD}//ota:Surname`), ['Ana', 'Leo']);
  },
  'read-list-refused': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-L' });
    const listRead = fill('bookread', { bookingRef: 'F-L' }).replace('ReturnListIndicator="false"', 'ReturnListIndicator="true"');
    assert.equal(errorCode((await post(b, 'bookread', listRead)).body), '3/320');
  },
  'cancel-quote-refused': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-XQ' });
    assert.equal(errorCode((await call(b, 'bookcancel', { bookingRef: 'F-XQ', cancelType: 'Quote' })).body), '3/320');
  },
  'cancel-quote-says-cancelled': async (b) => assert.deepEqual(await bookCancelRead(b, 'F-XS', 'Quote'), ['Cancelled', 'Reserved']),
  'cancel-status-pending': async (b) => assert.deepEqual(await bookCancelRead(b, 'F-XP', 'Commit'), ['Pending', 'Cancelled']),
  'cancel-twice-succeeds': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-X3' });
    await call(b, 'bookcancel', { bookingRef: 'F-X3' });
    assert.equal(one((await call(b, 'bookcancel', { bookingRef: 'F-X3' })).body, '/*/@Status'), 'Cancelled');
  },
  'hotelnbc-other-hotel': async (b) =>
    assert.notEqual(one((await call(b, 'hotelnbc')).body, '//ota:HotelDescriptiveContent/@HotelCode'), 'PMIBEL01'),
  'cancel-unknown-succeeds': async (b) => assert.ok(isSuccess((await call(b, 'bookcancel', { bookingRef: 'NO-SUCH-REF' })).body)),
  'read-unknown-served': async (b) => assert.ok(isSuccess((await call(b, 'bookread', { bookingRef: 'NO-SUCH-REF' })).body)),
  'hotelnbc-unknown-served': async (b) => assert.ok(isSuccess((await call(b, 'hotelnbc', { hotelCode: 'NOPE' })).body)),
  'activitynbc-unknown-served': async (b) => assert.ok(isSuccess((await call(b, 'activitynbc', { tourActivityId: 'NOPE' })).body)),
  'activitynbc-other-activity': async (b) =>
    assert.notEqual(one((await call(b, 'activitynbc')).body, '//ota:TourActivityDescriptiveContent/@TourActivityID'), 'PMI-DRACH'),
  'ignores-disability': async (b) =>
    assert.ok(
      xp((await call(b, 'transferavailability', { disabilityRequired: true })).body, `${GS}/ota:Service/@DisabilityVehicleInd`).includes(
        'false',
      ),
    ),
  'transfer-other-airport': async (b) =>
    assert.ok(!xp((await call(b, 'transferavailability')).body, `${GS}//ota:AirportInfo/*/@LocationCode`).includes('PMI')),
  'transfer-first-leg-only': async (b) =>
    assert.deepEqual(
      [...new Set(xp((await call(b, 'transferavailability')).body, `${GS}/ota:RateQualifier/ota:SpecialInputs/@Value`))],
      ['1'],
    ),
  'transfer-one-location-only': async (b) => assert.ok(!isSuccess((await call(b, 'transferavailability')).body)),
  'transfer-arrivals-only': async (b) => {
    const hotelToAirport = fill('transferavailability').replace(/<Location RPH="1">[\s\S]*?<\/Location>/, '');
    assert.ok(!isSuccess((await post(b, 'transferavailability', hotelToAirport)).body));
  },
  'transfer-one-passengers-only': async (b) => assert.ok(!isSuccess((await call(b, 'transferavailability')).body)),
  'transfer-other-location': async (b) =>
    assert.ok(!xp((await call(b, 'transferavailability')).body, `${GS}//ota:LocationType/@UniqueID`).includes('PMIBEL01')),
  'transfer-search-date': async (b) => {
    const dates = xp((await call(b, 'transferavailability')).body, `${GS}//ota:Pickup/@DateTime`);
    assert.ok(dates.length > 0 && dates.every((d) => d.startsWith(day(0))));
  },
  'transfer-one-per-category': async (b) =>
    assert.equal(
      one(
        (await call(b, 'transferavailability', { adults: 2, children: 1 })).body,
        `${GS}/ota:ServiceCharges[@Description='10']/ota:Calculation/@Quantity`,
      ),
      '1',
    ),
  'transfer-unknown-airport-fallback': async (b) => {
    const r = (await call(b, 'transferavailability', { airportCode: 'ZZZ' })).body;
    assert.ok(isSuccess(r) && xp(r, GS).length > 0);
  },
  'doctype-entities': async (b) => assert.match((await call(b, 'activitysearch')).body, /<!DOCTYPE[^>]*\[[\s\S]*<!ENTITY/),
  'truncated-reply': async (b) => {
    const r = await call(b, 'hotelnbc');
    assert.throws(() => xp(r.body, 'count(/*)'));
  },
  'slow-reply': async (b) => {
    let t = Date.now();
    await call(b, 'activitysearch');
    assert.ok(Date.now() - t < 250);
    t = Date.now();
    await call(b, 'hotelavailability');
    assert.ok(Date.now() - t >= 400);
  },
  'errors-to-valid-request': async (b) => {
    assert.equal(errorCode((await call(b, 'activitysearch')).body), '12/448');
  },
  'local-timestamp': async (b) => assert.match(one((await call(b, 'hotelnbc')).body, '/*/@TimeStamp') ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:/),
  'error-without-type': async (b) => {
    const e = (await call(b, 'hotelnbc', { hotelCode: 'NOPE' })).body;
    assert.equal(xp(e, 'count(/*/ota:Errors/ota:Error)')[0], '1');
    assert.equal(xp(e, 'count(/*/ota:Errors/ota:Error/@Type)')[0], '0');
  },
  'malformed-500': async (b) => {
    const r = await post(b, 'hotelnbc', '<OTA_HotelDescriptiveInfoRQ xmlns="http://www.opentravel.org/OTA/2003/05"');
    assert.equal(r.status, 500);
    assert.match(r.contentType, /^text\/html/);
  },
  'accepts-wrong-namespace': async (b) =>
    assert.ok(isSuccess((await post(b, 'hotelnbc', fill('hotelnbc').replace(`xmlns="${OTA}"`, 'xmlns="urn:example:other"'))).body)),
  'root-name-unchecked': async (b) =>
    assert.ok(isSuccess((await post(b, 'hotelnbc', fill('hotelnbc').replace(/OTA_HotelDescriptiveInfoRQ/g, 'OTA_ReadRQ'))).body)),
  'ignores-requestor-id': async (b) => assert.ok(isSuccess((await call(b, 'hotelavailability', { requestorId: 'SOMEONE-ELSE' })).body)),
  'ignores-user-id': async (b) => assert.ok(isSuccess((await call(b, 'hotelavailability', { user: 'someone-else' })).body)),
  'accepts-one-source': async (b) =>
    assert.ok(
      isSuccess(
        (
          await post(
            b,
            'hotelavailability',
            fill('hotelavailability').replace(/<Source>\s*<RequestorID Type="88"[^>]*\/>\s*<\/Source>/, ''),
          )
        ).body,
      ),
    ),
  'instance-refused': async (b) => assert.ok(!isSuccess((await call(b, 'transferavailability', { requestorInstance: 'BRANCH-01' })).body)),
  'booking-ops-skip-auth': async (b) => {
    await call(b, 'activitybook', { bookingRef: 'F-AUTH' });
    assert.ok(isSuccess((await call(b, 'bookread', { bookingRef: 'F-AUTH', password: 'wrong' })).body));
  },
  'credentials-in-errors': async (b) =>
    assert.ok((await call(b, 'hotelnbc', { hotelCode: 'NOPE' })).body.includes(`MessagePassword=${SANDBOX_PASSWORD}`)),
  'hotel-availability-empty': async (b) => {
    const r = (await call(b, 'hotelavailability')).body;
    assert.ok(isSuccess(r));
    assert.equal(xp(r, `count(${RS})`)[0], '0');
  },
  'region-refpoint-refused': async (b) => assert.ok(!isSuccess((await call(b, 'hotelavailability', { placeContext: 'Region' })).body)),
  'empty-search-500': async (b) => assert.equal(errorCode((await call(b, 'hotelavailability', { place: 'Atlantis' })).body), '12/448'),
  'activity-availability-empty': async (b) => {
    const r = (await call(b, 'activityavailability')).body;
    assert.ok(isSuccess(r));
    assert.equal(xp(r, `count(${TA})`)[0], '0');
  },
  'activities-other-area': async (b) =>
    assert.ok(xp((await call(b, 'activityavailability')).body, `${TA}/ota:PickupDropoff/@LocationName`).some((h) => h !== 'PMIBEL01')),
  'activities-ignore-dates': async (b) => {
    const starts = xp((await call(b, 'activityavailability')).body, `${TA}/ota:Schedule/ota:Summary/@Start`);
    assert.ok(starts.length > 0 && starts.every((d) => d > day(33)));
  },
  'activity-hotel-only-refused': async (b) => assert.ok(!isSuccess((await call(b, 'activityavailability', { productCode: '' })).body)),
  'activity-product-only-refused': async (b) =>
    assert.ok(!isSuccess((await call(b, 'activityavailability', { hotelCode: '', productCode: 'DRACH-CAVES' })).body)),
  'search-ignores-dates': async (b) => {
    const starts = xp((await call(b, 'activitysearch')).body, `${TA}/ota:Schedule/ota:Summary/@Start`);
    assert.ok(starts.length > 0 && starts.every((d) => d > day(33)));
  },
  'hotelnbc-code-only': async (b) => {
    const r = (await call(b, 'hotelnbc')).body;
    assert.equal(xp(r, 'count(//ota:HotelDescriptiveContent)')[0], '1');
    assert.equal(xp(r, 'count(//ota:HotelDescriptiveContent/@HotelName | //ota:HotelDescriptiveContent/*)')[0], '0');
  },
  'activitynbc-code-only': async (b) => {
    const r = (await call(b, 'activitynbc')).body;
    assert.equal(xp(r, 'count(//ota:TourActivityDescriptiveContent)')[0], '1');
    assert.equal(xp(r, 'count(//ota:TourActivityDescriptiveContent/@Name | //ota:TourActivityDescriptiveContent/*)')[0], '0');
  },
};

describe('fault catalogue', () => {
  it('has at least 28 named faults with area, operations, description and requirement IDs', () => {
    assert.ok(FAULTS.length >= 28);
    assert.equal(new Set(FAULTS.map((f) => f.name)).size, FAULTS.length);
    for (const f of FAULTS) {
      assert.ok(f.area && f.operations.length && f.description.length > 20 && f.breaks.length, f.name);
      for (const id of f.breaks) assert.match(id, /^[A-Z]+(-[A-Z0-9]+)+$/);
    }
    assert.deepEqual(Object.keys(EFFECTS).sort(), FAULTS.map((f) => f.name).sort(), 'every fault has an effect test');
  });

  it('an unknown fault name is refused with the list of valid ones', async () => {
    await assert.rejects(start({ faults: ['nope'] }), /unknown fault nope; valid faults: wrong-namespace/);
  });

  for (const f of FAULTS) {
    it(`${f.name} (${f.breaks.join(', ')}): ${f.description}`, async () => {
      let sb: RunningSandbox | undefined;
      let clean: RunningSandbox | undefined;
      try {
        sb = await start({ faults: [f.name], slowMs: 400 });
        await EFFECTS[f.name](sb.baseUrl);
        // Without the fault the same check must fail: the effect is the fault's, not the sandbox's.
        clean = await start({ slowMs: 400 });
        await assert.rejects(EFFECTS[f.name](clean.baseUrl), `${f.name}: the check also passes without the fault`);
        if (!f.operations.includes('*')) {
          // Faults aimed at some operations leave the others alone.
          const other = f.operations.includes('hotelnbc') ? 'activitynbc' : 'hotelnbc';
          const r: Reply = await call(sb.baseUrl, other);
          assert.equal(r.status, 200);
          assert.ok(isSuccess(r.body), `${f.name} broke ${other}`);
        }
      } finally {
        await sb?.close();
        await clean?.close();
      }
    });
  }
});
