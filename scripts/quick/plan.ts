// What `npm run quick` checks for a change, from the files it touched: the files to lint and
// format, the tests of the changed files (their mirrored tests, scripts/quick/mirror.ts, or the
// test of the nearest folder; the tests that read a changed test helper; the catalogue's topic
// tests when the catalogue, a feature or a fault changed), and the faults of the operations it
// touched (those a fault declares it changes, leaving out the faults of every operation; with no
// operation touched, the faults of a changed fault file).
import { posix } from 'node:path';
import type { FaultDef } from '../../sandbox/src/faults';
import { mirroredTest, UNIT_TEST_ROOTS, INTEGRATION_TEST_ROOT } from './mirror';

export interface QuickPlan {
  /** TypeScript files for ESLint. */
  lint: string[];
  /** Every changed file that still exists, for Prettier (it skips what it does not format). */
  format: string[];
  /** Files for dependency-cruiser: code under the folders it checks. */
  imports: string[];
  tests: string[];
  operations: string[];
  faults: string[];
}

export interface Repository {
  exists(file: string): boolean;
  /** Every test file, for the tests that read a changed helper. */
  testFiles: readonly string[];
  /** A test file's text. */
  read(file: string): string;
}

const TEST_ROOTS = [...UNIT_TEST_ROOTS, INTEGRATION_TEST_ROOT];
const CRUISED = /^(src|steps|scripts|sandbox|test)\/.*\.(ts|js|cjs|mjs)$|^cucumber\.js$/;

/** Topic tests a change to these files may break, beyond the tests of the files themselves. */
const RELATED: ReadonlyArray<{ when: RegExp; tests: string[] }> = [
  {
    when: /^src\/operations\/[^/]+\/(contract|requirements)\.ts$|^src\/spec\/|^features\/|^sandbox\/src\/(faults|variants)\//,
    tests: ['test/unit/spec', 'test/unit/operations/rule-coverage.test.ts'],
  },
  { when: /^README\.md$|^docs\/|^sandbox\/VARIANTS\.md$/, tests: ['test/unit/scripts/docs.test.ts'] },
  { when: /^\.ci\//, tests: ['test/unit/ci/ci-recipes.test.ts'] },
];

const isTest = (f: string) => f.endsWith('.test.ts') && TEST_ROOTS.some((r) => f.startsWith(r));

/** The mirrored test of a file, or the test of the nearest folder above it that has one. */
function testOf(file: string, repo: Repository): string | undefined {
  const own = mirroredTest(file);
  if (own && repo.exists(own)) return own;
  // A source folder's test (src/a/b/c.ts: test/unit/a/b.test.ts, test/unit/a.test.ts), or, for a
  // helper inside a test folder (sandbox/test/faults/booking.ts), the test of that folder.
  for (let dir = posix.dirname(file); dir !== '.' && dir.includes('/'); dir = posix.dirname(dir)) {
    const folderTest = mirroredTest(`${dir}/index.ts`) ?? (TEST_ROOTS.some((r) => file.startsWith(r)) ? `${dir}.test.ts` : undefined);
    if (folderTest && repo.exists(folderTest)) return folderTest;
  }
  return undefined;
}

/** Tests that import a changed helper (a file under a test folder that is not a test). */
function readersOf(helper: string, repo: Repository): string[] {
  const stem = helper.replace(/\.(ts|js)$/, '');
  return repo.testFiles.filter((testFile) => {
    const rel = posix.relative(posix.dirname(testFile), stem);
    const spec = rel.startsWith('.') ? rel : `./${rel}`;
    return repo.read(testFile).includes(`'${spec}'`);
  });
}

function operationOf(file: string, names: ReadonlySet<string>): string | undefined {
  const match = /^src\/operations\/([^/]+)\/|^sandbox\/src\/operations\/([^/.]+)\.ts$|^test\/unit\/operations\/([^/]+)\//.exec(file);
  const op = match?.[1] ?? match?.[2] ?? match?.[3];
  return op && names.has(op) ? op : undefined;
}

export function quickPlan(
  changed: readonly string[],
  repo: Repository,
  faults: readonly FaultDef[],
  operations: readonly string[],
): QuickPlan {
  const present = [...new Set(changed)].filter((f) => repo.exists(f)).sort();
  const tests = new Set<string>();
  for (const f of present) {
    if (isTest(f)) tests.add(f);
    else {
      const t = testOf(f, repo);
      if (t) tests.add(t);
      if (TEST_ROOTS.some((r) => f.startsWith(r)) || f.startsWith('test/support/')) readersOf(f, repo).forEach((r) => tests.add(r));
    }
    for (const r of RELATED.filter((x) => x.when.test(f))) r.tests.forEach((x) => tests.add(x));
  }
  const names = new Set(operations);
  const ops = [...new Set(changed.map((f) => operationOf(f, names)).filter((o): o is string => !!o))].sort();
  const areas = new Set(
    changed.map((f) => /^sandbox\/src\/faults\/([a-z-]+)\.ts$/.exec(f)?.[1]).filter((a) => a && a !== 'index' && a !== 'fault'),
  );
  // The faults of the operations the change touched; with none, those of a changed fault file.
  const picked = faults.filter((f) => (ops.length ? f.operations.some((o) => ops.includes(o)) : areas.has(f.area))).map((f) => f.name);
  return {
    lint: present.filter((f) => f.endsWith('.ts')),
    format: present,
    imports: present.filter((f) => CRUISED.test(f)),
    tests: [...tests].sort(),
    operations: ops,
    faults: picked,
  };
}
