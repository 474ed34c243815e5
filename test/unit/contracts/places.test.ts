// Places as gateways write them: a country by any of its names or codes, and a
// subject shown in places that cannot all hold, told apart from a legitimate address (a town, a
// province, a region and a country never contradict each other).
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contradiction, countryCode, placeVerdict } from '../../../src/contracts/places';
import { TEST_DATA } from '../../support/fixtures/test-data';
import type { PlaceData } from '../../../src/contracts/places';

const DATA: PlaceData = {
  ...TEST_DATA,
  hotelAvailability: {
    ...TEST_DATA.hotelAvailability,
    places: [
      { context: 'Region', name: 'Mallorca' },
      { context: 'Region', name: 'Crete' },
      { context: 'Country', name: 'Portugal' },
    ],
    emptyPlace: { context: 'Country', name: 'Iceland' },
  },
  placeAliases: { Mallorca: ['Illes Balears', 'Balearic Islands'], 'Balearic Islands': ['Baleares'] },
};

test('a country by its code, its English or its own name, and old codes as the country they stand for', () => {
  for (const value of ['ES', 'es', 'Spain', 'España', 'ESPAÑA', ' espana ']) assert.equal(countryCode(value), 'ES', value);
  assert.equal(countryCode('Ελλάδα'), 'GR');
  assert.equal(countryCode('UK'), 'GB');
  assert.equal(countryCode('United Kingdom'), 'GB');
  // a union, the world, "unknown" and a town are no country
  for (const v of ['EU', 'European Union', 'ZZ', 'Palma']) assert.equal(countryCode(v), undefined, v);
});

test('a legitimate address never contradicts itself: town, province, region and country; one country in several forms', () => {
  assert.equal(contradiction(['Spain', 'ES', 'España'], ['Palma', 'Illes Balears', 'Mallorca'], DATA), undefined);
  assert.equal(contradiction(['United Kingdom', 'UK', 'GB'], [], DATA), undefined);
  // a place the test data does not know is no contradiction, whatever it is
  assert.equal(contradiction(['ES'], ['Mallorca', 'Somewhere else'], DATA), undefined);
  // aliases join places: Mallorca and the Balearic Islands are one inside the other
  assert.equal(contradiction([], ['Mallorca', 'Balearic Islands', 'Baleares'], DATA), undefined);
  // names that are not countries do not count as countries: a region named like nothing
  assert.equal(contradiction(['Kingdom of Nowhere', 'ES'], [], DATA), undefined);
  assert.equal(contradiction([], [], DATA), undefined);
});

test('two countries, or two places of the test data neither in the other, cannot both hold', () => {
  assert.match(contradiction(['Spain', 'PT', 'Ελλάδα', 'Italia'], [], DATA) ?? '', /several countries \(ES, PT, GR, IT\)/);
  assert.match(contradiction(['ES'], ['Mallorca', 'Crete'], DATA) ?? '', /places of the test data .*\(Mallorca, Crete\)/);
  assert.match(contradiction([], ['Illes Balears', 'Crete'], DATA) ?? '', /Mallorca, Crete/);
  // without the test data, only countries are told apart
  assert.equal(contradiction([], ['Mallorca', 'Crete']), undefined);
  assert.ok(contradiction(['ES', 'PT'], []));
});

test('placeVerdict: the requested place by any of its names; another known place; else unknown', () => {
  assert.equal(placeVerdict('Country', ['España'], ['Spain'], []), 'same');
  assert.equal(placeVerdict('Country', ['PT'], ['Spain'], []), 'other');
  assert.equal(placeVerdict('Region', ['Crete'], ['Mallorca'], ['Crete']), 'other');
  assert.equal(placeVerdict('Region', ['Palma'], ['Mallorca'], ['Crete']), 'unknown');
});

// "Portugal" beside "ギリシャ" is two countries: names are known in every language CLDR has (Node's ICU), not a few.
test('a country by its name in any language CLDR knows; two countries in any two of them contradict each other', () => {
  for (const [v, code] of [
    ['ギリシャ', 'GR'],
    ['希腊', 'GR'],
    ['اليونان', 'GR'],
    ['Греция', 'GR'],
    ['ポルトガル', 'PT'],
    ['Portugalia', 'PT'],
    ['Spanje', 'ES'],
    ['スペイン', 'ES'],
  ])
    assert.equal(countryCode(v), code, v);
  assert.match(contradiction(['Portugal', 'ギリシャ'], []) ?? '', /several countries \(PT, GR\)/);
  assert.match(contradiction(['ポルトガル'], [], DATA) ?? 'one', /one/);
  // one country in two scripts is one country
  assert.equal(contradiction(['Portugal', 'ポルトガル', 'PT'], []), undefined);
});
