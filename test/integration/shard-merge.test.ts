// A sharded run gives the same verdict and requirement outcomes as an unsharded one, once its
// shards are merged (npm run merge); a shard alone is a selection, not a verdict.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance, tempDir } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';

after(removeTempDirs);

const summary = (dir: string) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as ConformanceResult;
const outcomes = (r: ConformanceResult) => Object.fromEntries(r.requirements.map((q) => [q.id, q.outcome]));

test('two shards merged give the verdict and outcomes of the whole run', async () => {
  const whole = await runConformance({ timeoutMs: 240_000 });
  assert.equal(whole.code, 0, describeRun(whole));
  const shard1 = await runConformance({ args: ['--shard', '1/2'], timeoutMs: 240_000 });
  const shard2 = await runConformance({ args: ['--shard', '2/2'], timeoutMs: 240_000 });
  assert.equal(shard1.code, 4, `a shard alone is a selection: ${describeRun(shard1)}`);
  assert.match(shard1.stdout, /not a conformance verdict/);
  const out = tempDir();
  const merged = spawnSync(process.execPath, ['scripts/launch.js', 'merge', '--out', out, shard1.reportsDir, shard2.reportsDir], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  assert.equal(merged.status, 0, merged.stdout + merged.stderr);
  const m = summary(out);
  const w = summary(whole.reportsDir);
  assert.equal(m.verdict, w.verdict);
  assert.equal(m.scenarios.length, w.scenarios.length);
  assert.deepEqual(outcomes(m), outcomes(w));
});

test('merging one shard of two is still a selection, and merging a shard twice is refused', async () => {
  const shard = await runConformance({ args: ['--shard', '1/2', '--tags', '@op:hotelnbc'], timeoutMs: 120_000 });
  const out = tempDir();
  const once = spawnSync(process.execPath, ['scripts/launch.js', 'merge', '--out', out, shard.reportsDir], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  assert.equal(once.status, 4, once.stdout + once.stderr);
  const twice = spawnSync(process.execPath, ['scripts/launch.js', 'merge', '--out', out, shard.reportsDir, shard.reportsDir], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  assert.equal(twice.status, 2, twice.stdout + twice.stderr);
  assert.match(twice.stderr, /in two of the merged runs/);
});
