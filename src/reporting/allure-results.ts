// Allure's test results, built from the run's result and its evidence stream (never written while
// the scenarios run), held in memory for Allure 3 (src/reporting/allure-report.ts). One test per
// requirement, its status from that requirement's outcome alone, so that a requirement that passed
// is never shown red (a scenario that fails one requirement it checks says nothing of the others
// it cites):
//   - the run's verdict is a test of its own, first in the tree (group "Verdict"): failed when the
//     run does not conform, broken when it cannot say (NOT DETERMINED, a selection, could not run);
//   - each requirement: failed for a nonconformance (a MUST; a SHOULD under --strict), broken for
//     cannot tell, skipped when untested or not claimed (with the reason), passed otherwise; a
//     SHOULD that failed without --strict is passed with its warning as the message (it does not
//     decide conformance) and sorted into the "Warning (SHOULD)" category;
//   - the tree is class -> operation -> requirement (labels epic, feature; a requirement checked
//     across operations is under "all operations");
//   - its steps are its own checks, one step per scenario that cites or checked it, and under it
//     one step per check (the exchange it judged: request, reply and reproducer attached; the
//     findings or the reason as its message); its links lead to each scenario's section of
//     evidence.html and its reproducer. Scenarios are a second view: named in the steps, never
//     colouring a requirement.
import { createHash, randomUUID } from 'node:crypto';
import { extname, posix } from 'node:path';
import type { ConformanceResult, RecordedAssertion, RequirementResult, ScenarioRecord, ScenarioStatus } from './result';
import { CONFORMANCE_LABEL, type ConformanceLabel } from './allure-metadata';
import { exchangesOf, type ExchangeEvidence, type ScenarioEvidence } from './evidence/collect';
import { curlReproducer, reproducibleRequest } from './evidence/reproducer';
import { verdictHead } from './verdict';
import { attemptText } from './retries';

/** A file of Allure results, held in memory. */
export interface AllureFile {
  name: string;
  content: Buffer;
}

export type AllureStatus = 'passed' | 'failed' | 'broken' | 'skipped';

interface AllureAttachment {
  name: string;
  source: string;
  type: string;
}

interface AllureStep {
  name: string;
  status: AllureStatus;
  stage: 'finished';
  start?: number;
  stop?: number;
  statusDetails: { message?: string };
  attachments: AllureAttachment[];
  steps: AllureStep[];
  parameters: [];
}

/** The group at the top of the tree that holds the verdict's test. */
export const VERDICT_GROUP = 'Verdict';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

const SEVERITY = { MUST: 'critical', SHOULD: 'normal', INFO: 'trivial' } as const;

/** Whether a failed requirement decides the run: a MUST always, a SHOULD under --strict, an INFO never. */
const decides = (q: RequirementResult, strict: boolean) => q.level === 'MUST' || (strict && q.level === 'SHOULD');

/** A requirement's Allure status: from its outcome alone. */
export function requirementStatus(result: RequirementResult, strict: boolean): AllureStatus {
  switch (result.outcome) {
    case 'failed':
      return decides(result, strict) ? 'failed' : 'passed';
    case 'cantTell':
      return result.level === 'MUST' || (strict && result.level === 'SHOULD') ? 'broken' : 'passed';
    case 'passed':
      return 'passed';
    default:
      return 'skipped';
  }
}

/** The label that sorts a requirement into Allure's categories. */
function conformanceLabel(result: RequirementResult, strict: boolean): ConformanceLabel | undefined {
  if (result.outcome === 'failed' && result.level === 'MUST') return 'nonconformance';
  if (result.outcome === 'failed' && result.level === 'SHOULD') return 'warning';
  if (result.outcome === 'cantTell' && requirementStatus(result, strict) === 'broken') return 'cannot-tell';
  return undefined;
}

/** The verdict's Allure status: passed only when the run conforms. */
export function verdictStatus(result: ConformanceResult): AllureStatus {
  if (result.verdict === 'CONFORMS') return 'passed';
  if (result.verdict === 'DOES NOT CONFORM') return 'failed';
  return 'broken';
}

/** What a requirement's test says: its findings when it failed, else why it ended as it did. */
function detailsOf(result: RequirementResult, strict: boolean): string | undefined {
  const findings = result.findings.map((f) => `at ${f.at}: expected ${f.expected}; found ${f.found} (${f.scenario}${attemptText(f)})`);
  if (result.outcome === 'failed') {
    const head = decides(result, strict)
      ? `${result.id} (${result.level}, ${result.section}): ${result.reason ?? 'failed'}`
      : `Warning (${result.level}, does not decide conformance${result.level === 'SHOULD' ? '' : ': INFO never does'}): ${result.id}: ${result.reason ?? 'failed'}`;
    return [head, ...findings].join('\n');
  }
  return result.reason;
}

/** The status of one check (an assertion): passed, failed or could not tell. */
const CHECK_STATUS = { passed: 'passed', failed: 'failed', cantTell: 'broken' } as const;

