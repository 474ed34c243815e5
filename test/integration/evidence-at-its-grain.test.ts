// What a pass rests on, at run level, through rewriting proxies in front of the sandbox: a
// requirement stated for each operation is open while an operation was never served; a refusal is
// judged alike whatever its body; a descriptive reply with a 5xx describes nothing, even when its
// XML body says the hotel is where it was asked for.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';
import { startSandbox, type RunningSandbox } from '../../sandbox/src';
import { initQuery } from '../../sandbox/test/helpers';
import { startHostileServer } from '../support/hostile-server';
import { describeRun, opOf, proxyTo, removeTempDirs, requireSummary, runConformance, targetEnv } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';

let plain: RunningSandbox;
let codeOnly: RunningSandbox;
before(async () => {
  await initQuery();
  plain = await startSandbox({ port: 0, credentials: { ...SANDBOX_CREDENTIALS } });
  // hotels named by code only: where they are, only hotel descriptive data says
  codeOnly = await startSandbox({ port: 0, variants: ['hotel-code-only-availability'], credentials: { ...SANDBOX_CREDENTIALS } });
});
after(async () => {
  await plain?.close();
  await codeOnly?.close();
  removeTempDirs();
});

const outcomeOf = (r: Awaited<ReturnType<typeof runConformance>>, id: string) =>
  (requireSummary(r) as unknown as ConformanceResult).requirements.find((q) => q.id === id)!;

// Under --profile read-only, /bookread and /bookcancel answering 404 text/plain to everything:
// EP-POST ("Every operation is one HTTP POST to its own path") cannot pass on seven operations.
test('read-only, booking read and cancel answered 404 text/plain: EP-POST open naming them, never CONFORMS', async () => {
  const srv = await startHostileServer(
    proxyTo(plain.baseUrl, (req, res) => {
      if (req.method !== 'POST' || !['bookread', 'bookcancel'].includes(opOf(req))) return false;
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return true;
    }),
  );
  try {
    const runResult = await runConformance({ args: ['--profile', 'read-only'], env: targetEnv(srv.url) });
    assert.notEqual(runResult.code, 0, describeRun(runResult));
    const post = outcomeOf(runResult, 'EP-POST');
    assert.equal(post.outcome, 'cantTell', JSON.stringify(post));
    assert.match(post.reason ?? '', /not shown for bookread, bookcancel/);
  } finally {
    await srv.close();
  }
});

// A valid hotel availability request refused as HTTP 422 with a JSON body fails HAV-SUCCESS as the
// same refusal with an Errors body does (before: cannot tell, NOT DETERMINED).
test('a valid request refused as 422 with a JSON body is judged as the same refusal with XML: HAV-SUCCESS fails', async () => {
  const refuse = (json: boolean) =>
    proxyTo(plain.baseUrl, (req, res) => {
      if (req.method !== 'POST' || opOf(req) !== 'hotelavailability') return false;
      res.writeHead(422, { 'content-type': json ? 'application/json' : 'application/xml' });
      res.end(
        json
          ? '{"error":"refused"}'
          : '<OTA_HotelAvailRS xmlns="http://www.opentravel.org/OTA/2003/05" Version="1.0"><Errors><Error Type="3" Code="321" ShortText="refused"/></Errors></OTA_HotelAvailRS>',
      );
      return true;
    });
  const outcomes: string[] = [];
  for (const json of [true, false]) {
    const srv = await startHostileServer(refuse(json));
    try {
      const runResult = await runConformance({ args: ['--tags', '@req:HAV-SUCCESS'], env: targetEnv(srv.url) });
      assert.equal(runResult.code, 1, describeRun(runResult));
      outcomes.push(outcomeOf(runResult, 'HAV-SUCCESS').outcome);
    } finally {
      await srv.close();
    }
  }
  assert.deepEqual(outcomes, ['failed', 'failed']);
});

// Hotel descriptive data answered 503 with its XML body intact: the body places the hotel, but a
// 5xx describes nothing, so HAV-PLACE cannot pass on it (nor fail).
test('hotel descriptive data answered 503 with its XML body: it describes nothing, HAV-PLACE is not passed', async () => {
  const srv = await startHostileServer(
    proxyTo(
      codeOnly.baseUrl,
      () => false,
      (reply, req) => (opOf(req) === 'hotelnbc' ? { ...reply, status: 503 } : reply),
    ),
  );
  try {
    const runResult = await runConformance({ args: ['--tags', '@req:HAV-PLACE'], env: targetEnv(srv.url) });
    const place = outcomeOf(runResult, 'HAV-PLACE');
    assert.equal(place.outcome, 'cantTell', JSON.stringify(place));
    assert.match(place.reason ?? '', /describes nothing: HTTP 503/);
  } finally {
    await srv.close();
  }
});
