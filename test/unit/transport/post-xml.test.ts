// The POST to the gateway (src/transport/post-xml.ts): a normal reply returned as data whatever its
// status, and a body sent with a Content-Encoding decoded once, bounded like the bytes read.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTransport } from '../../../src/transport/agents';
import { DEFAULT_LIMITS, DEFAULT_RETRY } from '../../../src/transport/limits';
import { postXml } from '../../../src/transport/post-xml';
import * as zlib from 'node:zlib';
import { DEFAULT_MAX_DECODED_BYTES, decodeReplyBody, inspectReplyBody } from '../../../src/transport/reply-body';
import { ReplyDecodingError } from '../../../src/transport/reply-decoding-error';
import { validReply, type Behaviour } from '../../support/hostile-server';
import { LIMITS, opts, rejects, REQ, withServer } from '../../support/transport';

after(() => closeTransport());

describe('postXml: normal replies', () => {
  test('defaults are connect 5 s, request 30 s, 5 MiB, retries off', () => {
    assert.deepEqual({ ...DEFAULT_LIMITS }, { connectTimeoutMs: 5000, requestTimeoutMs: 30000, maxReplyBytes: 5 * 1024 * 1024 });
    assert.equal(DEFAULT_RETRY.retries, 0);
    assert.equal(DEFAULT_MAX_DECODED_BYTES, DEFAULT_LIMITS.maxReplyBytes, 'the decoder bounds decoded content as the transport does');
  });

  test('sends application/xml utf-8 without Accept-Encoding and returns status, lower-case headers and raw body', async () => {
    await withServer('valid', async (srv, url) => {
      const httpExchange = await postXml(url, REQ.replace('/>', '>Zürich</OTA_HotelAvailRQ>'), opts({ headers: { 'X-Trace': 't1' } }));
      assert.equal(httpExchange.status, 200);
      assert.equal(httpExchange.headers['content-type'], 'application/xml; charset=utf-8');
      assert.match(httpExchange.body.toString('utf8'), /<OTA_HotelAvailRS /);
      assert.equal(httpExchange.operation, 'hotelavailability');
      assert.equal(httpExchange.url, url);
      assert.equal(httpExchange.attempts.length, 1);
      assert.equal(httpExchange.attempts[0].outcome, 'HTTP 200');
      assert.equal(httpExchange.attempts[0].retried, false);
      const got = srv.requests[0];
      assert.equal(got.method, 'POST');
      assert.equal(got.headers['content-type'], 'application/xml; charset=utf-8');
      assert.equal(got.headers['accept-encoding'], undefined, 'must not ask for compression');
      assert.equal(got.headers['x-trace'], 't1');
      assert.match(got.body, /Zürich/);
      assert.equal(httpExchange.request.headers['content-type'], 'application/xml; charset=utf-8');
    });
  });

  test('a 500 and a 404 are returned as data, not thrown', async () => {
    await withServer('http-500', async (_srv, url) => {
      const httpExchange = await postXml(url, REQ, opts());
      assert.equal(httpExchange.status, 500);
      assert.match(httpExchange.body.toString(), /Internal error/);
    });
    await withServer({ mode: 'status', status: 404, body: 'no such path', contentType: 'text/plain' }, async (_s, url) => {
      assert.equal((await postXml(url, REQ, opts())).status, 404);
    });
  });

  test('a reply just under the size limit is read completely', async () => {
    await withServer({ mode: 'huge', bytes: LIMITS.maxReplyBytes }, async (_s, url) => {
      const httpExchange = await postXml(url, REQ, opts());
      assert.equal(httpExchange.body.length, LIMITS.maxReplyBytes);
    });
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
        const httpExchange = await postXml(url, REQ, opts());
        assert.equal(srv.requests[0].headers['accept-encoding'], undefined, 'must not ask for compression');
        assert.equal(httpExchange.headers['content-encoding'], ce, 'the headers stay as the gateway sent them');
        assert.equal(httpExchange.body.toString('utf8'), xml, `${ce}: the body is the decoded content (what the evidence shows)`);
        assert.deepEqual(httpExchange.contentCoding, { codings: [ce], wireBytes: body.length });
        // what exchange.ts does next: the decoder must not try to undo the coding a second time
        assert.equal(decodeReplyBody(httpExchange.headers, httpExchange.body), xml, ce);
        assert.deepEqual(inspectReplyBody(httpExchange.headers, httpExchange.body).contentCodings, [ce]);
      });
    }
  });

  test('a decompression bomb stops at maxReplyBytes as too-large, without inflating it', async (testContext) => {
    const member = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20)); // 16 MiB of spaces, about 16 KiB
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member)); // 1 GiB once inflated, about 1 MiB sent
    const limits = { ...LIMITS, maxReplyBytes: 2 * 1024 * 1024 };
    assert.ok(bomb.length < limits.maxReplyBytes);
    await withServer(raw({ 'content-encoding': 'gzip' }, bomb), async (_srv, url) => {
      const before = process.memoryUsage().arrayBuffers;
      const t0 = Date.now();
      const transportError = await rejects(postXml(url, REQ, opts({ limits, retry: { retries: 2, backoffMs: 1 } })));
      const ms = Date.now() - t0;
      const delta = process.memoryUsage().arrayBuffers - before;
      assert.equal(transportError.kind, 'too-large');
      assert.equal(transportError.limit, `maxReplyBytes=${limits.maxReplyBytes}`);
      assert.equal(transportError.attempts.length, 1, 'never retried');
      assert.equal(transportError.bytesRead, bomb.length);
      assert.equal(
        transportError.message,
        `hotelavailability: reply from ${url} is larger than maxReplyBytes=2097152 bytes once its Content-Encoding (gzip) is decoded; decompression stopped at the limit (${bomb.length} bytes read)`,
      );
      assert.ok(delta < 256 * 1024 * 1024, `arrayBuffers grew by ${delta} B`);
      testContext.diagnostic(`gzip bomb of ${bomb.length} B: stopped in ${ms} ms, arrayBuffers delta ${delta} B`);
    });
  });

  test('a coding that cannot be undone leaves the body as sent, and the decoder says why', async () => {
    for (const [ce, body, why] of [
      ['gzip', Buffer.from(xml), /Content-Encoding: gzip, but its body is not valid gzip data/],
      ['compress', Buffer.from('\u001f\u009dabc', 'latin1'), /"compress" is not a content coding the suite can decode/],
    ] as const) {
      await withServer(raw({ 'content-encoding': ce }, body), async (_srv, url) => {
        const httpExchange = await postXml(url, REQ, opts());
        assert.equal(httpExchange.status, 200);
        assert.deepEqual(httpExchange.body, body);
        assert.equal(httpExchange.contentCoding, undefined);
        assert.throws(
          () => decodeReplyBody(httpExchange.headers, httpExchange.body),
          (e: unknown) => e instanceof ReplyDecodingError && e.reason === 'compressed' && why.test(e.message),
        );
      });
    }
  });

  test('a compressed body without Content-Encoding is kept as sent (a finding of the decoder)', async () => {
    const gz = zlib.gzipSync(xml);
    await withServer(raw({}, gz), async (_srv, url) => {
      const httpExchange = await postXml(url, REQ, opts());
      assert.deepEqual(httpExchange.body, gz);
      assert.equal(httpExchange.contentCoding, undefined);
      assert.throws(() => decodeReplyBody(httpExchange.headers, httpExchange.body), /gzip-compressed without a Content-Encoding header/);
    });
  });
});
