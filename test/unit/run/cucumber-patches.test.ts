// The contract of src/run/cucumber-patches.ts, the one file that patches cucumber's internals; CI
// runs it against every cucumber version package.json allows (.ci/run).
//
// 1. The lanes of --parallel and their seam in cucumber. The seam: cucumber's
// serial adapter still has the shape the lanes replace, and a real cucumber run through its API,
// asked for 3 lanes, runs 3 scenarios at a time with each its own World and result (fails if
// cucumber stops handing its runtime options to the adapter's worker, or runs the adapter another
// way). The scheduler: the longest first, cucumber's parallelCanAssign honoured, --fail-fast seen,
// an error of cucumber itself thrown once the others have ended.
//
// 2. The native match: cucumber-expressions' TreeRegexp still has the shape the native match relies
// on, the prototype patched is the one cucumber's own step definitions match with, and the native
// match finds exactly what the polyfilled one finds: on every step text of the features against
// every step definition, and on regular expressions written to tell group positions apart.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser, compile } from '@cucumber/gherkin';
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };
import { loadConfiguration, loadSupport, runCucumber, type ISupportCodeLibrary } from '@cucumber/cucumber/api';
import {
  builtinFormatters,
  cucumberExpressions,
  inProcessAdapter,
  installNativeMatchIndices,
  installLanes,
  longestFirst,
  polyfilledMatch,
  runInLanes,
  treeRegexpPrototype,
  withLanes,
  type AssembledTestCase,
  type InProcessAdapterLike,
} from '../../../src/run/cucumber-patches';

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
  for (const envelope of envelopes)
    if (envelope.testStepFinished)
      status.set(startedAs.get(envelope.testStepFinished.testCaseStartedId), envelope.testStepFinished.testStepResult.status);
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

