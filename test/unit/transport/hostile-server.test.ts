// The hostile server's own modes, end to end through the transport and the reply decoder.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTransport } from '../../../src/transport/agents';
import { DEFAULT_RETRY } from '../../../src/transport/limits';
import { postXml, type PostOptions } from '../../../src/transport/post-xml';
import { decodeReplyBody } from '../../../src/transport/reply-body';
import { ReplyDecodingError } from '../../../src/transport/reply-decoding-error';
import { MASK, Redactor } from '../../../src/safety/masking';
import { billionLaughs, quadraticBlowup, startHostileServer, type Behaviour } from '../../support/hostile-server';
import { disguises, ncrHex } from '../../support/secret-forms';
import { loadXml, XmlDoc } from '../../../src/xml/xml';

const PW = 'Zq9!distinctive-Pw';
const REQ = `<OTA_TourActivityBookRQ xmlns="http://www.opentravel.org/OTA/2003/05" Version="2011.2"><POS><Source><RequestorID Type="88" ID="u" MessagePassword="${PW}"/></Source></POS></OTA_TourActivityBookRQ>`;
const opts: PostOptions = {
  operation: 'activitybook',
  limits: { connectTimeoutMs: 500, requestTimeoutMs: 5000, maxReplyBytes: 1024 * 1024 },
  retry: DEFAULT_RETRY,
};

after(() => closeTransport());

async function roundTrip(behaviour: Behaviour) {
  const srv = await startHostileServer(behaviour);
  try {
    const httpExchange = await postXml(`${srv.url}/activitybook`, REQ, opts);
    return { x: httpExchange, srv };
  } finally {
    await srv.close();
  }
}

