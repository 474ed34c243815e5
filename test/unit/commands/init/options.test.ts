// npm run init's options: the least a user knows (one hotel or one place), the values no reply
// shows, and every slip refused in one line before the gateway is contacted.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { ConfigError } from '../../../../src/core/errors';
import { parseInitOptions } from '../../../../src/commands/init/options';

const parse = (...argv: string[]) => parseInitOptions(argv, 'gateway.test-data.json', '/work');

test('one hotel code is enough: the file goes to the default, the dates and budget have defaults', () => {
  const initOptions = parse('--hotel', 'PMIBEL01');
  assert.equal(initOptions.hotel, 'PMIBEL01');
  assert.equal(initOptions.out, '/work/gateway.test-data.json');
  assert.deepEqual(
    [initOptions.offsetDays, initOptions.nights, initOptions.maxRequests, initOptions.force, initOptions.partial],
    [30, 3, 200, false, false],
  );
  assert.equal(initOptions.commitResStatus, undefined, 'no booking word unless given: the OpenTravel default is then named a guess');
});

test('a place, the booking forms and the values no reply shows are taken as given', () => {
  const initOptions = parse(
    '--place',
    'region:Mallorca',
    '--commit-res-status=Book',
    '--cancelled-words',
    'Canceled, XL',
    '--partial-cancellation',
    'item-reference',
    '--airport',
    'PMI',
    '--claim',
    'core,security',
    '--out',
    '/tmp/x.json',
    '--force',
    '--partial',
  );
  assert.deepEqual(initOptions.place, { context: 'Region', name: 'Mallorca' });
  assert.equal(initOptions.commitResStatus, 'Book');
  assert.deepEqual(initOptions.cancelledWords, ['Canceled', 'XL']);
  assert.equal(initOptions.partialCancellation, 'item-reference');
  assert.deepEqual(initOptions.claims, ['core', 'security']);
  assert.equal(initOptions.out, '/tmp/x.json');
  assert.ok(initOptions.force && initOptions.partial);
});

test('--partial-cancellation takes every form the test-data schema allows', () => {
  for (const form of ['item-reference', 'segment', 'segment-range'])
    assert.equal(parseInitOptions(['--hotel', 'A', '--partial-cancellation', form], 'x.json').partialCancellation, form);
});

test('every slip is one line naming the option', () => {
  const slips: Array<[string[], RegExp]> = [
    [[], /give one hotel code \(--hotel\) or one place \(--place\), not neither/],
    [['--hotel', 'A', '--place', 'Country:Spain'], /not both/],
    [['--place', 'Mallorca'], /--place Mallorca: expected Country:<name> or Region:<name>/],
    [['--hotel'], /--hotel needs a value/],
    [['--hotel', 'A', '--airport', 'pmi'], /--airport pmi: a three-letter IATA airport code/],
    [
      ['--hotel', 'A', '--partial-cancellation', 'by-magic'],
      /--partial-cancellation by-magic: one of item-reference, segment, segment-range/,
    ],
    [['--hotel', 'A', '--claim', 'booking'], /--claim must include core/],
    [['--hotel', 'A', '--claim', 'core,bogus'], /--claim: unknown class\(es\) bogus/],
    [['--hotel', 'A', '--nights', '0'], /--nights 0: a whole number from 1 to 30/],
    [['--hotel', 'A', '--max-requests', '5'], /--max-requests 5: a whole number from 20/],
    [['--hotel', 'A', '--bogus'], /unknown option --bogus/],
  ];
  for (const [argv, line] of slips)
    assert.throws(
      () => parse(...argv),
      (e: unknown) => e instanceof ConfigError && line.test(e.message),
      argv.join(' '),
    );
});
