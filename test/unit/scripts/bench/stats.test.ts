// The benchmark's arithmetic (scripts/bench/stats.ts): medians, ratios, the targets and
// figures as text. No timing is asserted anywhere.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { duration, idealMs, median, megabytes, percent, ratio, seconds, target, times, verdictWord } from '../../../../scripts/bench/stats';

describe('bench arithmetic', () => {
  test('median: odd, even, empty, unknown values left out', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.ok(Number.isNaN(median([])));
    assert.equal(median([NaN, 5, Infinity, 7]), 6);
  });

  test('ratio: NaN without a positive reference', () => {
    assert.equal(ratio(6200, 1100).toFixed(2), '5.64');
    assert.ok(Number.isNaN(ratio(1, 0)));
    assert.ok(Number.isNaN(ratio(NaN, 1)));
  });

  test("the issue's targets: at most factor x the reference + 1 s", () => {
    // the issue's own figures: main job 3.31 s against a bare loop of 0.51 s, 1.5 x + 1 s
    const main = target(3310, 510);
    assert.equal(main.limitMs, 1765);
    assert.equal(verdictWord(main), 'NOT MET');
    assert.equal(verdictWord(target(1765, 510)), 'MET'); // on the limit
    assert.equal(verdictWord(target(NaN, 510)), 'NOT MET'); // not measured is not met
    // latency-bound --parallel 8: 200 ms x (3 gate exchanges + 294 / 8) = 7.95 s ideal; 13.2 s measured, 1.3 x + 1 s
    const ideal = idealMs(294, 200, 8);
    assert.equal(ideal, 7950);
    assert.equal(target(13_200, ideal, 1.3).limitMs, 11_335);
    assert.equal(verdictWord(target(13_200, ideal, 1.3)), 'NOT MET');
    assert.equal(idealMs(10, 200, 0), 2600); // parallel below 1 counts as 1
  });

  test('figures as text', () => {
    assert.equal(seconds(6234), '6.2 s');
    assert.equal(seconds(NaN), '-');
    assert.equal(duration(840.4), '840 ms');
    assert.equal(duration(12_345), '12.3 s');
    assert.equal(times(5.43), '5.4x');
    assert.equal(times(NaN), '-');
    assert.equal(megabytes(245_760), '240 MB');
    assert.equal(megabytes(0), '-');
    assert.equal(percent(1, 3), '33 %');
    assert.equal(percent(1, 0), '-');
  });
});
