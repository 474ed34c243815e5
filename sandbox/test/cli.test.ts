// `npm run sandbox -- --port <n>` prints its URL, serves, and stops cleanly on SIGTERM.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { it } from 'node:test';
import { VARIANT_LIST } from '../src/variants';
import { fill, post } from './helpers';

const ROOT = join(__dirname, '..', '..');

function run(args: string[]) {
  return spawn(process.execPath, ['scripts/launch.js', 'sandbox', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function firstLine(child: ReturnType<typeof run>): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code} before printing`)));
  });
}

it('starts on the given port, prints the URL, answers, and exits 0 on SIGTERM', async () => {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = run(['--port', String(port)]);
  try {
    const line = await firstLine(child);
    assert.equal(line, `OTA sandbox listening on http://127.0.0.1:${port}`);
    const reply = await post(
      `http://127.0.0.1:${port}`,
      'activitysearch',
      fill('activitysearch', { start: '2099-01-01', end: '2099-01-03' }),
    );
    assert.equal(reply.status, 200);
    assert.match(reply.body, /<Success\/>/);
  } finally {
    const exited = new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  }
});

it('an unknown fault is an error listing the valid ones', async () => {
  const child = run(['--port', '0', '--fault', 'no-such-fault']);
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
  assert.notEqual(code, 0);
  assert.match(err, /unknown fault no-such-fault; valid faults: wrong-namespace, /);
});

it('--list-variants lists every dialect variant with its declared warnings', async () => {
  const child = run(['--list-variants']);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
  assert.equal(code, 0);
  for (const v of VARIANT_LIST) assert.match(out, new RegExp(`^${v.name} `, 'm'));
  assert.match(out, /^no-optional-echoes +EP-ECHOTOKEN /m);
});

it('--variant (repeatable) switches variants on; an unknown one is an error listing the valid ones', async () => {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = run(['--port', String(port), '--variant', 'prefixed-namespace', '--variant', 'http-4xx-errors']);
  try {
    await firstLine(child);
    const reply = await post(`http://127.0.0.1:${port}`, 'hotelnbc', fill('hotelnbc', { hotelCode: 'NOPE' }));
    assert.equal(reply.status, 404);
    assert.match(reply.body, /<ota:OTA_HotelDescriptiveInfoRS /);
  } finally {
    const exited = new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  }
  const bad = run(['--port', '0', '--variant', 'no-such-variant']);
  let err = '';
  bad.stderr!.on('data', (d) => (err += d));
  assert.notEqual(await new Promise<number | null>((res) => bad.on('exit', (c) => res(c))), 0);
  assert.match(err, /unknown variant no-such-variant; valid variants: prefixed-namespace, /);
});
