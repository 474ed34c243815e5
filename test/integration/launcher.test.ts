// Every `npm run` script goes through scripts/launch.js, which runs the compiled script as a module
// of its own process: each must still do its work there (a `require.main === module` guard once
// made `npm run mutants` a silent no-op that exited 0).
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, removeTempDirs, tempDir } from './helpers';

after(removeTempDirs);

/** A quick call of each script, and what only that script prints for it. */
const CALLS: Record<string, { args: string[]; code: number; says: RegExp }> = {
  conformance: { args: ['--help'], code: 0, says: /npm run conformance -- \[options\]/ },
  merge: { args: ['--bogus'], code: 2, says: /Could not merge: unknown argument --bogus/ },
  diff: { args: ['--bogus'], code: 2, says: /Could not diff: unknown argument --bogus/ },
  init: { args: ['--bogus'], code: 2, says: /Could not init: unknown option --bogus/ },
  report: { args: [], code: 2, says: /Could not build the report: no evidence stream \(cucumber-messages\.ndjson\) in / },
  mutants: { args: ['--bogus'], code: 2, says: /mutants: unknown argument --bogus/ },
  bench: { args: ['--help'], code: 0, says: /npm run bench -- \[options\]/ },
  sandbox: { args: ['--list-faults'], code: 0, says: /wrong-root\s+EP-RS-ROOT/ },
  docs: { args: ['--bogus'], code: 2, says: /docs: unknown argument --bogus/ },
  test: { args: ['--bogus'], code: 2, says: /test: unknown argument --bogus; npm test takes none/ },
  quick: { args: ['--bogus'], code: 2, says: /quick: unknown argument --bogus/ },
  certify: { args: ['--bogus'], code: 2, says: /Could not certify: unknown argument --bogus; use npm run certify -- / },
  verify: { args: ['--bogus'], code: 2, says: /Could not verify: unknown argument --bogus; use npm run verify -- / },
  explore: { args: ['--bogus'], code: 2, says: /unknown argument --bogus; see npm run explore -- --help/ },
};

test('every npm run script does its own work under the launcher', () => {
  const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const launched = Object.entries(scripts)
    .filter(([, cmd]) => cmd.startsWith('node scripts/launch.js '))
    .map(([name]) => name);
  assert.deepEqual(launched.sort(), Object.keys(CALLS).sort(), 'every launched script has a call here');
  const dir = tempDir();
  for (const [name, call] of Object.entries(CALLS)) {
    const spawned = spawnSync(process.execPath, ['scripts/launch.js', name, ...call.args], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, OTA_REPORTS_DIR: join(dir, 'reports'), OTA_LEDGER_FILE: join(dir, 'ledger.jsonl') },
    });
    const out = `${spawned.stdout}${spawned.stderr}`;
    assert.equal(spawned.status, call.code, `${name}: ${out}`);
    assert.match(out, call.says, name);
  }
});

test('an unknown script name is one line and exit 2', () => {
  const spawned = spawnSync(process.execPath, ['scripts/launch.js', 'nope'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  assert.equal(spawned.status, 2);
  assert.match(
    spawned.stderr,
    /^launch: unknown script "nope"; one of conformance, merge, diff, certify, verify, explore, init, report, mutants, bench, docs, test, quick, sandbox\n$/,
  );
});
