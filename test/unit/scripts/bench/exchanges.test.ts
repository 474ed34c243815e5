// The exchanges of a run, counted (scripts/bench/exchanges.ts): by request, the runner's own apart.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RecordedExchange } from '../../../../scripts/bench/proxy';
import { countExchanges } from '../../../../scripts/bench/exchanges';

describe('the exchanges of a run', () => {
  const x = (method: string, body: string, at: number): RecordedExchange => ({ at, method, path: '/p', body, status: 200 });

  test('counted by request, own and scenario exchanges apart, the first scenario request timed from spawn', () => {
    const exchangeCount = countExchanges(
      [x('GET', '', 110), x('POST', '<OTA_PingRQ/>', 120), x('POST', '<OTA_HotelAvailRQ/>', 900), x('POST', '<OTA_HotelAvailRQ/>', 950)],
      100,
    );
    assert.deepEqual(
      [exchangeCount.total, exchangeCount.runnerOwn, exchangeCount.scenario, exchangeCount.firstScenarioRequestMs],
      [4, 2, 2, 800],
    );
    assert.deepEqual(
      [...exchangeCount.byRequest],
      [
        ['GET /p', 1],
        ['POST /p', 3],
      ],
    );
  });
});
