// A gateway that has stopped answering must not cost one request timeout per
// request for the rest of the run. After OTA_MAX_CONSECUTIVE_FAILURES transport failures in a row
// every further request fails at once (kind 'gateway-stopped'), in this process and, through the
// marker file, in the run's other processes (parallel workers). The breaker is an object of the
// run, handed to each exchange: a request sent without it is never stopped.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FailureBreaker, breakerMarker } from '../../../src/run/failure-breaker';
import { closeTransport } from '../../../src/transport/agents';
import { DEFAULT_RETRY } from '../../../src/transport/limits';
import { postXml, type PostOptions } from '../../../src/transport/post-xml';
import { TransportError } from '../../../src/transport/transport-error';
import { startHostileServer } from '../../support/hostile-server';

const dir = mkdtempSync(join(tmpdir(), 'breaker-test-'));
after(async () => {
  await closeTransport();
  rmSync(dir, { recursive: true, force: true });
});

const REQ = '<OTA_HotelAvailRQ xmlns="http://www.opentravel.org/OTA/2003/05" Version="2008.1"/>';
const OPTS: PostOptions = {
  operation: 'hotelavailability',
  limits: { connectTimeoutMs: 2000, requestTimeoutMs: 300, maxReplyBytes: 65536 },
  retry: DEFAULT_RETRY,
};

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof TransportError, String(error));
    return error;
  }
  return assert.fail('expected a TransportError');
}

describe('the "gateway stopped answering" breaker', () => {
  test('trips after N consecutive failures; later requests are not sent and fail at once', async () => {
    const marker = join(dir, 'run1.stopped');
    const breaker = new FailureBreaker(3, marker);
    const opts = { ...OPTS, breaker };
    const srv = await startHostileServer('hang');
    try {
      const url = `${srv.url}/hotelavailability`;
      for (let i = 0; i < 3; i++) assert.equal((await failure(postXml(url, REQ, opts))).kind, 'timeout');
      assert.equal(srv.requests.length, 3);
      const t0 = performance.now();
      const transportError = await failure(postXml(url, REQ, opts));
      assert.ok(performance.now() - t0 < OPTS.limits.requestTimeoutMs, 'failed fast, without waiting for a timeout');
      assert.equal(transportError.kind, 'gateway-stopped');
      assert.match(
        transportError.message,
        /^hotelavailability: not sent to .*: the gateway stopped answering after 3 consecutive transport failures \(OTA_MAX_CONSECUTIVE_FAILURES=3\); last: hotelavailability: no complete reply/,
      );
      assert.equal(srv.requests.length, 3, 'nothing more was sent');
      assert.match(breaker.stoppedAnswering() ?? '', /stopped answering after 3/);
      // the run's other processes learn it from the marker
      assert.match(readFileSync(marker, 'utf8'), /stopped answering after 3/);
    } finally {
      await srv.close();
    }
  });

  test('any HTTP reply resets the count (a slow gateway that still answers is not stopped)', async () => {
    const breaker = new FailureBreaker(3, join(dir, 'run2.stopped'));
    const opts = { ...OPTS, breaker };
    let n = 0;
    const srv = await startHostileServer({ mode: 'per-request', choose: () => (++n % 3 === 0 ? 'http-500' : 'hang') });
    try {
      const url = `${srv.url}/hotelavailability`;
      for (let i = 0; i < 9; i++) {
        try {
          await postXml(url, REQ, opts);
        } catch (error) {
          assert.equal((error as TransportError).kind, 'timeout', `request ${i + 1}`);
        }
      }
      assert.equal(srv.requests.length, 9, 'every request was sent');
      assert.equal(breaker.stoppedAnswering(), undefined);
    } finally {
      await srv.close();
    }
  });

  test('a marker written by another process of the run stops this one too', async () => {
    const marker = join(dir, 'run3.stopped');
    const opts = { ...OPTS, breaker: new FailureBreaker(10, marker) };
    const srv = await startHostileServer('valid');
    try {
      const url = `${srv.url}/hotelavailability`;
      assert.equal((await postXml(url, REQ, opts)).status, 200);
      writeFileSync(marker, 'the gateway stopped answering after 10 consecutive transport failures (from a worker)');
      const transportError = await failure(postXml(url, REQ, opts));
      assert.equal(transportError.kind, 'gateway-stopped');
      assert.match(transportError.message, /from a worker/);
      assert.equal(srv.requests.length, 1);
    } finally {
      await srv.close();
      assert.ok(existsSync(marker));
    }
  });

  test('the reason phrase is kept with the reply (so a contract can judge it; shown only masked)', async () => {
    const opts = { ...OPTS, breaker: new FailureBreaker(10, join(dir, 'run4.stopped')) };
    const srv = await startHostileServer((_req, res) => {
      res.statusMessage = 'Echo Reason';
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<x/>');
    });
    try {
      const httpExchange = await postXml(`${srv.url}/hotelavailability`, REQ, opts);
      assert.equal(httpExchange.status, 403);
      assert.equal(httpExchange.statusText, 'Echo Reason');
    } finally {
      await srv.close();
    }
  });

  test('a breaker belongs to its run: another run, or a request sent without one, is not stopped', async () => {
    const tripped = new FailureBreaker(1, join(dir, 'run5.stopped'));
    tripped.noteOutcome({ kind: 'refused', message: 'hotelavailability: connection refused' });
    assert.match(tripped.stoppedAnswering() ?? '', /after 1 consecutive transport failures/);
    const srv = await startHostileServer('valid');
    try {
      const url = `${srv.url}/hotelavailability`;
      assert.equal((await failure(postXml(url, REQ, { ...OPTS, breaker: tripped }))).kind, 'gateway-stopped');
      assert.equal((await postXml(url, REQ, { ...OPTS, breaker: new FailureBreaker(1, join(dir, 'run6.stopped')) })).status, 200);
      assert.equal((await postXml(url, REQ, OPTS)).status, 200);
      assert.equal(srv.requests.length, 2);
    } finally {
      await srv.close();
    }
  });

  test('a reply too large did answer; no bound (0) never trips; the marker sits beside the ledger, named by run id', () => {
    const breaker = new FailureBreaker(2);
    breaker.noteOutcome({ kind: 'timeout', message: 'm' });
    breaker.noteOutcome({ kind: 'too-large', message: 'm' });
    breaker.noteOutcome({ kind: 'timeout', message: 'm' });
    assert.equal(breaker.stoppedAnswering(), undefined, 'too-large reset the count');
    const unbounded = new FailureBreaker(0);
    for (let i = 0; i < 50; i++) unbounded.noteOutcome({ kind: 'reset', message: 'm' });
    assert.equal(unbounded.stoppedAnswering(), undefined);
    const marker = breakerMarker({ runId: 'nightly/2030 01', ledgerFile: join(dir, 'ledger', 'bookings.jsonl') });
    assert.equal(marker.startsWith(join(dir, 'ledger')), true, marker);
    assert.match(marker, /nightly_2030_01\.stopped$/);
  });
});
