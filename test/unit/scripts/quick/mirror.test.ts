// Tests mirror the code (scripts/quick/mirror.ts): the mirrored path of a source file and of a
// test, and, for this clone, every unit test sits at the path of the file it tests or is a named
// topic test, and no topic entry is stale.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { mirroredSources, mirroredTest, testLayoutProblems, TOPIC_TESTS } from '../../../../scripts/quick/mirror';
import { PROJECT_ROOT } from '../../../../src/run/config';

describe('the mirrored paths', () => {
  test('of a source file: its unit test, whatever its root; a folder index by the folder name', () => {
    const cases: Array<[string, string | undefined]> = [
      ['src/transport/post-xml.ts', 'test/unit/transport/post-xml.test.ts'],
      ['src/operations/hotelnbc/contract.ts', 'test/unit/operations/hotelnbc/contract.test.ts'],
      ['src/reporting/conformance-report/index.ts', 'test/unit/reporting/conformance-report.test.ts'],
      ['steps/request-edits.ts', 'test/unit/steps/request-edits.test.ts'],
      ['scripts/bench/args.ts', 'test/unit/scripts/bench/args.test.ts'],
      ['scripts/build.js', 'test/unit/scripts/build.test.ts'],
      ['sandbox/src/faults/index.ts', 'sandbox/test/faults.test.ts'],
      ['sandbox/src/index.ts', 'sandbox/test/index.test.ts'],
      ['sandbox/src/operations/bookread.ts', 'sandbox/test/operations/bookread.test.ts'],
      ['features/core/envelope.feature', undefined],
      ['test/unit/xml/xml.test.ts', undefined],
      ['README.md', undefined],
    ];
    for (const [source, test] of cases) assert.equal(mirroredTest(source), test, source);
  });

  test('of a test: the sources it may mirror, the same rule read backwards', () => {
    assert.deepEqual(mirroredSources('test/unit/steps/request-edits.test.ts'), [
      'steps/request-edits.ts',
      'steps/request-edits/index.ts',
      'steps/request-edits.js',
      'steps/request-edits/index.js',
    ]);
    assert.ok(mirroredSources('sandbox/test/faults.test.ts').includes('sandbox/src/faults/index.ts'));
    assert.ok(mirroredSources('test/unit/scripts/build.test.ts').includes('scripts/build.js'));
    assert.deepEqual(mirroredSources('test/integration/diff.test.ts'), []);
    for (const source of ['src/commands/diff/diff.ts', 'scripts/docs/links.ts', 'sandbox/src/xsd.ts', 'steps/parameters.ts'])
      assert.ok(mirroredSources(mirroredTest(source)!).includes(source), source);
  });
});

describe('the layout of the tests', () => {
  const root = mkdtempSync(join(tmpdir(), 'mirror-test-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), '');
  };

  test('a unit test with no source at its mirrored path, a stale topic entry and a stray test are each named', () => {
    write('src/xml/xml.ts');
    write('test/unit/xml/xml.test.ts');
    write('test/unit/xml/parsing.test.ts');
    write('test/integration/whole-run.test.ts');
    write('test/other/stray.test.ts');
    const problems = testLayoutProblems(root);
    const named = (file: string) => problems.find((p) => p.file === file)?.why ?? '';
    assert.match(named('test/unit/xml/parsing.test.ts'), /no source at its mirrored path \(src\/xml\/parsing\.ts\)/);
    assert.match(named('test/other/stray.test.ts'), /a test outside/);
    assert.equal(named('test/unit/xml/xml.test.ts'), '');
    assert.equal(named('test/integration/whole-run.test.ts'), '');
    // Every entry of TOPIC_TESTS names a file this tree does not have: each is a stale entry here.
    for (const file of Object.keys(TOPIC_TESTS)) assert.match(named(file), /no such test/, file);
  });

  test("a topic test whose mirrored source exists is that source's unit test", () => {
    const [topic] = Object.keys(TOPIC_TESTS).filter((f) => f.startsWith('test/unit/'));
    write(topic);
    write(mirroredSources(topic)[0]);
    assert.match(testLayoutProblems(root).find((p) => p.file === topic)?.why ?? '', /is that file's unit test/);
  });

  test('this clone: every unit test mirrors its source or is a named topic test', () => {
    const problems = testLayoutProblems(PROJECT_ROOT);
    assert.deepEqual(
      problems.map((p) => `${p.file}: ${p.why}`),
      [],
    );
  });
});
