// The reproducer attached to every exchange sends the same request outside the suite and gets
// the same reply; the password is never in it (it reads $OTA_PASSWORD).
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, SANDBOX_CREDENTIALS, type RunningSandbox } from '../../../sandbox/src/index';
import { loadXml } from '../../../src/xml/xml';
import { OtaRequest } from '../../../src/xml/requests';
import { OPERATIONS } from '../../../src/spec/operations';
import { exchange } from '../../../src/transport/exchange';
import { DEFAULT_LIMITS } from '../../../src/transport/limits';
import { Redactor } from '../../../src/safety/masking';
import { curlReproducer } from '../../../src/reporting/reproducer';
import { baseValues } from '../../../src/run/scenario-values';
import { loadTestData } from '../../../src/run/test-data-file';

let sb: RunningSandbox;
const dir = mkdtempSync(join(tmpdir(), 'ota-repro-'));
before(async () => {
  await loadXml();
  sb = await startSandbox({ port: 0 });
});
after(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

// The sandbox stamps each reply with its time: everything else must be the same.
const stable = (xml: string) => xml.replace(/TimeStamp="[^"]*"/g, 'TimeStamp=""').trim();

test('the reproducer of a hotel availability exchange gets the reply the suite got, and holds no password', async () => {
  const data = loadTestData(join(__dirname, '../../../sandbox/data/test-data.json'));
  const creds = { ...SANDBOX_CREDENTIALS, requestorInstance: SANDBOX_CREDENTIALS.requestorInstance ?? '' };
  const request = OtaRequest.fromSample(
    OPERATIONS.hotelavailability,
    join(__dirname, '../../../xml-samples'),
    baseValues(creds, data, 'REPRO'),
  );
  const x = await exchange(request, { baseUrl: sb.baseUrl, limits: DEFAULT_LIMITS, retry: { retries: 0, backoffMs: 0 } });
  assert.equal(x.reply.exchange?.status, 200);
  const masked = new Redactor([creds.password]).maskXml(x.sentBody);
  const script = curlReproducer(x, masked, sb.baseUrl);
  assert.ok(!script.includes(creds.password), 'the script holds the password');
  const file = join(dir, 'reproduce.sh');
  writeFileSync(file, script, { mode: 0o700 });
  // Not spawnSync: the sandbox answering curl lives in this process's event loop.
  const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('bash', [file], { env: { ...process.env, OTA_PASSWORD: creds.password, OTA_BASE_URL: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  assert.equal(run.status, 0, run.stderr);
  const [head, ...rest] = run.stdout.split(/\r?\n\r?\n/);
  assert.match(head, /^HTTP\/1\.1 200/);
  assert.equal(stable(rest.join('\n\n')), stable(x.reply.text!));
  x.reply.doc?.dispose();
});

test('without OTA_PASSWORD the reproducer says so and sends nothing', () => {
  const x = { op: OPERATIONS.bookread, reply: {} } as unknown as Parameters<typeof curlReproducer>[0];
  const file = join(dir, 'no-password.sh');
  writeFileSync(file, curlReproducer(x, '<OTA_ReadRQ MessagePassword="********"/>', 'http://127.0.0.1:9'), { mode: 0o700 });
  const env = { ...process.env };
  delete env.OTA_PASSWORD;
  const run = spawnSync('bash', [file], { env, encoding: 'utf8' });
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /OTA_PASSWORD/);
});
