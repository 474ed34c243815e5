// Every place the suite reaches into cucumber-js's internals, in this one file (two patches, and
// the list of cucumber's built-in formatters the run's arguments are checked against): the adapter whose
// shape its contract test (test/unit/run/cucumber-patches.test.ts) checks against the cucumber
// version package.json pins, in npm test and in CI (.ci/run runs it against every version the
// package.json range allows), so that an upgrade that changes them fails loudly. Two patches, each
// idempotent and each leaving cucumber's own code reachable; the changes that would make them
// upstream are in docs/speed.md.
//
// 1. Scenarios concurrent inside one process: `--parallel N` runs N scenario lanes in the runner's
// own process instead of N cucumber worker processes. cucumber-js 12 runs a test case at a time in
// a process (its InProcessAdapter, lib/runtime/serial/adapter.js); every test case already has its
// own World, attachments and status (a TestCaseRunner each, the World reached through an
// AsyncLocalStorage scope), so nothing but that loop assumes one at a time. installLanes replaces
// the loop: up to N test cases in flight, the next one started as one ends, the longest first (the
// booking chains: they book, read or cancel, and clean up), cucumber's parallelCanAssign honoured
// as its worker pool does, --fail-fast as in cucumber's parallel runs (what is in flight ends). A
// process drives its lanes while they wait on the gateway; worker processes (each about 0.45 s of
// CPU to start, more than a lane's share of the scenarios) are not started.
//
// 2. Step text matched with native RegExp match indices (the `d` flag, in every Node this project
// supports). cucumber-expressions 19 (cucumber-js 12) still gets the position of each capture group
// from the regexp-match-indices polyfill, which rebuilds every step's regular expression with
// regexp-tree on its first match and runs it twice per match: about a twentieth of a report-less
// run's CPU. installNativeMatchIndices replaces TreeRegexp.match by the same match made natively:
// the groups, values and positions are the ones the polyfill computes. Installed once per process,
// by the support code (src/cucumber/hooks.ts).
import { createRequire } from 'node:module';
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };

/** A test case as cucumber assembles it (lib/assemble/types.d.ts). */
export interface AssembledTestCase {
  gherkinDocument: unknown;
  pickle: messages.Pickle;
  testCase: unknown;
}

/** What the lanes use of cucumber's Worker (lib/runtime/worker.js). */
interface CucumberWorker {
  options: { lanes?: number };
  supportCodeLibrary: { parallelCanAssign(pickle: messages.Pickle, inProgress: messages.Pickle[]): boolean };
  runBeforeAllHooks(): Promise<unknown>;
  runTestCase(item: AssembledTestCase, failing: boolean): Promise<boolean>;
  runAfterAllHooks(): Promise<unknown>;
}

/** cucumber's InProcessAdapter as the lanes see it. */
export interface InProcessAdapterLike {
  worker: CucumberWorker;
  failing: boolean;
  run(assembled: readonly AssembledTestCase[]): Promise<boolean>;
}

/** The module that holds cucumber's serial adapter (the one makeRuntime uses when parallel is 0). */
export const SERIAL_ADAPTER_MODULE = '@cucumber/cucumber/lib/runtime/serial/adapter';

/** cucumber's InProcessAdapter class, checked for the shape the lanes rely on. */
export function inProcessAdapter(): { prototype: InProcessAdapterLike } {
  const m = require(SERIAL_ADAPTER_MODULE) as { InProcessAdapter?: { prototype: InProcessAdapterLike } };
  if (typeof m.InProcessAdapter?.prototype?.run !== 'function')
    throw new Error(`cucumber changed: ${SERIAL_ADAPTER_MODULE} has no InProcessAdapter with run()`);
  return m.InProcessAdapter;
}

/** The lanes a run asks for, carried in cucumber's runtime options (the adapter's worker keeps them). */
export function withLanes<T extends object>(runtime: T, lanes: number): T & { parallel: 0; lanes: number } {
  return { ...runtime, parallel: 0, lanes };
}

/** Which test cases go first: the booking chains, the longest scenarios; otherwise the features' order. */
export function longestFirst(items: readonly AssembledTestCase[]): AssembledTestCase[] {
  const long = (i: AssembledTestCase) => (i.pickle.tags.some((t) => t.name === '@creates-booking') ? 1 : 0);
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => long(b.item) - long(a.item) || a.index - b.index)
    .map((x) => x.item);
}

/**
 * Runs the test cases in up to `lanes` lanes. Resolves when every one started has ended; an error
 * of cucumber itself (not of a scenario: those are results) is thrown once the others have ended.
 */
export async function runInLanes(adapter: InProcessAdapterLike, assembled: readonly AssembledTestCase[], lanes: number): Promise<boolean> {
  const { worker } = adapter;
  await worker.runBeforeAllHooks();
  const todo = longestFirst(assembled);
  const inProgress = new Set<AssembledTestCase>();
  let broken: unknown;
  await new Promise<void>((done) => {
    const next = (): number => {
      if (todo.length === 0) return -1;
      const busy = [...inProgress].map((i) => i.pickle);
      const index = todo.findIndex((t) => worker.supportCodeLibrary.parallelCanAssign(t.pickle, busy));
      // nothing may run beside what runs now: wait for it; nothing runs: the first, as cucumber does
      return index >= 0 ? index : inProgress.size === 0 ? 0 : -1;
    };
    const fill = (): void => {
      while (broken === undefined && inProgress.size < lanes) {
        const index = next();
        if (index < 0) break;
        const [item] = todo.splice(index, 1);
        inProgress.add(item);
        worker.runTestCase(item, adapter.failing).then(
          (ok) => {
            if (!ok) adapter.failing = true;
            inProgress.delete(item);
            fill();
          },
          (e: unknown) => {
            broken ??= e;
            inProgress.delete(item);
            fill();
          },
        );
      }
      if (inProgress.size === 0 && (todo.length === 0 || broken !== undefined)) done();
    };
    fill();
  });
  if (broken !== undefined) throw broken;
  await worker.runAfterAllHooks();
  return !adapter.failing;
}

