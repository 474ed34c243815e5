// --sweep-references FILE cancels bookings a lost ledger no longer knows. Only
// references of the suite's own form are accepted (a file naming any other is refused, naming it,
// before the target is contacted); bad input is one line and exit 2.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { ConfigError } from '../../../src/core/errors';
import { parseArguments } from '../../../src/run/arguments';
import { isSuiteBookingRef, newReference } from '../../../src/run/scenario-values';
import { describeSweep, readSweepList, sweepReferences } from '../../../src/bookings/sweep';
import { loadConfig } from '../../../src/run/config';
import { loadTestData } from '../../../src/run/test-data-file';
import { BookingLedger } from '../../../src/bookings/ledger';
import { Redactor } from '../../../src/safety/masking';
import { loadXml } from '../../../src/xml/xml';
import { closeTransport } from '../../../src/transport/agents';
import { OTA_NS, startHostileServer, type CapturedRequest, type RunningServer } from '../../support/hostile-server';
import type { RunContext } from '../../../src/run/run-context';

const root = mkdtempSync(join(tmpdir(), 'sweep-test-'));
before(() => loadXml());
after(async () => {
  await closeTransport();
  rmSync(root, { recursive: true, force: true });
});
let n = 0;
const file = (text: string) => {
  const f = join(root, `refs${++n}.txt`);
  writeFileSync(f, text);
  return f;
};
const REF = (i: number) => newReference('NIGHTLY42', 'B', 'ABC123').replace(/\d{4}$/, String(i).padStart(4, '0'));

function oneLine(fn: () => unknown, re: RegExp): void {
  assert.throws(fn, (error: Error) => {
    assert.ok(error instanceof ConfigError, `a ConfigError (exit 2), not ${error?.constructor?.name}`);
    assert.doesNotMatch(error.message, /\n/);
    assert.match(error.message, re);
    return true;
  });
}

describe('--sweep-references: the list', () => {
  test("the suite's own booking references, and only those, have its form", () => {
    for (const runId of ['NIGHTLY42', '1234567-1', 'x'.repeat(40), '', 'run id with spaces', 'MWXYOSFB'])
      assert.ok(isSuiteBookingRef(newReference(runId, 'B')), newReference(runId, 'B'));
    for (const foreign of [
      newReference('RUN', 'I'), // an item reference
      'VENDOR-12345',
      'OTAB', // too short
      'otabRUN1ABC1230001', // lower-case prefix
      `OTAB${'X'.repeat(30)}`, // over 32 characters
      'OTABRUNabc1230001', // the nonce is upper case
      'OTABRUN ABC1230001',
    ])
      assert.equal(isSuiteBookingRef(foreign), false, foreign);
  });

  test('one reference a line; comments, blank lines, spaces and repeats are allowed', () => {
    const f = file(`# from the gateway's back office\n\n  ${REF(1)}  \r\n${REF(2)}\n${REF(1)}\n`);
    assert.deepEqual(readSweepList(f), { file: f, refs: [REF(1), REF(2)] });
  });

  test('bad input is one line naming the file (and the line): missing, a folder, empty, a foreign reference', () => {
    oneLine(() => readSweepList(join(root, 'nope.txt')), /^--sweep-references .*nope\.txt: no such file$/);
    const dir = join(root, `dir${++n}`);
    mkdirSync(dir);
    oneLine(() => readSweepList(dir), /is a folder; it must name a file listing booking references/);
    oneLine(() => readSweepList(file('')), /lists no booking reference/);
    oneLine(() => readSweepList(file('# nothing but a comment\n\n')), /lists no booking reference/);
    const mixed = file(`${REF(1)}\nVENDOR-12345\n${newReference('R', 'I')}\n`);
    oneLine(
      () => readSweepList(mixed),
      /, line 2: "VENDOR-12345" is not a booking reference of this suite .*\(and 1 more line\(s\)\): refused, the suite cancels only bookings it made$/,
    );
    const fifo = join(root, `fifo${++n}`);
    try {
      execFileSync('mkfifo', [fifo]);
      oneLine(() => readSweepList(fifo), /is not a regular file/);
    } catch (error) {
      if (error instanceof assert.AssertionError) throw error; // mkfifo missing: the other cases stand
    }
  });

  test('the option is read with the arguments, before anything is sent', () => {
    const f = file(`${REF(7)}\n`);
    assert.deepEqual(parseArguments(['--sweep-references', f], ['default']).sweepReferences, { file: f, refs: [REF(7)] });
    assert.deepEqual(parseArguments([`--sweep-references=${f}`], ['default']).sweepReferences?.refs, [REF(7)]);
    oneLine(() => parseArguments(['--sweep-references'], ['default']), /^--sweep-references needs a value$/);
    oneLine(() => parseArguments(['--sweep-references', join(root, 'gone.txt')], ['default']), /no such file/);
    oneLine(() => parseArguments(['--sweep-references', f, '--replay', 'cassette'], ['default']), /--replay sends nothing to one/);
  });
});

