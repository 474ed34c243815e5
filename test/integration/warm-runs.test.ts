// The integration tests' suite runs go to warm worker processes (test/support/warm-runs/): a run
// there must be what the same run in a process of its own is. The same verdict, outcomes, exit code
// and console; nothing of one run's environment reaches the next in the same worker; a run that
// exits its process (past OTA_RUN_DEADLINE_MS) ends as it would alone, and the next run gets a new
// worker; a run past the caller's time limit is killed like a child process.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { describeRun, removeTempDirs, requireSummary, runConformance, type RunResult } from './helpers';

after(removeTempDirs);

const SELECTION = ['--tags', '@op:hotelavailability and not @informative'];
const concluded = (runResult: RunResult) => {
  const runSummaryFile = requireSummary(runResult);
  return {
    code: runResult.code,
    scenarios: runSummaryFile.scenarios.map((x) => `${x.name}: ${x.status}`).sort(),
    nonconformances: runSummaryFile.nonconformances,
  };
};
/** The console with what differs from run to run (run ids, ports, temp paths, times) written alike. */
const consoleOf = (r: RunResult) =>
  r.stdout
    .replace(/\brun [A-Z0-9]{8,}/g, 'run <id>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/\/tmp\/[^\s)'"]+/g, '<tmp>')
    .replace(/\d+(\.\d+)? ?(ms|s)\b/g, '<time>')
    .replace(/^(\s*[a-z]+)\s+[\d\s()/]+$/gm, '$1 <latencies>');

test('a warm run concludes and prints what the same run in a process of its own does', async () => {
  const fault = { OTA_SANDBOX_FAULTS: 'hotel-ignores-place' };
  const [fresh, warm] = await Promise.all([
    runConformance({ args: SELECTION, env: fault, fresh: true }),
    runConformance({ args: SELECTION, env: fault }),
  ]);
  assert.equal(fresh.code, 1, describeRun(fresh));
  assert.deepEqual(concluded(warm), concluded(fresh), describeRun(warm));
  assert.equal(consoleOf(warm), consoleOf(fresh));
  assert.equal(warm.stderr, fresh.stderr);
  // the next runs, in the same warm workers, without the fault: nothing of it is left
  const clean = await Promise.all([runConformance({ args: SELECTION }), runConformance({ args: SELECTION })]);
  for (const runResult of clean) assert.equal(runResult.code, 4, describeRun(runResult));
});

test('a run that exits its worker (past its deadline) ends with exit 2 and says why; the next run gets a new worker', async () => {
  const runResult = await runConformance({ args: SELECTION, env: { OTA_RUN_DEADLINE_MS: '1' } });
  assert.equal(runResult.code, 2, describeRun(runResult));
  assert.match(runResult.stderr, /did not finish within OTA_RUN_DEADLINE_MS=1 ms/);
  const next = await runConformance({ args: SELECTION });
  assert.equal(next.code, 4, describeRun(next)); // a selection that passed: exit 4, never a verdict on the whole profile
});

test("a run past the caller's time limit is killed, as a child process is", async () => {
  const runResult = await runConformance({ args: SELECTION, timeoutMs: 1 });
  assert.equal(runResult.timedOut, true);
  assert.equal(runResult.code, null);
  assert.equal(runResult.signal, 'SIGKILL');
});
