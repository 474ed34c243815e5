// Nothing a run prints reaches the console raw. The console of a real
// process is captured: every way of printing (console.log/error/warn, stream writes of strings and
// Buffers, Node's own warnings, an error's stack) goes through the redactor, in every disguise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MASK, Redactor } from '../../../src/safety/masking';
import { scanForSecrets } from '../../../src/safety/scanning';
import { maskStepErrors } from '../../../src/run/run-guard';
import { maskConsole } from '../../../src/safety/masked-console';
import { LOAD_TYPESCRIPT } from '../../support/typescript';

const PW = 'Zx9-Distinct!Pw&<42';
const USER = 'gw-user';
const ncr = [...PW].map((c) => `&#${c.charCodeAt(0)};`).join('');
const basic = `Basic ${Buffer.from(`${USER}:${PW}`).toString('base64')}`;

function consoleOf(script: string): string {
  const mod = (p: string) => JSON.stringify(resolve(__dirname, p));
  const code = `
    const { maskConsole } = require(${mod('../../../src/safety/masked-console.ts')});
    const { Redactor } = require(${mod('../../../src/safety/masking.ts')});
    maskConsole(new Redactor([process.env.PW], { user: ${JSON.stringify(USER)} }));
    ${script}`;
  const spawned = spawnSync(process.execPath, [...LOAD_TYPESCRIPT, '-e', code], {
    env: { ...process.env, PW },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(spawned.status, 0, spawned.stderr);
  return `${spawned.stdout}\n${spawned.stderr}`;
}

function assertClean(out: string): void {
  const d = mkdtempSync(join(tmpdir(), 'console-test-'));
  try {
    writeFileSync(join(d, 'console.txt'), out);
    assert.deepEqual(scanForSecrets(d, [PW]), [], out);
  } finally {
    rmSync(d, { recursive: true, force: true });
  }
}

test('every way of printing is masked, in every disguise', () => {
  const out = consoleOf(`
    const pw = process.env.PW;
    console.log('raw', pw);
    console.error('ncr', ${JSON.stringify(ncr)});
    console.warn('header', ${JSON.stringify(basic)});
    process.stdout.write(Buffer.from('buffer ' + pw + '\\n'));
    process.stderr.write('split ' + pw.slice(0, 7) + '\\n   ' + pw.slice(7) + '\\n');
    process.emitWarning('a warning quoting ' + pw);
    console.error(new Error('a stack quoting ' + encodeURIComponent(pw)));
    console.log(JSON.stringify({ reply: '<E>' + pw + '</E>' }));
  `);
  assertClean(out);
  for (const what of ['raw', 'ncr', 'header', 'buffer', 'split', 'a warning quoting', 'a stack quoting'])
    assert.ok(out.includes(what), `${what} was printed: ${out}`);
  assert.ok(out.split(MASK).length - 1 >= 8, out);
});

test('without the mask the same process would print the secret (the test is not vacuous)', () => {
  const spawned = spawnSync(process.execPath, ['-e', 'console.log(process.env.PW)'], { env: { ...process.env, PW }, encoding: 'utf8' });
  assert.ok(spawned.stdout.includes(PW));
});

test('maskStepErrors: an error thrown by a step or hook is masked before formatters see it', async () => {
  maskConsole(new Redactor([PW], { user: USER }));
  const sync = maskStepErrors(() => {
    throw new Error(`libxml2: element <${PW}> unexpected`);
  });
  assert.throws(
    () => sync(),
    (e: Error) => !e.message.includes(PW) && !e.stack!.includes(PW) && e.message.includes(MASK),
  );
  const async = maskStepErrors(async () => {
    throw new Error(`title: ${ncr}`);
  });
  await assert.rejects(async() as Promise<unknown>, (e: Error) => !e.message.includes('&#68;&#105;') && e.message.includes(MASK));
  const fine = maskStepErrors(function (this: { n: number }, a: unknown) {
    return [this.n, a];
  });
  assert.deepEqual(fine.call({ n: 1 }, 2), [1, 2], 'this and arguments pass through');
});
