// Each dialect variant of hotel replies (addresses, hotel names, stay dates) changes the form it
// claims and not the substance (sandbox/src/variants/hotels.ts): the same requests go to a default
// sandbox and to one with the variant, and both replies are read by meaning.
import assert from 'node:assert/strict';
import { addDays, daysBetween } from '../../src/dates';
import { VARIANT_LIST } from '../../src/variants';
import type { HOTEL_VARIANTS } from '../../src/variants/hotels';
import type { XNode } from '../../src/xml';
import { day, one, xp } from '../helpers';
import { count, same, type VariantEffects } from './support';

export const HOTEL_EFFECTS: VariantEffects<typeof HOTEL_VARIANTS> = {
  'address-local-names': async (p) => {
    const aliases = (VARIANT_LIST.find((x) => x.name === 'address-local-names')!.testData as { placeAliases: Record<string, string[]> })
      .placeAliases;
    const BPI = '//ota:RoomStay/ota:BasicPropertyInfo';
    const local = { drop: (n: XNode) => n.name === 'StateProv' || n.name === 'CountryName' };
    for (const [place, country, countryName] of [
      ['Mallorca', 'ES', 'España'],
      ['Crete', 'GR', 'Ελλάδα'],
    ]) {
      const { d, v } = await same(p, 'hotelavailability', { place }, local);
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
    const { v } = await same(p, 'hotelnbc', {}, local);
    const addr = '//ota:ContactInfo/ota:Addresses/ota:Address';
    assert.equal(one(v.raw, `${addr}/ota:StateProv`), 'Illes Balears');
    assert.equal(one(v.raw, `${addr}/ota:CountryName`), 'España');
    assert.equal(one(v.raw, `${addr}/ota:CountryName/@Code`), 'ES');
  },
  'hotel-code-only-availability': async (p) => {
    const BPI = '//ota:RoomStay/ota:BasicPropertyInfo';
    // everything but BasicPropertyInfo is the same; its HotelCode is compared below
    const codeOnly = { drop: (n: XNode) => n.name === 'BasicPropertyInfo' };
    const { d, v } = await same(p, 'hotelavailability', { place: 'Mallorca' }, codeOnly);
    assert.ok(count(v.raw, BPI) > 1);
    assert.deepEqual(xp(v.raw, `${BPI}/@HotelCode`), xp(d.raw, `${BPI}/@HotelCode`));
    assert.equal(count(v.raw, `${BPI}/ota:Address | ${BPI}/@HotelName | ${BPI}/@BrandCode`), 0, 'the code alone');
    // where the hotel is, its descriptive data still says
    const nbc = await same(p, 'hotelnbc', {});
    assert.equal(count(nbc.v.raw, '//ota:ContactInfo/ota:Addresses/ota:Address/ota:CountryName'), 1);
  },
  'hotel-placed-in-hotelstay': async (p) => {
    const BPI = 'ota:BasicPropertyInfo';
    // the RoomStays are the same but for what names the hotel; the HotelStays are new
    const moved = { drop: (n: XNode) => n.name === 'BasicPropertyInfo' || n.name === 'HotelStays', ignore: ['RPH'] };
    const { d, v } = await same(p, 'hotelavailability', { place: 'Mallorca' }, moved);
    const hotels = xp(d.raw, `//ota:RoomStay/${BPI}/@HotelCode`);
    assert.ok(hotels.length > 1);
    assert.deepEqual(xp(v.raw, `//ota:RoomStay/${BPI}/@HotelCode`), hotels);
    assert.equal(count(v.raw, `//ota:RoomStay/${BPI}/ota:Address | //ota:RoomStay/${BPI}/@HotelName`), 0, 'the RoomStay: the code alone');
    // each hotel's HotelStay, linked by RoomStayRPH to its RoomStay's RPH, carries what the RoomStay did
    for (const [i, code] of hotels.entries()) {
      const rph = one(v.raw, `//ota:RoomStay[${i + 1}]/@RPH`);
      const stay = `//ota:HotelStays/ota:HotelStay[@RoomStayRPH='${rph}']`;
      assert.equal(one(v.raw, `${stay}/${BPI}/@HotelCode`), code);
      for (const part of ['ota:CountryName', 'ota:CountryName/@Code', 'ota:StateProv', 'ota:CityName'])
        assert.equal(
          one(v.raw, `${stay}/${BPI}/ota:Address/${part}`),
          one(d.raw, `//ota:RoomStay[${i + 1}]/${BPI}/ota:Address/${part}`),
          `${code}: ${part}`,
        );
    }
  },
  'inclusive-rate-dates': async (p) => {
    // A stay across the start of the high season gives RoomRates with more than one Rate.
    for (const values of [
      { start: day(30), end: day(33) },
      { start: day(50), end: day(60) },
    ]) {
      const { d, v } = await same(p, 'hotelavailability', values, { ignore: ['End', 'Duration', 'ExpireDate', 'ExpireDateExclusiveInd'] });
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
  'stay-dates-in-rates-only': async (p) => {
    const values = { start: day(50), end: day(60) };
    const { d, v } = await same(p, 'hotelavailability', values, { drop: (n: XNode) => n.name === 'TimeSpan' });
    assert.equal(count(v.raw, '//ota:RoomStay/ota:TimeSpan'), 0);
    assert.ok(count(v.raw, '//ota:RoomStay') > 0);
    assert.deepEqual(
      xp(v.raw, '//ota:RoomRate/ota:Rates/ota:Rate/@EffectiveDate'),
      xp(d.raw, '//ota:RoomRate/ota:Rates/ota:Rate/@EffectiveDate'),
    );
  },
};
