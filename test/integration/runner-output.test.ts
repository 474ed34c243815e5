// What a CI log and a pipe see: one progress line per scenario outside a terminal, the verdict
// kept through a slow pipe, and --parallel giving the verdict and outcomes of a sequential run.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv, describeRun, PROJECT_ROOT, removeTempDirs, runConformance, tempDir } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';

after(removeTempDirs);

const summary = (dir: string) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as ConformanceResult;
const SELECTION = ['--tags', '@op:hotelavailability or @op:bookread or @op:bookcancel'];

test('outside a terminal, one line per finished scenario with its outcome', async () => {
  const runResult = await runConformance({ args: ['--tags', '@op:hotelnbc'], timeoutMs: 120_000 });
  assert.equal(runResult.code, 4, describeRun(runResult));
  const lines = runResult.stdout.split('\n').filter((l) => /^\[\d+\/\d+\] /.test(l));
  const res = summary(runResult.reportsDir);
  assert.equal(lines.length, res.scenarios.length, runResult.stdout);
  assert.ok(
    lines.every((l) => l.startsWith(`[`) && l.includes(`/${res.scenarios.length}] passed      `)),
    lines.join('\n'),
  );
});

test('the verdict reaches a pipe that is slow to read', async () => {
  const root = tempDir();
  // The reader is a shell that sleeps before reading: nothing in this process touches the pipe, so
  // Node cannot drain it early (a paused child stream is resumed, and its data dropped, on exit).
  const child = spawn(
    'bash',
    ['-c', 'set -o pipefail; "$0" scripts/launch.js conformance --tags @op:hotelnbc | (sleep 8; cat)', process.execPath],
    {
      cwd: PROJECT_ROOT,
      env: { ...cleanEnv([]), OTA_REPORTS_DIR: join(root, 'reports'), OTA_LEDGER_FILE: join(root, 'ledger.jsonl') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.resume();
  const code = await new Promise<number | null>((r) => child.on('close', r));
  assert.equal(code, 4, out);
  assert.match(out, /selection passed; not a conformance verdict/);
});

test('--parallel 2 gives the verdict and requirement outcomes of a sequential run', async () => {
  const seq = await runConformance({ args: SELECTION, timeoutMs: 240_000 });
  const par = await runConformance({ args: [...SELECTION, '--parallel', '2'], timeoutMs: 240_000 });
  assert.equal(par.code, seq.code, describeRun(par));
  const conformanceResult = summary(seq.reportsDir);
  const b = summary(par.reportsDir);
  assert.equal(b.verdict, conformanceResult.verdict);
  assert.equal(b.scenarios.length, conformanceResult.scenarios.length);
  assert.deepEqual(
    Object.fromEntries(b.requirements.map((q) => [q.id, q.outcome])),
    Object.fromEntries(conformanceResult.requirements.map((q) => [q.id, q.outcome])),
  );
});

test('--summary-only writes summary.json and no other report, with the same verdict', async () => {
  const runResult = await runConformance({ args: ['--summary-only', '--tags', '@op:hotelnbc'], timeoutMs: 120_000 });
  assert.equal(runResult.code, 4, describeRun(runResult));
  const written = readdirSync(runResult.reportsDir).filter((f) => !f.startsWith('ledger'));
  assert.deepEqual(written, ['summary.json']);
  const res = summary(runResult.reportsDir);
  assert.equal(res.verdict, 'SELECTION PASSED');
  assert.ok(res.scenarios.length > 0 && res.scenarios.every((s) => s.status === 'passed'), JSON.stringify(res.scenarios));
  assert.ok(res.notes.some((n) => n.startsWith('--summary-only')));
});
