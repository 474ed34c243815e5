// Record and replay: a run recorded against the sandbox (with a fault, so there is something to
// find) and replayed from its cassette with no gateway, under --parallel, gives the same verdict and
// the same outcome of every requirement and scenario. The cassette holds no password. A request the
// cassette cannot answer is a suite error naming the scenario (exit 2); a cassette that is missing,
// truncated, of another suite version or holding a secret is refused in one line (exit 2).
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, removeTempDirs, runConformance, targetEnv, tempDir, type RunResult } from './helpers';
import { startSandbox } from '../../sandbox/src/index';
import type { ConformanceResult } from '../../src/reporting/result';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';

after(removeTempDirs);

const cassette = join(tempDir(), 'cassette');
let recorded: RunResult;
const summary = (r: RunResult) => JSON.parse(readFileSync(join(r.reportsDir, 'summary.json'), 'utf8')) as ConformanceResult;
const conclusions = (r: ConformanceResult) => ({
  verdict: r.verdict,
  requirements: Object.fromEntries(r.requirements.map((q) => [q.id, q.outcome])),
  scenarios: Object.fromEntries(r.scenarios.map((s) => [s.id, s.status])),
});
const exchangeFiles = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('exchanges-'));

before(async () => {
  recorded = await runConformance({ args: ['--record', cassette], env: { OTA_SANDBOX_FAULTS: 'hotel-ignores-place' } });
});

test('the replayed run (no gateway, --parallel 2) concludes what the recorded run did', async () => {
  assert.equal(recorded.code, 1, describeRun(recorded));
  const replayed = await runConformance({ args: ['--replay', cassette, '--parallel', '2'] });
  assert.equal(replayed.code, 1, describeRun(replayed));
  assert.deepEqual(conclusions(summary(replayed)), conclusions(summary(recorded)));
  assert.equal(summary(replayed).requirements.find((q) => q.id === 'HAV-PLACE')?.outcome, 'failed');
});

test('the recording run says where the cassette went', () => {
  assert.ok(recorded.stdout.includes(`Cassette recorded in ${cassette} (replay it with --replay `), describeRun(recorded));
});

test('the cassette holds every exchange, masked: no password in any form', () => {
  const text = exchangeFiles(cassette)
    .map((f) => readFileSync(join(cassette, f), 'utf8'))
    .join('');
  assert.ok(text.split('\n').length > 100);
  assert.ok(!text.includes(SANDBOX_CREDENTIALS.password));
  assert.ok(!text.includes(Buffer.from(SANDBOX_CREDENTIALS.password).toString('base64')));
  assert.match(text, /MessagePassword=\\"\*{8}\\"/);
});

test('a request the cassette cannot answer: exit 2, naming the scenario, never a finding', async () => {
  const cut = join(tempDir(), 'cut');
  cpSync(cassette, cut, { recursive: true });
  const [file] = exchangeFiles(cut);
  const lines = readFileSync(join(cut, file), 'utf8').trim().split('\n');
  // a cancel is answered only from its own scenario (it depends on what was booked before)
  const gone = 'The booking cancel request with a wrong MessagePassword is refused';
  const kept = lines.filter((line) => {
    const x = JSON.parse(line) as { scenario: string; operation: string };
    return !(x.scenario.startsWith(`${gone} (`) && x.operation === 'bookcancel');
  });
  assert.ok(kept.length < lines.length);
  writeFileSync(join(cut, file), `${kept.join('\n')}\n`);
  const header = JSON.parse(readFileSync(join(cut, 'cassette.json'), 'utf8')) as { exchanges: number };
  header.exchanges = kept.length;
  writeFileSync(join(cut, 'cassette.json'), JSON.stringify(header));
  const runResult = await runConformance({ args: ['--replay', cut, '--tags', '@op:bookcancel'] });
  assert.equal(runResult.code, 2, describeRun(runResult));
  assert.match(
    runResult.stderr,
    /^Could not run: the cassette .* could not answer 1 scenario\(s\): "The booking cancel request with a wrong MessagePassword is refused"/m,
  );
  assert.ok(
    summary(runResult).requirements.every((q) => q.outcome !== 'failed'),
    'nothing blamed on the gateway',
  );
});

