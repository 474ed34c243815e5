// The airports init tries when no reply shows one: nearest to the hotel's position, else in its
// country (those named after its region first, then the largest), from the airport dataset; a
// look-up that finds nothing says what it rested on. The dataset is replaced by a small one here,
// and the real one (npm airport-data-js) is asked once for a place it must know.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import {
  airportCandidates,
  distanceKm,
  positionOf,
  type AirportDataset,
  type DatasetAirport,
} from '../../../../src/commands/init/airports';

const airport = (
  iata: string,
  name: string,
  cc: string,
  lat: number,
  lon: number,
  type = 'large_airport',
  scheduled: boolean | string = 'TRUE',
): DatasetAirport => ({
  iata,
  airport: name,
  country_code: cc,
  latitude: String(lat),
  longitude: String(lon),
  type,
  scheduled_service: scheduled,
});
const ALL = [
  airport('TFS', 'Tenerife South Airport', 'ES', 28.044, -16.572),
  airport('TFN', 'Tenerife North Airport', 'ES', 28.482, -16.341),
  airport('GMZ', 'La Gomera Airport', 'ES', 28.029, -17.214, 'small_airport'),
  airport('MAD', 'Adolfo Suárez Madrid–Barajas Airport', 'ES', 40.471, -3.562),
  airport('XXA', 'Closed Field', 'ES', 28.1, -16.7, 'medium_airport', 'FALSE'),
];
const fake: AirportDataset = {
  findNearbyAirports: async (lat, lon, km = 100) =>
    ALL.filter((a) => distanceKm({ lat, lon }, { lat: Number(a.latitude), lon: Number(a.longitude) }) <= km),
  getAirportByCountryCode: async (cc) => {
    const found = ALL.filter((a) => a.country_code === cc);
    if (!found.length) throw new Error(`No data found for Country Code: ${cc}`);
    return found;
  },
};

test('from a position: the nearest airports with scheduled service, nearest first, each saying how far', async () => {
  const r = await airportCandidates({ position: { lat: 28.08, lon: -16.73 }, country: [], places: [] }, 4, fake);
  assert.deepEqual(
    r.candidates.map((c) => c.iata),
    ['TFS', 'TFN'],
  );
  assert.match(
    r.candidates[0].why,
    /^TFS \(Tenerife South Airport\), 16 km from the hotel's position \(28\.08, -16\.73\) in the airport dataset/,
  );
});

test('from a country (by name or ISO code): those named after the region first, then the largest', async () => {
  const r = await airportCandidates({ country: ['Spain'], places: ['Tenerife'] }, 4, fake);
  assert.deepEqual(
    r.candidates.map((c) => c.iata),
    ['TFS', 'TFN', 'MAD'],
  );
  assert.match(r.candidates[0].why, /named after Tenerife in the hotel's country \(ES\)/);
  assert.deepEqual((await airportCandidates({ country: ['ES'], places: [] }, 1, fake)).candidates.length, 1);
});

test('a look-up that finds nothing says what it rested on, and guesses nothing', async () => {
  const none = await airportCandidates({ country: [], places: [] }, 4, fake);
  assert.deepEqual(none.candidates, []);
  assert.match(none.basis, /neither a position nor a country known/);
  const empty = await airportCandidates({ country: ['Norway'], places: [] }, 4, fake);
  assert.deepEqual(empty.candidates, []);
  assert.match(empty.basis, /no airport with scheduled service in NO/);
  // a position far from any airport (mid-Atlantic) falls back on the country
  const far = await airportCandidates({ position: { lat: 35.0, lon: -30.0 }, country: ['ES'], places: [] }, 4, fake);
  assert.equal(far.candidates[0].iata, 'TFS');
});

test('a position is read only when both values are numbers in range', () => {
  assert.deepEqual(positionOf(' 28.08', '-16.73 '), { lat: 28.08, lon: -16.73 });
  for (const [lat, lon] of [
    ['', '1'],
    ['91', '0'],
    ['10', '181'],
    ['north', '3'],
    ['0', '0'],
    [undefined, '3'],
  ])
    assert.equal(positionOf(lat, lon), undefined, `${lat}, ${lon}`);
});

test('the maintained dataset knows the airports near a hotel in Tenerife', async () => {
  const r = await airportCandidates({ position: { lat: 28.0836, lon: -16.7302 }, country: ['ES'], places: [] });
  assert.ok(
    r.candidates.some((c) => c.iata === 'TFS'),
    JSON.stringify(r),
  );
});
