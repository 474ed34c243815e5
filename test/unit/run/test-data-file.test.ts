// The test data describes a gateway: what it claims and the forms the spec leaves open. A file
// that cannot drive every scenario of the claimed classes is refused, naming the field.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTestData } from '../../../src/run/test-data-file';
import { ConfigError } from '../../../src/core/errors';

const dir = mkdtempSync(join(tmpdir(), 'ota-test-data-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const SANDBOX = JSON.parse(readFileSync(join(__dirname, '../../../sandbox/data/test-data.json'), 'utf8')) as Record<string, unknown>;

function load(edit: (d: Record<string, unknown>) => void): ReturnType<typeof loadTestData> {
  const data = structuredClone(SANDBOX);
  edit(data);
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(data));
  return loadTestData(file);
}
const refused = (edit: (d: Record<string, unknown>) => void, field: RegExp) =>
  assert.throws(
    () => load(edit),
    (e: unknown) => e instanceof ConfigError && field.test(e.message),
  );

test("the sandbox's test data claims every class with the OpenTravel forms", () => {
  const d = load(() => undefined);
  assert.deepEqual(d.claims, ['core', 'booking', 'partial-cancellation', 'security', 'alignment']);
  assert.deepEqual(d.booking, {
    commitResStatus: 'Commit',
    commitCancelType: 'Commit',
    cancelledStatusWords: ['Cancelled'],
    partialCancellation: 'item-reference',
  });
});

test('without claims, every class the file can drive is claimed; partial cancellation needs a declared form', () => {
  const d = load((x) => {
    delete x.claims;
    delete x.booking;
  });
  assert.deepEqual(d.claims, ['core', 'booking', 'security', 'alignment']);
  assert.deepEqual(d.booking.cancelledStatusWords, ['Cancelled', 'Canceled']);
});

test('claims are refused when unknown, without core, or partial without its form', () => {
  refused((x) => (x.claims = ['core', 'everything']), /claims.*unknown class "everything"/);
  refused((x) => (x.claims = ['booking']), /claims must include core/);
  refused(
    (x) => delete (x.booking as Record<string, unknown>).partialCancellation,
    /claims partial-cancellation.*declares no request form/,
  );
  refused((x) => ((x.booking as Record<string, unknown>).partialCancellation = 'by-magic'), /booking\.partialCancellation/);
});

test('the booking forms must be words, the cancelled words a non-empty list', () => {
  refused((x) => ((x.booking as Record<string, unknown>).commitResStatus = ''), /booking\.commitResStatus/);
  refused((x) => ((x.booking as Record<string, unknown>).cancelledStatusWords = []), /booking\.cancelledStatusWords/);
});

test('places: at least as many as the scenarios use, with a Country and a Region', () => {
  const ha = (x: Record<string, unknown>) => x.hotelAvailability as { places: Array<{ context: string; name: string }> };
  refused((x) => (ha(x).places = ha(x).places.slice(0, 2)), /hotelAvailability\.places has 2 place/);
  refused((x) => (ha(x).places = ha(x).places.map((p) => ({ ...p, context: 'Region' }))), /no place of context Country/);
  refused((x) => (ha(x).places = ha(x).places.map((p) => ({ ...p, context: 'Country' }))), /no place of context Region/);
});

test("a variant's test data is merged over the file", () => {
  const file = join(dir, 'plain.json');
  writeFileSync(file, JSON.stringify(SANDBOX));
  const d = loadTestData(file, { booking: { commitResStatus: 'Book' } });
  assert.equal(d.booking.commitResStatus, 'Book');
  assert.equal(d.booking.commitCancelType, 'Commit');
});

test('availableParties and placeAliases: defaults, and a bad value refused naming the field', () => {
  const d = load(() => undefined);
  assert.deepEqual(d.availableParties, [
    { adults: 2, children: 1 },
    { adults: 1, children: 0 },
  ]);
  assert.deepEqual(d.placeAliases, {});
  const own = load((x) => {
    x.availableParties = [{ adults: 4, children: 2 }, { adults: 3 }];
    x.placeAliases = { Mallorca: ['Illes Balears'] };
  });
  assert.deepEqual(own.availableParties, [
    { adults: 4, children: 2 },
    { adults: 3, children: 0 },
  ]);
  assert.deepEqual(own.placeAliases, { Mallorca: ['Illes Balears'] });
  refused((x) => (x.availableParties = []), /availableParties must be a non-empty array/);
  refused((x) => (x.availableParties = [{ adults: -1, children: 1 }]), /availableParties\[0\]\.adults must be a whole number/);
  refused((x) => (x.availableParties = [{ adults: 0, children: 0 }]), /availableParties\[0\] must hold at least one person/);
  refused((x) => (x.placeAliases = { Mallorca: 'Illes Balears' }), /placeAliases\.Mallorca must be a non-empty array/);
  refused((x) => (x.placeAliases = ['Mallorca']), /placeAliases must be an object/);
});

test('latencyBudgetsMs: none by default; an operation and a whole number of ms, else refused naming the field', () => {
  assert.deepEqual(load(() => undefined).latencyBudgetsMs, {});
  assert.deepEqual(load((d) => (d.latencyBudgetsMs = { hotelavailability: 2000 })).latencyBudgetsMs, { hotelavailability: 2000 });
  refused((d) => (d.latencyBudgetsMs = { hotelavail: 2000 }), /latencyBudgetsMs\.hotelavail is not an operation/);
  refused((d) => (d.latencyBudgetsMs = { bookread: 0 }), /latencyBudgetsMs\.bookread must be a whole number of ms/);
  refused((d) => (d.latencyBudgetsMs = { bookread: '2s' }), /latencyBudgetsMs\.bookread must be a whole number of ms/);
  refused((d) => (d.latencyBudgetsMs = [1]), /latencyBudgetsMs must be an object/);
});

test('activities.bookingValues: none by default; each value in the form a booking writes it, else refused naming the field', () => {
  assert.deepEqual(load(() => undefined).activities.bookingValues, {});
  const values = (v: unknown) => (x: Record<string, unknown>) => ((x.activities as Record<string, unknown>).bookingValues = v);
  const d = load(
    values({ startTime: '09:30', duration: 'PT2H30M', weekdays: ['Tue', 'Fri'], pickupTime: null, ages: { adult: 40, child: 10 } }),
  );
  assert.deepEqual(d.activities.bookingValues, {
    startTime: '09:30',
    duration: 'PT2H30M',
    weekdays: ['Tue', 'Fri'],
    pickupTime: null,
    ages: { adult: 40, child: 10 },
  });
  assert.equal(load(values({ pickupTime: '07:45' })).activities.bookingValues.pickupTime, '07:45');
  refused(values({ startTime: '9.30' }), /activities\.bookingValues\.startTime must be a time of day hh:mm/);
  refused(values({ pickupTime: '25:00' }), /activities\.bookingValues\.pickupTime must be a time of day/);
  refused(values({ duration: '3 hours' }), /activities\.bookingValues\.duration must be an xs:duration/);
  refused(values({ weekdays: ['Tuesday'] }), /activities\.bookingValues\.weekdays names "Tuesday"; days are Mon, Tue/);
  refused(values({ ages: { infant: 1 } }), /activities\.bookingValues\.ages\.infant is not a category/);
  refused(values({ ages: { child: 8.5 } }), /activities\.bookingValues\.ages\.child must be a whole number/);
  refused(values({ pickup: '08:00' }), /activities\.bookingValues\.pickup is not a booking value; known: startTime/);
});
