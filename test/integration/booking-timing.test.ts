// No booking left behind, in every timing: at run level, against the sandbox started on
// its own port (a real-gateway target for the suite: a URL, never the embedded one):
//   1. a Commit held at a proxy longer than the next run's start: the next run finishes with the
//      intent open (never written off), the Commit lands, and the third run cancels it;
//   2. a kill, then a next run on another target and one on the same target spelt otherwise (and
//      the killed run's id): the booking is named, and cancelled only where the target is the same;
//   3. a lost ledger: the run says it cannot see its past, and --sweep-references cancels the
//      listed references; a list with any other reference is refused before anything is sent;
//   4. a run killed while several --parallel lanes are mid-booking: the next run cancels them all.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BookingLedger } from '../../src/bookings/ledger';
import { newReference } from '../../src/run/scenario-values';
import { isRunnersOwn, startHostileServer, type CapturedRequest } from '../support/hostile-server';
import { bookDirectly, startLostReplyProxy, startTestSandbox } from './sandbox-booking';
import {
  BOOKING_SCENARIO,
  bookingRefOf,
  describeRun,
  isCommit,
  NO_BOOKING,
  opOf,
  proxyTo,
  removeTempDirs,
  requireSummary,
  runConformance,
  startConformance,
  targetEnv,
  tempDir,
  waitDuring,
  waitFor,
} from './helpers';

after(removeTempDirs);

const quiet = () => undefined;
const refOf = bookingRefOf;
/** Exit 0, or 4: a selection that passed. */
const ranCleanly = (code: number | null) => code === 0 || code === 4;
const cancelsOf = (reqs: CapturedRequest[], ref: string) => reqs.filter((q) => opOf(q) === 'bookcancel' && refOf(q) === ref);

interface BookingsField {
  leftOpen: Array<{ ref: string; target: string; why: string; landsBy: string }>;
  cancelled: string[];
  otherTargets: Array<{ target: string; refs: string[] }>;
  pastUnseen?: string;
}
const bookingsOf = (r: Parameters<typeof requireSummary>[0]) => (requireSummary(r) as unknown as { bookings: BookingsField }).bookings;

