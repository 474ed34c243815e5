// npm run explore end to end: bad input stops before any contact; against the sandbox with no
// fault, in every combined dialect, it finds nothing (NO FINDING, exit 0); a gateway that shows
// nothing but the test data's own request leaves it NOT DETERMINED (exit 4); a refusal of a request
// without its language attributes is no finding; an edge fault is found at its
// requirement, shrunk, with a reproducer, the same on a rerun with the same seed and on a replay of
// its cassette; and against a gateway this project did not write (Alba Excursions,
// test/support/gateways/ota-literal) it finds nothing, then finds a mistake only some inputs show;
// against one that shows places only in its descriptive data (Kestrel), it corroborates as a
// conformance run does, finds nothing, and finds a mistake of place only some parties show.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { combinedDialects } from '../../scripts/mutants/matrix';
import type { ConformanceResult } from '../../src/reporting/result';
import { startHostileServer } from '../support/hostile-server';
import { albaEnv, startOtaLiteralGateway } from '../support/gateways/ota-literal';
import { describeRun, proxyTo, removeTempDirs, runConformance, targetEnv, tempDir, type RunResult } from './helpers';
import { startSandbox } from '../../sandbox/src';
import { KESTREL_TEST_DATA, kestrelEnv, startKestrelGateway } from '../support/gateways/ota-kestrel';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';

after(removeTempDirs);

const EXPLORE = ['--seed', '1', '--budget', '400'];
const explore = (args: string[], env: Record<string, string> = {}) =>
  runConformance({ script: 'explore', args, env: { OTA_BASE_URL: '', ...env }, timeoutMs: 240_000 });
const summaryOf = (r: RunResult) => JSON.parse(readFileSync(join(r.reportsDir, 'summary.json'), 'utf8')) as ConformanceResult;
const failed = (s: ConformanceResult) => s.requirements.filter((q) => q.outcome === 'failed').map((q) => q.id);

describe('bad input: one line, exit 2, before any contact', () => {
  for (const [args, says] of [
    [['--budget', '0'], /--budget must be a whole number of at least 1, not "0"/],
    [['--time', '-5'], /--time must be a number above 0, not "-5"/],
    [['--operations', 'hotelavailability,nosuchop'], /--operations: nosuchop is not an operation an exploration sends/],
    [['--profile', 'ci'], /--profile ci: an exploration runs read-only or booking/],
    [['--profile', 'booking', '--bookings', '0'], /--bookings must be a whole number of at least 1, not "0"/],
    [['--profile', 'booking', '--bookings', '-2'], /--bookings must be a number above 0, not "-2"/],
    [['--bookings', '3'], /--bookings makes Commits: it needs --profile booking/],
  ] as const)
    test(args.join(' '), async () => {
      const target = await startHostileServer('valid');
      try {
        const runResult = await explore([...args], targetEnv(target.url));
        assert.equal(runResult.code, 2, describeRun(runResult));
        const lines = runResult.stderr.trim().split('\n');
        assert.equal(lines.length, 1, runResult.stderr);
        assert.match(lines[0], says);
        assert.equal(target.requests.length, 0, 'the target was contacted');
      } finally {
        await target.close();
      }
    });
});

describe('the sandbox with no fault: nothing found, in every combined dialect', () => {
  for (const dialect of combinedDialects())
    test(dialect.name, async () => {
      const runResult = await explore(EXPLORE, { OTA_SANDBOX_VARIANTS: dialect.switchedOn.join(',') });
      assert.equal(runResult.code, 0, describeRun(runResult));
      const conformanceResult = summaryOf(runResult);
      const unexpected = failed(conformanceResult).filter((id) => !dialect.expectedWarnings.includes(id));
      assert.deepEqual(unexpected, []);
      assert.equal(conformanceResult.exploration?.requests, 400);
      assert.ok(Object.keys(conformanceResult.exploration?.byOperation ?? {}).length === 6);
      // its own verdict words, everywhere: never SELECTION PASSED, never CONFORMS
      assert.equal(conformanceResult.verdict, 'NO FINDING');
      assert.deepEqual(conformanceResult.exploration?.nothingShown, []);
      assert.match(runResult.stdout, /^NO FINDING in 400 explored requests \(an exploration, not a conformance verdict\): /m);
      assert.match(readFileSync(join(runResult.reportsDir, 'junit.xml'), 'utf8'), /<property name="verdict" value="NO FINDING"\/>/);
      assert.match(readFileSync(join(runResult.reportsDir, 'conformance-report.html'), 'utf8'), /NO FINDING/);
    });
});

