// Every report a run writes from its result, after its verdict: summary.json (the verdict for
// tools, first), the conformance report (HTML, Markdown, EARL JSON) for the certifier, JUnit for
// CI, and from the evidence stream evidence.html and the reproducers. The Allure report and the
// cucumber HTML report are built on demand (npm run report), from the same stream.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../safety/masking';
import type { ConformanceResult } from './result';
import { writeConformanceReport } from './conformance-report';
import { writeJUnit } from './junit';
import type { ScenarioEvidence } from './evidence/collect';
import { writeEvidence } from './evidence';

/** summary.json alone: what tools and `npm run merge` read. */
export function writeSummary(result: ConformanceResult, dir: string, redactor: Redactor): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), redactor.scrub(JSON.stringify(result, null, 2)));
}

/** The conformance report, JUnit and (given the stream's evidence) evidence.html and the reproducers. */
export function writeReportsAfterSummary(result: ConformanceResult, dir: string, evidence?: readonly ScenarioEvidence[]): void {
  writeConformanceReport(result, dir);
  writeJUnit(result, join(dir, 'junit.xml'), { strict: result.strict });
  if (evidence) {
    // each scenario's evidence name, as the result links to it (evidence.html#<name>)
    const names = new Map(
      result.scenarios.flatMap((s) => (s.evidence?.includes('#') ? [[s.id, s.evidence.slice(s.evidence.indexOf('#') + 1)]] : [])),
    );
    writeEvidence(result, evidence, names, dir);
  }
}

export function writeReports(
  result: ConformanceResult,
  dir: string,
  redactor: Redactor,
  opts: { summaryOnly?: boolean; evidence?: readonly ScenarioEvidence[] } = {},
): void {
  writeSummary(result, dir, redactor);
  if (!opts.summaryOnly) writeReportsAfterSummary(result, dir, opts.evidence);
}