const LANES_INSTALLED = Symbol.for('ota-conformance.lanes');

/**
 * Makes cucumber's in-process adapter run in lanes when its runtime options ask for more than one
 * (withLanes); a run that asks for none runs cucumber's own loop, unchanged. Idempotent.
 */
export function installLanes(adapterClass: { prototype: InProcessAdapterLike } = inProcessAdapter()): void {
  const proto = adapterClass.prototype as InProcessAdapterLike & { [LANES_INSTALLED]?: InProcessAdapterLike['run'] };
  if (proto[LANES_INSTALLED]) return;
  const serial = proto.run;
  proto[LANES_INSTALLED] = serial;
  proto.run = function runMaybeInLanes(this: InProcessAdapterLike, assembled: readonly AssembledTestCase[]): Promise<boolean> {
    const lanes = this.worker?.options?.lanes ?? 1;
    return lanes > 1 ? runInLanes(this, assembled, lanes) : serial.call(this, assembled);
  };
}

// ---- what the suite reads of cucumber's internals without patching them

/** The formatters cucumber has built in (its API does not list them): checked before a run starts. */
export function builtinFormatters(): string[] {
  const builtin = require('@cucumber/cucumber/lib/formatter/builtin/index') as { default: Record<string, unknown> };
  return Object.keys(builtin.default);
}

// ---- 2. native match indices in cucumber-expressions' TreeRegexp

/** The parts of cucumber-expressions' TreeRegexp this relies on (not exported by the package). */
interface TreeRegexpLike {
  readonly regexp: RegExp;
  readonly groupBuilder: { build(match: RegExpExecArray, nextGroupIndex: () => number): unknown };
  match(s: string): unknown;
}

interface ExpressionsModule {
  RegularExpression: new (regexp: RegExp, registry: unknown) => { treeRegexp: TreeRegexpLike };
  ParameterTypeRegistry: new () => unknown;
}

/** cucumber-expressions as cucumber-js itself loads it (the instance whose TreeRegexp matches the steps). */
export function cucumberExpressions(): ExpressionsModule {
  const fromCucumber = createRequire(require.resolve('@cucumber/cucumber'));
  return fromCucumber('@cucumber/cucumber-expressions') as ExpressionsModule;
}

/** TreeRegexp's prototype, reached through an expression (the class itself is not exported). */
export function treeRegexpPrototype(expressionsModule: ExpressionsModule = cucumberExpressions()): TreeRegexpLike {
  const tree = new expressionsModule.RegularExpression(/(a)/, new expressionsModule.ParameterTypeRegistry()).treeRegexp;
  const proto = Object.getPrototypeOf(tree) as TreeRegexpLike | null;
  if (!proto || typeof proto.match !== 'function' || !(tree.regexp instanceof RegExp) || typeof tree.groupBuilder?.build !== 'function')
    throw new Error('cucumber-expressions changed: its TreeRegexp has no match(), regexp or groupBuilder.build()');
  return proto;
}

const NATIVE_INSTALLED = Symbol.for('ota-conformance.native-match-indices');

/** The same regular expression with the `d` flag, made once per expression. */
const withIndices = new WeakMap<RegExp, RegExp>();

function indicesRegexp(re: RegExp): RegExp {
  let regExp = withIndices.get(re);
  if (regExp === undefined) {
    regExp = re.hasIndices ? re : new RegExp(re.source, `${re.flags}d`);
    withIndices.set(re, regExp);
  }
  return regExp;
}

/** Replaces TreeRegexp.match by its native form; the original stays reachable for the test. Idempotent. */
export function installNativeMatchIndices(proto: TreeRegexpLike = treeRegexpPrototype()): void {
  const p = proto as TreeRegexpLike & { [NATIVE_INSTALLED]?: TreeRegexpLike['match'] };
  if (p[NATIVE_INSTALLED]) return;
  const polyfilled = p.match;
  p[NATIVE_INSTALLED] = polyfilled;
  p.match = function nativeMatch(this: TreeRegexpLike, s: string): unknown {
    // a global or sticky expression matches from its lastIndex: left to the original
    if (this.regexp.global || this.regexp.sticky) return polyfilled.call(this, s);
    const match = indicesRegexp(this.regexp).exec(s);
    if (match === null) return null;
    let groupIndex = 0;
    return this.groupBuilder.build(match, () => groupIndex++);
  };
}

/** The polyfilled match, as cucumber-expressions ships it (undefined before installation). */
export function polyfilledMatch(proto: TreeRegexpLike = treeRegexpPrototype()): TreeRegexpLike['match'] | undefined {
  return (proto as TreeRegexpLike & { [NATIVE_INSTALLED]?: TreeRegexpLike['match'] })[NATIVE_INSTALLED];
}
