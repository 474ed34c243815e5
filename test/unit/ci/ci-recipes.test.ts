// The CI recipes under .ci/ are files users copy: they must parse, be valid, call
// only what the suite has, never hold a secret, publish the reports even when the run fails (but
// never after exit 3, a secret found in them), and fail on every exit code but 0 (exit 4, NOT
// DETERMINED, is not a pass). GitHub workflows are validated against the workflow schema by
// @action-validator/core (WebAssembly with the schema compiled in: offline). GitLab has no offline
// validator on npm that runs on Node 20, so its files get the structural checks below. Then the
// shell of every job is run for real, with a fake npm that exits with each code, 0 to 4.
import { after, describe, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseDocument } from 'yaml';

const ROOT = resolve(__dirname, '..', '..', '..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

const GITHUB_PR = '.ci/github/conformance-pr.yml';
const GITHUB_NIGHTLY = '.ci/github/conformance-nightly.yml';
const GITHUB_SHARDED = '.ci/github/conformance-sharded.yml';
const GITLAB = '.ci/gitlab/.gitlab-ci.yml';
const GITLAB_SHARDED = '.ci/gitlab/conformance-sharded.gitlab-ci.yml';
const EXPECTED_RECIPES = [GITHUB_NIGHTLY, GITHUB_PR, GITHUB_SHARDED, GITLAB, GITLAB_SHARDED];

/**
 * What a recipe calls before the suite has it: excused from the "exists" checks by name, one entry
 * per file and script or option, and checked to be still missing, so that an entry is removed (and
 * the recipe checked in full) as soon as what it waits for lands. Nothing else is skipped.
 */
// Recipes may name a script or option the suite does not have yet only through this list, each
// entry saying what it waits for (empty: every recipe is checked in full).
const WAITING: readonly { file: string; script?: string; option?: string }[] = [];

/** The gateway credentials: from secrets (GitHub) or masked CI/CD variables (GitLab), never a value. */
const CREDENTIALS = ['OTA_BASE_URL', 'OTA_REQUESTOR_ID', 'OTA_REQUESTOR_CONTEXT', 'OTA_REQUESTOR_INSTANCE', 'OTA_USER', 'OTA_PASSWORD'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown, what: string): Obj => {
  assert.ok(isObj(v), `${what} is not a mapping`);
  return v;
};
const arr = (v: unknown, what: string): unknown[] => {
  assert.ok(Array.isArray(v), `${what} is not a list`);
  return v;
};

function recipeFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const dirent of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, dirent.name);
      if (dirent.isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(dirent.name)) out.push(relative(ROOT, p));
    }
  };
  walk(join(ROOT, '.ci'));
  return out.sort();
}

const docs = new Map<string, Obj>();
function load(file: string): Obj {
  let d = docs.get(file);
  if (!d) {
    const doc = parseDocument(readFileSync(join(ROOT, file), 'utf8'), { uniqueKeys: true, prettyErrors: true });
    assert.deepEqual(
      [...doc.errors, ...doc.warnings].map((e) => e.message),
      [],
      `${file} does not parse as YAML`,
    );
    d = obj(doc.toJS({ maxAliasCount: 100 }), file);
    docs.set(file, d);
  }
  return d;
}

/** Every string value in a document, with its path (comments are not values). */
function strings(v: unknown, path = ''): [string, string][] {
  if (typeof v === 'string') return [[path, v]];
  if (Array.isArray(v)) return v.flatMap((x, i) => strings(x, `${path}[${i}]`));
  if (isObj(v)) return Object.entries(v).flatMap(([k, x]) => strings(x, `${path}.${k}`));
  return [];
}

/** Every mapping in a document, with its path. */
function mappings(v: unknown, path = ''): [string, Obj][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => mappings(x, `${path}[${i}]`));
  if (!isObj(v)) return [];
  return [[path, v], ...Object.entries(v).flatMap(([k, x]) => mappings(x, `${path}.${k}`))];
}

/** The npm scripts a recipe calls: `npm run X`, `npm run-script X`, `npm test`. */
function npmScripts(file: string): Set<string> {
  const found = new Set<string>();
  for (const [, s] of strings(load(file))) {
    for (const match of s.matchAll(/\bnpm\s+(?:run|run-script)\s+([\w.-]+(?::[\w.-]+)*)/g)) found.add(match[1]);
    for (const m of s.matchAll(/\bnpm\s+(test|start|stop|restart)\b/g)) found.add(m[1]);
  }
  return found;
}

