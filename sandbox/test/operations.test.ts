// Each operation answers valid requests with realistic content that depends on the request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '../src/index';
import { call, day, errorCode, initQuery, isSuccess, num, one, xp } from './helpers';
import { start } from './helpers';

let sb: RunningSandbox;
before(async () => {
  await initQuery();
  sb = await start();
});
after(() => sb.close());

const RS = '/ota:OTA_HotelAvailRS/ota:RoomStays/ota:RoomStay';

describe('hotelavailability', () => {
  it('lists available hotels of the region with name, country, region, dates and guests', async () => {
    const reply = await call(sb.baseUrl, 'hotelavailability', { place: 'Mallorca', placeContext: 'Region', maxResponses: 10 });
    assert.ok(isSuccess(reply.body));
    const codes = xp(reply.body, `${RS}/ota:BasicPropertyInfo/@HotelCode`);
    assert.deepEqual([...codes].sort(), ['PMIALC02', 'PMIBEL01', 'PMICDO04', 'PMISOL03']);
    assert.deepEqual(new Set(xp(reply.body, `${RS}/ota:BasicPropertyInfo/ota:Address/ota:StateProv`)), new Set(['Mallorca']));
    assert.deepEqual(new Set(xp(reply.body, `${RS}/ota:BasicPropertyInfo/ota:Address/ota:CountryName/@Code`)), new Set(['ES']));
    assert.ok(xp(reply.body, `${RS}/ota:BasicPropertyInfo/@HotelName`).every((n) => n.length > 3));
    assert.deepEqual(new Set(xp(reply.body, `${RS}/ota:TimeSpan/@Start`)), new Set([day(30)]));
    assert.deepEqual(new Set(xp(reply.body, `${RS}/ota:TimeSpan/@End`)), new Set([day(33)]));
    assert.deepEqual(new Set(xp(reply.body, `${RS}/ota:GuestCounts/ota:GuestCount[@AgeQualifyingCode='10']/@Count`)), new Set(['2']));
    assert.deepEqual(new Set(xp(reply.body, `${RS}/ota:GuestCounts/ota:GuestCount[@AgeQualifyingCode='8']/@Count`)), new Set(['1']));
    // Cheapest first, totals consistent with the nightly rates.
    const totals = xp(reply.body, `${RS}/ota:Total/@AmountAfterTax`).map(Number);
    assert.deepEqual(
      totals,
      [...totals].sort((a, b) => a - b),
    );
    const rr = `(${RS})[1]/ota:RoomRates/ota:RoomRate[1]`;
    const sum = xp(reply.body, `${rr}/ota:Rates/ota:Rate`).length;
    assert.ok(sum >= 1);
    const nightly = num(reply.body, `${rr}/ota:Rates/ota:Rate[1]/ota:Base/@AmountAfterTax`);
    assert.equal(num(reply.body, `${rr}/ota:Total/@AmountAfterTax`), Math.round(nightly * 3 * 100) / 100);
    assert.ok(xp(reply.body, `${RS}/ota:RatePlans/ota:RatePlan/@RatePlanCode`).includes('HB'));
    assert.equal(one(reply.body, `${rr}/ota:Total/@CurrencyCode`), 'EUR');
  });

  it('MaxResponses bounds the number of hotels', async () => {
    for (const n of [1, 2, 3]) {
      const reply = await call(sb.baseUrl, 'hotelavailability', { maxResponses: n });
      assert.equal(xp(reply.body, RS).length, n);
    }
  });

  it('a Country place returns only hotels of that country', async () => {
    const reply = await call(sb.baseUrl, 'hotelavailability', { placeContext: 'Country', place: 'Portugal' });
    const countries = xp(reply.body, `${RS}/ota:BasicPropertyInfo/ota:Address/ota:CountryName`);
    assert.ok(countries.length >= 3);
    assert.deepEqual(new Set(countries), new Set(['Portugal']));
  });

  it('a place without hotels → Success with a Warning and no RoomStay', async () => {
    const reply = await call(sb.baseUrl, 'hotelavailability', { placeContext: 'Country', place: 'Iceland' });
    assert.ok(isSuccess(reply.body));
    assert.equal(one(reply.body, '/*/ota:Warnings/ota:Warning/@Code'), '424');
    assert.equal(xp(reply.body, RS).length, 0);
  });
});

