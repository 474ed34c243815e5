// `npm run report`: builds the Allure 3 HTML report from the last run's results, then scans it for
// secrets (the same list the run masks: config.secrets). It needs no credentials: it sends nothing. The output folder is cleared first: generating into an existing report
// leaves the old index.html in place (Allure 3 writes the new one into a subfolder). Output and
// history follow OTA_REPORTS_DIR; the history accumulates across reports, for trends: one file per
// target, at most OTA_HISTORY_LIMIT runs (src/reporting/allure-history.ts).
// A report in which a secret is found is removed, with the history line it added (exit 3): left on
// disk it would be published by mistake, and every later run would fail on it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadReportConfig, PROJECT_ROOT } from '../src/run/config';
import { checkOutputFolder } from '../src/run/input-checks';
import { ConfigError } from '../src/core/errors';
import { Redactor } from '../src/safety/masking';
import { formatFindings, scanForSecrets } from '../src/safety/scanning';
import { maskConsole } from '../src/safety/masked-console';
import { ALLURE3_CATEGORIES } from '../src/reporting/allure-metadata';
import { historyFile, historyLabel, historyLimit } from '../src/reporting/allure-history';

function main(argv: string[]): number {
  if (argv.length > 0)
    throw new ConfigError(`unknown argument ${argv[0]}: npm run report takes none (OTA_REPORTS_DIR names the reports folder)`);
  // Builds files only: no credentials needed (a password that is set is still masked and scanned for).
  const config = loadReportConfig();
  const redactor = new Redactor(config.secrets, { user: config.user });
  maskConsole(redactor);
  checkOutputFolder(config.reportsDir, 'the reports folder (OTA_REPORTS_DIR)');
  const results = join(config.reportsDir, 'allure-results');
  if (!existsSync(results)) throw new ConfigError(`no results at ${results}: run npm run conformance first`);
  const base = JSON.parse(readFileSync(join(PROJECT_ROOT, 'allurerc.json'), 'utf8')) as { name?: string };
  const allurerc = {
    ...base,
    name: `${base.name ?? 'OTA Gateway Conformance'}: ${historyLabel(config.baseUrl)}`,
    output: join(config.reportsDir, 'allure-report'),
    historyPath: historyFile(config.reportsDir, config.baseUrl),
    historyLimit: historyLimit(),
    // Nonconformance (MUST), warning (SHOULD), cannot tell, suite error: Allure 3 reads them here.
    categories: ALLURE3_CATEGORIES,
  };
  rmSync(allurerc.output, { recursive: true, force: true });
  // what the history held before: restored if this report has to be thrown away
  const historyBefore = existsSync(allurerc.historyPath) ? readFileSync(allurerc.historyPath) : undefined;
  const rcFile = join(config.reportsDir, '.allurerc.json');
  writeFileSync(rcFile, JSON.stringify(allurerc, null, 2));
  const cli = join(PROJECT_ROOT, 'node_modules/allure/cli.js');
  // piped, not inherited: Allure's output goes through the same masking as everything else
  const gen = spawnSync(process.execPath, [cli, 'generate', results, '--config', rcFile], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(gen.stdout ?? '');
  process.stderr.write(gen.stderr ?? '');
  rmSync(rcFile, { force: true });
  if (gen.status !== 0 || !existsSync(join(allurerc.output, 'index.html'))) {
    console.error(`Allure could not build the report (exit ${gen.status}).`);
    return 2;
  }

  const leaks = scanForSecrets(config.reportsDir, config.secrets);
  if (leaks.length > 0) {
    rmSync(allurerc.output, { recursive: true, force: true });
    if (historyBefore === undefined) rmSync(allurerc.historyPath, { force: true });
    else writeFileSync(allurerc.historyPath, historyBefore);
    const left = scanForSecrets(config.reportsDir, config.secrets);
    console.error(
      `A SECRET WAS FOUND IN THE REPORT: it was removed (${allurerc.output} and the history line it added), so that it cannot be published ` +
        `and later runs are not blamed for it.\n${formatFindings(leaks)}` +
        (left.length > 0
          ? `\nStill in ${config.reportsDir} (the run's own results: the next run replaces them; do not publish them):\n${[...new Set(left.map((f) => `  ${f.file}`))].join('\n')}`
          : ''),
    );
    return 3;
  }
  // One self-contained file (allurerc.json: singleFile): it opens from file:// with no server.
  console.log(`Allure report: ${join(allurerc.output, 'index.html')} (opens from disk; no secret found in ${config.reportsDir}).`);
  const conformance = join(config.reportsDir, 'conformance-report.html');
  if (existsSync(conformance)) console.log(`Conformance report: ${conformance}`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  console.error(e instanceof ConfigError ? `Could not build the report: ${e.message}` : e);
  process.exitCode = 2;
}
