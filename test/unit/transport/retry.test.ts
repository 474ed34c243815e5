// Which failures are tried again (src/transport/retry.ts): off by default, infrastructure failures
// only, bounded, every attempt recorded, and never what may have reached a non-idempotent operation.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTransport } from '../../../src/transport/agents';
import { postXml } from '../../../src/transport/post-xml';
import { LIMITS, opts, rejects, REQ, withServer } from '../../support/transport';

after(() => closeTransport());

describe('postXml: retries', () => {
  const retry = { retries: 2, backoffMs: 10 };

  test('off by default: a 503 is returned after one attempt', async () => {
    await withServer({ mode: 'status-then-valid', status: 503, times: 1 }, async (srv, url) => {
      const httpExchange = await postXml(url, REQ, opts());
      assert.equal(httpExchange.status, 503);
      assert.equal(srv.requests.length, 1);
    });
  });

  for (const status of [502, 503, 504]) {
    test(`HTTP ${status} is retried when enabled, and every attempt is recorded`, async () => {
      await withServer({ mode: 'status-then-valid', status, times: 2 }, async (srv, url) => {
        const httpExchange = await postXml(url, REQ, opts({ retry }));
        assert.equal(httpExchange.status, 200);
        assert.equal(srv.requests.length, 3);
        assert.deepEqual(
          httpExchange.attempts.map((a) => [a.outcome, a.retried]),
          [
            [`HTTP ${status}`, true],
            [`HTTP ${status}`, true],
            ['HTTP 200', false],
          ],
        );
        for (const attempt of httpExchange.attempts) assert.ok(!Number.isNaN(Date.parse(attempt.startedAt)) && attempt.durationMs >= 0);
      });
    });
  }

  test('retries are bounded: still 503 after retries → the 503 is returned with all attempts', async () => {
    await withServer({ mode: 'status-then-valid', status: 503, times: 10 }, async (srv, url) => {
      const httpExchange = await postXml(url, REQ, opts({ retry }));
      assert.equal(httpExchange.status, 503);
      assert.equal(srv.requests.length, 3);
      assert.deepEqual(
        httpExchange.attempts.map((a) => a.retried),
        [true, true, false],
      );
    });
  });

  test('a cap that counts HTTP attempts refuses a retry: no more is sent than it allows', async () => {
    await withServer({ mode: 'status-then-valid', status: 503, times: 10 }, async (srv, url) => {
      let budget = 1; // the exchange's first attempt is taken before it is sent; one retry is left
      const httpExchange = await postXml(url, REQ, { ...opts({ retry: { retries: 5, backoffMs: 1 } }), mayRetry: () => budget-- > 0 });
      assert.equal(httpExchange.status, 503);
      assert.equal(srv.requests.length, 2, 'one retry, as the cap allowed, not five');
      assert.equal(httpExchange.attempts.length, 2);
    });
  });

  for (const status of [200, 400, 404, 500]) {
    test(`HTTP ${status} is never retried`, async () => {
      await withServer({ mode: 'status', status }, async (srv, url) => {
        const httpExchange = await postXml(url, REQ, opts({ retry: { retries: 3, backoffMs: 1 } }));
        assert.equal(httpExchange.status, status);
        assert.equal(srv.requests.length, 1);
        assert.equal(httpExchange.attempts.length, 1);
      });
    });
  }

  test("the run's breaker counts HTTP attempts: retries stop once it trips", async () => {
    await withServer('reset', async (srv, url) => {
      let failures = 0;
      const breaker = {
        stoppedAnswering: () => (failures >= 2 ? 'the gateway stopped answering after 2 consecutive transport failures' : undefined),
        noteOutcome: (f: unknown) => void (failures = f ? failures + 1 : 0),
      };
      const transportError = await rejects(postXml(url, REQ, { ...opts({ retry: { retries: 5, backoffMs: 1 } }), breaker }));
      assert.equal(transportError.kind, 'reset');
      assert.equal(srv.requests.length, 2, 'not six: each failed attempt counted');
      assert.equal(failures, 2, 'each attempt counted once');
    });
  });

  test('reset is retried, then reported with every attempt', async () => {
    await withServer('reset', async (srv, url) => {
      const transportError = await rejects(postXml(url, REQ, opts({ retry: { retries: 1, backoffMs: 10 } })));
      assert.equal(transportError.kind, 'reset');
      assert.equal(srv.requests.length, 2);
      assert.deepEqual(
        transportError.attempts.map((a) => [a.outcome, a.retried]),
        [
          ['reset', true],
          ['reset', false],
        ],
      );
      assert.match(transportError.message, /\[2 attempts: reset, reset\]$/);
    });
  });

  test('a timeout is retried, then the second attempt succeeds', async () => {
    let n = 0;
    await withServer(
      (_req, res) => {
        if (++n === 1) return; // hang the first time
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end('<ok/>');
      },
      async (_srv, url) => {
        const httpExchange = await postXml(
          url,
          REQ,
          opts({ retry: { retries: 1, backoffMs: 10 }, limits: { ...LIMITS, requestTimeoutMs: 1000 } }),
        );
        assert.equal(httpExchange.status, 200);
        assert.deepEqual(
          httpExchange.attempts.map((a) => a.outcome),
          ['timeout', 'HTTP 200'],
        );
      },
    );
  });

  test('DNS, TLS and too-large failures are never retried', async () => {
    const transportError = await rejects(postXml('http://ota-gateway.invalid/x', REQ, opts({ retry })));
    assert.equal(transportError.kind, 'dns');
    assert.equal(transportError.attempts.length, 1);
    await withServer('endless', async (srv, url) => {
      const e2 = await rejects(postXml(url, REQ, opts({ retry })));
      assert.equal(e2.kind, 'too-large');
      assert.equal(srv.requests.length, 1);
    });
  });

  test('non-idempotent operations retry only what surely never reached the gateway', async () => {
    await withServer({ mode: 'status-then-valid', status: 504, times: 1 }, async (srv, url) => {
      const httpExchange = await postXml(url, REQ, opts({ retry, idempotent: false }));
      assert.equal(httpExchange.status, 504, 'a 504 may hide a committed booking');
      assert.equal(srv.requests.length, 1);
    });
    await withServer('reset', async (srv, url) => {
      await rejects(postXml(url, REQ, opts({ retry, idempotent: false })));
      assert.equal(srv.requests.length, 1);
    });
    await withServer({ mode: 'status-then-valid', status: 503, times: 1 }, async (srv, url) => {
      const httpExchange = await postXml(url, REQ, opts({ retry, idempotent: false }));
      assert.equal(httpExchange.status, 200);
      assert.equal(srv.requests.length, 2);
    });
  });
});
