// The sandbox, unmodified, gets CONFORMS with no MUST open whichever of its products the test data
// names: the suite books each within the constraints the sandbox shows (PMI-HIKE and
// HER-SAMAR take no child under 12 and 10, tickets, seasons, weekdays, pickup times), never with a
// value of its own. Each product is booked from one of its hotels, on a day of its season; the whole
// suite runs once per product, in the tests' warm worker processes, two at a time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance, tempDir, type RunResult, openMusts } from './helpers';
import { pool } from '../../scripts/mutants/run-suite';
import type { ConformanceResult } from '../../src/reporting/result';
import { deepMerge } from '../../src/run/test-data-file';
import { addDays, isoDate } from '../../src/core/dates';
import { inMonthDayRange, weekday } from '../../sandbox/src/dates';
import type { Activity } from '../../sandbox/src/data';

const DATA = join(PROJECT_ROOT, 'sandbox/data');
const ACTIVITIES = (JSON.parse(readFileSync(join(DATA, 'activities.json'), 'utf8')) as { activities: Activity[] }).activities;
const TEST_DATA = JSON.parse(readFileSync(join(DATA, 'test-data.json'), 'utf8')) as Record<string, unknown>;

/** Days from today to the first day at least 30 days ahead on which the activity runs (its season and weekdays). */
function offsetFor(activity: Activity, today = isoDate(new Date())): number {
  for (let n = 30; n < 400; n++) {
    const d = addDays(today, n);
    if (activity.schedule.days.includes(weekday(d)) && inMonthDayRange(d, { from: activity.schedule.from, to: activity.schedule.to }))
      return n;
  }
  throw new Error(`${activity.id} runs on no day of the coming year`);
}

let root: string;
const runs = new Map<string, Promise<{ run: RunResult; result?: ConformanceResult }>>();

before(() => {
  root = tempDir('ota-products-');
  const all = pool(ACTIVITIES, 2, async (activity) => {
    const data = deepMerge(TEST_DATA, {
      activities: { productCode: activity.id, hotelCodes: [activity.pickupHotels[0]] },
      offsetDays: offsetFor(activity),
    });
    const file = join(root, `${activity.id}.test-data.json`);
    writeFileSync(file, JSON.stringify(data));
    // summary.json is all a product's run is judged on: no other report is written
    const run = await runConformance({ args: ['--summary-only'], env: { OTA_TEST_DATA: file }, timeoutMs: 300_000 });
    const summary = join(run.reportsDir, 'summary.json');
    return { run, result: existsSync(summary) ? (JSON.parse(readFileSync(summary, 'utf8')) as ConformanceResult) : undefined };
  });
  ACTIVITIES.forEach((a, i) =>
    runs.set(
      a.id,
      all.then((r) => r[i]),
    ),
  );
});
after(removeTempDirs);

test('every product of the sandbox is named by the test data in turn, PMI-HIKE among them', () => {
  assert.ok(ACTIVITIES.length > 10);
  assert.ok(
    ACTIVITIES.some((a) => a.id === 'PMI-HIKE' && a.minAge > 8),
    'a product whose minimum age is above the suite’s default child',
  );
  assert.ok(ACTIVITIES.some((a) => a.ticketOnly));
});

for (const a of ACTIVITIES)
  test(`test data naming ${a.id} (from hotel ${a.pickupHotels[0]}): CONFORMS, no MUST open`, async () => {
    const { run, result } = await runs.get(a.id)!;
    const open = openMusts(result?.requirements ?? []).map(
      (q) => `${q.id} ${q.outcome}: ${q.reason ?? ''} ${q.findings.map((f) => `${f.at}: ${f.found}`).join('; ')}`,
    );
    assert.deepEqual(open, [], `${a.id}: ${describeRun(run)}`);
    assert.equal(result?.verdict, 'CONFORMS', `${a.id}: ${describeRun(run)}`);
    assert.equal(run.code, 0);
  });
