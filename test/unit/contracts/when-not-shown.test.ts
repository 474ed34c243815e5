// A fact's whenNotShown says what the rules conclude when a reply does not show it, in a sentence
// or two; how a shown value is matched is written once per method in docs/matching.md, which each
// fact names (`matched`). This keeps the prose from growing back into every fact.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MATCHINGS } from '../../../src/contracts/reader';
import { CONTRACTS } from '../../../src/operations';

/** The longest whenNotShown any fact may have. */
const LIMIT = 200;

const FACTS = Object.values(CONTRACTS).flatMap((c) => c.facts);

test('every whenNotShown is a sentence or two, within the limit', () => {
  assert.ok(FACTS.length > 50, `${FACTS.length} facts: the contracts were not read`);
  const long = FACTS.filter((f) => f.whenNotShown.length > LIMIT).map((f) => `${f.id} (${f.whenNotShown.length})`);
  assert.deepEqual(long, [], `whenNotShown over ${LIMIT} characters: move how the fact is matched into docs/matching.md`);
  const empty = FACTS.filter((f) => f.whenNotShown.trim() === '').map((f) => f.id);
  assert.deepEqual(empty, [], 'a fact says nothing of what the rules conclude when it is not shown');
});

test('every matching method a fact names has its section in docs/matching.md, and every section is named', () => {
  const doc = readFileSync(join(__dirname, '../../../docs/matching.md'), 'utf8');
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-');
  const sections = [...doc.matchAll(/^## (.+)$/gm)].map((m) => slug(m[1]!));
  assert.deepEqual([...sections].sort(), [...MATCHINGS].sort());
  const used = new Set(FACTS.flatMap((f) => f.matched ?? []));
  assert.deepEqual(
    MATCHINGS.filter((m) => !used.has(m)),
    [],
    'a method no fact names',
  );
});
