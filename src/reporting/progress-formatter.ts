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

  private onEnvelope(e: messages.Envelope): void {
    // Every scenario of the features yields a pickle; only the selected ones (--tags, --name,
    // --shard) become test cases, so the total counts test cases.
    if (e.pickle) this.pickles.set(e.pickle.id, e.pickle);
    else if (e.testCase) {
      this.cases.set(e.testCase.id, e.testCase.pickleId);
      this.total++;
    } else if (e.testCaseStarted)
      this.started.set(e.testCaseStarted.id, { testCaseId: e.testCaseStarted.testCaseId, attempt: e.testCaseStarted.attempt });
    else if (e.testStepFinished) {
      const s = this.started.get(e.testStepFinished.testCaseStartedId);
      const r = e.testStepFinished.testStepResult;
      if (s) s.worst = worseStep(s.worst, r);
    } else if (e.testCaseFinished) {
      const s = this.started.get(e.testCaseFinished.testCaseStartedId);
      const pickle = s && this.pickles.get(this.cases.get(s.testCaseId) ?? '');
      if (!s || !pickle) return;
      // An attempt --retry runs again is shown too: what it showed counts in the verdict.
      const retried = e.testCaseFinished.willBeRetried;
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
