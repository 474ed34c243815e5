import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { closeTransport } from '../../../src/transport/agents';
import { DEFAULT_LIMITS, DEFAULT_RETRY, type TransportLimits } from '../../../src/transport/limits';
import { postXml, type PostOptions } from '../../../src/transport/post-xml';
import { checkReachable } from '../../../src/transport/reachability';
import { TransportError } from '../../../src/transport/transport-error';
import * as zlib from 'node:zlib';
import { DEFAULT_MAX_DECODED_BYTES, decodeReplyBody, inspectReplyBody } from '../../../src/transport/reply-body';
import { ReplyDecodingError } from '../../../src/transport/reply-decoding-error';
import { startHostileServer, validReply, type Behaviour, type RunningServer } from '../../support/hostile-server';

// Generous bounds for replies that should succeed (a loaded CI machine must not flake them);
// SHORT for the tests that wait for a timeout on purpose.
const LIMITS: TransportLimits = { connectTimeoutMs: 2000, requestTimeoutMs: 5000, maxReplyBytes: 256 * 1024 };
const SHORT: TransportLimits = { ...LIMITS, requestTimeoutMs: 600 };
const REQ = '<OTA_HotelAvailRQ xmlns="http://www.opentravel.org/OTA/2003/05" Version="2008.1"/>';
const opts = (o: Partial<PostOptions> = {}): PostOptions => ({
  operation: 'hotelavailability',
  limits: LIMITS,
  retry: DEFAULT_RETRY,
  ...o,
});

after(() => closeTransport());

async function withServer<T>(b: Behaviour, fn: (srv: RunningServer, url: string) => Promise<T>): Promise<T> {
  const srv = await startHostileServer(b);
  try {
    return await fn(srv, `${srv.url}/hotelavailability`);
  } finally {
    await srv.close();
  }
}

