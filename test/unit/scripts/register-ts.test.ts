// The caching TypeScript hook the unit tests run under (scripts/register-ts.js): a file runs as
// ts-node's transpile-only mode runs it; the second process loads it from the cache without
// loading the compiler; a changed file is transpiled again, never served stale; stack traces name
// the TypeScript lines.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOAD_TYPESCRIPT } from '../../support/typescript';

const dir = mkdtempSync(join(tmpdir(), 'register-ts-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const cache = join(dir, 'cache');

/** Runs main.ts under the hook; prints what it computed and whether the compiler was loaded. */
function run(): { out: string; compilerLoaded: boolean; stderr: string; status: number | null } {
  const probe = `process.on('exit', () => console.log('compiler:' + Object.keys(require.cache).some((k) => k.includes('node_modules/typescript/'))));`;
  const spawned = spawnSync(process.execPath, [...LOAD_TYPESCRIPT, '-e', `${probe} require(${JSON.stringify(join(dir, 'main.ts'))});`], {
    env: { ...process.env, OTA_TS_CACHE_DIR: cache },
    encoding: 'utf8',
  });
  const lines = spawned.stdout.trim().split('\n');
  return {
    out: lines.slice(0, -1).join('\n'),
    compilerLoaded: lines.at(-1) === 'compiler:true',
    stderr: spawned.stderr,
    status: spawned.status,
  };
}

test('types are erased, imports resolve, and the second process reads the cache without loading the compiler', () => {
  writeFileSync(join(dir, 'shape.ts'), 'export interface Shape { side: number }\nexport const area = (s: Shape): number => s.side ** 2;\n');
  writeFileSync(
    join(dir, 'main.ts'),
    "import { area, type Shape } from './shape';\nconst s: Shape = { side: 3 };\nconsole.log(area(s));\n",
  );
  const first = run();
  assert.equal(first.status, 0, first.stderr);
  assert.deepEqual([first.out, first.compilerLoaded], ['9', true]);
  const second = run();
  assert.deepEqual([second.out, second.compilerLoaded], ['9', false]);
});

test('a changed file is transpiled again, never served from the cache', () => {
  writeFileSync(join(dir, 'shape.ts'), 'export interface Shape { side: number }\nexport const area = (s: Shape): number => s.side * 4;\n');
  const r = run();
  assert.deepEqual([r.out, r.compilerLoaded], ['12', true]);
});

test('a stack trace names the line of the TypeScript source', () => {
  writeFileSync(
    join(dir, 'main.ts'),
    "import type { Shape } from './shape';\n\ninterface Unused {\n  a: number;\n}\nconst s: Shape | Unused = { side: 1 };\nthrow new Error(`line 7 ${JSON.stringify(s)}`);\n",
  );
  const r = run();
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /main\.ts:7:\d+/);
});
