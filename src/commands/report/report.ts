// `npm run report`: the reports a run does not write by default, built on demand from its evidence
// stream (cucumber-messages.ndjson; of a merge, each shard's under shards/) and its summary.json:
//   allure-report/index.html  the Allure 3 report (one self-contained file, with history: one file
//                             per target, at most OTA_HISTORY_LIMIT runs, src/reporting/allure-history.ts)
//   cucumber-report.html      cucumber's HTML report (of a merge: one per shard, beside its stream)
// Then everything in the reports folder is scanned for secrets (the same list the run masks:
// config.secrets). Reports in which a secret is found are removed, with the history line they
// added (exit 3): left on disk they would be published by mistake, and every later run would fail
// on them. It needs no credentials: it sends nothing (a password that is set is still masked and
// scanned for).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { ConfigError, SuiteFault } from '../../core/errors';
import { buildAllureReport } from '../../reporting/allure-report';
import { historyFile, historyLabel, historyLimit } from '../../reporting/allure-history';
import { writeCucumberHtml } from '../../reporting/cucumber-html';
import { REPORT_FILES } from '../../reporting/conformance-report/model';
import { EvidenceCollector, type ScenarioEvidence } from '../../reporting/evidence/collect';
import { prettyXml } from '../../reporting/evidence';
import { readStream, STREAM_FILE } from '../../reporting/evidence/stream';
import { maskConsole } from '../../safety/masked-console';
import { Redactor } from '../../safety/masking';
import { formatFindings, scanForSecrets } from '../../safety/scanning';
import { loadXml } from '../../xml/xml';
import { loadReportConfig, PROJECT_ROOT } from '../../run/config';
import { checkOutputFolder } from '../../run/input-checks';
import { readSummary } from '../merge/merge-checks';
import { closest } from '../../core/json-schema';
import { screenshotViews } from './views';
import { launchBrowser } from '../../reporting/browser';

/** How long a page may take to draw, on a loaded machine. */
const SCREENSHOT_BUDGET_MS = 120_000;

/** The folders whose stream this run's reports are built from: the run's own, or a merge's shards. */
function streamFolders(reportsDir: string): string[] {
  if (existsSync(join(reportsDir, STREAM_FILE))) return [reportsDir];
  const shards = join(reportsDir, 'shards');
  const found = existsSync(shards)
    ? readdirSync(shards)
        .sort()
        .map((d) => join(shards, d))
        .filter((d) => existsSync(join(d, STREAM_FILE)))
    : [];
  if (found.length === 0)
    throw new ConfigError(
      `no evidence stream (${STREAM_FILE}) in ${reportsDir}: run npm run conformance first (without --summary-only, which writes summary.json alone)`,
    );
  return found;
}

const REPORT_OPTIONS = ['--screenshots'];

/** `--screenshots [folder]`: a picture of each view's first screen, into the folder (default: <reports>/screenshots). */
export function reportArguments(argv: readonly string[]): { screenshots?: string | true } {
  const out: { screenshots?: string | true } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--screenshots') {
      const next = argv[i + 1];
      out.screenshots = next !== undefined && !next.startsWith('-') ? (i++, next) : true;
    } else if (a.startsWith('--screenshots=')) out.screenshots = a.slice('--screenshots='.length) || true;
    else {
      const meant = a.startsWith('-') ? closest(a.replace(/=.*$/, ''), REPORT_OPTIONS) : undefined;
      throw new ConfigError(
        `unknown argument ${a}${meant ? `; did you mean ${meant}?` : ''}: npm run report takes only --screenshots [folder] (OTA_REPORTS_DIR names the reports folder)`,
      );
    }
  }
  return out;
}

async function report(argv: string[]): Promise<number> {
  const args = reportArguments(argv);
  const config = loadReportConfig();
  const redactor = new Redactor(config.secrets, { user: config.user });
  maskConsole(redactor);
  const dir = config.reportsDir;
  checkOutputFolder(dir, 'the reports folder (OTA_REPORTS_DIR)');
  const folders = streamFolders(dir);
  const result = readSummary(dir);
  const evidence: ScenarioEvidence[] = [];
  const streams = folders.map((folder) => {
    const envelopes = readStream(join(folder, STREAM_FILE));
    const collector = new EvidenceCollector();
    envelopes.forEach(collector.onMessage);
    evidence.push(...collector.scenarios());
    return { folder: folder, envelopes };
  });
  await loadXml();

  const output = join(dir, 'allure-report');
  const history = historyFile(dir, config.baseUrl);
  // what the history held before: restored if this report has to be thrown away
  const historyBefore = existsSync(history) ? readFileSync(history) : undefined;
  const built: string[] = [output];
  rmSync(output, { recursive: true, force: true });
  mkdirSync(join(dir, 'history'), { recursive: true });
  const index = await buildAllureReport({
    result,
    evidence,
    configFile: join(PROJECT_ROOT, 'allurerc.json'),
    output,
    reportsFromOutput: relative(output, dir) || '.',
    target: historyLabel(config.baseUrl),
    historyPath: history,
    historyLimit: historyLimit(),
    pretty: prettyXml,
  });
  for (const stream of streams) {
    const file = join(stream.folder, 'cucumber-report.html');
    built.push(file);
    await writeCucumberHtml(stream.envelopes, file, {
      result,
      conformanceReport: relative(stream.folder, join(dir, REPORT_FILES.html)).split(sep).join('/'),
    });
  }

  const leaks = scanForSecrets(dir, config.secrets);
  if (leaks.length > 0) {
    for (const f of built) rmSync(f, { recursive: true, force: true });
    if (historyBefore === undefined) rmSync(history, { force: true });
    else writeFileSync(history, historyBefore);
    const left = scanForSecrets(dir, config.secrets);
    console.error(
      `A SECRET WAS FOUND IN THE REPORT: it was removed (${built.join(', ')} and the history line it added), so that it cannot be published ` +
        `and later runs are not blamed for it.\n${formatFindings(leaks)}` +
        (left.length > 0
          ? `\nStill in ${dir} (the run's own reports: the next run replaces them; do not publish them):\n${[...new Set(left.map((f) => `  ${f.file}`))].join('\n')}`
          : ''),
    );
    return 3;
  }
  if (args.screenshots) {
    const folder = args.screenshots === true ? join(dir, 'screenshots') : resolve(args.screenshots);
    const browser = await launchBrowser(SCREENSHOT_BUDGET_MS);
    try {
      for (const f of await screenshotViews(browser, dir, folder, SCREENSHOT_BUDGET_MS)) console.log(`Screenshot: ${f}`);
    } finally {
      await browser.close();
    }
  }
  console.log(`Allure report: ${index} (opens from disk; ${result.verdict} first; no secret found in ${dir}).`);
  for (const f of built.slice(1)) console.log(`Cucumber report: ${f}`);
  const conformance = join(dir, 'conformance-report.html');
  if (existsSync(conformance)) console.log(`Conformance report: ${conformance}`);
  return 0;
}

export function main(argv: string[] = process.argv.slice(2)): void {
  report(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      console.error(e instanceof SuiteFault ? `Could not build the report: ${e.message}` : e);
      process.exitCode = 2;
    },
  );
}
