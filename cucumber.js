// Cucumber profiles. `npm run conformance` (scripts/conformance.ts) runs these through the
// programmatic API, adds preflight, ledger clean-up, the secret scan and the summary; plain
// `npx cucumber-js -p <profile>` works too.
const reports = process.env.OTA_REPORTS_DIR || 'reports';

const common = {
  requireModule: ['ts-node/register/transpile-only'],
  require: ['src/cucumber/world.ts', 'src/cucumber/hooks.ts', 'steps/**/*.ts'],
  paths: ['features/**/*.feature'],
  format: [
    // Only one formatter may own the console; the others write files.
    process.stdout.isTTY ? 'progress-bar' : 'progress',
    `junit:${reports}/junit.xml`,
    `message:${reports}/cucumber-messages.ndjson`,
    `html:${reports}/cucumber-report.html`,
    // Allure writes its results to resultsDir itself; its own output is only a log.
    ['allure-cucumberjs/reporter', `${reports}/allure-formatter.log`],
  ],
  formatOptions: {
    resultsDir: `${reports}/allure-results`,
    // Allure behaviours: one feature per operation, one story per requirement.
    labels: [
      { pattern: [/^@op:/], name: 'feature' },
      { pattern: [/^@req:/], name: 'story' },
    ],
    junit: { suiteName: 'ota-gateway-conformance' },
  },
  // A step without a definition is an error of the suite, never a pass.
  strict: true,
};

module.exports = {
  default: common,
  // Targets where no booking may be made: leaves out every scenario that creates one.
  'read-only': { ...common, tags: 'not @creates-booking' },
  // The conformance classes (see src/spec/requirements.ts).
  core: { ...common, tags: 'not @creates-booking and not @informative' },
  booking: { ...common, tags: '@creates-booking' },
  // Fast feedback on pull requests: everything but the informative alignment check.
  ci: { ...common, tags: 'not @informative' },
};
