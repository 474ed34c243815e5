// The bounds of corroboration: a cap per descriptive operation for the whole
// run, shared by its parallel workers; an operation that keeps failing is not asked again; and
// corroboration's failures never count against the run's "gateway stopped answering" breaker.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { CORROBORATION_STOP_AFTER, CorroborationBudget, corroborationBreaker } from '../../../src/contracts/corroboration';
import { FailureBreaker } from '../../../src/run/failure-breaker';

test('the cap: per descriptive operation, then every further request is refused with a note naming the variable', () => {
  const corroborationBudget = new CorroborationBudget({ maxRequests: 3, processes: 1 });
  for (let i = 0; i < 3; i++) assert.equal(corroborationBudget.take('hotelnbc'), undefined);
  const refused = corroborationBudget.take('hotelnbc');
  assert.match(refused ?? '', /reached their cap \(OTA_MAX_CORROBORATION_REQUESTS=3\); raise it/);
  // the other operation has its own
  assert.equal(corroborationBudget.take('activitynbc'), undefined);
  assert.deepEqual(corroborationBudget.counts, { hotelnbc: 3, activitynbc: 1 });
  // 500 unplaced hotels and 500 activities ask at most the cap of each
  const many = new CorroborationBudget({ maxRequests: 100, processes: 1 });
  let sent = 0;
  for (let i = 0; i < 500; i++) for (const op of ['hotelnbc', 'activitynbc'] as const) if (!many.take(op)) sent++;
  assert.equal(sent, 200);
});

test('parallel workers share the run cap; 0 asks nothing', () => {
  const worker = new CorroborationBudget({ maxRequests: 10, processes: 4 });
  let sent = 0;
  while (!worker.take('hotelnbc')) sent++;
  assert.equal(sent, 3, 'ceil(10 / 4) per worker');
  assert.match(worker.take('hotelnbc') ?? '', /3 for each of 4 parallel workers/);
  assert.match(new CorroborationBudget({ maxRequests: 0, processes: 1 }).take('activitynbc') ?? '', /cap/);
});

test('an operation that fails several times in a row is asked no more; a usable reply resets the count', () => {
  const corroborationBudget = new CorroborationBudget({ maxRequests: 100, processes: 1 });
  for (let i = 1; i < CORROBORATION_STOP_AFTER; i++) {
    assert.equal(corroborationBudget.take('hotelnbc'), undefined);
    corroborationBudget.noteOutcome('hotelnbc', 'timeout');
  }
  assert.equal(corroborationBudget.take('hotelnbc'), undefined);
  corroborationBudget.noteOutcome('hotelnbc'); // answered
  for (let i = 0; i < CORROBORATION_STOP_AFTER; i++) {
    assert.equal(corroborationBudget.take('hotelnbc'), undefined);
    corroborationBudget.noteOutcome('hotelnbc', `HTTP 503 #${i}`);
  }
  assert.match(corroborationBudget.take('hotelnbc') ?? '', /failed 3 corroboration requests in a row \(last: HTTP 503 #2\)/);
  assert.equal(corroborationBudget.take('activitynbc'), undefined, 'the other operation is still asked');
});

test("corroboration's failures never trip the run's breaker, but a tripped run sends none", () => {
  const run = new FailureBreaker(2);
  const mine = corroborationBreaker(run);
  for (let i = 0; i < 10; i++) mine.noteOutcome({ kind: 'timeout', message: 'slow descriptive data' });
  assert.equal(run.stoppedAnswering(), undefined);
  assert.equal(mine.stoppedAnswering(), undefined);
  run.noteOutcome({ kind: 'refused', message: 'a' });
  run.noteOutcome({ kind: 'refused', message: 'b' });
  assert.match(mine.stoppedAnswering() ?? '', /stopped answering/);
});
