// The README and docs/ stay true: the counts between `<!-- gen:... -->` markers equal what the code
// says, the tables rendered from the code (the catalogue, each operation's facts) are current and
// each shown once, every relative link resolves (file and heading), every doc is linked from the
// README, and the README stays a five-minute read. `npm run docs` rewrites the counts and tables.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../src/run/config';
import { generatedValues, regenerate } from '../../../scripts/docs/generated';
import { anchorsOf, brokenLinks, slug } from '../../../scripts/docs/links';
import { generatedTables, regenerateTables } from '../../../scripts/docs/tables';
import { REQUIREMENTS } from '../../../src/spec/requirements';
import { FAULTS } from '../../../sandbox/src/faults';

const DOCS = ['README.md', ...readdirSync(join(PROJECT_ROOT, 'docs')).map((f) => `docs/${f}`), 'sandbox/VARIANTS.md'];

describe('the documentation of this clone', () => {
  test('every generated count is current and every key known', () => {
    const stale = DOCS.flatMap((f) =>
      regenerate(readFileSync(join(PROJECT_ROOT, f), 'utf8')).stale.map(
        (s) => `${f}: gen:${s.key} says "${s.found}", ${s.expected === undefined ? 'an unknown key' : `the code says "${s.expected}"`}`,
      ),
    );
    assert.deepEqual(stale, [], 'run `npm run docs` to rewrite the counts');
  });

  test('every table rendered from the code is current, known, and shown once', () => {
    const tables = generatedTables();
    const rendered = DOCS.map((f) => ({ f, ...regenerateTables(readFileSync(join(PROJECT_ROOT, f), 'utf8'), tables) }));
    const stale = rendered.flatMap(({ f, stale }) =>
      stale.map((t) => `${f}: ${t.unknown ? `unknown table ${t.key}` : `table ${t.key} says "${t.doc}", the code renders "${t.code}"`}`),
    );
    assert.deepEqual(stale, [], 'run `npm run docs` to rewrite the tables');
    const shown = rendered.flatMap((r) => r.keys).sort();
    assert.deepEqual(
      shown,
      [...tables.keys()].sort(),
      'each table is shown exactly once (a new operation adds its <!-- facts:<op> --> block)',
    );
  });

  test('every relative link resolves, to its file and its heading', () => {
    assert.deepEqual(
      brokenLinks(PROJECT_ROOT, DOCS).map((b) => `${b.file}:${b.line}: ${b.target}: ${b.why}`),
      [],
    );
  });

  test('every file of docs/ is linked from the README, which stays about 200 lines', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const unlinked = readdirSync(join(PROJECT_ROOT, 'docs')).filter((f) => !readme.includes(`](docs/${f}`));
    assert.deepEqual(unlinked, [], 'docs not linked from README.md');
    const lines = readme.split('\n').length;
    assert.ok(lines <= 230, `README.md has ${lines} lines: move detail to docs/ (a five-minute read is about 200)`);
  });
});

describe('generated counts', () => {
  test('come from the catalogue and the sandbox', () => {
    const v = generatedValues();
    assert.equal(v.get('faults'), String(FAULTS.length));
    assert.equal(v.get('must'), String(REQUIREMENTS.filter((q) => q.level === 'MUST').length));
    const byClass = ['core', 'booking', 'partial-cancellation', 'security', 'alignment'].map((c) => Number(v.get(`must:${c}`)));
    assert.equal(
      byClass.reduce((a, b) => a + b, 0),
      Number(v.get('must')),
    );
  });

  test('a stale value is rewritten and reported; an unknown key is reported and left', () => {
    const values = new Map([['faults', '38']]);
    const r = regenerate('We catch <!-- gen:faults -->37<!-- /gen --> faults and <!-- gen:nope -->x<!-- /gen -->.', values);
    assert.equal(r.text, 'We catch <!-- gen:faults -->38<!-- /gen --> faults and <!-- gen:nope -->x<!-- /gen -->.');
    assert.deepEqual(r.stale, [
      { key: 'faults', found: '37', expected: '38' },
      { key: 'nope', found: 'x' },
    ]);
    assert.deepEqual(regenerate(r.text.replace(' and <!-- gen:nope -->x<!-- /gen -->', ''), values).stale, []);
  });
});

describe('generated tables', () => {
  test('are rendered from the code: every requirement and every fact has its row', () => {
    const tables = generatedTables();
    for (const q of REQUIREMENTS) assert.ok(tables.get(`requirements:${q.class}`)!.includes(`| ${q.id} | ${q.level} |`), q.id);
    assert.ok(tables.get('facts:activitybook')!.includes('| `activitybook.price` |'));
  });

  test('a stale table is rewritten and reported at its first different line; an unknown one is reported and left', () => {
    const tables = new Map([['facts:x', '| a |\n| b |']]);
    const text = 'Intro\n<!-- facts:x -->\n| a |\n| old |\n<!-- /facts:x -->\n<!-- facts:y -->\nkept\n<!-- /facts:y -->\n';
    const r = regenerateTables(text, tables);
    assert.equal(r.text, 'Intro\n<!-- facts:x -->\n| a |\n| b |\n<!-- /facts:x -->\n<!-- facts:y -->\nkept\n<!-- /facts:y -->\n');
    assert.deepEqual(r.stale, [
      { key: 'facts:x', doc: '| old |', code: '| b |' },
      { key: 'facts:y', unknown: true },
    ]);
    assert.deepEqual(r.keys, ['facts:x', 'facts:y']);
    assert.deepEqual(regenerateTables(r.text, tables).stale, [{ key: 'facts:y', unknown: true }]);
  });
});

describe('link checking', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ota-docs-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'a.md'), '# Title\n\n## The `verdict`: exit codes\n\n## Twice\n\n## Twice\n');
  writeFileSync(
    join(dir, 'README.md'),
    [
      '[ok](docs/a.md) [ok anchor](docs/a.md#the-verdict-exit-codes) [second](docs/a.md#twice-1) [web](https://example.com/x)',
      '[missing file](docs/b.md)',
      '[missing anchor](docs/a.md#nowhere)',
      '`[in code](docs/nothing.md)`',
      '```',
      '[in a fence](docs/nothing.md)',
      '```',
    ].join('\n'),
  );

  test('finds a missing file and a missing heading, ignores code and absolute links', () => {
    assert.deepEqual(
      brokenLinks(dir, ['README.md']).map((b) => `${b.line} ${b.target}: ${b.why}`),
      ['2 docs/b.md: docs/b.md does not exist', '3 docs/a.md#nowhere: no heading with anchor #nowhere in docs/a.md'],
    );
  });

  test("anchors follow GitHub's slugs", () => {
    assert.equal(slug('The sandbox: faults and dialect variants'), 'the-sandbox-faults-and-dialect-variants');
    assert.equal(slug('13. Corroboration: asking the gateway’s own'), '13-corroboration-asking-the-gateways-own');
    assert.ok(anchorsOf('## Twice\n## Twice\n').has('twice-1'));
  });
});
