// Cucumber profiles. `npm run conformance` (src/run/runner.ts) runs these through the programmatic
// API and adds what a conformance run needs: the feature folders of the claimed classes
// (features/<class>/), preflight, ledger clean-up, per-requirement outcomes, the verdict, the
// reports and the secret scan. Plain `npx cucumber-js -p <profile>` works too, without a verdict.
const reports = process.env.OTA_REPORTS_DIR || 'reports';

const common = {
  requireModule: ['ts-node/register/transpile-only'],
  require: ['src/cucumber/world.ts', 'src/cucumber/hooks.ts', 'steps/**/*.ts'],
  format: [
    // Only one formatter may own the console; the others write files. JUnit is written by the
    // runner from the verdict (testcase names carry the requirement IDs).
    process.stdout.isTTY ? 'progress-bar' : './src/reporting/progress-formatter.cjs',
    `message:${reports}/cucumber-messages.ndjson`,
    `html:${reports}/cucumber-report.html`,
    // Allure writes its results to resultsDir itself; its own output is only a log.
    ['allure-cucumberjs/reporter', `${reports}/allure-formatter.log`],
  ],
  formatOptions: {
    resultsDir: `${reports}/allure-results`,
    // One grouping: operation (epic), then requirement (story).
    labels: [
      { pattern: [/^@op:/], name: 'epic' },
      { pattern: [/^@req:/], name: 'story' },
    ],
  },
  // A step without a definition is an error of the suite, never a pass.
  strict: true,
};

module.exports = {
  default: common,
  // Targets where no booking may be made: certifies the core class only (and security).
  'read-only': { ...common },
  // Pull requests against the embedded sandbox.
  ci: { ...common },
};
