// The console summary of a run: per class, per requirement, then the verdict in one line.
import type { ConformanceResult } from './result';
import type { Outcome } from '../core/outcomes';
import { latencyTable } from './latency';
import { attemptText, flakyLine, retriedScenarios } from './retries';

/** The note of a run that wrote summary.json alone (--summary-only): the summary names no other report then. */
export const SUMMARY_ONLY_NOTE = '--summary-only: no report but summary.json was written (the evidence links lead nowhere)';

const MARK: Record<Outcome, string> = {
  passed: 'passed',
  failed: 'FAILED',
  cantTell: 'cannot tell',
  untested: 'untested',
  inapplicable: 'n/a',
};

export function formatConsoleSummary(r: ConformanceResult): string {
  const lines: string[] = ['', `Conformance of ${r.target.url} (run ${r.runId})`];
  if (r.selection) lines.push(`Selection: ${r.selection.text} (not a verdict on the whole profile: what it left out is not run)`);
  lines.push('');
  lines.push('Requirement                  level   class                 outcome      why');
  for (const q of r.requirements) {
    const outcome = q.level === 'SHOULD' && q.outcome === 'failed' ? 'warning' : MARK[q.outcome];
    lines.push(`${q.id.padEnd(28)} ${q.level.padEnd(7)} ${q.class.padEnd(21)} ${outcome.padEnd(12)} ${(q.reason ?? '').slice(0, 100)}`);
    if (q.outcome === 'failed') {
      for (const f of q.findings.slice(0, 2))
        lines.push(`    at ${f.at}: expected ${f.expected}; found ${f.found.slice(0, 160)}${attemptText(f)}`);
      if (q.flaky?.length) lines.push(`    ${flakyLine(q)}`);
    }
  }
  lines.push('', 'Class                  claimed  verdict');
  for (const c of r.classes)
    lines.push(
      `${c.class.padEnd(22)} ${(c.claimed ? 'yes' : 'no').padEnd(8)} ${c.verdict}${c.warnings ? ` (${c.warnings} warning(s))` : ''}`,
    );
  const count = (s: string) => r.scenarios.filter((x) => x.status === s).length;
  lines.push(
    '',
    `${r.scenarios.length} scenarios: ${count('passed')} passed, ${count('failed')} failed, ${count('cantTell')} cannot tell, ${count('skipped')} skipped, ${count('suiteError')} suite errors` +
      (retriedScenarios(r.scenarios).length ? `; ${retriedScenarios(r.scenarios).length} ran more than once (--retry)` : ''),
  );
  const times = latencyTable(r.latency ?? []);
  if (times.length) lines.push('', ...times);
  for (const n of r.notes) lines.push(`Note: ${n}`);
  const head =
    (r.verdict === 'CONFORMS' && r.warnings ? `CONFORMS with ${r.warnings} warning(s)` : r.verdict) +
    (r.selection && r.verdict !== 'SELECTION PASSED' ? ` (selection ${r.selection.text})` : '');
  lines.push(
    '',
    `${head}: ${r.verdictReason}`,
    r.notes.includes(SUMMARY_ONLY_NOTE)
      ? 'Reports: summary.json alone in the reports folder (--summary-only).'
      : `Reports: conformance-report.html, summary.json, junit.xml in the reports folder; npm run report builds the Allure report.`,
  );
  return lines.join('\n');
}
