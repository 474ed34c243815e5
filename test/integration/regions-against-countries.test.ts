// Regions against countries, at run level, through rewriting proxies in front of the sandbox: a
// state or province of another country than the country shown or asked for (a name, or an ISO
// 3166-2 code), in a hotel's or an activity's address, or in the availability reply against the
// gateway's own hotel descriptive data, fails the rule that judges the place; an honest gateway
// that writes the region of the right country in its own language, or as its ISO 3166-2 code,
// passes, with no placeAliases in its test data.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';
import { startSandbox, type RunningSandbox } from '../../sandbox/src';
import { initQuery } from '../../sandbox/test/helpers';
import { startHostileServer } from '../support/hostile-server';
import type { CapturedRequest } from '../support/hostile-server';
import { describeRun, opOf, proxyTo, removeTempDirs, requireSummary, runConformance, targetEnv } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';

let plain: RunningSandbox;
let codeOnly: RunningSandbox;
before(async () => {
  await initQuery();
  plain = await startSandbox({ port: 0, credentials: { ...SANDBOX_CREDENTIALS } });
  // hotels named by code only in availability: where they are, hotel descriptive data says
  codeOnly = await startSandbox({ port: 0, variants: ['hotel-code-only-availability'], credentials: { ...SANDBOX_CREDENTIALS } });
});
after(async () => {
  await plain?.close();
  await codeOnly?.close();
  removeTempDirs();
});

const PLACE_RULES = ['HAV-PLACE', 'AAV-LOCATION', 'ASR-AREA'];
const TAGS = PLACE_RULES.map((r) => `@req:${r}`).join(' or ');
type Rewrite = (body: string, req: CapturedRequest) => string;

/** The outcomes of the place rules in a run through a proxy that rewrites reply bodies. */
async function placeOutcomes(target: RunningSandbox, rewrite: Rewrite): Promise<Record<string, string>> {
  const srv = await startHostileServer(
    proxyTo(
      target.baseUrl,
      () => false,
      (reply, req) => ({ ...reply, body: Buffer.from(rewrite(reply.body.toString('utf8'), req)) }),
    ),
  );
  try {
    const runResult = await runConformance({ args: ['--tags', TAGS], env: targetEnv(srv.url), timeoutMs: 300_000 });
    const result = requireSummary(runResult) as unknown as ConformanceResult;
    const outcomes: Record<string, string> = {};
    for (const id of PLACE_RULES) {
      const outcome = result.requirements.find((x) => x.id === id);
      assert.ok(outcome, `${id} not in the run:\n${describeRun(runResult)}`);
      outcomes[id] = outcome.outcome;
    }
    return outcomes;
  } finally {
    await srv.close();
  }
}

const inOp =
  (ops: string[], f: (b: string) => string): Rewrite =>
  (body, req) =>
    ops.includes(opOf(req)) ? f(body) : body;
const ACTIVITY_OPS = ['activityavailability', 'activitysearch'];

test('a region of another country beside the country shown or asked for: every place rule fails', async () => {
  const outcomes = await placeOutcomes(plain, (body, req) => {
    // the Algarve hotels (asked for in Portugal) in Andalusia; the activities (Mallorca, Spain) in Crete, written in Greek's Latin form
    if (opOf(req) === 'hotelavailability') return body.replace(/<StateProv>Algarve<\/StateProv>/g, '<StateProv>Andalucía</StateProv>');
    return inOp(ACTIVITY_OPS, (b) => b.replace(/<StateProv>[^<]*<\/StateProv>/g, '<StateProv>Kriti</StateProv>'))(body, req);
  });
  assert.deepEqual(outcomes, { 'HAV-PLACE': 'failed', 'AAV-LOCATION': 'failed', 'ASR-AREA': 'failed' });
});

test('a region written as the ISO 3166-2 code of another country: every place rule fails', async () => {
  const outcomes = await placeOutcomes(
    plain,
    inOp(['hotelavailability', ...ACTIVITY_OPS], (b) =>
      b.replace(/<StateProv>(Algarve|Mallorca)<\/StateProv>/g, '<StateProv StateCode="IT-82">$1</StateProv>'),
    ),
  );
  assert.deepEqual(outcomes, { 'HAV-PLACE': 'failed', 'AAV-LOCATION': 'failed', 'ASR-AREA': 'failed' });
});

// The hotel descriptive data is rewritten alike: only the datasets can tell that Kríti is Crete.
test('an honest gateway writing the region of the right country in its own language and as its ISO 3166-2 code: every place rule passes', async () => {
  const official: Record<string, string> = {
    // an island is no ISO 3166-2 subdivision: its own name stays (else only placeAliases can tell), with its province's code
    Mallorca: '<StateProv StateCode="ES-PM">Mallorca</StateProv>',
    Algarve: '<StateProv StateCode="PT-08">Faro</StateProv>',
    Crete: '<StateProv StateCode="GR-M">Kríti</StateProv>',
    Sicily: '<StateProv StateCode="IT-82">Sicilia</StateProv>',
  };
  const outcomes = await placeOutcomes(
    plain,
    inOp(['hotelavailability', 'hotelnbc', ...ACTIVITY_OPS], (b) =>
      b.replace(/<StateProv>(Mallorca|Algarve|Crete|Sicily)<\/StateProv>/g, (_m, r: string) => official[r]),
    ),
  );
  assert.deepEqual(outcomes, { 'HAV-PLACE': 'passed', 'AAV-LOCATION': 'passed', 'ASR-AREA': 'passed' });
});

// Hotel availability names hotels by code only, then shows a region of Greece for each; the
// gateway's own hotel descriptive data places the Mallorca hotels in Spain: the gateway contradicts itself.
test("the availability reply's region against the gateway's own hotel descriptive data of the same hotel: HAV-PLACE fails", async () => {
  // only the replies for Mallorca (a place the datasets do not place): the reply alone cannot tell, the description decides
  const outcomes = await placeOutcomes(codeOnly, (body, req) =>
    opOf(req) === 'hotelavailability' && /<RefPoint[^>]*>\s*Mallorca\s*</.test(req.body)
      ? body.replace(
          /<BasicPropertyInfo([^>]*)\/>/g,
          '<BasicPropertyInfo$1><Address><StateProv>Kriti</StateProv></Address></BasicPropertyInfo>',
        )
      : body,
  );
  assert.equal(outcomes['HAV-PLACE'], 'failed');
});
