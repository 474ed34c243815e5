// `npm run report` builds the HTML report of the last run, replacing the previous one: Allure 3
// once left a stale index.html when generating into an existing folder. Its history grows.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const node = (args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', ...args], { cwd: root, env, encoding: 'utf8', timeout: 120_000 });

test('each report shows the last run, and the history grows', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  const reports = join(dir, 'reports');
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, OTA_REPORTS_DIR: reports, OTA_LEDGER_FILE: join(dir, 'ledger.jsonl') };
  const html = join(reports, 'allure-report');
  try {
    const counts: number[] = [];
    for (const tags of ['@op:hotelnbc and not @informative', '@op:hotelavailability and not @informative']) {
      const run = node(['scripts/conformance.ts', '--tags', tags], env);
      assert.equal(run.status, 0, run.stdout + run.stderr);
      const scenarios = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')).scenarios.length;
      const report = node(['scripts/report.ts'], env);
      assert.equal(report.status, 0, report.stdout + report.stderr);
      assert.ok(existsSync(join(html, 'index.html')), 'no index.html');
      counts.push(readdirSync(join(html, 'data/test-results')).length);
      assert.equal(counts[counts.length - 1], scenarios, `the report holds ${counts[counts.length - 1]} results, the run had ${scenarios}`);
    }
    assert.notEqual(counts[0], counts[1], 'the two runs should differ in size, or this test proves nothing');
    const history = readFileSync(join(reports, 'history/allure-history.jsonl'), 'utf8').trim().split('\n');
    assert.equal(history.length, 2, 'one history entry per report');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