test('a missing, truncated, other-version or leaking cassette is refused in one line, exit 2', async () => {
  const variant = (name: string, edit: (dir: string) => void) => {
    const dir = join(tempDir(), name);
    cpSync(cassette, dir, { recursive: true });
    edit(dir);
    return dir;
  };
  const cases: Array<[string, RegExp]> = [
    [join(tempDir(), 'nothing-here'), /cassette .*nothing-here: no such folder/],
    [
      variant('truncated', (d) => {
        const [f] = exchangeFiles(d);
        const text = readFileSync(join(d, f), 'utf8');
        writeFileSync(join(d, f), text.slice(0, Math.floor(text.length / 2)));
      }),
      /truncated/,
    ],
    [
      variant('other-version', (d) => {
        const h = JSON.parse(readFileSync(join(d, 'cassette.json'), 'utf8')) as { suite: { version: string } };
        h.suite.version = '0.0.1';
        writeFileSync(join(d, 'cassette.json'), JSON.stringify(h));
      }),
      /recorded by suite version 0\.0\.1, this is .*; record it again/,
    ],
    [
      variant('leaking', (d) => {
        const [f] = exchangeFiles(d);
        writeFileSync(join(d, f), readFileSync(join(d, f), 'utf8').replace('********', SANDBOX_CREDENTIALS.password));
      }),
      /holds a secret of this configuration unmasked/,
    ],
  ];
  for (const [dir, says] of cases) {
    const runResult = await runConformance({ args: ['--replay', dir] });
    assert.equal(runResult.code, 2, describeRun(runResult));
    const lines = runResult.stderr.trim().split('\n');
    assert.equal(lines.length, 1, runResult.stderr);
    assert.match(lines[0], says);
    assert.doesNotMatch(runResult.stdout + runResult.stderr, new RegExp(SANDBOX_CREDENTIALS.password));
  }
});

test('--record where nothing can be written, --record with --replay, --replay with a gateway: one line, exit 2', async () => {
  const file = join(tempDir(), 'a-file');
  writeFileSync(file, 'not a folder');
  for (const [args, env, says] of [
    [['--record', file], {}, /^Could not run: --record .*a-file: not a folder$/],
    [['--record', join(file, 'below')], {}, /^Could not run: --record .*below: the cassette cannot be written there \(ENOTDIR\)$/],
    [['--record', join(tempDir(), 'c'), '--replay', cassette], {}, /^Could not run: --record and --replay exclude each other/],
    [['--record', join(tempDir(), 'c'), '--dry-run'], {}, /^Could not run: --record and --dry-run exclude each other/],
    [
      ['--replay', cassette],
      { OTA_BASE_URL: 'http://127.0.0.1:9' },
      /^Could not run: --replay answers from the cassette: unset OTA_BASE_URL/,
    ],
  ] as const) {
    const runResult = await runConformance({ args: [...args], env: { ...env } });
    assert.equal(runResult.code, 2, describeRun(runResult));
    const lines = runResult.stderr.trim().split('\n');
    assert.equal(lines.length, 1, runResult.stderr);
    assert.match(lines[0], says);
  }
});

test('a recording that ends early (refused credentials: exit 2) leaves no cassette, unscanned, behind', async () => {
  const sandbox = await startSandbox({});
  try {
    const dir = join(tempDir(), 'early');
    const env = targetEnv(sandbox.baseUrl, { OTA_PASSWORD: 'not-the-sandbox-password' });
    const runResult = await runConformance({ args: ['--record', dir], env });
    assert.equal(runResult.code, 2, describeRun(runResult));
    assert.match(runResult.stderr, /refused the configured credentials/);
    assert.deepEqual(readdirSync(dir), []);
  } finally {
    await sandbox.close();
  }
});
