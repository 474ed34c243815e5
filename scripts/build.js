#!/usr/bin/env node
// Compiles the TypeScript a run loads (src, steps, scripts, sandbox/src) ONCE into build/, file by
// file, only what changed since the last build. Transpiling in every process (ts-node) was most of
// the start-up, and cucumber's --parallel workers each paid it again (see docs/speed.md).
// Transpile only, like ts-node's transpile-only mode: `npm run typecheck` is where types are checked.
// `node scripts/build.js` builds and says what it did; scripts/launch.js builds before it runs.
'use strict';
const { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const PROJECT_ROOT = join(__dirname, '..');
const BUILD_DIR = join(PROJECT_ROOT, 'build');
/** Folders with the TypeScript that runs load. Tests are not compiled: they run under ts-node. */
const SOURCE_DIRS = ['src', 'steps', 'scripts', 'sandbox/src'];

function walk(dir, keep, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, keep, out);
    else if (keep(e.name)) out.push(p);
  }
  return out;
}

const isSource = (name) => name.endsWith('.ts') && !name.endsWith('.d.ts');
/** Files the code reads beside itself at run time (the conformance report's CSS): copied as they are. */
const isAsset = (name) => name.endsWith('.css');
const mtime = (p) => {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return -1;
  }
};
/** What, when it changes, invalidates every compiled file: the compiler options, the compiler, this builder. */
function stampText(root) {
  const tsVersion = JSON.parse(readFileSync(require.resolve('typescript/package.json'), 'utf8')).version;
  return JSON.stringify({ tsconfig: readFileSync(join(root, 'tsconfig.json'), 'utf8'), tsVersion, builder: mtime(__filename) });
}

// Written beside and renamed: two processes building at once (tests run in parallel) never
// see a half-written file.
function writeAtomically(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/**
 * Brings build/ up to date. Cheap when nothing changed (a stat per file, no compiler loaded).
 * Returns how many files were compiled and how many stale outputs were removed.
 */
function build(root = PROJECT_ROOT) {
  const buildDir = join(root, 'build');
  const outputOf = (src) => join(buildDir, relative(root, src)).replace(/\.ts$/, '.js');
  const stampFile = join(buildDir, '.stamp');
  const sources = SOURCE_DIRS.flatMap((d) => walk(join(root, d), isSource));
  const stamp = stampText(root);
  const all = !existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp;
  const stale = all ? sources : sources.filter((s) => mtime(outputOf(s)) < mtime(s));
  if (stale.length > 0) {
    const ts = require('typescript');
    const parsed = ts.readConfigFile(join(root, 'tsconfig.json'), (f) => readFileSync(f, 'utf8'));
    if (parsed.error) throw new Error(`tsconfig.json: ${ts.flattenDiagnosticMessageText(parsed.error.messageText, '\n')}`);
    const { options } = ts.convertCompilerOptionsFromJson(parsed.config.compilerOptions ?? {}, root);
    const compilerOptions = { ...options, noEmit: false, sourceMap: false, inlineSourceMap: false, declaration: false };
    for (const src of stale) {
      const out = ts.transpileModule(readFileSync(src, 'utf8'), { fileName: src, compilerOptions, reportDiagnostics: false });
      writeAtomically(outputOf(src), out.outputText);
    }
  }
  const assetOutput = (src) => join(buildDir, relative(root, src));
  const assets = SOURCE_DIRS.flatMap((d) => walk(join(root, d), isAsset));
  for (const a of assets.filter((a) => all || mtime(assetOutput(a)) < mtime(a))) {
    mkdirSync(dirname(assetOutput(a)), { recursive: true });
    copyFileSync(a, assetOutput(a));
  }
  // A deleted or renamed source must not leave its old output behind: steps are loaded by glob.
  const wanted = new Set([...sources.map(outputOf), ...assets.map(assetOutput)]);
  const orphans = SOURCE_DIRS.flatMap((d) => walk(join(buildDir, d), (n) => n.endsWith('.js') || isAsset(n))).filter((o) => !wanted.has(o));
  for (const o of orphans) rmSync(o, { force: true });
  if (all) writeAtomically(stampFile, stamp);
  return { compiled: stale.length, removed: orphans.length, sources: sources.length };
}

module.exports = { build, BUILD_DIR, SOURCE_DIRS };

if (require.main === module) {
  try {
    const r = build();
    console.log(`build/: ${r.compiled} of ${r.sources} files compiled, ${r.removed} stale outputs removed`);
  } catch (e) {
    console.error(`build failed: ${e.message}`);
    process.exit(2);
  }
}