describe('hotelavailability by dates and guests', () => {
  it('dates matter: a hotel closed in winter is left out, high season costs more', async () => {
    const winter = await call(sb.baseUrl, 'hotelavailability', { start: '2031-12-10', end: '2031-12-13' });
    assert.ok(!xp(winter.body, `${RS}/ota:BasicPropertyInfo/@HotelCode`).includes('PMICDO04'));
    const june = await call(sb.baseUrl, 'hotelavailability', { maxResponses: 1 });
    const july = await call(sb.baseUrl, 'hotelavailability', { maxResponses: 1, start: '2031-07-10', end: '2031-07-13' });
    assert.equal(one(july.body, `${RS}/ota:TimeSpan/@Start`), '2031-07-10');
    assert.ok(num(july.body, `${RS}/ota:Total/@AmountAfterTax`) > num(june.body, `${RS}/ota:Total/@AmountAfterTax`));
  });

  it('guests matter: prices rise with guests, 3 adults need a family room, zero counts are ignored', async () => {
    const two = await call(sb.baseUrl, 'hotelavailability', { children: 0 });
    assert.equal(xp(two.body, `${RS}[1]/ota:GuestCounts/ota:GuestCount`).length, 1);
    const three = await call(sb.baseUrl, 'hotelavailability', { children: 1 });
    const code = one(two.body, `${RS}[1]/ota:BasicPropertyInfo/@HotelCode`);
    const total = (b: string) => num(b, `${RS}[ota:BasicPropertyInfo/@HotelCode='${code}']/ota:Total/@AmountAfterTax`);
    assert.ok(total(three.body) > total(two.body));
    const four = await call(sb.baseUrl, 'hotelavailability', { adults: 3, children: 1 });
    assert.deepEqual(new Set(xp(four.body, `${RS}/ota:RoomRates/ota:RoomRate/@RoomTypeCode`)), new Set(['FAM']));
    assert.ok(!xp(four.body, `${RS}/ota:BasicPropertyInfo/@HotelCode`).includes('PMISOL03'));
    assert.equal(one(four.body, `${RS}[1]/ota:GuestCounts/ota:GuestCount[@AgeQualifyingCode='10']/@Count`), '3');
    const five = await call(sb.baseUrl, 'hotelavailability', { adults: 5, children: 0 });
    assert.equal(xp(five.body, RS).length, 0);
  });

  it('no adult → Errors', async () => {
    assert.equal(errorCode((await call(sb.baseUrl, 'hotelavailability', { adults: 0, children: 2 })).body), '3/320');
  });
});

const TA = '/ota:OTA_TourActivityAvailRS/ota:TourActivityInfo';

