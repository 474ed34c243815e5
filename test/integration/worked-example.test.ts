// The worked example of docs/gateway.md: a gateway that is not the sandbox's dialect (examples/acme-gateway),
// emulated by the sandbox with the variants that describe it. Described by its test data and reply
// profile alone, it must get CONFORMS, its unclaimed class inapplicable.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';

after(removeTempDirs);

export const ACME_VARIANTS = [
  'book-resstatus-book',
  'cancel-status-words',
  'prefixed-namespace',
  'http-4xx-errors',
  'internal-and-client-refs',
  'schedule-summary',
  'participant-category-ota',
  'no-optional-echoes',
];

test('the worked example (Acme) conforms, described by its test data and reply profile', async () => {
  const dir = join(PROJECT_ROOT, 'examples/acme-gateway');
  const runResult = await runConformance({
    env: {
      OTA_TEST_DATA: join(dir, 'test-data.json'),
      OTA_REPLY_PROFILE: join(dir, 'reply-profile.json'),
      OTA_SANDBOX_VARIANTS: ACME_VARIANTS.join(','),
    },
    timeoutMs: 180_000,
  });
  assert.equal(runResult.code, 0, describeRun(runResult));
  const res = JSON.parse(readFileSync(join(runResult.reportsDir, 'summary.json'), 'utf8')) as ConformanceResult;
  // What docs/gateway.md promises: CONFORMS with one warning, the SHOULD EP-ECHOTOKEN (Acme echoes no EchoToken).
  assert.match(runResult.stdout, /^CONFORMS with 1 warning\(s\): /m);
  assert.deepEqual(
    res.requirements.filter((q) => q.outcome === 'failed').map((q) => `${q.id} ${q.level}`),
    ['EP-ECHOTOKEN SHOULD'],
  );
  const promise = readFileSync(join(PROJECT_ROOT, 'docs/gateway.md'), 'utf8');
  assert.ok(promise.includes('npm run conformance        # CONFORMS with 1 warning(s): EP-ECHOTOKEN'), 'docs/gateway.md promises it');
  assert.deepEqual(res.claims, ['core', 'booking', 'security']);
  assert.equal(res.requirements.find((q) => q.id === 'CXL-PARTIAL')!.outcome, 'inapplicable');
  assert.equal(res.requirements.find((q) => q.id === 'BKG-COMMIT-PERSISTS')!.outcome, 'passed');
});
