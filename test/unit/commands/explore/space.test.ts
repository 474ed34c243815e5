import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Random } from '../../../../src/commands/explore/random';
import {
  drawCase,
  edgeDates,
  participants,
  shrinkCandidates,
  spaceParts,
  EXPLORED_OPERATIONS,
  type Case,
} from '../../../../src/commands/explore/space';
import type { TestData } from '../../../../src/core/test-data';
import { addDays } from '../../../../src/core/dates';

const data = JSON.parse(readFileSync(join(__dirname, '../../../../sandbox/data/test-data.json'), 'utf8')) as TestData;
const bounds = { data, earliest: '2027-01-20', categories: ['10', '8', '11'], instance: true };

test('edge dates: month ends, year ends and the next 29 Februarys after the first date', () => {
  const e = edgeDates('2027-01-20');
  assert.equal(e.monthEnds[0], '2027-01-31');
  assert.equal(e.monthEnds[1], '2027-02-28');
  assert.ok(e.yearEnds.includes('2027-12-31'));
  assert.deepEqual(e.leapDays, ['2028-02-29', '2032-02-29']);
});

test('500 draws cover the space the issue names, never before the first date', () => {
  const rnd = new Random(1);
  const parts = new Set<string>();
  for (let i = 0; i < 500; i++) {
    const drawn = drawCase(EXPLORED_OPERATIONS[i % EXPLORED_OPERATIONS.length], rnd, bounds);
    if (drawn.start) assert.ok(drawn.start >= bounds.earliest, drawn.start);
    if (drawn.days) assert.ok(drawn.days >= 1 && drawn.days <= 30);
    if (drawn.party) assert.ok(participants(drawn) >= 1 && participants(drawn) <= 9);
    spaceParts(drawn).forEach((p) => parts.add(p));
  }
  for (const p of [
    'parties of 1',
    'parties of 9',
    'category 11',
    'age 2',
    'age 64',
    '1-day stays or periods',
    '30-day stays or periods',
    'across a month end',
    'across a year end',
    'over 29 February',
    'MaxResponses 1',
    'RefPoint Country',
    'RefPoint Region',
    'legs: airport to hotel and back',
    'legs: hotel to airport',
    'arrival hour 23',
    'arrival hour 00',
    'no product named',
    'Instance in',
    'Instance out',
    'languages swapped',
    'languages left out',
  ])
    assert.ok(parts.has(p), `not covered: ${p}`);
});

test('shrinking: every candidate is smaller, and the first ones cut participants and days', () => {
  const drawn: Case = {
    op: 'hotelavailability',
    party: [
      { code: '10', count: 3, age: 35 },
      { code: '11', count: 2, age: 70 },
    ],
    start: '2027-03-25',
    days: 12,
    maxResponses: 4,
    place: data.hotelAvailability.places[0],
    instance: true,
  };
  const size = (x: Case) => [participants(x), x.days ?? 0, x.maxResponses ?? 0, x.instance ? 1 : 0, x.start ?? ''];
  const candidates = shrinkCandidates(drawn, '2027-01-20');
  assert.ok(candidates.length > 0);
  for (const candidate of candidates) {
    const [a, b] = [size(candidate), size(drawn)];
    const smaller = a.some((v, i) => v < b[i]) && a.every((v, i) => v <= b[i] || (i === 4 && candidate.days! < drawn.days!));
    assert.ok(smaller, JSON.stringify(candidate));
  }
  assert.deepEqual(candidates[0].party, [{ code: '10', count: 3, age: 35 }]);
  // a shorter stay keeps its end too, so that an edge it crosses stays crossed
  assert.ok(candidates.some((k) => k.days === 6 && addDays(k.start!, k.days) === addDays(drawn.start!, drawn.days!)));
  // the smallest case has no candidate left
  assert.deepEqual(shrinkCandidates({ op: 'activitynbc' }, '2027-01-20'), []);
});

test('language attributes: as configured, swapped or left out, from one draw; shrinking puts them back', () => {
  const rnd = new Random(7);
  const seen = new Set<string>();
  for (let i = 0; i < 300; i++) {
    const drawn = drawCase('hotelnbc', rnd, bounds);
    assert.ok(!(drawn.swapLanguages && drawn.noLanguages), 'swapped and left out at once');
    seen.add(drawn.noLanguages ? 'left out' : drawn.swapLanguages ? 'swapped' : 'as configured');
  }
  assert.deepEqual([...seen].sort(), ['as configured', 'left out', 'swapped']);
  const left: Case = { op: 'activitynbc', swapLanguages: false, noLanguages: true };
  assert.deepEqual(shrinkCandidates(left, '2027-01-20'), [{ ...left, noLanguages: false }]);
  assert.ok(spaceParts(left).includes('languages left out'));
});