describe('activityavailability', () => {
  it('offers several activities of the hotel, within the period, priced for the participants', async () => {
    const reply = await call(sb.baseUrl, 'activityavailability', { adults: 3, children: 2 });
    assert.ok(isSuccess(reply.body));
    const ids = new Set(xp(reply.body, `${TA}/ota:BasicInfo/@TourActivityID`));
    assert.ok(ids.size >= 3, [...ids].join());
    assert.deepEqual(new Set(xp(reply.body, `${TA}/ota:PickupDropoff/@LocationName`)), new Set(['PMIBEL01']));
    for (const d of xp(reply.body, `${TA}/ota:Schedule/ota:Detail/@Start`)) assert.ok(d >= day(30) && d <= day(33), d);
    const quantities = (code: string) =>
      new Set(
        xp(
          reply.body,
          `${TA}/ota:Pricing/ota:ParticipantCategory[ota:QualifierInfo/@Extension='${code}']/ota:TPA_Extensions/ota:ParticipantCount/@Quantity`,
        ),
      );
    assert.deepEqual(quantities('10'), new Set(['3']));
    assert.deepEqual(quantities('8'), new Set(['2']));
    assert.ok(
      xp(reply.body, `${TA}/ota:BasicInfo/ota:TPA_Extensions/ota:SupplierService/@SupplierServiceCode`).length ===
        xp(reply.body, TA).length,
    );
    // Summary = Σ quantity × per-person price.
    const first = `${TA}[1]/ota:Pricing`;
    const adult = num(reply.body, `${first}/ota:ParticipantCategory[ota:QualifierInfo/@Extension='10']/ota:Price/@Amount`);
    const child = num(reply.body, `${first}/ota:ParticipantCategory[ota:QualifierInfo/@Extension='8']/ota:Price/@Amount`);
    assert.equal(num(reply.body, `${first}/ota:Summary/@Amount`), Math.round((3 * adult + 2 * child) * 100) / 100);
  });

  it('a product restricts the answer to that activity', async () => {
    const reply = await call(sb.baseUrl, 'activityavailability', { productCode: 'PMI-DRACH' });
    assert.deepEqual(new Set(xp(reply.body, `${TA}/ota:BasicInfo/@TourActivityID`)), new Set(['PMI-DRACH']));
    assert.deepEqual(
      new Set(xp(reply.body, `${TA}/ota:BasicInfo/ota:TPA_Extensions/ota:SupplierService/@SupplierServiceCode`)),
      new Set(['STD', 'VIP']),
    );
  });

  it('MaximumPrice leaves out dearer options', async () => {
    const reply = await call(sb.baseUrl, 'activityavailability', { productCode: 'PMI-DRACH', maximumPrice: 50 });
    assert.deepEqual(xp(reply.body, `${TA}/ota:BasicInfo/ota:TPA_Extensions/ota:SupplierService/@SupplierServiceCode`), ['STD']);
    const all = await call(sb.baseUrl, 'activityavailability', { maximumPrice: 40 });
    for (const a of xp(all.body, `${TA}/ota:Pricing/ota:ParticipantCategory/ota:Price/@Amount`)) assert.ok(Number(a) <= 40, a);
    const none = await call(sb.baseUrl, 'activityavailability', { maximumPrice: 5 });
    assert.ok(isSuccess(none.body));
    assert.equal(one(none.body, '/*/ota:Warnings/ota:Warning/@Code'), '322');
    assert.equal(xp(none.body, TA).length, 0);
  });

  it('CurrencyDecimal and CurrencyCode shape every amount', async () => {
    for (const [d, re] of [
      [0, /^\d+$/],
      [2, /^\d+\.\d{2}$/],
      [3, /^\d+\.\d{3}$/],
    ] as const) {
      const reply = await call(sb.baseUrl, 'activityavailability', { currencyDecimal: d, productCode: 'PMI-DRACH' });
      const amounts = xp(reply.body, `${TA}/ota:Pricing//@Amount`);
      assert.ok(amounts.length > 0);
      for (const amount of amounts) assert.match(amount, re);
      assert.deepEqual(new Set(xp(reply.body, `${TA}/ota:Pricing//@DecimalPlaces`)), new Set([String(d)]));
    }
    const gbp = await call(sb.baseUrl, 'activityavailability', { currency: 'GBP', productCode: 'PMI-DRACH', maximumPrice: 50 });
    assert.equal(one(gbp.body, `${TA}/ota:Pricing/ota:ParticipantCategory[ota:QualifierInfo/@Extension='10']/ota:Price/@Amount`), '38.25');
    assert.deepEqual(new Set(xp(gbp.body, `${TA}/ota:Pricing//@CurrencyCode`)), new Set(['GBP']));
    assert.equal(errorCode((await call(sb.baseUrl, 'activityavailability', { currency: 'XYZ' })).body), '3/320');
    assert.equal(errorCode((await call(sb.baseUrl, 'activityavailability', { currencyDecimal: 5 })).body), '3/320');
  });

  it('zero children are ignored; an out-of-season activity gives a Warning', async () => {
    const reply = await call(sb.baseUrl, 'activityavailability', { children: 0, productCode: 'PMI-DRACH' });
    assert.equal(xp(reply.body, `${TA}[1]/ota:Pricing/ota:ParticipantCategory`).length, 1);
    const w = await call(sb.baseUrl, 'activityavailability', { productCode: 'PMI-CATAM', start: '2032-01-10', end: '2032-01-20' });
    assert.ok(isSuccess(w.body));
    assert.equal(xp(w.body, TA).length, 0);
  });
});

