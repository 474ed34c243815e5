// A target that refuses the configured credentials is named, not blamed. Against
// a sandbox with its own credentials (an Instance included), a run with each credential wrong in
// turn is COULD NOT RUN (exit 2) with one line naming the variables to check; nothing is booked,
// no earlier report is removed. With the right credentials the same target runs as usual, and a
// gateway that refuses only some valid requests is still judged by the scenarios.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, SANDBOX_CREDENTIALS, type RunningSandbox } from '../../sandbox/src/index';
import { describeRun, proxyTo, removeTempDirs, runConformance, targetEnv, tempDir } from './helpers';
import { startHostileServer } from '../support/hostile-server';
import { CREDENTIAL_VARIABLES } from '../../src/run/credentials-check';

const INSTANCE = 'SANDBOX-INSTANCE-7';
let sandbox: RunningSandbox;

before(async () => {
  sandbox = await startSandbox({ credentials: { ...SANDBOX_CREDENTIALS, requestorInstance: INSTANCE } });
});
after(async () => {
  await sandbox.close();
  removeTempDirs();
});

const right = (baseUrl = sandbox.baseUrl) => targetEnv(baseUrl, { OTA_REQUESTOR_INSTANCE: INSTANCE });

for (const [variable, wrong] of [
  ['OTA_REQUESTOR_ID', 'NOT-THE-AGENCY'],
  ['OTA_REQUESTOR_CONTEXT', 'NOT-THE-CONTEXT'],
  ['OTA_REQUESTOR_INSTANCE', 'NOT-THE-INSTANCE'],
  ['OTA_USER', 'not-the-user'],
  ['OTA_PASSWORD', 'not-the-password-42'],
] as const)
  test(`${variable} wrong: COULD NOT RUN, exit 2, one line naming the variables; nothing booked, earlier reports kept`, async () => {
    const reportsDir = tempDir();
    mkdirSync(reportsDir, { recursive: true });
    const earlier = join(reportsDir, 'summary.json');
    writeFileSync(earlier, '{"earlier":true}');
    const ledger = join(tempDir(), 'ledger.jsonl');
    const run = await runConformance({ reportsDir, env: { ...right(), [variable]: wrong, OTA_LEDGER_FILE: ledger } });
    assert.equal(run.code, 2, describeRun(run));
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('Could not run:'));
    assert.equal(lines.length, 1, describeRun(run));
    assert.match(lines[0], /the target refused the configured credentials/);
    assert.ok(lines[0].includes(CREDENTIAL_VARIABLES), lines[0]);
    assert.doesNotMatch(`${run.stdout}${run.stderr}`, /DOES NOT CONFORM/);
    assert.ok(!run.stdout.includes(wrong) || variable !== 'OTA_PASSWORD', 'the password is never printed');
    assert.equal(readFileSync(earlier, 'utf8'), '{"earlier":true}', 'the earlier report is kept');
    const booked = existsSync(ledger) ? readFileSync(ledger, 'utf8') : '';
    assert.doesNotMatch(booked, /"intent"|"committed"/, 'nothing was booked');
  });

test('the right credentials: the same target runs and is judged', async () => {
  const run = await runConformance({ args: ['--tags', '@op:hotelnbc'], env: right() });
  assert.notEqual(run.code, 2, describeRun(run));
  assert.match(run.stdout, /selection passed|CONFORMS/);
});

test('a gateway that refuses one operation is judged by the scenarios, not taken for refused credentials', async () => {
  const faulty = await startSandbox({ faults: ['errors-to-valid-request'] });
  try {
    const run = await runConformance({ args: ['--tags', '@op:activitysearch'], env: targetEnv(faulty.baseUrl) });
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stdout, /ASR-SUCCESS/);
  } finally {
    await faulty.close();
  }
});

/** A reply turned into an Errors reply of the same root with one Error of this type, code and text. */
const errorsReply = (body: Buffer, type: string, code: string, text: string) => {
  const xml = body.toString('utf8');
  const root = /<([\w:]*?)(\w+RS)\b/.exec(xml)?.[2] ?? 'OTA_ErrorRS';
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><${root} xmlns="http://www.opentravel.org/OTA/2003/05" Version="1.0"><Errors><Error Type="${type}" Code="${code}" ShortText="${text}">${text}</Error></Errors></${root}>`,
  );
};
const isSuccessReply = (body: Buffer) => /<(\w+:)?Success\b/.test(body.toString('utf8'));

test('a gateway that refuses every valid request with a processing error is judged by the scenarios, not taken for refused credentials', async () => {
  // served requests become System errors; wrong credentials keep the sandbox's authentication refusal
  const gateway = await startHostileServer(
    proxyTo(sandbox.baseUrl, undefined, (reply) =>
      isSuccessReply(reply.body) ? { ...reply, body: errorsReply(reply.body, '12', '448', 'System error') } : reply,
    ),
  );
  try {
    const run = await runConformance({ args: ['--tags', '@op:hotelavailability'], env: right(gateway.url) });
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stdout, /DOES NOT CONFORM/);
    assert.match(run.stdout, /HAV-SUCCESS/);
  } finally {
    await gateway.close();
  }
});

test('refusals that say nothing of credentials: wrong credentials are still named when a nobody gets the same refusal', async () => {
  // every refusal of the gateway is the same opaque words, whatever was wrong
  const opaque = await startHostileServer(
    proxyTo(sandbox.baseUrl, undefined, (reply) =>
      isSuccessReply(reply.body) ? reply : { ...reply, status: 200, body: errorsReply(reply.body, '3', '320', 'Request rejected') },
    ),
  );
  try {
    const wrong = await runConformance({ env: { ...right(opaque.url), OTA_PASSWORD: 'not-the-password-42' } });
    assert.equal(wrong.code, 2, describeRun(wrong));
    assert.match(wrong.stderr, /the target refused the configured credentials/);
    const ok = await runConformance({ args: ['--tags', '@op:hotelnbc'], env: right(opaque.url) });
    assert.notEqual(ok.code, 2, describeRun(ok));
  } finally {
    await opaque.close();
  }
});
