// From cucumber's messages to an outcome per scenario and per requirement. A requirement's outcome
// comes from the checks themselves (the assertions each step attaches), never from the other tags
// of a failed scenario:
//   failed        a check of it failed;
//   cantTell      no check failed, but one could not be made, or a scenario citing it ended
//                 before checking it (a precondition failed, a suite error, an earlier failure);
//   passed        every check of it passed;
//   untested      no scenario citing it ran (not selected, or only skipped), or untestable;
//   inapplicable  its conformance class is not claimed by the target.
// A scenario that cucumber's --retry ran more than once counts every attempt: a check an attempt
// failed stays failed (and "flaky" when another attempt passed it); a check an attempt could not
// make is made good by another attempt that made it.
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };
import { CANNOT_TELL_TYPE, SUITE_FAULT_TYPES } from '../core/errors';
import { REQUIREMENTS, type ConformanceClass, type Requirement, type RequirementId } from '../specification/requirements';
import { OPERATION_NAMES, type OperationName } from '../specification/operations';
import type {
  AttemptRecord,
  FindingRecord,
  FlakyRecord,
  RecordedAssertion,
  RequirementResult,
  RunSelection,
  ScenarioRecord,
  ScenarioStatus,
} from './result';
import type { CheckOutcome, Outcome } from '../core/outcomes';
import { LATENCY_MEDIA_TYPE, type TimedExchange } from './latency';
import { flakyLine } from './retries';
import { attachmentText, scenarioIdOf } from './evidence/stream';

/** Media type of the attachment in which a step records its assertions. */
export const ASSERTIONS_MEDIA_TYPE = 'application/vnd.ota-conformance.assertions+json';
/**
 * The file name of the note in which a step that skips its scenario says why (text/plain, shown as
 * it is by cucumber's report): the skipped scenario's message in every report.
 */
export const SKIP_REASON_FILE = 'why-skipped.txt';
/** Media type of the note a scenario leaves when its clean-up could not cancel a booking. */
export const CLEANUP_NOTE_MEDIA_TYPE = 'application/vnd.ota-conformance.cleanup+json';

interface CaseState {
  testCaseId: string;
  /** cucumber's attempt, from 0. */
  attempt: number;
  worst?: messages.TestStepResult;
  assertions: RecordedAssertion[];
  /** Why a step skipped the scenario, as the data showed it. */
  skipped?: string;
}

/** A scenario as the outcomes are computed from it: its record and every assertion of every attempt. */
export type ScenarioAssertions = ScenarioRecord & { assertions: RecordedAssertion[] };

/** How bad a step result is: a scenario's status is its worst step's (the suite's own trouble above a failure). */
const RANK: Record<string, number> = { PASSED: 0, UNKNOWN: 0, SKIPPED: 1, PENDING: 3, UNDEFINED: 3, AMBIGUOUS: 3, FAILED: 2 };

/** The worse of two step results (the first when they rank alike). */
export const worseStep = (a: messages.TestStepResult | undefined, b: messages.TestStepResult): messages.TestStepResult =>
  !a || (RANK[b.status] ?? 0) > (RANK[a.status] ?? 0) ? b : a;

/** Collects the envelopes of one run (sequential or parallel); results() at the end. */
export class MessageCollector {
  private readonly pickles = new Map<string, messages.Pickle>();
  private readonly testCases = new Map<string, string>(); // testCase id -> pickle id
  private readonly cases = new Map<string, CaseState>(); // testCaseStarted id -> state
  /** testCaseStarted ids as their attempts finished, retried ones included. */
  private readonly finished: string[] = [];
  /** Bookings the clean-up could not cancel (they stay in the ledger for the next run). */
  readonly cleanupProblems: Array<{ bookingRef: string; message: string }> = [];
  /** Every scenario exchange that got a reply, with its reply and attempt times. */
  readonly timings: TimedExchange[] = [];

