// The verdict of a run, from cucumber's messages: per scenario, per operation and per requirement
// of the catalogue. Skipped is never passed; informative scenarios never decide conformance; a
// failure caused by the suite itself (SuiteError) means the run could not judge the target.
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };
import { REQUIREMENTS, type Requirement } from '../spec/requirements-old';

export type ScenarioStatus = 'passed' | 'failed' | 'skipped' | 'undefined' | 'suite-error';

export interface ScenarioResult {
  name: string;
  uri: string;
  tags: string[];
  ops: string[];
  reqs: string[];
  status: ScenarioStatus;
  /** The first failing step's message (what differed). */
  message?: string;
  informative: boolean;
}

export type RequirementVerdict = 'pass' | 'FAIL' | 'skipped' | 'untestable' | 'not run';

export interface RunSummary {
  scenarios: ScenarioResult[];
  requirements: Array<{ req: Requirement; verdict: RequirementVerdict; scenarios: number; failed: string[] }>;
  operations: Array<{ op: string; passed: number; failed: number; skipped: number }>;
  /** Failures that decide conformance (not informative, not the suite's own errors). */
  nonconformances: number;
  suiteErrors: number;
  informativeFailures: number;
}

const STATUS_RANK: Record<string, number> = { PASSED: 0, SKIPPED: 1, PENDING: 2, UNDEFINED: 3, AMBIGUOUS: 4, FAILED: 5, UNKNOWN: 1 };

/** Collects the envelopes of one run; call summarise() at the end. */
export class MessageCollector {
  private pickles = new Map<string, messages.Pickle>();
  private testCases = new Map<string, string>(); // testCase id -> pickle id
  private started = new Map<string, string>(); // testCaseStarted id -> testCase id
  private worst = new Map<string, messages.TestStepResult>(); // testCaseStarted id -> worst step result
  private finished: string[] = [];

  onMessage = (e: messages.Envelope): void => {
    if (e.pickle) this.pickles.set(e.pickle.id, e.pickle);
    else if (e.testCase) this.testCases.set(e.testCase.id, e.testCase.pickleId);
    else if (e.testCaseStarted) this.started.set(e.testCaseStarted.id, e.testCaseStarted.testCaseId);
    else if (e.testStepFinished) {
      const id = e.testStepFinished.testCaseStartedId;
      const r = e.testStepFinished.testStepResult;
      const prev = this.worst.get(id);
      if (!prev || (STATUS_RANK[r.status] ?? 0) > (STATUS_RANK[prev.status] ?? 0)) this.worst.set(id, r);
    } else if (e.testCaseFinished && !e.testCaseFinished.willBeRetried) this.finished.push(e.testCaseFinished.testCaseStartedId);
  };

  results(): ScenarioResult[] {
    return this.finished.map((startedId) => {
      const pickle = this.pickles.get(this.testCases.get(this.started.get(startedId)!)!)!;
      const tags = pickle.tags.map((t) => t.name);
      const r = this.worst.get(startedId);
      const text = r?.exception?.message ?? r?.message;
      let status: ScenarioStatus = 'passed';
      if (r?.status === 'FAILED' || r?.status === 'AMBIGUOUS') status = r.exception?.type === 'SuiteError' || /SuiteError/.test(r.message ?? '') ? 'suite-error' : 'failed';
      else if (r?.status === 'UNDEFINED' || r?.status === 'PENDING') status = 'undefined';
      else if (r?.status === 'SKIPPED') status = 'skipped';
      return {
        name: pickle.name,
        uri: pickle.uri,
        tags,
        ops: tags.filter((t) => t.startsWith('@op:')).map((t) => t.slice(4)),
        reqs: tags.filter((t) => t.startsWith('@req:')).map((t) => t.slice(5)),
        status,
        message: status === 'passed' ? undefined : text,
        informative: tags.includes('@informative'),
      };
    });
  }
}

export function summarise(scenarios: ScenarioResult[]): RunSummary {
  const requirements = REQUIREMENTS.map((req) => {
    const mine = scenarios.filter((s) => s.reqs.includes(req.id));
    const failed = mine.filter((s) => s.status !== 'passed' && s.status !== 'skipped').map((s) => s.name);
    let verdict: RequirementVerdict;
    if (req.untestable) verdict = 'untestable';
    else if (mine.length === 0) verdict = 'not run';
    else if (failed.length > 0) verdict = 'FAIL';
    else if (mine.every((s) => s.status === 'skipped')) verdict = 'skipped';
    else verdict = 'pass';
    return { req, verdict, scenarios: mine.length, failed };
  });
  const ops = [...new Set(scenarios.flatMap((s) => s.ops))].sort();
  const operations = ops.map((op) => {
    const mine = scenarios.filter((s) => s.ops.includes(op));
    return {
      op,
      passed: mine.filter((s) => s.status === 'passed').length,
      failed: mine.filter((s) => s.status !== 'passed' && s.status !== 'skipped').length,
      skipped: mine.filter((s) => s.status === 'skipped').length,
    };
  });
  return {
    scenarios,
    requirements,
    operations,
    nonconformances: scenarios.filter((s) => !s.informative && (s.status === 'failed' || s.status === 'undefined')).length,
    suiteErrors: scenarios.filter((s) => s.status === 'suite-error').length,
    informativeFailures: scenarios.filter((s) => s.informative && s.status === 'failed').length,
  };
}

/** The console summary: per operation, then every requirement with its verdict. */
export function formatSummary(s: RunSummary, target: string): string {
  const lines: string[] = [];
  lines.push('', `Conformance of ${target}`, '');
  lines.push('Operation              passed  failed  skipped');
  for (const o of s.operations) lines.push(`${o.op.padEnd(22)} ${String(o.passed).padStart(6)}  ${String(o.failed).padStart(6)}  ${String(o.skipped).padStart(7)}`);
  lines.push('', 'Requirement              level   class      verdict     scenarios');
  for (const r of s.requirements) {
    lines.push(`${r.req.id.padEnd(24)} ${r.req.level.padEnd(7)} ${r.req.class.padEnd(10)} ${r.verdict.padEnd(11)} ${r.scenarios}`);
    for (const name of r.failed.slice(0, 3)) lines.push(`    failed: ${name}`);
  }
  const total = s.scenarios.length;
  const count = (st: ScenarioStatus) => s.scenarios.filter((x) => x.status === st).length;
  lines.push(
    '',
    `${total} scenarios: ${count('passed')} passed, ${count('failed') + count('undefined')} failed, ${count('skipped')} skipped, ${s.suiteErrors} suite errors` +
      (s.informativeFailures ? ` (${s.informativeFailures} informative failures do not decide conformance)` : ''),
  );
  return lines.join('\n');
}
