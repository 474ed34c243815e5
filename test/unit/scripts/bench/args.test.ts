// The benchmark's command line (scripts/bench/args.ts): defaults, values, --quick, and one
// BenchUsageError per problem.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BenchUsageError, parseBenchArgs, QUICK_LATENCY_TAGS, QUICK_LOOP_CHANGE } from '../../../../scripts/bench/args';
import { PROJECT_ROOT } from '../../../../src/run/config';

describe('bench arguments', () => {
  test('defaults: 3 runs, 200 ms, --parallel 1,2,4,8,16, the full run, analysis on', () => {
    const benchArgs = parseBenchArgs([]);
    assert.deepEqual(
      {
        runs: benchArgs.runs,
        holdMs: benchArgs.holdMs,
        parallel: benchArgs.parallel,
        sequential: benchArgs.sequential,
        tags: benchArgs.latencyTags,
        analysis: benchArgs.analysis,
        quick: benchArgs.quick,
      },
      { runs: 3, holdMs: 200, parallel: [1, 2, 4, 8, 16], sequential: false, tags: undefined, analysis: true, quick: false },
    );
    assert.equal(benchArgs.runTimeoutMs, 300_000);
  });

  test('values, with a space or =', () => {
    const benchArgs = parseBenchArgs([
      '--runs',
      '5',
      '--hold-ms=50',
      '--parallel',
      '8,1,2,2',
      '--sequential',
      '--latency-tags',
      '@op:bookread',
      '--run-timeout=60',
    ]);
    assert.equal(benchArgs.runs, 5);
    assert.equal(benchArgs.holdMs, 50);
    assert.deepEqual(benchArgs.parallel, [1, 2, 8]);
    assert.equal(benchArgs.sequential, true);
    assert.equal(benchArgs.latencyTags, '@op:bookread');
    assert.equal(benchArgs.runTimeoutMs, 60_000);
  });

  test('--quick: one run, the representative selection, no analysis; explicit values win', () => {
    const benchArgs = parseBenchArgs(['--quick']);
    assert.deepEqual([benchArgs.runs, benchArgs.latencyTags, benchArgs.analysis, benchArgs.quick], [1, QUICK_LATENCY_TAGS, false, true]);
    const benchOptions = parseBenchArgs(['--quick', '--runs', '2', '--latency-tags', '@op:hotelnbc']);
    assert.deepEqual([benchOptions.runs, benchOptions.latencyTags], [2, '@op:hotelnbc']);
  });

  test('--no-analysis and --help', () => {
    assert.equal(parseBenchArgs(['--no-analysis']).analysis, false);
    assert.equal(parseBenchArgs(['-h']).help, true);
    assert.equal(parseBenchArgs(['--help']).help, true);
  });

  test("--contributor times a SHOULD check's change unless --quick-files names one; --safety", () => {
    const benchArgs = parseBenchArgs(['--contributor']);
    assert.deepEqual([benchArgs.contributor, benchArgs.safety, benchArgs.quickFiles], [true, false, QUICK_LOOP_CHANGE]);
    assert.deepEqual(parseBenchArgs(['--contributor', '--quick-files', 'src/a.ts,docs/b.md']).quickFiles, ['src/a.ts', 'docs/b.md']);
    assert.equal(parseBenchArgs(['--safety']).safety, true);
    assert.equal(parseBenchArgs([]).contributor, false);
    // the files of docs/development.md's table for a SHOULD check of hotel availability, as they are in the tree
    assert.deepEqual(
      QUICK_LOOP_CHANGE.filter((f) => !existsSync(join(PROJECT_ROOT, f))),
      [],
    );
  });

  test('every problem is one BenchUsageError naming the argument', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--runs', '0'], /--runs needs a whole number from 1/],
      [['--runs', 'many'], /--runs needs a whole number/],
      [['--runs'], /--runs needs a value/],
      [['--runs', '--quick'], /--runs needs a value/],
      [['--hold-ms=-5'], /--hold-ms needs a whole number/],
      [['--parallel', '1,,2'], /--parallel needs a comma-separated list/],
      [['--parallel', '0'], /--parallel needs a comma-separated list/],
      [['--latency-tags='], /--latency-tags needs a value/],
      [['--frobnicate'], /unknown argument --frobnicate/],
      [['fast'], /unknown argument fast/],
      [['--contributor', '--safety'], /two benches: run one at a time/],
      [['--quick-files'], /--quick-files needs a value/],
    ];
    for (const [argv, message] of cases)
      assert.throws(
        () => parseBenchArgs(argv),
        (e: unknown) => e instanceof BenchUsageError && message.test(e.message),
      );
  });
});
