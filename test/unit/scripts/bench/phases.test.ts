// The phases of a run, from the times its console lines arrived (scripts/bench/phases.ts), and
// their medians over runs (scripts/bench/main-job.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runPhases, type TimedLine } from '../../../../scripts/bench/phases';
import { medianPhases } from '../../../../scripts/bench/main-job';
import { type ChildRun } from '../../../../scripts/bench/processes';

describe('the phases of a run, from its console lines', () => {
  const lines: TimedLine[] = [
    { ms: 1500, text: 'OTA Gateway Conformance: run X against the embedded sandbox (http://127.0.0.1:1); profile default' },
    { ms: 1600, text: 'You have specified paths in both your configuration file and as CLI arguments.' },
    { ms: 2500, text: '[1/3] passed      A (features/core/a.feature)' },
    { ms: 3000, text: '[2/3] passed      B (features/core/b.feature)' },
    { ms: 6500, text: '[3/3] passed      C (features/core/c.feature)' },
    { ms: 6500, text: '' },
    { ms: 7000, text: 'Conformance of embedded sandbox (run X)' },
    { ms: 7000, text: 'Reports: conformance-report.html' },
  ];

  test('start-up, to the first scenario, the scenarios, after them, the scan and exit', () => {
    assert.deepEqual(runPhases(lines, 9000), {
      startupMs: 1500,
      toFirstScenarioMs: 1000,
      scenariosMs: 4000,
      afterScenariosMs: 500,
      scanAndExitMs: 2000,
    });
  });

  test('a run that stopped early shows no phases; medians leave it out', () => {
    assert.equal(runPhases(lines.slice(0, 4), 5000), undefined);
    const run = (wallMs: number, l: TimedLine[]) => ({ wallMs, lines: l }) as unknown as ChildRun;
    const m = medianPhases([run(9000, lines), run(5000, lines.slice(0, 2)), run(11_000, lines)]);
    assert.equal(m?.scanAndExitMs, 3000);
    assert.equal(medianPhases([run(5000, [])]), undefined);
  });
});
