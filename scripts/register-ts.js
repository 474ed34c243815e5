// `node -r ./scripts/register-ts.js`: loads TypeScript files as ts-node's transpile-only mode does
// (each file transpiled alone with the project's compiler options, no type check: `npm run
// typecheck` is where types are checked), and keeps the output on disk (build/.ts-cache/), so that a
// file is transpiled once, not once per process. The unit tests run under it (scripts/run-unit-tests.js):
// each test file is a process of its own, and ts-node transpiled every module it loaded again, and
// loaded the compiler to do it, in every one of them. The compiler is loaded only when a file is not
// in the cache. Stack traces point at the TypeScript lines (inline source maps).
'use strict';
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const PROJECT_ROOT = join(__dirname, '..');
const CACHE_DIR = process.env.OTA_TS_CACHE_DIR || join(PROJECT_ROOT, 'build', '.ts-cache');

let ts;
let compilerOptions;
let stamp;

/** What, when it changes, changes every output: the compiler options, the compiler, this hook. */
function stampText() {
  const tsVersion = JSON.parse(readFileSync(require.resolve('typescript/package.json'), 'utf8')).version;
  return [readFileSync(join(PROJECT_ROOT, 'tsconfig.json'), 'utf8'), tsVersion, readFileSync(__filename, 'utf8')].join('\0');
}

function options() {
  ts ??= require('typescript');
  if (!compilerOptions) {
    const parsed = ts.readConfigFile(join(PROJECT_ROOT, 'tsconfig.json'), (f) => readFileSync(f, 'utf8'));
    if (parsed.error) throw new Error(`tsconfig.json: ${ts.flattenDiagnosticMessageText(parsed.error.messageText, '\n')}`);
    const { options: o } = ts.convertCompilerOptionsFromJson(parsed.config.compilerOptions ?? {}, PROJECT_ROOT);
    compilerOptions = { ...o, noEmit: false, sourceMap: false, inlineSourceMap: true, inlineSources: false, declaration: false };
  }
  return compilerOptions;
}

// Written beside and renamed: test processes running side by side never read a half-written file.
function writeAtomically(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** The JavaScript of a TypeScript source: from the cache, or transpiled and cached. */
function transpile(source, filename) {
  stamp ??= stampText();
  const key = createHash('sha256').update(stamp).update('\0').update(filename).update('\0').update(source).digest('hex');
  const file = join(CACHE_DIR, key.slice(0, 2), `${key}.js`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    const out = transpileFresh(source, filename);
    try {
      writeAtomically(file, out);
    } catch {
      // A cache that cannot be written (a read-only clone) costs time, never correctness.
    }
    return out;
  }
}

function transpileFresh(source, filename) {
  const compilerOptions = options();
  return ts.transpileModule(source, { fileName: filename, compilerOptions, reportDiagnostics: false }).outputText;
}

process.setSourceMapsEnabled(true);
require.extensions['.ts'] = function loadTypeScript(module, filename) {
  module._compile(transpile(readFileSync(filename, 'utf8'), filename), filename);
};

module.exports = { transpile, CACHE_DIR };
