// npm run explore -- --profile booking end to end: against a sandbox with no fault it finds
// nothing and leaves no booking open (the sandbox's own store and the ledger both say so), in every
// combined dialect too; with the booking edge faults it finds each at its requirement: the quote's
// shrunk to the smallest party that fails, the Commit's reported as the first failing booking
// (never sent twice); a replay of its cassette finds the same. A gateway that refuses every quote
// shows no booking: NOT DETERMINED (exit 4), naming the booking operations, never "no finding".
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { combinedDialects } from '../../scripts/mutants/matrix';
import type { ConformanceResult } from '../../src/reporting/result';
import { describeRun, proxyTo, removeTempDirs, runConformance, targetEnv, tempDir, type RunResult } from './helpers';
import { startHostileServer } from '../support/hostile-server';
import { startTestSandbox } from './sandbox-booking';

after(removeTempDirs);

const explore = (args: string[], env: Record<string, string> = {}) =>
  runConformance({ script: 'explore', args, env: { OTA_BASE_URL: '', ...env }, timeoutMs: 240_000 });
const summaryOf = (r: RunResult) => JSON.parse(readFileSync(join(r.reportsDir, 'summary.json'), 'utf8')) as ConformanceResult;
const failed = (s: ConformanceResult) => s.requirements.filter((q) => q.outcome === 'failed').map((q) => q.id);

/** The last event the ledger holds of each booking reference. */
function lastEvents(ledgerFile: string): Map<string, string> {
  const last = new Map<string, string>();
  for (const line of readFileSync(ledgerFile, 'utf8').split('\n').filter(Boolean)) {
    const e = JSON.parse(line) as { bookingRef?: string; event: string };
    if (e.bookingRef && e.event !== 'run') last.set(e.bookingRef, e.event);
  }
  return last;
}

test('with no fault: nothing found, and no booking left open at the sandbox or in the ledger', async () => {
  const sb = await startTestSandbox();
  try {
    const runResult = await explore(['--profile', 'booking', '--seed', '1', '--budget', '250', '--bookings', '3'], targetEnv(sb.baseUrl));
    assert.equal(runResult.code, 0, describeRun(runResult));
    const conformanceResult = summaryOf(runResult);
    assert.equal(conformanceResult.profile, 'booking');
    for (const op of ['activitybook', 'bookread', 'bookcancel'])
      assert.ok(conformanceResult.exploration!.byOperation[op] > 0, `${op} was not explored`);
    assert.equal(conformanceResult.exploration!.requests, 250);
    for (const id of ['BKG-QUOTE', 'BKG-COMMIT-PERSISTS', 'RD-RETURNS-BOOKING', 'CXL-COMMIT-CANCELS'])
      assert.equal(conformanceResult.requirements.find((q) => q.id === id)?.outcome, 'passed', id);
    // the sandbox's own store: every booking the exploration made is cancelled
    const booked = sb.store.all();
    assert.equal(booked.length, 3, 'three Commits, as --bookings says');
    assert.deepEqual(
      booked.filter((b) => b.status !== 'Cancelled').map((b) => b.ref),
      [],
    );
    // the ledger: each Commit written before it was sent, and closed (a read showed it cancelled)
    const events = lastEvents(runResult.ledgerFile);
    assert.deepEqual([...events.keys()].sort(), booked.map((b) => b.ref).sort());
    assert.ok(
      [...events.values()].every((e) => e === 'cancelled'),
      JSON.stringify([...events]),
    );
    assert.deepEqual(conformanceResult.bookings?.leftOpen, []);
    // the booking operations counted for evidence, as the read-only ones: each showed what its rules judge
    assert.equal(conformanceResult.verdict, 'NO FINDING');
    assert.deepEqual(conformanceResult.exploration!.nothingShown, []);
    for (const op of ['activitybook', 'bookread', 'bookcancel'])
      assert.ok(conformanceResult.exploration!.evidence.byOperation[op]?.shown > 0, op);
    for (const id of ['BKG-QUOTE', 'BKG-COMMIT-REF', 'RD-RETURNS-BOOKING', 'CXL-COMMIT-STATUS', 'CXL-COMMIT-CANCELS'])
      assert.ok(conformanceResult.exploration!.evidence.byRequirement[id]?.shown > 0, id);
  } finally {
    await sb.close();
  }
});

