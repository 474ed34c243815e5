import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BookingLedger } from '../../src/safety/ledger';

const root = mkdtempSync(join(tmpdir(), 'ledger-test-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `case${++n}`, '.ledger', 'bookings.jsonl'); // directory does not exist yet
const A = 'http://gateway-a.test';
const B = 'http://gateway-b.test';

function ledger(file: string, warnings: string[] = []): BookingLedger {
  return new BookingLedger(file, (w) => warnings.push(w));
}

describe('BookingLedger', () => {
  test('appends one JSON line per event, creating the directory, and reads it back', () => {
    const file = fresh();
    const l = ledger(file);
    l.recordCommitted({ bookingRef: 'B1', itemRefs: ['I1', 'I2'], target: A, runId: 'run1', scenario: 'book a tour' });
    const lines = readFileSync(file, 'utf8').split('\n');
    assert.equal(lines.length, 2);
    assert.equal(lines[1], '');
    const e = JSON.parse(lines[0]);
    assert.deepEqual({ ...e, at: undefined }, { bookingRef: 'B1', itemRefs: ['I1', 'I2'], target: A, runId: 'run1', scenario: 'book a tour', event: 'committed', at: undefined });
    assert.ok(!Number.isNaN(Date.parse(e.at)));
    assert.deepEqual(l.outstanding(A).map((x) => x.bookingRef), ['B1']);
  });

  test('outstanding: committed and not cancelled, per target, from any run', () => {
    const l = ledger(fresh());
    l.recordCommitted({ bookingRef: 'B1', itemRefs: [], target: A, runId: 'killed-run' });
    l.recordCommitted({ bookingRef: 'B2', itemRefs: [], target: A, runId: 'run2' });
    l.recordCommitted({ bookingRef: 'B3', itemRefs: [], target: B, runId: 'run2' });
    l.recordCancelled('B2', A, 'run2');
    l.recordCleanupFailed('B1', A, 'run2', 'HTTP 500');
    assert.deepEqual(l.outstanding(A).map((x) => [x.bookingRef, x.runId]), [['B1', 'killed-run']]);
    assert.deepEqual(l.outstanding(`${B}/`).map((x) => x.bookingRef), ['B3'], 'trailing slash is the same target');
    // a later run cancels B1: nothing left on A
    new BookingLedger(l.file).recordCancelled('B1', A, 'run3');
    assert.deepEqual(l.outstanding(A), []);
  });

  test('a cancel on another target does not close a booking', () => {
    const l = ledger(fresh());
    l.recordCommitted({ bookingRef: 'B1', itemRefs: [], target: A, runId: 'r' });
    l.recordCancelled('B1', B, 'r');
    assert.equal(l.outstanding(A).length, 1);
  });

  test('a re-committed reference returns the latest commit (most item refs)', () => {
    const l = ledger(fresh());
    l.recordCommitted({ bookingRef: 'B1', itemRefs: ['I1'], target: A, runId: 'r' });
    l.recordCommitted({ bookingRef: 'B1', itemRefs: ['I1', 'I2'], target: A, runId: 'r' });
    assert.deepEqual(l.outstanding(A).map((x) => x.itemRefs), [['I1', 'I2']]);
  });

  test('a truncated last line (killed mid-write) is skipped with a warning, and the next append is not glued to it', () => {
    const file = fresh();
    const warnings: string[] = [];
    const l = ledger(file, warnings);
    l.recordCommitted({ bookingRef: 'B1', itemRefs: [], target: A, runId: 'r1' });
    appendFileSync(file, '{"bookingRef":"B2","itemRefs":[],"tar'); // cut mid-line
    assert.deepEqual(l.outstanding(A).map((x) => x.bookingRef), ['B1']);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /last line is incomplete/);
    l.recordCommitted({ bookingRef: 'B3', itemRefs: [], target: A, runId: 'r2' });
    warnings.length = 0;
    assert.deepEqual(l.outstanding(A).map((x) => x.bookingRef), ['B1', 'B3']);
    assert.equal(warnings.length, 1, 'the cut line is now in the middle: still skipped with a warning');
    assert.match(warnings[0], /line 2 is not a ledger entry/);
  });

  test('garbage and a missing file never crash', () => {
    const file = fresh();
    const warnings: string[] = [];
    assert.deepEqual(ledger(file, warnings).outstanding(A), [], 'missing file');
    ledger(file).recordCommitted({ bookingRef: 'B1', itemRefs: [], target: A, runId: 'r' });
    appendFileSync(file, '\n\n[1,2]\n{"bookingRef":5}\n\u0000\u0001garbage\n');
    assert.deepEqual(ledger(file, warnings).outstanding(A).map((x) => x.bookingRef), ['B1']);
    assert.equal(warnings.length, 3);
    writeFileSync(file, '');
    assert.deepEqual(ledger(file, warnings).outstanding(A), [], 'empty file');
  });

  test('concurrent appends from one process: none lost, none interleaved', async () => {
    const file = fresh();
    const a = ledger(file);
    const b = ledger(file); // two instances on one file, as two modules of one run might have
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        new Promise<void>((r) =>
          setImmediate(() => {
            (i % 2 ? a : b).recordCommitted({ bookingRef: `B${i}`, itemRefs: [`I${i}`], target: A, runId: 'r' });
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
    const modulePath = resolve(__dirname, '../../src/safety/ledger.ts');
    const script = `const { BookingLedger } = require(${JSON.stringify(modulePath)});
      const l = new BookingLedger(${JSON.stringify(file)});
      const w = process.argv[1];
      for (let i = 0; i < 150; i++) l.recordCommitted({ bookingRef: w + '-' + i, itemRefs: ['x'.repeat(300)], target: ${JSON.stringify(A)}, runId: w });`;
    const run = (w: string) =>
      new Promise<number>((res, rej) => {
        const p = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script, w], { stdio: 'inherit' });
        p.on('error', rej);
        p.on('exit', (code) => res(code ?? 1));
      });
    assert.deepEqual(await Promise.all(['w1', 'w2', 'w3'].map(run)), [0, 0, 0]);
    const warnings: string[] = [];
    assert.equal(ledger(file, warnings).outstanding(A).length, 1 + 3 * 150);
    assert.deepEqual(warnings, []);
  });
});
