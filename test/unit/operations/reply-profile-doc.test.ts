// docs/reply-profile.md is the reference of every fact a contract reads: each fact of the registry
// has its row, with every place in the order the reader tries them, and no row names a fact that no
// longer exists (a reply profile naming it would be refused).
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FACTS, FACT_IDS } from '../../../src/operations';

const DOC = readFileSync(join(__dirname, '../../../docs/reply-profile.md'), 'utf8');
/** Table rows by the fact id in their first cell. */
const ROWS = new Map(
  DOC.split('\n')
    .map((line) => [/^\| `([\w.-]+)` \|/.exec(line)?.[1], line] as const)
    .filter((row): row is readonly [string, string] => row[0] !== undefined),
);

test('every fact of the registry has a row in docs/reply-profile.md with all its places, in order', () => {
  for (const f of FACTS) {
    const row = ROWS.get(f.id);
    assert.ok(row, `docs/reply-profile.md has no row for fact ${f.id}`);
    let from = 0;
    for (const place of f.places) {
      // Table cells escape the pipe of an XPath union.
      const at = row.indexOf(`\`${place.replace(/\|/g, '\\|')}\``, from);
      assert.ok(at >= 0, `the row of ${f.id} lacks place ${place}, or lists it out of order`);
      from = at + place.length;
    }
  }
});

test('every fact row of docs/reply-profile.md names a fact of the registry', () => {
  for (const id of ROWS.keys()) assert.ok(FACT_IDS.has(id), `docs/reply-profile.md documents ${id}, which no contract reads`);
});
