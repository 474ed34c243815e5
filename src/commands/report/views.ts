// Every view of a run's reports, opened from disk in headless Chromium (src/reporting/browser.ts):
// what `npm run report -- --screenshots` photographs and what the render test reads. Each view is
// opened, given time to draw (Allure and cucumber draw their pages with scripts), and its first
// screen is what a reader sees before scrolling: its text (the verdict must be in it) and, on
// demand, its picture. Every request a page makes is logged: anything but the file itself (file:,
// data:, blob:, about:) is an outside request.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { REPORT_FILES } from '../../reporting/conformance-report/model';
import { EVIDENCE_FILE } from '../../reporting/evidence/names';

/** Screenshots are drawn at this fraction of the screen's size: small enough to keep in the docs, large enough to read. */
const SCREENSHOT_SCALE = 0.6;

/** The size of the screen a view is read on. */
export const VIEWPORT = { width: 1280, height: 800 };

export interface ReportView {
  /** Its name, and its screenshot's (`<name>.png`). */
  name: string;
  /** Its file, relative to the reports folder. */
  file: string;
  /** Waits until the page has drawn what it shows first. */
  ready(page: Page): Promise<void>;
}

/** Two frames painted: what is on screen now is what a reader sees. */
const painted = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

export const REPORT_VIEWS: readonly ReportView[] = [
  { name: 'conformance-report', file: REPORT_FILES.html, ready: (p) => p.locator('.verdict').first().waitFor() },
  { name: 'evidence', file: EVIDENCE_FILE, ready: (p) => p.locator('body').waitFor() },
  {
    name: 'allure',
    file: join('allure-report', 'index.html'),
    ready: async (page) => {
      await page.getByTestId('report-title').waitFor();
      await page.locator('[data-testid^="tree-leaf-status-"]').first().waitFor();
    },
  },
  {
    name: 'cucumber',
    file: 'cucumber-report.html',
    // cucumber's page draws its scenarios from the messages it holds
    ready: async (page) => {
      await page.locator('#ota-verdict').waitFor();
      await page.waitForFunction(() => (document.getElementById('content')?.childElementCount ?? 0) > 0);
    },
  },
];

/** A view opened from disk: the page, and every request it made. */
export interface OpenedView {
  view: ReportView;
  page: Page;
  requests: string[];
}

export async function openView(
  browser: Browser,
  reportsDir: string,
  view: ReportView,
  timeoutMs: number,
  deviceScaleFactor = 1,
): Promise<OpenedView> {
  const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor });
  page.setDefaultTimeout(timeoutMs);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(join(reportsDir, view.file)).href);
  await view.ready(page);
  await painted(page);
  return { view, page, requests };
}

/** The requests that left the file: anything but file:, data:, blob: and about: URLs. */
export const outsideRequests = (requests: readonly string[]) => requests.filter((u) => !/^(file|data|blob|about):/i.test(u));

/** The text on the first screen: every text that is drawn, at least in part, within the viewport. */
export function firstScreenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (!text) continue;
      const el = n.parentElement;
      if (!el || el.closest('script,style,template')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      range.selectNodeContents(n);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth)
        out.push(text);
    }
    return out.join('\n');
  });
}

/** The views the reports folder holds (the Allure and cucumber reports only once npm run report built them). */
export const viewsIn = (reportsDir: string) => REPORT_VIEWS.filter((v) => existsSync(join(reportsDir, v.file)));

/**
 * A screenshot of each view's first screen into `folder` (`<view>.png`), at a reduced scale so
 * that the pictures stay small enough to keep in the docs. Returns the files written.
 */
export async function screenshotViews(browser: Browser, reportsDir: string, folder: string, timeoutMs: number): Promise<string[]> {
  mkdirSync(folder, { recursive: true });
  const written: string[] = [];
  for (const view of viewsIn(reportsDir)) {
    const { page } = await openView(browser, reportsDir, view, timeoutMs, SCREENSHOT_SCALE);
    try {
      const path = join(folder, `${view.name}.png`);
      await page.screenshot({ path, scale: 'device' });
      written.push(path);
    } finally {
      await page.close();
    }
  }
  return written;
}
