// An evidence stream written by hand, as a run writes it (cucumber's messages): for the tests of
// what is built from it (evidence.html, reproducers, the Allure results) without running cucumber.
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };
import { exchangePartName, requestHead, type ExchangePart } from '../../src/reporting/evidence/stream';

export interface StreamStep {
  keyword: string;
  text: string;
  /** cucumber's status; default PASSED. */
  status?: string;
  error?: { type: string; message: string };
  attachments?: Array<{ fileName: string; mediaType: string; body: string; base64?: boolean }>;
}

export interface StreamScenario {
  name: string;
  /** features/<class>/<file>.feature */
  uri: string;
  line: number;
  tags: string[];
  /** The steps of each attempt (cucumber's --retry runs a scenario again). */
  attempts: StreamStep[][];
}

/** The parts of one exchange as the World attaches them (masked already). */
export function exchangeParts(
  n: number,
  operation: string,
  x: { url: string; request: string; replyHead?: string; reply?: string; replyMediaType?: string; noReply?: string },
): NonNullable<StreamStep['attachments']> {
  const part = (p: ExchangePart, mediaType: string, body: string) => ({ fileName: exchangePartName(n, operation, p), mediaType, body });
  return [
    part('requestHead', 'text/plain', requestHead(x.url, { 'content-type': 'application/xml; charset=utf-8' })),
    part('request', 'application/xml', x.request),
    ...(x.replyHead !== undefined ? [part('replyHead', 'text/plain', x.replyHead)] : []),
    ...(x.reply !== undefined ? [part('reply', x.replyMediaType ?? 'application/xml', x.reply)] : []),
    ...(x.noReply !== undefined ? [part('noReply', 'text/plain', x.noReply)] : []),
  ];
}

const ts = (ms: number): messages.Timestamp => ({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 });

/** The envelopes of a run of these scenarios, in the order cucumber writes them. */
export function streamOf(scenarios: readonly StreamScenario[]): messages.Envelope[] {
  const out: messages.Envelope[] = [];
  let id = 0;
  const next = () => String(++id);
  let clock = 1_800_000_000_000;
  const runs: Array<{ s: StreamScenario; testCase: messages.TestCase }> = [];
  for (const scenario of scenarios) {
    const gherkinSteps = scenario.attempts[0].map((st) => ({ id: next(), keyword: st.keyword, text: st.text }));
    const scenarioId = next();
    out.push({
      gherkinDocument: {
        uri: scenario.uri,
        comments: [],
        feature: {
          location: { line: 1 },
          tags: [],
          language: 'en',
          keyword: 'Feature',
          name: scenario.uri,
          description: '',
          children: [
            {
              scenario: {
                id: scenarioId,
                location: { line: scenario.line },
                tags: [],
                keyword: 'Scenario',
                name: scenario.name,
                description: '',
                examples: [],
                steps: gherkinSteps.map((g) => ({ id: g.id, location: { line: scenario.line + 1 }, keyword: g.keyword, text: g.text })),
              },
            },
          ],
        },
      } as unknown as messages.GherkinDocument,
    });
    const pickle: messages.Pickle = {
      id: next(),
      uri: scenario.uri,
      location: { line: scenario.line },
      name: scenario.name,
      language: 'en',
      astNodeIds: [scenarioId],
      tags: scenario.tags.map((t) => ({ name: t, astNodeId: scenarioId })),
      steps: gherkinSteps.map((g) => ({ id: next(), text: g.text, astNodeIds: [g.id] })),
    } as messages.Pickle;
    out.push({ pickle });
    const testCase = {
      id: next(),
      pickleId: pickle.id,
      testSteps: pickle.steps.map((p) => ({ id: next(), pickleStepId: p.id, stepDefinitionIds: [], stepMatchArgumentsLists: [] })),
    } as messages.TestCase;
    out.push({ testCase });
    runs.push({ s: scenario, testCase });
  }
  for (const { s, testCase } of runs)
    s.attempts.forEach((steps, attempt) => {
      const started = next();
      out.push({ testCaseStarted: { id: started, testCaseId: testCase.id, attempt, timestamp: ts((clock += 10)) } });
      steps.forEach((st, index) => {
        const testStepId = testCase.testSteps[index].id;
        out.push({ testStepStarted: { testCaseStartedId: started, testStepId, timestamp: ts((clock += 5)) } });
        for (const a of st.attachments ?? [])
          out.push({
            attachment: {
              testCaseStartedId: started,
              testStepId,
              fileName: a.fileName,
              mediaType: a.mediaType,
              body: a.base64 ? Buffer.from(a.body, 'latin1').toString('base64') : a.body,
              contentEncoding: (a.base64 ? 'BASE64' : 'IDENTITY') as messages.AttachmentContentEncoding,
            },
          });
        out.push({
          testStepFinished: {
            testCaseStartedId: started,
            testStepId,
            testStepResult: {
              status: (st.status ?? 'PASSED') as messages.TestStepResultStatus,
              duration: { seconds: 0, nanos: 5e6 },
              ...(st.error ? { message: st.error.message, exception: { type: st.error.type, message: st.error.message } } : {}),
            },
            timestamp: ts((clock += 5)),
          },
        });
      });
      out.push({
        testCaseFinished: { testCaseStartedId: started, timestamp: ts((clock += 5)), willBeRetried: attempt < s.attempts.length - 1 },
      });
    });
  return out;
}
