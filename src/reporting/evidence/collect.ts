// What the evidence stream holds, per scenario: its attempts (cucumber's --retry), each with its
// steps (text, status, times, attachments) and its exchanges (request and reply, masked), as
// evidence.html, the reproducers and the Allure report show them. Fed envelope by envelope: by
// the run as it writes the stream, or by npm run report from the stream's file.
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };
import { parseExchangePartName, scenarioIdOf } from './stream';

/** The suite's own attachments (assertions, reply times, clean-up notes): data for the verdict, not evidence for people. */
export const isSuiteData = (mediaType: string) => mediaType.startsWith('application/vnd.ota-conformance.');

export interface StreamAttachment {
  fileName?: string;
  mediaType: string;
  /** The content as text (base64 when `base64`). */
  body: string;
  base64: boolean;
}

export interface StepEvidence {
  /** A step of the scenario ("When the request is sent"), or a hook. */
  kind: 'step' | 'hook';
  text: string;
  /** cucumber's status (PASSED, FAILED, SKIPPED, ...); absent when the step never finished. */
  status?: string;
  message?: string;
  /** The error's type (ConformanceAssertionError, CannotTell, ...). */
  errorType?: string;
  start?: number;
  stop?: number;
  attachments: StreamAttachment[];
}

/** One exchange with the gateway, as its parts were attached (all masked). */
export interface ExchangeEvidence {
  /** Its number in the scenario's attempt, from 1. */
  n: number;
  operation: string;
  /** The step that sent it. */
  step?: string;
  requestHead?: string;
  request?: string;
  replyHead?: string;
  /** The reply body as received, as text. */
  reply?: string;
  replyMediaType?: string;
  /** The reply's bytes, base64, when they were not text. */
  replyRaw?: string;
  /** Why there was no reply (a transport failure). */
  noReply?: string;
}

export interface AttemptEvidence {
  /** From 1. */
  attempt: number;
  start?: number;
  stop?: number;
  steps: StepEvidence[];
  exchanges: ExchangeEvidence[];
}

export interface ScenarioEvidence {
  /** As the result names it: feature file and line. */
  id: string;
  name: string;
  uri: string;
  tags: string[];
  attempts: AttemptEvidence[];
}

const millis = (t: messages.Timestamp | undefined) => (t ? t.seconds * 1000 + Math.round(t.nanos / 1e6) : undefined);

interface Started {
  testCaseId: string;
  attempt: number;
  start?: number;
  stop?: number;
  steps: Map<string, StepEvidence>;
  order: StepEvidence[];
}

/** Collects the evidence of a run from its envelopes; scenarios() at the end. */
export class EvidenceCollector {
  private readonly keywords = new Map<string, string>(); // gherkin step id -> keyword
  private readonly pickles = new Map<string, messages.Pickle>();
  private readonly testCases = new Map<string, messages.TestCase>();
  private readonly started = new Map<string, Started>();
  private readonly finished: string[] = [];

  onMessage = (envelope: messages.Envelope): void => {
    if (envelope.gherkinDocument) this.keywordsOf(envelope.gherkinDocument);
    else if (envelope.pickle) this.pickles.set(envelope.pickle.id, envelope.pickle);
    else if (envelope.testCase) this.testCases.set(envelope.testCase.id, envelope.testCase);
    else if (envelope.testCaseStarted) this.onStarted(envelope.testCaseStarted);
    else if (envelope.testStepStarted) {
      const step = this.started.get(envelope.testStepStarted.testCaseStartedId)?.steps.get(envelope.testStepStarted.testStepId);
      if (step) step.start = millis(envelope.testStepStarted.timestamp);
    } else if (envelope.testStepFinished) {
      const testStepFinished = envelope.testStepFinished;
      const step = this.started.get(testStepFinished.testCaseStartedId)?.steps.get(testStepFinished.testStepId);
      if (step) {
        step.status = testStepFinished.testStepResult.status;
        step.stop = millis(testStepFinished.timestamp);
        const message = testStepFinished.testStepResult.exception?.message ?? testStepFinished.testStepResult.message;
        if (message) step.message = message;
        if (testStepFinished.testStepResult.exception?.type) step.errorType = testStepFinished.testStepResult.exception.type;
      }
    } else if (envelope.attachment?.testCaseStartedId) {
      const attachment = envelope.attachment;
      const st = this.started.get(attachment.testCaseStartedId!);
      const step = (attachment.testStepId && st?.steps.get(attachment.testStepId)) || st?.order.at(-1);
      step?.attachments.push({
        fileName: attachment.fileName,
        mediaType: attachment.mediaType,
        body: attachment.body,
        base64: attachment.contentEncoding === 'BASE64',
      });
    } else if (envelope.testCaseFinished) {
      const st = this.started.get(envelope.testCaseFinished.testCaseStartedId);
      if (st) {
        st.stop = millis(envelope.testCaseFinished.timestamp);
        this.finished.push(envelope.testCaseFinished.testCaseStartedId);
      }
    }
  };

