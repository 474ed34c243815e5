// Valid requests refused for a reason of the product, at run level, through proxies in front of the
// sandbox that answer for the product: one sold to parties of 3 or more and one that takes no
// children (whole runs: CONFORMS), one that does not run on the first day a quote asks (the quote
// scenarios: it refuses its commits on that day too, so only they are selected). Each gateway is
// honest about its reason: the suite asks again with what the gateway names or offers, and the
// requirements pass, the evidence saying what was tried. A gateway that gives every party a product reason while it is the form it
// refuses gets no pass: the requirements stay open, never passed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../sandbox/src';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';
import { startHostileServer } from '../support/hostile-server';
import type { CapturedRequest } from '../support/hostile-server';
import { describeRun, evidenceAttachments, opOf, proxyTo, removeTempDirs, requireSummary, runConformance, targetEnv } from './helpers';
import type { ServerResponse } from 'node:http';
import type { ConformanceResult } from '../../src/reporting/result';

const SELECTED = ['--tags', '@req:BKG-QUOTE or @req:BKG-PARTICIPANTS-REPEATED or @req:AAV-PARTICIPANTS'];
const JUDGED = ['BKG-QUOTE', 'BKG-PARTICIPANTS-REPEATED', 'AAV-PARTICIPANTS'];

let sb: RunningSandbox;
before(async () => {
  sb = await startSandbox({ port: 0, credentials: { ...SANDBOX_CREDENTIALS } });
});
after(async () => {
  await sb?.close();
  removeTempDirs();
});

const count = (body: string, re: RegExp) => [...body.matchAll(re)].length;
/** The party a quote (one ParticipantInfo each) or an availability request (ParticipantCount Quantity) sends. */
function party(req: CapturedRequest): { size: number; children: number } {
  if (opOf(req) === 'activitybook') {
    const size = count(req.body, /<(\w+:)?ParticipantInfo\b/g);
    return { size, children: count(req.body, /QualifierInfo="8"/g) };
  }
  const counts = [...req.body.matchAll(/<(?:\w+:)?ParticipantCount\b[^>]*Quantity="(\d+)"[^>]*>\s*<(?:\w+:)?QualifierInfo>\s*(\d+)/g)];
  return {
    size: counts.reduce((t, m) => t + Number(m[1]), 0),
    children: counts.filter((m) => m[2] === '8').reduce((t, m) => t + Number(m[1]), 0),
  };
}

/** An Errors reply of the operation's RS with the gateway's words, HTTP 200. */
function refuse(req: CapturedRequest, res: ServerResponse, words: string): true {
  const root = opOf(req) === 'activitybook' ? 'OTA_TourActivityBookRS' : 'OTA_TourActivityAvailRS';
  const body = `<${root} xmlns="http://www.opentravel.org/OTA/2003/05" Version="2011.2"><Errors><Error Type="3" Code="321" ShortText="${words}"/></Errors></${root}>`;
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(body);
  return true;
}

/** A proxy that answers a quote or availability request itself (`answer` gives the words of a refusal) and forwards the rest. */
const refusing = (answer: (req: CapturedRequest) => string | undefined) =>
  startHostileServer(
    proxyTo(sb.baseUrl, (req, res) => {
      const op = opOf(req);
      const quote = op === 'activitybook' && /ResStatus="Quote"/.test(req.body);
      const words = quote || op === 'activityavailability' ? answer(req) : undefined;
      return words ? refuse(req, res, words) : false;
    }),
  );

async function judged(url: string, args: string[] = SELECTED) {
  const run = await runConformance({ args, env: targetEnv(url), timeoutMs: 600_000 });
  const conformanceResult = requireSummary(run) as unknown as ConformanceResult;
  const outcome = (id: string) => conformanceResult.requirements.find((q) => q.id === id);
  const retries = evidenceAttachments(run)
    .filter((a) => a.name.endsWith('product-retry.txt'))
    .map((a) => a.content);
  return { run, s: conformanceResult, outcome, retries };
}

for (const [name, answer, tried] of [
  [
    'sold to parties of 3 or more',
    (req: CapturedRequest) => (party(req).size < 3 ? 'PMI-DRACH is sold to parties of 3 or more' : undefined),
    /3 adult\(s\)/,
  ],
  [
    'takes no children',
    (req: CapturedRequest) => (party(req).children > 0 ? 'Children are not allowed on this excursion' : undefined),
    /adults only/,
  ],
] as const)
  test(`a product ${name}: asked again with what the gateway names, the whole run conforms and says what was tried`, async () => {
    const srv = await refusing(answer);
    try {
      const { run, s, outcome, retries } = await judged(srv.url, []);
      assert.equal(s.verdict, 'CONFORMS', describeRun(run));
      assert.equal(run.code, 0, describeRun(run));
      for (const id of JUDGED) assert.equal(outcome(id)?.outcome, 'passed', `${id}: ${JSON.stringify(outcome(id))}\n${describeRun(run)}`);
      assert.ok(
        retries.some((t) => tried.test(t)),
        retries.join('\n'),
      );
    } finally {
      await srv.close();
    }
  });

test('a product that does not run on the first day asked: the quote is asked again on another day availability offered', async () => {
  let first: string | undefined;
  const srv = await refusing((req) => {
    if (opOf(req) !== 'activitybook') return undefined;
    const day = /<(?:\w+:)?Schedule\b[^>]*Start="(\d{4}-\d{2}-\d{2})/.exec(req.body)?.[1];
    first ??= day;
    return day === first ? `PMI-DRACH does not operate on ${day}` : undefined;
  });
  try {
    const { run, outcome, retries } = await judged(srv.url);
    for (const id of JUDGED) assert.equal(outcome(id)?.outcome, 'passed', `${id}: ${JSON.stringify(outcome(id))}\n${describeRun(run)}`);
    assert.ok(
      retries.some((t) => /on \d{4}-\d{2}-\d{2} \(a day activity availability offered/.test(t)),
      retries.join('\n'),
    );
  } finally {
    await srv.close();
  }
});

test('a gateway that refuses every party with a made-up product reason gets no pass', async () => {
  // the form is what it refuses: whatever party is sent, one more is "the minimum"
  const srv = await refusing((req) => (opOf(req) === 'activitybook' ? `Minimum ${party(req).size + 1} participants` : undefined));
  try {
    const { run, s, outcome, retries } = await judged(srv.url);
    for (const id of ['BKG-QUOTE', 'BKG-PARTICIPANTS-REPEATED']) {
      assert.notEqual(outcome(id)?.outcome, 'passed', `${id}\n${describeRun(run)}`);
      assert.match(outcome(id)?.reason ?? '', /a reason of the product.*tried .*refused again/, JSON.stringify(outcome(id)));
    }
    assert.notEqual(s.verdict, 'CONFORMS');
    assert.notEqual(run.code, 0);
    assert.ok(
      retries.every((t) => /Still refused/.test(t)),
      retries.join('\n'),
    );
  } finally {
    await srv.close();
  }
});