test('a gateway that refuses every quote: no booking shown, NOT DETERMINED (exit 4) naming the booking operations, no finding, no Commit', async () => {
  const sb = await startTestSandbox();
  // a refusal in the gateway's own words, to every activity booking request with ResStatus Quote; the rest as the sandbox answers
  const refusal = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><OTA_TourActivityBookRS xmlns="http://www.opentravel.org/OTA/2003/05" Version="1.0"><Errors><Error Type="3" Code="450" ShortText="Unable to process">Unable to process</Error></Errors></OTA_TourActivityBookRS>',
  );
  const proxy = await startHostileServer(
    proxyTo(sb.baseUrl, (req, res) => {
      if (!req.path.endsWith('/activitybook') || !/ResStatus="Quote"/.test(req.body)) return false;
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8', 'content-length': String(refusal.length) });
      res.end(refusal);
      return true;
    }),
  );
  try {
    const runResult = await explore(['--profile', 'booking', '--seed', '1', '--budget', '250', '--bookings', '3'], targetEnv(proxy.url));
    assert.equal(runResult.code, 4, describeRun(runResult));
    const conformanceResult = summaryOf(runResult);
    assert.equal(conformanceResult.verdict, 'NOT DETERMINED');
    // a refusal is no evidence, and never a finding
    assert.deepEqual(failed(conformanceResult), []);
    const exploration = conformanceResult.exploration!;
    assert.ok(exploration.evidence.byOperation.activitybook.refused > 0);
    assert.equal(exploration.evidence.byOperation.activitybook.shown, 0);
    for (const op of ['activitybook', 'bookread', 'bookcancel'])
      assert.ok(exploration.nothingShown.includes(op), `${op}: ${exploration.nothingShown.join(', ')}`);
    // the read-only operations showed what they judge as usual
    assert.ok(!exploration.nothingShown.includes('hotelnbc'));
    assert.match(
      conformanceResult.verdictReason,
      /activitybook, \d+ request\(s\): 0 showed what the rules judge, 0 answered with nothing, \d+ refused; 3 Commit\(s\) asked, 0 sent, 0 served/,
    );
    assert.match(conformanceResult.verdictReason, /bookread, 0 request\(s\).*bookcancel, 0 request\(s\)/);
    assert.match(runResult.stdout, /^NOT DETERMINED .*nothing was shown to \d+ explored operation\(s\).*activitybook/m);
    assert.match(readFileSync(join(runResult.reportsDir, 'conformance-report.html'), 'utf8'), /3 Commit\(s\) asked, 0 sent, 0 served/);
    assert.equal(sb.store.all().length, 0, 'a Commit was made');
  } finally {
    await proxy.close();
    await sb.close();
  }
});

describe('the sandbox with no fault, in every combined dialect: nothing found beyond its warnings, every Commit closed', () => {
  for (const dialect of combinedDialects())
    test(dialect.name, async () => {
      const runResult = await explore(['--profile', 'booking', '--seed', '1', '--budget', '400'], {
        OTA_SANDBOX_VARIANTS: dialect.switchedOn.join(','),
      });
      assert.equal(runResult.code, 0, describeRun(runResult));
      const conformanceResult = summaryOf(runResult);
      assert.deepEqual(
        failed(conformanceResult).filter((id) => !dialect.expectedWarnings.includes(id)),
        [],
      );
      assert.ok(conformanceResult.exploration!.byOperation.bookcancel > 0, 'no Commit was made');
      assert.deepEqual(conformanceResult.bookings?.leftOpen, []);
    });
});

test('the booking edge faults: found at their requirements; the quote shrunk, the Commit as it was sent; the replay finds the same', async () => {
  const cassette = join(tempDir(), 'cassette');
  const runResult = await explore(['--profile', 'booking', '--seed', '1', '--budget', '400', '--record', cassette], {
    OTA_SANDBOX_FAULTS: 'party-of-six-booking-500,late-pickup-commit-lost',
  });
  assert.equal(runResult.code, 1, describeRun(runResult));
  const conformanceResult = summaryOf(runResult);
  for (const id of ['BKG-QUOTE', 'BKG-COMMIT-PERSISTS', 'RD-RETURNS-BOOKING'])
    assert.ok(failed(conformanceResult).includes(id), `${id} not found`);
  const findings = conformanceResult.exploration!.findings;
  const quote = findings.find((f) => f.req === 'BKG-QUOTE')!;
  // the smallest party that still fails: six participants (one fewer of any category is served)
  const counts = /^party ([^(]+) \(/
    .exec(quote.smallest)![1]
    .split(' + ')
    .map((p) => Number(p.split('×')[0]));
  assert.equal(
    counts.reduce((a, b) => a + b, 0),
    6,
    quote.smallest,
  );
  assert.equal(quote.unshrunk, undefined);
  const lost = findings.find((f) => f.req === 'BKG-COMMIT-PERSISTS')!;
  assert.match(lost.smallest, /pickup at (22|23):\d\d/);
  assert.match(lost.unshrunk!, /a Commit is never sent twice/);
  assert.deepEqual(conformanceResult.bookings?.leftOpen, []);

  // nothing but the cassette: the same bookings, the references of each Commit moved to the replay's
  const replayed = await explore(['--replay', cassette]);
  assert.equal(replayed.code, 1, describeRun(replayed));
  assert.deepEqual(failed(summaryOf(replayed)).sort(), failed(conformanceResult).sort());
});
