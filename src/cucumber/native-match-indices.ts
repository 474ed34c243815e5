// Step text is matched with native RegExp match indices (the `d` flag, in every Node this project
// supports). cucumber-expressions 19 (cucumber-js 12) still gets the position of each capture
// group from the regexp-match-indices polyfill, which rebuilds every step's regular expression
// with regexp-tree on its first match and runs it twice per match: about a twentieth of a
// report-less run's CPU. TreeRegexp.match is replaced here by the same match made natively: the
// groups, values and positions are the ones the polyfill computes (test/unit/cucumber/
// native-match-indices.test.ts compares them, and fails if TreeRegexp changes shape). The change
// offered upstream is in docs/speed.md. Installed once per process, by the support code (hooks.ts).
import { createRequire } from 'node:module';

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
export function treeRegexpPrototype(m: ExpressionsModule = cucumberExpressions()): TreeRegexpLike {
  const tree = new m.RegularExpression(/(a)/, new m.ParameterTypeRegistry()).treeRegexp;
  const proto = Object.getPrototypeOf(tree) as TreeRegexpLike | null;
  if (!proto || typeof proto.match !== 'function' || !(tree.regexp instanceof RegExp) || typeof tree.groupBuilder?.build !== 'function')
    throw new Error('cucumber-expressions changed: its TreeRegexp has no match(), regexp or groupBuilder.build()');
  return proto;
}

const INSTALLED = Symbol.for('ota-conformance.native-match-indices');

/** The same regular expression with the `d` flag, made once per expression. */
const withIndices = new WeakMap<RegExp, RegExp>();

function indicesRegexp(re: RegExp): RegExp {
  let d = withIndices.get(re);
  if (d === undefined) {
    d = re.hasIndices ? re : new RegExp(re.source, `${re.flags}d`);
    withIndices.set(re, d);
  }
  return d;
}

/** Replaces TreeRegexp.match by its native form; the original stays reachable for the test. Idempotent. */
export function installNativeMatchIndices(proto: TreeRegexpLike = treeRegexpPrototype()): void {
  const p = proto as TreeRegexpLike & { [INSTALLED]?: TreeRegexpLike['match'] };
  if (p[INSTALLED]) return;
  const polyfilled = p.match;
  p[INSTALLED] = polyfilled;
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
  return (proto as TreeRegexpLike & { [INSTALLED]?: TreeRegexpLike['match'] })[INSTALLED];
}
