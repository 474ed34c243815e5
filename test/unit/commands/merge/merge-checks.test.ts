// A merge that cannot mislead. It writes into a new or empty folder only, and
// refuses reports that are not the shards of one run, naming the field that differs.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError } from '../../../../src/core/errors';
import { checkOutFolder, checkSameRun, parseMergeArguments, readShard, shardsOf } from '../../../../src/commands/merge/merge-checks';
import type { ConformanceResult } from '../../../../src/reporting/result';
import { resultFor } from '../../../support/fixtures/conformance-result';

const root = mkdtempSync(join(tmpdir(), 'merge-checks-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** The ConfigError's one line; fails when `fn` does not throw one. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `a ConfigError, not ${String(error)}`);
    assert.equal(error.message.split('\n').length, 1, 'one line');
    return error.message;
  }
  assert.fail('not refused');
}

test('the command line: folders to merge, --out once, nothing unknown', () => {
  assert.deepEqual(parseMergeArguments(['--out', 'm', 'a', 'b']), { out: resolve('m'), dirs: [resolve('a'), resolve('b')] });
  assert.equal(parseMergeArguments(['a']).out, resolve('reports'));
  assert.match(
    refusal(() => parseMergeArguments(['--out'])),
    /^--out needs a folder/,
  );
  assert.match(
    refusal(() => parseMergeArguments(['--out', 'x', '--out', 'y', 'a'])),
    /^--out is given twice/,
  );
  assert.match(
    refusal(() => parseMergeArguments(['--frob', 'a'])),
    /^unknown argument --frob/,
  );
  assert.match(
    refusal(() => parseMergeArguments(['--out', 'x'])),
    /^name the reports folders to merge/,
  );
  assert.match(
    refusal(() => parseMergeArguments(['a', './a'])),
    /is named twice/,
  );
});

test('the merged reports go into a new or empty folder only: never a file, never over a run', () => {
  checkOutFolder(join(root, 'new'));
  mkdirSync(join(root, 'empty'));
  checkOutFolder(join(root, 'empty'));
  writeFileSync(join(root, 'file'), 'x');
  assert.match(
    refusal(() => checkOutFolder(join(root, 'file'))),
    /is a file, not a folder/,
  );
  mkdirSync(join(root, 'run'));
  writeFileSync(join(root, 'run', 'evidence.html'), '<html>');
  assert.match(
    refusal(() => checkOutFolder(join(root, 'run'))),
    /is not empty \(evidence\.html\): merge writes into a new or empty folder only, never over a run \(name one with --out\)$/,
  );
});

test('a folder to merge that is missing, a file, or without a readable summary.json is one line', () => {
  assert.match(
    refusal(() => readShard(join(root, 'missing'))),
    /no summary\.json \(there is no such folder\)$/,
  );
  assert.match(
    refusal(() => readShard(join(root, 'file'))),
    /not a folder/,
  );
  assert.match(
    refusal(() => readShard(join(root, 'empty'))),
    /no summary\.json/,
  );
  mkdirSync(join(root, 'bad'));
  writeFileSync(join(root, 'bad', 'summary.json'), '{');
  assert.match(
    refusal(() => readShard(join(root, 'bad'))),
    /cannot be read as JSON/,
  );
  writeFileSync(join(root, 'bad', 'summary.json'), '{"verdict":"CONFORMS"}');
  assert.match(
    refusal(() => readShard(join(root, 'bad'))),
    /recorded no assertions/,
  );
});

/** Shard i of n of the fixture's run. */
function shard(index: number, n: number, more: (conformanceResult: ConformanceResult) => void = () => undefined): ConformanceResult {
  const r = resultFor();
  r.shard = `${index}/${n}`;
  r.selection = { text: `--shard ${index}/${n}`, shards: [`${index}/${n}`] };
  r.runGroup = 'ci-123';
  more(r);
  return r;
}
const DIRS = ['/r/s1', '/r/s2'];

// Fails if: shards of different runs were merged into one verdict (before: a clean shard merged
// with a faulted one gave CONFORMS, exit 0, no warning).
test('shards of different runs are refused, naming the field that differs', () => {
  checkSameRun([shard(1, 2), shard(2, 2)], DIRS);
  const cases: Array<[string, (conformanceResult: ConformanceResult) => void]> = [
    ['run group \\(OTA_RUN_GROUP\\): "ci-123" \\(/r/s1\\) and "ci-124" \\(/r/s2\\)', (r) => (r.runGroup = 'ci-124')],
    ['run group \\(OTA_RUN_GROUP\\): "ci-123" \\(/r/s1\\) and "\\(none\\)"', (r) => delete r.runGroup],
    ['target', (r) => (r.target = { ...r.target, url: 'https://other.example/ota' })],
    ['suite version', (r) => (r.suite = { ...r.suite, version: '9.9.9' })],
    [
      'sandbox faults: "\\(none\\)" \\(/r/s1\\) and "ignores-maxresponses" \\(/r/s2\\)',
      (r) => (r.target = { ...r.target, sandbox: { faults: ['ignores-maxresponses'], variants: [] } }),
    ],
    ['sandbox variants', (r) => (r.target = { ...r.target, sandbox: { faults: [], variants: ['dialect-x'] } })],
    ['claims', (r) => (r.claims = ['core'])],
    ['profile', (r) => (r.profile = 'read-only')],
    ['strict', (r) => (r.strict = !r.strict)],
    [
      'selection: "\\(none\\)" \\(/r/s1\\) and "--tags \\"@op:hotelnbc\\"" \\(/r/s2\\)',
      (r) => (r.selection = { text: '--tags "@op:hotelnbc" --shard 2/2', tags: '@op:hotelnbc', shards: ['2/2'] }),
    ],
  ];
  for (const [field, change] of cases)
    assert.match(
      refusal(() => checkSameRun([shard(1, 2), shard(2, 2, change)], DIRS)),
      new RegExp(`^cannot merge runs that differ in ${field}`),
      field,
    );
});

test('the shards of one partition, each once; some of them are still a selection', () => {
  assert.deepEqual(shardsOf([shard(1, 2), shard(2, 2)], DIRS), { merged: ['1/2', '2/2'], missing: [] });
  assert.deepEqual(shardsOf([shard(1, 3), shard(3, 3)], DIRS), { merged: ['1/3', '3/3'], missing: ['2/3'] });
  assert.deepEqual(shardsOf([shard(1, 2)], DIRS.slice(0, 1)), { merged: ['1/2'], missing: ['2/2'] });
  assert.match(
    refusal(() => shardsOf([shard(1, 2), shard(1, 2)], DIRS)),
    /^shard 1\/2 is in two of the merged runs \(\/r\/s1 and \/r\/s2\)/,
  );
  assert.match(
    refusal(() => shardsOf([shard(1, 2), shard(2, 3)], DIRS)),
    /^cannot merge shards of different partitions: 1\/2 \(\/r\/s1\) and 2\/3 \(\/r\/s2\)/,
  );
  const whole = resultFor();
  assert.match(
    refusal(() => shardsOf([shard(1, 2), whole], DIRS)),
    /^\/r\/s2 is not a shard/,
  );
  assert.deepEqual(shardsOf([whole], DIRS.slice(0, 1)), { merged: [], missing: [] });
});
