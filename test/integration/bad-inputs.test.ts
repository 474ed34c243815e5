// Every input is checked before the target is contacted or a report touched.
// Each bad input, of each command, is one line on stderr with exit 2; the target (a server that
// counts what it gets) receives nothing, and the earlier reports stay byte for byte as they were.
import { after, before, describe, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHostileServer, type RunningServer } from '../support/hostile-server';
import { cleanEnv, PROJECT_ROOT, removeTempDirs, targetEnv, tempDir } from './helpers';

let target: RunningServer;
before(async () => {
  target = await startHostileServer('valid');
});
after(async () => {
  await target.close();
  removeTempDirs();
});

/** Every file under `dir` with its bytes: what "untouched" is compared by. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[p.slice(dir.length)] = readFileSync(p, 'base64');
    }
  };
  walk(dir);
  return out;
}

/** A reports folder holding an earlier run's reports. */
function earlierReports(): string {
  const dir = join(tempDir('ota-bad-input-'), 'reports');
  mkdirSync(join(dir, 'reproducers'), { recursive: true });
  writeFileSync(join(dir, 'summary.json'), JSON.stringify({ verdict: 'CONFORMS', earlier: true }));
  writeFileSync(join(dir, 'conformance-report.html'), '<html>the earlier run</html>');
  writeFileSync(join(dir, 'cucumber-messages.ndjson'), '{"meta":{}}\n');
  writeFileSync(join(dir, 'reproducers', 'a-scenario.sh'), '#!/bin/sh\n');
  return dir;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function command(cmd: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/launch.js', cmd, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...cleanEnv(Object.keys(env)), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** One line on stderr, exit 2, nothing sent to the target, the earlier reports as they were. */
async function assertRefused(
  cmd: string,
  args: string[],
  why: RegExp,
  opts: { env?: Record<string, string>; reports?: string } = {},
): Promise<void> {
  const reports = opts.reports ?? earlierReports();
  const before = statSync(reports).isDirectory() ? snapshot(reports) : readFileSync(reports, 'base64');
  const sent = target.requests.length;
  const outcome = await command(cmd, args, {
    ...targetEnv(target.url),
    OTA_REPORTS_DIR: reports,
    OTA_LEDGER_FILE: join(tempDir('ota-bad-input-ledger-'), 'bookings.jsonl'),
    ...(opts.env ?? {}),
  });
  const shown = `exit ${outcome.code}\n--- stdout ---\n${outcome.stdout}\n--- stderr ---\n${outcome.stderr}`;
  assert.equal(outcome.code, 2, shown);
  const lines = outcome.stderr.split('\n').filter((l) => l.trim() !== '');
  assert.equal(lines.length, 1, `one line on stderr:\n${shown}`);
  assert.match(lines[0], /^Could not (run|merge|diff|build the report): /);
  assert.match(lines[0], why);
  assert.doesNotMatch(outcome.stdout + outcome.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(target.requests.length, sent, 'the target was contacted');
  assert.deepEqual(
    statSync(reports).isDirectory() ? snapshot(reports) : readFileSync(reports, 'base64'),
    before,
    'earlier reports touched',
  );
}

describe('bad inputs of npm run conformance', { concurrency: 4 }, () => {
  test('a feature path that does not exist', () =>
    assertRefused('conformance', ['features/core/no-such.feature'], /feature path features\/core\/no-such\.feature does not exist/));
  test('a mistyped feature path: did you mean', () =>
    assertRefused('conformance', ['features/core/envelop.feature'], /does not exist .*; did you mean features\/core\/envelope\.feature\?/));
  test('--format with an unknown formatter and a file', () =>
    assertRefused('conformance', ['--format', 'bogus:out.txt'], /--format bogus:out\.txt: no formatter "bogus"/));
  test('--format with an unknown formatter and no file', () =>
    assertRefused('conformance', ['--format', 'bogus'], /--format bogus: no formatter "bogus"/));
  test('--format of a known formatter to the console', () =>
    assertRefused('conformance', ['--format', 'json'], /--format json would write to the console/));
  test('--shard out of range', () => assertRefused('conformance', ['--shard', '3/2'], /--shard must be i\/n with 1 <= i <= n, not "3\/2"/));
  test('a selection that holds no scenario', () =>
    assertRefused('conformance', ['--tags', '@no-such-tag'], /the selection --tags "@no-such-tag" holds no scenario/));
  test('a --name that is not a regular expression', () =>
    assertRefused('conformance', ['--name', '(['], /--name "\(\[" is not a regular expression/));
  test('an unknown option', () => assertRefused('conformance', ['--colour'], /unknown argument --colour/));
  test('an OTA_ variable that resembles an unset one of the suite (it was: a warning, then the run went on without it)', () =>
    assertRefused(
      'conformance',
      [],
      /OTA_REPLY_PROFLE is set but is not a variable of the suite, and OTA_REPLY_PROFILE, which it resembles, is not set/,
      {
        env: { OTA_REPLY_PROFLE: 'gateway/reply-profile.json' },
      },
    ));
  test('a reports folder that is a file (it was: 3 requests, then an ENOTDIR stack trace)', () => {
    const file = join(tempDir('ota-bad-input-'), 'reports');
    writeFileSync(file, 'not a folder');
    return assertRefused('conformance', [], /the reports folder \(OTA_REPORTS_DIR\) .*reports is a file, not a folder/, { reports: file });
  });
  test('--record into a file', () => {
    const file = join(tempDir('ota-bad-input-'), 'cassette');
    writeFileSync(file, 'x');
    return assertRefused('conformance', ['--record', file], /--record .*cassette: not a folder/);
  });
  test('an environment variable of the wrong form', () =>
    assertRefused('conformance', [], /OTA_RETRIES="twice" must be a whole number/, { env: { OTA_RETRIES: 'twice' } }));
  test('test data with a misspelt key (it was silently ignored)', () => {
    const data = JSON.parse(readFileSync(join(PROJECT_ROOT, 'sandbox/data/test-data.json'), 'utf8')) as Record<string, unknown>;
    data.placeAliase = { Mallorca: ['Illes Balears'] };
    const file = join(tempDir('ota-bad-input-'), 'test-data.json');
    writeFileSync(file, JSON.stringify(data));
    return assertRefused('conformance', [], /test data .*: placeAliase: unknown field; did you mean "placeAliases"\?/, {
      env: { OTA_TEST_DATA: file },
    });
  });
});

describe('bad inputs of npm run merge, diff and report', { concurrency: 4 }, () => {
  test('merge --out a file (it was a stack trace)', () => {
    const file = join(tempDir('ota-bad-input-'), 'merged');
    writeFileSync(file, 'x');
    const reports = earlierReports();
    return assertRefused('merge', ['--out', file, reports], /--out .*merged is a file, not a folder/, { reports });
  });
  test('merge of a folder that does not exist', () =>
    assertRefused('merge', [join(tempDir(), 'nowhere')], /reports folder .*nowhere does not exist/));
  test('diff --out a file', () => {
    const file = join(tempDir('ota-bad-input-'), 'diff');
    writeFileSync(file, 'x');
    const reports = earlierReports();
    return assertRefused('diff', ['--out', file, reports, reports], /--out .*diff is a file, not a folder/, { reports });
  });
  test('diff of a file instead of a reports folder', () => {
    const file = join(tempDir('ota-bad-input-'), 'summary.json');
    writeFileSync(file, '{}');
    const reports = earlierReports();
    return assertRefused('diff', [reports, file], /reports folder .*summary\.json is a file, not a folder/, { reports });
  });
  test('report with an argument it does not take', () =>
    assertRefused('report', ['--out', 'x'], /unknown argument --out: npm run report takes only --screenshots \[folder\]/));
  test('report with a mistyped option: did you mean', () =>
    assertRefused('report', ['--screenshot'], /unknown argument --screenshot; did you mean --screenshots\?/));
  test('report of a reports folder that is a file', () => {
    const file = join(tempDir('ota-bad-input-'), 'reports');
    writeFileSync(file, 'x');
    return assertRefused('report', [], /the reports folder \(OTA_REPORTS_DIR\) .*reports is a file, not a folder/, { reports: file });
  });
});
