// The benchmark's counting proxy in front of a target (scripts/bench/proxy.ts): the runner's own
// exchanges told apart, and every exchange forwarded as it came and recorded.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { isRunnerOwn, startCountingProxy } from '../../../../scripts/bench/proxy';
import { startHostileServer } from '../../../support/hostile-server';

describe('the exchanges of a run, at the proxy', () => {
  test("the runner's own: the preflight GET and the OTA_PingRQ probe", () => {
    assert.equal(isRunnerOwn({ method: 'GET', body: '' }), true);
    assert.equal(isRunnerOwn({ method: 'POST', body: '<?xml version="1.0"?><OTA_PingRQ xmlns="x" Version="1.0"/>' }), true);
    assert.equal(isRunnerOwn({ method: 'POST', body: '<ota:OTA_PingRQ xmlns:ota="x"/>' }), true);
    assert.equal(isRunnerOwn({ method: 'POST', body: '<OTA_HotelAvailRQ xmlns="x"/>' }), false);
  });

  test('the counting proxy forwards status, reason and body, and records the exchange', async () => {
    const srv = await startHostileServer({ mode: 'status', status: 503, body: '<busy/>' });
    const proxy = await startCountingProxy(srv.url);
    try {
      const res = await request(`${proxy.url}/hotelavailability`, { method: 'POST', body: '<OTA_HotelAvailRQ/>' });
      assert.equal(res.statusCode, 503);
      assert.equal(await res.body.text(), '<busy/>');
      assert.equal(proxy.exchanges.length, 1);
      assert.deepEqual(
        [proxy.exchanges[0].method, proxy.exchanges[0].path, proxy.exchanges[0].body, proxy.exchanges[0].status],
        ['POST', '/hotelavailability', '<OTA_HotelAvailRQ/>', 503],
      );
      assert.equal(srv.requests[0].body, '<OTA_HotelAvailRQ/>');
      proxy.reset();
      assert.equal(proxy.exchanges.length, 0);
    } finally {
      await proxy.close();
      await srv.close();
    }
  });
});
