// Retries: off by default; opt-in retries of infrastructure failures are visible
// in the evidence; a nonconformance (a 500 with a valid body) is never retried into a pass.
// The gateway is a proxy in front of a real sandbox, so that a reply that gets through conforms.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isRunnersOwn, startHostileServer, type CapturedRequest } from '../support/hostile-server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { RunningSandbox } from '../../sandbox/src';
import { startTestSandbox, useTestSandbox } from './sandbox-booking';
import { evidenceAttachments, describeRun, opOf, proxyTo, requireSummary, runConformance, targetEnv, type RunResult } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';
import { BOUND } from '../../src/operations/hotelavailability';

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
function attemptsLine(runResult: RunResult): string {
  const heads = evidenceAttachments(runResult).filter((a) => a.name.endsWith('-hotelavailability-reply-headers.txt'));
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
      const runResult = await runConformance({
        args: ONE_SCENARIO,
        env: targetEnv(srv.url, { OTA_RETRIES: '2', OTA_RETRY_BACKOFF_MS: '50' }),
      });
      assert.ok([0, 4].includes(runResult.code ?? -1), describeRun(runResult)); // 4: a selection that passed
      assert.equal(attemptsLine(runResult), '3 attempt(s): HTTP 503 → HTTP 503 → HTTP 200');
      assert.equal(posts(srv), 3);
    } finally {
      await srv.close();
    }
  });

  // Fails if: retries were on by default (the scenario would pass after the 503s).
  test('6. retries are off by default: the same gateway fails the scenario with the 503 after one attempt', async () => {
    const srv = await flakyGateway(503, 2);
    try {
      const runResult = await runConformance({ args: ONE_SCENARIO, env: targetEnv(srv.url) });
      assert.equal(runResult.code, 1, describeRun(runResult));
      const [sc] = requireSummary(runResult).scenarios;
      assert.equal(sc.status, 'failed');
      // a 503 page is a refusal of a valid request: the scenario's "served" MUSTs fail
      assert.match(sc.message ?? '', /EP-POST[^\n]*\n\s+at reply\n\s+expected: served \(a valid request\)\n\s+found: +refused: HTTP 503/);
      assert.equal(attemptsLine(runResult), '1 attempt(s): HTTP 503');
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
      const runResult = await runConformance({
        args: ONE_SCENARIO,
        env: targetEnv(srv.url, { OTA_RETRIES: '3', OTA_RETRY_BACKOFF_MS: '50' }),
      });
      assert.equal(runResult.code, 1, describeRun(runResult));
      const [sc] = requireSummary(runResult).scenarios;
      assert.equal(sc.status, 'failed');
      assert.match(sc.message ?? '', /EP-STATUS-200[^\n]*\n\s+at HTTP status\n\s+expected: 200\n\s+found: +500/);
      // the body itself was fine: EP-STATUS-200 is the only finding
      assert.doesNotMatch(sc.message ?? '', /EP-WELL-FORMED|EP-NAMESPACE|EP-ECHOTOKEN/);
      assert.equal(attemptsLine(runResult), '1 attempt(s): HTTP 500');
      assert.equal(posts(srv), 1);
      assert.equal(served500, 1);
    } finally {
      await srv.close();
    }
  });
});

