// The values the suite books with, at run level, through proxies in front of a sandbox
// that rewrite what it shows. A value the gateway does not show is guessed and named: its refusal
// is cannot tell, naming the guess and the test-data field that removes it, and with that field the
// same gateway conforms. A product that cannot be booked for a reason the gateway shows (a party size
// no declared party meets), and constraints that contradict each other, end the booking at cannot
// tell with that reason: never DOES NOT CONFORM, never a crash.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../sandbox/src';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';
import { startHostileServer } from '../support/hostile-server';
import { describeRun, opOf, PROJECT_ROOT, proxyTo, removeTempDirs, requireSummary, runConformance, targetEnv, tempDir } from './helpers';
import type { ConformanceResult, RequirementResult } from '../../src/reporting/result';

/** The quote and the commit: the two booking scenarios that judge the booking request itself. */
const BOOKING = ['--tags', '@req:BKG-QUOTE or @req:BKG-COMMIT-REF'];

let plain: RunningSandbox;
let fixedPickup: RunningSandbox;
before(async () => {
  plain = await startSandbox({ port: 0, credentials: { ...SANDBOX_CREDENTIALS } });
  fixedPickup = await startSandbox({ port: 0, variants: ['fixed-pickup-time'], credentials: { ...SANDBOX_CREDENTIALS } });
});
after(async () => {
  await plain?.close();
  await fixedPickup?.close();
  removeTempDirs();
});

/** The sandbox's replies of one operation rewritten by `edit`, everything else as it is. */
async function rewriting(sb: RunningSandbox, op: string, edit: (xml: string) => string) {
  return startHostileServer(
    proxyTo(sb.baseUrl, undefined, (reply, req) =>
      opOf(req) === op ? { ...reply, body: Buffer.from(edit(reply.body.toString('utf8'))) } : reply,
    ),
  );
}

/** The sandbox's default test data with `activities.bookingValues` (or another field) changed. */
function testData(change: Record<string, unknown>): string {
  const data = JSON.parse(readFileSync(join(PROJECT_ROOT, 'sandbox/data/test-data.json'), 'utf8')) as Record<
    string,
    Record<string, unknown>
  >;
  const file = join(tempDir('ota-values-'), 'test-data.json');
  writeFileSync(file, JSON.stringify({ ...data, ...change, activities: { ...data.activities, ...(change.activities as object) } }));
  return file;
}

async function judged(url: string, env: Record<string, string> = {}) {
  const run = await runConformance({ args: BOOKING, env: targetEnv(url, env) });
  const conformanceResult = requireSummary(run) as unknown as ConformanceResult;
  const req = (id: string): RequirementResult => conformanceResult.requirements.find((q) => q.id === id)!;
  const failed = conformanceResult.requirements.filter((q) => q.level === 'MUST' && q.outcome === 'failed').map((q) => q.id);
  return { run, req, failed };
}

test('a pickup time shown nowhere is a named guess: refused, it is cannot tell naming the test-data field; with that field, the booking is served', async () => {
  // The sandbox collects guests only at 07:45 for PMI-DRACH; the proxy hides that time (its descriptive data's pickup schedule).
  const srv = await rewriting(fixedPickup, 'activitynbc', (xml) =>
    xml.replace(/(<PickupDropoff\b[^>]*>)<Schedule>[\s\S]*?<\/Schedule>/g, '$1'),
  );
  try {
    const guessed = await judged(srv.url);
    assert.deepEqual(guessed.failed, [], describeRun(guessed.run));
    const quote = guessed.req('BKG-QUOTE');
    assert.equal(quote.outcome, 'cantTell', JSON.stringify(quote));
    assert.match(quote.reason ?? '', /collects its guests at 07:45/);
    assert.match(
      quote.reason ?? '',
      /the suite guessed \(.*a pickup at 08:00, 30 minutes before the start .*activities\.bookingValues\.pickupTime/,
    );
    assert.equal(guessed.run.code, 4, 'NOT DETERMINED: no MUST failed');
    const told = await judged(srv.url, { OTA_TEST_DATA: testData({ activities: { bookingValues: { pickupTime: '07:45' } } }) });
    assert.equal(told.req('BKG-QUOTE').outcome, 'passed', JSON.stringify(told.req('BKG-QUOTE')));
    assert.equal(told.req('BKG-COMMIT-REF').outcome, 'passed', JSON.stringify(told.req('BKG-COMMIT-REF')));
    assert.deepEqual(told.failed, [], describeRun(told.run));
  } finally {
    await srv.close();
  }
});

test('products that cannot be booked for a reason the gateway shows: the booking ends at cannot tell with that reason, never DOES NOT CONFORM', async () => {
  // every activity shows it is sold to parties of 9 or more: no declared party (2+1, 1+0) is one
  const srv = await rewriting(plain, 'activityavailability', (xml) =>
    xml.replace(/<Participant MinAge=/g, '<Participant MinParticipants="9" MinAge='),
  );
  try {
    const { run, req, failed } = await judged(srv.url);
    assert.deepEqual(failed, [], describeRun(run));
    for (const id of ['BKG-QUOTE', 'BKG-COMMIT-REF']) {
      assert.equal(req(id).outcome, 'cantTell', JSON.stringify(req(id)));
      assert.match(
        req(id).reason ?? '',
        /takes parties of 9 to any number \(activityavailability\.activity\.minParticipants\), not 2 adult\(s\) and 1 child\(ren\)/,
      );
    }
    assert.equal(run.code, 4, describeRun(run));
  } finally {
    await srv.close();
  }
});

test('contradictory constraints are a finding of the reply that showed them: cannot tell, never a guess or a crash', async () => {
  const srv = await rewriting(plain, 'activityavailability', (xml) =>
    xml.replace(/<Participant MinAge="\d+"/g, '<Participant MinAge="14" MaxAge="10"'),
  );
  try {
    const { run, req, failed } = await judged(srv.url);
    assert.deepEqual(failed, [], describeRun(run));
    assert.equal(req('BKG-QUOTE').outcome, 'cantTell');
    assert.match(
      req('BKG-QUOTE').reason ?? '',
      /PMI-DRACH: contradictory constraints: activity availability shows the ages of its participants: a minimum of 14 above a maximum of 10/,
    );
    assert.equal(run.code, 4, describeRun(run));
    assert.doesNotMatch(run.stderr, /TypeError|RangeError|at .*\.ts:\d+/);
  } finally {
    await srv.close();
  }
});
