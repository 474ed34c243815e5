// No booking left behind: the ledger clean-up at the start of a run, the After
// hooks that cancel even when their scenario failed, and the read-only profile.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { loadConfiguration, loadSources } from '@cucumber/cucumber/api';
import { BookingLedger } from '../../src/bookings/ledger';
import { bookDirectly, readStatus, startTestSandbox } from './sandbox-booking';
import { describeRun, PROJECT_ROOT, removeTempDirs, requireSummary, runConformance, targetEnv, tempDir } from './helpers';

after(removeTempDirs);

const quiet = () => undefined;

describe('run level: no booking left behind', { concurrency: true }, () => {
  // Fails if: the runner did not call cleanUpLedger before the scenarios (the booking would stay
  // Reserved and outstanding), cleaned up another target's entries (the foreign one would be
  // gone), or did not record the cancel in the ledger (still outstanding afterwards).
  test('5a. a run first cancels the bookings a killed earlier run left in the ledger', async () => {
    const sb = await startTestSandbox();
    try {
      const ref = `OTALEFT${Date.now().toString(36).toUpperCase()}`;
      await bookDirectly(sb.baseUrl, ref, `${ref}I1`);
      assert.equal((await readStatus(sb.baseUrl, ref)).status, 'Reserved');

      // what a run killed right after the Commit leaves behind (its process is gone: a dead pid)
      const ledgerFile = join(tempDir(), 'ledger', 'bookings.jsonl');
      const ledger = new BookingLedger(ledgerFile, quiet);
      const killed = (bookingRef: string, target: string) =>
        JSON.stringify({
          bookingRef,
          itemRefs: [`${bookingRef}I1`],
          target,
          runId: 'KILLEDRUN01',
          scenario: 'killed mid-scenario',
          event: 'committed',
          at: new Date().toISOString(),
          pid: 2 ** 22 + 777,
          host: hostname(),
        });
      mkdirSync(dirname(ledgerFile), { recursive: true });
      // and one made on another gateway: not this run's business
      const elsewhere = 'http://127.0.0.1:9/ota';
      writeFileSync(ledgerFile, `${killed(ref, sb.baseUrl)}\n${killed('OTAELSEWHERE1', elsewhere)}\n`);

      const runResult = await runConformance({
        ledgerFile,
        args: ['--profile', 'read-only', '--tags', '@req:RD-UNKNOWN'],
        env: targetEnv(sb.baseUrl),
      });
      assert.equal(runResult.timedOut, false, describeRun(runResult));
      assert.ok([0, 4].includes(runResult.code ?? -1), describeRun(runResult)); // 4: a selection that passed
      assert.ok(runResult.stdout.includes(`Cancelled 1 booking(s) an earlier run left behind: ${ref}`), describeRun(runResult));
      // the clean-up came before the scenarios
      assert.ok(runResult.stdout.indexOf('Cancelled 1 booking(s)') < runResult.stdout.indexOf('Conformance of'), runResult.stdout);

      assert.equal((await readStatus(sb.baseUrl, ref)).status, 'Cancelled');
      assert.equal(sb.store.get(ref)?.status, 'Cancelled');
      assert.deepEqual(ledger.outstanding(sb.baseUrl), []);
      assert.ok(ledger.read().some((e) => e.bookingRef === ref && e.event === 'cancelled'));
      assert.deepEqual(
        ledger.outstanding(elsewhere).map((e) => e.bookingRef),
        ['OTAELSEWHERE1'],
      );
    } finally {
      await sb.close();
    }
  });

  // Fails if: the After hook cancelled only when the scenario passed (or not at all): the
  // bookings the failing scenario committed would stay Reserved and outstanding in the ledger; or
  // the Commit were not written to the ledger (no committed entry to check).
  test('5b. After hooks cancel what a failing scenario booked', async () => {
    // read-returns-other-booking: a read answers with the latest *other* booking, so one is made first
    const sb = await startTestSandbox(['read-returns-other-booking']);
    try {
      const other = `OTAOTHER${Date.now().toString(36).toUpperCase()}`;
      await bookDirectly(sb.baseUrl, other, `${other}I1`);

      const runResult = await runConformance({ args: ['--tags', '@req:RD-RETURNS-BOOKING'], env: targetEnv(sb.baseUrl) });
      assert.equal(runResult.timedOut, false, describeRun(runResult));
      assert.equal(runResult.code, 1, describeRun(runResult));
      const [scenario] = requireSummary(runResult).scenarios;
      assert.equal(scenario.status, 'failed');
      assert.match(scenario.message ?? '', /RD-RETURNS-BOOKING/);

      const ledger = new BookingLedger(runResult.ledgerFile, quiet);
      const committed = [
        ...new Set(
          ledger
            .read()
            .filter((e) => e.event === 'committed')
            .map((e) => e.bookingRef),
        ),
      ];
      assert.ok(committed.length >= 1, `the run recorded its Commit(s) in the ledger: ${JSON.stringify(ledger.read())}`);
      assert.deepEqual(ledger.outstanding(sb.baseUrl), []);
      for (const ref of committed) {
        // bookread is what the fault breaks, so the sandbox's store is the witness here
        assert.equal(sb.store.get(ref)?.status, 'Cancelled', `${ref} was left ${sb.store.get(ref)?.status}`);
        assert.ok(
          ledger.read().some((e) => e.bookingRef === ref && e.event === 'cancelled'),
          `${ref}: cancel recorded`,
        );
      }
      // only what the run made was cancelled
      assert.equal(sb.store.get(other)?.status, 'Reserved');
    } finally {
      await sb.close();
    }
  });

  // Fails if: the read-only profile stopped excluding @creates-booking (the booking scenarios of
  // these operations would run and write Commits to the ledger).
  test('5c. --profile read-only runs no @creates-booking scenario and commits nothing', async () => {
    // small on purpose: two refusals that make no booking, and the booking scenarios of the same requirements
    const selection =
      '@req:RD-UNKNOWN or @req:CXL-UNKNOWN or @req:RD-RETURNS-BOOKING or @req:CXL-COMMIT-CANCELS or @req:CXL-PARTIAL or @req:BKG-COMMIT-REF';
    // not vacuous: the same selection under the default profile does hold booking scenarios
    const { runConfiguration } = await loadConfiguration(
      { file: 'cucumber.js', profiles: ['default'], provided: { tags: `(${selection}) and @creates-booking` } },
      { cwd: PROJECT_ROOT },
    );
    const { plan } = await loadSources(runConfiguration.sources, { cwd: PROJECT_ROOT });
    assert.ok(plan.length >= 3, `booking scenarios in the selection: ${plan.length}`);

    const runResult = await runConformance({ args: ['--profile', 'read-only', '--tags', selection] });
    assert.equal(runResult.timedOut, false, describeRun(runResult));
    assert.ok([0, 4].includes(runResult.code ?? -1), describeRun(runResult)); // 4: a selection that passed
    const runSummaryFile = requireSummary(runResult);
    assert.deepEqual(
      runSummaryFile.scenarios
        .map((x) => x.reqs.filter((q) => /UNKNOWN/.test(q)))
        .flat()
        .sort(),
      ['CXL-UNKNOWN', 'RD-UNKNOWN'],
      describeRun(runResult),
    );
    for (const sc of runSummaryFile.scenarios) assert.ok(!sc.tags.includes('@creates-booking'), `${sc.name} creates a booking`);
    const ledger = new BookingLedger(runResult.ledgerFile, quiet);
    assert.deepEqual(
      ledger.read().filter((e) => e.event === 'committed'),
      [],
    );
    assert.ok(!existsSync(runResult.ledgerFile) || ledger.read().length === 0, 'nothing was written to the ledger');
  });
});
