// The lanes of --parallel (src/run/concurrent-scenarios.ts) and their seam in cucumber. The seam: cucumber's
// serial adapter still has the shape the lanes replace, and a real cucumber run through its API,
// asked for 3 lanes, runs 3 scenarios at a time with each its own World and result (fails if
// cucumber stops handing its runtime options to the adapter's worker, or runs the adapter another
// way). The scheduler: the longest first, cucumber's parallelCanAssign honoured, --fail-fast seen,
// an error of cucumber itself thrown once the others have ended.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };
import { loadConfiguration, runCucumber } from '@cucumber/cucumber/api';
import {
  inProcessAdapter,
  installLanes,
  longestFirst,
  runInLanes,
  withLanes,
  type AssembledTestCase,
  type InProcessAdapterLike,
} from '../../../src/run/concurrent-scenarios';

const ROOT = join(__dirname, '../../..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const INSTALLED = JSON.parse(readFileSync(require.resolve('@cucumber/cucumber/package.json'), 'utf8')) as { version: string };

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

test('cucumber is pinned to the exact version whose internals the lanes rely on', () => {
  assert.match(PACKAGE.dependencies['@cucumber/cucumber'], /^\d+\.\d+\.\d+$/, 'an exact version, no range');
  assert.equal(INSTALLED.version, PACKAGE.dependencies['@cucumber/cucumber']);
});

test("cucumber's serial adapter has the shape the lanes replace", () => {
  const Adapter = inProcessAdapter() as unknown as new (...args: unknown[]) => InProcessAdapterLike;
  const library = { parallelCanAssign: () => true, beforeTestRunHookDefinitions: [], afterTestRunHookDefinitions: [] };
  const options = withLanes({ dryRun: false, failFast: false }, 4);
  const adapter = new Adapter('run', { emit: () => true }, () => 'id', options, library, {});
  assert.equal(adapter.failing, false);
  assert.equal(adapter.worker.options, options, "the worker keeps the runtime options (where the lanes' count travels)");
  assert.equal(adapter.worker.supportCodeLibrary, library);
  for (const m of ['runBeforeAllHooks', 'runTestCase', 'runAfterAllHooks'] as const) assert.equal(typeof adapter.worker[m], 'function', m);
  assert.equal(options.parallel, 0, 'no worker process');
});

/** A feature of 7 scenarios; each step waits until `lanes` steps run at once (or 2 s), and records how many did. */
function writeProject(lanes: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'ota-lanes-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'features'));
  const scenario = (n: number, step: string) => `  Scenario: case ${n}\n    Given the lane of case ${n} ${step}\n`;
  writeFileSync(
    join(dir, 'features', 'lanes.feature'),
    `Feature: lanes\n${[1, 2, 3, 4, 5].map((n) => scenario(n, 'meets the others')).join('')}${scenario(6, 'fails')}  @creates-booking\n${scenario(7, 'meets the others')}`,
  );
  writeFileSync(
    join(dir, 'steps.js'),
    `const { Given, Before, setWorldConstructor } = require(${JSON.stringify(require.resolve('@cucumber/cucumber'))});
const LANES = ${lanes};
const seen = (globalThis.__lanes = { now: 0, most: 0, worlds: new Set(), waiting: [] });
setWorldConstructor(class { constructor() { this.mine = undefined; } });
Before(function ({ pickle }) { this.mine = pickle.name; seen.worlds.add(this); });
Given('the lane of case {int} meets the others', async function (n) {
  seen.now++; seen.most = Math.max(seen.most, seen.now);
  if (seen.now >= LANES) seen.waiting.splice(0).forEach((r) => r());
  else await new Promise((r) => { seen.waiting.push(r); setTimeout(r, 2000); });
  seen.now--;
  if (this.mine !== 'case ' + n) throw new Error('another scenario\\'s World: ' + this.mine);
});
Given('the lane of case {int} fails', function () { throw new Error('case 6 fails'); });
`,
  );
  return dir;
}

test('a cucumber run asked for 3 lanes runs 3 scenarios at a time, each with its own World and result', async () => {
  installLanes();
  const dir = writeProject(3);
  const { runConfiguration } = await loadConfiguration(
    { provided: { paths: ['features/**/*.feature'], require: ['steps.js'], format: [] } },
    { cwd: dir },
  );
  const envelopes: messages.Envelope[] = [];
  const { success } = await runCucumber({ ...runConfiguration, runtime: withLanes(runConfiguration.runtime, 3) }, { cwd: dir }, (e) =>
    envelopes.push(e),
  );
  const seen = (globalThis as unknown as { __lanes: { most: number; worlds: Set<unknown> } }).__lanes;
  assert.equal(seen.most, 3, 'three scenarios were in their steps at once');
  assert.equal(seen.worlds.size, 7, 'a World per scenario');
  assert.equal(success, false, 'case 6 failed the run');
  const names = new Map(envelopes.flatMap((e) => (e.pickle ? [[e.pickle.id, e.pickle.name] as const] : [])));
  const caseOf = new Map(envelopes.flatMap((e) => (e.testCase ? [[e.testCase.id, names.get(e.testCase.pickleId)] as const] : [])));
  const startedAs = new Map(
    envelopes.flatMap((e) => (e.testCaseStarted ? [[e.testCaseStarted.id, caseOf.get(e.testCaseStarted.testCaseId)] as const] : [])),
  );
  const status = new Map<string | undefined, string>();
  for (const e of envelopes)
    if (e.testStepFinished) status.set(startedAs.get(e.testStepFinished.testCaseStartedId), e.testStepFinished.testStepResult.status);
  assert.deepEqual(Object.fromEntries([...status].sort()), {
    'case 1': 'PASSED',
    'case 2': 'PASSED',
    'case 3': 'PASSED',
    'case 4': 'PASSED',
    'case 5': 'PASSED',
    'case 6': 'FAILED',
    'case 7': 'PASSED',
  });
  assert.equal(startedAs.values().next().value, 'case 7', 'the booking scenario (the longest) started first');
});

// The scheduler alone, with a worker of our own.
const item = (name: string, tags: string[] = []): AssembledTestCase => ({
  gherkinDocument: {},
  testCase: {},
  pickle: { id: name, name, tags: tags.map((t) => ({ name: t, astNodeId: '' })) } as unknown as messages.Pickle,
});

function fakeAdapter(opts: { canAssign?: (p: messages.Pickle, busy: messages.Pickle[]) => boolean; fail?: string; crash?: string } = {}) {
  const log: string[] = [];
  let now = 0;
  let most = 0;
  const adapter: InProcessAdapterLike = {
    failing: false,
    run: () => Promise.resolve(true),
    worker: {
      options: {},
      supportCodeLibrary: { parallelCanAssign: opts.canAssign ?? (() => true) },
      runBeforeAllHooks: () => Promise.resolve(log.push('before all')),
      runAfterAllHooks: () => Promise.resolve(log.push('after all')),
      async runTestCase(i, failing) {
        log.push(`${i.pickle.name}${failing ? ' (failing)' : ''}`);
        most = Math.max(most, ++now);
        await new Promise((r) => setImmediate(r));
        now--;
        if (i.pickle.name === opts.crash) throw new Error('cucumber broke');
        return i.pickle.name !== opts.fail;
      },
    },
  };
  return { adapter, log, most: () => most };
}

test('the booking scenarios go first, the others in the order cucumber gave', () => {
  const order = longestFirst([item('a'), item('b', ['@creates-booking']), item('c'), item('d', ['@creates-booking'])]);
  assert.deepEqual(
    order.map((i) => i.pickle.name),
    ['b', 'd', 'a', 'c'],
  );
});

test('lanes: at most n at a time, every test case run once, the hooks around them; a failure makes later ones see failing', async () => {
  const f = fakeAdapter({ fail: 'a' });
  const ok = await runInLanes(
    f.adapter,
    ['a', 'b', 'c', 'd', 'e'].map((n) => item(n)),
    2,
  );
  assert.equal(ok, false);
  assert.equal(f.most(), 2);
  assert.deepEqual(f.log, ['before all', 'a', 'b', 'c (failing)', 'd (failing)', 'e (failing)', 'after all']);
});

test("lanes honour cucumber's parallelCanAssign: what may not run beside another waits for it", async () => {
  // x and y may not run at once
  const canAssign = (p: messages.Pickle, busy: messages.Pickle[]) =>
    !(['x', 'y'].includes(p.name) && busy.some((b) => ['x', 'y'].includes(b.name)));
  const f = fakeAdapter({ canAssign });
  let together = false;
  const inner = f.adapter.worker.runTestCase.bind(f.adapter.worker);
  const running = new Set<string>();
  f.adapter.worker.runTestCase = async (i, failing) => {
    running.add(i.pickle.name);
    if (running.has('x') && running.has('y')) together = true;
    try {
      return await inner(i, failing);
    } finally {
      running.delete(i.pickle.name);
    }
  };
  assert.equal(
    await runInLanes(
      f.adapter,
      ['x', 'y', 'a', 'b'].map((n) => item(n)),
      4,
    ),
    true,
  );
  assert.equal(together, false);
  assert.equal(f.log.filter((l) => !l.endsWith('all')).length, 4);
});

test('an error of cucumber itself is thrown once the test cases in flight have ended, and nothing new starts', async () => {
  const f = fakeAdapter({ crash: 'a' });
  await assert.rejects(
    runInLanes(
      f.adapter,
      ['a', 'b', 'c', 'd'].map((n) => item(n)),
      2,
    ),
    /cucumber broke/,
  );
  assert.deepEqual(f.log, ['before all', 'a', 'b']);
});
