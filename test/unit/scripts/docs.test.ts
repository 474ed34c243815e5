// The README and docs/ of this clone stay true (`npm run docs -- --check` runs the same checks): the
// counts between `<!-- gen:... -->` markers equal what the code says, the tables rendered from the
// code (the catalogue, each operation's facts) are current and each shown once, every relative link
// resolves (file and heading), each requirement's page (docs/requirements/<ID>.md) is current, every doc is linked from the README, and the README stays a
// five-minute read. `npm run docs` rewrites the counts and tables; the generators' own tests are
// in docs/.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../src/run/config';
import { regenerate } from '../../../scripts/docs/generated';
import { brokenLinks } from '../../../scripts/docs/links';
import { generatedTables, regenerateTables } from '../../../scripts/docs/tables';
import { PAGES_DIR, requirementPages } from '../../../scripts/docs/requirement-pages';
import { REQUIREMENTS } from '../../../src/specification/requirements';

// the Markdown of docs/ (docs/figures/ holds the measured figures the docs render)
const DOC_PAGES = readdirSync(join(PROJECT_ROOT, 'docs')).filter((f) => f.endsWith('.md'));
const DOCS = ['README.md', ...DOC_PAGES.map((f) => `docs/${f}`), 'sandbox/VARIANTS.md'];

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

  test('each requirement has its page, as the code renders it, and no page is of no requirement', () => {
    const pages = requirementPages();
    assert.equal(pages.size, REQUIREMENTS.length);
    const onDisk = readdirSync(join(PROJECT_ROOT, PAGES_DIR)).map((f) => `${PAGES_DIR}/${f}`);
    assert.deepEqual(onDisk.sort(), [...pages.keys()].sort(), 'run `npm run docs` to write the pages');
    const stale = [...pages].filter(([f, text]) => readFileSync(join(PROJECT_ROOT, f), 'utf8') !== text).map(([f]) => f);
    assert.deepEqual(stale, [], 'run `npm run docs` to rewrite the pages');
  });

  test('every relative link resolves, to its file and its heading', () => {
    assert.deepEqual(
      brokenLinks(PROJECT_ROOT, DOCS).map((b) => `${b.file}:${b.line}: ${b.target}: ${b.why}`),
      [],
    );
  });

  test('every file of docs/ is linked from the README, which stays about 200 lines', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const unlinked = DOC_PAGES.filter((f) => !readme.includes(`](docs/${f}`));
    assert.deepEqual(unlinked, [], 'docs not linked from README.md');
    const lines = readme.split('\n').length;
    assert.ok(lines <= 230, `README.md has ${lines} lines: move detail to docs/ (a five-minute read is about 200)`);
  });
});
