// The headless browser the render tests open reports in: the Chromium that the npm package
// @sparticuz/chromium ships (a brotli-packed build, unpacked once to the temp folder on first
// use), driven by playwright-core, which downloads nothing. So `npm ci` is all a fresh machine
// needs: no Debian package, no browser download. OTA_CHROMIUM names another Chromium instead.
import { chromium, type Browser } from 'playwright-core';

// Without the background-networking flags Chromium tries to reach Google's hosts at every start.
const QUIET = ['--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

// The package's flags suit one page in a serverless function. Here a browser opens several pages
// in turn (single-process mode dies when the first closes), and the report's own security policy
// must apply as in a user's browser.
const NOT_HERE = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content']);

export async function launchBrowser(timeoutMs: number): Promise<Browser> {
  const own = process.env.OTA_CHROMIUM?.trim();
  if (own)
    return chromium.launch({ executablePath: own, args: ['--headless', '--no-sandbox', '--disable-gpu', ...QUIET], timeout: timeoutMs });
  type Packaged = { executablePath(): Promise<string>; args: string[] };
  let packaged: Packaged;
  try {
    const m = require('@sparticuz/chromium') as Packaged & { default?: Packaged };
    packaged = m.default ?? m;
  } catch {
    throw oneLine('@sparticuz/chromium is not installed: it is a devDependency of this project (npm ci installs it)');
  }
  let executablePath: string;
  try {
    executablePath = await packaged.executablePath();
  } catch (e) {
    throw oneLine(`@sparticuz/chromium could not unpack its browser: ${(e as Error).message}`);
  }
  return chromium.launch({ executablePath, args: [...packaged.args.filter((a) => !NOT_HERE.has(a)), ...QUIET], timeout: timeoutMs });
}

/** An error that prints as its one line (node:test shows the stack otherwise). */
function oneLine(line: string): Error {
  return Object.assign(new Error(line), { stack: line });
}