// Cucumber's --retry runs a failed scenario again; what any attempt showed counts.
describe('run level: --retry never erases a finding', { concurrency: true }, () => {
  // A sandbox that ignores MaxResponses: the first scenario request of hotel availability goes there.
  let faulted: RunningSandbox | undefined;
  before(async () => {
    faulted = await startTestSandbox(['ignores-maxresponses']);
  });
  after(async () => {
    await faulted?.close();
  });
  const MAX_RESPONSES = ['--tags', '@req:HAV-MAXRESPONSES'];
  /** The scenario's request with MaxResponses at its bound (src/operations/hotelavailability/max-responses-probe.ts). */
  const isBounded = (req: CapturedRequest) => new RegExp(`MaxResponses="${BOUND}"`).test(req.body);
  const summaryOf = (r: RunResult) => JSON.parse(readFileSync(join(r.reportsDir, 'summary.json'), 'utf8')) as ConformanceResult;

  // Fails if: an attempt that will be retried were dropped (before: exit 0, CONFORMS, and summary.json
  // said nothing of the retry), or the finding did not name its attempt, or flaky were not reported.
  test('a gateway that ignores MaxResponses on the first try only: DOES NOT CONFORM, HAV-MAXRESPONSES failed and flaky', async () => {
    let first = true;
    const srv = await startHostileServer(async (req, res) => {
      // the bounded request (the place probe before it asks with the sample's own MaxResponses)
      const toFaulted = first && req.method === 'POST' && !isProbe(req) && opOf(req) === 'hotelavailability' && isBounded(req);
      if (toFaulted) first = false;
      await proxyTo(toFaulted ? faulted!.baseUrl : sandbox().baseUrl)(req, res);
    });
    try {
      const runResult = await runConformance({ args: [...MAX_RESPONSES, '--retry', '1'], env: targetEnv(srv.url) });
      assert.equal(runResult.code, 1, describeRun(runResult));
      const res = summaryOf(runResult);
      assert.equal(res.verdict, 'DOES NOT CONFORM');
      assert.equal(res.retry, 1);
      const result = res.requirements.find((x) => x.id === 'HAV-MAXRESPONSES')!;
      assert.equal(result.outcome, 'failed');
      assert.equal(result.flaky?.length, 1, JSON.stringify(result));
      assert.deepEqual([result.flaky![0].failedOn, result.flaky![0].passedOn], [[1], [2]]);
      assert.ok(result.findings.length > 0 && result.findings.every((f) => f.attempt === 1), JSON.stringify(result.findings));
      const sc = res.scenarios.find((x) => x.reqs.includes('HAV-MAXRESPONSES'))!;
      assert.equal(sc.status, 'failed');
      assert.deepEqual(
        sc.attempts?.map((a) => a.status),
        ['failed', 'passed'],
      );
      assert.ok(
        res.notes.some((n) => n.startsWith('--retry: 1 scenario(s) ran more than once') && n.includes('HAV-MAXRESPONSES')),
        res.notes.join('\n'),
      );
      assert.match(runResult.stdout, /\[retry\] FAILED .* attempt 1, runs again \(--retry\)/);
      // the console wraps a long line, its next lines indented by 6
      assert.match(
        runResult.stdout.replace(/\n {6}(?=\S)/g, ' '),
        /\n {4}flaky: failed on attempt 1, passed on attempt 2 of "[^"]+"; the failure stays\n/,
      );
      assert.match(
        readFileSync(join(runResult.reportsDir, 'conformance-report.md'), 'utf8'),
        /^#### HAV-MAXRESPONSES: FAILED, flaky \(MUST, class core\)$/m,
      );
      assert.match(readFileSync(join(runResult.reportsDir, 'junit.xml'), 'utf8'), /<property name="flaky" value="HAV-MAXRESPONSES"\/>/);
    } finally {
      await srv.close();
    }
  });

  // What --retry is for: a gateway that did not answer once. Fails if: a cannot-tell of an earlier
  // attempt held the requirement open after a later attempt checked it.
  test('a connection reset on the first try, a conforming reply on the second: HAV-MAXRESPONSES passed, saying so', async () => {
    let first = true;
    const srv = await startHostileServer(async (req, res) => {
      if (first && req.method === 'POST' && !isProbe(req) && opOf(req) === 'hotelavailability' && isBounded(req)) {
        first = false;
        res.destroy();
        return;
      }
      await proxyTo(sandbox().baseUrl)(req, res);
    });
    try {
      const runResult = await runConformance({ args: [...MAX_RESPONSES, '--retry', '1'], env: targetEnv(srv.url) });
      const res = summaryOf(runResult);
      const result = res.requirements.find((x) => x.id === 'HAV-MAXRESPONSES')!;
      assert.equal(result.outcome, 'passed', describeRun(runResult));
      assert.match(result.reason ?? '', /^passed on attempt 2 of ".*" after attempt 1 could not tell$/);
      const sc = res.scenarios.find((x) => x.reqs.includes('HAV-MAXRESPONSES'))!;
      assert.deepEqual(
        sc.attempts?.map((a) => a.status),
        ['cantTell', 'passed'],
      );
      assert.equal(sc.status, 'passed');
    } finally {
      await srv.close();
    }
  });
});
