// A warm worker of the integration tests (pool.ts): runs `npm run conformance` (and `npm run
// init`) runs one after another in this process, as scripts/mutants/cell-worker.ts does for the mutation run, so that
// node, cucumber, the compiled support code and the XML library start once per worker instead of
// once per run. It runs the compiled runner (build/), as scripts/launch.js does. Each run gets
// exactly the environment it was sent, and its console goes to two files the pool reads when the
// run ends, written synchronously: a run that exits the process (its deadline) loses nothing.
'use strict';
const { closeSync, openSync, writeSync } = require('node:fs');
const { join } = require('node:path');

const BUILD_DIR = join(__dirname, '..', '..', '..', 'build');
const { enableCompileCache } = require('node:module');
if (typeof enableCompileCache === 'function' && !process.env.NODE_DISABLE_COMPILE_CACHE)
  enableCompileCache((process.env.NODE_COMPILE_CACHE ??= join(BUILD_DIR, '.compile-cache')));

const { keepSupportBetweenRuns, runOnce } = require(join(BUILD_DIR, 'src', 'run', 'runner.js'));
keepSupportBetweenRuns();

/** The scripts a worker runs: each resolves to the exit code the script's process would end with. */
const SCRIPTS = {
  conformance: runOnce,
  init: async (argv) => {
    // init ends by setting process.exitCode (src/commands/init/init.ts)
    await require(join(BUILD_DIR, 'src', 'commands', 'init', 'init.js')).main(argv);
    const code = process.exitCode ?? 0;
    process.exitCode = undefined;
    return code;
  },
};

/** The current run's console files (fd), or none between runs (then writes are dropped). */
const out = { stdout: -1, stderr: -1 };
for (const name of ['stdout', 'stderr']) {
  // Replaced before the run masks its console: the masking wraps this, as it wraps a real pipe.
  process[name].write = function (chunk, encoding, cb) {
    if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
    const fd = out[name];
    if (fd >= 0) writeSync(fd, typeof chunk === 'string' ? Buffer.from(chunk, encoding || 'utf8') : chunk);
    if (cb) process.nextTick(cb);
    return true;
  };
}

let busy = false;
process.on('message', (req) => {
  if (busy) throw new Error('warm worker: a run was sent while another was running');
  busy = true;
  for (const k of Object.keys(process.env)) delete process.env[k];
  Object.assign(process.env, req.env);
  out.stdout = openSync(req.stdoutFile, 'w');
  out.stderr = openSync(req.stderrFile, 'w');
  void SCRIPTS[req.script](req.argv).then((code) => {
    for (const name of ['stdout', 'stderr']) {
      closeSync(out[name]);
      out[name] = -1;
    }
    busy = false;
    process.send({ id: req.id, code });
  });
});
process.on('disconnect', () => process.exit(0));
