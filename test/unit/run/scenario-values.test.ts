// Booking references never collide, whatever OTA_RUN_ID is reused or shared: each process draws
// its own nonce (a re-run, a shard, a parallel worker), and the nonce and sequence are never cut.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { newReference } from '../../../src/run/scenario-values';
import { LOAD_TYPESCRIPT } from '../../support/typescript';

const ROOT = join(__dirname, '../../..');

function referencesOfAProcess(runId: string, n: number): string[] {
  const code = `const { newReference } = require('./src/run/scenario-values'); const out = []; for (let i = 0; i < ${n}; i++) out.push(newReference(${JSON.stringify(runId)}, 'B')); console.log(JSON.stringify(out));`;
  const spawned = spawnSync(process.execPath, [...LOAD_TYPESCRIPT, '-e', code], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(spawned.status, 0, spawned.stderr);
  return JSON.parse(spawned.stdout) as string[];
}

test('two processes with the same run id (a re-run, two shards) draw different references', () => {
  const list = referencesOfAProcess('SAMERUN', 50);
  const b = referencesOfAProcess('SAMERUN', 50);
  assert.equal(new Set([...list, ...b]).size, 100);
});

test('a long run id is cut, never the part that makes the reference unique', () => {
  const long = 'X'.repeat(60);
  const refs = Array.from({ length: 20 }, () => newReference(long, 'I', 'NONCE1'));
  for (const ref of refs) assert.ok(ref.length <= 32, ref);
  assert.equal(new Set(refs).size, refs.length);
  assert.match(refs[0], /^OTAIX+NONCE1\d{4}$/);
});

test('references carry only characters every gateway accepts in an ID', () => {
  assert.match(newReference('run-id_2026.11:22', 'B', 'ABC123'), /^[A-Za-z0-9]+$/);
});
