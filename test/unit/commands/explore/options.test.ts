import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '../../../../src/core/errors';
import { DEFAULT_BUDGET, parseExploreArguments } from '../../../../src/commands/explore/options';
import { EXPLORED_OPERATIONS } from '../../../../src/commands/explore/space';
import { DEFAULT_BOOKINGS } from '../../../../src/commands/explore/booking-space';

test('defaults: budget 400, seed 1, every read-only operation', () => {
  const exploreArguments = parseExploreArguments([]);
  assert.equal(exploreArguments.budget, DEFAULT_BUDGET);
  assert.equal(exploreArguments.seed, '1');
  assert.deepEqual(exploreArguments.operations, [...EXPLORED_OPERATIONS]);
  assert.equal(exploreArguments.timeSeconds, undefined);
  assert.equal(exploreArguments.bookings, undefined, 'read-only: no Commit');
});

test('--profile booking: Commits by default, or as --bookings says', () => {
  assert.equal(parseExploreArguments(['--profile', 'booking']).bookings, DEFAULT_BOOKINGS);
  assert.equal(parseExploreArguments(['--bookings', '2', '--profile', 'booking']).bookings, 2);
  assert.equal(parseExploreArguments(['--profile', 'read-only']).bookings, undefined);
});

test('every option read, in both forms', () => {
  const exploreArguments = parseExploreArguments([
    '--budget=50',
    '--time',
    '2.5',
    '--seed',
    'nightly',
    '--operations',
    'hotelnbc, activitynbc',
    '--rate',
    '4',
    '--strict',
  ]);
  assert.deepEqual(
    {
      budget: exploreArguments.budget,
      time: exploreArguments.timeSeconds,
      seed: exploreArguments.seed,
      ops: exploreArguments.operations,
      rate: exploreArguments.rate,
      strict: exploreArguments.strict,
    },
    { budget: 50, time: 2.5, seed: 'nightly', ops: ['hotelnbc', 'activitynbc'], rate: 4, strict: true },
  );
});

test('bad values are one ConfigError naming the option', () => {
  for (const [argv, says] of [
    [['--budget', '0'], /--budget must be a whole number of at least 1, not "0"/],
    [['--budget', '1.5'], /--budget must be a whole number/],
    [['--time', '-5'], /--time must be a number above 0, not "-5"/],
    [['--time=-1'], /--time must be a number above 0, not "-1"/],
    [['--time', '0'], /--time must be a number above 0/],
    [['--rate', 'fast'], /--rate must be a number above 0/],
    [['--operations', 'activitybook'], /activitybook is not an operation an exploration sends/],
    [['--operations', ','], /names no operation/],
    [['--profile', 'ci'], /--profile ci: an exploration runs read-only or booking/],
    [['--profile', 'booking', '--bookings', '0'], /--bookings must be a whole number of at least 1, not "0"/],
    [['--profile', 'booking', '--bookings', '-1'], /--bookings must be a number above 0, not "-1"/],
    [['--bookings', '2'], /--bookings makes Commits: it needs --profile booking/],
    [['--profile', 'read-only', '--bookings', '2'], /it needs --profile booking/],
    [['--record', 'a', '--replay', 'b'], /--record and --replay together/],
    [['--frobnicate'], /unknown argument --frobnicate/],
    [['--seed'], /--seed needs a value/],
  ] as const)
    assert.throws(
      () => parseExploreArguments([...argv]),
      (e: unknown) => e instanceof ConfigError && says.test((e as Error).message),
      argv.join(' '),
    );
});