  onMessage = (envelope: messages.Envelope): void => {
    if (envelope.pickle) this.pickles.set(envelope.pickle.id, envelope.pickle);
    else if (envelope.testCase) this.testCases.set(envelope.testCase.id, envelope.testCase.pickleId);
    else if (envelope.testCaseStarted)
      this.cases.set(envelope.testCaseStarted.id, {
        testCaseId: envelope.testCaseStarted.testCaseId,
        attempt: envelope.testCaseStarted.attempt,
        assertions: [],
      });
    else if (envelope.attachment?.testCaseStartedId && envelope.attachment.fileName === SKIP_REASON_FILE) {
      const state = this.cases.get(envelope.attachment.testCaseStartedId);
      if (state) state.skipped = attachmentText(envelope.attachment);
    } else if (envelope.attachment?.testCaseStartedId && envelope.attachment.mediaType === ASSERTIONS_MEDIA_TYPE) {
      const state = this.cases.get(envelope.attachment.testCaseStartedId);
      state?.assertions.push(...(JSON.parse(attachmentText(envelope.attachment)) as RecordedAssertion[]));
    } else if (envelope.attachment?.mediaType === LATENCY_MEDIA_TYPE) {
      this.timings.push(...(JSON.parse(attachmentText(envelope.attachment)) as TimedExchange[]));
    } else if (envelope.attachment?.mediaType === CLEANUP_NOTE_MEDIA_TYPE) {
      this.cleanupProblems.push(...(JSON.parse(attachmentText(envelope.attachment)) as Array<{ bookingRef: string; message: string }>));
    } else if (envelope.testStepFinished) {
      const state = this.cases.get(envelope.testStepFinished.testCaseStartedId);
      const testStepResult = envelope.testStepFinished.testStepResult;
      if (state) state.worst = worseStep(state.worst, testStepResult);
    } else if (envelope.testCaseFinished) {
      // An attempt that will be retried is kept: what it showed counts (a nonconformance seen stays seen).
      if (this.cases.has(envelope.testCaseFinished.testCaseStartedId)) this.finished.push(envelope.testCaseFinished.testCaseStartedId);
    }
  };

  /** Every finished scenario with its status and the assertions its steps recorded, over all its attempts. */
  results(): ScenarioAssertions[] {
    const attempts = new Map<string, CaseState[]>(); // testCase id -> its attempts, in order
    for (const startedId of this.finished) {
      const state = this.cases.get(startedId)!;
      // Ordered by its last attempt: a scenario is listed where it finished.
      const mine = attempts.get(state.testCaseId) ?? [];
      attempts.delete(state.testCaseId);
      attempts.set(
        state.testCaseId,
        [...mine, state].sort((a, b) => a.attempt - b.attempt),
      );
    }
    return [...attempts.values()].map((states) => {
      const pickle = this.pickles.get(this.testCases.get(states[0].testCaseId)!)!;
      const tags = pickle.tags.map((t) => t.name);
      return {
        id: scenarioIdOf(pickle),
        name: pickle.name,
        uri: pickle.uri,
        tags,
        ops: tags.filter((t) => t.startsWith('@op:')).map((t) => t.slice(4)),
        reqs: tags.filter((t) => t.startsWith('@req:')).map((t) => t.slice(5)),
        warnings: [],
        ...overAttempts(states),
      };
    });
  }
}

/**
 * A scenario's status, message and assertions from its attempts. Run once: as it ended. Run more
 * than once: "failed" when any attempt failed (a retry never undoes a nonconformance), else as its
 * last attempt ended; each assertion says its attempt, and every attempt is listed.
 */
function overAttempts(states: CaseState[]): Pick<ScenarioAssertions, 'status' | 'message' | 'assertions' | 'attempts'> {
  if (states.length === 1) return { ...scenarioStatus(states[0].worst, states[0].skipped), assertions: states[0].assertions };
  const attempts: AttemptRecord[] = states.map((st, i) => ({ attempt: i + 1, ...scenarioStatus(st.worst, st.skipped) }));
  const failed = attempts.find((a) => a.status === 'failed');
  const last = attempts[attempts.length - 1];
  const decided = failed ?? last;
  const passedLater = failed ? attempts.filter((a) => a.attempt > failed.attempt && a.status === 'passed').map((a) => a.attempt) : [];
  const note = `(attempt ${decided.attempt} of ${attempts.length}${passedLater.length ? `; attempt ${passedLater.join(', ')} passed: flaky, the failure stays` : ''})`;
  return {
    status: decided.status,
    message: decided.message === undefined ? undefined : `${decided.message}\n${note}`,
    assertions: states.flatMap((st, i) => st.assertions.map((a) => ({ ...a, attempt: i + 1 }))),
    attempts,
  };
}

function scenarioStatus(stepResult: messages.TestStepResult | undefined, skipped?: string): { status: ScenarioStatus; message?: string } {
  if (!stepResult || stepResult.status === 'PASSED' || stepResult.status === 'UNKNOWN') return { status: 'passed' };
  if (stepResult.status === 'SKIPPED') return { status: 'skipped', message: skipped ?? stepResult.message };
  const text = stepResult.exception?.message ?? stepResult.message ?? stepResult.status;
  if (stepResult.status === 'UNDEFINED') return { status: 'suiteError', message: 'a step has no definition (undefined step)' };
  if (stepResult.status === 'AMBIGUOUS') return { status: 'suiteError', message: `a step matches several definitions: ${text}` };
  if (stepResult.status === 'PENDING') return { status: 'suiteError', message: 'a step is pending (not implemented)' };
  const type = stepResult.exception?.type ?? '';
  if (type === 'ConformanceAssertionError') return { status: 'failed', message: text };
  if (type === CANNOT_TELL_TYPE) return { status: 'cantTell', message: text };
  // Anything else thrown is the suite's own trouble (configuration, a broken sample, a bug):
  // it never counts against the gateway.
  return { status: 'suiteError', message: SUITE_FAULT_TYPES.has(type) ? text : `${type || 'Error'}: ${text}` };
}

