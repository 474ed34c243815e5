// Scenarios concurrent inside one process: `--parallel N` runs N scenario lanes in the runner's own
// process instead of N cucumber worker processes. cucumber-js 12 runs a test case at a time in a
// process (its InProcessAdapter, lib/runtime/serial/adapter.js); every test case already has its
// own World, attachments and status (a TestCaseRunner each, the World reached through an
// AsyncLocalStorage scope), so nothing but that loop assumes one at a time. This module replaces
// the loop: up to N test cases in flight, the next one started as one ends, the longest first
// (the booking chains: they book, read or cancel, and clean up), cucumber's parallelCanAssign
// honoured as its worker pool does, --fail-fast as in cucumber's parallel runs (what is in flight
// ends). A process drives its lanes while they wait on the gateway; worker processes (each about
// 0.45 s of CPU to start, more than a lane's share of the scenarios) are not started.
//
// It needs cucumber internals: the exact cucumber version is pinned in package.json, and
// test/unit/run/concurrent-scenarios.test.ts fails if the adapter changes shape or a run asked for lanes does not
// run them. The change that would make it upstream: docs/speed.md.
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
      const i = todo.findIndex((t) => worker.supportCodeLibrary.parallelCanAssign(t.pickle, busy));
      // nothing may run beside what runs now: wait for it; nothing runs: the first, as cucumber does
      return i >= 0 ? i : inProgress.size === 0 ? 0 : -1;
    };
    const fill = (): void => {
      while (broken === undefined && inProgress.size < lanes) {
        const i = next();
        if (i < 0) break;
        const [item] = todo.splice(i, 1);
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

const INSTALLED = Symbol.for('ota-conformance.lanes');

/**
 * Makes cucumber's in-process adapter run in lanes when its runtime options ask for more than one
 * (withLanes); a run that asks for none runs cucumber's own loop, unchanged. Idempotent.
 */
export function installLanes(adapterClass: { prototype: InProcessAdapterLike } = inProcessAdapter()): void {
  const proto = adapterClass.prototype as InProcessAdapterLike & { [INSTALLED]?: InProcessAdapterLike['run'] };
  if (proto[INSTALLED]) return;
  const serial = proto.run;
  proto[INSTALLED] = serial;
  proto.run = function runMaybeInLanes(this: InProcessAdapterLike, assembled: readonly AssembledTestCase[]): Promise<boolean> {
    const lanes = this.worker?.options?.lanes ?? 1;
    return lanes > 1 ? runInLanes(this, assembled, lanes) : serial.call(this, assembled);
  };
}
