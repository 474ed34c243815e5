// `npm test`: every check of the project, in phases (scripts/phases.ts), and where the time went
// said at the end. The static checks do not depend on each other and run side by side; then the
// unit and integration tests, the suite against the sandbox (it must say CONFORMS), and the
// mutation and fairness runs. OTA_TEST_PHASES=<file> also writes the times there as JSON (`npm run
// bench -- --contributor` reads them).
import { writeFileSync } from 'node:fs';
import { npmRun, runPhases, timesText, type Phase } from './phases';

/** The phases of npm test, in order; a phase's steps longest first. */
export const TEST_PHASES: readonly Phase[] = [
  { name: 'static checks', steps: [npmRun('lint:eslint'), npmRun('typecheck'), npmRun('lint:format'), npmRun('lint:deps')] },
  { name: 'unit and integration tests', steps: [npmRun('test:unit')] },
  { name: 'the suite against the sandbox', steps: [npmRun('conformance')] },
  { name: 'mutation and fairness runs', steps: [npmRun('mutants')] },
];

async function main(argv: string[]): Promise<number> {
  if (argv.length) {
    console.error(`test: unknown argument ${argv[0]}; npm test takes none (npm run quick runs the checks of a change)`);
    return 2;
  }
  const phasesResult = await runPhases(TEST_PHASES);
  console.log(`\n${timesText('npm test', phasesResult)}`);
  if (process.env.OTA_TEST_PHASES) writeFileSync(process.env.OTA_TEST_PHASES, `${JSON.stringify(phasesResult, null, 2)}\n`);
  return phasesResult.status;
}

// Run by scripts/launch.js (npm test): no require.main guard, the launcher is the main module.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error((e as Error).stack);
    process.exit(2);
  },
);