function fakeAdapter(
  opts: { canAssign?: (pickle: messages.Pickle, busy: messages.Pickle[]) => boolean; fail?: string; crash?: string } = {},
) {
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
      async runTestCase(assembledTestCase, failing) {
        log.push(`${assembledTestCase.pickle.name}${failing ? ' (failing)' : ''}`);
        most = Math.max(most, ++now);
        await new Promise((r) => setImmediate(r));
        now--;
        if (assembledTestCase.pickle.name === opts.crash) throw new Error('cucumber broke');
        return assembledTestCase.pickle.name !== opts.fail;
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
  f.adapter.worker.runTestCase = async (assembledTestCase, failing) => {
    running.add(assembledTestCase.pickle.name);
    if (running.has('x') && running.has('y')) together = true;
    try {
      return await inner(assembledTestCase, failing);
    } finally {
      running.delete(assembledTestCase.pickle.name);
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

// ---- 2. native match indices

interface Tree {
  regexp: RegExp;
  match(s: string): unknown;
}

/** What the test reads of the loaded support code (the api's type keeps it opaque). */
interface StepDefinitions {
  stepDefinitions: Array<{ expression: unknown; pattern: string | RegExp }>;
}
let library: StepDefinitions;

before(async () => {
  const { runConfiguration } = await loadConfiguration({ file: 'cucumber.js', profiles: ['default'] }, { cwd: ROOT });
  library = (await loadSupport(runConfiguration, { cwd: ROOT })) as ISupportCodeLibrary & StepDefinitions;
  installNativeMatchIndices();
});

function featureFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? featureFiles(join(dir, n)) : n.endsWith('.feature') ? [join(dir, n)] : [],
  );
}

let lastId = 0;
const newId = () => String(++lastId);
const STEP_TEXTS = [
  ...new Set(
    featureFiles(join(ROOT, 'features')).flatMap((file) => {
      const doc = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(readFileSync(file, 'utf8'));
      return compile(doc, relative(ROOT, file), newId).flatMap((p) => p.steps.map((s) => s.text));
    }),
  ),
];

interface GroupLike {
  value?: string;
  start?: number;
  end?: number;
  children?: GroupLike[];
}

/** A Group as plain data, every field kept (an unmatched group's undefined value and positions too). */
const plain = (g: GroupLike | null): unknown =>
  g === null ? null : { value: g.value, start: g.start, end: g.end, children: g.children?.map(plain) };

/** Both matches of one text, from the same lastIndex. */
function both(tree: Tree, text: string): { native: unknown; polyfilled: unknown } {
  const original = polyfilledMatch()!;
  tree.regexp.lastIndex = 0;
  const native = plain(tree.match(text) as GroupLike | null);
  tree.regexp.lastIndex = 0;
  return { native, polyfilled: plain(original.call(tree, text) as GroupLike | null) };
}

test('TreeRegexp still has the shape the native match relies on, and it is the one the step definitions use', () => {
  const proto = treeRegexpPrototype();
  const trees = library.stepDefinitions.map((d) => (d.expression as unknown as { treeRegexp?: Tree }).treeRegexp);
  assert.ok(trees.length > 50, `step definitions loaded: ${trees.length}`);
  for (const tree of trees) {
    assert.ok(tree, 'every step definition matches through a TreeRegexp');
    assert.equal(Object.getPrototypeOf(tree), proto, 'cucumber matches with the TreeRegexp this project patches');
  }
  assert.equal(proto.match.name, 'nativeMatch', 'the native match is installed');
  assert.equal(typeof polyfilledMatch(), 'function', 'the polyfilled match is kept for this comparison');
});

test('every step text of the features matches every step definition exactly as the polyfill does', () => {
  assert.ok(STEP_TEXTS.length > 100, `distinct step texts: ${STEP_TEXTS.length}`);
  let matched = 0;
  for (const stepDefinition of library.stepDefinitions) {
    const tree = (stepDefinition.expression as unknown as { treeRegexp: Tree }).treeRegexp;
    for (const text of STEP_TEXTS) {
      const { native, polyfilled } = both(tree, text);
      assert.deepEqual(native, polyfilled, `"${text}" against ${stepDefinition.pattern.toString()}`);
      if (native !== null) matched++;
    }
  }
  assert.ok(matched >= STEP_TEXTS.length, `matches compared: ${matched}`);
});

test('group positions agree on expressions written to tell them apart', () => {
  const { RegularExpression, ParameterTypeRegistry } = cucumberExpressions();
  const cases: Array<[RegExp, string[]]> = [
    [/^a (b+) (c)?(d)$/, ['a bbb d', 'a b cd', 'a b x']],
    [/^((\w+) (\w+))+ end$/, ['one two end', 'x y end']],
    [/^(?:x(\d))?(y)(?<name>z)?$/, ['x1yz', 'y', 'yz']],
    [/^(?<=^)(a)(?=b)b(?!c)([^()]*)$/, ['abzz', 'ab(', 'abc']],
    [/^[(](\d+)[)] (".*?"|'.*?')$/, ['(12) "x"', "(3) 'y'"]],
    [/^(é+)(\u{1F600})?$/u, ['éé😀', 'é']],
    [/^(A)(b)$/i, ['ab', 'AB']],
    [/(\d)(\d)?/, ['x 1 and 23']],
  ];
  for (const [re, texts] of cases) {
    const tree = new RegularExpression(re, new ParameterTypeRegistry()).treeRegexp as unknown as Tree;
    for (const text of texts) {
      const { native, polyfilled } = both(tree, text);
      assert.deepEqual(native, polyfilled, `${re.toString()} on "${text}"`);
    }
  }
});

test('a global expression is left to the polyfilled match (its lastIndex decides where it starts)', () => {
  const { RegularExpression, ParameterTypeRegistry } = cucumberExpressions();
  const tree = new RegularExpression(/(a)/g, new ParameterTypeRegistry()).treeRegexp as unknown as Tree;
  const { native, polyfilled } = both(tree, 'xa');
  assert.deepEqual(native, polyfilled);
});

// ---- the one adapter file, and CI

test("no other file of src/ or steps/ reaches into cucumber's internals", () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) =>
      statSync(join(dir, n)).isDirectory() ? sources(join(dir, n)) : n.endsWith('.ts') ? [join(dir, n)] : [],
    );
  const internals = /@cucumber\/cucumber\/lib\/|['"]@cucumber\/cucumber-expressions['"]/;
  const reaching = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'steps'))]
    .map((f) => relative(ROOT, f).split('\\').join('/'))
    .filter((f) => f !== 'src/run/cucumber-patches.ts' && internals.test(readFileSync(join(ROOT, f), 'utf8')));
  assert.deepEqual(reaching, []);
});

test('the formatters cucumber has built in are listed where its internals keep them', () => {
  for (const name of ['progress', 'json', 'message', 'html', 'junit']) assert.ok(builtinFormatters().includes(name), name);
});

test('CI runs this contract against every cucumber version the range in package.json allows', () => {
  const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
  assert.match(ci, /require\('\.\/package\.json'\)\.dependencies\['@cucumber\/cucumber'\]/);
  assert.match(ci, /npm view "@cucumber\/cucumber@\$range" version/);
  assert.match(ci, /npm install --no-save[^\n]*"@cucumber\/cucumber@\$version"/);
  assert.match(ci, /run-unit-tests\.js test\/unit\/run\/cucumber-patches\.test\.ts/);
});
