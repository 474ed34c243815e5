// A hostile review of record, replay and diff: defects found by a hostile review, one test each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHostileServer } from '../support/hostile-server';
import { useTestSandbox } from './sandbox-booking';
import { describeRun, proxyTo, requireSummary, runConformance, targetEnv, tempDir } from './helpers';

const sandbox = useTestSandbox();

// A real gateway (not the replay target) that sends the replay target's "miss" header must not turn
// a scenario into a suite error (hiding what the gateway did): the header means something only when
// replaying. A malformed value must not crash the step with a URIError either.
test("a gateway's reply carrying x-ota-conformance-replay-miss is judged as a reply, outside a replay", async () => {
  for (const value of ['nothing%20here', '%E0%A4%A']) {
    const srv = await startHostileServer(
      proxyTo(sandbox().baseUrl, undefined, (reply) => ({
        ...reply,
        headers: { ...reply.headers, 'x-ota-conformance-replay-miss': value },
      })),
    );
    try {
      const runResult = await runConformance({ args: ['--tags', '@req:HAV-DATES'], env: targetEnv(srv.url) });
      const runSummaryFile = requireSummary(runResult);
      assert.ok(
        runSummaryFile.scenarios.every((x) => x.status !== 'suiteError'),
        `a gateway's header made a suite error (${value}): ${describeRun(runResult)}`,
      );
      assert.doesNotMatch(runResult.stdout + runResult.stderr, /URIError|replay: /, describeRun(runResult));
    } finally {
      await srv.close();
    }
  }
});

// The cassette masked reply bodies in their latin1 view only: a password echoed by the gateway in
// UTF-8 (non-ASCII) survived the masking (the scan then failed the night, exit 3), and in a
// single-byte charset such as windows-1251 it survived the masking and the scan (exit 4, the
// cassette published with the password).
test('a password echoed in a UTF-8 or windows-1251 reply is masked in the cassette', async () => {
  for (const [password, variants, charset] of [
    ['pässwörd-geheim', '', 'utf-8'],
    ['пароль-секрет', 'windows-1251-encoding', 'windows-1251'],
  ] as const) {
    const cassette = join(tempDir(), 'cassette');
    const runResult = await runConformance({
      args: ['--tags', '@req:SEC-NO-CREDENTIAL-ECHO', '--record', cassette],
      env: { OTA_PASSWORD: password, OTA_SANDBOX_FAULTS: 'credentials-in-errors', OTA_SANDBOX_VARIANTS: variants },
    });
    assert.notEqual(runResult.code, 3, `the cassette leaked (${charset}): ${describeRun(runResult)}`);
    assert.notEqual(runResult.code, 2, describeRun(runResult));
    const decoder = new TextDecoder(charset);
    const bodies = readdirSync(cassette)
      .filter((f) => f.startsWith('exchanges-'))
      .flatMap((f) => readFileSync(join(cassette, f), 'utf8').trim().split('\n'))
      .map((l) => JSON.parse(l) as { reply?: { bodyBase64: string } })
      .filter((x) => x.reply)
      .map((x) => decoder.decode(Buffer.from(x.reply!.bodyBase64, 'base64')));
    assert.ok(
      bodies.some((b) => b.includes('MessagePassword=')),
      'the fault echoes the password',
    );
    assert.ok(!bodies.some((b) => b.includes(password)), `the password is in a recorded ${charset} reply`);
  }
});

const summaryOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { requirements: Array<{ id: string; outcome: string }> };

// Found in review: the replay answered by scenario, operation and rank only, never comparing the request
// it answers with the one recorded. A cassette whose test data asks another place (or a change of
// the suite that sends another request) is answered with the recorded reply, its place rewritten
// to the new one, and the replay concluded CONFORMS on replies no gateway gave. Now such a request
// is not answered (src/cassette/cassette.ts, requestDiffers): exit 2, naming the scenario.
test('a replay refuses a request that differs from the recorded one (another place asked)', async () => {
  const cassette = join(tempDir(), 'cassette');
  const rec = await runConformance({ args: ['--tags', '@op:hotelavailability', '--record', cassette] });
  assert.equal(rec.code, 4, describeRun(rec));
  const file = join(cassette, 'test-data.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"Mallorca"', '"Atlantis"'));
  const runResult = await runConformance({ args: ['--tags', '@op:hotelavailability', '--replay', cassette] });
  assert.equal(runResult.code, 2, `a request the cassette never saw was answered: ${describeRun(runResult)}`);
});

// Found in review: the cassette masks the password a gateway echoes (it must), so the replay no longer
// sees the echo: SEC-NO-CREDENTIAL-ECHO is a warning when recorded and passed when replayed, and the
// pull-request check (npm run diff -- cassette reports) failed on every change for such a gateway.
// Now the replay puts the replaying run's password back where the recorded reply echoed a secret.
test('a replay concludes the credential echo the recorded run found', async () => {
  const cassette = join(tempDir(), 'cassette');
  const tags = ['--tags', '@req:SEC-NO-CREDENTIAL-ECHO'];
  const rec = await runConformance({ args: [...tags, '--record', cassette], env: { OTA_SANDBOX_FAULTS: 'credentials-in-errors' } });
  assert.notEqual(rec.code, 2, describeRun(rec));
  const runResult = await runConformance({ args: [...tags, '--replay', cassette] });
  const outcome = (dir: string) => summaryOf(dir).requirements.find((q) => q.id === 'SEC-NO-CREDENTIAL-ECHO')?.outcome;
  assert.equal(outcome(cassette), 'failed', 'the fault is found when recorded');
  assert.equal(outcome(runResult.reportsDir), outcome(cassette), describeRun(runResult));
});

// The requests were masked with scrub (the secret list) instead of maskXml as the evidence is: a
// password shorter than the masked minimum (ignored by the redactor, with a warning) went into the
// cassette as MessagePassword="abc" on every request, while the reports showed ********.
test('the MessagePassword of every recorded request is masked as in the evidence, whatever its length', async () => {
  const cassette = join(tempDir(), 'cassette');
  const runResult = await runConformance({ args: ['--tags', '@op:hotelavailability', '--record', cassette], env: { OTA_PASSWORD: 'abc' } });
  assert.equal(runResult.code, 4, describeRun(runResult));
  const text = readdirSync(cassette)
    .filter((f) => f.startsWith('exchanges-'))
    .map((f) => readFileSync(join(cassette, f), 'utf8'))
    .join('');
  assert.match(text, /MessagePassword=\\"\*{8}\\"/);
  assert.doesNotMatch(text, /MessagePassword=\\"abc\\"/);
});
