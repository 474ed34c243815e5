// Replays need nothing but the cassette: a cassette recorded under other
// credentials (with an Instance), in another dialect, or from another gateway altogether (Alba), is
// replayed with no URL and no secret set, and gives the recorded verdict and the recorded outcome of
// every requirement and scenario. And the pull-request workflow's replay job, run end to end as
// GitHub would run its steps (the real npm, a fake gh that hands over the cassette), concludes what
// the night did, with no secret in its environment.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance, targetEnv, tempDir, type RunResult } from './helpers';
import { VARIANT_COMBINATIONS } from '../../scripts/mutants/matrix';
import { albaEnv, startOtaLiteralGateway } from '../support/gateways/ota-literal';
import type { ConformanceResult } from '../../src/reporting/result';

after(removeTempDirs);

/** Credentials no sandbox default shares, of other lengths, with an Instance. */
const OTHER = {
  OTA_REQUESTOR_ID: 'NIGHTLY-AGENCY-WITH-A-LONGER-ID-0042',
  OTA_REQUESTOR_CONTEXT: 'NIGHTLY-CTX',
  OTA_REQUESTOR_INSTANCE: 'INSTANCE-7',
  OTA_USER: 'nightly.runner@example.com',
  OTA_PASSWORD: 'Night!Secret-77-not-the-sandbox',
};
const summary = (r: RunResult) => JSON.parse(readFileSync(join(r.reportsDir, 'summary.json'), 'utf8')) as ConformanceResult;
const conclusions = (s: ConformanceResult) => ({
  verdict: s.verdict,
  requirements: Object.fromEntries(s.requirements.map((q) => [q.id, q.outcome])),
  scenarios: Object.fromEntries(s.scenarios.map((x) => [x.id, x.status])),
});

interface Recorded {
  cassette: string;
  run: RunResult;
}
const recordings = new Map<string, Promise<Recorded>>();

async function record(name: string, env: Record<string, string>): Promise<Recorded> {
  const cassette = join(tempDir('ota-cassette-'), name);
  const run = await runConformance({ args: ['--record', cassette, '--summary-only'], env, timeoutMs: 150_000 });
  return { cassette, run };
}

before(() => {
  // one at a time: each run is a child process on a 2-core machine
  let chain: Promise<unknown> = Promise.resolve();
  const queue = (name: string, job: () => Promise<Recorded>) => {
    const promise = chain.then(job);
    chain = promise.catch(() => undefined);
    recordings.set(name, promise);
  };
  for (const c of VARIANT_COMBINATIONS) queue(c.name, () => record(c.name, { ...OTHER, OTA_SANDBOX_VARIANTS: c.variants.join(',') }));
  queue('alba-terse', async () => {
    const gw = await startOtaLiteralGateway({ dialect: 'terse' });
    try {
      return await record('alba-terse', targetEnv(gw.url, albaEnv('terse')));
    } finally {
      await gw.close();
    }
  });
});

for (const name of [...VARIANT_COMBINATIONS.map((c) => c.name), 'alba-terse'])
  test(`a cassette of ${name === 'alba-terse' ? 'Alba (terse), another gateway' : `the sandbox as ${name}`}, under other credentials: replayed with no URL and no secret, it concludes what was recorded`, async () => {
    const { cassette, run } = await recordings.get(name)!;
    assert.ok(existsSync(join(cassette, 'cassette.json')), describeRun(run));
    // nothing of the recording's configuration is set: no URL, no credentials, no profile, no variants
    const replayed = await runConformance({ args: ['--replay', cassette, '--summary-only'], timeoutMs: 150_000 });
    assert.equal(replayed.code, run.code, describeRun(replayed));
    assert.deepEqual(conclusions(summary(replayed)), conclusions(summary(run)));
  });

// ---- the pull-request workflow's replay job, end to end ----

const RECIPE = '.ci/github/conformance-pr.yml';

interface Step {
  name?: string;
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}