/** The arguments of every `npm run conformance -- ...` in a recipe, expressions and variables replaced by 1. */
function conformanceArguments(file: string): string[][] {
  const out: string[][] = [];
  for (const [, s] of strings(load(file)))
    for (const line of s.split('\n')) {
      const match = /\bnpm run conformance(?:\s+--\s+(.*))?$/.exec(line.replace(/\s#.*$/, '').trim());
      if (!match) continue;
      const args = (match[1] ?? '')
        .replace(/\$\{\{[^}]*\}\}/g, '1')
        .replace(/\$\{?[A-Za-z_][A-Za-z0-9_]*\}?/g, '1')
        .replace(/["']/g, '')
        .split(/\s+/)
        .filter(Boolean);
      out.push(args);
    }
  return out;
}

async function runRunner(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const childProcessWithoutNullStreams = spawn(process.execPath, ['scripts/launch.js', 'conformance', ...args], {
      cwd: ROOT,
      env: { ...process.env, OTA_BASE_URL: '' },
    });
    let output = '';
    childProcessWithoutNullStreams.stdout.on('data', (b: Buffer) => (output += b.toString()));
    childProcessWithoutNullStreams.stderr.on('data', (b: Buffer) => (output += b.toString()));
    const timer = setTimeout(() => childProcessWithoutNullStreams.kill('SIGKILL'), 90_000);
    childProcessWithoutNullStreams.on('error', fail);
    childProcessWithoutNullStreams.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

void describe('the recipes parse', () => {
  void test('.ci/ holds the recipes for both CI systems, and every one parses as YAML', () => {
    assert.deepEqual(recipeFiles(), [...EXPECTED_RECIPES].sort());
    for (const f of recipeFiles()) load(f);
  });

  void test('no recipe needs a second repository: nothing names ../shared or a shared project', () => {
    for (const f of recipeFiles()) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      assert.ok(!/\.\.\/shared|OTA_SHARED_/.test(text), `${f} still needs ../shared`);
    }
  });

  void test('docs/ci.md (linked from the README) names every recipe', () => {
    const text = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    for (const f of EXPECTED_RECIPES) assert.ok(text.includes(f), `the "Running in CI" text does not name ${f}`);
  });
});

void describe('GitHub Actions workflows', () => {
  const workflows = [GITHUB_PR, GITHUB_NIGHTLY, GITHUB_SHARDED];

  void test('validate against the workflow schema (offline: @action-validator/core)', () => {
    let validator: { validateWorkflow(src: string): { errors: unknown[] } };
    try {
      validator = require('@action-validator/core') as typeof validator;
    } catch {
      assert.fail('@action-validator/core is not installed: it is a devDependency of this project (npm ci installs it)');
    }
    // the validator validates: a mistyped event is refused
    assert.ok(
      validator.validateWorkflow('on:\n  pull_requests:\njobs:\n  a:\n    runs-on: x\n    steps: [{ run: echo }]\n').errors.length > 0,
      'the validator accepts anything',
    );
    for (const workflow of workflows) {
      const r = validator.validateWorkflow(readFileSync(join(ROOT, workflow), 'utf8'));
      assert.deepEqual(r.errors, [], `${workflow} is not a valid workflow:\n${JSON.stringify(r.errors, null, 2)}`);
    }
  });

  const steps = (file: string, job: string): Obj[] =>
    arr(obj(obj(obj(load(file).jobs, `${file} jobs`)[job], `${file} job ${job}`), job).steps, `${job}.steps`).map((s, i) =>
      obj(s, `${job} step ${i}`),
    );
  const allSteps = (file: string): Obj[] => Object.keys(obj(load(file).jobs, 'jobs')).flatMap((j) => steps(file, j));
  const step = (file: string, job: string, id: string): Obj => {
    const obj = steps(file, job).find((x) => x.id === id);
    assert.ok(obj, `${file}: job ${job} has no step ${id}`);
    return obj;
  };

  void test('no expression inside a run script (values reach scripts through env: no script injection)', () => {
    for (const workflow of workflows)
      for (const obj of allSteps(workflow))
        if (typeof obj.run === 'string') assert.doesNotMatch(obj.run, /\$\{\{/, `${workflow}: step "${String(obj.name)}"`);
  });

  void test('the pull-request check runs on Node 20, 22 and 24, against the embedded sandbox', () => {
    const job = obj(obj(load(GITHUB_PR).jobs, 'jobs').conformance, 'conformance');
    assert.deepEqual(obj(obj(job.strategy, 'strategy').matrix, 'matrix').node, [20, 22, 24]);
    const setup = steps(GITHUB_PR, 'conformance').find((s) => String(s.uses).startsWith('actions/setup-node@'));
    assert.equal(obj(setup?.with, 'setup-node with')['node-version'], '${{ matrix.node }}');
    const on = obj(load(GITHUB_PR).on, 'on');
    assert.ok('pull_request' in on);
    for (const [path, m] of mappings(load(GITHUB_PR)))
      assert.ok(!('OTA_BASE_URL' in m), `${path}: the PR check targets the embedded sandbox`);
  });

  void test('each job checks out this repository alone, at the workspace root: no second repository, no ../shared', () => {
    for (const workflow of workflows)
      for (const job of Object.keys(obj(load(workflow).jobs, 'jobs'))) {
        const checkouts = steps(workflow, job).filter((s) => String(s.uses).startsWith('actions/checkout@'));
        assert.equal(checkouts.length, 1, `${workflow} ${job}: one checkout`);
        const w = (checkouts[0].with ?? {}) as Obj;
        assert.ok(!('repository' in w) && !('path' in w), `${workflow} ${job}: the checkout is this repository, at the root`);
      }
  });

  void test('the nightly: schedule and by hand, one at a time, credentials from secrets, a run id per attempt', () => {
    const wf = load(GITHUB_NIGHTLY);
    const on = obj(wf.on, 'on');
    assert.ok(arr(on.schedule, 'on.schedule').length > 0 && 'workflow_dispatch' in on);
    const concurrency = obj(wf.concurrency, 'concurrency');
    assert.ok(typeof concurrency.group === 'string' && !concurrency.group.includes('${{'), 'one fixed concurrency group');
    assert.equal(concurrency['cancel-in-progress'], false, 'a nightly run is never cancelled mid-way (it would leave bookings)');
    const job = obj(obj(wf.jobs, 'jobs').nightly, 'nightly');
    const runId = String(obj(job.env, 'env').OTA_RUN_ID);
    assert.match(runId, /github\.run_id/);
    assert.match(runId, /github\.run_attempt/);
    for (const id of ['conformance', 'report']) {
      const env = obj(step(GITHUB_NIGHTLY, 'nightly', id).env, `${id}.env`);
      for (const name of CREDENTIALS) assert.equal(env[name], `\${{ secrets.${name} }}`, `step ${id}: ${name}`);
    }
    assert.ok(/\bnpm run report\b/.test(String(step(GITHUB_NIGHTLY, 'nightly', 'report').run)));
  });

  void test('the nightly keeps the ledger and the Allure history in the cache: restored first, saved always under a new key', () => {
    const all = steps(GITHUB_NIGHTLY, 'nightly');
    const at = (pred: (obj: Obj) => boolean): number => all.findIndex(pred);
    const restore = at((s) => String(s.uses).startsWith('actions/cache/restore@'));
    const save = at((s) => String(s.uses).startsWith('actions/cache/save@'));
    const run = at((s) => s.id === 'conformance');
    const report = at((s) => s.id === 'report');
    assert.ok(restore >= 0 && restore < run && run < report && report < save, 'restore, run, report, save');
    for (const index of [restore, save]) {
      const w = obj(all[index].with, 'cache with');
      assert.deepEqual(String(w.path).trim().split('\n'), ['.ledger', 'reports/history']);
      assert.match(String(w.key), /github\.run_id.*github\.run_attempt/, 'a new key per attempt (a cache key is never overwritten)');
    }
    assert.match(String(all[save].if), /^always\(\)$/);
    assert.ok(String(obj(all[restore].with, 'restore with')['restore-keys']).trim().length > 0, 'restores the newest earlier state');
  });

  void test('reports are published with if: always(), and only by leave of the gate (never after exit 3)', () => {
    for (const workflow of workflows)
      for (const s of allSteps(workflow)) {
        const uses = String(s.uses ?? '');
        if (!/^(actions\/upload-artifact|mikepenz\/action-junit-report)@/.test(uses) && !/GITHUB_STEP_SUMMARY/.test(String(s.run ?? '')))
          continue;
        // the mutants tables: fault names and requirement IDs from runs against the embedded
        // sandbox, in a job that is given no secret
        if (String(obj(s.with ?? {}, 'with').path ?? '').trim() === 'reports/mutants/') continue;
        assert.equal(s.if, "always() && steps.gate.outputs.publish == 'true'", `${workflow}: step "${String(s.name ?? uses)}"`);
      }
    for (const f of workflows)
      assert.ok(
        allSteps(f).some((s) => String(s.uses).startsWith('actions/upload-artifact@')),
        `${f} uploads nothing`,
      );
    assert.ok(
      allSteps(GITHUB_PR).some(
        (s) => String(s.uses).startsWith('mikepenz/action-junit-report@') && obj(s.with, 'with').report_paths === 'reports/junit.xml',
      ),
    );
    const uploaded = String(obj(allSteps(GITHUB_PR).find((s) => String(s.uses).startsWith('actions/upload-artifact@'))?.with, 'with').path);
    // and the evidence the report's findings link to
    for (const f of [
      'conformance-report.html',
      'conformance-report.md',
      'conformance-report.json',
      'summary.json',
      'evidence.html',
      'reproducers/',
    ])
      assert.ok(uploaded.includes(`reports/${f}`), `the PR check uploads ${f}`);
  });
});

/** GitLab's job keywords (docs.gitlab.com/ci/yaml); a typo is an unknown key. */
const GITLAB_GLOBAL = new Set([
  'default',
  'include',
  'stages',
  'variables',
  'workflow',
  'image',
  'services',
  'cache',
  'before_script',
  'after_script',
]);
const GITLAB_JOB = new Set([
  'after_script',
  'allow_failure',
  'artifacts',
  'before_script',
  'cache',
  'coverage',
  'dast_configuration',
  'dependencies',
  'environment',
  'extends',
  'hooks',
  'id_tokens',
  'identity',
  'image',
  'inherit',
  'interruptible',
  'manual_confirmation',
  'needs',
  'pages',
  'parallel',
  'release',
  'resource_group',
  'retry',
  'rules',
  'run',
  'script',
  'secrets',
  'services',
  'stage',
  'tags',
  'timeout',
  'trigger',
  'variables',
  'when',
]);

/** GitLab's merge of `extends`: mappings merged deeply, everything else replaced. */
function deepMerge(base: Obj, over: Obj): Obj {
  const out: Obj = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isObj(v) && isObj(out[k]) ? deepMerge(out[k] as Obj, v) : v;
  return out;
}

function gitlabConfig(): Obj {
  // the sharded file is included by .gitlab-ci.yml's users: check them together
  const main = load(GITLAB);
  const inc = load(GITLAB_SHARDED);
  return { ...main, ...inc, variables: { ...obj(main.variables, 'variables'), ...obj(inc.variables ?? {}, 'variables') } };
}

function gitlabJob(config: Obj, name: string, seen: string[] = []): Obj {
  assert.ok(!seen.includes(name), `extends cycle: ${[...seen, name].join(' -> ')}`);
  const job = obj(config[name], `GitLab job ${name}`);
  const parents = job.extends === undefined ? [] : Array.isArray(job.extends) ? job.extends : [job.extends];
  let merged: Obj = {};
  for (const p of parents) {
    assert.ok(typeof p === 'string' && p in config, `${name} extends ${String(p)}, which is not defined`);
    merged = deepMerge(merged, gitlabJob(config, p, [...seen, name]));
  }
  const { extends: _, ...own } = job;
  return deepMerge(merged, own);
}

void describe('GitLab CI', () => {
  const jobNames = (config: Obj): string[] => Object.keys(config).filter((k) => !GITLAB_GLOBAL.has(k) && !k.startsWith('.'));
  /** The jobs that run the suite against a target (the mutants job runs it against the sandbox only). */
  const suiteJobs = (config: Obj): string[] => jobNames(config).filter((k) => k.startsWith('conformance:'));

  void test('every keyword is known, every job has a script, a known stage, existing needs and a valid parallel', () => {
    const config = gitlabConfig();
    const stages = arr(config.stages, 'stages');
    for (const [name, value] of Object.entries(config)) {
      if (GITLAB_GLOBAL.has(name)) continue;
      for (const key of Object.keys(obj(value, name))) assert.ok(GITLAB_JOB.has(key), `${name}: unknown keyword ${key}`);
    }
    for (const name of jobNames(config)) {
      const job = gitlabJob(config, name);
      assert.ok(
        arr(job.script, `${name}.script`).length > 0 && arr(job.script, 'script').every((s) => typeof s === 'string'),
        `${name}: script`,
      );
      assert.ok(stages.includes(job.stage ?? 'test'), `${name}: stage ${String(job.stage)} is not in stages`);
      for (const n of (job.needs as unknown[] | undefined) ?? []) {
        const need = typeof n === 'string' ? n : String(obj(n, 'need').job);
        assert.ok(jobNames(config).includes(need), `${name} needs ${need}, which is not a job`);
      }
      if (job.parallel !== undefined)
        assert.ok(
          (typeof job.parallel === 'number' && job.parallel >= 1 && job.parallel <= 200) ||
            arr(obj(job.parallel, 'parallel').matrix, 'matrix').length > 0,
          `${name}: parallel`,
        );
      for (const r of arr(job.rules, `${name}.rules`)) {
        for (const k of Object.keys(obj(r, 'rule')))
          assert.ok(['if', 'when', 'changes', 'exists', 'variables', 'allow_failure', 'needs'].includes(k), `${name}: rule key ${k}`);
        const when = obj(r, 'rule').when;
        assert.ok(
          when === undefined || ['on_success', 'on_failure', 'always', 'never', 'manual', 'delayed'].includes(String(when)),
          `${name}: when ${String(when)}`,
        );
      }
    }
    for (const r of arr(obj(config.workflow, 'workflow').rules, 'workflow.rules')) assert.ok(typeof obj(r, 'rule').if === 'string');
  });

  void test('merge requests on Node 20, 22 and 24; nightly on schedule, one at a time, a run id per attempt', () => {
    const config = gitlabConfig();
    const mr = gitlabJob(config, 'conformance:mr');
    assert.deepEqual(obj(arr(obj(mr.parallel, 'parallel').matrix, 'matrix')[0], 'matrix[0]').NODE_VERSION, ['20', '22', '24']);
    assert.equal(mr.image, 'node:${NODE_VERSION}');
    assert.match(JSON.stringify(mr.rules), /merge_request_event/);
    const nightly = gitlabJob(config, 'conformance:nightly');
    assert.match(JSON.stringify(nightly.rules), /"\$CI_PIPELINE_SOURCE == \\"schedule\\""/);
    assert.ok(
      typeof nightly.resource_group === 'string' && nightly.resource_group.length > 0,
      'a resource_group: two nightly runs never overlap',
    );
    for (const name of suiteJobs(config))
      assert.equal(obj(gitlabJob(config, name).variables, 'variables').OTA_RUN_ID, '$CI_PIPELINE_ID-$CI_JOB_ID', name);
  });

  void test('the nightly keeps the ledger and the Allure history in a cache saved always', () => {
    const nightly = gitlabJob(gitlabConfig(), 'conformance:nightly');
    const caches = arr(nightly.cache, 'cache').map((c) => obj(c, 'cache'));
    const state = caches.find((c) => arr(c.paths, 'paths').includes('.ledger/'));
    assert.ok(state, 'a cache of .ledger/');
    assert.deepEqual(state.paths, ['.ledger/', 'reports/history/']);
    assert.equal(state.when, 'always');
  });

  void test('every job keeps its artifacts when: always, with the JUnit report where there is a verdict', () => {
    const config = gitlabConfig();
    for (const name of suiteJobs(config)) {
      const a = obj(gitlabJob(config, name).artifacts, `${name}.artifacts`);
      assert.equal(a.when, 'always', name);
      if (name === 'conformance:shard') continue; // a shard gives no verdict: its reports are the merge's input
      assert.equal(obj(a.reports, 'reports').junit, 'reports/junit.xml', name);
      for (const f of ['conformance-report.html', 'conformance-report.md', 'conformance-report.json', 'summary.json'])
        assert.ok(arr(a.paths, 'paths').includes(`reports/${f}`), `${name} keeps ${f}`);
    }
  });

  void test('the scheduled pipelines run the whole fault × variant matrix and keep its kill matrix', () => {
    const job = gitlabJob(gitlabConfig(), 'mutants:matrix');
    assert.match(JSON.stringify(job.rules), /"\$CI_PIPELINE_SOURCE == \\"schedule\\""/);
    assert.ok(arr(job.script, 'script').includes('npm run mutants -- --matrix'));
    const a = obj(job.artifacts, 'mutants:matrix.artifacts');
    assert.equal(a.when, 'always');
    assert.deepEqual(a.paths, ['reports/mutants/']);
  });

  void test('credentials come from masked CI/CD variables: no job sets them', () => {
    for (const f of [GITLAB, GITLAB_SHARDED])
      for (const [path, m] of mappings(load(f))) for (const name of CREDENTIALS) assert.ok(!(name in m), `${f} ${path} sets ${name}`);
  });
});

void describe('every recipe', () => {
  void test('calls only npm scripts that exist in package.json (except the named WAITING list)', () => {
    for (const f of EXPECTED_RECIPES)
      for (const s of npmScripts(f)) {
        if (WAITING.some((w) => w.file === f && w.script === s)) continue;
        assert.ok(s in PACKAGE.scripts, `${f} calls npm run ${s}, which package.json does not have`);
      }
  });

  void test('what a WAITING entry waits for is still missing, and the recipe still calls it', () => {
    for (const w of WAITING) {
      if (w.script) {
        assert.ok(npmScripts(w.file).has(w.script), `${w.file} no longer calls npm run ${w.script}: remove it from WAITING`);
        assert.ok(
          !(w.script in PACKAGE.scripts),
          `npm run ${w.script} exists now: remove it from WAITING in test/unit/ci/ci-recipes.test.ts, so that ${w.file} is checked in full`,
        );
      }
      if (w.option)
        assert.ok(
          conformanceArguments(w.file).some((a) => a.includes(w.option!)),
          `${w.file} no longer passes ${w.option}: remove it from WAITING`,
        );
    }
  });

  void test('passes only options the runner accepts (npm run conformance -- <options> --help exits 0)', async () => {
    const sets = new Map<string, string[]>();
    const waitingOptions = new Map<string, string[]>();
    for (const f of EXPECTED_RECIPES)
      for (const args of conformanceArguments(f)) {
        const kept: string[] = [];
        for (let i = 0; i < args.length; i++) {
          if (WAITING.some((w) => w.file === f && w.option === args[i])) {
            waitingOptions.set(args[i], [args[i], args[i + 1]]);
            i++;
            continue;
          }
          kept.push(args[i]);
        }
        if (kept.length) sets.set(kept.join(' '), kept);
      }
    assert.ok(sets.size > 0, 'no npm run conformance with options found');
    const checks = [
      ...[...sets.values()].map(async (args) => {
        const r = await runRunner([...args, '--help']);
        assert.equal(r.code, 0, `npm run conformance -- ${args.join(' ')} is refused:\n${r.output}`);
      }),
      ...[...waitingOptions.entries()].map(async ([option, args]) => {
        const r = await runRunner([...args, '--help']);
        assert.notEqual(r.code, 0, `the runner accepts ${option} now: remove it from WAITING in test/unit/ci/ci-recipes.test.ts`);
        assert.match(r.output, new RegExp(`unknown argument ${option}`));
      }),
    ];
    await Promise.all(checks);
  });

  void test('never hard-codes a secret: credentials only as secrets references, never printed', () => {
    for (const f of EXPECTED_RECIPES) {
      for (const [path, m] of mappings(load(f)))
        for (const name of CREDENTIALS)
          if (name in m)
            assert.match(String(m[name]), /^\$\{\{ secrets\.[A-Z0-9_]+ \}\}$/, `${f} ${path}.${name}: only a secrets reference`);
      for (const [path, s] of strings(load(f))) {
        assert.doesNotMatch(
          s,
          /\bOTA_(PASSWORD|USER|REQUESTOR_ID|REQUESTOR_CONTEXT|REQUESTOR_INSTANCE|BASE_URL)=(?!\$)/,
          `${f} ${path}: a credential set in a script`,
        );
        assert.doesNotMatch(s, /\b(echo|printf|cat)\b[^\n]*\$\{?OTA_PASSWORD/, `${f} ${path}: prints the password`);
        assert.doesNotMatch(s, /\bset -x\b|\bset -o xtrace\b/, `${f} ${path}: traces commands`);
      }
      assert.ok(!readFileSync(join(ROOT, f), 'utf8').includes('sandbox-pass'), `${f}: a literal password`);
    }
  });

  // `npm run merge` refuses shards of another run group; CI names the group.
  void test('the shards of one CI run share one OTA_RUN_GROUP: the workflow run or pipeline, whatever the shard or attempt', () => {
    const groups = (f: string) =>
      mappings(load(f))
        .map(([, m]) => m.OTA_RUN_GROUP)
        .filter((g) => g !== undefined);
    assert.deepEqual(groups(GITHUB_SHARDED), ['${{ github.run_id }}']);
    assert.deepEqual(groups(GITLAB_SHARDED), ['$CI_PIPELINE_ID']);
  });

  // Booking references are "OTA" + kind + run id + a 4-digit counter, cut at OpenTravel's 32
  // characters (src/run/scenario-values.ts): a run id over 24 characters loses the counter, and the
  // references of one run collide. With the largest ids GitHub and GitLab will give for years.
  void test('the run id per attempt fits in a booking reference', () => {
    const github = (s: string) =>
      s
        .replace('${{ github.run_id }}', '9'.repeat(12))
        .replace('${{ github.run_attempt }}', '99')
        .replace('${{ matrix.node }}', '24')
        .replace('${{ matrix.shard }}', '99');
    const gitlab = (s: string) => s.replace('$CI_PIPELINE_ID', '9'.repeat(10)).replace('$CI_JOB_ID', '9'.repeat(11));
    const ids: string[] = [];
    for (const f of EXPECTED_RECIPES)
      for (const [, m] of mappings(load(f)))
        if (typeof m.OTA_RUN_ID === 'string') ids.push(f.includes('github') ? github(m.OTA_RUN_ID) : gitlab(m.OTA_RUN_ID));
    assert.ok(ids.length >= 5, `only ${ids.length} run ids`);
    for (const id of ids) {
      assert.doesNotMatch(id, /[${}]/, `${id}: an expression the test does not know`);
      assert.ok(id.length <= 24, `run id ${id}: ${id.length} characters, at most 24`);
    }
  });
});

// ---- The jobs' shell, run for real with a fake npm ----

const sandbox = mkdtempSync(join(tmpdir(), 'ci-recipes-'));
after(() => rmSync(sandbox, { recursive: true, force: true }));
const BIN = join(sandbox, 'bin');
mkdirSync(BIN);
writeFileSync(
  join(BIN, 'npm'),
  `#!/bin/sh
# a fake npm: records its calls, writes reports as the suite does, and exits as told
echo "$*" >> "$FAKE_NPM_LOG"
case "$1" in
  ci) exit 0 ;;
  run)
    case "$2" in
      conformance | merge | explore)
        dir="\${OTA_REPORTS_DIR:-reports}"
        mkdir -p "$dir"
        for f in conformance-report.html conformance-report.md conformance-report.json summary.json junit.xml; do echo fake > "$dir/$f"; done
        [ "$2" = explore ] && exit "\${FAKE_EXPLORE_EXIT:-0}"
        exit "\${FAKE_EXIT:-0}" ;;
      report)
        mkdir -p reports/allure-report reports/history
        echo fake > reports/allure-report/index.html
        echo line >> reports/history/allure-history.jsonl
        exit "\${FAKE_REPORT_EXIT:-0}" ;;
      diff)
        case "$*" in
          *diff-explore*)
            mkdir -p reports/diff-explore
            echo "# Differences between two explorations" > reports/diff-explore/diff.md
            exit "\${FAKE_EXPLORE_DIFF_EXIT:-0}" ;;
        esac
        mkdir -p reports/diff
        echo "# Differences between two conformance runs" > reports/diff/diff.md
        exit "\${FAKE_DIFF_EXIT:-0}" ;;
    esac ;;
esac
echo "fake npm: unexpected $*" >&2
exit 127
`,
);
chmodSync(join(BIN, 'npm'), 0o755);
writeFileSync(
  join(BIN, 'gh'),
  `#!/bin/sh
# a fake gh: the nightly runs it lists, and a cassette for the one download that succeeds
echo "gh $*" >> "$FAKE_NPM_LOG"
case "$1 $2" in
  "run list") for id in \${FAKE_GH_RUNS:-}; do echo "$id"; done; exit 0 ;;
  "run download")
    # the folder --dir names; a nightly of before the exploration kept no explore-cassette (FAKE_GH_NO_EXPLORE=1)
    dir=cassette; prev=""; for a in "$@"; do [ "$prev" = --dir ] && dir="$a"; prev="$a"; done
    [ "$dir" = explore-cassette ] && [ "\${FAKE_GH_NO_EXPLORE:-0}" = 1 ] && exit 1
    if [ "$3" = "\${FAKE_GH_CASSETTE_RUN:-none}" ]; then mkdir -p "$dir"; echo '{}' > "$dir/cassette.json"; exit 0; fi
    exit 1 ;;
esac
exit 127
`,
);
chmodSync(join(BIN, 'gh'), 0o755);
writeFileSync(
  join(BIN, 'curl'),
  `#!/bin/sh
# a fake curl: the jobs API gives the nightly artifacts (a zip with cassette/) when FAKE_ARTIFACT=1
echo "curl $*" >> "$FAKE_NPM_LOG"
out=""
while [ $# -gt 0 ]; do [ "$1" = "--output" ] && out="$2"; shift; done
[ "\${FAKE_ARTIFACT:-0}" = 1 ] || exit 22
python3 -c "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1], 'w'); z.writestr('cassette/cassette.json', '{}'); z.writestr('reports/summary.json', '{}'); z.close()" "$out"
`,
);
chmodSync(join(BIN, 'curl'), 0o755);

let caseNo = 0;
/** A fresh workspace: suite/, the checkout and working directory, with the cached history; nothing beside it. */
function workspace(): { ws: string; suite: string; log: string } {
  const ws = join(sandbox, `case${++caseNo}`);
  const suite = join(ws, 'suite');
  mkdirSync(join(suite, 'reports', 'history'), { recursive: true });
  writeFileSync(join(suite, 'reports', 'history', 'allure-history.jsonl'), 'earlier\n');
  return { ws, suite, log: join(ws, 'npm.log') };
}

function bash(script: string, cwd: string, env: Record<string, string>): number {
  const spawned = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
    cwd,
    env: { PATH: `${BIN}:${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? '/tmp', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return spawned.status ?? -1;
}

interface JobRun {
  failed: boolean;
  /** The last failing step's exit code. */
  code: number;
  outputs: Record<string, Record<string, string>>;
  /** The names of the `uses:` steps whose `if` let them run. */
  wouldRun: string[];
  npmCalls: string[];
  suite: string;
}

/** Runs a GitHub job's `run:` steps in order as the runner would, evaluating the `if:` forms the recipes use. */
function runGithubJob(file: string, job: string, fake: Record<string, string>, prepare?: (suite: string) => void): JobRun {
  const wf = load(file);
  const j = obj(obj(wf.jobs, 'jobs')[job], job);
  const { ws, suite, log } = workspace();
  prepare?.(suite);
  const outputs: Record<string, Record<string, string>> = {};
  const matrix: Record<string, string> = { node: '20', shard: '1' };
  const expr = (s: string): string =>
    s.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, e: string) => {
      const step = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e);
      if (step) return outputs[step[1]]?.[step[2]] ?? '';
      const match = /^matrix\.(\w+)$/.exec(e);
      if (match) return matrix[match[1]] ?? '';
      if (e.startsWith('secrets.')) return `fake-${e.slice(8)}`;
      if (/^github\.run_(id|attempt)$/.test(e)) return e.endsWith('id') ? '123' : '1';
      if (e === 'github.token') return 'fake-token';
      if (e === 'github.repository') return 'owner/suite';
      if (e === 'github.event.repository.default_branch') return 'main';
      assert.fail(`${file}: the test does not know the expression ${e} in a value a step reads`);
    });
  const condition = (c: string): boolean =>
    c.split('&&').every((term) => {
      const t = term.trim();
      if (t === 'always()') return true;
      const match = /^(steps\.([\w-]+)\.outputs\.([\w-]+)|vars\.\w+)\s*(==|!=)\s*'([^']*)'$/.exec(t);
      assert.ok(match, `${file}: the test does not know the condition ${t}`);
      const value = match[2] ? (outputs[match[2]]?.[match[3]] ?? '') : '';
      return match[4] === '==' ? value === match[5] : value !== match[5];
    });
  const env: Record<string, string> = { ...fake, FAKE_NPM_LOG: log };
  for (const [k, v] of Object.entries(obj(wf.env ?? {}, 'env'))) env[k] = expr(String(v));
  for (const [k, v] of Object.entries(obj(j.env ?? {}, 'env'))) env[k] = expr(String(v));
  let failed = false;
  let code = 0;
  const wouldRun: string[] = [];
  for (const [i, s] of arr(j.steps, 'steps').entries()) {
    const st = obj(s, 'step');
    const cond = typeof st.if === 'string' ? st.if : undefined;
    const runs = cond === undefined ? !failed : (cond.includes('always()') || !failed) && condition(cond);
    if (!runs) continue;
    if (typeof st.uses === 'string') {
      wouldRun.push(String(st.name ?? st.uses));
      continue;
    }
    const out = join(ws, `out${i}`);
    const summary = join(ws, 'summary.md');
    writeFileSync(out, '');
    const stepEnv: Record<string, string> = { ...env, GITHUB_OUTPUT: out, GITHUB_STEP_SUMMARY: summary };
    for (const [k, v] of Object.entries(obj(st.env ?? {}, 'env'))) stepEnv[k] = expr(String(v));
    const status = bash(String(st.run), suite, stepEnv);
    if (typeof st.id === 'string')
      outputs[st.id] = Object.fromEntries(
        readFileSync(out, 'utf8')
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
    if (status !== 0) {
      failed = true;
      code = status;
    }
  }
  return { failed, code, outputs, wouldRun, npmCalls: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [], suite };
}

const uploads = (r: JobRun): string[] => r.wouldRun.filter((n) => /upload|JUnit/i.test(n));

void describe('the GitHub jobs, run with a fake npm', () => {
  for (const [file, job] of [
    [GITHUB_PR, 'conformance'],
    [GITHUB_NIGHTLY, 'nightly'],
  ] as const)
    void test(`${file} ${job}: fails on every exit code but 0, publishes unless exit 3`, () => {
      for (const code of [0, 1, 2, 3, 4]) {
        const jobRun = runGithubJob(file, job, { FAKE_EXIT: String(code) });
        assert.equal(jobRun.outputs.conformance['exit-code'], String(code));
        assert.equal(jobRun.failed, code !== 0, `exit ${code}: the job ${code === 0 ? 'failed' : 'passed'}`);
        if (code !== 0) assert.equal(jobRun.code, code, `exit ${code}: the job's code`);
        assert.equal(jobRun.outputs.gate.publish, code === 3 ? 'false' : 'true', `exit ${code}: publish`);
        // the JUnit report and the reports; the nightly also its cassette, for the pull-request replay,
        // and (after a run that ran and leaked nothing) the exploration's reports and cassette
        const explored = job === 'nightly' && code !== 2 && code !== 3;
        assert.equal(uploads(jobRun).length, code === 3 ? 0 : job === 'nightly' ? 5 : 2, `exit ${code}: ${uploads(jobRun).join(', ')}`);
        if (job === 'nightly') {
          assert.ok(jobRun.npmCalls.includes('run conformance -- --record cassette'), jobRun.npmCalls.join('; '));
          assert.equal(
            jobRun.npmCalls.includes('run explore -- --seed 123-1 --time 600 --budget 100000 --rate 5 --record explore-cassette'),
            explored,
            `exit ${code}: ${jobRun.npmCalls.join('; ')}`,
          );
          assert.ok(jobRun.wouldRun.includes('Save the ledger and the Allure history'), `exit ${code}: the cache is saved`);
          assert.equal(jobRun.npmCalls.includes('run report'), code !== 3, `exit ${code}: npm run report`);
        }
      }
    });

  void test(`${GITHUB_PR} replay: the newest nightly cassette, replayed and compared with that night; no cassette, nothing to fail`, () => {
    const none = runGithubJob(GITHUB_PR, 'replay', { FAKE_GH_RUNS: '' });
    assert.equal(none.failed, false);
    assert.equal(none.outputs.fetch.found, 'false');
    assert.ok(!none.npmCalls.some((c) => c.startsWith('run conformance')), none.npmCalls.join('; '));
    // the newest run kept no cassette (expired): the next one is used
    const base = { FAKE_GH_RUNS: '9 8', FAKE_GH_CASSETTE_RUN: '8' };
    const same = runGithubJob(GITHUB_PR, 'replay', { ...base, FAKE_EXIT: '1', FAKE_DIFF_EXIT: '0' });
    assert.equal(same.failed, false, 'the replay concludes what the night did (DOES NOT CONFORM both times)');
    assert.ok(same.npmCalls.includes('run conformance -- --replay cassette'), same.npmCalls.join('; '));
    assert.ok(same.npmCalls.includes('run diff -- --out reports/diff cassette reports'), same.npmCalls.join('; '));
    const differs = runGithubJob(GITHUB_PR, 'replay', { ...base, FAKE_EXIT: '0', FAKE_DIFF_EXIT: '1' });
    assert.equal(differs.failed, true);
    assert.equal(differs.code, 1);
    assert.ok(uploads(differs).length === 1);
    // the night's exploration: replayed with nothing but its cassette, and compared
    assert.ok(same.npmCalls.includes('run explore -- --replay explore-cassette'), same.npmCalls.join('; '));
    assert.ok(same.npmCalls.includes('run diff -- --out reports/diff-explore explore-cassette reports/explore'), same.npmCalls.join('; '));
    const exploreDiffers = runGithubJob(GITHUB_PR, 'replay', { ...base, FAKE_EXIT: '0', FAKE_EXPLORE_DIFF_EXIT: '1' });
    assert.equal(exploreDiffers.failed, true, 'the exploration concludes otherwise on the same replies');
    assert.equal(exploreDiffers.code, 1);
    for (const code of ['2', '3']) {
      const jobRun = runGithubJob(GITHUB_PR, 'replay', { ...base, FAKE_EXIT: '0', FAKE_EXPLORE_EXIT: code });
      assert.equal(jobRun.code, Number(code), `the exploration's replay, exit ${code}`);
      assert.ok(!jobRun.npmCalls.some((c) => c.startsWith('run diff -- --out reports/diff-explore')), `exploration exit ${code}: no diff`);
      assert.equal(uploads(jobRun).length, code === '3' ? 0 : 1, `exploration exit ${code}: ${uploads(jobRun).join(', ')}`);
    }
    // a nightly of before the exploration kept none: the conformance replay alone
    const older = runGithubJob(GITHUB_PR, 'replay', { ...base, FAKE_GH_NO_EXPLORE: '1', FAKE_EXIT: '0' });
    assert.equal(older.failed, false);
    assert.equal(older.outputs.fetch.explore, 'false');
    assert.ok(!older.npmCalls.some((c) => c.startsWith('run explore')), older.npmCalls.join('; '));
    for (const code of ['2', '3']) {
      const r = runGithubJob(GITHUB_PR, 'replay', { ...base, FAKE_EXIT: code });
      assert.equal(r.code, Number(code), `exit ${code}`);
      assert.ok(!r.npmCalls.some((c) => c.startsWith('run diff -- --out reports/diff ')), `exit ${code}: no diff`);
      assert.equal(uploads(r).length, code === '3' ? 0 : 1, `exit ${code}: ${uploads(r).join(', ')}`);
    }
  });

  void test(`${GITHUB_NIGHTLY}: the exploration's finding (1) or nothing shown (4) fails a conforming night; its secret (3) stops every upload`, () => {
    for (const explore of [0, 1, 2, 3, 4]) {
      const jobRun = runGithubJob(GITHUB_NIGHTLY, 'nightly', { FAKE_EXIT: '0', FAKE_EXPLORE_EXIT: String(explore) });
      assert.equal(jobRun.outputs.explore['exit-code'], String(explore));
      assert.equal(jobRun.failed, explore !== 0, `explore exit ${explore}`);
      if (explore !== 0) assert.equal(jobRun.code, explore, `explore exit ${explore}: the job's code`);
      assert.equal(jobRun.outputs.gate.publish, explore === 3 ? 'false' : 'true', `explore exit ${explore}: publish`);
      assert.ok(existsSync(join(jobRun.suite, 'reports', 'explore', 'summary.json')), 'the exploration writes to its own reports folder');
    }
    // a nonconforming night stays the job's code whatever the exploration says
    const both = runGithubJob(GITHUB_NIGHTLY, 'nightly', { FAKE_EXIT: '1', FAKE_EXPLORE_EXIT: '4' });
    assert.equal(both.code, 1);
  });

  void test(`${GITHUB_NIGHTLY}: a secret found by npm run report (exit 3) stops the upload; a failed report fails a conforming run`, () => {
    const leak = runGithubJob(GITHUB_NIGHTLY, 'nightly', { FAKE_EXIT: '0', FAKE_REPORT_EXIT: '3' });
    assert.equal(leak.outputs.gate.publish, 'false');
    assert.deepEqual(uploads(leak), []);
    assert.ok(leak.failed && leak.code === 3);
    const broken = runGithubJob(GITHUB_NIGHTLY, 'nightly', { FAKE_EXIT: '0', FAKE_REPORT_EXIT: '2' });
    assert.ok(broken.failed && broken.code === 2);
    assert.equal(broken.outputs.gate.publish, 'true');
  });

  void test(`${GITHUB_SHARDED} shard: a shard's 0, 1 and 4 are partial results; 2 and 3 fail it; exit 3 uploads nothing`, () => {
    for (const code of [0, 1, 2, 3, 4]) {
      const jobRun = runGithubJob(GITHUB_SHARDED, 'shard', { FAKE_EXIT: String(code) });
      assert.equal(jobRun.failed, code === 2 || code === 3, `exit ${code}`);
      assert.equal(uploads(jobRun).length, code === 3 ? 0 : 1, `exit ${code}`);
      assert.ok(
        jobRun.npmCalls.some((c) => /^run conformance -- --profile ci --shard 1\/4$/.test(c)),
        jobRun.npmCalls.join('; '),
      );
      assert.ok(existsSync(join(jobRun.suite, 'reports', 'shard-1', 'summary.json')), 'the shard writes to its own reports folder');
    }
  });

  void test(`${GITHUB_SHARDED} merge: one verdict from every shard; a missing shard is no verdict`, () => {
    const shards = (n: number) => (suite: string) => {
      for (let i = 1; i <= n; i++) mkdirSync(join(suite, 'shards', `ota-shard-${i}`), { recursive: true });
    };
    for (const code of [0, 1, 2, 3, 4]) {
      const jobRun = runGithubJob(GITHUB_SHARDED, 'merge', { FAKE_EXIT: String(code) }, shards(4));
      assert.equal(jobRun.failed, code !== 0, `exit ${code}`);
      assert.equal(uploads(jobRun).length, code === 3 ? 0 : 2, `exit ${code}`);
      assert.ok(
        jobRun.npmCalls.some((c) => c.startsWith('run merge -- shards/ota-shard-1 ')),
        jobRun.npmCalls.join('; '),
      );
    }
    const missing = runGithubJob(GITHUB_SHARDED, 'merge', { FAKE_EXIT: '0' }, shards(3));
    assert.ok(missing.failed && missing.code === 2, 'three shards of four: exit 2');
    assert.ok(!missing.npmCalls.some((c) => c.startsWith('run merge')), 'no merge without every shard');
  });
});

void describe('the GitLab jobs, run with a fake npm', () => {
  const config = gitlabConfig();
  const runGitlab = (name: string, fake: Record<string, string>, prepare?: (suite: string) => void) => {
    const job = gitlabJob(config, name);
    const { suite, log } = workspace();
    prepare?.(suite);
    const ci: Record<string, string> = {
      CI_PIPELINE_ID: '77',
      CI_JOB_ID: '88',
      CI_NODE_INDEX: '1',
      CI_NODE_TOTAL: '4',
      CI_PROJECT_DIR: suite,
    };
    const vars: Record<string, string> = { ...ci };
    for (const [k, v] of Object.entries({ ...obj(config.variables, 'variables'), ...obj(job.variables ?? {}, 'variables') }))
      vars[k] = String(v).replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, n: string) => vars[n] ?? '');
    const code = bash(arr(job.script, 'script').join('\n'), suite, { ...vars, ...fake, FAKE_NPM_LOG: log });
    return { code, suite, npmCalls: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [], vars };
  };

  void test('conformance:mr and conformance:nightly exit with the verdict; exit 3 deletes the reports, keeps the history', () => {
    for (const name of ['conformance:mr', 'conformance:nightly'])
      for (const code of [0, 1, 2, 3, 4]) {
        const r = runGitlab(name, { FAKE_EXIT: String(code) });
        assert.equal(r.code, code, `${name}, exit ${code}`);
        assert.equal(r.vars.OTA_RUN_ID, '77-88');
        assert.equal(existsSync(join(r.suite, 'reports', 'conformance-report.html')), code !== 3, `${name}, exit ${code}: the report`);
        assert.ok(existsSync(join(r.suite, 'reports', 'history', 'allure-history.jsonl')), `${name}, exit ${code}: the history is kept`);
        if (name === 'conformance:nightly') assert.equal(r.npmCalls.includes('run report'), code !== 3, `exit ${code}: npm run report`);
      }
    const leak = runGitlab('conformance:nightly', { FAKE_EXIT: '0', FAKE_REPORT_EXIT: '3' });
    assert.equal(leak.code, 3);
    assert.ok(!existsSync(join(leak.suite, 'reports', 'allure-report')) && !existsSync(join(leak.suite, 'reports', 'summary.json')));
  });

  void test('conformance:replay: the newest nightly cassette, replayed and compared with that night; no cassette, nothing to fail', () => {
    const none = runGitlab('conformance:replay', { FAKE_ARTIFACT: '0' });
    assert.equal(none.code, 0);
    assert.ok(!none.npmCalls.some((c) => c.startsWith('run conformance')), none.npmCalls.join('; '));
    const same = runGitlab('conformance:replay', { FAKE_ARTIFACT: '1', FAKE_EXIT: '1', FAKE_DIFF_EXIT: '0' });
    assert.equal(same.code, 0, 'the replay concludes what the night did');
    assert.ok(same.npmCalls.includes('run conformance -- --replay nightly/cassette'), same.npmCalls.join('; '));
    assert.ok(same.npmCalls.includes('run diff -- --out reports/diff nightly/cassette reports'), same.npmCalls.join('; '));
    assert.equal(runGitlab('conformance:replay', { FAKE_ARTIFACT: '1', FAKE_EXIT: '0', FAKE_DIFF_EXIT: '1' }).code, 1);
    for (const code of [2, 3]) {
      const r = runGitlab('conformance:replay', { FAKE_ARTIFACT: '1', FAKE_EXIT: String(code) });
      assert.equal(r.code, code, `exit ${code}`);
      assert.ok(!r.npmCalls.some((c) => c.startsWith('run diff')), `exit ${code}: no diff`);
      assert.equal(existsSync(join(r.suite, 'reports', 'summary.json')), code !== 3, `exit ${code}: the reports`);
    }
  });

  void test('conformance:shard and conformance:merge: partial results, then one verdict from every shard', () => {
    for (const code of [0, 1, 2, 3, 4]) {
      const r = runGitlab('conformance:shard', { FAKE_EXIT: String(code) });
      assert.equal(r.code, code === 2 || code === 3 ? code : 0, `shard, exit ${code}`);
      assert.equal(existsSync(join(r.suite, 'reports', 'shard-1')), code !== 3, `shard, exit ${code}: its reports`);
      assert.ok(r.npmCalls.includes('run conformance -- --profile ci --shard 1/4'), r.npmCalls.join('; '));
    }
    const shards = (n: number) => (suite: string) => {
      for (let i = 1; i <= n; i++) mkdirSync(join(suite, 'reports', `shard-${i}`), { recursive: true });
    };
    for (const code of [0, 1, 2, 3, 4]) {
      const r = runGitlab('conformance:merge', { FAKE_EXIT: String(code) }, shards(4));
      assert.equal(r.code, code, `merge, exit ${code}`);
      // merge writes into a new or empty folder only: the shards are moved out of reports/ first
      assert.ok(
        r.npmCalls.includes('run merge -- --out reports shards/shard-1 shards/shard-2 shards/shard-3 shards/shard-4'),
        r.npmCalls.join('; '),
      );
      assert.ok(!readdirSync(join(r.suite, 'reports')).some((f) => f.startsWith('shard-')), 'no shard left in the merged reports');
    }
    const missing = runGitlab('conformance:merge', { FAKE_EXIT: '0' }, shards(3));
    assert.equal(missing.code, 2);
    assert.deepEqual(missing.npmCalls, []);
  });
});
