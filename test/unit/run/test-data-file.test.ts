// The test data describes a gateway: what it claims and the forms the spec leaves open. A file
// that cannot drive every scenario of the claimed classes is refused, naming the field.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_PARTIES, loadTestData, TEST_DATA_SCHEMA_FILE, testDataProblems, testDataSchema } from '../../../src/run/test-data-file';
import { unsupportedKeywords } from '../../../src/core/json-schema';
import { ConfigError } from '../../../src/core/errors';
import { CONFORMANCE_CLASSES } from '../../../src/core/test-data';
import { OPERATION_NAMES } from '../../../src/specification/operations';

const dir = mkdtempSync(join(tmpdir(), 'ota-test-data-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const SANDBOX = JSON.parse(readFileSync(join(__dirname, '../../../sandbox/data/test-data.json'), 'utf8')) as Record<string, unknown>;

function load(edit: (record: Record<string, unknown>) => void): ReturnType<typeof loadTestData> {
  const data = structuredClone(SANDBOX);
  edit(data);
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(data));
  return loadTestData(file);
}
const refused = (edit: (record: Record<string, unknown>) => void, field: RegExp) =>
  assert.throws(
    () => load(edit),
    (e: unknown) => e instanceof ConfigError && field.test(e.message),
  );

test("the sandbox's test data claims every class with the OpenTravel forms", () => {
  const testData = load(() => undefined);
  assert.deepEqual(testData.claims, ['core', 'booking', 'partial-cancellation', 'security', 'alignment']);
  assert.deepEqual(testData.booking, {
    commitResStatus: 'Commit',
    commitCancelType: 'Commit',
    cancelledStatusWords: ['Cancelled'],
    partialCancellation: 'item-reference',
  });
});

test('without claims, every class is claimed: a partial-cancellation form not declared is found by the run', () => {
  const testData = load((record) => {
    delete record.claims;
    delete record.booking;
  });
  assert.deepEqual(testData.claims, ['core', 'booking', 'partial-cancellation', 'security', 'alignment']);
  assert.equal(testData.booking.partialCancellation, undefined);
  assert.deepEqual(testData.booking.cancelledStatusWords, ['Cancelled', 'Canceled']);
});

test('claims are refused when unknown or without core; partial cancellation may be claimed without its form (the run finds it)', () => {
  refused((x) => (x.claims = ['core', 'everything']), /claims\[1\]: must be one of "core".*not "everything"/);
  refused((x) => (x.claims = ['booking']), /claims: must name the classes claimed, core among them/);
  const found = load((x) => delete (x.booking as Record<string, unknown>).partialCancellation);
  assert.ok(found.claims.includes('partial-cancellation'));
  assert.equal(found.booking.partialCancellation, undefined);
  refused((x) => ((x.booking as Record<string, unknown>).partialCancellation = 'by-magic'), /booking\.partialCancellation/);
});

test("every partial-cancellation form of OpenTravel's OTA_CancelRQ can be declared", () => {
  for (const form of ['item-reference', 'segment', 'segment-range'])
    assert.equal(load((x) => ((x.booking as Record<string, unknown>).partialCancellation = form)).booking.partialCancellation, form);
  const none = load((record) => {
    (record.booking as Record<string, unknown>).partialCancellation = null;
    record.claims = ['core', 'booking'];
  });
  assert.equal(none.booking.partialCancellation, undefined);
});

test('the booking forms must be words, the cancelled words a non-empty list', () => {
  refused((x) => ((x.booking as Record<string, unknown>).commitResStatus = ''), /booking\.commitResStatus/);
  refused((x) => ((x.booking as Record<string, unknown>).cancelledStatusWords = []), /booking\.cancelledStatusWords/);
});

test('places: at least as many as the scenarios use, with a Country and a Region', () => {
  const ha = (x: Record<string, unknown>) => x.hotelAvailability as { places: Array<{ context: string; name: string }> };
  refused((x) => (ha(x).places = ha(x).places.slice(0, 2)), /hotelAvailability\.places: must hold at least 3 item\(s\), it holds 2/);
  refused((x) => (ha(x).places = ha(x).places.map((p) => ({ ...p, context: 'Region' }))), /no place of context Country/);
  refused((x) => (ha(x).places = ha(x).places.map((p) => ({ ...p, context: 'Country' }))), /no place of context Region/);
});

test("a variant's test data is merged over the file", () => {
  const file = join(dir, 'plain.json');
  writeFileSync(file, JSON.stringify(SANDBOX));
  const testData = loadTestData(file, { booking: { commitResStatus: 'Book' } });
  assert.equal(testData.booking.commitResStatus, 'Book');
  assert.equal(testData.booking.commitCancelType, 'Commit');
});

test('availableParties and placeAliases: defaults, and a bad value refused naming the field', () => {
  const testData = load(() => undefined);
  assert.deepEqual(testData.availableParties, [
    { adults: 2, children: 1 },
    { adults: 1, children: 0 },
  ]);
  assert.deepEqual(testData.placeAliases, {});
  const own = load((record) => {
    record.availableParties = [{ adults: 4, children: 2 }, { adults: 3 }];
    record.placeAliases = { Mallorca: ['Illes Balears'] };
  });
  assert.deepEqual(own.availableParties, [
    { adults: 4, children: 2 },
    { adults: 3, children: 0 },
  ]);
  assert.deepEqual(own.placeAliases, { Mallorca: ['Illes Balears'] });
  refused((x) => (x.availableParties = []), /availableParties: must hold at least 1 item/);
  refused((x) => (x.availableParties = [{ adults: -1, children: 1 }]), /availableParties\[0\]\.adults: must be at least 0/);
  refused((x) => (x.availableParties = [{ adults: 0, children: 0 }]), /availableParties\[0\]: must hold at least one person/);
  refused((x) => (x.placeAliases = { Mallorca: 'Illes Balears' }), /placeAliases\.Mallorca: must be an array, not "Illes Balears"/);
  refused((x) => (x.placeAliases = ['Mallorca']), /placeAliases: must be an object, not an array/);
});

test('latencyBudgetsMs: none by default; an operation and a whole number of ms, else refused naming the field', () => {
  assert.deepEqual(load(() => undefined).latencyBudgetsMs, {});
  assert.deepEqual(load((d) => (d.latencyBudgetsMs = { hotelavailability: 2000 })).latencyBudgetsMs, { hotelavailability: 2000 });
  refused(
    (d) => (d.latencyBudgetsMs = { hotelavail: 2000 }),
    /latencyBudgetsMs\.hotelavail: is not an operation; did you mean "hotelavailability"\?/,
  );
  refused((d) => (d.latencyBudgetsMs = { bookread: 0 }), /latencyBudgetsMs\.bookread: must be a whole number of ms/);
  refused((d) => (d.latencyBudgetsMs = { bookread: '2s' }), /latencyBudgetsMs\.bookread: must be a whole number of ms/);
  refused((d) => (d.latencyBudgetsMs = [1]), /latencyBudgetsMs: must be an object/);
});

test('activities.bookingValues: none by default; each value in the form a booking writes it, else refused naming the field', () => {
  assert.deepEqual(load(() => undefined).activities.bookingValues, {});
  const values = (v: unknown) => (x: Record<string, unknown>) => ((x.activities as Record<string, unknown>).bookingValues = v);
  const testData = load(
    values({ startTime: '09:30', duration: 'PT2H30M', weekdays: ['Tue', 'Fri'], pickupTime: null, ages: { adult: 40, child: 10 } }),
  );
  assert.deepEqual(testData.activities.bookingValues, {
    startTime: '09:30',
    duration: 'PT2H30M',
    weekdays: ['Tue', 'Fri'],
    pickupTime: null,
    ages: { adult: 40, child: 10 },
  });
  assert.equal(load(values({ pickupTime: '07:45' })).activities.bookingValues.pickupTime, '07:45');
  refused(values({ startTime: '9.30' }), /activities\.bookingValues\.startTime: must be a time of day hh:mm/);
  refused(values({ pickupTime: '25:00' }), /activities\.bookingValues\.pickupTime: must be a time of day .*or null/);
  refused(values({ duration: '3 hours' }), /activities\.bookingValues\.duration: must be an xs:duration/);
  refused(values({ duration: 'P' }), /activities\.bookingValues\.duration: must be an xs:duration/);
  refused(values({ weekdays: ['Tuesday'] }), /activities\.bookingValues\.weekdays\[0\]: .*"Tue"/);
  refused(values({ ages: { infant: 1 } }), /activities\.bookingValues\.ages\.infant: /);
  refused(values({ ages: { child: 8.5 } }), /activities\.bookingValues\.ages\.child: must be a whole number/);
  refused(values({ pickup: '08:00' }), /activities\.bookingValues\.pickup: .*did you mean "pickupTime"/);
});

// The schema is the one description of the format, and every problem is found at once.
test('every problem of a file in one go, one line each, with "did you mean" for a misspelt key', () => {
  const error = (() => {
    try {
      load((record) => {
        const booking = record.booking as Record<string, unknown>;
        record.placeAliase = { Mallorca: ['Illes Balears'] };
        record.latencyBudgetMs = { hotelavailability: 2000 };
        booking.cancelledStatusWord = ['Cancelled'];
        delete (record.activities as Record<string, unknown>).productCode;
        record.nights = '3';
        record.cancelledStatusWords = ['Canceled'];
      });
    } catch (error) {
      return error as Error;
    }
    return undefined;
  })();
  assert.ok(error instanceof ConfigError, 'refused');
  const lines = error.message
    .split('\n')
    .slice(1)
    .map((l) => l.trim());
  assert.match(error.message.split('\n')[0], /has 6 problems \(schema: schemas\/test-data\.schema\.json\):$/);
  assert.deepEqual(lines.sort(), [
    'activities.productCode: missing (A product offered at the first hotel (Location Context=Service, RegionCode=Product), in the form the target takes there)',
    'booking.cancelledStatusWord: unknown field; did you mean "cancelledStatusWords"?',
    'cancelledStatusWords: unknown field here; did you mean booking.cancelledStatusWords?',
    'latencyBudgetMs: unknown field; did you mean "latencyBudgetsMs"?',
    'nights: must be a whole number, not "3"',
    'placeAliase: unknown field; did you mean "placeAliases"?',
  ]);
});

test('a file that is not JSON: one line with the line and column', () => {
  const file = join(dir, 'broken.json');
  writeFileSync(file, '{\n  "language": "en",\n  "nights": 3,,\n}\n');
  assert.throws(
    () => loadTestData(file),
    (e: unknown) => e instanceof ConfigError && /cannot be read as JSON at line 3, column 15/.test(e.message) && !e.message.includes('\n'),
  );
});

test('codes: a currency, an airport and a location type of the forms the spec names', () => {
  refused((x) => ((x.activities as Record<string, unknown>).currency = 'euro'), /activities\.currency: must be an ISO 4217 currency code/);
  refused(
    (x) => ((x.transfers as Record<string, unknown>).airportCode = 'LEPA'),
    /transfers\.airportCode: must be a three-letter IATA airport code/,
  );
  refused(
    (x) => ((x.transfers as Record<string, unknown>).locationTypeCode = 'hotel'),
    /transfers\.locationTypeCode: must be a numeric code/,
  );
  refused((x) => ((x.hotels as Array<Record<string, unknown>>)[1].code = '  '), /hotels\[1\]\.code: must be a non-empty string/);
});

type Node = Record<string, unknown>;
const SCHEMA = testDataSchema();
const prop = (...path: string[]) => path.reduce((n: Node, k) => (n.properties as Record<string, Node>)[k], SCHEMA);

test('the schema uses only keywords the validator checks, and the names the code knows', () => {
  assert.deepEqual(unsupportedKeywords(SCHEMA), []);
  assert.deepEqual((prop('claims').items as Node).enum, [...CONFORMANCE_CLASSES]);
  assert.deepEqual([...((prop('latencyBudgetsMs').propertyNames as Node).enum as string[])].sort(), [...OPERATION_NAMES].sort());
});

test("the schema's defaults are the loader's", () => {
  const testData = load((record) => {
    delete record.booking;
    delete record.claims;
    delete record.availableParties;
  });
  const booking = (n: string) => prop('booking', n).default;
  assert.deepEqual(
    { ...testData.booking, partialCancellation: testData.booking.partialCancellation ?? null },
    {
      commitResStatus: booking('commitResStatus'),
      commitCancelType: booking('commitCancelType'),
      cancelledStatusWords: booking('cancelledStatusWords'),
      partialCancellation: booking('partialCancellation'),
    },
  );
  assert.deepEqual(testData.availableParties, prop('availableParties').default);
  assert.deepEqual(DEFAULT_PARTIES, prop('availableParties').default);
  assert.deepEqual(testData.latencyBudgetsMs, prop('latencyBudgetsMs').default);
  assert.deepEqual(testData.placeAliases, prop('placeAliases').default);
});

test('the schema asks for as many places as the hotel availability outlines use ("test-data place <n>")', () => {
  const features = join(__dirname, '../../../features');
  const used: number[] = [];
  const walk = (d: string): void =>
    readdirSync(d, { withFileTypes: true }).forEach((dirent) => {
      if (dirent.isDirectory()) return walk(join(d, dirent.name));
      if (!dirent.name.endsWith('.feature')) return;
      const text = readFileSync(join(d, dirent.name), 'utf8');
      if (!/test-data place <place>/.test(text)) return;
      for (const match of text.matchAll(/^\s*\|\s*(\d+)\s*\|/gm)) used.push(Number(match[1]));
    });
  walk(features);
  assert.ok(used.length > 0, 'an outline uses test-data places');
  assert.equal(prop('hotelAvailability', 'places').minItems, Math.max(...used));
});

test('every test-data file of the project names the schema by $schema, and is valid by it', () => {
  const root = resolve(__dirname, '../../..');
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.json'], { cwd: root, encoding: 'utf8' });
  assert.equal(listed.status, 0, listed.stderr);
  const files = listed.stdout
    .split('\n')
    .filter((f) => f && !f.startsWith('schemas/'))
    .filter((f) => {
      try {
        const json = JSON.parse(readFileSync(join(root, f), 'utf8')) as Node;
        return typeof json === 'object' && json !== null && 'hotelAvailability' in json;
      } catch {
        return false;
      }
    });
  assert.ok(files.includes('sandbox/data/test-data.json') && files.includes('examples/acme-gateway/test-data.json'), files.join(', '));
  for (const file of files) {
    const json = JSON.parse(readFileSync(join(root, file), 'utf8')) as Node;
    assert.equal(typeof json.$schema, 'string', `${file} has no $schema`);
    assert.equal(resolve(dirname(join(root, file)), json.$schema as string), TEST_DATA_SCHEMA_FILE, `${file}: $schema names the schema`);
  }
  for (const f of files) assert.deepEqual(testDataProblems(readJson(join(root, f))), [], f);
});

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Node;
