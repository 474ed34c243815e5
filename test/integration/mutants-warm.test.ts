// npm run mutants runs its suite runs in warm worker processes (scripts/mutants/cell-pool.ts): a
// run there must be judged exactly as in a process of its own. Faults of several operations (two
// that book) and a variant, run both ways: same verdicts, same outcome of every requirement and
// scenario. (The whole default run was compared the same way: 201 runs, no difference.)
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, removeTempDirs, tempDir } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';

after(removeTempDirs);

const ONLY = 'hotel-ignores-place,quote-unhandled,cancel-twice-succeeds,local-timestamp,prefixed-namespace';

/** Runs npm run mutants with these arguments; the folder it kept each run's summary.json in. */
function mutants(extra: string[]): string {
  const dir = tempDir();
  const spawned = spawnSync(process.execPath, ['scripts/launch.js', 'mutants', '--only', ONLY, '--keep', ...extra], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, OTA_REPORTS_DIR: join(dir, 'reports'), OTA_LEDGER_FILE: join(dir, 'ledger.jsonl') },
  });
  const out = `${spawned.stdout}${spawned.stderr}`;
  assert.equal(spawned.status, 0, out);
  const kept = /Reports of each run kept in (\S+)/.exec(out)?.[1];
  assert.ok(kept && existsSync(kept), out);
  return kept;
}

/** What a run concluded: its verdict, and the outcome of every requirement and scenario. */
function conclusions(dir: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const run of readdirSync(dir)) {
    const file = join(dir, run, 'summary.json');
    if (!existsSync(file)) continue;
    const conformanceResult = JSON.parse(readFileSync(file, 'utf8')) as ConformanceResult;
    out[run] = {
      verdict: conformanceResult.verdict,
      requirements: Object.fromEntries(conformanceResult.requirements.map((q) => [q.id, q.outcome])),
      scenarios: conformanceResult.scenarios.map((s) => `${s.name}: ${s.status}`).sort(),
    };
  }
  return out;
}

test('a run in a warm worker is judged as in a process of its own', () => {
  const warm = mutants([]);
  const fresh = mutants(['--fresh-processes']);
  try {
    const record = conclusions(warm);
    const table = conclusions(fresh);
    // the baseline, the four faults and the variant
    assert.equal(Object.keys(record).length, 6, Object.keys(record).join(', '));
    assert.deepEqual(record, table);
  } finally {
    rmSync(warm, { recursive: true, force: true });
    rmSync(fresh, { recursive: true, force: true });
  }
});