  private keywordsOf(doc: messages.GherkinDocument): void {
    const steps = (xs: readonly messages.Step[] | undefined) => xs?.forEach((s) => this.keywords.set(s.id, s.keyword));
    const children = (cs: ReadonlyArray<messages.FeatureChild | messages.RuleChild> | undefined): void =>
      cs?.forEach((c) => {
        steps(c.background?.steps);
        steps(c.scenario?.steps);
        if ('rule' in c && c.rule) children(c.rule.children);
      });
    children(doc.feature?.children);
  }

  private onStarted(testCaseStarted: messages.TestCaseStarted): void {
    const testCase = this.testCases.get(testCaseStarted.testCaseId);
    const pickle = testCase && this.pickles.get(testCase.pickleId);
    if (!testCase || !pickle) return;
    const pickleSteps = new Map(pickle.steps.map((p) => [p.id, p]));
    const order: StepEvidence[] = [];
    const steps = new Map<string, StepEvidence>();
    for (const ts of testCase.testSteps) {
      const pickleStep = ts.pickleStepId ? pickleSteps.get(ts.pickleStepId) : undefined;
      const keyword = pickleStep ? (pickleStep.astNodeIds.map((id) => this.keywords.get(id)).find((k) => k !== undefined) ?? '') : '';
      const step: StepEvidence = pickleStep
        ? { kind: 'step', text: `${keyword}${pickleStep.text}`, attachments: [] }
        : { kind: 'hook', text: 'hook', attachments: [] };
      steps.set(ts.id, step);
      order.push(step);
    }
    this.started.set(testCaseStarted.id, {
      testCaseId: testCaseStarted.testCaseId,
      attempt: testCaseStarted.attempt,
      start: millis(testCaseStarted.timestamp),
      steps,
      order,
    });
  }

  /** Every finished scenario with its attempts in order, in the order the scenarios finished. */
  scenarios(): ScenarioEvidence[] {
    const byCase = new Map<string, Started[]>();
    for (const id of this.finished) {
      const st = this.started.get(id)!;
      const mine = byCase.get(st.testCaseId) ?? [];
      byCase.delete(st.testCaseId);
      byCase.set(st.testCaseId, [...mine, st]);
    }
    return [...byCase.entries()].map(([testCaseId, attempts]) => {
      const pickle = this.pickles.get(this.testCases.get(testCaseId)!.pickleId)!;
      return {
        id: scenarioIdOf(pickle),
        name: pickle.name,
        uri: pickle.uri,
        tags: pickle.tags.map((t) => t.name),
        attempts: attempts
          .sort((a, b) => a.attempt - b.attempt)
          .map((st) => ({ attempt: st.attempt + 1, start: st.start, stop: st.stop, steps: st.order, exchanges: exchangesOf(st.order) })),
      };
    });
  }
}

/** An attachment's content as text. */
export const textOf = (a: StreamAttachment): string => (a.base64 ? Buffer.from(a.body, 'base64').toString('utf8') : a.body);

/** The exchanges of an attempt, from its steps' attachments, by number. */
export function exchangesOf(steps: readonly StepEvidence[]): ExchangeEvidence[] {
  const byN = new Map<number, ExchangeEvidence>();
  for (const step of steps)
    for (const attachment of step.attachments) {
      const part = parseExchangePartName(attachment.fileName);
      if (!part) continue;
      let evidence = byN.get(part.n);
      if (!evidence)
        byN.set(part.n, (evidence = { n: part.n, operation: part.operation, ...(step.kind === 'step' ? { step: step.text } : {}) }));
      if (part.part === 'replyRaw')
        evidence.replyRaw = attachment.base64 ? attachment.body : Buffer.from(attachment.body, 'utf8').toString('base64');
      else {
        evidence[part.part] = textOf(attachment);
        if (part.part === 'reply') evidence.replyMediaType = attachment.mediaType;
      }
    }
  return [...byN.values()].sort((a, b) => a.n - b.n);
}
