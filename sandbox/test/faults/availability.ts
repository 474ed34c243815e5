// Every fault of the searches (hotel and activity availability, activity search) changes the
// behaviour it claims (sandbox/src/faults/availability.ts).
import assert from 'node:assert/strict';
import type { AVAILABILITY_FAULTS } from '../../src/faults/availability';
import { call, day, errorCode, isSuccess, one, xp } from '../helpers';
import { type FaultEffects, ROOM_STAY, TOUR_ACTIVITY } from './support';

export const AVAILABILITY_EFFECTS: FaultEffects<typeof AVAILABILITY_FAULTS> = {
  'ignores-maxresponses': async (b) => assert.ok(xp((await call(b, 'hotelavailability', { maxResponses: 1 })).body, ROOM_STAY).length > 1),
  'small-maxresponses-refused': async (b) => {
    assert.ok(!isSuccess((await call(b, 'hotelavailability', { maxResponses: 1 })).body));
    assert.ok(isSuccess((await call(b, 'hotelavailability', { maxResponses: 10 })).body));
  },
  'hotel-ignores-dates': async (b) =>
    assert.notEqual(one((await call(b, 'hotelavailability')).body, `${ROOM_STAY}/ota:TimeSpan/@Start`), day(30)),
  'hotel-ignores-place': async (b) =>
    assert.ok(
      xp((await call(b, 'hotelavailability', { maxResponses: 50 })).body, `${ROOM_STAY}//ota:StateProv`).some((r) => r !== 'Mallorca'),
    ),
  'hotel-wrong-guests': async (b) =>
    assert.equal(
      one(
        (await call(b, 'hotelavailability', { adults: 1, children: 1 })).body,
        `${ROOM_STAY}//ota:GuestCount[@AgeQualifyingCode='10']/@Count`,
      ),
      '2',
    ),
  'ignores-maximumprice': async (b) =>
    assert.ok(
      xp((await call(b, 'activityavailability', { maximumPrice: 50 })).body, `${TOUR_ACTIVITY}//ota:Price/@Amount`).some(
        (a) => Number(a) > 50,
      ),
    ),
  'prices-wrong-participants': async (b) =>
    assert.deepEqual(
      new Set(
        xp(
          (await call(b, 'activityavailability', { adults: 3 })).body,
          `${TOUR_ACTIVITY}//ota:ParticipantCategory[ota:QualifierInfo/@Extension='10']//ota:ParticipantCount/@Quantity`,
        ),
      ),
      new Set(['1']),
    ),
  'hotel-availability-empty': async (b) => {
    const body = (await call(b, 'hotelavailability')).body;
    assert.ok(isSuccess(body));
    assert.equal(xp(body, `count(${ROOM_STAY})`)[0], '0');
  },
  'region-refpoint-refused': async (b) => assert.ok(!isSuccess((await call(b, 'hotelavailability', { placeContext: 'Region' })).body)),
  'empty-search-500': async (b) => assert.equal(errorCode((await call(b, 'hotelavailability', { place: 'Atlantis' })).body), '12/448'),
  'activity-availability-empty': async (b) => {
    const body = (await call(b, 'activityavailability')).body;
    assert.ok(isSuccess(body));
    assert.equal(xp(body, `count(${TOUR_ACTIVITY})`)[0], '0');
  },
  'activities-other-area': async (b) =>
    assert.ok(
      xp((await call(b, 'activityavailability')).body, `${TOUR_ACTIVITY}/ota:PickupDropoff/@LocationName`).some((h) => h !== 'PMIBEL01'),
    ),
  'activities-ignore-dates': async (b) => {
    const starts = xp((await call(b, 'activityavailability')).body, `${TOUR_ACTIVITY}/ota:Schedule/ota:Summary/@Start`);
    assert.ok(starts.length > 0 && starts.every((d) => d > day(33)));
  },
  'activity-hotel-only-refused': async (b) => assert.ok(!isSuccess((await call(b, 'activityavailability', { productCode: '' })).body)),
  'activity-product-only-refused': async (b) =>
    assert.ok(!isSuccess((await call(b, 'activityavailability', { hotelCode: '', productCode: 'DRACH-CAVES' })).body)),
  'search-ignores-dates': async (b) => {
    const starts = xp((await call(b, 'activitysearch')).body, `${TOUR_ACTIVITY}/ota:Schedule/ota:Summary/@Start`);
    assert.ok(starts.length > 0 && starts.every((d) => d > day(33)));
  },
  'wrong-currency-decimal': async (b) => {
    const body = (await call(b, 'activityavailability', { currencyDecimal: 0 })).body;
    assert.ok(xp(body, `${TOUR_ACTIVITY}//ota:Pricing//@Amount`).every((a) => /\.\d\d$/.test(a)));
    assert.deepEqual(new Set(xp(body, `${TOUR_ACTIVITY}//ota:Pricing//@DecimalPlaces`)), new Set(['2']));
  },
  'search-ignores-area': async (b) =>
    assert.ok(
      xp((await call(b, 'activitysearch', { hotelCode: 'PMOMON03' })).body, `${TOUR_ACTIVITY}/ota:BasicInfo/@TourActivityID`).some(
        (id) => id !== 'PMO-STREET',
      ),
    ),
  'availability-without-rates': async (b) => {
    const body = (await call(b, 'activityavailability')).body;
    assert.ok(xp(body, `count(${TOUR_ACTIVITY})`)[0] !== '0', 'activities are listed');
    assert.equal(xp(body, `count(${TOUR_ACTIVITY}//@Amount)`)[0], '0', 'no amount anywhere');
    assert.ok(xp(body, `${TOUR_ACTIVITY}/ota:ParticipantCount/@Quantity`).length > 0, "the request's ParticipantCount echoed");
  },
  'activity-ignores-hotel': async (b) => {
    // a hotel and no product: activities at other hotels' pickups
    const pickups = xp((await call(b, 'activityavailability')).body, `${TOUR_ACTIVITY}/ota:PickupDropoff/@LocationName`);
    assert.ok(
      pickups.some((h) => h !== 'PMIBEL01'),
      pickups.join(', '),
    );
  },
  'product-only-ignores-product': async (b) => {
    const ids = xp(
      (await call(b, 'activityavailability', { hotelCode: '', productCode: 'PMI-DRACH' })).body,
      `${TOUR_ACTIVITY}/ota:BasicInfo/@TourActivityID`,
    );
    assert.ok(
      ids.some((id) => id !== 'PMI-DRACH'),
      ids.join(', '),
    );
  },
  'child-priced-as-adult': async (b) => {
    const body = (await call(b, 'activityavailability', { adults: 2, children: 1 })).body;
    assert.ok(xp(body, `count(${TOUR_ACTIVITY})`)[0] !== '0');
    assert.equal(
      xp(body, `count(${TOUR_ACTIVITY}//ota:ParticipantCategory[ota:QualifierInfo/@Extension='8'])`)[0],
      '0',
      'no child category',
    );
    assert.deepEqual(
      new Set(xp(body, `${TOUR_ACTIVITY}//ota:ParticipantCategory[ota:QualifierInfo/@Extension='10']//ota:ParticipantCount/@Quantity`)),
      new Set(['3']),
    );
  },
  'ignores-requested-currency': async (b) => {
    const currencies = xp(
      (await call(b, 'activityavailability', { currency: 'EUR' })).body,
      `${TOUR_ACTIVITY}//ota:Pricing//@CurrencyCode`,
    );
    assert.ok(currencies.length > 0 && currencies.every((c) => c === 'USD'), currencies.join(', '));
  },
  'hotel-country-code-mismatch': async (b) => {
    const body = (await call(b, 'hotelavailability')).body;
    const codes = xp(body, `${ROOM_STAY}/ota:BasicPropertyInfo/@CountryCode`);
    const named = xp(body, `${ROOM_STAY}/ota:BasicPropertyInfo/ota:Address/ota:CountryName/@Code`);
    assert.ok(codes.length > 0 && codes.every((c, i) => c !== named[i]), `${codes.join(', ')} beside ${named.join(', ')}`);
  },
  'hotel-region-code-mismatch': async (b) => {
    const body = (await call(b, 'hotelavailability')).body;
    const codes = xp(body, `${ROOM_STAY}/ota:BasicPropertyInfo/ota:Address/ota:StateProv/@StateCode`);
    const named = xp(body, `${ROOM_STAY}/ota:BasicPropertyInfo/ota:Address/ota:CountryName/@Code`);
    assert.ok(codes.length > 0 && codes.every((c, i) => !c.startsWith(`${named[i]}-`)), `${codes.join(', ')} beside ${named.join(', ')}`);
  },
  'hotel-room-stays-unbound': async (b) => {
    const body = (await call(b, 'hotelavailability')).body;
    assert.ok(xp(body, `count(${ROOM_STAY})`)[0] !== '0');
    assert.equal(xp(body, `count(${ROOM_STAY}//@*)`)[0], '0');
    assert.equal(xp(body, `count(${ROOM_STAY}//text()[normalize-space()])`)[0], '0');
  },
  'pricing-currency-contradicts-amounts': async (b) => {
    const body = (await call(b, 'activityavailability', { currency: 'EUR' })).body;
    assert.equal(one(body, '//ota:ProcessingInformation/@PricingCurrency'), 'USD');
    const currencies = xp(body, `${TOUR_ACTIVITY}//ota:Pricing//@CurrencyCode`);
    assert.ok(currencies.length > 0 && currencies.every((c) => c === 'EUR'), currencies.join(', '));
  },
};
