// The benchmark's child runs (scripts/bench/processes.ts): CPU time from GNU time, and a run's
// outcome line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { outcomeLine, parseCpuSeconds, shortOutcome } from '../../../../scripts/bench/processes';

describe('CPU time from GNU time', () => {
  test('"%U %S" in ms, after the note GNU time adds for a non-zero exit', () => {
    assert.equal(parseCpuSeconds('7.61 0.52\n'), 8130);
    assert.equal(parseCpuSeconds('Command exited with non-zero status 2\n1.20 0.10\n'), 1300);
    assert.equal(parseCpuSeconds(''), undefined);
    assert.equal(parseCpuSeconds('Command terminated by signal 9\n'), undefined);
  });
});

describe("a run's outcome line", () => {
  const run = (stdout: string, stderr = '', code: number | null = 0, timedOut = false) => ({ stdout, stderr, code, timedOut });

  test('the verdict line, or its verdict words when it is long', () => {
    const long = `CONFORMS: every MUST requirement of the claimed classes (core, booking, partial-cancellation, security, alignment) passed`;
    assert.equal(outcomeLine(run(`header\n[1/1] passed x\n\n${long}\nReports: ...\n`)), long);
    assert.equal(shortOutcome(run(`${long}\n`)), 'CONFORMS');
    assert.equal(shortOutcome(run('', 'Could not run: no scenario matched\n', 2)), 'Could not run: no scenario matched');
    assert.equal(outcomeLine(run('nothing useful', '', 7)), 'exit 7');
    assert.match(outcomeLine(run('', '', null, true)), /killed/);
  });
});
