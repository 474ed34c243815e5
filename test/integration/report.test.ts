// `npm run report` builds the Allure report and the cucumber HTML report of the last run from its
// evidence stream, replacing the previous ones: Allure 3 once left a stale index.html when
// generating into an existing folder. Its history grows.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { scanForSecrets } from '../../src/safety/scanning';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const node = (args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ['scripts/launch.js', ...args], { cwd: root, env, encoding: 'utf8', timeout: 120_000 });

test('each report shows the last run; the history of the target grows up to OTA_HISTORY_LIMIT', { timeout: 400_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  const reports = join(dir, 'reports');
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    OTA_REPORTS_DIR: reports,
    OTA_LEDGER_FILE: join(dir, 'ledger.jsonl'),
    OTA_HISTORY_LIMIT: '2',
  };
  const html = join(reports, 'allure-report');
  try {
    const counts: number[] = [];
    for (const tags of ['@op:hotelnbc and not @informative', '@op:hotelavailability and not @informative']) {
      const run = node(['conformance', '--tags', tags], env);
      assert.ok([0, 4].includes(run.status ?? -1), run.stdout + run.stderr); // 4: a selection that passed
      const run1 = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as { requirements: Array<{ outcome: string }> };
      const report = node(['report'], env);
      assert.equal(report.status, 0, report.stdout + report.stderr);
      assert.ok(existsSync(join(html, 'index.html')), 'no index.html');
      // One self-contained file (singleFile): the report's own summary counts its results, one
      // per requirement and the verdict's.
      const { stats } = JSON.parse(readFileSync(join(html, 'summary.json'), 'utf8')) as { stats: { total: number; passed: number } };
      assert.equal(stats.total, run1.requirements.length + 1, `the report holds ${stats.total} results`);
      const passed = run1.requirements.filter((q) => q.outcome === 'passed').length;
      assert.equal(stats.passed, passed, `the report shows ${stats.passed} passed, the run ${passed}`);
      counts.push(stats.passed);
    }
    assert.notEqual(counts[0], counts[1], 'the two runs should differ, or this test proves nothing');
    // one file per target: the embedded sandbox's
    const historyOf = () => readFileSync(join(reports, 'history/embedded-sandbox.jsonl'), 'utf8').trim().split('\n');
    assert.equal(historyOf().length, 2, 'one history entry per report');
    const again = node(['report'], env);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.equal(historyOf().length, 2, 'bounded by OTA_HISTORY_LIMIT=2');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Fails if: npm run report left the report (or the history line it added)
// behind when it found a secret: that report would be published by mistake, and the history line
// would fail every later report and run (exit 3 on an old file). The secret is planted in the
// evidence stream the reports are built from, as a run that leaked would have written it.
test(
  '10. a report with a secret is removed with its history line; later clean reports and runs are not blamed',
  { timeout: 400_000 },
  () => {
    const PW = 'Zx9-Distinct!Pw&<42';
    const ncr = [...PW].map((c) => `&#${c.charCodeAt(0)};`).join('');
    const dir = mkdtempSync(join(tmpdir(), 'report-leak-'));
    const reports = join(dir, 'reports');
    const stream = join(reports, 'cucumber-messages.ndjson');
    const history = join(reports, 'history', 'embedded-sandbox.jsonl');
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      OTA_REPORTS_DIR: reports,
      OTA_LEDGER_FILE: join(dir, 'ledger.jsonl'),
    };
    try {
      const run = node(['conformance', '--tags', '@op:hotelnbc and not @informative'], env);
      assert.ok([0, 4].includes(run.status ?? -1), run.stdout + run.stderr);
      const clean = readFileSync(stream, 'utf8');
      let report = node(['report'], { ...env, OTA_PASSWORD: PW });
      assert.equal(report.status, 0, report.stdout + report.stderr);
      const cleanHistory = readFileSync(history);

      // a reply that echoed the password (as character references) reached the stream unmasked
      const leaked = clean.replace('<OTA_HotelDescriptiveInfoRS ', `<!-- login ${ncr} --><OTA_HotelDescriptiveInfoRS `);
      assert.notEqual(leaked, clean, 'the secret was planted');
      writeFileSync(stream, leaked);
      report = node(['report'], { ...env, OTA_PASSWORD: PW });
      assert.equal(report.status, 3, report.stdout + report.stderr);
      assert.match(report.stderr, /A SECRET WAS FOUND IN THE REPORT: it was removed/);
      assert.ok(!(report.stdout + report.stderr).includes(PW), 'the value is never shown');
      assert.equal(existsSync(join(reports, 'allure-report')), false, 'the Allure report is gone');
      assert.equal(existsSync(join(reports, 'cucumber-report.html')), false, 'the cucumber report is gone');
      assert.deepEqual(readFileSync(history), cleanHistory, 'the history line it added is gone');
      assert.match(report.stderr, /Still in [\s\S]*cucumber-messages\.ndjson/, 'the leaking stream itself is named');

      // the next run replaces its stream; its report (and its own scan of the folder) is clean
      writeFileSync(stream, clean);
      report = node(['report'], { ...env, OTA_PASSWORD: PW });
      assert.equal(report.status, 0, report.stdout + report.stderr);
      assert.equal(readFileSync(history, 'utf8').trim().split('\n').length, 2);
      assert.deepEqual(scanForSecrets(reports, [PW]), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

// `npm run report` only builds files, so it asks for no credentials, even with
// OTA_BASE_URL naming a remote target (it asked for the password before).
test('npm run report needs no credentials, whatever target OTA_BASE_URL names', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'report-nocreds-'));
  const reports = join(dir, 'reports');
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, OTA_REPORTS_DIR: reports, OTA_LEDGER_FILE: join(dir, 'ledger.jsonl') };
  try {
    const run = node(['conformance', '--tags', '@op:hotelnbc and not @informative'], env);
    assert.ok([0, 4].includes(run.status ?? -1), run.stdout + run.stderr);
    const report = node(['report'], { ...env, OTA_BASE_URL: 'https://gateway.example.com/ota' });
    assert.equal(report.status, 0, report.stdout + report.stderr);
    assert.doesNotMatch(report.stderr, /credentials|OTA_PASSWORD/);
    assert.ok(existsSync(join(reports, 'allure-report', 'index.html')), 'the report was built');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
