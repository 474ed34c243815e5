// One attempt of an exchange (src/transport/attempt.ts): every bound (time, size, connection, TLS)
// holds, and each failure is classified and said clearly.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { closeTransport } from '../../../src/transport/agents';
import { postXml } from '../../../src/transport/post-xml';
import { closedPort, LIMITS, opts, rejects, REQ, SHORT, withServer } from '../../support/transport';

after(() => closeTransport());

describe('postXml: bounds', () => {
  test('a server that never answers fails with the operation, URL and requestTimeoutMs', async () => {
    await withServer('hang', async (_s, url) => {
      const t0 = Date.now();
      const transportError = await rejects(postXml(url, REQ, opts({ limits: SHORT })));
      const ms = Date.now() - t0;
      assert.equal(transportError.kind, 'timeout');
      assert.equal(transportError.limit, 'requestTimeoutMs=600');
      assert.equal(transportError.message, `hotelavailability: no complete reply from ${url} within requestTimeoutMs=600 ms`);
      // not before the limit; the upper bound only says it did not hang (the kind says which limit fired)
      assert.ok(ms >= 550 && ms < 15_000, `took ${ms} ms`);
      assert.equal(transportError.attempts.length, 1);
    });
  });

  test('headers then a stalled body fails within the request timeout', async () => {
    await withServer('stall-after-headers', async (_s, url) => {
      const t0 = Date.now();
      const transportError = await rejects(postXml(url, REQ, opts({ limits: SHORT })));
      assert.equal(transportError.kind, 'timeout');
      assert.match(transportError.message, /hotelavailability: .*requestTimeoutMs=600/);
      assert.ok(Date.now() - t0 < 15_000);
    });
  });

  test('an endless body is cut as soon as maxReplyBytes is exceeded (bounded memory)', async (testContext) => {
    await withServer('endless', async (srv, url) => {
      const heapBefore = process.memoryUsage().arrayBuffers;
      const t0 = Date.now();
      const transportError = await rejects(postXml(url, REQ, opts()));
      const ms = Date.now() - t0;
      assert.equal(transportError.kind, 'too-large');
      assert.equal(transportError.limit, `maxReplyBytes=${LIMITS.maxReplyBytes}`);
      assert.match(transportError.message, new RegExp(`^hotelavailability: reply from ${url} is larger than maxReplyBytes=262144 bytes`));
      // read at most the limit plus one network chunk (64 KiB)
      assert.ok(
        transportError.bytesRead > LIMITS.maxReplyBytes && transportError.bytesRead <= LIMITS.maxReplyBytes + 64 * 1024,
        `read ${transportError.bytesRead}`,
      );
      // the connection is closed: the server stops writing
      for (let i = 0; i < 50 && srv.abortedResponses === 0; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(srv.abortedResponses, 1, 'server saw the connection close');
      const written = srv.bytesWritten;
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(srv.bytesWritten, written, 'server no longer writing');
      testContext.diagnostic(
        `endless body: client read ${transportError.bytesRead} B, server wrote ${written} B before the close, ${ms} ms, arrayBuffers delta ${process.memoryUsage().arrayBuffers - heapBefore} B`,
      );
    });
  });

  test('a declared Content-Length over the limit is refused without reading', async () => {
    await withServer({ mode: 'huge', bytes: 50 * 1024 * 1024 }, async (_s, url) => {
      const transportError = await rejects(postXml(url, REQ, opts()));
      assert.equal(transportError.kind, 'too-large');
      assert.equal(transportError.bytesRead, 0);
    });
  });

  test('connection refused is reported fast and clearly', async (testContext) => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/hotelavailability`;
    const t0 = Date.now();
    const transportError = await rejects(postXml(url, REQ, opts()));
    const ms = Date.now() - t0;
    assert.equal(transportError.kind, 'refused');
    assert.equal(transportError.message, `hotelavailability: connection to ${url} refused (nothing listens at 127.0.0.1:${port})`);
    assert.ok(ms < 10_000, `took ${ms} ms`);
    testContext.diagnostic(`refused detected in ${ms} ms`);
  });

  test('an unknown host (.invalid) is a DNS failure, detected fast', async (testContext) => {
    const url = 'http://ota-gateway.invalid/hotelavailability';
    const t0 = Date.now();
    const transportError = await rejects(postXml(url, REQ, opts()));
    const ms = Date.now() - t0;
    assert.equal(transportError.kind, 'dns', transportError.message);
    assert.match(
      transportError.message,
      /^hotelavailability: cannot resolve the host name of http:\/\/ota-gateway\.invalid\/hotelavailability/,
    );
    assert.ok(ms < 15_000, `took ${ms} ms`);
    testContext.diagnostic(`DNS failure detected in ${ms} ms`);
  });

  test('reset and close without reply are "reset"', async () => {
    for (const mode of ['reset', 'close'] as const) {
      await withServer(mode, async (_s, url) => {
        const transportError = await rejects(postXml(url, REQ, opts()));
        assert.equal(transportError.kind, 'reset', `${mode}: ${transportError.message}`);
        assert.match(transportError.message, new RegExp(`^hotelavailability: connection to ${url} was closed or reset`));
      });
    }
  });

  test('https against a plain HTTP server is a TLS failure', async () => {
    await withServer('valid', async (srv) => {
      const url = `${srv.url.replace('http:', 'https:')}/hotelavailability`;
      const transportError = await rejects(postXml(url, REQ, opts()));
      assert.equal(transportError.kind, 'tls', transportError.message);
      assert.match(
        transportError.message,
        /TLS handshake with https:\/\/127\.0\.0\.1:\d+\/hotelavailability failed .*http:\/\/ versus https:\/\//,
      );
    });
  });

  test('a TLS handshake that never completes is a connect timeout', async () => {
    // accepts TCP, never speaks: undici counts the TLS handshake in the connect phase
    const silent = net.createServer(() => undefined);
    const sockets: net.Socket[] = [];
    silent.on('connection', (s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const url = `https://127.0.0.1:${(silent.address() as net.AddressInfo).port}/hotelavailability`;
    try {
      const t0 = Date.now();
      const transportError = await rejects(
        postXml(url, REQ, opts({ limits: { ...LIMITS, connectTimeoutMs: 300, requestTimeoutMs: 4000 } })),
      );
      assert.equal(transportError.kind, 'connect-timeout', transportError.message);
      assert.equal(transportError.limit, 'connectTimeoutMs=300');
      assert.equal(transportError.message, `hotelavailability: could not connect to ${url} within connectTimeoutMs=300 ms`);
      // the kind says the connect timer fired, not the request timeout; this only says it did not hang
      assert.ok(Date.now() - t0 < 15_000);
    } finally {
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  test('invalid limits are rejected before any request', async () => {
    await assert.rejects(postXml('http://127.0.0.1:1/', REQ, opts({ limits: { ...LIMITS, maxReplyBytes: 0 } })), RangeError);
  });
});
