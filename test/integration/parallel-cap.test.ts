// Issue 29, point 8: --parallel above the cores. Against the embedded sandbox, which shares the
// machine's cores with the workers, they are capped to the cores, said in one line; the run is judged
// as usual.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { availableParallelism } from 'node:os';
import { describeRun, removeTempDirs, requireSummary, runConformance } from './helpers';

after(removeTempDirs);

test('--parallel above the cores against the embedded sandbox: one line, capped to the cores, judged as usual', async () => {
  const cores = availableParallelism();
  const r = await runConformance({ args: ['--tags', '@op:hotelnbc and not @informative', '--parallel', String(cores + 3)] });
  assert.ok([0, 4].includes(r.code ?? -1), describeRun(r));
  const lines = r.stderr.split('\n').filter((l) => l.trim());
  assert.deepEqual(lines, [
    `Note: --parallel ${cores + 3} is more workers than this machine's ${cores} core(s), which the target shares (it runs here): ${cores} worker(s) run`,
  ]);
  assert.ok(requireSummary(r).scenarios.length > 0);
});
