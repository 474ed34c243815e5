// `npm run report`: builds the Allure 3 HTML report from the last run's results, then scans it for
// secrets (the same list the run masks: config.secrets). The output folder is cleared first: generating into an existing report
// leaves the old index.html in place (Allure 3 writes the new one into a subfolder). Output and
// history follow OTA_REPORTS_DIR; the history file accumulates across reports, for trends.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, PROJECT_ROOT } from '../src/run/config';
import { ConfigError } from '../src/run/errors';
import { formatFindings, scanForSecrets } from '../src/safety/redaction';

function main(): number {
  const config = loadConfig();
  const results = join(config.reportsDir, 'allure-results');
  if (!existsSync(results)) throw new ConfigError(`no results at ${results}: run npm run conformance first`);
  const allurerc = {
    ...JSON.parse(readFileSync(join(PROJECT_ROOT, 'allurerc.json'), 'utf8')),
    output: join(config.reportsDir, 'allure-report'),
    historyPath: join(config.reportsDir, 'history', 'allure-history.jsonl'),
  };
  rmSync(allurerc.output, { recursive: true, force: true });
  const rcFile = join(config.reportsDir, '.allurerc.json');
  writeFileSync(rcFile, JSON.stringify(allurerc, null, 2));
  const cli = join(PROJECT_ROOT, 'node_modules/allure/cli.js');
  const gen = spawnSync(process.execPath, [cli, 'generate', results, '--config', rcFile], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  rmSync(rcFile, { force: true });
  if (gen.status !== 0 || !existsSync(join(allurerc.output, 'index.html'))) {
    console.error(`Allure could not build the report (exit ${gen.status}).`);
    return 2;
  }

  const leaks = scanForSecrets(config.reportsDir, config.secrets);
  if (leaks.length > 0) {
    console.error(`A SECRET WAS FOUND IN THE REPORTS — do not publish ${config.reportsDir}:\n${formatFindings(leaks)}`);
    return 3;
  }
  console.log(`Report: ${join(allurerc.output, 'index.html')} (no secret found in ${config.reportsDir}).`);
  return 0;
}

try {
  process.exit(main());
} catch (e) {
  console.error(e instanceof ConfigError ? `Could not build the report: ${e.message}` : e);
  process.exit(2);
}
