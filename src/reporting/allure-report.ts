// The Allure 3 report, built on demand (npm run report) through Allure's own API (npm `allure`:
// @allurereport/core), from results held in memory (allure-results.ts): no results folder. What a
// reader sees first is the verdict:
//   - the report's title is the verdict and the target ("DOES NOT CONFORM · OTA Gateway
//     Conformance: embedded-sandbox");
//   - a quality gate, "conformance", fails whenever the run does not conform (expected CONFORMS,
//     actual the verdict, its message the verdict's reason): the report shows it failed in red
//     beside the results. Allure evaluates configured gates only in `allure run` and, on Node 20,
//     not at all (its rule engine needs Node 22's iterator helpers), so the gate's result is
//     computed here and handed to the report as Allure's own runner does.
//   - Allure 3 cannot replace its success-rate ring with the verdict: the ring counts tests, and
//     the conformance report (conformance-report.html) is where the verdict stands alone.
// The report is one self-contained file opened from disk: Allure's page template loads Google Tag
// Manager unconditionally (plugin-awesome sets analyticsEnable: true), so that script is removed,
// and a Content-Security-Policy lets the page load nothing from outside.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as AllureCore from '@allurereport/core' with { 'resolution-mode': 'import' };
import type * as AllureReaderApi from '@allurereport/reader-api' with { 'resolution-mode': 'import' };
import type { ConformanceResult } from './result';
import { ALLURE_CATEGORIES, allureMetadataFiles, allureTitle } from './allure-metadata';
import { allureResults } from './allure-results';
import type { ScenarioEvidence } from './evidence/collect';
import { verdictHead } from './verdict';

export interface AllureReportInput {
  result: ConformanceResult;
  evidence: readonly ScenarioEvidence[];
  /** The project's Allure configuration (allurerc.json): plugins and their options. */
  configFile: string;
  /** The report's folder (its index.html is the report). */
  output: string;
  /** The reports folder as seen from the report's folder (links to evidence.html and the reproducers). */
  reportsFromOutput: string;
  /** What the title and the history name the target by. */
  target: string;
  historyPath: string;
  historyLimit: number;
  pretty: (xml: string) => string;
}

/** The quality gate's result: the run conforms, or it does not and says why. */
export function conformanceGate(result: ConformanceResult) {
  const success = result.verdict === 'CONFORMS';
  return {
    rule: 'conformance',
    success,
    expected: 'CONFORMS',
    actual: verdictHead(result),
    message: success ? `${verdictHead(result)}: ${result.verdictReason}` : `The run ${verdictHead(result)}: ${result.verdictReason}`,
    testResults: [],
  };
}

/** Page content Allure's template adds that reaches outside: Google Tag Manager and its inline set-up. */
const ANALYTICS =
  /<script[^>]*\bsrc="https:\/\/www\.googletagmanager\.com\/[^"]*"[^>]*>\s*<\/script>\s*(?:<script>(?:(?!<\/script>)[\s\S])*?\bgtag\((?:(?!<\/script>)[\s\S])*<\/script>)?/g;

/** Nothing from outside the file: scripts, styles, fonts and data only inline or as data:/blob: URLs. */
export const ALLURE_PAGE_CSP =
  "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' data: blob:; style-src 'unsafe-inline' data: blob:; img-src data: blob:; font-src data:; connect-src data: blob:; media-src data: blob:; worker-src data: blob:; frame-src data: blob:; base-uri 'none'; form-action 'none'";

/**
 * Allure scrolls its tree to the first failed test as the page loads, which moves the title (the
 * verdict) and the quality gate out of view: the page is kept at its top until the reader scrolls,
 * clicks, types or goes back (no timer: on a slow machine Allure's own scroll can come late).
 */
export const VERDICT_FIRST_SCRIPT = `(function () {
  var reader = false;
  function mine() { reader = true; }
  ['wheel', 'keydown', 'mousedown', 'touchstart', 'popstate'].forEach(function (t) { window.addEventListener(t, mine, { capture: true, passive: true }); });
  document.addEventListener('scroll', function () {
    if (reader) return;
    window.scrollTo(0, 0);
    var c = document.querySelectorAll('[data-tree-scroll-container]');
    for (var i = 0; i < c.length; i++) c[i].scrollTop = 0;
  }, true);
})();`;

/**
 * The page with no request leaving it and the verdict in view: the analytics removed, the policy
 * first in <head>, the page kept at its top as it loads. Throws when Allure's template changed so
 * that it cannot tell.
 */
export function keepPageOffline(html: string): string {
  const stripped = html.replace(ANALYTICS, '');
  if (/googletagmanager|gtag\(/i.test(stripped))
    throw new Error("Allure's report page still loads Google Tag Manager (its template changed): the report was not kept");
  const head = /<head[^>]*>/i.exec(stripped);
  if (!head) throw new Error("Allure's report page has no <head>: the report was not kept");
  const at = head.index + head[0].length;
  return `${stripped.slice(0, at)}
<meta http-equiv="Content-Security-Policy" content="${ALLURE_PAGE_CSP}">
<meta name="referrer" content="no-referrer">
<script>${VERDICT_FIRST_SCRIPT}</script>${stripped.slice(at)}`;
}

/** Builds the report into `output` (its index.html); the history file gains this run. */
export async function buildAllureReport(input: AllureReportInput): Promise<string> {
  const core = (await import('@allurereport/core')) as typeof AllureCore;
  const { BufferResultFile } = (await import('@allurereport/reader-api')) as typeof AllureReaderApi;
  const rc = JSON.parse(readFileSync(input.configFile, 'utf8')) as {
    name?: string;
    plugins?: Record<string, { options?: Record<string, unknown> }>;
  };
  const title = allureTitle(input.result, input.target);
  const plugins = Object.fromEntries(
    Object.entries(rc.plugins ?? { awesome: {} }).map(([id, p]) => [id, { ...p, options: { ...p.options, reportName: title } }]),
  );
  const config = await core.resolveConfig(
    {
      ...rc,
      name: title,
      output: input.output,
      historyPath: input.historyPath,
      historyLimit: input.historyLimit,
      categories: ALLURE_CATEGORIES,
      plugins,
    } as Parameters<typeof core.resolveConfig>[0],
    {},
  );
  const report = new core.AllureReport(config);
  await report.start();
  const files = [
    ...allureResults(input.result, input.evidence, { pretty: input.pretty, base: input.reportsFromOutput }),
    ...allureMetadataFiles(input.result),
  ];
  for (const file of files) await report.readResult(new BufferResultFile(file.content, file.name));
  report.realtimeDispatcher.sendQualityGateResults([conformanceGate(input.result)]);
  await report.done();
  const index = join(input.output, 'index.html');
  writeFileSync(index, keepPageOffline(readFileSync(index, 'utf8')));
  return index;
}