const SCENARIO_STATUS: Record<ScenarioStatus, AllureStatus> = {
  passed: 'passed',
  failed: 'failed',
  cantTell: 'broken',
  suiteError: 'broken',
  skipped: 'skipped',
};

class Builder {
  readonly files: AllureFile[] = [];

  constructor(private readonly pretty: (xml: string) => string) {}

  private attach(name: string, type: string, content: Buffer): AllureAttachment {
    const source = `${randomUUID()}-attachment${extname(name) || '.txt'}`;
    this.files.push({ name: source, content });
    return { name, source, type };
  }

  /** An exchange's parts (the reply indented for reading) and its reproducer. */
  exchangeAttachments(evidence: ExchangeEvidence): AllureAttachment[] {
    const out: AllureAttachment[] = [];
    const base = `${evidence.n}-${evidence.operation}`;
    if (evidence.requestHead) out.push(this.attach(`${base}-request-headers.txt`, 'text/plain', Buffer.from(evidence.requestHead, 'utf8')));
    if (evidence.request !== undefined)
      out.push(this.attach(`${base}-request.xml`, 'application/xml', Buffer.from(evidence.request, 'utf8')));
    const request = reproducibleRequest(evidence);
    if (request) out.push(this.attach(`${base}-reproduce.sh`, 'text/plain', Buffer.from(curlReproducer(request), 'utf8')));
    if (evidence.replyHead) out.push(this.attach(`${base}-reply-headers.txt`, 'text/plain', Buffer.from(evidence.replyHead, 'utf8')));
    if (evidence.reply !== undefined) {
      const xml = evidence.replyMediaType === 'application/xml';
      out.push(
        this.attach(
          `${base}-reply.${xml ? 'xml' : 'txt'}`,
          xml ? 'application/xml' : 'text/plain',
          Buffer.from(xml ? this.pretty(evidence.reply) : evidence.reply, 'utf8'),
        ),
      );
    } else if (evidence.replyRaw)
      out.push(this.attach(`${base}-reply.bin`, 'application/octet-stream', Buffer.from(evidence.replyRaw, 'base64')));
    if (evidence.noReply) out.push(this.attach(`${base}-no-reply.txt`, 'text/plain', Buffer.from(evidence.noReply, 'utf8')));
    return out;
  }

  result(r: object): void {
    const uuid = randomUUID();
    this.files.push({ name: `${uuid}-result.json`, content: Buffer.from(JSON.stringify({ uuid, ...r }), 'utf8') });
  }
}

/** One check of the requirement as a step: the exchange it judged attached, its findings or reason its message. */
function checkStep(builder: Builder, recordedAssertion: RecordedAssertion, evidence: ScenarioEvidence | undefined): AllureStep {
  const attempt =
    evidence?.attempts.find((t) => t.attempt === (recordedAssertion.attempt ?? 1)) ?? evidence?.attempts[evidence.attempts.length - 1];
  const x =
    recordedAssertion.exchange === undefined
      ? undefined
      : (attempt?.exchanges.find((e) => e.n === recordedAssertion.exchange) ??
        exchangesOf(attempt?.steps ?? []).find((e) => e.n === recordedAssertion.exchange));
  const where =
    recordedAssertion.exchange === undefined
      ? 'across the exchanges'
      : `exchange ${recordedAssertion.exchange}${x ? ` (${x.operation})` : ''}`;
  const outcome = recordedAssertion.outcome === 'cantTell' ? 'cannot tell' : recordedAssertion.outcome;
  const message =
    recordedAssertion.outcome === 'failed'
      ? recordedAssertion.findings.map((f) => `at ${f.at}\n  expected: ${f.expected}\n  found:    ${f.found}`).join('\n')
      : recordedAssertion.outcome === 'cantTell'
        ? recordedAssertion.reasons.join('\n')
        : undefined;
  return {
    name: `Check of ${where}${recordedAssertion.attempt === undefined ? '' : `, attempt ${recordedAssertion.attempt}`}: ${outcome}`,
    status: CHECK_STATUS[recordedAssertion.outcome],
    stage: 'finished',
    statusDetails: message ? { message } : {},
    attachments: x ? builder.exchangeAttachments(x) : [],
    steps: [],
    parameters: [],
  };
}

/** What one scenario showed of the requirement: its checks of it, or why it made none. */
function scenarioStep(
  builder: Builder,
  result: RequirementResult,
  scenarioRecord: ScenarioRecord,
  mine: RecordedAssertion[],
  evidence: ScenarioEvidence | undefined,
): AllureStep {
  const steps = mine.map((a) => checkStep(builder, a, evidence));
  const worst = (['failed', 'broken', 'passed'] as const).find((st) => steps.some((x) => x.status === st));
  // made no check of it: the scenario's own end says why (skipped, ended early), never its other requirements' failures
  const status: AllureStatus =
    worst ??
    (scenarioRecord.status === 'passed'
      ? 'skipped'
      : scenarioRecord.status === 'failed'
        ? 'broken'
        : SCENARIO_STATUS[scenarioRecord.status]);
  const why = worst
    ? undefined
    : scenarioRecord.status === 'passed'
      ? `made no check of ${result.id}`
      : `made no check of ${result.id}: ${scenarioRecord.message?.split('\n')[0] ?? scenarioRecord.status}`;
  return {
    name: `Scenario: ${scenarioRecord.name}`,
    status,
    stage: 'finished',
    statusDetails: why ? { message: why } : {},
    attachments: [],
    steps,
    parameters: [],
  };
}

