// Each dialect variant of hotel replies (addresses, hotel names, stay dates) changes the form it
// claims and not the substance (sandbox/src/variants/hotels.ts): the same requests go to a default
// sandbox and to one with the variant, and both replies are read by meaning.
import assert from 'node:assert/strict';
import { addDays, daysBetween } from '../../src/dates';
import { VARIANT_LIST } from '../../src/variants';
import type { HOTEL_VARIANTS } from '../../src/variants/hotels';
import type { XNode } from '../../src/xml';
import { day, one, xp } from '../helpers';
import { both, canon, count, same, type VariantEffects } from './support';

export const HOTEL_EFFECTS: VariantEffects<typeof HOTEL_VARIANTS> = {
  'address-local-names': async (pair) => {
    const aliases = (VARIANT_LIST.find((x) => x.name === 'address-local-names')!.testData as { placeAliases: Record<string, string[]> })
      .placeAliases;
    const BPI = '//ota:RoomStay/ota:BasicPropertyInfo';
    const local = { drop: (n: XNode) => n.name === 'StateProv' || n.name === 'CountryName' };
    for (const [place, country, countryName] of [
      ['Mallorca', 'ES', 'España'],
      ['Crete', 'GR', 'Ελλάδα'],
    ]) {
      const { d, v } = await same(pair, 'hotelavailability', { place }, local);
      assert.ok(count(v.raw, BPI) > 1, place);
      assert.deepEqual(xp(v.raw, `${BPI}/@HotelCode`), xp(d.raw, `${BPI}/@HotelCode`));
      assert.deepEqual(new Set(xp(v.raw, `${BPI}/ota:Address/ota:CountryName/@Code`)), new Set([country]));
      assert.deepEqual(new Set(xp(v.raw, `${BPI}/ota:Address/ota:CountryName`)), new Set([countryName]));
      assert.deepEqual(new Set(xp(d.raw, `${BPI}/ota:Address/ota:StateProv`)), new Set([place]));
      const regions = xp(v.raw, `${BPI}/ota:Address/ota:StateProv`);
      assert.ok(
        regions.length > 0 && regions.every((r) => aliases[place].includes(r)),
        `${place}: ${regions.join(', ')} are declared aliases`,
      );
      assert.equal(count(v.raw, `${BPI}/ota:Address//text()[contains(., '${place}')]`), 0, `${place} appears nowhere in the address`);
      assert.deepEqual(xp(v.raw, `${BPI}/ota:Address/ota:CityName`), xp(d.raw, `${BPI}/ota:Address/ota:CityName`));
    }
    const { v } = await same(pair, 'hotelnbc', {}, local);
    const addr = '//ota:ContactInfo/ota:Addresses/ota:Address';
    assert.equal(one(v.raw, `${addr}/ota:StateProv`), 'Illes Balears');
    assert.equal(one(v.raw, `${addr}/ota:CountryName`), 'España');
    assert.equal(one(v.raw, `${addr}/ota:CountryName/@Code`), 'ES');
  },
  'address-region-codes': async (pair) => {
    const BPI = '//ota:RoomStay/ota:BasicPropertyInfo';
    const state = { drop: (n: XNode) => n.name === 'StateProv' };
    for (const [place, code, name] of [
      ['Mallorca', 'ES-PM', 'Mallorca'],
      ['Crete', 'GR-M', 'Kríti'],
    ]) {
      const { v } = await same(pair, 'hotelavailability', { place }, state);
      assert.ok(count(v.raw, BPI) > 1, place);
      assert.deepEqual(new Set(xp(v.raw, `${BPI}/ota:Address/ota:StateProv/@StateCode`)), new Set([code]));
      assert.deepEqual(new Set(xp(v.raw, `${BPI}/ota:Address/ota:StateProv`)), new Set([name]));
    }
    const { v } = await same(pair, 'hotelnbc', {}, state);
    assert.equal(one(v.raw, '//ota:ContactInfo/ota:Addresses/ota:Address/ota:StateProv/@StateCode'), 'ES-PM');
  },
  'hotel-code-only-availability': async (pair) => {
    const BPI = '//ota:RoomStay/ota:BasicPropertyInfo';
    // everything but BasicPropertyInfo is the same; its HotelCode is compared below
    const codeOnly = { drop: (n: XNode) => n.name === 'BasicPropertyInfo' };
    const { d, v } = await same(pair, 'hotelavailability', { place: 'Mallorca' }, codeOnly);
    assert.ok(count(v.raw, BPI) > 1);
    assert.deepEqual(xp(v.raw, `${BPI}/@HotelCode`), xp(d.raw, `${BPI}/@HotelCode`));
    assert.equal(count(v.raw, `${BPI}/ota:Address | ${BPI}/@HotelName | ${BPI}/@BrandCode`), 0, 'the code alone');
    // where the hotel is, its descriptive data still says
    const nbc = await same(pair, 'hotelnbc', {});
    assert.equal(count(nbc.v.raw, '//ota:ContactInfo/ota:Addresses/ota:Address/ota:CountryName'), 1);
  },
  'inclusive-rate-dates': async (pair) => {
    // A stay across the start of the high season gives RoomRates with more than one Rate.
    for (const values of [
      { start: day(30), end: day(33) },
      { start: day(50), end: day(60) },
    ]) {
      const { d, v } = await same(pair, 'hotelavailability', values, {
        ignore: ['End', 'Duration', 'ExpireDate', 'ExpireDateExclusiveInd'],
      });
      const ts = '//ota:RoomStay/ota:TimeSpan';
      assert.equal(count(v.raw, `${ts}/@End`), 0);
      assert.deepEqual(xp(v.raw, `${ts}/@Start`), xp(d.raw, `${ts}/@Start`));
      const nights = daysBetween(values.start, values.end);
      assert.deepEqual(new Set(xp(v.raw, `${ts}/@Duration`)), new Set([`P${nights}N`]));
      assert.deepEqual(
        xp(d.raw, `${ts}/@End`),
        xp(v.raw, `${ts}/@Start`).map((s) => addDays(s, nights)),
        'Start + Duration nights = the default End',
      );
      const rate = '//ota:RoomRate/ota:Rates/ota:Rate';
      assert.deepEqual(
        xp(v.raw, `${rate}/@ExpireDate`),
        xp(d.raw, `${rate}/@ExpireDate`).map((x) => addDays(x, -1)),
        'ExpireDate is the last night',
      );
      assert.equal(count(v.raw, `${rate}[@ExpireDateExclusiveInd='false']`), count(v.raw, rate));
      assert.deepEqual(xp(v.raw, `${rate}/@EffectiveDate`), xp(d.raw, `${rate}/@EffectiveDate`));
    }
  },
  'stay-dates-in-rates-only': async (pair) => {
    const values = { start: day(50), end: day(60) };
    const { d, v } = await same(pair, 'hotelavailability', values, { drop: (n: XNode) => n.name === 'TimeSpan' });
    assert.equal(count(v.raw, '//ota:RoomStay/ota:TimeSpan'), 0);
    assert.ok(count(v.raw, '//ota:RoomStay') > 0);
    assert.deepEqual(
      xp(v.raw, '//ota:RoomRate/ota:Rates/ota:Rate/@EffectiveDate'),
      xp(d.raw, '//ota:RoomRate/ota:Rates/ota:Rate/@EffectiveDate'),
    );
  },
  'rate-periods-beyond-stay': async (pair) => {
    // day(30) is a Wednesday, day(32) (the last night) a Friday: whole weeks from Monday day(28) to Monday day(35).
    // A stay across the start of the high season gives RoomRates with more than one Rate.
    for (const [values, monday, nextMonday] of [
      [{ start: day(30), end: day(33) }, day(28), day(35)],
      [{ start: day(50), end: day(60) }, day(49), day(63)],
    ] as const) {
      const dates = { ignore: ['EffectiveDate', 'ExpireDate'], drop: (n: XNode) => n.name === 'TimeSpan' };
      const { d, v } = await same(pair, 'hotelavailability', values, dates);
      assert.equal(count(v.raw, '//ota:RoomStay/ota:TimeSpan'), 0);
      const rates = '//ota:RoomRate/ota:Rates';
      assert.ok(count(v.raw, rates) > 0);
      assert.deepEqual(new Set(xp(v.raw, `${rates}/ota:Rate[1]/@EffectiveDate`)), new Set([monday]), 'from the Monday of the first night');
      assert.deepEqual(
        new Set(xp(v.raw, `${rates}/ota:Rate[last()]/@ExpireDate`)),
        new Set([nextMonday]),
        'to the Monday after the last night',
      );
      assert.deepEqual(new Set(xp(d.raw, `${rates}/ota:Rate[1]/@EffectiveDate`)), new Set([values.start]));
      // the periods between are the default's
      assert.deepEqual(
        xp(v.raw, `${rates}/ota:Rate[position() > 1]/@EffectiveDate`),
        xp(d.raw, `${rates}/ota:Rate[position() > 1]/@EffectiveDate`),
      );
      assert.deepEqual(
        xp(v.raw, `${rates}/ota:Rate[position() < last()]/@ExpireDate`),
        xp(d.raw, `${rates}/ota:Rate[position() < last()]/@ExpireDate`),
      );
    }
  },
  'guest-count-without-age-code': async (pair) => {
    const { d, v } = await same(pair, 'hotelavailability', { adults: 2, children: 1 }, { drop: (n: XNode) => n.name === 'GuestCounts' });
    const gc = '//ota:RoomStay/ota:GuestCounts/ota:GuestCount';
    assert.ok(count(v.raw, gc) > 0);
    assert.equal(count(v.raw, gc), count(v.raw, '//ota:RoomStay'), 'one GuestCount per stay');
    assert.equal(count(v.raw, `${gc}/@AgeQualifyingCode`), 0);
    assert.deepEqual(new Set(xp(v.raw, `${gc}/@Count`)), new Set(['3']));
    assert.deepEqual(new Set(xp(d.raw, `${gc}/@AgeQualifyingCode`)), new Set(['10', '8']));
  },
  'guests-in-one-age-code': async (pair) => {
    const { d, v } = await same(pair, 'hotelavailability', { adults: 2, children: 1 }, { drop: (n: XNode) => n.name === 'GuestCounts' });
    const gc = '//ota:RoomStay/ota:GuestCounts/ota:GuestCount';
    assert.ok(count(v.raw, gc) > 0);
    assert.equal(count(v.raw, gc), count(v.raw, '//ota:RoomStay'), 'one GuestCount per stay');
    assert.deepEqual(new Set(xp(v.raw, `${gc}/@AgeQualifyingCode`)), new Set(['10']));
    assert.deepEqual(new Set(xp(v.raw, `${gc}/@Count`)), new Set(['3']));
    assert.deepEqual(new Set(xp(d.raw, `${gc}/@AgeQualifyingCode`)), new Set(['10', '8']));
  },
  'hotel-stays-address': async (pair) => {
    const BPI = '//ota:RoomStay/ota:BasicPropertyInfo';
    const moved = { ignore: ['RPH'], drop: (n: XNode) => n.name === 'BasicPropertyInfo' || n.name === 'HotelStays' };
    const { d, v } = await same(pair, 'hotelavailability', { place: 'Mallorca' }, moved);
    const n = count(v.raw, '//ota:RoomStay');
    assert.ok(n > 1);
    assert.deepEqual(xp(v.raw, `${BPI}/@HotelCode`), xp(d.raw, `${BPI}/@HotelCode`));
    assert.equal(count(v.raw, `${BPI}/ota:Address | ${BPI}/@HotelName`), 0, 'the code alone in the RoomStay');
    for (let i = 1; i <= n; i++) {
      const rph = one(v.raw, `(//ota:RoomStay)[${i}]/@RPH`);
      const stay = `//ota:HotelStays/ota:HotelStay[@RoomStayRPH='${rph}']/ota:BasicPropertyInfo`;
      assert.equal(one(v.raw, `${stay}/@HotelCode`), one(d.raw, `(${BPI})[${i}]/@HotelCode`), `HotelStay ${rph}`);
      assert.deepEqual(xp(v.raw, `${stay}/ota:Address/*`), xp(d.raw, `(${BPI})[${i}]/ota:Address/*`), `the address of HotelStay ${rph}`);
    }
  },
  'hotel-portfolio-sister-hotels': async (pair) => {
    const content = '//ota:HotelDescriptiveContents/ota:HotelDescriptiveContent';
    const [d, v] = await both(pair, 'hotelnbc', { hotelCode: 'PMIBEL01', brandCode: 'MEDSUN' });
    assert.deepEqual(xp(d.raw, `${content}/@HotelCode`), ['PMIBEL01']);
    // the requested hotel first, described as by default, then its brand's other hotels
    assert.deepEqual(xp(v.raw, `${content}/@HotelCode`), ['PMIBEL01', 'PMIALC02', 'PMICDO04']);
    assert.deepEqual(new Set(xp(v.raw, `${content}/@BrandCode`)), new Set(['MEDSUN']));
    const requestedOnly = {
      drop: (n: XNode) => n.name === 'AreaInfo' || (n.name === 'HotelDescriptiveContent' && n.attrs.HotelCode !== 'PMIBEL01'),
    };
    assert.equal(canon(v.raw, requestedOnly), canon(d.raw, requestedOnly));
    assert.deepEqual(xp(v.raw, `${content}[1]/ota:AreaInfo/ota:OtherHotels/ota:OtherHotel/@HotelCode`), ['PMIALC02', 'PMICDO04']);
    assert.deepEqual(
      new Set(xp(v.raw, `${content}[1]/ota:AreaInfo/ota:OtherHotels/ota:OtherHotel/@CompetitorIndicator`)),
      new Set(['false']),
    );
    assert.equal(count(v.raw, `${content}[@HotelCode='PMIALC02']/ota:ContactInfos/ota:ContactInfo/ota:Addresses/ota:Address`), 1);
  },
};
