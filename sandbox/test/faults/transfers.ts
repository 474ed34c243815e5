// Every fault of transfer availability changes the behaviour it claims
// (sandbox/src/faults/transfers.ts).
import assert from 'node:assert/strict';
import type { TRANSFER_FAULTS } from '../../src/faults/transfers';
import { call, day, fill, isSuccess, one, post, xp } from '../helpers';
import { type FaultEffects, GROUND_SERVICE } from './support';

export const TRANSFER_EFFECTS: FaultEffects<typeof TRANSFER_FAULTS> = {
  'ignores-disability': async (b) =>
    assert.ok(
      xp(
        (await call(b, 'transferavailability', { disabilityRequired: true })).body,
        `${GROUND_SERVICE}/ota:Service/@DisabilityVehicleInd`,
      ).includes('false'),
    ),
  'transfer-disability-required-refused': async (b) => {
    assert.ok(!isSuccess((await call(b, 'transferavailability', { disabilityRequired: true })).body));
    assert.ok(isSuccess((await call(b, 'transferavailability', { disabilityRequired: false })).body));
  },
  'transfer-leg-dates-swapped': async (b) => {
    // the sample's arrival (leg 1) and departure (leg 2): each now dated with the other's flight
    const body = (await call(b, 'transferavailability')).body;
    const pickups = (leg: string) =>
      xp(body, `${GROUND_SERVICE}[ota:RateQualifier/ota:SpecialInputs/@Value='${leg}']/ota:Service/ota:Location/ota:Pickup/@DateTime`);
    const [arrival, departure] = [pickups('1'), pickups('2')];
    assert.ok(arrival.length > 0 && departure.length > 0);
    assert.ok(
      arrival.every((d) => d.startsWith(day(33))),
      arrival.join(', '),
    );
    assert.ok(
      departure.every((d) => d.startsWith(day(30))),
      departure.join(', '),
    );
  },
  'transfer-other-airport': async (b) =>
    assert.ok(!xp((await call(b, 'transferavailability')).body, `${GROUND_SERVICE}//ota:AirportInfo/*/@LocationCode`).includes('PMI')),
  'transfer-first-leg-only': async (b) =>
    assert.deepEqual(
      [...new Set(xp((await call(b, 'transferavailability')).body, `${GROUND_SERVICE}/ota:RateQualifier/ota:SpecialInputs/@Value`))],
      ['1'],
    ),
  'transfer-one-location-only': async (b) => assert.ok(!isSuccess((await call(b, 'transferavailability')).body)),
  'transfer-arrivals-only': async (b) => {
    const hotelToAirport = fill('transferavailability').replace(/<Location RPH="1">[\s\S]*?<\/Location>/, '');
    assert.ok(!isSuccess((await post(b, 'transferavailability', hotelToAirport)).body));
  },
  'transfer-one-passengers-only': async (b) => assert.ok(!isSuccess((await call(b, 'transferavailability')).body)),
  'transfer-other-location': async (b) =>
    assert.ok(!xp((await call(b, 'transferavailability')).body, `${GROUND_SERVICE}//ota:LocationType/@UniqueID`).includes('PMIBEL01')),
  'transfer-search-date': async (b) => {
    const dates = xp((await call(b, 'transferavailability')).body, `${GROUND_SERVICE}//ota:Pickup/@DateTime`);
    assert.ok(dates.length > 0 && dates.every((d) => d.startsWith(day(0))));
  },
  'transfer-one-per-category': async (b) =>
    assert.equal(
      one(
        (await call(b, 'transferavailability', { adults: 2, children: 1 })).body,
        `${GROUND_SERVICE}/ota:ServiceCharges[@Description='10']/ota:Calculation/@Quantity`,
      ),
      '1',
    ),
  'transfer-unknown-airport-fallback': async (b) => {
    const body = (await call(b, 'transferavailability', { airportCode: 'ZZZ' })).body;
    assert.ok(isSuccess(body) && xp(body, GROUND_SERVICE).length > 0);
  },
};