test('a gateway that shows nothing but the test data\'s own request: NOT DETERMINED (exit 4), never "no finding", with what was not covered', async () => {
  const runResult = await explore(EXPLORE, { OTA_SANDBOX_VARIANTS: 'inventory-for-test-data-dates' });
  assert.equal(runResult.code, 4, describeRun(runResult));
  const conformanceResult = summaryOf(runResult);
  assert.equal(conformanceResult.verdict, 'NOT DETERMINED');
  // nothing available is never a failure
  assert.deepEqual(failed(conformanceResult), []);
  const exploration = conformanceResult.exploration!;
  for (const op of ['hotelavailability', 'activityavailability', 'activitysearch']) {
    assert.ok(exploration.nothingShown.includes(op), `${op}: ${exploration.nothingShown.join(', ')}`);
    assert.equal(exploration.evidence.byOperation[op].shown, 0, op);
    assert.ok(exploration.evidence.byOperation[op].nothing > 0, op);
    assert.ok((exploration.notCovered[op] ?? []).length > 0, `${op}: its parts of the space are named not covered`);
    assert.match(conformanceResult.verdictReason, new RegExp(`${op}, \\d+ request\\(s\\): 0 showed what the rules judge`));
  }
  // the descriptive operations showed what they describe
  assert.ok(!exploration.nothingShown.includes('hotelnbc') && exploration.evidence.byOperation.hotelnbc.shown > 0);
  assert.ok(conformanceResult.notes.some((n) => n.startsWith('not covered (no explored reply of hotelavailability showed anything)')));
  assert.match(runResult.stdout, /^NOT DETERMINED .*nothing was shown to \d+ explored operation\(s\)/m);
  assert.match(runResult.stdout, /^ {4}NOT COVERED \(no reply showed anything\): /m);
});

