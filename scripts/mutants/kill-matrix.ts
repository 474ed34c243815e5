// The kill matrix of a mutants run: for each requirement, the faults whose run failed it (a MUST
// failed, or a SHOULD warning, with findings), and the faults that failed requirements they do not
// declare: a sign of a check too broad, or of a fault that cascades. Written as Markdown beside the
// runs' reports; a one-line summary goes to the console.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceResult } from '../../src/reporting/result';
import { REQUIREMENTS } from '../../src/specification/requirements';

export interface FaultRun {
  fault: string;
  breaks: readonly string[];
  result?: ConformanceResult;
}

/** Requirement IDs a run failed with findings (MUST failed or SHOULD warning). */
export function failedIds(result: ConformanceResult | undefined): string[] {
  return (result?.requirements ?? []).filter((q) => q.outcome === 'failed' && q.findings.length > 0).map((q) => q.id);
}

export interface KillMatrix {
  /** requirement ID -> faults whose run failed it */
  killedBy: Map<string, string[]>;
  /** fault -> requirements it failed without declaring them */
  undeclared: Map<string, string[]>;
}

export function killMatrix(runs: readonly FaultRun[]): KillMatrix {
  const killedBy = new Map<string, string[]>(REQUIREMENTS.map((q) => [q.id, []]));
  const undeclared = new Map<string, string[]>();
  for (const run of runs) {
    const failed = failedIds(run.result);
    for (const id of failed) killedBy.get(id)?.push(run.fault);
    const extra = failed.filter((id) => !run.breaks.includes(id));
    if (extra.length) undeclared.set(run.fault, extra);
  }
  return { killedBy, undeclared };
}

export function killMatrixMarkdown(killMatrix: KillMatrix): string {
  const lines = [
    '# Kill matrix',
    '',
    'For each requirement, the faults whose run failed it (MUST failed, or SHOULD warning, with findings).',
    'A fault run selects only the scenarios of its declared requirements unless `--full` is given, so an',
    'undeclared failure is seen only among those scenarios.',
    '',
    '| requirement | level | failed by |',
    '|---|---|---|',
    ...REQUIREMENTS.map((q) => {
      const by = killMatrix.killedBy.get(q.id) ?? [];
      const none = 'untestable' in q && q.untestable ? '(untestable)' : q.level === 'INFO' ? '(INFO: never failed)' : '**none**';
      return `| ${q.id} | ${q.level} | ${by.length ? by.join(', ') : none} |`;
    }),
    '',
    '## Faults that fail requirements they do not declare',
    '',
    ...(killMatrix.undeclared.size
      ? [
          '| fault | undeclared requirements failed |',
          '|---|---|',
          ...[...killMatrix.undeclared].map(([f, ids]) => `| ${f} | ${ids.join(', ')} |`),
        ]
      : ['None.']),
    '',
  ];
  return lines.join('\n');
}

/** Writes kill-matrix.md into `dir` and returns the console summary line. */
export function writeKillMatrix(dir: string, runs: readonly FaultRun[]): string {
  const m = killMatrix(runs);
  const file = join(dir, 'kill-matrix.md');
  writeFileSync(file, killMatrixMarkdown(m));
  const testable = REQUIREMENTS.filter((q) => q.level !== 'INFO' && !('untestable' in q && q.untestable));
  const killed = testable.filter((q) => (m.killedBy.get(q.id) ?? []).length > 0).length;
  return `kill matrix: ${killed}/${testable.length} testable requirements failed by some fault run; ${m.undeclared.size} fault(s) also fail undeclared requirements (${file})`;
}