describe('hostile server', () => {
  test('valid: an OTA reply whose root matches the request', async () => {
    const { x, srv } = await roundTrip('valid');
    assert.equal(x.status, 200);
    assert.match(
      decodeReplyBody(x.headers, x.body),
      /^<\?xml[^>]*>\n<OTA_TourActivityBookRS xmlns="http:\/\/www\.opentravel\.org\/OTA\/2003\/05" Version="[\d.]+"><Success\/>/,
    );
    assert.equal(srv.requests[0].path, '/activitybook');
  });

  test('echo-everywhere: every disguise in a well-formed body, in headers and in the reason phrase; all masked', async () => {
    const { x } = await roundTrip({ mode: 'echo-everywhere', user: 'u', reason: 'NCR hex' });
    const text = decodeReplyBody(x.headers, x.body);
    const forms = disguises(PW, 'u');
    for (const [name, f] of forms) assert.ok(text.includes(f), `${name} in the body`);
    assert.ok(
      Object.keys(x.headers).filter((h) => h.startsWith('x-echo-')).length >= forms.length - 1,
      'one header per form (but the multi-line one)',
    );
    assert.equal(x.statusText, `Echo ${ncrHex(PW)}`);
    await loadXml();
    XmlDoc.parse(text, 'the echo').dispose(); // well-formed: it reaches the contracts, not only the decoder
    const redactor = new Redactor([PW], { user: 'u' });
    const shown = [
      redactor.maskXml(text),
      redactor.scrub(
        Object.entries(x.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      ),
      redactor.scrub(x.statusText ?? ''),
    ].join('\n');
    assert.deepEqual(redactor.echoes(shown, 'u'), [], shown);
  });

  test('echo-password: the reply carries the password; the Redactor removes it', async () => {
    const { x } = await roundTrip('echo-password');
    const text = decodeReplyBody(x.headers, x.body);
    assert.equal(text.split(PW).length - 1, 3, 'echoed in an attribute, ShortText and text');
    const masked = new Redactor([PW]).maskXml(text);
    assert.ok(!masked.includes(PW));
    assert.ok(masked.includes(`MessagePassword="${MASK}"`));
  });

  const decodingCases: [Behaviour, string][] = [
    ['html-200', 'html'],
    ['empty', 'empty'],
    ['gzip-undeclared', 'compressed'],
    [{ mode: 'compressed', algorithm: 'br' }, 'compressed'],
    ['latin1-declared-utf8', 'encoding'],
  ];
  for (const [b, reason] of decodingCases) {
    test(`${JSON.stringify(b)}: HTTP 200 whose body fails decoding as "${reason}"`, async () => {
      const { x } = await roundTrip(b);
      assert.equal(x.status, 200);
      assert.throws(
        () => decodeReplyBody(x.headers, x.body),
        (e: unknown) => e instanceof ReplyDecodingError && e.reason === reason,
      );
    });
  }

  test('declared compression is decoded by the transport (a request without Accept-Encoding accepts any coding)', async () => {
    const { x } = await roundTrip({ mode: 'compressed', algorithm: 'deflate', declare: true });
    assert.match(decodeReplyBody(x.headers, x.body), /<OTA_TourActivityBookRS /);
  });

  test('entity payloads are served verbatim (small on the wire, never expanded by the server)', async () => {
    for (const [mode, marker] of [
      ['billion-laughs', '<!ENTITY lol9'],
      ['quadratic-blowup', '<!ENTITY a "AAAA'],
      ['doctype-internal-entities', '<!ENTITY greeting'],
      ['external-entity', 'SYSTEM "file:///etc/passwd"'],
    ] as const) {
      const { x } = await roundTrip(mode);
      const text = decodeReplyBody(x.headers, x.body);
      assert.ok(text.includes(marker), mode);
      assert.ok(x.body.length < 400_000, `${mode}: ${x.body.length} bytes`);
    }
    assert.ok(billionLaughs().length < 2000);
    assert.ok(quadraticBlowup(10, 10).includes('&a;&a;'));
  });

  test('status-then-valid counts per server and setBehaviour resets it', async () => {
    const srv = await startHostileServer({ mode: 'status-then-valid', status: 503, times: 1 });
    try {
      const url = `${srv.url}/activitybook`;
      assert.equal((await postXml(url, REQ, opts)).status, 503);
      assert.equal((await postXml(url, REQ, opts)).status, 200);
      srv.setBehaviour({ mode: 'status-then-valid', status: 502, times: 1 });
      assert.equal((await postXml(url, REQ, opts)).status, 502);
      assert.equal(srv.requests.length, 3);
      assert.deepEqual(
        srv.requests.map((r) => r.n),
        [1, 2, 3],
      );
    } finally {
      await srv.close();
    }
  });

  test('close() ends hung connections promptly', async () => {
    const srv = await startHostileServer('hang');
    const pending = postXml(`${srv.url}/activitybook`, REQ, opts).catch((e: Error) => e);
    while (srv.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    const t0 = Date.now();
    await srv.close();
    const e = await pending;
    assert.ok(e instanceof Error && /reset|closed/.test(e.message), String(e));
    // promptly, not at a timeout of the client's: generous for a loaded machine
    assert.ok(Date.now() - t0 < 10_000);
  });

  test('per-request: a mode chosen for each request (GET answered, POST misbehaves)', async () => {
    const srv = await startHostileServer({
      mode: 'per-request',
      choose: (req) =>
        req.method === 'GET' ? { mode: 'status', status: 204, body: '' } : req.path === '/hotelavailability' ? 'http-503' : 'valid',
    });
    try {
      const get = await fetch(`${srv.url}/`);
      assert.equal(get.status, 204);
      assert.equal((await postXml(`${srv.url}/hotelavailability`, REQ, opts)).status, 503);
      const httpExchange = await postXml(`${srv.url}/activitybook`, REQ, opts);
      assert.equal(httpExchange.status, 200);
      assert.match(decodeReplyBody(httpExchange.headers, httpExchange.body), /<OTA_TourActivityBookRS /);
      assert.deepEqual(
        srv.requests.map((r) => `${r.method} ${r.path}`),
        ['GET /', 'POST /hotelavailability', 'POST /activitybook'],
      );
    } finally {
      await srv.close();
    }
  });

  test('a handler function decides the reply', async () => {
    const { x } = await roundTrip((req, res) => {
      res.writeHead(418, { 'content-type': 'text/plain' });
      res.end(`n=${req.n} ${req.method} ${req.headers['content-type']}`);
    });
    assert.equal(x.status, 418);
    assert.equal(x.body.toString(), 'n=1 POST application/xml; charset=utf-8');
  });
});