describe('run level: no booking left behind, in every timing', { concurrency: true }, () => {
  // Fails if: the next run wrote the intent off as "never booked" while its Commit was still
  // queued (it would be closed in the ledger, and the third run would leave the booking Reserved),
  // or if the run did not say which intent it left open and why.
  test('1. a Commit held at a proxy past the next run: the intent stays open, the Commit lands, the third run cancels it', async () => {
    const sb = await startTestSandbox();
    let held = '';
    let landed = false;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const srv = await startHostileServer(
      proxyTo(sb.baseUrl, async (req, res) => {
        if (held || !isCommit(req)) return false;
        held = refOf(req); // a slow gateway: the Commit waits in its queue...
        await gate;
        await fetch(`${sb.baseUrl}${req.path}`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: req.body });
        landed = true; // ...and books, long after its client was killed
        res.destroy();
        return true;
      }),
    );
    try {
      const ledgerFile = join(tempDir(), 'ledger', 'bookings.jsonl');
      const ledger = new BookingLedger(ledgerFile, quiet);
      // the killed run waits 10 minutes for a reply: its Commit may land until then
      const killed = startConformance({
        ledgerFile,
        args: BOOKING_SCENARIO,
        env: targetEnv(srv.url, { OTA_REQUEST_TIMEOUT_MS: '600000' }),
        timeoutMs: 180_000,
      });
      await waitDuring(killed, 'the Commit to reach the gateway', () => held !== '', 120_000);
      killed.child.kill('SIGKILL');
      assert.equal((await killed.done).signal, 'SIGKILL');
      const [intent] = ledger.outstanding(srv.url);
      assert.deepEqual([intent.bookingRef, intent.event, intent.answered], [held, 'intent', false]);
      assert.ok(
        Date.parse(intent.landsBy!) - Date.parse(intent.at) === 600_000,
        `its flight is the killed run's: ${intent.at} .. ${intent.landsBy}`,
      );

      const next = await runConformance({ ledgerFile, args: NO_BOOKING, env: targetEnv(srv.url) });
      assert.ok(ranCleanly(next.code), describeRun(next));
      assert.equal(landed, false, 'the Commit is still held');
      assert.match(
        next.stdout,
        new RegExp(
          `1 booking intent\\(s\\) an earlier run left are unknown to the target, but their Commit could still land: left open in the ledger.*${held} \\(until ${intent.landsBy}\\)`,
        ),
        describeRun(next),
      );
      assert.match(
        next.stdout,
        new RegExp(
          `Note: booking ${held} left open in the ledger .*: in doubt: unknown to the target .*could still land until ${intent.landsBy}; the next run checks it again`,
        ),
        describeRun(next),
      );
      assert.doesNotMatch(next.stdout, /never booked/, describeRun(next));
      const leftOpen = bookingsOf(next).leftOpen;
      assert.deepEqual(
        leftOpen.map((o) => [o.ref, o.landsBy]),
        [[held, intent.landsBy]],
        'summary.json says which, and until when',
      );
      assert.match(leftOpen[0].why, /^in doubt: unknown to the target .*never answered by the gateway, could still land/);
      assert.deepEqual(cancelsOf(srv.requests, held), [], 'nothing to cancel yet');
      assert.deepEqual(
        ledger.outstanding(srv.url).map((e) => e.bookingRef),
        [held],
        'open in the ledger until a later run',
      );

      release();
      await waitFor('the held Commit to land', () => landed, 60_000);
      assert.equal(sb.store.get(held)?.status, 'Reserved', 'the gateway booked it after all');

      const third = await runConformance({ ledgerFile, args: NO_BOOKING, env: targetEnv(srv.url) });
      assert.ok(ranCleanly(third.code), describeRun(third));
      assert.ok(third.stdout.includes(`Cancelled 1 booking(s) an earlier run left behind: ${held}`), describeRun(third));
      assert.equal(sb.store.get(held)?.status, 'Cancelled', 'nothing left live');
      assert.deepEqual(ledger.outstanding(srv.url), []);
      assert.deepEqual(bookingsOf(third).leftOpen, []);
    } finally {
      release();
      await srv.close();
      await sb.close();
    }
  });

  // Fails if: entries were matched by the URL's text (the third run would skip the booking, as the
  // issue measured), another target's booking were cancelled or not named, or a reused run id made
  // the killed run's booking "a run still in progress".
  test('2. a kill, then a run on another target and one on the same target spelt otherwise with the same run id', async () => {
    const sb = await startTestSandbox();
    // the gateway books, then its reply never comes
    const { srv, booked, stopHolding } = await startLostReplyProxy(sb.baseUrl);
    try {
      const ledgerFile = join(tempDir(), 'ledger', 'bookings.jsonl');
      const runId = `SPELT${Date.now().toString(36).toUpperCase()}`;
      const killed = startConformance({
        ledgerFile,
        args: BOOKING_SCENARIO,
        env: targetEnv(srv.url, { OTA_RUN_ID: runId, OTA_REQUEST_TIMEOUT_MS: '60000' }),
        timeoutMs: 180_000,
      });
      await waitDuring(killed, 'the Commit to be booked', () => booked.length > 0, 120_000);
      killed.child.kill('SIGKILL');
      await killed.done;
      stopHolding();
      const ref = booked[0];

      // the gateway's own port: another target by its URL, so the booking is named and left alone
      const other = await runConformance({ ledgerFile, args: NO_BOOKING, env: targetEnv(sb.baseUrl) });
      assert.ok(ranCleanly(other.code), describeRun(other));
      assert.ok(
        other.stdout.includes(`1 open booking(s) in the ledger are of another target, left alone: 1 of ${srv.url} (${ref})`),
        describeRun(other),
      );
      assert.deepEqual(bookingsOf(other).otherTargets, [{ target: srv.url, refs: [ref] }]);
      assert.equal(sb.store.get(ref)?.status, 'Reserved', 'never cancelled from another target');

      const spelt = `http://localhost:${srv.port}/`;
      const same = await runConformance({ ledgerFile, args: NO_BOOKING, env: targetEnv(spelt, { OTA_RUN_ID: runId }) });
      assert.ok(ranCleanly(same.code), describeRun(same));
      assert.ok(
        same.stdout.includes(`Cancelled 1 booking(s) an earlier run left behind: ${ref} (recorded for ${srv.url}, the same target)`),
        describeRun(same),
      );
      assert.doesNotMatch(same.stdout, /belong to a run still in progress/, 'the killed run is dead, whatever its id');
      assert.equal(cancelsOf(srv.requests, ref).length, 1);
      assert.equal(sb.store.get(ref)?.status, 'Cancelled');
      assert.deepEqual(new BookingLedger(ledgerFile, quiet).outstanding(srv.url), []);
    } finally {
      await srv.close();
      await sb.close();
    }
  });

  // Fails if: scenarios in --parallel lanes booked without their intents in the ledger, or a lane's
  // intent was lost beside another's (one process writing them side by side): a booking would be
  // left Reserved after the next run.
  test('4. a run killed while several --parallel lanes are mid-booking: the next run cancels every booking they made', async () => {
    const sb = await startTestSandbox();
    const { srv, booked, stopHolding } = await startLostReplyProxy(sb.baseUrl);
    try {
      const ledgerFile = join(tempDir(), 'ledger', 'bookings.jsonl');
      const killed = startConformance({
        ledgerFile,
        args: ['--tags', '@creates-booking', '--parallel', '8'],
        env: targetEnv(srv.url, { OTA_REQUEST_TIMEOUT_MS: '60000' }),
        timeoutMs: 180_000,
      });
      await waitDuring(killed, 'three Commits from three lanes to be booked', () => booked.length >= 3, 120_000);
      killed.child.kill('SIGKILL');
      await killed.done;
      stopHolding();
      // every Commit the proxy received has reached the gateway (none still on its way)
      await waitFor('the Commits in flight to land', () => booked.length === srv.requests.filter(isCommit).length, 60_000);
      assert.equal(new Set(booked).size, booked.length, 'each lane its own booking');

      const next = await runConformance({ ledgerFile, args: NO_BOOKING, env: targetEnv(srv.url) });
      assert.ok(ranCleanly(next.code), describeRun(next));
      for (const ref of booked) {
        assert.equal(sb.store.get(ref)?.status, 'Cancelled', `${ref} cancelled by the next run\n${describeRun(next)}`);
        assert.equal(cancelsOf(srv.requests, ref).length, 1);
      }
      assert.deepEqual(new BookingLedger(ledgerFile, quiet).outstanding(srv.url), []);
    } finally {
      await srv.close();
      await sb.close();
    }
  });

  // Fails if: a booking run on a real gateway with a new ledger said nothing, --sweep-references
  // did not cancel what it listed, or it accepted a reference the suite did not make (the vendor's
  // booking would be cancelled) or contacted the target before refusing the list.
  test("3. a lost ledger: the run says it cannot see its past, and --sweep-references cancels the listed references, only the suite's own", async () => {
    const sb = await startTestSandbox();
    const srv = await startHostileServer(proxyTo(sb.baseUrl));
    try {
      // what a run whose ledger was lost left at the gateway, and a booking someone else made
      const lost = [newReference('LOST31', 'B'), newReference('LOST31', 'B')];
      for (const ref of lost) await bookDirectly(sb.baseUrl, ref, `${ref}I`);
      const vendors = `VENDOR${Date.now().toString(36).toUpperCase()}`;
      await bookDirectly(sb.baseUrl, vendors, `${vendors}I`);

      // a fresh CI workspace: no ledger file; the default profile claims booking
      const fresh = await runConformance({ args: ['--tags', '@req:RD-UNKNOWN'], env: targetEnv(srv.url) });
      assert.ok(ranCleanly(fresh.code), describeRun(fresh));
      const line = fresh.stdout.split('\n').filter((l) => l.startsWith('The booking ledger '));
      assert.equal(line.length, 1, describeRun(fresh));
      assert.match(
        line[0],
        new RegExp(
          `^The booking ledger .*bookings\\.jsonl did not exist and was created by this run: bookings an earlier run may have left on ${srv.url} cannot be seen from here\\. .*--sweep-references FILE$`,
        ),
      );
      assert.equal(bookingsOf(fresh).pastUnseen, line[0]);
      for (const ref of lost) assert.equal(sb.store.get(ref)?.status, 'Reserved', 'nothing the run could know of');

      // a list with a reference the suite did not make is refused whole, before the target is contacted
      const dir = tempDir();
      const mixed = join(dir, 'mixed.txt');
      writeFileSync(mixed, `${lost[0]}\n${vendors}\n`);
      const before = srv.requests.length;
      const refused = await runConformance({ args: ['--sweep-references', mixed], env: targetEnv(srv.url) });
      assert.equal(refused.code, 2, describeRun(refused));
      assert.deepEqual(refused.stderr.trim().split('\n'), [
        `Could not run: --sweep-references ${mixed}, line 2: "${vendors}" is not a booking reference of this suite (OTAB, the run id, a 6-character nonce, a sequence; at most 32 characters): refused, the suite cancels only bookings it made`,
      ]);
      const missing = await runConformance({ args: ['--sweep-references', join(dir, 'nope.txt')], env: targetEnv(srv.url) });
      assert.equal(missing.code, 2, describeRun(missing));
      assert.match(missing.stderr.trim(), /^Could not run: --sweep-references .*nope\.txt: no such file$/);
      assert.equal(srv.requests.length, before, 'nothing was sent');

      const list = join(dir, 'lost.txt');
      writeFileSync(list, `# from the gateway's records\n${lost.join('\n')}\n`);
      const swept = await runConformance({ args: ['--sweep-references', list, ...NO_BOOKING], env: targetEnv(srv.url) });
      assert.ok(ranCleanly(swept.code), describeRun(swept));
      assert.ok(swept.stdout.includes(`Swept 2 reference(s) listed in ${list}: cancelled 2 (${lost.join(', ')})`), describeRun(swept));
      for (const ref of lost) assert.equal(sb.store.get(ref)?.status, 'Cancelled');
      assert.equal(sb.store.get(vendors)?.status, 'Reserved', 'never a booking the suite did not make');
      assert.deepEqual(bookingsOf(swept).cancelled.sort(), [...lost].sort());
      assert.ok(!srv.requests.some((q) => !isRunnersOwn(q) && refOf(q) === vendors));
    } finally {
      await srv.close();
      await sb.close();
    }
  });
});