export interface OutcomeOptions {
  claims: readonly ConformanceClass[];
  /** What narrowed the run (tags, names, paths, dry run, shard); undefined: the whole run. */
  selection?: RunSelection;
}

/** What one scenario concluded of one requirement, over its attempts. */
interface ScenarioJudgement {
  outcome?: CheckOutcome;
  reasons: string[];
  /** Set when one attempt failed the requirement and another passed it. */
  flaky?: FlakyRecord;
  /** Set when an attempt could not tell and a later one passed: the retry did its job. */
  madeGood?: string;
}

/**
 * One scenario's conclusion of one requirement. Per attempt: failed over cantTell over passed, and
 * cantTell when the scenario cites it but the attempt ended before checking it. Over attempts:
 * failed when any attempt failed, else passed when any passed, else cantTell.
 */
function judgeScenario(
  req: RequirementId,
  scenarioAssertions: ScenarioAssertions,
  checks: Record<CheckOutcome, number>,
): ScenarioJudgement {
  const mine = scenarioAssertions.assertions.filter((a) => a.req === req);
  const runs: Array<Pick<AttemptRecord, 'status' | 'message'>> = scenarioAssertions.attempts ?? [scenarioAssertions];
  const per: Array<{ outcome?: CheckOutcome; reasons: string[] }> = runs.map((run, index) => {
    const made = scenarioAssertions.attempts ? mine.filter((a) => a.attempt === index + 1) : mine;
    for (const recordedAssertion of made) checks[recordedAssertion.outcome]++;
    if (made.length > 0) {
      const outcome = made.some((a) => a.outcome === 'failed')
        ? 'failed'
        : made.some((a) => a.outcome === 'cantTell')
          ? 'cantTell'
          : 'passed';
      return { outcome, reasons: made.flatMap((a) => a.reasons.map((why) => `${why} (${scenarioAssertions.name})`)) };
    }
    // A scenario that cites the requirement but ended before checking it cannot vouch for it.
    if (scenarioAssertions.reqs.includes(req) && run.status !== 'passed' && run.status !== 'skipped') {
      checks.cantTell++;
      return { outcome: 'cantTell', reasons: [`not checked: "${scenarioAssertions.name}" ended early: ${endReason(run.message)}`] };
    }
    return { reasons: [] };
  });
  const on = (o: CheckOutcome) => per.flatMap((p, i) => (p.outcome === o ? [i + 1] : []));
  const [failedOn, passedOn, cantTellOn] = [on('failed'), on('passed'), on('cantTell')];
  if (failedOn.length > 0)
    return {
      outcome: 'failed',
      reasons: [],
      ...(passedOn.length ? { flaky: { scenario: scenarioAssertions.name, failedOn, passedOn } } : {}),
    };
  if (passedOn.length > 0)
    return {
      outcome: 'passed',
      // a passed check's reasons are notes of how it was made (a form the run found)
      reasons: per.flatMap((p) => (p.outcome === 'passed' ? p.reasons : [])),
      ...(cantTellOn.length
        ? {
            madeGood: `passed on attempt ${passedOn.join(', ')} of "${scenarioAssertions.name}" after attempt ${cantTellOn.join(', ')} could not tell`,
          }
        : {}),
    };
  if (cantTellOn.length > 0) return { outcome: 'cantTell', reasons: per.flatMap((p) => p.reasons) };
  return { reasons: [] };
}

