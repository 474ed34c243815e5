// The conformance report: what a certifier hands to the operator, in three forms written side by
// side — conformance-report.html (one self-contained file: opens from file://, no server, no
// network), conformance-report.md (the same content as Markdown) and conformance-report.json
// (EARL 1.0 as JSON-LD: one earl:Assertion per requirement, outcomes earl:passed, earl:failed,
// earl:cantTell, earl:untested, earl:inapplicable).
//
// Everything that comes from the result is escaped: gateway text (findings, error messages,
// reasons) can hold markup, quotes, "]]>", pipes, newlines and control characters. The HTML
// carries a Content-Security-Policy that allows only its own inline style and script (by hash):
// nothing is fetched, and nothing injected could run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceResult } from '../result';
import { REPORT_FILES } from './model';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';
import { toEarl } from './earl';

/** Writes the three forms of the report into `dir` (created if missing); returns their paths. */
export function writeConformanceReport(result: ConformanceResult, dir: string): { html: string; markdown: string; json: string } {
  mkdirSync(dir, { recursive: true });
  const paths = { html: join(dir, REPORT_FILES.html), markdown: join(dir, REPORT_FILES.markdown), json: join(dir, REPORT_FILES.json) };
  writeFileSync(paths.html, renderHtml(result));
  writeFileSync(paths.markdown, renderMarkdown(result));
  writeFileSync(paths.json, `${JSON.stringify(toEarl(result), null, 2)}\n`);
  return paths;
}

export { EARL_OUTCOME, toEarl, type EarlAssertion, type EarlOutcome, type EarlReport } from './earl';
export { renderHtml } from './html';
export { renderMarkdown } from './markdown';
export { GROUP_ORDER, requirementGroup, sortRequirements, visible, type RequirementGroup } from './model';
