// Does the target answer HTTP at all (src/transport/reachability.ts): any status is an answer; a
// refusal, a DNS failure, a silent server and a TLS failure are each said in one message.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTransport } from '../../../src/transport/agents';
import { checkReachable } from '../../../src/transport/reachability';
import { closedPort, LIMITS, SHORT, withServer } from '../../support/transport';

after(() => closeTransport());

describe('preflight: checkReachable', () => {
  test('any HTTP status counts as reachable', async () => {
    await withServer('http-500', async (srv) => {
      const reachability = await checkReachable(srv.url, LIMITS);
      assert.equal(reachability.reachable, true);
      assert.ok(reachability.reachable && reachability.status === 500);
      assert.equal(srv.requests[0].method, 'GET');
    });
  });

  test('refused: one clear message with the URL and the whitelisting note', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const reachability = await checkReachable(url, LIMITS);
    assert.equal(reachability.reachable, false);
    assert.ok(!reachability.reachable);
    assert.equal(reachability.kind, 'refused');
    assert.match(reachability.message, new RegExp(`${url} cannot be reached - the connection was refused`));
    assert.match(reachability.message, /only accepts requests from whitelisted IP addresses/);
    assert.match(reachability.message, /whitelist this machine's public IP address/);
    assert.doesNotMatch(reachability.message, /\n/, 'one paragraph');
  });

  test('DNS failure and a silent server are reported as such', async () => {
    const dns = await checkReachable('http://ota-gateway.invalid', LIMITS);
    assert.ok(!dns.reachable && dns.kind === 'dns' && /host name could not be resolved/.test(dns.message) && /whitelist/.test(dns.message));
    await withServer('hang', async (srv) => {
      const reachability = await checkReachable(srv.url, SHORT);
      assert.ok(!reachability.reachable);
      assert.equal(reachability.kind, 'timeout');
      assert.match(reachability.message, /sent no HTTP reply within requestTimeoutMs=600 ms/);
    });
  });

  test('TLS failure is reported as such', async () => {
    await withServer('valid', async (srv) => {
      const reachability = await checkReachable(srv.url.replace('http:', 'https:'), LIMITS);
      assert.ok(!reachability.reachable && reachability.kind === 'tls' && /TLS handshake failed/.test(reachability.message));
    });
  });
});
