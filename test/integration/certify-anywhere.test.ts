// A certificate is re-checked by anyone, anywhere: a run against Alba (an independent gateway of
// test/support/gateways/, in its terse dialect, with its own credentials, test data and reply
// profile) is recorded and certified here, then verified in a copy of the suite on another path,
// with none of the suite's environment variables set (no URL, no credential, no test data, no
// profile): VERIFIED, the replay concluding what the run did.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyCheckout, describeRun, removeTempDirs, runConformance, runScript, targetEnv, tempDir, type RunResult } from './helpers';
import { albaEnv, ALBA_CREDENTIALS, startOtaLiteralGateway } from '../support/gateways/ota-literal';

after(removeTempDirs);

const root = tempDir('ota-certify-anywhere-');
const cassette = join(root, 'cassette');
let run: RunResult;

before(async () => {
  const gw = await startOtaLiteralGateway({ dialect: 'terse' });
  try {
    run = await runConformance({
      args: ['--record', cassette],
      timeoutMs: 300_000,
      env: targetEnv(gw.url, albaEnv('terse')),
    });
  } finally {
    await gw.close();
  }
});

test('a certificate of Alba (another gateway, terse dialect) verifies in a copy of the suite on another path, with no variable set', () => {
  const verdict = (JSON.parse(readFileSync(join(run.reportsDir, 'summary.json'), 'utf8')) as { verdict: string }).verdict;
  assert.ok([0, 1, 4].includes(run.code ?? -1), describeRun(run));
  const bundle = join(root, 'alba.tar.gz');
  const certified = runScript('certify', ['--reports', run.reportsDir, '--cassette', cassette, '--out', bundle], {
    OTA_PASSWORD: ALBA_CREDENTIALS.password,
  });
  assert.equal(certified.code, 0, `${certified.stdout}\n${certified.stderr}`);

  const clone = join(tempDir('ota-certify-clone-'), 'suite');
  copyCheckout(clone);
  const received = join(clone, '..', 'received.tar.gz');
  copyFileSync(bundle, received);
  const scriptRun = runScript('verify', [received], {}, clone);
  assert.equal(scriptRun.code, 0, `exit ${scriptRun.code}\n${scriptRun.stdout}\n${scriptRun.stderr}`);
  assert.match(scriptRun.stdout, new RegExp(`^VERIFIED: .*received\\.tar\\.gz: ${verdict} of run `, 'm'));
  assert.match(scriptRun.stdout, new RegExp(`the replay concludes ${verdict}, and each of \\d+ requirements as the bundle does`));
});
