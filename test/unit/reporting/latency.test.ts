// Reply time per operation: nearest-rank percentiles, retries counted in the reply and attempt by
// attempt, budgets as information, shards merged from their samples.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import {
  BUDGET_NOTE,
  budgetNotes,
  figuresOf,
  latencyByOperation,
  latencyTable,
  mergeLatency,
  percentile,
  timedExchange,
} from '../../../src/reporting/latency';

test('nearest-rank percentiles: p50 and p95 are values that were measured', () => {
  const list = Array.from({ length: 20 }, (_, i) => (i + 1) * 10); // 10..200
  assert.equal(percentile(list, 50), 100);
  assert.equal(percentile(list, 95), 190);
  assert.equal(percentile([], 95), 0);
  assert.deepEqual(figuresOf([30, 10, 20]), { count: 3, p50: 20, p95: 30, max: 30 });
});

test('a retried exchange: its reply time spans every attempt and the back-off, each attempt counts on its own', () => {
  const list = timedExchange({
    op: { name: 'hotelavailability' },
    reply: {
      exchange: {
        attempts: [
          { startedAt: '2030-01-01T00:00:00.000Z', durationMs: 100 },
          { startedAt: '2030-01-01T00:00:00.600Z', durationMs: 50 },
        ],
      },
    },
  });
  assert.deepEqual(list, [{ operation: 'hotelavailability', replyMs: 650, attemptsMs: [100, 50] }]);
  // no HTTP reply: no reply time
  assert.deepEqual(timedExchange({ op: { name: 'bookread' }, reply: {} }), []);
});

test('figures per operation in the order given, with a budget exceeded as an INFO note', () => {
  const timed = [
    { operation: 'bookread', replyMs: 40, attemptsMs: [40] },
    { operation: 'hotelavailability', replyMs: 100, attemptsMs: [100] },
    { operation: 'hotelavailability', replyMs: 300, attemptsMs: [200, 90] },
  ];
  const list = latencyByOperation(timed, ['hotelavailability', 'activitysearch', 'bookread'], { hotelavailability: 250 });
  assert.deepEqual(
    list.map((x) => x.operation),
    ['hotelavailability', 'bookread'],
  );
  assert.deepEqual(list[0].replies, { count: 2, p50: 100, p95: 300, max: 300 });
  assert.deepEqual(list[0].attempts, { count: 3, p50: 100, p95: 200, max: 200 });
  assert.equal(list[0].overBudget, 1);
  assert.equal(list[1].budgetMs, undefined);
  const notes = budgetNotes(list);
  assert.equal(notes.length, 1);
  assert.ok(notes[0].startsWith(`${BUDGET_NOTE}hotelavailability: 1 of 2 replies over its budget of 250 ms`), notes[0]);
  assert.match(latencyTable(list).join('\n'), /hotelavailability\s+2\s+100\s+300\s+300 {2}3 \(100\/200\/200\), budget 250: 1 over/);
});

test('shards merge by their samples: the figures are those of one run holding them all', () => {
  const list = latencyByOperation([{ operation: 'bookread', replyMs: 10, attemptsMs: [10] }], ['bookread'], { bookread: 15 });
  const b = latencyByOperation(
    [
      { operation: 'bookread', replyMs: 20, attemptsMs: [20] },
      { operation: 'hotelnbc', replyMs: 5, attemptsMs: [5] },
    ],
    ['bookread', 'hotelnbc'],
    { bookread: 15 },
  );
  const merged = mergeLatency([list, undefined, b], ['hotelnbc', 'bookread']);
  assert.deepEqual(
    merged.map((l) => [l.operation, l.replies.count, l.replies.max, l.overBudget]),
    [
      ['hotelnbc', 1, 5, undefined],
      ['bookread', 2, 20, 1],
    ],
  );
});
