// The headless browser that opens the reports (the render test, `npm run report -- --screenshots`):
// the Chromium that the npm package @sparticuz/chromium ships (a brotli-packed build), driven by
// playwright-core, which downloads nothing. The build is unpacked once into the project's own
// cache folder, node_modules/.cache/ota-chromium/<version>/ (git-ignored with node_modules, gone
// with it, reused by every later run), never into the machine's temp folder. So `npm ci` is all a
// fresh machine needs. OTA_CHROMIUM names another Chromium instead. Both packages are
// devDependencies: loaded only when a browser is asked for.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';

// Without the background-networking flags Chromium tries to reach Google's hosts at every start.
const QUIET = ['--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

// The package's flags suit one page in a serverless function. Here a browser opens several pages
// in turn (single-process mode dies when the first closes), and the report's own security policy
// must apply as in a user's browser.
const NOT_HERE = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content']);

/** The project's cache folder (git-ignored: it is under node_modules). */
export const BROWSER_CACHE = resolve(__dirname, '..', '..', 'node_modules', '.cache', 'ota-chromium');

type Packaged = { args: string[]; executablePath(): Promise<string> };

/**
 * The browser's executable, unpacked once per version into the cache folder by the package itself
 * (it unpacks into the temp folder it reads from TMPDIR: that is pointed, for the unpacking only,
 * at a folder of this process's own beside the final one, which is then renamed into place), so
 * that a run stopped half-way, or two runs at once, never leave a half-unpacked browser to the next.
 */
export async function chromiumExecutable(packaged: Packaged): Promise<string> {
  // its package.json is not among its exports: it is read beside the entry, build/cjs/index.cjs
  const manifest = resolve(dirname(require.resolve('@sparticuz/chromium')), '..', '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const folder = join(BROWSER_CACHE, version);
  const target = join(folder, 'chromium');
  if (existsSync(target)) return target;
  const partial = `${folder}.${process.pid}.part`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const tmp = process.env.TMPDIR;
  process.env.TMPDIR = partial;
  try {
    const unpacked = await packaged.executablePath();
    if (dirname(unpacked) !== partial) throw new Error(`it unpacked to ${unpacked}, outside ${partial}`);
  } finally {
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
  }
  try {
    renameSync(partial, folder);
  } catch (error) {
    // another run renamed its own copy into place first: that one is used
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
  return target;
}

export async function launchBrowser(timeoutMs: number): Promise<Browser> {
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = require('playwright-core') as typeof import('playwright-core'));
  } catch {
    throw oneLine('playwright-core is not installed: it is a devDependency of this project (npm ci installs it)');
  }
  const own = process.env.OTA_CHROMIUM?.trim();
  if (own)
    return chromium.launch({ executablePath: own, args: ['--headless', '--no-sandbox', '--disable-gpu', ...QUIET], timeout: timeoutMs });
  let packaged: Packaged;
  try {
    const m = require('@sparticuz/chromium') as Packaged & { default?: Packaged };
    packaged = m.default ?? m;
  } catch {
    throw oneLine(
      '@sparticuz/chromium is not installed: it is a devDependency of this project (npm ci installs it), or set OTA_CHROMIUM to a Chromium',
    );
  }
  let executablePath: string;
  try {
    executablePath = await chromiumExecutable(packaged);
  } catch (error) {
    throw oneLine(`@sparticuz/chromium could not be unpacked into ${BROWSER_CACHE}: ${(error as Error).message}`);
  }
  return chromium.launch({ executablePath, args: [...packaged.args.filter((a) => !NOT_HERE.has(a)), ...QUIET], timeout: timeoutMs });
}

/** An error that prints as its one line (node:test shows the stack otherwise). */
function oneLine(line: string): Error {
  return Object.assign(new Error(line), { stack: line });
}
