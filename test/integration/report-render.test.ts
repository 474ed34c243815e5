// Issue 13, "done when": a failing run's reports, opened from disk in a headless browser, show the
// verdict, the requirement, the evidence and the reproducer. The Chromium of the npm package
// @sparticuz/chromium, driven by playwright-core (test/support/browser.ts); the screenshots are kept in a temp folder, for a
// person to look at, and their paths printed.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';
import { cleanEnv, describeRun, PROJECT_ROOT, removeTempDirs, runConformance } from './helpers';

// hotelnbc-other-hotel: hotel descriptive data describes the next hotel, not the one asked for,
// which breaks HNBC-SUBJECT (MUST); only the scenario that checks it fails.
const FAULT = 'hotelnbc-other-hotel';
const OP = 'hotelnbc';
const REQ = 'HNBC-SUBJECT';
const SCENARIO = 'The hotel requested is described';
const STEP = 'When the request is sent';
// src/cucumber/evidence.ts and src/reporting/reproducer.ts: <n>-<operation>-<what>
const EVIDENCE = [`1-${OP}-request-headers.txt`, `1-${OP}-request.xml`, `1-${OP}-reply-headers.txt`, `1-${OP}-reply.xml`];
const REPRODUCER = `1-${OP}-reproduce.sh`;
const BUDGET = 120_000; // per wait in the browser: generous, a loaded machine is not a failure

let browser: Browser | undefined;
let reports: string;
let shots: string;
/** The failing exchange as the console told it: the hotel asked for and the hotel described. */
let expected: string;
let found: string;

before(async () => {
  // one line, never a skip: a machine without the browser cannot prove the reports render
  browser = await launchBrowser(BUDGET);
  const run = await runConformance({ args: ['--tags', `@op:${OP}`], env: { OTA_SANDBOX_FAULTS: FAULT }, timeoutMs: 300_000 });
  assert.equal(run.code, 1, describeRun(run));
  const m = new RegExp(`${REQ} [\\s\\S]*?expected (\\S+); found (\\S+)`).exec(run.stdout);
  assert.ok(m, `the console names ${REQ} with what was expected and found\n${describeRun(run)}`);
  [, expected, found] = m;
  assert.notEqual(expected, found);
  reports = run.reportsDir;
  const report = spawnSync(process.execPath, ['scripts/launch.js', 'report'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...cleanEnv([]), OTA_REPORTS_DIR: reports, OTA_LEDGER_FILE: run.ledgerFile },
  });
  assert.equal(report.status, 0, report.stdout + report.stderr);
  assert.ok(existsSync(join(reports, 'allure-report', 'index.html')), 'npm run report wrote allure-report/index.html');
  shots = mkdtempSync(join(tmpdir(), 'ota-render-'));
});

after(async () => {
  await browser?.close();
  removeTempDirs();
});

async function open(file: string): Promise<Page> {
  const page = await browser!.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(BUDGET);
  await page.goto(pathToFileURL(file).href);
  return page;
}

async function shot(page: Page, name: string, element?: string): Promise<void> {
  const path = join(shots, `${name}.png`);
  if (element) await page.locator(element).screenshot({ path });
  else await page.screenshot({ path });
  console.log(`screenshot: ${path}`);
}

test(`the conformance report, from file://, shows DOES NOT CONFORM, ${REQ} and the failing exchange`, async () => {
  const page = await open(join(reports, 'conformance-report.html'));
  try {
    const text = await page.innerText('body');
    await shot(page, 'conformance-report');
    assert.match(text, /DOES NOT CONFORM/);
    assert.match(text, new RegExp(`requirement\\(s\\) failed: ${REQ}`));
    const failure = page.locator(`#req-${REQ}`);
    const shown = await failure.innerText();
    await shot(page, 'conformance-report-failure', `#req-${REQ}`);
    assert.match(shown, /FAILED/);
    assert.match(shown, /MUST/);
    // the evidence: where, what was asked for, what the gateway answered, in which scenario
    assert.match(shown, new RegExp(`@HotelCode\\s+${expected}\\s+${found}\\s+${SCENARIO}`));
  } finally {
    await page.close();
  }
});

test(`the Allure report, from file://, renders; the failed test shows ${REQ}, the evidence and the reproducer`, async () => {
  const page = await open(join(reports, 'allure-report', 'index.html'));
  try {
    // rendered, not an endless spinner: the overview names the verdict
    const verdict = page.getByText('DOES NOT CONFORM').first();
    await verdict.waitFor();
    await verdict.scrollIntoViewIfNeeded(); // Allure scrolls down to the failed group on load
    await shot(page, 'allure-overview');

    await page.getByText(SCENARIO, { exact: true }).first().click();
    await page.getByTestId('test-result-status-failed').first().waitFor();
    const error = await page.getByTestId('test-result-error-message').first().innerText();
    assert.match(error, new RegExp(`${REQ} \\(MUST`));
    assert.match(error, new RegExp(`expected:\\s*${expected}\\s+found:\\s*${found}`));
    await shot(page, 'allure-failed-test');

    // the exchange's evidence is attached to the step that sent it
    await page.getByText(STEP).first().click();
    for (const name of [...EVIDENCE, REPRODUCER])
      await page
        .getByText(name, { exact: true })
        .first()
        .waitFor({ timeout: BUDGET })
        .catch(() => assert.fail(`attachment ${name} is not listed`));
    await page.getByText(`1-${OP}-reply.xml`, { exact: true }).first().click();
    await page.getByTestId('code-attachment-content').filter({ hasText: found }).first().waitFor();

    await page.getByText(REPRODUCER, { exact: true }).first().click();
    const reproducer = page.getByTestId('code-attachment-content').filter({ hasText: 'curl' }).first();
    await reproducer.scrollIntoViewIfNeeded();
    const script = await reproducer.innerText();
    await shot(page, 'allure-reproducer');
    assert.match(script, /curl[\s\S]*\/hotelnbc/);
    assert.match(script, /\$OTA_PASSWORD|\$\{OTA_PASSWORD/);
    assert.ok(!script.includes(SANDBOX_CREDENTIALS.password), 'the reproducer never holds the password');
    assert.ok(!(await page.innerText('body')).includes(SANDBOX_CREDENTIALS.password), 'the page never shows the password');
  } finally {
    await page.close();
  }
});
