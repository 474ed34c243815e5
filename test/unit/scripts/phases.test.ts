// Checks in phases (scripts/phases.ts), as npm test and npm run quick run them: a phase's steps all
// run and are all reported, the first phase with a failed step stops the run with that step's exit
// code, and the times say which step took what. No time is asserted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runPhases, timesText, type Step } from '../../../scripts/phases';

const node = (name: string, code: string): Step => ({ name, command: process.execPath, args: ['-e', code] });

test('every step of a phase runs; a failed phase stops the run with its exit code; empty phases are left out', async () => {
  const phasesResult = await runPhases([
    { name: 'nothing to do', steps: [] },
    { name: 'checks', steps: [node('a', 'process.exit(0)'), node('b', 'process.exit(3)'), node('c', "console.log('c ran')")] },
    { name: 'never', steps: [node('d', 'process.exit(0)')] },
  ]);
  assert.equal(phasesResult.status, 3);
  assert.deepEqual(
    phasesResult.phases.map((p) => [p.name, p.steps.map((s) => `${s.name}:${s.status}`)]),
    [['checks', ['a:0', 'b:3', 'c:0']]],
  );
  const text = timesText('npm test', phasesResult);
  assert.match(text, /^npm test FAILED \(exit 3\) in [\d.]+ s on \d+ cores/);
  assert.match(text, /checks: [\d.]+ s \(a [\d.]+ s, b [\d.]+ s, c [\d.]+ s; \d+ at a time\)/);
});

test('all phases pass: status 0, one line per phase', async () => {
  const phasesResult = await runPhases([
    { name: 'one', steps: [node('x', '')] },
    { name: 'two', steps: [node('y', '')] },
  ]);
  assert.equal(phasesResult.status, 0);
  assert.deepEqual(
    phasesResult.phases.map((p) => p.name),
    ['one', 'two'],
  );
  assert.match(timesText('npm run quick', phasesResult), /^npm run quick passed in .*\n {2}one: [\d.]+ s\n {2}two: [\d.]+ s$/);
});
