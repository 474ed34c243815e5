// A cucumber formatter for logs (CI, pipes): one line per scenario as it finishes, with its
// outcome, so a log shows progress instead of one unterminated line of dots.
import { Formatter, type IFormatterOptions } from '@cucumber/cucumber';
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };
import { worseStep } from './requirement-outcomes';

const WORD: Record<string, string> = {
  PASSED: 'passed',
  FAILED: 'FAILED',
  SKIPPED: 'skipped',
  UNDEFINED: 'UNDEFINED',
  AMBIGUOUS: 'AMBIGUOUS',
  PENDING: 'PENDING',
  UNKNOWN: '?',
};

export default class ProgressLinesFormatter extends Formatter {
  static readonly documentation = 'One line per finished scenario: for logs and pipes';
  private readonly pickles = new Map<string, messages.Pickle>();
  private readonly cases = new Map<string, string>();
  private readonly started = new Map<string, { testCaseId: string; attempt: number; worst?: messages.TestStepResult }>();
  private done = 0;
  private total = 0;

  constructor(options: IFormatterOptions) {
    super(options);
    options.eventBroadcaster.on('envelope', (e: messages.Envelope) => this.onEnvelope(e));
  }

  private onEnvelope(envelope: messages.Envelope): void {
    // Every scenario of the features yields a pickle; only the selected ones (--tags, --name,
    // --shard) become test cases, so the total counts test cases.
    if (envelope.pickle) this.pickles.set(envelope.pickle.id, envelope.pickle);
    else if (envelope.testCase) {
      this.cases.set(envelope.testCase.id, envelope.testCase.pickleId);
      this.total++;
    } else if (envelope.testCaseStarted)
      this.started.set(envelope.testCaseStarted.id, {
        testCaseId: envelope.testCaseStarted.testCaseId,
        attempt: envelope.testCaseStarted.attempt,
      });
    else if (envelope.testStepFinished) {
      const s = this.started.get(envelope.testStepFinished.testCaseStartedId);
      const testStepResult = envelope.testStepFinished.testStepResult;
      if (s) s.worst = worseStep(s.worst, testStepResult);
    } else if (envelope.testCaseFinished) {
      const s = this.started.get(envelope.testCaseFinished.testCaseStartedId);
      const pickle = s && this.pickles.get(this.cases.get(s.testCaseId) ?? '');
      if (!s || !pickle) return;
      // An attempt --retry runs again is shown too: what it showed counts in the verdict.
      const retried = envelope.testCaseFinished.willBeRetried;
      if (!retried) this.done++;
      const status = s.worst?.status ?? 'PASSED';
      const kind =
        status === 'FAILED'
          ? s.worst?.exception?.type === 'ConformanceAssertionError'
            ? 'FAILED'
            : s.worst?.exception?.type === 'CannotTell'
              ? 'cannot tell'
              : 'SUITE ERROR'
          : WORD[status];
      const head = retried ? '[retry]' : `[${this.done}/${this.total}]`;
      const attempt = retried || s.attempt > 0 ? ` attempt ${s.attempt + 1}${retried ? ', runs again (--retry)' : ''}` : '';
      this.log(`${head} ${kind.padEnd(11)} ${pickle.name} (${pickle.uri})${attempt}\n`);
    }
  }
}