/** The job's `run:` steps in order, as the runner would (the `if:` forms the recipe uses); `uses:` steps are skipped. */
function runReplayJob(workdir: string, bin: string): { failed: boolean; outputs: Record<string, Record<string, string>>; log: string } {
  const steps = (parse(readFileSync(join(PROJECT_ROOT, RECIPE), 'utf8')) as { jobs: Record<string, { steps: Step[] }> }).jobs.replay.steps;
  const outputs: Record<string, Record<string, string>> = {};
  const value = (e: string) => {
    const match = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e.trim());
    if (match) return outputs[match[1]]?.[match[2]] ?? '';
    return (
      { 'github.token': 'fake-token', 'github.repository': 'owner/suite', 'github.event.repository.default_branch': 'main' }[e.trim()] ??
      assert.fail(`unknown expression ${e}`)
    );
  };
  const holds = (cond: string) =>
    cond.split('&&').every((t) => {
      if (t.trim() === 'always()') return true;
      const match = /^(.+?)\s*(==|!=)\s*'([^']*)'$/.exec(t.trim());
      assert.ok(match, `unknown condition ${t}`);
      return (value(match[1]) === match[3]) === (match[2] === '==');
    });
  let failed = false;
  let log = '';
  for (const [i, s] of steps.entries()) {
    if (s.uses || !s.run || (s.if ? !(s.if.includes('always()') || !failed) || !holds(s.if) : failed)) continue;
    const out = join(workdir, `.out${i}`);
    writeFileSync(out, '');
    const env: Record<string, string> = {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: process.env.HOME ?? '/tmp',
      GITHUB_OUTPUT: out,
      GITHUB_STEP_SUMMARY: join(workdir, '.summary'),
    };
    for (const [k, v] of Object.entries(s.env ?? {})) env[k] = String(v).replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, e: string) => value(e));
    const spawned = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', s.run], {
      cwd: workdir,
      env,
      encoding: 'utf8',
      timeout: 300_000,
    });
    log += `--- ${s.name ?? s.id}\n${spawned.stdout}${spawned.stderr}`;
    if (s.id)
      outputs[s.id] = Object.fromEntries(
        readFileSync(out, 'utf8')
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
    if (spawned.status !== 0) failed = true;
  }
  return { failed, outputs, log };
}

test(`${RECIPE} replay job, end to end: the nightly cassette of another dialect and other credentials, replayed with no secret, concludes what the night did`, async () => {
  const { cassette, run } = await recordings.get('acme')!;
  assert.ok(existsSync(join(cassette, 'cassette.json')), describeRun(run));
  const root = tempDir('ota-pr-replay-');
  const workdir = join(root, 'suite');
  const bin = join(root, 'bin');
  mkdirSync(workdir, { recursive: true });
  mkdirSync(bin);
  cpSync(cassette, join(root, 'nightly-cassette'), { recursive: true });
  // gh: the newest nightly run has the cassette; npm: the suite itself, run from the job's folder
  writeFileSync(
    join(bin, 'gh'),
    `#!/bin/sh\ncase "$1 $2" in\n  "run list") echo 41 ;;\n  "run download") mkdir -p cassette && cp -r "${join(root, 'nightly-cassette')}/." cassette/ ;;\n  *) exit 127 ;;\nesac\n`,
  );
  writeFileSync(
    join(bin, 'npm'),
    // (as if the suite were checked out here: its reports and ledger are this folder's)
    `#!/bin/sh\n[ "$1" = ci ] && exit 0\n[ "$1" = run ] || exit 127\nscript="$2"; shift 2; [ "$1" = -- ] && shift\n` +
      `export OTA_REPORTS_DIR="$PWD/reports" OTA_LEDGER_FILE="$PWD/.ledger/bookings.jsonl"\n` +
      `exec "${process.execPath}" "${join(PROJECT_ROOT, 'scripts/launch.js')}" "$script" "$@"\n`,
  );
  chmodSync(join(bin, 'gh'), 0o755);
  chmodSync(join(bin, 'npm'), 0o755);
  const job = runReplayJob(workdir, bin);
  assert.equal(job.outputs.fetch?.found, 'true', job.log);
  assert.equal(job.outputs.conformance?.['exit-code'], String(run.code), job.log);
  assert.equal(job.outputs.diff?.['exit-code'], '0', job.log);
  assert.equal(job.failed, false, job.log);
  assert.match(job.log, /The replay concludes what the night did/);
});