const refOf = (req: CapturedRequest) => /UniqueID[^>]*Type="36"[^>]*ID="([^"]+)"/.exec(req.body)?.[1] ?? '';
const xml = (rootName: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><${rootName} xmlns="${OTA_NS}" Version="1.0">${inner}</${rootName}>`;

/** A gateway that knows some bookings (Reserved or Cancelled); `stuck` ones refuse every cancel. */
function gateway(state: Record<string, 'Reserved' | 'Cancelled'>, stuck: string[] = []): Promise<RunningServer> {
  return startHostileServer((req, res) => {
    const ref = refOf(req);
    const send = (body: string) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(body);
    };
    if (req.path === '/bookread')
      return send(
        state[ref]
          ? xml('OTA_ResRetrieveRS', `<Success/><ReservationsList><HotelReservation ResStatus="${state[ref]}"/></ReservationsList>`)
          : xml('OTA_ResRetrieveRS', '<Errors><Error Type="3" ShortText="Booking not found"/></Errors>'),
      );
    if (state[ref] === 'Reserved' && !stuck.includes(ref)) {
      state[ref] = 'Cancelled';
      return send(xml('OTA_CancelRS', '<Success/>'));
    }
    send(xml('OTA_CancelRS', '<Errors><Error Type="3" ShortText="cannot cancel"/></Errors>'));
  });
}

function context(baseUrl: string, ledgerFile: string): RunContext {
  const config = loadConfig({ OTA_LEDGER_FILE: ledgerFile, OTA_REQUEST_TIMEOUT_MS: '5000' });
  return {
    config,
    baseUrl,
    embedded: false,
    redactor: new Redactor([]),
    credentials: config.credentials,
    data: loadTestData(config.testDataFile),
    ledger: new BookingLedger(ledgerFile, () => undefined),
  } as unknown as RunContext;
}

describe('--sweep-references: the sweep', () => {
  test('cancels what the target shows, never what it does not know or shows cancelled, and leaves open ledger entries to themselves', async () => {
    const state: Record<string, 'Reserved' | 'Cancelled'> = {
      [REF(1)]: 'Reserved',
      [REF(2)]: 'Cancelled',
      [REF(4)]: 'Reserved',
      [REF(5)]: 'Reserved',
    };
    const srv = await gateway(state, [REF(5)]);
    try {
      const ctx = context(srv.url, join(root, `l${++n}`, 'bookings.jsonl'));
      ctx.ledger.recordIntent({ bookingRef: REF(4), itemRefs: [], target: srv.url, runId: 'ANOTHER' }); // open in the ledger
      const list = { file: 'lost.txt', refs: [REF(1), REF(2), REF(3), REF(4), REF(5)] };
      const sweepReport = await sweepReferences(ctx, list);
      assert.deepEqual(sweepReport.cancelled, [REF(1)]);
      assert.deepEqual(
        sweepReport.notNeeded.map((x) => [x.ref, x.message.replace(/ \(.*/, '')]),
        [[REF(2), 'already cancelled at the target']],
      );
      // unknown now, but a Commit of it may still be in flight: kept in doubt, never written off on this read
      assert.deepEqual(
        sweepReport.notYet.map((x) => x.ref),
        [REF(3)],
      );
      assert.match(sweepReport.notYet[0].message, /^unknown to the target now .*could still land until/);
      assert.deepEqual(
        sweepReport.skipped.map((x) => x.ref),
        [REF(4)],
      );
      assert.equal(state[REF(4)], 'Reserved', 'left to its own settlement');
      assert.deepEqual(
        sweepReport.failed.map((x) => x.ref),
        [REF(5)],
      );
      assert.ok(
        !srv.requests.some((q) => q.path === '/bookcancel' && [REF(2), REF(3), REF(4)].includes(refOf(q))),
        'no cancel it did not need',
      );
      // the one that could not be cancelled is now in the ledger: the next run retries it
      assert.deepEqual(
        ctx.ledger
          .outstanding(srv.url)
          .map((e) => e.bookingRef)
          .sort(),
        [REF(3), REF(4), REF(5)].sort(),
      );
      const lines = describeSweep(sweepReport);
      assert.match(
        lines[0],
        new RegExp(`^Swept 5 reference\\(s\\) listed in lost\\.txt: cancelled 1 \\(${REF(1)}\\); needed no cancel 1 `),
      );
      assert.match(lines[0], new RegExp(`could not settle yet 1, kept in the ledger as in doubt .*${REF(3)}`));
      assert.match(lines[1], new RegExp(`^  ${REF(5)}: the cancel failed`));
    } finally {
      await srv.close();
    }
  });
});
