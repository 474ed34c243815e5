// A run's reports folder holds only that run's files: an earlier run's reports are removed, the
// files of other commands (an old diff saying "Nothing differs", a merge's shards) are moved aside
// and the console says so; the history, and the run's own inputs kept there, stay.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearEarlierReports } from '../../../src/run/run-outputs';

const root = mkdtempSync(join(tmpdir(), 'run-outputs-'));
after(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string, files: string[]): string {
  const dir = join(root, name);
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), 'x');
  }
  return dir;
}

test("earlier reports removed, other commands' files moved aside and named, the history and the run's inputs kept", () => {
  const dir = folder('reports', [
    'summary.json',
    'conformance-report.html',
    'diff/diff.md',
    'shards/1-of-2/summary.json',
    'notes.txt',
    'history/embedded-sandbox.jsonl',
    'cassette/cassette.json',
  ]);
  const lines = clearEarlierReports(dir, [join(dir, 'cassette'), undefined]);
  assert.deepEqual(readdirSync(dir).sort(), ['cassette', 'history']);
  assert.deepEqual(readdirSync(`${dir}.earlier`).sort(), ['diff', 'notes.txt', 'shards']);
  assert.equal(lines.length, 1);
  assert.match(
    lines[0],
    /^Moved 3 file\(s\) of earlier commands out of .*reports\/ into .*reports\.earlier\/, so that the reports hold only this run's: diff, notes\.txt, shards$/,
  );
  // a second run replaces what was moved aside before, and says nothing when nothing is moved
  writeFileSync(join(dir, 'other.md'), 'x');
  clearEarlierReports(dir, [join(dir, 'cassette')]);
  assert.deepEqual(readdirSync(`${dir}.earlier`), ['other.md']);
  assert.deepEqual(clearEarlierReports(dir, [join(dir, 'cassette')]), []);
});

test('a folder that is a project or a repository is never emptied', () => {
  const dir = folder('project', ['package.json', 'src/index.ts', 'summary.json']);
  assert.deepEqual(clearEarlierReports(dir), []);
  assert.ok(existsSync(join(dir, 'src', 'index.ts')));
  assert.ok(!existsSync(join(dir, 'summary.json')), "the suite's own earlier report is still removed");
});
