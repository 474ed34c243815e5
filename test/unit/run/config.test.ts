import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, PROJECT_ROOT } from '../../../src/run/config';
import { ConfigError } from '../../../src/core/errors';

const remote = {
  OTA_BASE_URL: 'https://gw.example.com/ota/',
  OTA_REQUESTOR_ID: 'R',
  OTA_REQUESTOR_CONTEXT: 'C',
  OTA_USER: 'U',
  OTA_PASSWORD: 'secret-pw',
};
const throwsNaming = (env: Record<string, string>, pattern: RegExp) =>
  assert.throws(
    () => loadConfig(env),
    (e: Error) => e instanceof ConfigError && pattern.test(e.message),
    `expected ConfigError matching ${pattern}`,
  );

test('no OTA_BASE_URL: the embedded sandbox, no credentials needed', () => {
  const config = loadConfig({});
  assert.equal(config.baseUrl, undefined);
  assert.equal(config.retry.retries, 0, 'retries are off by default');
});

test('a remote target needs its credentials, and says which are missing', () => {
  throwsNaming({ OTA_BASE_URL: 'https://gw.example.com' }, /missing: OTA_REQUESTOR_ID, OTA_REQUESTOR_CONTEXT, OTA_USER, OTA_PASSWORD/);
  const config = loadConfig(remote);
  assert.equal(config.baseUrl, 'https://gw.example.com/ota');
  assert.deepEqual(config.secrets, ['secret-pw']);
});

test('bad values name the variable', () => {
  throwsNaming({ OTA_BASE_URL: 'not a url' }, /OTA_BASE_URL="not a url" is not a URL/);
  throwsNaming({ OTA_BASE_URL: 'ftp://x' }, /must use http or https/);
  throwsNaming({ OTA_REQUEST_TIMEOUT_MS: '5s' }, /OTA_REQUEST_TIMEOUT_MS="5s" must be a whole number/);
  throwsNaming({ OTA_MAX_REPLY_BYTES: '10' }, /OTA_MAX_REPLY_BYTES=10 must be at least 1024/);
  throwsNaming({ OTA_TEST_DATA: '/nonexistent/data.json' }, /OTA_TEST_DATA: no file at \/nonexistent\/data.json/);
  throwsNaming({ OTA_XSD_DIR: '/nonexistent' }, /OTA_XSD_DIR: no folder/);
  throwsNaming({ OTA_SECRET_ENV: 'MY_TOKEN' }, /OTA_SECRET_ENV names MY_TOKEN, but MY_TOKEN is not set/);
});

test('the OpenTravel schemas ship in the project: the default needs nothing beside the clone', () => {
  const dir = loadConfig({}).xsdDir;
  assert.equal(dir, join(PROJECT_ROOT, 'schemas', 'opentravel-2016B'));
  for (const root of ['OTA_HotelAvailRS', 'OTA_TourActivityBookRS', 'OTA_ErrorRS']) assert.ok(existsSync(join(dir!, `${root}.xsd`)), root);
  assert.match(
    readFileSync(join(dir!, 'README.md'), 'utf8'),
    /28dcc880acf2d22a8a5e93d20174971080b6846c[\s\S]*OPENTRAVEL LICENSE AGREEMENT/,
  );
  assert.equal(loadConfig({ OTA_XSD_DIR: 'sandbox' }).xsdDir, join(PROJECT_ROOT, 'sandbox'), 'OTA_XSD_DIR overrides');
  assert.equal(loadConfig({ OTA_XSD_DIR: ' ' }).xsdDir, undefined, 'an empty OTA_XSD_DIR turns alignment off');
});

test('the secret list takes OTA_PASSWORD and the variables OTA_SECRET_ENV names', () => {
  const config = loadConfig({ ...remote, OTA_SECRET_ENV: 'API_KEY, PROXY_PASS', API_KEY: 'k-123456', PROXY_PASS: 'pp-98765' });
  assert.deepEqual(config.secrets.sort(), ['k-123456', 'pp-98765', 'secret-pw']);
});

test('every run gets its own run ID', () => {
  assert.notEqual(loadConfig({}).runId, loadConfig({}).runId);
});

// Credentials in OTA_BASE_URL are refused in one line that names the variable
// and never shows the URL (it would be printed, written to summary.json and to the ledger).
test('credentials in OTA_BASE_URL are refused without echoing them', () => {
  for (const url of [
    'http://user:Sup3r-Secret@gw.example.com/ota',
    'https://Sup3r-Secret@gw.example.com',
    'http://u:Sup3r-Secret@gw.example.com:99999/bad port',
    'HTTPS://u:Sup3r-Secret@[::1]/',
  ]) {
    assert.throws(
      () => loadConfig({ ...remote, OTA_BASE_URL: url }),
      (error: Error) => {
        assert.ok(error instanceof ConfigError, `${url}: a ConfigError`);
        assert.match(error.message, /^OTA_BASE_URL must not carry credentials/);
        assert.ok(!error.message.includes('Sup3r-Secret') && !error.message.includes('gw.example.com'), error.message);
        assert.doesNotMatch(error.message, /\n/);
        return true;
      },
    );
  }
  // an @ in the path is not userinfo
  assert.equal(loadConfig({ ...remote, OTA_BASE_URL: 'https://gw.example.com/ota/@v2' }).baseUrl, 'https://gw.example.com/ota/@v2');
});

// The run's bounds are configurable and have defaults.
test('OTA_RUN_DEADLINE_MS and OTA_MAX_CONSECUTIVE_FAILURES', () => {
  const config = loadConfig({});
  assert.equal(config.runDeadlineMs, 45 * 60_000);
  assert.equal(config.maxConsecutiveFailures, 10);
  const suiteConfig = loadConfig({ OTA_RUN_DEADLINE_MS: '1500', OTA_MAX_CONSECUTIVE_FAILURES: '3' });
  assert.equal(suiteConfig.runDeadlineMs, 1500);
  assert.equal(suiteConfig.maxConsecutiveFailures, 3);
  throwsNaming({ OTA_RUN_DEADLINE_MS: '45m' }, /OTA_RUN_DEADLINE_MS="45m" must be a whole number/);
  throwsNaming({ OTA_MAX_CONSECUTIVE_FAILURES: '0' }, /OTA_MAX_CONSECUTIVE_FAILURES=0 must be at least 1/);
});

// Corroboration requests are bounded per run, 0 turning them off.
test('OTA_MAX_CORROBORATION_REQUESTS', () => {
  assert.equal(loadConfig({}).maxCorroborationRequests, 100);
  assert.equal(loadConfig({ OTA_MAX_CORROBORATION_REQUESTS: '0' }).maxCorroborationRequests, 0);
  assert.equal(loadConfig({ OTA_MAX_CORROBORATION_REQUESTS: '7' }).maxCorroborationRequests, 7);
  throwsNaming({ OTA_MAX_CORROBORATION_REQUESTS: 'lots' }, /OTA_MAX_CORROBORATION_REQUESTS="lots" must be a whole number/);
});

// The run a shard belongs to, as npm run merge compares it.
test('OTA_RUN_GROUP: recorded when set, one line of printable characters', () => {
  assert.equal(loadConfig({}).runGroup, undefined);
  assert.equal(loadConfig({ OTA_RUN_GROUP: ' 1234567-ci ' }).runGroup, '1234567-ci');
  throwsNaming({ OTA_RUN_GROUP: 'a\nb' }, /^OTA_RUN_GROUP must be one line of at most 200 printable ASCII characters$/);
});
