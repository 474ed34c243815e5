// Issue 13, "done when": a failing run's reports, opened from disk in a headless browser, show the
// verdict, the requirement, the evidence and the reproducer. Debian's Chromium, driven by
// playwright-core (which downloads no browser); screenshots are kept in the test's temp folder.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance } from './helpers';

const CHROMIUM = '/usr/bin/chromium';
// Without the background-networking flags Chromium tries to reach Google's hosts at every start.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Browser;
let reports: string;
let shots: string;

before(async () => {
  assert.ok(existsSync(CHROMIUM), `no browser at ${CHROMIUM}: install the Debian package chromium (.ci/run does)`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  // http-500: every reply has HTTP status 500, which breaks EP-STATUS-200 (MUST)
  const run = await runConformance({ args: ['--tags', '@op:hotelnbc'], env: { OTA_SANDBOX_FAULTS: 'http-500' }, timeoutMs: 180_000 });
  assert.equal(run.code, 1, describeRun(run));
  reports = run.reportsDir;
  const report = spawnSync(process.execPath, ['scripts/launch.js', 'report'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, OTA_REPORTS_DIR: reports, OTA_LEDGER_FILE: run.ledgerFile },
  });
  assert.equal(report.status, 0, report.stdout + report.stderr);
  // kept after the test, for a person to look at
  shots = mkdtempSync(join(tmpdir(), 'ogc-render-'));
});

after(async () => {
  await browser?.close();
  if (shots) console.log(`# screenshots kept in ${shots}`);
  removeTempDirs();
});

test('the conformance report, from file://, shows the verdict, the failed requirement and its evidence', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(pathToFileURL(join(reports, 'conformance-report.html')).href);
  const text = await page.innerText('body');
  await page.screenshot({ path: join(shots, 'conformance-report.png'), fullPage: true });
  assert.match(text, /DOES NOT CONFORM/);
  assert.match(text, /EP-STATUS-200/);
  assert.match(text, /found:?\s*500/);
  await page.close();
});

test('the Allure report, from file://, renders; the failed scenario shows its requirements, evidence and reproducer', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(pathToFileURL(join(reports, 'allure-report', 'index.html')).href);
  // rendered, not an endless spinner: the overview names the verdict
  await page.getByText('DOES NOT CONFORM').first().waitFor({ timeout: 60_000 });
  await page.screenshot({ path: join(shots, 'allure-overview.png') });
  await page.getByText('The hotel descriptive data reply has a conforming envelope').first().click();
  await page.getByText('When the request is sent').first().click();
  const reproducer = page.getByText(/^1-hotelnbc-reproduce\.sh$/).first();
  await reproducer.waitFor({ timeout: 60_000 });
  const text = await page.innerText('body');
  assert.match(text, /Failed/);
  assert.match(text, /EP-STATUS-200 \(MUST/);
  for (const evidence of ['1-hotelnbc-request.xml', '1-hotelnbc-reply-headers.txt', '1-hotelnbc-reply.xml', '1-hotelnbc-reply.raw'])
    assert.ok(text.includes(evidence), `evidence ${evidence} is listed`);
  await reproducer.click();
  const script = page.getByText(/curl/).first();
  await script.waitFor({ timeout: 60_000 });
  await page.screenshot({ path: join(shots, 'allure-failed-scenario.png'), fullPage: true });
  const shown = await page.innerText('body');
  assert.match(shown, /curl[\s\S]*hotelnbc/);
  assert.match(shown, /\$OTA_PASSWORD|\$\{OTA_PASSWORD/);
  assert.ok(!shown.includes(SANDBOX_CREDENTIALS.password), 'the password value is never shown');
  await page.close();
});
