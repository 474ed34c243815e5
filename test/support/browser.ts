// The render tests' browser: the project's own (src/reporting/browser.ts), unpacked into
// node_modules/.cache/ota-chromium/ and reused between runs.
export { launchBrowser } from '../../src/reporting/browser';