const SI = '/ota:OTA_TourActivitySearchRS/ota:TourActivityInfo';
describe('activitysearch', () => {
  it('returns the activities serving the hotel, in the date window, with area and descriptive data', async () => {
    const reply = await call(sb.baseUrl, 'activitysearch', { start: day(30), end: day(36) });
    assert.ok(xp(reply.body, SI).length >= 4);
    assert.deepEqual(new Set(xp(reply.body, `${SI}/ota:PickupDropoff/@LocationName`)), new Set(['PMIBEL01']));
    assert.deepEqual(new Set(xp(reply.body, `${SI}/ota:Location/ota:Region/@RegionName`)), new Set(['Mallorca']));
    for (const d of xp(reply.body, `${SI}/ota:Schedule/ota:Detail/@Start`)) assert.ok(d >= day(30) && d <= day(36));
    assert.ok(xp(reply.body, `${SI}/ota:BasicInfo/@Name`).every((n) => n.length > 5));
  });
  it('another hotel gives another area', async () => {
    const reply = await call(sb.baseUrl, 'activitysearch', { hotelCode: 'PMOMON03' });
    assert.deepEqual(xp(reply.body, `${SI}/ota:BasicInfo/@TourActivityID`), ['PMO-STREET']);
    assert.equal(one(reply.body, `${SI}/ota:Location/ota:Address/ota:CountryName`), 'Italy');
  });
  it('weekday schedules are honoured; nothing operating → Success + Warning', async () => {
    // PMI-HIKE runs Tuesdays and Fridays only; day(7) is a Monday.
    const reply = await call(sb.baseUrl, 'activitysearch', { productCode: 'PMI-HIKE', start: day(7), end: day(7) });
    assert.ok(isSuccess(reply.body));
    assert.equal(one(reply.body, '/*/ota:Warnings/ota:Warning/@Code'), '322');
    const tue = await call(sb.baseUrl, 'activitysearch', { productCode: 'PMI-HIKE', start: day(7), end: day(8) });
    assert.deepEqual(xp(tue.body, `${SI}/ota:Schedule/ota:Detail/@Start`), [day(8)]);
  });
});

