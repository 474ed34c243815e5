// Tests mirror the code: a source file's unit test sits at the mirrored path, so that the test of a
// file, and the file of a test, are found without asking anyone (npm run quick runs the tests of
// the files a change touched this way).
//   src/<path>/<name>.ts            test/unit/<path>/<name>.test.ts
//   steps/<name>.ts                 test/unit/steps/<name>.test.ts
//   scripts/<path>/<name>.ts (.js)  test/unit/scripts/<path>/<name>.test.ts
//   sandbox/src/<path>/<name>.ts    sandbox/test/<path>/<name>.test.ts
// A folder's index.ts is tested by <folder>.test.ts beside the folder's own tests (e.g.
// sandbox/test/faults.test.ts for sandbox/src/faults/index.ts). A unit test with no source at its
// mirrored path is a topic test (cross-module, or of something that is not code) and is named in
// TOPIC_TESTS with what it covers; test/integration/ holds only topic tests (whole runs, the
// sandbox and the suite together) and needs no entry. test/unit/scripts/quick/mirror.test.ts fails
// on a unit test that is neither.
import { existsSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';

/** Where the unit tests of each source root sit: [source root, test root]. Longest source root first. */
const ROOTS: ReadonlyArray<readonly [string, string]> = [
  ['sandbox/src/', 'sandbox/test/'],
  ['steps/', 'test/unit/steps/'],
  ['scripts/', 'test/unit/scripts/'],
  ['src/', 'test/unit/'],
];

/** The folders unit tests live in; test/integration/ holds topic tests only. */
export const UNIT_TEST_ROOTS = ['test/unit/', 'sandbox/test/'];
export const INTEGRATION_TEST_ROOT = 'test/integration/';

const SOURCE_EXTENSIONS = ['.ts', '.js'];

/**
 * Unit tests that test no single source file, with what each covers. Keep the reason short and
 * true: a test that in fact tests one module belongs at that module's mirrored path instead.
 */
export const TOPIC_TESTS: Readonly<Record<string, string>> = {
  'test/unit/comments-say-why.test.ts': 'no comment in the code, its tests or its CI recipes cites an issue number',
  'test/unit/operations/hotelavailability/honest-layouts.test.ts':
    'the rules of src/operations/hotelavailability (guests.ts, hotel-link.ts, stay-dates.ts) on honest layouts the sandbox does not use',
  'test/unit/operations/transferavailability/echoed-services.test.ts':
    'the served rules of src/operations/transferavailability/contract.ts on services that only echo the request',
  'test/unit/operations/bookread/other-content.test.ts':
    "the read rules of src/operations/bookread/contract.ts on a read that shows the reference over another booking's items",
  'test/unit/contracts/card-dates.test.ts': "EP-DATES of src/contracts/envelope.ts on a payment card's MMYY ExpireDate and EffectiveDate",
  'test/unit/contracts/refusal-data.test.ts':
    'dataBesideErrors and refusalCheck of src/contracts/envelope.ts: xsi and xml attributes are no data beside the errors',
  'test/unit/contracts/when-not-shown.test.ts': "every fact's whenNotShown within its length, and its matching method in docs/matching.md",
  'test/unit/ci/ci-recipes.test.ts': 'the CI recipes of .ci/github/ and .ci/gitlab/ (YAML users copy, not code)',
  'test/unit/contracts/opentravel-samples.test.ts': "every contract's facts read on OpenTravel's own sample replies",
  'test/unit/operations/disagreeing-placements.test.ts':
    "every fact's placements of one item that disagree are a finding of the rule that read it",
  'test/unit/operations/facts-read.test.ts': 'the facts each MUST names are the facts its rule reads',
  'test/unit/operations/fair-forms.test.ts': 'legitimate forms of one fact judged alike by every operation that reads it',
  'test/unit/operations/nothing-to-judge.test.ts': 'no rule of any contract passes on a reply with nothing to judge',
  'test/unit/operations/rule-coverage.test.ts': 'every rule of every contract has its unit test',
  'test/unit/operations/regions-against-countries.test.ts':
    'a region of another country beside the country, in every operation that places a subject, and against its description',
  'test/unit/operations/activityavailability/corroboration.test.ts':
    "activity availability's and search's rules with what activity and hotel descriptive data say (corroboration)",
  'test/unit/operations/hotelavailability/corroboration.test.ts':
    "hotel availability's rules with what hotel descriptive data says (two operations and corroboration)",
  'test/unit/safety/scan-equivalence.test.ts': 'the fast secret search (plain views) finds what the full one (mapped views) finds',
  'test/unit/specification/catalogue-links.test.ts': 'the catalogue, the faults, the variants and the operations name each other correctly',
  'test/unit/specification/fault-coverage.test.ts': 'every testable requirement has a fault that fails it',
  'test/unit/specification/grain.test.ts': "each MUST's grain: how its quote is read, a reply it accepts and one it refuses",
  'test/unit/specification/requirements-basis.test.ts':
    "every requirement's basis: MUST quotes found verbatim in the spec, levels, decided-by",
  'test/unit/specification/traceability.test.ts': 'every requirement has a scenario, every @req: tag a requirement',
  'test/unit/transport/hostile-server.test.ts': 'the transport and the reply decoding against every behaviour of the hostile server',
  'sandbox/test/booking.test.ts': 'the booking story across the sandbox: quote, commit, basket, duplicates, read, cancel',
  'sandbox/test/concurrency.test.ts': 'the sandbox under 50 concurrent clients: no booking lost or duplicated',
  'sandbox/test/robustness.test.ts': 'the resource bounds of the sandbox under load: the booking store, slow clients, keep-alive',
  'sandbox/test/variants-schemas.test.ts': "every dialect variant's replies are valid against the OpenTravel schemas",
};

const posixPath = (p: string) => p.split('\\').join('/');

/** Where the unit test of a source file sits (whether or not it exists); undefined for a file outside the source roots. */
export function mirroredTest(source: string): string | undefined {
  const file = posixPath(source);
  const root = ROOTS.find(([src]) => file.startsWith(src));
  const ext = SOURCE_EXTENSIONS.find((e) => file.endsWith(e));
  if (!root || !ext || file.endsWith('.d.ts') || file.endsWith('.test.ts')) return undefined;
  const rest = file.slice(root[0].length, -ext.length);
  const name = posix.basename(rest) === 'index' && posix.dirname(rest) !== '.' ? posix.dirname(rest) : rest;
  return `${root[1]}${name}.test.ts`;
}

/** The source files a unit test may mirror (any of them existing makes it a mirror); [] outside the unit test roots. */
export function mirroredSources(test: string): string[] {
  const file = posixPath(test);
  if (!file.endsWith('.test.ts')) return [];
  // The most specific test root first: test/unit/steps/ before test/unit/.
  const root = [...ROOTS].sort((a, b) => b[1].length - a[1].length).find(([, t]) => file.startsWith(t));
  if (!root) return [];
  const rest = file.slice(root[1].length, -'.test.ts'.length);
  return SOURCE_EXTENSIONS.flatMap((e) => [`${root[0]}${rest}${e}`, `${root[0]}${rest}/index${e}`]);
}

function testFiles(root: string, dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(root, `${rel}/`);
    return entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}

export interface TestLayoutProblem {
  file: string;
  why: string;
}

/** Every unit test without a source at its mirrored path and not a named topic test; topic entries that name no test; tests outside the test roots. */
export function testLayoutProblems(root: string): TestLayoutProblem[] {
  const problems: TestLayoutProblem[] = [];
  const unit = UNIT_TEST_ROOTS.flatMap((r) => testFiles(root, r));
  for (const file of unit.sort()) {
    if (Object.hasOwn(TOPIC_TESTS, file)) {
      const sources = mirroredSources(file).filter((s) => existsSync(join(root, s)));
      if (sources.length)
        problems.push({
          file,
          why: `it is listed as a topic test, but ${sources[0]} exists: it is that file's unit test (drop it from TOPIC_TESTS)`,
        });
      continue;
    }
    if (!mirroredSources(file).some((s) => existsSync(join(root, s))))
      problems.push({
        file,
        why: `no source at its mirrored path (${mirroredSources(file)[0]}): move it to the path of the file it tests, or name it in TOPIC_TESTS of scripts/quick/mirror.ts with what it covers`,
      });
  }
  for (const file of Object.keys(TOPIC_TESTS).filter((f) => !unit.includes(f)))
    problems.push({ file, why: 'TOPIC_TESTS names it, but there is no such test: drop the entry' });
  const placed = [...UNIT_TEST_ROOTS, INTEGRATION_TEST_ROOT];
  for (const file of ['test/', 'sandbox/'].flatMap((r) => testFiles(root, r)).filter((f) => !placed.some((p) => f.startsWith(p))))
    problems.push({ file, why: `a test outside ${placed.join(', ')}: npm test runs it, but no rule says what it tests` });
  return problems;
}