/** Outcome of every requirement of the catalogue from the scenarios of one run. */
export function requirementOutcomes(scenarios: ScenarioAssertions[], opts: OutcomeOptions): RequirementResult[] {
  return REQUIREMENTS.map((req) => {
    const checks: Record<CheckOutcome, number> = { passed: 0, failed: 0, cantTell: 0 };
    const findings: FindingRecord[] = [];
    const reasons: string[] = [];
    const citing = scenarios.filter((s) => s.reqs.includes(req.id));
    const judged = scenarios.map((s) => judgeScenario(req.id, s, checks));
    // a fact one exchange showed is one finding, however many checks of it read it there
    const seen = new Set<string>();
    for (const scenario of scenarios)
      for (const assertion of scenario.assertions.filter((x) => x.req === req.id))
        for (const finding of assertion.findings) {
          const key = JSON.stringify([scenario.id, assertion.attempt, assertion.exchange, finding.at, finding.expected, finding.found]);
          if (findings.length >= 20 || seen.has(key)) continue;
          seen.add(key);
          findings.push({
            at: finding.at,
            expected: finding.expected,
            found: finding.found,
            scenario: scenario.name,
            scenarioId: scenario.id,
            ...(assertion.attempt === undefined ? {} : { attempt: assertion.attempt }),
            ...(assertion.exchange === undefined ? {} : { exchange: assertion.exchange }),
          });
        }
    for (const why of judged.flatMap((j) => j.reasons)) if (reasons.length < 5 && !reasons.includes(why)) reasons.push(why);
    const flaky = judged.flatMap((j) => (j.flaky ? [j.flaky] : []));
    const ran = citing.filter((s) => s.status !== 'skipped');
    let outcome: Outcome;
    let reason: string | undefined;
    if (!opts.claims.includes(req.class)) {
      outcome = 'inapplicable';
      reason = `class ${req.class} is not claimed by the target`;
    } else if (judged.some((j) => j.outcome === 'failed')) {
      outcome = 'failed';
      reason = [`${checks.failed} check(s) failed`, flakyLine({ flaky })].filter(Boolean).join('; ');
    } else if (judged.some((j) => j.outcome === 'cantTell')) {
      outcome = 'cantTell';
      reason = reasons.join('; ');
    } else if (unshown(req, scenarios, judged).length) {
      // stated for each operation: one that never showed its evidence leaves it open; in a
      // selection, what was not selected was not run (a selection never decides the whole profile)
      const missing = unshown(req, scenarios, judged);
      outcome = opts.selection ? 'untested' : 'cantTell';
      reason =
        `stated for each of the ${OPERATION_NAMES.length} operations, but not shown for ${missing.join(', ')}: ` +
        (opts.selection
          ? `not run: not selected by ${opts.selection.text}`
          : `no scenario of ${missing.length === 1 ? 'it' : 'theirs'} showed it in this run`);
    } else if (judged.some((j) => j.outcome === 'passed')) {
      outcome = 'passed';
      const madeGood = judged.flatMap((j) => (j.madeGood ? [j.madeGood] : []));
      if (madeGood.length || reasons.length) reason = [...madeGood, ...reasons].join('; ');
    } else {
      outcome = 'untested';
      if ('untestable' in req && req.untestable) reason = `untestable: ${req.untestable}`;
      else if (citing.length === 0) reason = opts.selection ? `not run: not selected by ${opts.selection.text}` : 'no scenario ran';
      else if (ran.length === 0) reason = `skipped: ${firstLine(citing[0].message) || 'its scenarios were skipped'}`;
      else reason = 'its scenarios ran but made no check of it';
    }
    return {
      id: req.id,
      level: req.level,
      class: req.class,
      section: req.section,
      statement: req.statement,
      basis: req.basis,
      outcome,
      reason,
      findings,
      scenarios: citing.map((s) => ({ id: s.id, name: s.name, status: s.status })),
      checks,
      ...(flaky.length && outcome === 'failed' ? { flaky } : {}),
    };
  });
}

/**
 * The operations a requirement stated for each operation (`eachOperation`) was not shown for: those
 * with no scenario (by its @op: tags) that passed it. Empty for any other requirement, and when no
 * scenario checked it at all (then it is untested, as any requirement no scenario made).
 */
function unshown(req: Requirement, scenarios: ScenarioAssertions[], judged: ScenarioJudgement[]): OperationName[] {
  if (!('eachOperation' in req) || !req.eachOperation || !judged.some((j) => j.outcome === 'passed')) return [];
  const shown = new Set(scenarios.flatMap((s, i) => (judged[i].outcome === 'passed' ? s.ops : [])));
  return OPERATION_NAMES.filter((op) => !shown.has(op));
}

/**
 * Why a scenario ended before its last step: the note the World adds after earlier findings
 * ("Then the scenario ended early: ..."), else the message's first line with the line after a
 * bare heading ("Cannot tell:"), so the reason is never empty.
 */
function endReason(message: string | undefined): string {
  const early = /\nThen the scenario ended early: (.*)/.exec(message ?? '');
  if (early) return firstLine(early[1]);
  const lines = (message ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const head = lines[0] ?? '';
  return firstLine(/:$/.test(head) && lines[1] ? `${head} ${lines[1]}` : head) || 'no reason was given';
}

/** The first non-blank line of a message, trimmed and cut to `max` characters. */
export const firstLine = (s: string | undefined, max = 300) =>
  (s ?? '')
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim()
    .slice(0, max) ?? '';
