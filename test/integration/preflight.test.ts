// Preflight: an unreachable target gives one clear message and exit 2, and no
// scenario is run. Without the preflight each of these runs would go on to run every selected
// scenario, each failing on the same transport error: exit 1 and a summary.json full of failures.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startHostileServer } from '../support/hostile-server';
import { describeRun, readSummary, removeTempDirs, runConformance, targetEnv, type RunResult } from './helpers';

after(removeTempDirs);

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

// Many scenarios are selected on purpose: without the preflight they would all run and fail.
const MANY = ['--tags', '@req:EP-NO-DOCTYPE or @req:AUTH-PASSWORD'];

function assertCouldNotRun(runResult: RunResult, url: string, why: RegExp): void {
  assert.equal(runResult.timedOut, false, `the run hung\n${describeRun(runResult)}`);
  assert.equal(runResult.code, 2, describeRun(runResult));
  // exactly one message, naming the URL, the cause and the whitelisting note
  const lines = runResult.stderr.split('\n').filter((l) => l.trim() !== '');
  assert.equal(lines.length, 1, `one message on stderr, got:\n${runResult.stderr}`);
  const [line] = lines;
  assert.match(line, /^Could not run: Target unreachable: /);
  assert.ok(line.includes(url), `names ${url}: ${line}`);
  assert.match(line, why);
  assert.match(line, /only accepts requests from whitelisted IP addresses/);
  assert.match(line, /No scenario was run/);
  // no scenario ran: no summary, no cucumber output, the reports folder was not even prepared
  assert.equal(readSummary(runResult), undefined, 'summary.json was written');
  assert.equal(existsSync(join(runResult.reportsDir, 'cucumber-messages.ndjson')), false);
  assert.doesNotMatch(runResult.stdout, /scenario|Conformance of|DOES NOT CONFORM/i, runResult.stdout);
}

describe('run level: preflight', { concurrency: true }, () => {
  test('2. a closed port: exit 2, one message naming the URL, refused, and the whitelisting note', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/ota`;
    const runResult = await runConformance({ args: MANY, env: targetEnv(url) });
    assertCouldNotRun(runResult, url, /connection was refused \(nothing listens at 127\.0\.0\.1:\d+\)/);
  });

  test('2. an unresolvable host (.invalid): exit 2, one message naming the URL and the DNS failure', async () => {
    const url = 'http://ota-gateway.invalid:8080/ota';
    const runResult = await runConformance({ args: MANY, env: targetEnv(url, { OTA_CONNECT_TIMEOUT_MS: '3000' }) });
    assertCouldNotRun(runResult, url, /host name could not be resolved|no connection could be made within connectTimeoutMs=3000/);
  });

  test('2. a server that accepts the connection but never answers: exit 2 after requestTimeoutMs, not a hang', async () => {
    const srv = await startHostileServer('hang');
    try {
      const runResult = await runConformance({ args: MANY, env: targetEnv(srv.url, { OTA_REQUEST_TIMEOUT_MS: '500' }) });
      assertCouldNotRun(runResult, srv.url, /sent no HTTP reply within requestTimeoutMs=500 ms/);
      assert.deepEqual(
        srv.requests.map((q) => q.method),
        ['GET'],
        'only the preflight reached the server',
      );
    } finally {
      await srv.close();
    }
  });
});