async function rejects(p: Promise<unknown>): Promise<TransportError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof TransportError, `expected TransportError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected a TransportError');
}

/** A port on 127.0.0.1 where nothing listens (bound and released). */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('postXml: normal replies', () => {
  test('defaults are connect 5 s, request 30 s, 5 MiB, retries off', () => {
    assert.deepEqual({ ...DEFAULT_LIMITS }, { connectTimeoutMs: 5000, requestTimeoutMs: 30000, maxReplyBytes: 5 * 1024 * 1024 });
    assert.equal(DEFAULT_RETRY.retries, 0);
    assert.equal(DEFAULT_MAX_DECODED_BYTES, DEFAULT_LIMITS.maxReplyBytes, 'the decoder bounds decoded content as the transport does');
  });

  test('sends application/xml utf-8 without Accept-Encoding and returns status, lower-case headers and raw body', async () => {
    await withServer('valid', async (srv, url) => {
      const x = await postXml(url, REQ.replace('/>', '>Zürich</OTA_HotelAvailRQ>'), opts({ headers: { 'X-Trace': 't1' } }));
      assert.equal(x.status, 200);
      assert.equal(x.headers['content-type'], 'application/xml; charset=utf-8');
      assert.match(x.body.toString('utf8'), /<OTA_HotelAvailRS /);
      assert.equal(x.operation, 'hotelavailability');
      assert.equal(x.url, url);
      assert.equal(x.attempts.length, 1);
      assert.equal(x.attempts[0].outcome, 'HTTP 200');
      assert.equal(x.attempts[0].retried, false);
      const got = srv.requests[0];
      assert.equal(got.method, 'POST');
      assert.equal(got.headers['content-type'], 'application/xml; charset=utf-8');
      assert.equal(got.headers['accept-encoding'], undefined, 'must not ask for compression');
      assert.equal(got.headers['x-trace'], 't1');
      assert.match(got.body, /Zürich/);
      assert.equal(x.request.headers['content-type'], 'application/xml; charset=utf-8');
    });
  });

  test('a 500 and a 404 are returned as data, not thrown', async () => {
    await withServer('http-500', async (_srv, url) => {
      const x = await postXml(url, REQ, opts());
      assert.equal(x.status, 500);
      assert.match(x.body.toString(), /Internal error/);
    });
    await withServer({ mode: 'status', status: 404, body: 'no such path', contentType: 'text/plain' }, async (_s, url) => {
      assert.equal((await postXml(url, REQ, opts())).status, 404);
    });
  });

  test('a reply just under the size limit is read completely', async () => {
    await withServer({ mode: 'huge', bytes: LIMITS.maxReplyBytes }, async (_s, url) => {
      const x = await postXml(url, REQ, opts());
      assert.equal(x.body.length, LIMITS.maxReplyBytes);
    });
  });
});

describe('postXml: bounds', () => {
  test('a server that never answers fails with the operation, URL and requestTimeoutMs', async () => {
    await withServer('hang', async (_s, url) => {
      const t0 = Date.now();
      const e = await rejects(postXml(url, REQ, opts({ limits: SHORT })));
      const ms = Date.now() - t0;
      assert.equal(e.kind, 'timeout');
      assert.equal(e.limit, 'requestTimeoutMs=600');
      assert.equal(e.message, `hotelavailability: no complete reply from ${url} within requestTimeoutMs=600 ms`);
      // not before the limit; the upper bound only says it did not hang (the kind says which limit fired)
      assert.ok(ms >= 550 && ms < 15_000, `took ${ms} ms`);
      assert.equal(e.attempts.length, 1);
    });
  });

  test('headers then a stalled body fails within the request timeout', async () => {
    await withServer('stall-after-headers', async (_s, url) => {
      const t0 = Date.now();
      const e = await rejects(postXml(url, REQ, opts({ limits: SHORT })));
      assert.equal(e.kind, 'timeout');
      assert.match(e.message, /hotelavailability: .*requestTimeoutMs=600/);
      assert.ok(Date.now() - t0 < 15_000);
    });
  });

  test('an endless body is cut as soon as maxReplyBytes is exceeded (bounded memory)', async (t) => {
    await withServer('endless', async (srv, url) => {
      const heapBefore = process.memoryUsage().arrayBuffers;
      const t0 = Date.now();
      const e = await rejects(postXml(url, REQ, opts()));
      const ms = Date.now() - t0;
      assert.equal(e.kind, 'too-large');
      assert.equal(e.limit, `maxReplyBytes=${LIMITS.maxReplyBytes}`);
      assert.match(e.message, new RegExp(`^hotelavailability: reply from ${url} is larger than maxReplyBytes=262144 bytes`));
      // read at most the limit plus one network chunk (64 KiB)
      assert.ok(e.bytesRead > LIMITS.maxReplyBytes && e.bytesRead <= LIMITS.maxReplyBytes + 64 * 1024, `read ${e.bytesRead}`);
      // the connection is closed: the server stops writing
      for (let i = 0; i < 50 && srv.abortedResponses === 0; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(srv.abortedResponses, 1, 'server saw the connection close');
      const written = srv.bytesWritten;
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(srv.bytesWritten, written, 'server no longer writing');
      t.diagnostic(
        `endless body: client read ${e.bytesRead} B, server wrote ${written} B before the close, ${ms} ms, arrayBuffers delta ${process.memoryUsage().arrayBuffers - heapBefore} B`,
      );
    });
  });

  test('a declared Content-Length over the limit is refused without reading', async () => {
    await withServer({ mode: 'huge', bytes: 50 * 1024 * 1024 }, async (_s, url) => {
      const e = await rejects(postXml(url, REQ, opts()));
      assert.equal(e.kind, 'too-large');
      assert.equal(e.bytesRead, 0);
    });
  });

  test('connection refused is reported fast and clearly', async (t) => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/hotelavailability`;
    const t0 = Date.now();
    const e = await rejects(postXml(url, REQ, opts()));
    const ms = Date.now() - t0;
    assert.equal(e.kind, 'refused');
    assert.equal(e.message, `hotelavailability: connection to ${url} refused (nothing listens at 127.0.0.1:${port})`);
    assert.ok(ms < 10_000, `took ${ms} ms`);
    t.diagnostic(`refused detected in ${ms} ms`);
  });

  test('an unknown host (.invalid) is a DNS failure, detected fast', async (t) => {
    const url = 'http://ota-gateway.invalid/hotelavailability';
    const t0 = Date.now();
    const e = await rejects(postXml(url, REQ, opts()));
    const ms = Date.now() - t0;
    assert.equal(e.kind, 'dns', e.message);
    assert.match(e.message, /^hotelavailability: cannot resolve the host name of http:\/\/ota-gateway\.invalid\/hotelavailability/);
    assert.ok(ms < 15_000, `took ${ms} ms`);
    t.diagnostic(`DNS failure detected in ${ms} ms`);
  });

  test('reset and close without reply are "reset"', async () => {
    for (const mode of ['reset', 'close'] as const) {
      await withServer(mode, async (_s, url) => {
        const e = await rejects(postXml(url, REQ, opts()));
        assert.equal(e.kind, 'reset', `${mode}: ${e.message}`);
        assert.match(e.message, new RegExp(`^hotelavailability: connection to ${url} was closed or reset`));
      });
    }
  });

  test('https against a plain HTTP server is a TLS failure', async () => {
    await withServer('valid', async (srv) => {
      const url = `${srv.url.replace('http:', 'https:')}/hotelavailability`;
      const e = await rejects(postXml(url, REQ, opts()));
      assert.equal(e.kind, 'tls', e.message);
      assert.match(e.message, /TLS handshake with https:\/\/127\.0\.0\.1:\d+\/hotelavailability failed .*http:\/\/ versus https:\/\//);
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
      const e = await rejects(postXml(url, REQ, opts({ limits: { ...LIMITS, connectTimeoutMs: 300, requestTimeoutMs: 4000 } })));
      assert.equal(e.kind, 'connect-timeout', e.message);
      assert.equal(e.limit, 'connectTimeoutMs=300');
      assert.equal(e.message, `hotelavailability: could not connect to ${url} within connectTimeoutMs=300 ms`);
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

describe('postXml: content codings (RFC 9110 §12.5.3: no Accept-Encoding accepts any coding)', () => {
  const xml = validReply();
  const raw = (headers: Record<string, string>, body: Buffer): Behaviour => ({
    mode: 'raw',
    headers: { 'content-type': 'application/xml; charset=utf-8', 'content-length': String(body.length), ...headers },
    body,
  });

  test('gzip, x-gzip, deflate and br replies are decoded once; headers as sent; no Accept-Encoding sent', async () => {
    const cases: [string, Buffer][] = [
      ['gzip', zlib.gzipSync(xml)],
      ['x-gzip', zlib.gzipSync(xml)],
      ['deflate', zlib.deflateSync(xml)],
      ['br', zlib.brotliCompressSync(xml)],
    ];
    for (const [ce, body] of cases) {
      await withServer(raw({ 'content-encoding': ce }, body), async (srv, url) => {
        const x = await postXml(url, REQ, opts());
        assert.equal(srv.requests[0].headers['accept-encoding'], undefined, 'must not ask for compression');
        assert.equal(x.headers['content-encoding'], ce, 'the headers stay as the gateway sent them');
        assert.equal(x.body.toString('utf8'), xml, `${ce}: the body is the decoded content (what the evidence shows)`);
        assert.deepEqual(x.contentCoding, { codings: [ce], wireBytes: body.length });
        // what exchange.ts does next: the decoder must not try to undo the coding a second time
        assert.equal(decodeReplyBody(x.headers, x.body), xml, ce);
        assert.deepEqual(inspectReplyBody(x.headers, x.body).contentCodings, [ce]);
      });
    }
  });

  test('a decompression bomb stops at maxReplyBytes as too-large, without inflating it', async (t) => {
    const member = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20)); // 16 MiB of spaces, about 16 KiB
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member)); // 1 GiB once inflated, about 1 MiB sent
    const limits = { ...LIMITS, maxReplyBytes: 2 * 1024 * 1024 };
    assert.ok(bomb.length < limits.maxReplyBytes);
    await withServer(raw({ 'content-encoding': 'gzip' }, bomb), async (_srv, url) => {
      const before = process.memoryUsage().arrayBuffers;
      const t0 = Date.now();
      const e = await rejects(postXml(url, REQ, opts({ limits, retry: { retries: 2, backoffMs: 1 } })));
      const ms = Date.now() - t0;
      const delta = process.memoryUsage().arrayBuffers - before;
      assert.equal(e.kind, 'too-large');
      assert.equal(e.limit, `maxReplyBytes=${limits.maxReplyBytes}`);
      assert.equal(e.attempts.length, 1, 'never retried');
      assert.equal(e.bytesRead, bomb.length);
      assert.equal(
        e.message,
        `hotelavailability: reply from ${url} is larger than maxReplyBytes=2097152 bytes once its Content-Encoding (gzip) is decoded; decompression stopped at the limit (${bomb.length} bytes read)`,
      );
      assert.ok(delta < 256 * 1024 * 1024, `arrayBuffers grew by ${delta} B`);
      t.diagnostic(`gzip bomb of ${bomb.length} B: stopped in ${ms} ms, arrayBuffers delta ${delta} B`);
    });
  });

  test('a coding that cannot be undone leaves the body as sent, and the decoder says why', async () => {
    for (const [ce, body, why] of [
      ['gzip', Buffer.from(xml), /Content-Encoding: gzip, but its body is not valid gzip data/],
      ['compress', Buffer.from('\u001f\u009dabc', 'latin1'), /"compress" is not a content coding the suite can decode/],
    ] as const) {
      await withServer(raw({ 'content-encoding': ce }, body), async (_srv, url) => {
        const x = await postXml(url, REQ, opts());
        assert.equal(x.status, 200);
        assert.deepEqual(x.body, body);
        assert.equal(x.contentCoding, undefined);
        assert.throws(
          () => decodeReplyBody(x.headers, x.body),
          (e: unknown) => e instanceof ReplyDecodingError && e.reason === 'compressed' && why.test(e.message),
        );
      });
    }
  });

  test('a compressed body without Content-Encoding is kept as sent (a finding of the decoder)', async () => {
    const gz = zlib.gzipSync(xml);
    await withServer(raw({}, gz), async (_srv, url) => {
      const x = await postXml(url, REQ, opts());
      assert.deepEqual(x.body, gz);
      assert.equal(x.contentCoding, undefined);
      assert.throws(() => decodeReplyBody(x.headers, x.body), /gzip-compressed without a Content-Encoding header/);
    });
  });
});

describe('postXml: retries', () => {
  const retry = { retries: 2, backoffMs: 10 };

  test('off by default: a 503 is returned after one attempt', async () => {
    await withServer({ mode: 'status-then-valid', status: 503, times: 1 }, async (srv, url) => {
      const x = await postXml(url, REQ, opts());
      assert.equal(x.status, 503);
      assert.equal(srv.requests.length, 1);
    });
  });

  for (const status of [502, 503, 504]) {
    test(`HTTP ${status} is retried when enabled, and every attempt is recorded`, async () => {
      await withServer({ mode: 'status-then-valid', status, times: 2 }, async (srv, url) => {
        const x = await postXml(url, REQ, opts({ retry }));
        assert.equal(x.status, 200);
        assert.equal(srv.requests.length, 3);
        assert.deepEqual(
          x.attempts.map((a) => [a.outcome, a.retried]),
          [
            [`HTTP ${status}`, true],
            [`HTTP ${status}`, true],
            ['HTTP 200', false],
          ],
        );
        for (const a of x.attempts) assert.ok(!Number.isNaN(Date.parse(a.startedAt)) && a.durationMs >= 0);
      });
    });
  }

  test('retries are bounded: still 503 after retries → the 503 is returned with all attempts', async () => {
    await withServer({ mode: 'status-then-valid', status: 503, times: 10 }, async (srv, url) => {
      const x = await postXml(url, REQ, opts({ retry }));
      assert.equal(x.status, 503);
      assert.equal(srv.requests.length, 3);
      assert.deepEqual(
        x.attempts.map((a) => a.retried),
        [true, true, false],
      );
    });
  });

  for (const status of [200, 400, 404, 500]) {
    test(`HTTP ${status} is never retried`, async () => {
      await withServer({ mode: 'status', status }, async (srv, url) => {
        const x = await postXml(url, REQ, opts({ retry: { retries: 3, backoffMs: 1 } }));
        assert.equal(x.status, status);
        assert.equal(srv.requests.length, 1);
        assert.equal(x.attempts.length, 1);
      });
    });
  }

  test('reset is retried, then reported with every attempt', async () => {
    await withServer('reset', async (srv, url) => {
      const e = await rejects(postXml(url, REQ, opts({ retry: { retries: 1, backoffMs: 10 } })));
      assert.equal(e.kind, 'reset');
      assert.equal(srv.requests.length, 2);
      assert.deepEqual(
        e.attempts.map((a) => [a.outcome, a.retried]),
        [
          ['reset', true],
          ['reset', false],
        ],
      );
      assert.match(e.message, /\[2 attempts: reset, reset\]$/);
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
        const x = await postXml(url, REQ, opts({ retry: { retries: 1, backoffMs: 10 }, limits: { ...LIMITS, requestTimeoutMs: 1000 } }));
        assert.equal(x.status, 200);
        assert.deepEqual(
          x.attempts.map((a) => a.outcome),
          ['timeout', 'HTTP 200'],
        );
      },
    );
  });

  test('DNS, TLS and too-large failures are never retried', async () => {
    const e = await rejects(postXml('http://ota-gateway.invalid/x', REQ, opts({ retry })));
    assert.equal(e.kind, 'dns');
    assert.equal(e.attempts.length, 1);
    await withServer('endless', async (srv, url) => {
      const e2 = await rejects(postXml(url, REQ, opts({ retry })));
      assert.equal(e2.kind, 'too-large');
      assert.equal(srv.requests.length, 1);
    });
  });

  test('non-idempotent operations retry only what surely never reached the gateway', async () => {
    await withServer({ mode: 'status-then-valid', status: 504, times: 1 }, async (srv, url) => {
      const x = await postXml(url, REQ, opts({ retry, idempotent: false }));
      assert.equal(x.status, 504, 'a 504 may hide a committed booking');
      assert.equal(srv.requests.length, 1);
    });
    await withServer('reset', async (srv, url) => {
      await rejects(postXml(url, REQ, opts({ retry, idempotent: false })));
      assert.equal(srv.requests.length, 1);
    });
    await withServer({ mode: 'status-then-valid', status: 503, times: 1 }, async (srv, url) => {
      const x = await postXml(url, REQ, opts({ retry, idempotent: false }));
      assert.equal(x.status, 200);
      assert.equal(srv.requests.length, 2);
    });
  });
});

describe('preflight: checkReachable', () => {
  test('any HTTP status counts as reachable', async () => {
    await withServer('http-500', async (srv) => {
      const r = await checkReachable(srv.url, LIMITS);
      assert.equal(r.reachable, true);
      assert.ok(r.reachable && r.status === 500);
      assert.equal(srv.requests[0].method, 'GET');
    });
  });

  test('refused: one clear message with the URL and the whitelisting note', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const r = await checkReachable(url, LIMITS);
    assert.equal(r.reachable, false);
    assert.ok(!r.reachable);
    assert.equal(r.kind, 'refused');
    assert.match(r.message, new RegExp(`${url} cannot be reached - the connection was refused`));
    assert.match(r.message, /only accepts requests from whitelisted IP addresses/);
    assert.match(r.message, /whitelist this machine's public IP address/);
    assert.doesNotMatch(r.message, /\n/, 'one paragraph');
  });

  test('DNS failure and a silent server are reported as such', async () => {
    const dns = await checkReachable('http://ota-gateway.invalid', LIMITS);
    assert.ok(!dns.reachable && dns.kind === 'dns' && /host name could not be resolved/.test(dns.message) && /whitelist/.test(dns.message));
    await withServer('hang', async (srv) => {
      const r = await checkReachable(srv.url, SHORT);
      assert.ok(!r.reachable);
      assert.equal(r.kind, 'timeout');
      assert.match(r.message, /sent no HTTP reply within requestTimeoutMs=600 ms/);
    });
  });

  test('TLS failure is reported as such', async () => {
    await withServer('valid', async (srv) => {
      const r = await checkReachable(srv.url.replace('http:', 'https:'), LIMITS);
      assert.ok(!r.reachable && r.kind === 'tls' && /TLS handshake failed/.test(r.message));
    });
  });
});
