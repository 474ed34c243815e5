// `npm run conformance` runs compiled code (scripts/launch.js, build/): neither the runner nor its
// --parallel workers transpile TypeScript. A guard preloaded in every process (NODE_OPTIONS reaches
// the workers) fails any process that loads ts-node or the TypeScript compiler.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, removeTempDirs, runConformance, tempDir } from './helpers';

after(removeTempDirs);

test('the runner and its --parallel workers load no ts-node and no TypeScript compiler', async () => {
  // Built first: the launcher loads the compiler when (and only when) a source changed.
  (require('../../scripts/build.js') as { build: () => unknown }).build();
  const guard = join(tempDir(), 'no-transpiler.js');
  writeFileSync(
    guard,
    `const Module = require('module');
const load = Module._load;
Module._load = function (request, ...rest) {
  if (/^(ts-node|typescript)(\\/|$)/.test(request)) {
    console.error('TRANSPILER LOADED: ' + request);
    process.exit(99);
  }
  return load.call(this, request, ...rest);
};
`,
  );
  const runResult = await runConformance({
    args: ['--tags', '@op:hotelnbc', '--parallel', '2'],
    env: { NODE_OPTIONS: `--require ${guard}` },
    timeoutMs: 180_000,
  });
  assert.doesNotMatch(runResult.stderr + runResult.stdout, /TRANSPILER LOADED/, describeRun(runResult));
  assert.equal(runResult.code, 4, describeRun(runResult));
});
