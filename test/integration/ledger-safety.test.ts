// Attacking the suite at run level: a booking made by a run
// that is killed while the Commit reply is on its way is cancelled by the next run; two runs
// sharing one ledger leave each other's bookings alone; an unwritable ledger and credentials in
// OTA_BASE_URL stop the run before anything is sent, with one line.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BookingLedger } from '../../src/bookings/ledger';
import { startHostileServer } from '../support/hostile-server';
import { startLostReplyProxy, startTestSandbox } from './sandbox-booking';
import {
  BOOKING_SCENARIO,
  bookingRefOf,
  describeRun,
  isCommit,
  NO_BOOKING,
  opOf,
  proxyTo,
  readSummary,
  removeTempDirs,
  requireSummary,
  runConformance,
  startConformance,
  targetEnv,
  tempDir,
  waitDuring,
  waitFor,
  type RunResult,
} from './helpers';

after(removeTempDirs);

const quiet = () => undefined;
const refOf = bookingRefOf;

/** Exit 2 with exactly one line on stderr, no stack trace, and nothing written to the reports. */
function assertOneLineRefusal(runResult: RunResult, pattern: RegExp): void {
  assert.equal(runResult.timedOut, false, describeRun(runResult));
  assert.equal(runResult.code, 2, describeRun(runResult));
  const lines = runResult.stderr.split('\n').filter((l) => l.trim() !== '');
  assert.equal(lines.length, 1, `one line on stderr:\n${describeRun(runResult)}`);
  assert.match(lines[0], pattern);
  assert.doesNotMatch(runResult.stderr + runResult.stdout, /^\s+at /m, 'no stack trace');
  assert.equal(readSummary(runResult), undefined, 'no scenario ran');
}