/** The operation a requirement is shown under: that of the scenarios that check it, or "all operations" when they span several. */
function operationOf(scenarios: readonly ScenarioRecord[]): string {
  const ops = new Set(scenarios.flatMap((s) => s.ops));
  return ops.size === 1 ? [...ops][0] : 'all operations';
}

/** The run's verdict as a test: its classes' verdicts as steps. */
function verdictResult(result: ConformanceResult, t0: number, t1: number): object {
  return {
    historyId: md5('verdict'),
    testCaseId: md5('verdict'),
    name: `${verdictHead(result)}: the run's verdict`,
    fullName: 'verdict',
    description: result.verdictReason,
    stage: 'finished',
    status: verdictStatus(result),
    statusDetails: { message: `${verdictHead(result)}: ${result.verdictReason}` },
    start: t0 - 1,
    stop: t1,
    labels: [
      { name: 'epic', value: VERDICT_GROUP },
      { name: 'severity', value: 'blocker' },
    ],
    links: [],
    steps: result.classes.map((c): AllureStep => ({
      name: `Class ${c.class}: ${c.claimed ? c.verdict : 'not claimed'}`,
      status: !c.claimed ? 'skipped' : c.verdict === 'CONFORMS' ? 'passed' : c.verdict === 'DOES NOT CONFORM' ? 'failed' : 'broken',
      stage: 'finished',
      statusDetails: {},
      attachments: [],
      steps: [],
      parameters: [],
    })),
    attachments: [],
    parameters: [],
  };
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
  const builder = new Builder(opts.pretty);
  const byId = new Map(evidence.map((e) => [e.id, e]));
  const scenarioById = new Map(result.scenarios.map((s) => [s.id, s]));
  const assertions = result.assertions ?? {};
  const t0 = Date.parse(result.startedAt) || 0;
  const t1 = Date.parse(result.finishedAt) || t0;
  // the verdict first: read first, its group first in the tree, and the earliest start
  builder.result(verdictResult(result, t0, t1));
  result.requirements.forEach((requirement, index) => {
    // the scenarios that cite it, and any other that checked it
    const checked = Object.entries(assertions)
      .filter(([, as]) => as.some((a) => a.req === requirement.id))
      .map(([id]) => id);
    const ids = [...new Set([...requirement.scenarios.map((s) => s.id), ...checked])];
    const scenarios = ids.flatMap((id) => scenarioById.get(id) ?? []);
    const status = requirementStatus(requirement, result.strict);
    const category = conformanceLabel(requirement, result.strict);
    const links = scenarios.flatMap((s) => [
      ...(s.evidence ? [{ name: `evidence: ${s.name}`, url: posix.join(opts.base, s.evidence), type: 'evidence' }] : []),
      ...(s.reproducer ? [{ name: `reproducer: ${s.name}`, url: posix.join(opts.base, s.reproducer), type: 'reproducer' }] : []),
    ]);
    builder.result({
      historyId: md5(`requirement ${requirement.id}`),
      testCaseId: md5(`requirement ${requirement.id}`),
      name: `${requirement.id}: ${requirement.statement}`,
      fullName: `requirement ${requirement.id}`,
      description: `${requirement.id} (${requirement.level}, ${requirement.class}, ${requirement.section}): ${requirement.statement}\n\nScenarios: ${scenarios.map((s) => s.name).join('; ') || '(none ran)'}`,
      stage: 'finished',
      status,
      statusDetails: { message: detailsOf(requirement, result.strict), ...(requirement.flaky?.length ? { flaky: true } : {}) },
      // the catalogue's order
      start: t0 + index,
      stop: t0 + index,
      labels: [
        { name: 'epic', value: requirement.class },
        { name: 'feature', value: operationOf(scenarios) },
        { name: 'severity', value: SEVERITY[requirement.level] },
        { name: 'tag', value: requirement.level },
        ...(category ? [{ name: CONFORMANCE_LABEL, value: category }] : []),
        { name: 'framework', value: 'cucumberjs' },
      ],
      links,
      steps: scenarios.map((s) =>
        scenarioStep(
          builder,
          requirement,
          s,
          (assertions[s.id] ?? []).filter((a) => a.req === requirement.id),
          byId.get(s.id),
        ),
      ),
      attachments: [],
      parameters: [],
    });
  });
  return builder.files;
}
