#!/usr/bin/env node
// Runs node's built-in test runner over every *.test.ts under test/ and sandbox/test/ (or the
// folders and files named on the command line).
// Node 20's --test does not expand globs or pick up .ts files, so we list them ourselves.
'use strict';
const { readdirSync, statSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, sep } = require('node:path');
const { fork, spawn } = require('node:child_process');

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['test', 'sandbox/test'];
const files = [];
function walk(dir) {
  if (dir.endsWith('.test.ts')) {
    files.push(dir);
    return;
  }
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries.sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.ts')) files.push(p);
  }
}
roots.forEach(walk);
if (files.length === 0) {
  console.error(`no *.test.ts files under ${roots.join(', ')}`);
  process.exit(1);
}
// OTA_TEST_TIMES=<file>: also write each test file's time there (scripts/test-times-reporter.mjs).
const times = process.env.OTA_TEST_TIMES
  ? [
      `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
      '--test-reporter-destination=stdout',
      `--test-reporter=${join(__dirname, 'test-times-reporter.mjs')}`,
      `--test-reporter-destination=${process.env.OTA_TEST_TIMES}`,
    ]
  : [];
const nodeTest = () =>
  new Promise((done) => {
    const args = ['-r', join(__dirname, 'register-ts.js'), '--test', '--test-concurrency=2', ...times, ...files];
    spawn(process.execPath, args, { stdio: 'inherit' }).on('close', (code) => done(code ?? 1));
  });

// The integration tests' suite runs go to warm worker processes (test/support/warm-runs/): one
// pool, a worker per core, shared by every test file through a local socket.
async function main() {
  if (!files.some((f) => f.split(sep).includes('integration'))) return nodeTest();
  const socket = join(tmpdir(), `ota-warm-${process.pid}.sock`);
  const server = fork(join(__dirname, '..', 'test', 'support', 'warm-runs', 'server.ts'), [socket], {
    execArgv: ['-r', join(__dirname, 'register-ts.js')],
    stdio: 'inherit',
  });
  await new Promise((ready, fail) => {
    server.once('message', ready);
    server.once('exit', (code) => fail(new Error(`the warm pool did not start (exit ${code})`)));
  });
  process.env.OTA_WARM_POOL = socket;
  try {
    return await nodeTest();
  } finally {
    // waited for: the pool's CPU time is counted with the tests' (GNU time, the bench)
    await new Promise((r) => server.once('exit', r).kill('SIGTERM'));
  }
}
main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e.message);
    process.exit(1);
  },
);