test('requests without PrimaryLangID and AltLangID: served ones judged, refused ones a guess refused (INFO), never a finding', async () => {
  const sandbox = await startSandbox({ port: 0, credentials: { ...SANDBOX_CREDENTIALS } });
  // a gateway that requires the language attributes: any request without PrimaryLangID is refused
  const refusal = (root: string) =>
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><${root} xmlns="http://www.opentravel.org/OTA/2003/05" Version="1.0"><Errors><Error Type="10" Code="321" ShortText="PrimaryLangID is required">PrimaryLangID is required</Error></Errors></${root}>`,
    );
  const proxy = await startHostileServer(
    proxyTo(
      sandbox.baseUrl,
      () => false,
      (reply, req) => {
        const root = /<(OTA_\w+)RQ\b/.exec(req.body)?.[1];
        return root && !/PrimaryLangID=/.test(req.body.slice(0, 600))
          ? { status: 200, headers: { 'content-type': 'application/xml; charset=utf-8' }, body: refusal(`${root}RS`) }
          : reply;
      },
    ),
  );
  try {
    const runResult = await explore([...EXPLORE, '--operations', 'activitysearch,hotelnbc,activitynbc'], targetEnv(proxy.url));
    assert.equal(runResult.code, 0, describeRun(runResult));
    const conformanceResult = summaryOf(runResult);
    assert.deepEqual(failed(conformanceResult), []);
    assert.equal(conformanceResult.verdict, 'NO FINDING');
    const left = conformanceResult.exploration!.languagesLeftOut;
    for (const op of ['activitysearch', 'hotelnbc', 'activitynbc']) {
      assert.ok(left[op]?.refused > 0, `${op}: requests without the language attributes were sent and refused`);
      assert.equal(left[op].served, 0, op);
      assert.ok(
        conformanceResult.notes.some((n) => n.startsWith(`INFO ${op} refused ${left[op].refused} of `)),
        op,
      );
    }
    // the self-check let them go out: some explored requests carried no PrimaryLangID
    assert.ok(proxy.requests.some((q) => /<OTA_\w+RQ\b/.test(q.body) && !/PrimaryLangID=/.test(q.body)));
  } finally {
    await proxy.close();
    await sandbox.close();
  }
});

test('an edge fault is found at its requirement, shrunk, reproduced; the same seed and the replay find the same', async () => {
  const cassette = join(tempDir(), 'cassette');
  const first = await explore([...EXPLORE, '--record', cassette], { OTA_SANDBOX_FAULTS: 'five-priced-as-four' });
  assert.equal(first.code, 1, describeRun(first));
  const conformanceResult = summaryOf(first);
  assert.deepEqual(failed(conformanceResult), ['AAV-PARTICIPANTS']);
  const finding = conformanceResult.exploration!.findings[0];
  // the smallest request still fails: five of one category, one day, nothing optional
  assert.match(finding.smallest, /^party 5×10 \(age \d+\); from \d{4}-\d{2}-\d{2}, 1 day\(s\)/);
  const reproducer = readFileSync(join(first.reportsDir, finding.reproducer!), 'utf8');
  assert.match(reproducer, /curl -sS -i -X POST/);
  assert.match(reproducer, /<ParticipantCount Quantity="5">/);
  assert.doesNotMatch(reproducer, /MessagePassword="(?!\*{8})/);
  assert.ok(readFileSync(join(first.reportsDir, 'evidence.html'), 'utf8').includes(finding.evidence!.split('#')[1]));
  assert.ok(conformanceResult.requirements.find((q) => q.id === 'AAV-PARTICIPANTS')!.explored! > 0);

  const again = await explore(EXPLORE, { OTA_SANDBOX_FAULTS: 'five-priced-as-four' });
  assert.deepEqual(
    summaryOf(again).exploration!.findings,
    conformanceResult.exploration!.findings,
    'the same seed repeats the exploration',
  );

  const replayed = await explore(['--seed', '1', '--budget', '400', '--replay', cassette]);
  assert.equal(replayed.code, 1, describeRun(replayed));
  assert.ok(existsSync(join(cassette, 'summary.json')));
  const exploration = summaryOf(replayed).exploration!;
  assert.deepEqual(
    exploration.findings.map((f) => [f.req, f.smallest, f.first]),
    conformanceResult.exploration!.findings.map((f) => [f.req, f.smallest, f.first]),
  );
});

describe('a gateway this project did not write (Alba Excursions)', () => {
  const literalEnv = (url: string) => targetEnv(url, albaEnv('literal'));

  test('as it is: nothing found', async () => {
    const gw = await startOtaLiteralGateway({ dialect: 'literal' });
    try {
      const runResult = await explore(EXPLORE, literalEnv(gw.url));
      assert.equal(runResult.code, 0, describeRun(runResult));
      assert.deepEqual(failed(summaryOf(runResult)), []);
    } finally {
      await gw.close();
    }
  });

  test('pricing five or more of a category as four (a tariff table that ends at four): found, shrunk', async () => {
    const gw = await startOtaLiteralGateway({ dialect: 'literal' });
    // the mistake, in front of the gateway: only activity availability for five or more of a
    // category shows it (Alba shows the party priced as its Group's KnownGroupSize)
    const fiveOrMore = /<ParticipantCount[^>]*Quantity="[5-9]"/;
    const asFour = (xml: string) =>
      xml.replace(/KnownGroupSize="\d+"/g, 'KnownGroupSize="4"').replace(/GroupName="Party of \d+"/g, 'GroupName="Party of 4"');
    const proxy = await startHostileServer(
      proxyTo(
        gw.url,
        () => false,
        (reply, req) =>
          req.path.endsWith('/activityavailability') && fiveOrMore.test(req.body)
            ? { ...reply, body: Buffer.from(asFour(reply.body.toString('utf8'))) }
            : reply,
      ),
    );
    try {
      const runResult = await explore(EXPLORE, literalEnv(proxy.url));
      assert.equal(runResult.code, 1, describeRun(runResult));
      const conformanceResult = summaryOf(runResult);
      assert.deepEqual(failed(conformanceResult), ['AAV-PARTICIPANTS']);
      assert.match(conformanceResult.exploration!.findings[0].smallest, /party 5×(10|8)/);
    } finally {
      await proxy.close();
      await gw.close();
    }
  });
});

describe('a gateway that shows places only in its descriptive data (Kestrel): corroborated as a conformance run does', () => {
  const kestrel = async (fault: 'full-place-offers-elsewhere' | undefined, args: string[] = []) => {
    const gw = await startKestrelGateway({ fault });
    try {
      return await explore([...EXPLORE, ...args], { OTA_BASE_URL: gw.url, ...kestrelEnv(KESTREL_TEST_DATA) });
    } finally {
      await gw.close();
    }
  };

  test('as it is: HAV-PLACE and ASR-AREA decided by descriptive data, one request per hotel, in the budget; the replay the same', async () => {
    const cassette = join(tempDir(), 'cassette');
    const runResult = await kestrel(undefined, ['--record', cassette]);
    assert.equal(runResult.code, 0, describeRun(runResult));
    const conformanceResult = summaryOf(runResult);
    assert.equal(conformanceResult.verdict, 'NO FINDING');
    for (const id of ['HAV-PLACE', 'ASR-AREA'])
      assert.equal(conformanceResult.requirements.find((q) => q.id === id)!.outcome, 'passed', id);
    const exploration = conformanceResult.exploration!;
    // one descriptive request per hotel of the catalogue (five), none per reply, counted in the 400
    assert.ok(
      exploration.corroborationRequests.hotelnbc > 0 && exploration.corroborationRequests.hotelnbc <= 5,
      JSON.stringify(exploration.corroborationRequests),
    );
    assert.equal(exploration.requests, 400);
    const replayed = await explore(['--seed', '1', '--budget', '400', '--replay', cassette]);
    assert.equal(replayed.code, 0, describeRun(replayed));
    const p = summaryOf(replayed);
    assert.deepEqual(p.exploration!.corroborationRequests, exploration.corroborationRequests);
    assert.equal(p.requirements.find((q) => q.id === 'HAV-PLACE')!.outcome, 'passed');
  });

  test('hotels of another country offered to a party no hotel of the place can lodge: HAV-PLACE found, shrunk', async () => {
    const runResult = await kestrel('full-place-offers-elsewhere');
    assert.equal(runResult.code, 1, describeRun(runResult));
    const conformanceResult = summaryOf(runResult);
    assert.deepEqual(failed(conformanceResult), ['HAV-PLACE']);
    const finding = conformanceResult.exploration!.findings[0];
    assert.equal(finding.req, 'HAV-PLACE');
    // the evidence names the descriptive reply that placed the hotel
    const found = conformanceResult.requirements.find((q) => q.id === 'HAV-PLACE')!.findings![0];
    assert.match(found.at, /by hotel descriptive data of K\w+/);
  });
});
