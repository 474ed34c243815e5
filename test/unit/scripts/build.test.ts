// Compile once (scripts/build.js): only what changed is compiled again, a deleted
// source leaves no output behind (steps are loaded by glob), and a change of compiler options
// rebuilds everything.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const { build } = require('../../../scripts/build.js') as {
  build: (root: string) => { compiled: number; removed: number; sources: number };
};

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-test-'));
  const put = (p: string, text: string) => {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  };
  put('tsconfig.json', JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'node16', strict: true } }));
  put('src/a.ts', 'export const a: number = 1;\n');
  put('steps/s.ts', "import { a } from '../src/a';\nexport const s = a + 1;\n");
  put('sandbox/src/x.d.ts', 'export declare const x: number;\n');
  return root;
}

/** Makes a file look edited later than its output (mtime resolution differs between file systems). */
function edit(root: string, p: string, text: string): void {
  writeFileSync(join(root, p), text);
  const later = new Date(Date.now() + 5_000);
  utimesSync(join(root, p), later, later);
}

test('compiles every source once, then nothing until a source changes', () => {
  const root = project();
  try {
    assert.deepEqual(build(root), { compiled: 2, removed: 0, sources: 2 });
    assert.match(readFileSync(join(root, 'build/src/a.js'), 'utf8'), /exports\.a = 1/);
    assert.ok(existsSync(join(root, 'build/steps/s.js')));
    assert.ok(!existsSync(join(root, 'build/sandbox/src/x.d.js')), 'declaration files are not compiled');
    assert.deepEqual(build(root), { compiled: 0, removed: 0, sources: 2 });
    edit(root, 'src/a.ts', 'export const a: number = 2;\n');
    assert.deepEqual(build(root), { compiled: 1, removed: 0, sources: 2 });
    assert.match(readFileSync(join(root, 'build/src/a.js'), 'utf8'), /exports\.a = 2/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a deleted source leaves no output; other compiler options rebuild everything', () => {
  const root = project();
  try {
    build(root);
    rmSync(join(root, 'steps/s.ts'));
    assert.deepEqual(build(root), { compiled: 0, removed: 1, sources: 1 });
    assert.ok(!existsSync(join(root, 'build/steps/s.js')));
    edit(root, 'tsconfig.json', JSON.stringify({ compilerOptions: { target: 'ES2020', module: 'node16', strict: true } }));
    assert.deepEqual(build(root), { compiled: 1, removed: 0, sources: 1 });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
