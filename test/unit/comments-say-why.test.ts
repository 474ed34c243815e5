// Comments say why, in the repository's own words: none cites an issue number ("issue 18"), which
// nothing in the repository resolves. The reason itself goes in its place.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const FOLDERS = ['src', 'steps', 'sandbox', 'scripts', 'test', 'features', '.ci'];
// This file names the pattern it looks for.
const SELF = __filename;
const CITES_AN_ISSUE = /\bissue #?\d/i;

function* files(dir: string): Generator<string> {
  for (const dirent of readdirSync(dir, { withFileTypes: true })) {
    if (dirent.name === 'node_modules') continue;
    const path = join(dir, dirent.name);
    if (dirent.isDirectory()) yield* files(path);
    else if (/\.(ts|js|mjs|cjs|feature|md|ya?ml|sh)$|^run$/.test(dirent.name)) yield path;
  }
}

test('no comment in the code, its tests or its CI recipes cites an issue number', () => {
  const found: string[] = [];
  let read = 0;
  for (const folder of FOLDERS)
    for (const file of files(join(ROOT, folder))) {
      if (file === SELF) continue;
      read++;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (CITES_AN_ISSUE.test(line)) found.push(`${file.slice(ROOT.length + 1)}:${i + 1}: ${line.trim()}`);
        });
    }
  assert.ok(read > 100, `${read} files read: the folders were not found`);
  assert.deepEqual(found, [], 'say the reason itself instead of the issue');
});
