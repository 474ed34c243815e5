// Allure's test results, built from the run's result and its evidence stream (never written while
// the scenarios run): one result per attempt of each scenario, held in memory for Allure 3
// (src/reporting/allure-report.ts). What Allure shows follows the verdict, not cucumber's raw step
// statuses:
//   - the status is the one JUnit gives (junit.ts): failed for a nonconformance (and a warning
//     under --strict), broken for cannot tell and the suite's own error, skipped for a skipped
//     scenario (never passed), passed otherwise;
//   - a scenario that failed on one attempt and passed on another shows failed and flaky: the
//     last attempt (the one Allure shows first) carries the scenario's status;
//   - the tree is class -> operation -> requirement (labels epic, feature, story; a scenario of
//     several operations or requirements is under each);
//   - each step holds its exchanges (request and reply, masked; replies indented for reading) and
//     a reproducer beside each request; links lead to the scenario's section of evidence.html.
import { createHash, randomUUID } from 'node:crypto';
import { extname, posix } from 'node:path';
import type { ConformanceResult, ScenarioRecord, ScenarioStatus } from './result';
import { junitCases, type CaseKind } from './junit';
import { CONFORMANCE_LABEL, type ConformanceLabel } from './allure-metadata';
import { exchangesOf, isSuiteData, type AttemptEvidence, type ScenarioEvidence, type StepEvidence } from './evidence/collect';
import { curlReproducer, reproducibleRequest } from './evidence/reproducer';
import { parseExchangePartName } from './evidence/stream';

/** A file of Allure results, held in memory. */
export interface AllureFile {
  name: string;
  content: Buffer;
}

type AllureStatus = 'passed' | 'failed' | 'broken' | 'skipped';

interface AllureAttachment {
  name: string;
  source: string;
  type: string;
}

interface AllureStep {
  name: string;
  status?: AllureStatus;
  stage: 'finished';
  start?: number;
  stop?: number;
  statusDetails: { message?: string };
  attachments: AllureAttachment[];
  steps: AllureStep[];
  parameters: [];
}

const STATUS_OF_KIND: Record<CaseKind, AllureStatus> = {
  failure: 'failed',
  warning: 'failed',
  cantTell: 'broken',
  suiteError: 'broken',
  skipped: 'skipped',
  passed: 'passed',
};

const STATUS_OF_SCENARIO: Record<ScenarioStatus, AllureStatus> = {
  failed: 'failed',
  cantTell: 'broken',
  suiteError: 'broken',
  skipped: 'skipped',
  passed: 'passed',
};

