import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { BookingLedger } from '../../../src/bookings/ledger';
import { STALE_HEARTBEAT_MS } from '../../../src/bookings/run-locks';
import { ConfigError } from '../../../src/core/errors';
import { LOAD_TYPESCRIPT } from '../../support/typescript';

const root = mkdtempSync(join(tmpdir(), 'ledger-test-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `case${++n}`, '.ledger', 'bookings.jsonl'); // directory does not exist yet
const A = 'http://gateway-a.test';
const B = 'http://gateway-b.test';

function ledger(file: string, warnings: string[] = []): BookingLedger {
  return new BookingLedger(file, (w) => warnings.push(w));
}

/** A line written by another process (a killed run, another host): committed on A unless told otherwise. */
function entryOf(file: string, record: Record<string, unknown>): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify({ itemRefs: [], target: A, event: 'committed', at: new Date().toISOString(), ...record })}\n`);
}

describe('BookingLedger', () => {
  test('appends one JSON line per event, creating the directory, and reads it back', () => {
    const file = fresh();
    const bookingLedger = ledger(file);
    bookingLedger.recordCommitted({ bookingRef: 'B1', itemRefs: ['I1', 'I2'], target: A, runId: 'run1', scenario: 'book a tour' });
    const lines = readFileSync(file, 'utf8').split('\n');
    assert.equal(lines.length, 2);
    assert.equal(lines[1], '');
    const e = JSON.parse(lines[0]);
    assert.deepEqual(
      { ...e, at: undefined },
      {
        bookingRef: 'B1',
        itemRefs: ['I1', 'I2'],
        target: A,
        targetKey: A,
        runId: 'run1',
        scenario: 'book a tour',
        event: 'committed',
        at: undefined,
        pid: process.pid,
        host: hostname(),
        runPid: process.pid,
      },
    );
    assert.ok(!Number.isNaN(Date.parse(e.at)));
    assert.deepEqual(
      bookingLedger.outstanding(A).map((x) => x.bookingRef),
      ['B1'],
    );
  });

  test('outstanding: committed and not cancelled, per target, from any run', () => {
    const bookingLedger = ledger(fresh());
    bookingLedger.recordCommitted({ bookingRef: 'B1', itemRefs: [], target: A, runId: 'killed-run' });
    bookingLedger.recordCommitted({ bookingRef: 'B2', itemRefs: [], target: A, runId: 'run2' });
    bookingLedger.recordCommitted({ bookingRef: 'B3', itemRefs: [], target: B, runId: 'run2' });
    bookingLedger.recordCancelled('B2', A, 'run2');
    bookingLedger.recordCleanupFailed('B1', A, 'run2', 'HTTP 500');
    assert.deepEqual(
      bookingLedger.outstanding(A).map((x) => [x.bookingRef, x.runId]),
      [['B1', 'killed-run']],
    );
    assert.deepEqual(
      bookingLedger.outstanding(`${B}/`).map((x) => x.bookingRef),
      ['B3'],
      'trailing slash is the same target',
    );
    // a later run cancels B1: nothing left on A
    new BookingLedger(bookingLedger.file).recordCancelled('B1', A, 'run3');
    assert.deepEqual(bookingLedger.outstanding(A), []);
  });

  test('a cancel on another target does not close a booking', () => {
    const bookingLedger = ledger(fresh());
    bookingLedger.recordCommitted({ bookingRef: 'B1', itemRefs: [], target: A, runId: 'r' });
    bookingLedger.recordCancelled('B1', B, 'r');
    assert.equal(bookingLedger.outstanding(A).length, 1);
  });

  test('a re-committed reference returns the latest commit (most item refs)', () => {
    const bookingLedger = ledger(fresh());
    bookingLedger.recordCommitted({ bookingRef: 'B1', itemRefs: ['I1'], target: A, runId: 'r' });
    bookingLedger.recordCommitted({ bookingRef: 'B1', itemRefs: ['I1', 'I2'], target: A, runId: 'r' });
    assert.deepEqual(
      bookingLedger.outstanding(A).map((x) => x.itemRefs),
      [['I1', 'I2']],
    );
  });

  test('a truncated last line (killed mid-write) is skipped with a warning, and the next append is not glued to it', () => {
    const file = fresh();
    const warnings: string[] = [];
    const bookingLedger = ledger(file, warnings);
    bookingLedger.recordCommitted({ bookingRef: 'B1', itemRefs: [], target: A, runId: 'r1' });
    appendFileSync(file, '{"bookingRef":"B2","itemRefs":[],"tar'); // cut mid-line
    assert.deepEqual(
      bookingLedger.outstanding(A).map((x) => x.bookingRef),
      ['B1'],
    );
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /line 2: the line is incomplete/);
    bookingLedger.recordCommitted({ bookingRef: 'B3', itemRefs: [], target: A, runId: 'r2' });
    warnings.length = 0;
    assert.deepEqual(
      bookingLedger.outstanding(A).map((x) => x.bookingRef),
      ['B1', 'B3'],
    );
    assert.equal(bookingLedger.lastWarnings.length, 1, 'the cut line is now in the middle: still skipped with a warning (named once)');
    assert.match(bookingLedger.lastWarnings[0], /line 2: the line is incomplete/);
    assert.deepEqual(bookingLedger.lastForeign, [], 'a line of ours cut by a kill is not refused');
    bookingLedger.assertOwnLines();
  });

  test('garbage and a missing file never crash', () => {
    const file = fresh();
    const warnings: string[] = [];
    assert.deepEqual(ledger(file, warnings).outstanding(A), [], 'missing file');
    ledger(file).recordCommitted({ bookingRef: 'B1', itemRefs: [], target: A, runId: 'r' });
    appendFileSync(file, '\n\n[1,2]\n{"bookingRef":5}\n\u0000\u0001garbage\n');
    assert.deepEqual(
      ledger(file, warnings)
        .outstanding(A)
        .map((x) => x.bookingRef),
      ['B1'],
    );
    assert.equal(warnings.length, 3);
    writeFileSync(file, '');
    assert.deepEqual(ledger(file, warnings).outstanding(A), [], 'empty file');
  });

  test('concurrent appends from one process: none lost, none interleaved', async () => {
    const file = fresh();
    const bookingLedger = ledger(file);
    const b = ledger(file); // two instances on one file, as two modules of one run might have
    await Promise.all(
      Array.from(
        { length: 200 },
        (_, i) =>
          new Promise<void>((r) =>
            setImmediate(() => {
              (i % 2 ? bookingLedger : b).recordCommitted({ bookingRef: `B${i}`, itemRefs: [`I${i}`], target: A, runId: 'r' });
              r();
            }),
          ),
      ),
    );
    const warnings: string[] = [];
    assert.equal(ledger(file, warnings).outstanding(A).length, 200);
    assert.deepEqual(warnings, []);
  });

  test('concurrent appends from several processes (parallel workers): none lost, none interleaved', async () => {
    const file = fresh();
    ledger(file).recordCommitted({ bookingRef: 'first', itemRefs: [], target: A, runId: 'r' });
    const modulePath = resolve(__dirname, '../../../src/bookings/ledger.ts');
    const script = `const { BookingLedger } = require(${JSON.stringify(modulePath)});
      const l = new BookingLedger(${JSON.stringify(file)});
      const w = process.argv[1];
      for (let i = 0; i < 150; i++) l.recordCommitted({ bookingRef: w + '-' + i, itemRefs: ['x'.repeat(300)], target: ${JSON.stringify(A)}, runId: w });`;
    const run = (w: string) =>
      new Promise<number>((res, rej) => {
        const child = spawn(process.execPath, [...LOAD_TYPESCRIPT, '-e', script, w], { stdio: 'inherit' });
        child.on('error', rej);
        child.on('exit', (code) => res(code ?? 1));
      });
    assert.deepEqual(await Promise.all(['w1', 'w2', 'w3'].map(run)), [0, 0, 0]);
    const warnings: string[] = [];
    assert.equal(ledger(file, warnings).outstanding(A).length, 1 + 3 * 150);
    assert.deepEqual(warnings, []);
  });
});

// The intent of a Commit is written before it is sent; ownership
// of entries by live runs, and an unwritable ledger found before the first scenario.
describe('BookingLedger: intents, ownership, writability', () => {
  test('an intent is outstanding until confirmed and cancelled, or found gone', () => {
    const bookingLedger = ledger(fresh());
    bookingLedger.recordIntent({ bookingRef: 'B1', itemRefs: ['I1'], target: A, runId: 'r' });
    bookingLedger.recordIntent({ bookingRef: 'B2', itemRefs: ['I2'], target: A, runId: 'r' });
    assert.deepEqual(
      bookingLedger.outstanding(A).map((e) => [e.bookingRef, e.event]),
      [
        ['B1', 'intent'],
        ['B2', 'intent'],
      ],
    );
    bookingLedger.recordCommitted({ bookingRef: 'B1', itemRefs: ['I1'], target: A, runId: 'r' });
    // an item added later: a new intent, but the booking stays known as committed
    bookingLedger.recordIntent({ bookingRef: 'B1', itemRefs: ['I1', 'I3'], target: A, runId: 'r' });
    assert.deepEqual(
      bookingLedger.outstanding(A).map((e) => [e.bookingRef, e.event, e.itemRefs.length]),
      [
        ['B2', 'intent', 1],
        ['B1', 'committed', 2],
      ],
    );
    bookingLedger.recordGone('B2', A, 'r2', 'unknown to the target');
    bookingLedger.recordCancelled('B1', A, 'r2');
    assert.deepEqual(bookingLedger.outstanding(A), []);
  });

  test('every entry names its process and host; the intent is on disk before recordIntent returns', () => {
    const file = fresh();
    ledger(file).recordIntent({ bookingRef: 'B1', itemRefs: [], target: A, runId: 'r' });
    const e = JSON.parse(readFileSync(file, 'utf8').trim());
    assert.equal(e.event, 'intent');
    assert.equal(e.pid, process.pid);
    assert.equal(e.host, hostname());
  });

  test('orphaned: entries of a live run (lock held) are left alone, those of a dead or stale run are not', () => {
    const file = fresh();
    const bookingLedger = ledger(file);
    const claim = bookingLedger.claimRun('LIVE');
    bookingLedger.recordCommitted({ bookingRef: 'OWNED', itemRefs: [], target: A, runId: 'LIVE' });
    bookingLedger.recordCommitted({ bookingRef: 'LEGACY', itemRefs: [], target: A, runId: 'OLD' }); // no lock, our pid, recent: alive
    // a killed run: its lock stays, with a pid that no longer exists; each entry names its run's process
    mkdirSync(bookingLedger.runsDir, { recursive: true });
    const lock = (runId: string, pid: number, host: string, ageMs: number, deadlineInMs?: number) =>
      writeFileSync(
        join(bookingLedger.runsDir, `${runId}.lock.json`),
        JSON.stringify({
          runId,
          pid,
          host,
          startedAt: new Date().toISOString(),
          heartbeatAt: new Date(Date.now() - ageMs).toISOString(),
          ...(deadlineInMs !== undefined ? { deadlineAt: new Date(Date.now() + deadlineInMs).toISOString() } : {}),
        }),
      );
    const runs: Array<[string, number, string, number, number?]> = [
      ['KILLED', 2 ** 22 + 12345, hostname(), 1000],
      ['ELSEWHERE-LIVE', 1, 'another-host.example', 1000, 600_000],
      // judged by the heartbeat's window, one minute: not "in progress" for longer
      ['ELSEWHERE-DEAD', 1, 'another-host.example', STALE_HEARTBEAT_MS + 1000],
      // a fresh heartbeat, but the run's deadline is over: it was stopped, whatever its host says
      ['ELSEWHERE-PAST-DEADLINE', 1, 'another-host.example', 1000, -1000],
      // the same host name and a live pid (a cached ledger in a container): the heartbeat decides
      ['REUSED-PID', process.pid, hostname(), STALE_HEARTBEAT_MS + 1000],
    ];
    for (const [runId, pid, host, age, deadline] of runs) {
      lock(runId, pid, host, age, deadline);
      entryOf(file, { bookingRef: runId, runId, runPid: pid, pid, host });
    }
    assert.deepEqual(
      bookingLedger
        .orphaned(A)
        .map((e) => e.bookingRef)
        .sort(),
      ['ELSEWHERE-DEAD', 'ELSEWHERE-PAST-DEADLINE', 'KILLED', 'REUSED-PID'],
    );
    claim.release();
    assert.deepEqual(
      readdirSync(bookingLedger.runsDir).filter((n) => n.startsWith('LIVE.')),
      [],
      'released',
    );
    // a run that ended without its lock, whose process is gone: its leftovers are orphaned
    appendFileSync(
      file,
      `${JSON.stringify({ bookingRef: 'ENDED', itemRefs: [], target: A, runId: 'ENDED', event: 'committed', at: new Date().toISOString(), pid: 2 ** 22 + 54321, host: hostname() })}\n`,
    );
    assert.ok(bookingLedger.orphaned(A).some((e) => e.bookingRef === 'ENDED'));
  });

  test('a lock is released on an orderly exit and kept by a kill', async () => {
    const file = fresh();
    const modulePath = resolve(__dirname, '../../../src/bookings/ledger.ts');
    const script = (end: string) =>
      `const { BookingLedger } = require(${JSON.stringify(modulePath)}); new BookingLedger(${JSON.stringify(file)}).claimRun(process.argv[1]); ${end}`;
    const run = (runId: string, end: string) =>
      new Promise<void>((res, rej) => {
        const child = spawn(process.execPath, [...LOAD_TYPESCRIPT, '-e', script(end), runId], { stdio: 'inherit' });
        child.on('error', rej);
        child.on('exit', () => res());
      });
    await run('ORDERLY', 'process.exit(0)');
    await run('KILLED', "process.kill(process.pid, 'SIGKILL')");
    const bookingLedger = ledger(file);
    const locks = (runId: string) =>
      readdirSync(bookingLedger.runsDir).filter((n) => n.startsWith(`${runId}.`) && n.endsWith('.lock.json'));
    assert.deepEqual(locks('ORDERLY'), []);
    assert.equal(locks('KILLED').length, 1, 'one lock per process, named by run id, pid and host');
    assert.equal(bookingLedger.runAlive('KILLED'), false, 'its pid is dead');
  });

  test('assertWritable: a fresh path is fine and creates the folders', () => {
    const bookingLedger = ledger(fresh());
    bookingLedger.assertWritable();
    assert.ok(existsSync(bookingLedger.file));
    assert.ok(existsSync(bookingLedger.runsDir));
  });

  const oneLine = (fn: () => void, re: RegExp) => {
    assert.throws(fn, (error: Error) => {
      assert.ok(error instanceof ConfigError, `a ConfigError (exit 2), not ${error?.constructor?.name}`);
      assert.doesNotMatch(error.message, /\n/, 'one line');
      assert.match(error.message, re);
      return true;
    });
  };

  test('assertWritable: a folder, and a path under a file: one line each', () => {
    const dir = join(root, `dir${++n}`);
    mkdirSync(dir, { recursive: true });
    oneLine(() => ledger(dir).assertWritable(), /^OTA_LEDGER_FILE=.* is a folder; it must name a file/);
    const file = join(root, `plain${++n}.txt`);
    writeFileSync(file, 'x');
    oneLine(
      () => ledger(join(file, 'sub', 'bookings.jsonl')).assertWritable(),
      new RegExp(`cannot be created: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is a file, not a folder`),
    );
  });

  // chattr +i works for root too, where chmod does not stop anything; skipped where unavailable
  const immutable = (p: string, on: boolean) => spawnSync('chattr', [on ? '+i' : '-i', p]).status === 0;

  test('assertWritable: an immutable file and an immutable (read-only) folder', (testContext) => {
    const file = fresh();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
    if (!immutable(file, true)) return testContext.skip('chattr +i is not available here');
    try {
      oneLine(() => ledger(file).assertWritable(), /^OTA_LEDGER_FILE=.* is not writable: operation not permitted/);
    } finally {
      immutable(file, false);
    }
    const folder = join(root, `ro${++n}`);
    mkdirSync(folder);
    immutable(folder, true);
    try {
      oneLine(
        () => ledger(join(folder, 'bookings.jsonl')).assertWritable(),
        /^OTA_LEDGER_FILE=.*(not writable|cannot be created).*operation not permitted/,
      );
    } finally {
      immutable(folder, false);
    }
  });

  test('assertWritable: a read-only file system location (sysfs refuses new files, even to root)', (testContext) => {
    if (!existsSync('/sys/kernel')) return testContext.skip('no /sys here');
    oneLine(
      () => ledger('/sys/kernel/ota-ledger-test/bookings.jsonl').assertWritable(),
      /^OTA_LEDGER_FILE=.*(permission denied|not permitted|read-only)/,
    );
  });
});

// Targets compared by meaning, dead runs finished whatever their id, the flight of a
// Commit (answered, unconfirmed), and every bad line named with its file and line.
describe('BookingLedger: targets by meaning, run processes, bad lines', () => {
  test('entries are matched by normal form: the target as written and its normal form are both recorded', () => {
    const file = fresh();
    const bookingLedger = ledger(file);
    bookingLedger.recordIntent({ bookingRef: 'B1', itemRefs: [], target: 'http://127.0.0.1:8080', runId: 'r' });
    bookingLedger.recordCommitted({ bookingRef: 'B2', itemRefs: [], target: 'http://elsewhere.test', runId: 'r' });
    const written = JSON.parse(readFileSync(file, 'utf8').split('\n')[0]);
    assert.equal(written.target, 'http://127.0.0.1:8080');
    assert.equal(written.targetKey, 'http://localhost:8080');
    assert.deepEqual(
      bookingLedger.outstanding('http://localhost:8080/').map((e) => e.bookingRef),
      ['B1'],
    );
    assert.deepEqual(
      bookingLedger.outstandingElsewhere('http://LOCALHOST:8080').map((e) => [e.bookingRef, e.target]),
      [['B2', 'http://elsewhere.test']],
    );
    // a cancel under the other spelling closes it
    bookingLedger.recordCancelled('B1', 'http://localhost:8080/', 'r2');
    assert.deepEqual(bookingLedger.outstanding('http://127.0.0.1:8080'), []);
    assert.ok(bookingLedger.knowsTarget('http://localhost:8080'));
    assert.equal(bookingLedger.knowsTarget('http://localhost:8081'), false);
  });

  test('a dead process is a finished run whatever its run id: a next run that reuses the id does not own its entries', () => {
    const file = fresh();
    const bookingLedger = ledger(file);
    const DEAD = 2 ** 22 + 31_031;
    // the killed run's lock and entries (SIGKILL: its lock stays)
    mkdirSync(bookingLedger.runsDir, { recursive: true });
    const at = new Date().toISOString();
    writeFileSync(
      join(bookingLedger.runsDir, `REUSED.${DEAD}@${hostname()}.lock.json`),
      JSON.stringify({ runId: 'REUSED', pid: DEAD, host: hostname(), startedAt: at, heartbeatAt: at }),
    );
    entryOf(file, { bookingRef: 'KILLEDS', runId: 'REUSED', runPid: DEAD, pid: DEAD + 1, host: hostname() }); // written by a worker
    // this process is the next run, with the same id, alive and holding its own lock
    const claim = bookingLedger.claimRun('REUSED');
    try {
      bookingLedger.recordCommitted({ bookingRef: 'MINE', itemRefs: [], target: A, runId: 'REUSED' });
      assert.deepEqual(
        bookingLedger.orphaned(A).map((e) => e.bookingRef),
        ['KILLEDS'],
      );
      assert.equal(bookingLedger.runAlive('REUSED', { runPid: DEAD, pid: DEAD, host: hostname(), at }), false);
      assert.equal(bookingLedger.runAlive('REUSED', { runPid: process.pid, pid: process.pid, host: hostname(), at }), true);
    } finally {
      claim.release();
    }
  });

  test("a worker's entries name the run's process (OTA_RUN_PID), only when it is the worker's parent or itself", () => {
    const run = (runPid: string) => {
      const file = fresh();
      const script = `const { BookingLedger } = require(${JSON.stringify(resolve(__dirname, '../../../src/bookings/ledger.ts'))});
        new BookingLedger(${JSON.stringify(file)}).recordIntent({ bookingRef: 'W', itemRefs: [], target: 'http://a.test', runId: 'r' });`;
      const spawned = spawnSync(process.execPath, [...LOAD_TYPESCRIPT, '-e', script], {
        env: { ...process.env, OTA_RUN_PID: runPid },
        encoding: 'utf8',
      });
      assert.equal(spawned.status, 0, spawned.stderr);
      return JSON.parse(readFileSync(file, 'utf8').trim()) as { pid: number; runPid: number };
    };
    const child = run(String(process.pid)); // this process is the worker's parent: the runner
    assert.equal(child.runPid, process.pid);
    assert.notEqual(child.pid, process.pid);
    const stray = run('1'); // not its parent: a value that leaked in from elsewhere
    assert.equal(stray.runPid, stray.pid);
  });

  test('an intent is answered once its Commit got a reply; unconfirmed leaves it open; a new intent is in flight again', () => {
    const bookingLedger = ledger(fresh());
    bookingLedger.recordIntent({ bookingRef: 'B1', itemRefs: [], target: A, runId: 'r', flightMs: 60_000 });
    const [e] = bookingLedger.outstanding(A);
    assert.deepEqual([e.event, e.answered], ['intent', false]);
    const landsBy = e.landsBy!;
    assert.equal(Date.parse(landsBy) - Date.parse(e.at), 60_000, 'the intent carries until when its Commit could land');
    bookingLedger.recordUnconfirmed('B1', A, 'r2', 'unknown to the target, could still land', landsBy);
    assert.equal(bookingLedger.outstanding(A).length, 1, 'unconfirmed is not a settlement');
    assert.equal(bookingLedger.outstanding(A)[0].runId, 'r', 'nor does it change whose intent it is');
    bookingLedger.recordAnswered('B1', A, 'r');
    assert.equal(bookingLedger.outstanding(A)[0].answered, true);
    bookingLedger.recordIntent({ bookingRef: 'B1', itemRefs: ['I2'], target: A, runId: 'r', flightMs: 60_000 });
    assert.equal(bookingLedger.outstanding(A)[0].answered, false, 'a second Commit of the reference is in flight again');
    bookingLedger.recordAnswered('B9', A, 'r'); // an answer for nothing outstanding changes nothing
    assert.deepEqual(
      bookingLedger.outstanding(A).map((e) => e.bookingRef),
      ['B1'],
    );
  });

  test('a truncated, foreign or hand-edited line is named with its file and line, and skipped; every other entry counts', () => {
    const file = fresh();
    const warnings: string[] = [];
    const bookingLedger = ledger(file, warnings);
    bookingLedger.recordCommitted({ bookingRef: 'GOOD1', itemRefs: [], target: A, runId: 'r' });
    const bad = [
      '{"level":"info","msg":"another tool wrote here"}', // foreign
      JSON.stringify({ bookingRef: 'EDITED1', itemRefs: [], target: A, runId: 'r', event: 'canceled', at: new Date().toISOString() }),
      JSON.stringify({
        bookingRef: 'EDITED2',
        itemRefs: [],
        target: 'gateway-a',
        runId: 'r',
        event: 'committed',
        at: new Date().toISOString(),
      }),
      JSON.stringify({ bookingRef: 'EDITED3', itemRefs: [], target: A, runId: 'r', event: 'committed', at: 'yesterday' }),
      JSON.stringify({ bookingRef: 'EDITED4', itemRefs: [1], target: A, runId: 'r', event: 'committed', at: new Date().toISOString() }),
      JSON.stringify({ bookingRef: '', itemRefs: [], target: A, runId: 'r', event: 'committed', at: new Date().toISOString() }),
      JSON.stringify({
        bookingRef: 'EDITED5',
        itemRefs: [],
        target: A,
        runId: 'r',
        event: 'committed',
        at: new Date().toISOString(),
        runPid: 'x',
      }),
    ];
    appendFileSync(file, `${bad.join('\n')}\n`);
    bookingLedger.recordCommitted({ bookingRef: 'GOOD2', itemRefs: [], target: A, runId: 'r' });
    appendFileSync(file, '{"bookingRef":"CUT","itemRe'); // a kill mid-write
    assert.deepEqual(
      bookingLedger.outstanding(A).map((e) => e.bookingRef),
      ['GOOD1', 'GOOD2'],
    );
    const reasons = [
      /not a JSON object|no bookingRef/,
      /event "canceled" is none of/,
      /target "gateway-a" is not an http\(s\) URL/,
      /at "yesterday" is not a time/,
      /itemRefs/,
      /no bookingRef/,
      /runPid "x" is not a process id/,
    ];
    assert.equal(warnings.length, bad.length + 1, warnings.join('\n'));
    reasons.forEach((re, index) => {
      assert.ok(warnings[index].startsWith(`booking ledger ${file}, line ${index + 2} is not a ledger entry (`), warnings[index]);
      assert.match(warnings[index], re);
    });
    assert.match(warnings.at(-1)!, new RegExp(`, line ${bad.length + 3}: the line is incomplete`));
    // not the suite's: refused before anything is settled on its strength (exit 2), the first line named
    assert.throws(
      () => bookingLedger.assertOwnLines(),
      (e: Error) =>
        e instanceof ConfigError &&
        e.message.startsWith(`booking ledger ${file}, line 2 is not a ledger entry of this suite (`) &&
        e.message.includes(`(and ${bad.length - 1} more line(s)): refused; nothing is settled or cancelled`),
    );
    // named once per ledger, however often it is read
    bookingLedger.outstanding(A);
    bookingLedger.orphaned(A);
    assert.equal(warnings.length, bad.length + 1);
    assert.equal(bookingLedger.lastWarnings.length, bad.length + 1, 'the last read still lists them');
  });

  test('assertWritable tells a ledger it created from one that existed; an embedded run marks its entries', () => {
    const created = ledger(fresh());
    created.assertWritable();
    assert.equal(created.createdByThisProcess(), true);
    const existing = fresh();
    mkdirSync(dirname(existing), { recursive: true });
    writeFileSync(existing, '');
    const kept = ledger(existing);
    kept.assertWritable();
    assert.equal(kept.createdByThisProcess(), false);
    const embedded = new BookingLedger(existing, () => undefined, { embedded: true });
    embedded.recordIntent({ bookingRef: 'E1', itemRefs: [], target: 'http://127.0.0.1:1', runId: 'r' });
    assert.equal(embedded.allOutstanding()[0].embedded, true);
  });
});
