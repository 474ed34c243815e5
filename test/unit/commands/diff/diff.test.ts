// Two runs of the same replies differ only where the conclusions do: a finding that names the run's
// own ID (the EchoToken the suite sent, OTA-<run id>) is the same finding in both runs.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { diffResults } from '../../../../src/commands/diff/diff';
import type { ConformanceResult } from '../../../../src/reporting/result';

const run = (runId: string, expected: string): ConformanceResult =>
  ({
    runId,
    verdict: 'CONFORMS',
    target: { url: 'cassette' },
    finishedAt: '2026-11-27T00:00:00Z',
    latency: [],
    requirements: [
      {
        id: 'EP-ECHOTOKEN',
        level: 'SHOULD',
        outcome: 'failed',
        findings: [{ at: '/*/@EchoToken', expected, found: '(absent)', scenario: 'Hotels of place 3' }],
      },
    ],
  }) as unknown as ConformanceResult;

test("a finding that names each run's own ID is the same finding in both", () => {
  const runDiff = diffResults(run('RUNA', 'OTA-RUNA'), run('RUNB', 'OTA-RUNB'));
  assert.deepEqual([runDiff.onlyInA, runDiff.onlyInB, runDiff.differs], [[], [], false]);
});

test('a finding that names another value still differs, and is shown as written', () => {
  const runDiff = diffResults(run('RUNA', 'OTA-RUNA'), run('RUNB', 'OTA-OTHER'));
  assert.equal(runDiff.differs, true);
  assert.deepEqual([runDiff.onlyInA.map((f) => f.expected), runDiff.onlyInB.map((f) => f.expected)], [['OTA-RUNA'], ['OTA-OTHER']]);
  assert.ok(!('runId' in runDiff.onlyInA[0]), 'the run ID is not a field of the finding shown');
});
