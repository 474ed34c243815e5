#!/usr/bin/env node
// `node scripts/launch.js <script> [args]`: what every `npm run` script runs. Brings build/ up to
// date (scripts/build.js: only changed files, nothing when nothing changed), then runs the
// compiled script in this process with the remaining arguments.
'use strict';
const { join } = require('node:path');
const { build, BUILD_DIR } = require('./build');

const SCRIPTS = {
  conformance: 'scripts/conformance.js',
  merge: 'scripts/merge.js',
  diff: 'scripts/diff.js',
  explore: 'scripts/explore.js',
  init: 'scripts/init.js',
  report: 'scripts/report.js',
  mutants: 'scripts/mutants.js',
  bench: 'scripts/bench.js',
  docs: 'scripts/docs.js',
  test: 'scripts/test.js',
  quick: 'scripts/quick.js',
  sandbox: 'sandbox/src/cli.js',
};

const name = process.argv[2];
if (!Object.hasOwn(SCRIPTS, name)) {
  console.error(`launch: unknown script ${JSON.stringify(name ?? '')}; one of ${Object.keys(SCRIPTS).join(', ')}`);
  process.exit(2);
}
try {
  build();
} catch (e) {
  console.error(`launch: the build failed: ${e.message}`);
  process.exit(2);
}
// Node 22+ keeps V8's compiled code of every module on disk (module.enableCompileCache): the
// runner and each --parallel worker (forked with this environment) then skip compiling cucumber,
// undici and the suite again. Node 20 has no such cache; the v8-compile-cache hook fails on the
// ES modules cucumber's dependencies load with require(), so there it is left out.
const { enableCompileCache } = require('node:module');
if (typeof enableCompileCache === 'function' && !process.env.NODE_DISABLE_COMPILE_CACHE) {
  process.env.NODE_COMPILE_CACHE ??= join(BUILD_DIR, '.compile-cache');
  enableCompileCache(process.env.NODE_COMPILE_CACHE);
}
// The script reads its own arguments from process.argv.slice(2), as when run directly.
process.argv.splice(2, 1);
require(join(BUILD_DIR, SCRIPTS[name]));