function stepStatus(step: StepEvidence): AllureStatus | undefined {
  switch (step.status) {
    case 'PASSED':
      return 'passed';
    case 'FAILED':
      return step.errorType === 'ConformanceAssertionError' ? 'failed' : 'broken';
    case 'SKIPPED':
    case 'PENDING':
      return 'skipped';
    case undefined:
      return undefined;
    default:
      return 'broken'; // undefined or ambiguous step: the suite's own trouble
  }
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** The label that sorts a scenario into Allure's categories, from what JUnit makes of it. */
function conformanceLabel(kind: CaseKind, s: ScenarioRecord): ConformanceLabel | undefined {
  if (kind === 'failure') return 'nonconformance';
  if (kind === 'warning' || s.warnings.length > 0) return 'warning';
  if (kind === 'cantTell') return 'cannot-tell';
  if (kind === 'suiteError') return 'suite-error';
  return undefined;
}

const SEVERITY = { MUST: 'critical', SHOULD: 'normal', INFO: 'trivial' } as const;

class Builder {
  readonly files: AllureFile[] = [];

  constructor(private readonly pretty: (xml: string) => string) {}

  private attach(name: string, type: string, content: Buffer): AllureAttachment {
    const source = `${randomUUID()}-attachment${extname(name) || '.txt'}`;
    this.files.push({ name: source, content });
    return { name, source, type };
  }

  /** A step's attachments: the exchanges' parts (replies indented) with a reproducer after each request; the suite's own data left out. */
  private stepAttachments(step: StepEvidence): AllureAttachment[] {
    const out: AllureAttachment[] = [];
    const exchanges = new Map(exchangesOf([step]).map((x) => [x.n, x]));
    for (const a of step.attachments) {
      if (isSuiteData(a.mediaType)) continue;
      const part = parseExchangePartName(a.fileName);
      const text = a.base64 ? undefined : a.body;
      const content =
        part?.part === 'reply' && a.mediaType === 'application/xml' && text !== undefined
          ? Buffer.from(this.pretty(text), 'utf8')
          : Buffer.from(a.body, a.base64 ? 'base64' : 'utf8');
      out.push(this.attach(a.fileName ?? 'attachment', a.mediaType, content));
      const x = part?.part === 'request' ? exchanges.get(part.n) : undefined;
      const request = x && reproducibleRequest(x);
      if (request)
        out.push(this.attach(`${part!.n}-${part!.operation}-reproduce.sh`, 'text/plain', Buffer.from(curlReproducer(request), 'utf8')));
    }
    return out;
  }

  steps(attempt: AttemptEvidence): AllureStep[] {
    return attempt.steps
      .filter((st) => st.kind === 'step' || (st.status !== undefined && st.status !== 'PASSED'))
      .map((st) => ({
        name: st.text,
        ...(stepStatus(st) ? { status: stepStatus(st) } : {}),
        stage: 'finished',
        start: st.start,
        stop: st.stop,
        statusDetails: st.message ? { message: st.message } : {},
        attachments: this.stepAttachments(st),
        steps: [],
        parameters: [],
      }));
  }

  result(r: object): void {
    const uuid = randomUUID();
    this.files.push({ name: `${uuid}-result.json`, content: Buffer.from(JSON.stringify({ uuid, ...r }), 'utf8') });
  }
}

/** Why the scenario ended as it did, for its Allure result (the warnings of a passed scenario). */
function detailsOf(s: ScenarioRecord, kind: CaseKind, result: ConformanceResult): string | undefined {
  if (s.status !== 'passed') return s.message;
  if (kind === 'passed' && s.warnings.length === 0) return undefined;
  const warned = result.requirements.filter((r) => s.warnings.includes(r.id));
  return `Warning (SHOULD, does not decide conformance${result.strict ? '; --strict: it does' : ''}): ${warned.map((r) => `${r.id}: ${r.statement}`).join('; ')}`;
}

/**
 * The Allure results of a run, from its result and the evidence its stream holds. `base` is the
 * reports folder as seen from the Allure report (links to the evidence view and reproducers).
 */
export function allureResults(
  result: ConformanceResult,
  evidence: readonly ScenarioEvidence[],
  opts: { pretty: (xml: string) => string; base: string },
): AllureFile[] {
  const b = new Builder(opts.pretty);
  const byId = new Map(evidence.map((e) => [e.id, e]));
  const cases = junitCases(result, { strict: result.strict });
  const levelOf = new Map(result.requirements.map((r) => [r.id, r.level]));
  const classOf = new Map(result.requirements.map((r) => [r.id, r.class]));
  const named = new Map<string, number>();
  for (const s of result.scenarios) named.set(s.name, (named.get(s.name) ?? 0) + 1);
  result.scenarios.forEach((s, i) => {
    const kind = cases[i].kind;
    const flaky = s.status === 'failed' && (s.attempts ?? []).some((a) => a.status === 'passed');
    const category = conformanceLabel(kind, s);
    const levels = s.reqs.map((id) => levelOf.get(id));
    const level = (['MUST', 'SHOULD', 'INFO'] as const).find((l) => levels.includes(l)) ?? 'INFO';
    const labels = [
      // the class of the requirements it cites (one per scenario: its feature folder, features/<class>/)
      ...[...new Set(s.reqs.map((id) => classOf.get(id) ?? 'unclassified'))].map((c) => ({ name: 'epic', value: c })),
      ...(s.ops.length ? s.ops : ['all operations']).map((op) => ({ name: 'feature', value: op })),
      ...s.reqs.map((req) => ({ name: 'story', value: req })),
      { name: 'severity', value: SEVERITY[level] },
      ...s.tags.filter((t) => !/^@(op|req):/.test(t)).map((t) => ({ name: 'tag', value: t })),
      ...(category ? [{ name: CONFORMANCE_LABEL, value: category }] : []),
      { name: 'framework', value: 'cucumberjs' },
    ];
    const links = [
      ...(s.evidence
        ? [{ name: 'evidence: the exchanges of this scenario', url: posix.join(opts.base, s.evidence), type: 'evidence' }]
        : []),
      ...(s.reproducer ? [{ name: 'reproducer', url: posix.join(opts.base, s.reproducer), type: 'reproducer' }] : []),
    ];
    const common = {
      historyId: md5(s.id),
      testCaseId: md5(s.id),
      name: s.name,
      fullName: s.id,
      description: `${s.id}; requirements ${s.reqs.join(', ') || '(none)'}`,
      stage: 'finished',
      labels,
      links,
      // the rows of one outline share a name: the operation tells them apart
      parameters: (named.get(s.name) ?? 0) > 1 ? [{ name: 'operation', value: s.ops.join(', ') || s.id }] : [],
    };
    const attempts = byId.get(s.id)?.attempts ?? [];
    if (attempts.length === 0) {
      b.result({
        ...common,
        status: STATUS_OF_KIND[kind],
        statusDetails: { message: detailsOf(s, kind, result) },
        steps: [],
        attachments: [],
      });
      return;
    }
    attempts.forEach((a, k) => {
      const last = k === attempts.length - 1;
      const record = s.attempts?.find((x) => x.attempt === a.attempt);
      b.result({
        ...common,
        // the last attempt is the one Allure shows: it carries the scenario's status, flaky included
        status: last || !record ? STATUS_OF_KIND[kind] : STATUS_OF_SCENARIO[record.status],
        statusDetails: {
          message: last || !record ? detailsOf(s, kind, result) : record.message,
          ...(last && flaky ? { flaky: true } : {}),
        },
        start: a.start,
        stop: a.stop,
        steps: b.steps(a),
        attachments: [],
      });
    });
  });
  return b.files;
}
