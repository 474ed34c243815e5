// Cucumber profiles. `npm run conformance` (src/run/runner.ts) runs these through the programmatic
// API and adds what a conformance run needs: the feature folders of the claimed classes
// (features/<class>/), preflight, ledger clean-up, per-requirement outcomes, the verdict, the
// reports and the secret scan. Plain `npx cucumber-js -p <profile>` works too, without a verdict.
const reports = process.env.OTA_REPORTS_DIR || 'reports';

const common = {
  requireModule: ['ts-node/register/transpile-only'],
  require: ['src/cucumber/world.ts', 'src/cucumber/hooks.ts', 'steps/**/*.ts'],
  format: [
    // Only one formatter may own the console. The evidence stream (cucumber's messages) is the one
    // file written while scenarios run: `npm run conformance` writes it itself and builds every
    // other report from it after the verdict (JUnit, evidence.html, the reproducers) or on demand
    // (`npm run report`: Allure and the cucumber HTML report).
    process.stdout.isTTY ? 'progress-bar' : './src/reporting/progress-formatter.cjs',
    `message:${reports}/cucumber-messages.ndjson`,
  ],
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
