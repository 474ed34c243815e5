// `npm run quick [-- --base <rev>] [--files <file,...>]`: the contributor's loop, in well under the
// time of `npm test`: the type check (incremental), ESLint, Prettier and the import rules on the
// files the change touched, the tests of those files (scripts/quick/plan.ts), and `npm run
// mutants -- --only` the faults of the operations it touched (with the baseline run). The files
// come from git (scripts/quick/changed.ts) unless --files names them. `npm test` still runs
// everything before a merge. Exit 0 when every step passed, the first failed step's code otherwise,
// 2 on a bad argument. OTA_QUICK_PHASES=<file> also writes the times there as JSON.
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { FAULTS } from '../sandbox/src/faults';
import { OPERATIONS } from '../src/specification/operations';
import { PROJECT_ROOT } from '../src/run/config';
import { npmRun, runPhases, timesText, type Phase, type Step } from './phases';
import { changedFiles, defaultBase } from './quick/changed';
import { quickPlan, type QuickPlan } from './quick/plan';

const USAGE = 'npm run quick -- [--base <rev>] [--files <file,...>]';

function parseArgs(argv: string[]): { base?: string; files?: string[] } {
  const out: { base?: string; files?: string[] } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new Error(`${a} needs a value; ${USAGE}`);
      return value;
    };
    if (a === '--base') out.base = value();
    else if (a === '--files') out.files = value().split(',').filter(Boolean);
    else throw new Error(`unknown argument ${a}; ${USAGE}`);
  }
  return out;
}

function testFiles(dir: string): string[] {
  const abs = join(PROJECT_ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((entry) => {
    const rel = `${dir}/${entry}`;
    if (entry === 'node_modules') return [];
    if (statSync(join(PROJECT_ROOT, rel)).isDirectory()) return testFiles(rel);
    return entry.endsWith('.test.ts') ? [rel] : [];
  });
}

const tool = (name: string, bin: string, args: string[]): Step => ({
  name,
  command: process.execPath,
  args: [join(PROJECT_ROOT, 'node_modules', bin), ...args],
});

function phases(plan: QuickPlan): Phase[] {
  return [
    {
      name: 'static checks of the change',
      steps: [
        npmRun('typecheck'),
        ...(plan.lint.length ? [tool('eslint', 'eslint/bin/eslint.js', plan.lint)] : []),
        ...(plan.format.length ? [tool('prettier', 'prettier/bin/prettier.cjs', ['--check', '--ignore-unknown', ...plan.format])] : []),
        ...(plan.imports.length
          ? [tool('depcruise', 'dependency-cruiser/bin/dependency-cruise.mjs', [...plan.imports, '--config', '.dependency-cruiser.cjs'])]
          : []),
      ],
    },
    { name: 'tests of the changed files', steps: plan.tests.length ? [npmRun('test:unit', ...plan.tests)] : [] },
    { name: 'faults of the changed operations', steps: plan.faults.length ? [npmRun('mutants', '--only', plan.faults.join(','))] : [] },
  ];
}

function describe(plan: QuickPlan, changed: readonly string[], from: string): string {
  const list = (xs: readonly string[]) => (xs.length ? xs.join(', ') : 'none');
  return [
    `Quick check of ${changed.length} changed file(s) ${from}: ${list(changed)}`,
    `  tests: ${list(plan.tests)}`,
    `  operations: ${list(plan.operations)}; faults: ${list(plan.faults)}`,
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const base = args.base ?? (args.files ? undefined : defaultBase());
  const changed = args.files ?? changedFiles(base!);
  const repo = {
    exists: (f: string) => existsSync(join(PROJECT_ROOT, f)),
    testFiles: ['test', 'sandbox/test'].flatMap(testFiles),
    read: (f: string) => readFileSync(join(PROJECT_ROOT, f), 'utf8'),
  };
  const plan = quickPlan(changed, repo, FAULTS, Object.keys(OPERATIONS));
  console.log(describe(plan, changed, args.files ? '(--files)' : `since ${base!.slice(0, 12)}`));
  const phasesResult = await runPhases(phases(plan));
  console.log(`\n${timesText('npm run quick', phasesResult)}`);
  if (process.env.OTA_QUICK_PHASES) writeFileSync(process.env.OTA_QUICK_PHASES, `${JSON.stringify({ ...phasesResult, plan }, null, 2)}\n`);
  return phasesResult.status;
}

// Run by scripts/launch.js (npm run quick): no require.main guard, the launcher is the main module.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(`quick: ${(e as Error).message}`);
    process.exit(2);
  },
);
