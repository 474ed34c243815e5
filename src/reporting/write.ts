// Every report a run writes from its result: summary.json (the verdict for tools), the
// conformance report (HTML, Markdown, EARL JSON) for the certifier, JUnit for CI, and the
// Allure metadata (environment, executor, categories) beside the Allure results.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../safety/masking';
import type { ConformanceResult } from './result';
import { writeConformanceReport } from './conformance-report';
import { writeJUnit } from './junit';
import { writeAllureMetadata } from './allure-metadata';

export function writeReports(result: ConformanceResult, dir: string, redactor: Redactor, opts: { summaryOnly?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), redactor.scrub(JSON.stringify(result, null, 2)));
  if (opts.summaryOnly) return;
  writeConformanceReport(result, dir);
  writeJUnit(result, join(dir, 'junit.xml'), { strict: result.strict });
  writeAllureMetadata(result, join(dir, 'allure-results'));
}
