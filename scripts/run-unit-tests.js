#!/usr/bin/env node
// Runs node's built-in test runner over every *.test.ts under test/ and sandbox/test/ (or the
// folders and files named on the command line).
// Node 20's --test does not expand globs or pick up .ts files, so we list them ourselves.
'use strict';
const { readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

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
const r = spawnSync(process.execPath, ['-r', join(__dirname, 'register-ts.js'), '--test', '--test-concurrency=2', ...times, ...files], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