describe('run level: bookings and the ledger under attack', { concurrency: true }, () => {
  // Item 2. Fails if: the reference were written to the ledger only after the Commit reply (the
  // ledger would be empty at the kill), or the start-up clean-up ignored intents (the booking
  // would stay Reserved at the gateway and no cancel would be sent).
  test('2. killed while the gateway holds its Commit reply (it has booked): the next run cancels that booking', async () => {
    const sb = await startTestSandbox();
    // the gateway books, then its reply never comes
    const { srv, booked, stopHolding } = await startLostReplyProxy(sb.baseUrl);
    try {
      const ledgerFile = join(tempDir(), 'ledger', 'bookings.jsonl');
      const killed = startConformance({
        ledgerFile,
        args: BOOKING_SCENARIO,
        env: targetEnv(srv.url, { OTA_REQUEST_TIMEOUT_MS: '60000' }),
        timeoutMs: 120_000,
      });
      await waitDuring(killed, 'the Commit to reach the gateway', () => booked.length > 0, 90_000);
      const ref = booked[0];
      assert.equal(sb.store.get(ref)?.status, 'Reserved', 'the gateway has booked it');
      // the fix: the intent was on disk before the Commit was sent
      const ledger = new BookingLedger(ledgerFile, quiet);
      assert.deepEqual(
        ledger.outstanding(srv.url).map((e) => [e.bookingRef, e.event]),
        [[ref, 'intent']],
        'the ledger knows the booking before its reply',
      );
      killed.child.kill('SIGKILL');
      const done = await killed.done;
      assert.equal(done.signal, 'SIGKILL', describeRun(done));

      stopHolding();
      const next = await runConformance({ ledgerFile, args: NO_BOOKING, env: targetEnv(srv.url) });
      assert.equal(next.timedOut, false, describeRun(next));
      assert.ok([0, 4].includes(next.code ?? -1), describeRun(next));
      assert.ok(next.stdout.includes(`Cancelled 1 booking(s) an earlier run left behind: ${ref}`), describeRun(next));
      assert.ok(
        srv.requests.some((q) => opOf(q) === 'bookcancel' && refOf(q) === ref),
        'the cancel was sent to the gateway',
      );
      assert.equal(sb.store.get(ref)?.status, 'Cancelled', 'no booking left live');
      assert.deepEqual(ledger.outstanding(srv.url), []);
    } finally {
      await srv.close();
      await sb.close();
    }
  });

  // Item 6. Fails if: the start-up clean-up cancelled outstanding entries of a run still in
  // progress (the second run would cancel the first run's booking while it is being read: a
  // false DOES NOT CONFORM of the first run, and a bookcancel for its reference from the second).
  test("6. two concurrent runs sharing a ledger: the second leaves the first one's booking alone", async () => {
    const sb = await startTestSandbox();
    let ref = '';
    let readHeld = false;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let first: ReturnType<typeof startConformance> | undefined;
    const srv = await startHostileServer(
      proxyTo(sb.baseUrl, async (req) => {
        if (!ref && isCommit(req)) ref = refOf(req);
        // hold the first run's read of its own booking (committed and in the ledger by then)
        if (ref && !readHeld && opOf(req) === 'bookread' && refOf(req) === ref) {
          readHeld = true;
          await gate;
        }
        return false;
      }),
    );
    try {
      const ledgerFile = join(tempDir(), 'ledger', 'bookings.jsonl');
      first = startConformance({
        ledgerFile,
        args: BOOKING_SCENARIO,
        env: targetEnv(srv.url, { OTA_REQUEST_TIMEOUT_MS: '90000' }),
        timeoutMs: 180_000,
      });
      try {
        await waitFor('the first run to read its booking', () => readHeld, 90_000);
      } catch (error) {
        release();
        throw new Error(`${(error as Error).message}\n${describeRun(await first!.done)}`);
      }
      const ledger = new BookingLedger(ledgerFile, quiet);
      assert.ok(
        ledger.outstanding(srv.url).some((e) => e.bookingRef === ref && e.event === 'committed'),
        "the first run's booking is in the shared ledger",
      );

      const second = await runConformance({ ledgerFile, args: NO_BOOKING, env: targetEnv(srv.url) });
      assert.equal(second.timedOut, false, describeRun(second));
      assert.ok([0, 4].includes(second.code ?? -1), describeRun(second));
      assert.doesNotMatch(second.stdout, /Cancelled \d+ booking/, describeRun(second));
      assert.match(second.stdout, /1 booking\(s\) in the ledger belong to a run still in progress: left to it/, describeRun(second));
      assert.ok(!srv.requests.some((q) => opOf(q) === 'bookcancel' && refOf(q) === ref), 'the second run sent no cancel for it');
      assert.equal(sb.store.get(ref)?.status, 'Reserved');

      release();
      const done = await first.done;
      assert.equal(done.timedOut, false, describeRun(done));
      const [scenario] = requireSummary(done).scenarios;
      assert.equal(scenario.status, 'passed', `the first run is not failed by the second: ${describeRun(done)}`);
      assert.notEqual(done.code, 1, describeRun(done));
      assert.equal(sb.store.get(ref)?.status, 'Cancelled', 'the first run cancelled its own booking');
      assert.deepEqual(ledger.outstanding(srv.url), []);
    } finally {
      release();
      await first?.done; // never leave it writing into a folder being removed
      await srv.close();
      await sb.close();
    }
  });

  // Items 8 and 13. Fails if: the ledger were first touched at the first booking (the run would go
  // on: requests reach the gateway, exit 1 with stack traces) or a folder gave a stack trace.
  test('8. an unwritable ledger (a folder, a path under a file, an immutable file) stops the run before anything is sent, in one line', async () => {
    const srv = await startHostileServer('valid');
    try {
      const root = tempDir();
      const folder = join(root, 'ledger-is-a-folder');
      mkdirSync(folder);
      const plainFile = join(root, 'plain.txt');
      writeFileSync(plainFile, 'x');
      const cases: Array<[string, string, RegExp]> = [
        ['a folder', folder, /^Could not run: OTA_LEDGER_FILE=.*ledger-is-a-folder is a folder; it must name a file/],
        [
          'a path under a file',
          join(plainFile, 'bookings.jsonl'),
          /^Could not run: OTA_LEDGER_FILE=.* cannot be created: .*plain\.txt is a file, not a folder$/,
        ],
      ];
      const immutable = join(root, 'immutable.jsonl');
      writeFileSync(immutable, '');
      const chattr = spawnSync('chattr', ['+i', immutable]).status === 0; // root ignores chmod, not +i
      if (chattr)
        cases.push(['an immutable file', immutable, /^Could not run: OTA_LEDGER_FILE=.* is not writable: operation not permitted/]);
      try {
        for (const [what, ledgerFile, pattern] of cases) {
          const runResult = await runConformance({ ledgerFile, args: NO_BOOKING, env: targetEnv(srv.url) });
          assertOneLineRefusal(runResult, pattern);
          assert.equal(srv.requests.length, 0, `${what}: nothing was sent to the gateway`);
        }
      } finally {
        if (chattr) spawnSync('chattr', ['-i', immutable]);
      }
    } finally {
      await srv.close();
    }
  });

  // Fails if: a line that is not the suite's were skipped and the run went on (the booking beside
  // it would be cancelled on the strength of a ledger someone else wrote or edited).
  test("10. a ledger line that is not the suite's stops the run before anything is sent, naming the line; nothing is cancelled", async () => {
    const srv = await startHostileServer('valid');
    try {
      const ledgerFile = join(tempDir(), 'ledger', 'bookings.jsonl');
      mkdirSync(join(ledgerFile, '..'), { recursive: true });
      const dead = { itemRefs: [], target: srv.url, runId: 'KILLED', at: new Date().toISOString(), pid: 2 ** 22 + 7, runPid: 2 ** 22 + 7 };
      writeFileSync(
        ledgerFile,
        `${JSON.stringify({ ...dead, bookingRef: 'OTABKILLED0001', event: 'committed' })}\n` +
          `${JSON.stringify({ ...dead, bookingRef: 'OTABKILLED0002', event: 'canceled' })}\n`,
      );
      const runResult = await runConformance({ ledgerFile, args: NO_BOOKING, env: targetEnv(srv.url) });
      assertOneLineRefusal(
        runResult,
        /^Could not run: booking ledger .*bookings\.jsonl, line 2 is not a ledger entry of this suite \(event "canceled" is none of .*\): .*refused; nothing is settled or cancelled/,
      );
      assert.equal(srv.requests.length, 0, 'nothing sent: nothing cancelled on its strength');
    } finally {
      await srv.close();
    }
  });

  // Item 9. Fails if: a URL with user:password@ were accepted (it is then printed on the console,
  // written to summary.json and to every ledger line) or the refusal quoted it.
  test('9. credentials in OTA_BASE_URL are refused in one line that does not show them', async () => {
    const srv = await startHostileServer('valid');
    try {
      const secret = 'Url-Secret-7731';
      const url = srv.url.replace('http://', `http://ota-user:${secret}@`);
      const runResult = await runConformance({ args: NO_BOOKING, env: targetEnv(url) });
      assertOneLineRefusal(
        runResult,
        /^Could not run: OTA_BASE_URL must not carry credentials \(user:password@host\): give them in OTA_USER and OTA_PASSWORD/,
      );
      assert.ok(!(runResult.stdout + runResult.stderr).includes(secret), 'the secret is not shown');
      assert.equal(srv.requests.length, 0, 'nothing was sent');
      assert.equal(existsSync(runResult.ledgerFile), false, 'nothing was written to the ledger');
    } finally {
      await srv.close();
    }
  });
});
