// The reproducers, built from the evidence stream's parts of each exchange, send the same requests
// outside the suite and get the same replies; the password is never in them (they read
// $OTA_PASSWORD). One script per scenario: every request of its last attempt by default, or those
// named on its command line.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, SANDBOX_CREDENTIALS, type RunningSandbox } from '../../../../sandbox/src/index';
import { loadXml } from '../../../../src/xml/xml';
import { OtaRequest } from '../../../../src/xml/requests';
import { OPERATIONS, type OperationName } from '../../../../src/specification/operations';
import { exchange, type Exchange } from '../../../../src/transport/exchange';
import { DEFAULT_LIMITS } from '../../../../src/transport/limits';
import { Redactor } from '../../../../src/safety/masking';
import type { ExchangeEvidence } from '../../../../src/reporting/evidence/collect';
import { curlReproducer, reproducibleRequest, scenarioReproducer } from '../../../../src/reporting/evidence/reproducer';
import { requestHead } from '../../../../src/reporting/evidence/stream';
import { baseValues } from '../../../../src/run/scenario-values';
import { loadTestData } from '../../../../src/run/test-data-file';

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

const creds = { ...SANDBOX_CREDENTIALS, requestorInstance: SANDBOX_CREDENTIALS.requestorInstance ?? '' };
const data = loadTestData(join(__dirname, '../../../../sandbox/data/test-data.json'));

/** One exchange with the sandbox, and its parts as the evidence stream holds them (masked). */
async function sent(name: OperationName, n: number): Promise<{ x: Exchange; evidence: ExchangeEvidence }> {
  const request = OtaRequest.fromSample(OPERATIONS[name], join(__dirname, '../../../../xml-samples'), baseValues(creds, data, 'REPRO'));
  const x = await exchange(request, { baseUrl: sb.baseUrl, limits: DEFAULT_LIMITS, retry: { retries: 0, backoffMs: 0 } });
  assert.equal(x.reply.exchange?.status, 200);
  const redactor = new Redactor([creds.password]);
  const evidence: ExchangeEvidence = {
    n,
    operation: name,
    requestHead: redactor.scrub(requestHead(`${sb.baseUrl}${x.op.path}`, x.reply.exchange!.request.headers)),
    request: redactor.maskXml(x.sentBody),
  };
  return { x, evidence };
}

// The sandbox stamps each reply with its time: everything else must be the same.
const stable = (xml: string) => xml.replace(/TimeStamp="[^"]*"/g, 'TimeStamp=""').trim();

/** Runs a script (not spawnSync: the sandbox answering curl lives in this process's event loop). */
function bash(file: string, args: string[] = []): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [file, ...args], { env: { ...process.env, OTA_PASSWORD: creds.password, OTA_BASE_URL: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The bodies of the HTTP responses curl -i printed, in order. */
const bodies = (out: string) =>
  out
    .split(/^HTTP\/1\.1 /m)
    .slice(1)
    .map((r) =>
      r
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n\n'),
    );

test('the reproducer of an exchange gets the reply the suite got, and holds no password', async () => {
  const { x, evidence } = await sent('hotelavailability', 1);
  const script = curlReproducer(reproducibleRequest(evidence)!);
  assert.ok(!script.includes(creds.password), 'the script holds the password');
  const file = join(dir, 'reproduce.sh');
  writeFileSync(file, script, { mode: 0o700 });
  const run = await bash(file);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^HTTP\/1\.1 200/);
  assert.equal(stable(bodies(run.stdout)[0]), stable(x.reply.text!));
  x.reply.doc?.dispose();
});

test("a scenario's reproducer sends all its requests in order, or those named, and says what it has", async () => {
  const one = await sent('hotelavailability', 1);
  const two = await sent('hotelnbc', 2);
  const requests = [one, two].map((e) => reproducibleRequest(e.evidence)!);
  const script = scenarioReproducer({ name: 'Two requests', id: 'features/x.feature:3' }, requests, ['1', '2']);
  assert.ok(!script.includes(creds.password));
  const file = join(dir, 'two-requests.sh');
  writeFileSync(file, script, { mode: 0o700 });

  const all = await bash(file);
  assert.equal(all.status, 0, all.stderr);
  assert.deepEqual(
    bodies(all.stdout).map(stable),
    [one, two].map((e) => stable(e.x.reply.text!)),
  );
  assert.match(all.stderr, /# exchange 1: hotelavailability POST \/hotelavailability[\s\S]*# exchange 2: hotelnbc POST \/hotelnbc/);

  const second = await bash(file, ['2']);
  assert.equal(second.status, 0, second.stderr);
  assert.deepEqual(bodies(second.stdout).map(stable), [stable(two.x.reply.text!)]);

  const none = await bash(file, ['7']);
  assert.notEqual(none.status, 0);
  assert.match(none.stderr, /no exchange 7 in this scenario \(it has: 1 2\)/);
  for (const e of [one, two]) e.x.reply.doc?.dispose();
});

test('without OTA_PASSWORD the reproducer says so and sends nothing', () => {
  const file = join(dir, 'no-password.sh');
  const request = reproducibleRequest({
    n: 1,
    operation: 'bookread',
    requestHead: 'POST http://127.0.0.1:9/bookread\ncontent-type: application/xml',
    request: '<OTA_ReadRQ MessagePassword="********"/>',
  })!;
  writeFileSync(file, curlReproducer(request), { mode: 0o700 });
  const env = { ...process.env };
  delete env.OTA_PASSWORD;
  const run = spawnSync('bash', [file], { env, encoding: 'utf8' });
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /OTA_PASSWORD/);
});