describe('activitynbc', () => {
  it('describes the requested activity', async () => {
    for (const id of ['PMI-DRACH', 'HER-KNOSS']) {
      const reply = await call(sb.baseUrl, 'activitynbc', { tourActivityId: id });
      const c = '/ota:OTA_ProductDescriptiveInfoRS/ota:ProductDescriptiveContents/ota:TourActivityDescriptiveContent';
      assert.equal(one(reply.body, `${c}/@TourActivityID`), id);
      assert.ok((one(reply.body, `${c}/ota:Description/ota:LongDescription`) ?? '').length > 50);
      assert.match(one(reply.body, `${c}/ota:Description/ota:Multimedia//ota:URL`) ?? '', /^https:\/\//);
      assert.ok(xp(reply.body, `${c}/ota:PickupDropoff/@LocationName`).length >= 1);
    }
  });
});

describe('hotelnbc', () => {
  const C = '/ota:OTA_HotelDescriptiveInfoRS/ota:HotelDescriptiveContents/ota:HotelDescriptiveContent';
  it('describes the requested hotel', async () => {
    const reply = await call(sb.baseUrl, 'hotelnbc', { hotelCode: 'FAOVIL01', brandCode: 'ATLANT' });
    assert.equal(one(reply.body, `${C}/@HotelCode`), 'FAOVIL01');
    assert.equal(one(reply.body, `${C}/@BrandCode`), 'ATLANT');
    assert.equal(one(reply.body, `${C}/ota:HotelInfo/ota:HotelName`), 'Vilamoura Atlantic Hotel');
    assert.ok(xp(reply.body, `${C}/ota:HotelInfo/ota:Services/ota:Service/@Code`).length >= 3);
    assert.equal(one(reply.body, `${C}/ota:ContactInfos/ota:ContactInfo/ota:Addresses/ota:Address/ota:CountryName/@Code`), 'PT');
    assert.ok(xp(reply.body, `${C}/ota:MultimediaDescriptions//ota:ImageItem`).length >= 1);
  });
  it('a brand that does not match the hotel → Errors', async () => {
    assert.equal(errorCode((await call(sb.baseUrl, 'hotelnbc', { hotelCode: 'FAOVIL01', brandCode: 'MEDSUN' })).body), '3/320');
  });
});

const GS = '/ota:OTA_GroundAvailRS/ota:GroundServices/ota:GroundService';
describe('transferavailability', () => {
  it('answers both legs with airport, location, pickup time, passengers and price', async () => {
    const reply = await call(sb.baseUrl, 'transferavailability', { adults: 2, children: 1 });
    assert.ok(isSuccess(reply.body));
    const leg1 = `${GS}[ota:RateQualifier/ota:SpecialInputs[@Name='RPH']/@Value='1']`;
    const leg2 = `${GS}[ota:RateQualifier/ota:SpecialInputs[@Name='RPH']/@Value='2']`;
    assert.ok(xp(reply.body, leg1).length >= 2 && xp(reply.body, leg2).length >= 2);
    assert.deepEqual(
      new Set(xp(reply.body, `${leg1}/ota:Service/ota:Location/ota:Pickup/ota:AirportInfo/ota:Arrival/@LocationCode`)),
      new Set(['PMI']),
    );
    assert.deepEqual(
      new Set(xp(reply.body, `${leg1}/ota:Service/ota:Location/ota:Dropoff/ota:Address/ota:LocationType/@UniqueID`)),
      new Set(['PMIBEL01']),
    );
    assert.deepEqual(
      new Set(xp(reply.body, `${leg2}/ota:Service/ota:Location/ota:Dropoff/ota:AirportInfo/ota:Departure/@LocationCode`)),
      new Set(['PMI']),
    );
    assert.deepEqual(new Set(xp(reply.body, `${leg1}/ota:Service/ota:Location/ota:Pickup/@DateTime`)), new Set([`${day(30)}T10:15:00`]));
    assert.deepEqual(new Set(xp(reply.body, `${leg2}/ota:Service/ota:Location/ota:Pickup/@DateTime`)), new Set([`${day(33)}T15:40:00`]));
    assert.deepEqual(new Set(xp(reply.body, `${GS}/ota:ServiceCharges[@Description='10']/ota:Calculation/@Quantity`)), new Set(['2']));
    assert.deepEqual(new Set(xp(reply.body, `${GS}/ota:ServiceCharges[@Description='8']/ota:Calculation/@Quantity`)), new Set(['1']));
    assert.ok(xp(reply.body, `${GS}/ota:TotalCharge/@EstimatedTotalAmount`).every((a) => Number(a) > 0));
    assert.ok(xp(reply.body, `${GS}/ota:Service/@DisabilityVehicleInd`).includes('false'));
  });
  it('DisabilityInfo RequiredInd=true offers only adapted vehicles', async () => {
    const reply = await call(sb.baseUrl, 'transferavailability', { disabilityRequired: true });
    assert.ok(xp(reply.body, GS).length >= 2);
    assert.deepEqual(new Set(xp(reply.body, `${GS}/ota:Service/@DisabilityVehicleInd`)), new Set(['true']));
    // Heraklion has no adapted vehicle.
    const her = await call(sb.baseUrl, 'transferavailability', { disabilityRequired: true, airportCode: 'HER', locationCode: 'HERHAR01' });
    assert.ok(isSuccess(her.body));
    assert.equal(xp(her.body, GS).length, 0);
    assert.equal(one(her.body, '/*/ota:Warnings/ota:Warning/@Code'), '322');
  });
  it('another airport is answered for that airport; vehicles too small are left out', async () => {
    const reply = await call(sb.baseUrl, 'transferavailability', { airportCode: 'FAO', locationCode: 'FAOLAG03', adults: 4, children: 1 });
    assert.deepEqual(new Set(xp(reply.body, `${GS}//ota:AirportInfo/*/@LocationCode`)), new Set(['FAO']));
    assert.ok(!xp(reply.body, `${GS}/ota:Service/ota:VehicleMakeModel/@Code`).includes('CAR'));
    const wrong = await call(sb.baseUrl, 'transferavailability', { airportCode: 'FAO', locationCode: 'PMIBEL01' });
    assert.ok(isSuccess(wrong.body));
    assert.equal(xp(wrong.body, GS).length, 0);
  });
});
