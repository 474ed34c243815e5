// The seam of src/cucumber/native-match-indices.ts: cucumber-expressions' TreeRegexp still has the
// shape the native match relies on, the prototype patched is the one cucumber's own step
// definitions match with, and the native match finds exactly what the polyfilled one finds: on
// every step text of the features against every step definition, and on regular expressions
// written to tell group positions apart.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AstBuilder, GherkinClassicTokenMatcher, Parser, compile } from '@cucumber/gherkin';
import { loadConfiguration, loadSupport, type ISupportCodeLibrary } from '@cucumber/cucumber/api';
import {
  cucumberExpressions,
  installNativeMatchIndices,
  polyfilledMatch,
  treeRegexpPrototype,
} from '../../../src/cucumber/native-match-indices';

const ROOT = join(__dirname, '../../..');

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
  for (const t of trees) {
    assert.ok(t, 'every step definition matches through a TreeRegexp');
    assert.equal(Object.getPrototypeOf(t), proto, 'cucumber matches with the TreeRegexp this project patches');
  }
  assert.equal(proto.match.name, 'nativeMatch', 'the native match is installed');
  assert.equal(typeof polyfilledMatch(), 'function', 'the polyfilled match is kept for this comparison');
});

test('every step text of the features matches every step definition exactly as the polyfill does', () => {
  assert.ok(STEP_TEXTS.length > 100, `distinct step texts: ${STEP_TEXTS.length}`);
  let matched = 0;
  for (const d of library.stepDefinitions) {
    const tree = (d.expression as unknown as { treeRegexp: Tree }).treeRegexp;
    for (const text of STEP_TEXTS) {
      const { native, polyfilled } = both(tree, text);
      assert.deepEqual(native, polyfilled, `"${text}" against ${d.pattern.toString()}`);
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
