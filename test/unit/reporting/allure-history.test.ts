// The Allure history: one file per target, bounded by OTA_HISTORY_LIMIT.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { DEFAULT_HISTORY_LIMIT, historyFile, historyLabel, historyLimit } from '../../../src/reporting/allure-history';
import { ConfigError } from '../../../src/core/errors';

test('one history per target: the embedded sandbox, or the host, port and path of OTA_BASE_URL', () => {
  assert.equal(historyLabel(undefined), 'embedded-sandbox');
  assert.equal(historyLabel('https://gw.example.com/ota/'), 'gw.example.com_ota');
  assert.equal(historyLabel('http://127.0.0.1:8080'), '127.0.0.1_8080');
  assert.notEqual(historyLabel('https://test.vendor.com/ota'), historyLabel('https://prod.vendor.com/ota'));
  assert.equal(historyFile('/r', 'https://gw.example.com/ota'), '/r/history/gw.example.com_ota.jsonl');
});

test('OTA_HISTORY_LIMIT: a whole number of runs, default 30; anything else is one line naming it', () => {
  assert.equal(historyLimit({}), DEFAULT_HISTORY_LIMIT);
  assert.equal(historyLimit({ OTA_HISTORY_LIMIT: ' 7 ' }), 7);
  for (const bad of ['0', '-1', '2.5', 'ten'])
    assert.throws(
      () => historyLimit({ OTA_HISTORY_LIMIT: bad }),
      (e: unknown) => e instanceof ConfigError && e.message.includes('OTA_HISTORY_LIMIT') && !e.message.includes('\n'),
    );
});
