// The file list of docs/architecture.md (scripts/docs/layout.ts): every source file of a folder,
// from the tree, with the first sentence of its header comment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { headerSentence, layoutTable } from '../../../../scripts/docs/layout';

test('the header sentence: the first sentence of the leading comment, after a shebang; none without one', () => {
  assert.equal(headerSentence('// Reads a reply. Then more.\n// And more.\ncode'), 'Reads a reply.');
  assert.equal(
    headerSentence('#!/usr/bin/env node\n// Compiles once into build/, file by\n// file. Rest.\n'),
    'Compiles once into build/, file by file.',
  );
  assert.equal(
    headerSentence('// `npm test`: every check, in phases (scripts/phases.ts). Next'),
    '`npm test`: every check, in phases (scripts/phases.ts).',
  );
  assert.equal(headerSentence('import x from "y";\n// late comment'), '');
  const long = headerSentence(`// ${'word '.repeat(100)}end.`);
  assert.ok(long.length <= 242 && long.endsWith(' …'), long);
});

test('the table lists every source file of the folder, nested ones too, and nothing else', () => {
  const root = mkdtempSync(join(tmpdir(), 'layout-'));
  try {
    mkdirSync(join(root, 'src', 'run'), { recursive: true });
    writeFileSync(join(root, 'src', 'run', 'runner.ts'), '// The main job | in phases. More.\n');
    writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'src', 'types.d.ts'), '// declarations\n');
    writeFileSync(join(root, 'src', 'notes.md'), '# not code\n');
    assert.equal(
      layoutTable('src', root),
      [
        '| File | What it holds (its header comment) |',
        '|---|---|',
        '| `src/a.ts` | – |',
        '| `src/run/runner.ts` | The main job \\| in phases. |',
      ].join('\n'),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
