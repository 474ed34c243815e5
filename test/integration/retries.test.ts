// Issue 5, point 6 (retries): off by default; opt-in retries of infrastructure failures are visible
// in the evidence; a nonconformance (a 500 with a valid body) is never retried into a pass.
// The gateway is a proxy in front of a real sandbox, so that a reply that gets through conforms.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isRunnersOwn, startHostileServer, type CapturedRequest } from '../support/hostile-server';
import { useTestSandbox } from './sandbox-booking';
import { allureAttachments, describeRun, opOf, proxyTo, requireSummary, runConformance, targetEnv, type RunResult } from './helpers';

const sandbox = useTestSandbox();

const ONE_SCENARIO = ['--tags', '@req:EP-NO-DOCTYPE and @op:hotelavailability'];

/** A gateway whose hotelavailability answers `status` the first `times` times, then proxies the sandbox. */
async function flakyGateway(status: number, times: number) {
  let served = 0;
  return startHostileServer(
    proxyTo(sandbox().baseUrl, (req, res) => {
      if (req.method !== 'POST' || isProbe(req) || opOf(req) !== 'hotelavailability' || served >= times) return false;
      served++;
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end(`<html><body><h1>${status} Service Unavailable</h1></body></html>`);
      return true;
    }),
  );
}

/** The attempts line of the reply-headers attachment the World writes, e.g. "3 attempt(s): HTTP 503 → …". */
function attemptsLine(r: RunResult): string {
  const heads = allureAttachments(r).filter((a) => a.name.endsWith('-hotelavailability-reply-headers.txt'));
  assert.equal(heads.length, 1, `one reply-headers attachment: ${heads.map((h) => h.name).join(', ')}`);
  const line = /\d+ attempt\(s\): .*/.exec(heads[0].content)?.[0];
  assert.ok(line, heads[0].content);
  return line.replace(/\)$/, '');
}

/** The runner's probe of every operation before the scenarios (src/run/runner.ts): not a scenario's request. */
const isProbe = isRunnersOwn;
const posts = (srv: { requests: CapturedRequest[] }) => srv.requests.filter((q) => q.method === 'POST' && !isProbe(q)).length;

describe('run level: retries', { concurrency: true }, () => {
  // Fails if: OTA_RETRIES were ignored or 503 not retryable (exit 1, one attempt), or the
  // attempts were not shown in the evidence (the attachment would say "1 attempt(s): HTTP 200").
  test('6. OTA_RETRIES=2 against 503, 503, 200: the scenario passes and the attempts are in the evidence', async () => {
    const srv = await flakyGateway(503, 2);
    try {
      const r = await runConformance({ args: ONE_SCENARIO, env: targetEnv(srv.url, { OTA_RETRIES: '2', OTA_RETRY_BACKOFF_MS: '50' }) });
      assert.ok([0, 4].includes(r.code ?? -1), describeRun(r)); // 4: a selection that passed
      assert.equal(attemptsLine(r), '3 attempt(s): HTTP 503 → HTTP 503 → HTTP 200');
      assert.equal(posts(srv), 3);
    } finally {
      await srv.close();
    }
  });

  // Fails if: retries were on by default (the scenario would pass after the 503s).
  test('6. retries are off by default: the same gateway fails the scenario with the 503 after one attempt', async () => {
    const srv = await flakyGateway(503, 2);
    try {
      const r = await runConformance({ args: ONE_SCENARIO, env: targetEnv(srv.url) });
      assert.equal(r.code, 1, describeRun(r));
      const [sc] = requireSummary(r).scenarios;
      assert.equal(sc.status, 'failed');
      // a 503 page is a refusal of a valid request (issue 27, point 3): the scenario's "served" MUSTs fail
      assert.match(sc.message ?? '', /EP-POST[^\n]*\n\s+at reply\n\s+expected: served \(a valid request\)\n\s+found: +refused: HTTP 503/);
      assert.equal(attemptsLine(r), '1 attempt(s): HTTP 503');
      assert.equal(posts(srv), 1);
    } finally {
      await srv.close();
    }
  });

  // Fails if: a 500 (a reply that can be judged) were treated as an infrastructure failure and
  // retried: the attempts line and the server would show more than one attempt.
  test('6. a nonconformance is never retried into a pass: 500 with a valid body and OTA_RETRIES=3 fails EP-STATUS-200 after one attempt', async () => {
    let served500 = 0;
    const srv = await startHostileServer(
      proxyTo(sandbox().baseUrl, undefined, (reply, req) => {
        if (reply.status !== 200 || !reply.body.includes('OTA_HotelAvailRS') || isProbe(req)) return reply;
        served500++;
        return { ...reply, status: 500 };
      }),
    );
    try {
      const r = await runConformance({ args: ONE_SCENARIO, env: targetEnv(srv.url, { OTA_RETRIES: '3', OTA_RETRY_BACKOFF_MS: '50' }) });
      assert.equal(r.code, 1, describeRun(r));
      const [sc] = requireSummary(r).scenarios;
      assert.equal(sc.status, 'failed');
      assert.match(sc.message ?? '', /EP-STATUS-200[^\n]*\n\s+at HTTP status\n\s+expected: 200\n\s+found: +500/);
      // the body itself was fine: EP-STATUS-200 is the only finding
      assert.doesNotMatch(sc.message ?? '', /EP-WELL-FORMED|EP-NAMESPACE|EP-ECHOTOKEN/);
      assert.equal(attemptsLine(r), '1 attempt(s): HTTP 500');
      assert.equal(posts(srv), 1);
      assert.equal(served500, 1);
    } finally {
      await srv.close();
    }
  });
});
