// Corroboration that cannot be fooled (and its bad input), at run level. A
// sandbox that names hotels by code only and places activities only in their descriptive data
// (so HAV-PLACE, AAV-LOCATION and ASR-AREA need the gateway's descriptive operations), behind a
// rewriting proxy that makes those operations hostile: slow, huge, malformed, lying (another
// subject, four countries), echoing the password. None of them ends the run or decides a
// requirement about another subject: the facts they should have shown stay at cannot tell, with
// the reason, and each is judged as that descriptive operation's own outcome. The requests are
// bounded by a cap per run; and activity descriptive data is asked even when activity
// availability's dates are unreadable, while a hotel placed in its HotelStay needs no corroboration.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../sandbox/src';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';
import { initQuery } from '../../sandbox/test/helpers';
import { isRunnersOwn, startHostileServer, requestPassword, type CapturedRequest } from '../support/hostile-server';
import { describeRun, opOf, proxyTo, removeTempDirs, requireSummary, runConformance, targetEnv, type RunResult } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';
import type { Assertion } from '../../src/contracts/rule';
import { ASSERTIONS_MEDIA_TYPE } from '../../src/reporting/requirement-outcomes';

/** The requirements that ask the descriptive operations, and their scenarios. */
const PLACED = ['HAV-PLACE', 'AAV-LOCATION', 'ASR-AREA'] as const;
const SELECTION = ['--tags', PLACED.map((id) => `@req:${id}`).join(' or ')];
const DESCRIPTIVE = new Set(['hotelnbc', 'activitynbc']);
/** A request a scenario sent to a descriptive operation (not the runner's own check of the test data's codes). */
const describing = (req: CapturedRequest) => req.method === 'POST' && DESCRIPTIVE.has(opOf(req)) && !isRunnersOwn(req);

let hidden: RunningSandbox;
let inHotelStay: RunningSandbox;
before(async () => {
  await initQuery();
  const credentials = { ...SANDBOX_CREDENTIALS };
  hidden = await startSandbox({ port: 0, credentials, variants: ['hotel-code-only-availability', 'activity-place-in-descriptive-only'] });
  inHotelStay = await startSandbox({ port: 0, credentials, variants: ['hotel-stays-address'] });
});
after(async () => {
  await hidden?.close();
  await inHotelStay?.close();
  removeTempDirs();
});

const summaryOf = (r: RunResult) => requireSummary(r) as unknown as ConformanceResult;
const outcome = (r: RunResult, id: string) => summaryOf(r).requirements.find((q) => q.id === id)!;
/** Every assertion the run's scenarios recorded (cucumber's messages). */
function assertionsOf(runResult: RunResult): Assertion[] {
  return readFileSync(join(runResult.reportsDir, 'cucumber-messages.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { attachment?: { mediaType: string; body: string; contentEncoding?: string } })
    .flatMap(({ attachment: a }) =>
      a?.mediaType === ASSERTIONS_MEDIA_TYPE
        ? (JSON.parse(a.contentEncoding === 'BASE64' ? Buffer.from(a.body, 'base64').toString('utf8') : a.body) as Assertion[])
        : [],
    );
}
const reasonsOf = (r: RunResult, ids: readonly string[]) =>
  assertionsOf(r)
    .filter((a) => ids.includes(a.req))
    .flatMap((a) => a.reasons)
    .join('\n');
/** The run ended with a verdict, not COULD NOT RUN, and its breaker never tripped. */
function judgedToTheEnd(runResult: RunResult): void {
  assert.notEqual(runResult.code, 2, describeRun(runResult));
  assert.doesNotMatch(runResult.stdout + runResult.stderr, /stopped answering|COULD NOT RUN/, describeRun(runResult));
  for (const id of PLACED) assert.notEqual(outcome(runResult, id).outcome, 'failed', `${id}: ${JSON.stringify(outcome(runResult, id))}`);
}
const descriptiveRequests = (reqs: CapturedRequest[]) => reqs.filter(describing);

test('a descriptive operation that never answers ends nothing: the run goes on, its breaker untouched, the facts cannot tell', async () => {
  // hangs: each corroboration request times out; three timeouts in a row would trip the run's breaker
  const srv = await startHostileServer(proxyTo(hidden.baseUrl, describing));
  try {
    const runResult = await runConformance({
      args: SELECTION,
      env: targetEnv(srv.url, { OTA_REQUEST_TIMEOUT_MS: '2000', OTA_MAX_CONSECUTIVE_FAILURES: '3' }),
    });
    judgedToTheEnd(runResult);
    for (const id of PLACED) assert.equal(outcome(runResult, id).outcome, 'cantTell', JSON.stringify(outcome(runResult, id)));
    const why = reasonsOf(runResult, PLACED);
    assert.match(why, /(hotel|activity) descriptive data of \S+ .*(could not be read|describes nothing): no HTTP reply/);
    assert.match(why, /failed 3 corroboration requests in a row .* asks it no more/);
    // judged as the descriptive operation's own: a reply within the timeout is its SHOULD
    assert.ok(
      assertionsOf(runResult).some((a) => a.req === 'EP-TIMELY' && a.findings.some((f) => /descriptive data of/.test(f.at))),
      'EP-TIMELY names the descriptive exchange',
    );
    // the operation that keeps failing is asked no more: three per operation (one process)
    const asked = descriptiveRequests(srv.requests);
    for (const op of DESCRIPTIVE) assert.ok(asked.filter((q) => opOf(q) === op).length <= 3, `${op}: ${asked.length}`);
  } finally {
    await srv.close();
  }
});

test('a descriptive operation that lies, breaks or echoes the password decides nothing about another subject and is judged as itself', async () => {
  let n = 0;
  const hostile = (reply: { status: number; headers: Record<string, string>; body: Buffer }, req: CapturedRequest) => {
    if (!describing(req)) return reply;
    const xml = reply.body.toString('utf8');
    const code = /(?:HotelCode|TourActivityID)="([^"]+)"/.exec(req.body)?.[1] ?? '';
    const body = (s: string) => ({ ...reply, body: Buffer.from(s) });
    switch (n++ % 5) {
      case 0: // another subject: a hotel or activity in Iceland, under another code
        return body(
          xml
            .split(`"${code}"`)
            .join('"SOMEONE-ELSE"')
            .replace(/<CountryName\b[^>]*>[^<]*<\/CountryName>/g, '<CountryName Code="IS">Iceland</CountryName>'),
        );
      case 1: // four countries
        return body(
          xml.replace(
            /<CountryName\b[^>]*>[^<]*<\/CountryName>/g,
            ['Spain', 'Portugal', 'Greece', 'Italy'].map((c) => `<CountryName>${c}</CountryName>`).join(''),
          ),
        );
      case 2: // malformed
        return body(xml.slice(0, Math.floor(xml.length / 2)));
      case 3: // huge: past OTA_MAX_REPLY_BYTES
        return body(xml.replace('<Success/>', `<Success/><!--${'x'.repeat(300_000)}-->`));
      default: // the password echoed beside correct data
        return body(
          xml.replace('<Success/>', `<Success/><TPA_Extensions><Echo>${requestPassword(req.body) ?? ''}</Echo></TPA_Extensions>`),
        );
    }
  };
  const srv = await startHostileServer(proxyTo(hidden.baseUrl, undefined, hostile));
  try {
    const runResult = await runConformance({ args: SELECTION, env: targetEnv(srv.url, { OTA_MAX_REPLY_BYTES: '200000' }) });
    judgedToTheEnd(runResult);
    assert.ok(n >= 5, `every hostility was served (${n} descriptive replies)`);
    const why = reasonsOf(runResult, PLACED);
    assert.match(why, /describes (hotel|activity) SOMEONE-ELSE, not \S+: a description of another (hotel|activity) decides nothing/);
    assert.match(why, /several countries \(ES, PT, GR, IT\)/);
    assert.match(why, /could not be read/);
    // the descriptive operation's own findings: its malformed reply, its echo of the password
    const own = (id: string) => assertionsOf(runResult).filter((a) => a.req === id && a.outcome === 'failed');
    assert.ok(
      own('EP-WELL-FORMED').some((a) => a.findings.some((f) => /^(hotel|activity) descriptive data of /.test(f.at))),
      'EP-WELL-FORMED names the descriptive exchange',
    );
    assert.ok(own('SEC-NO-CREDENTIAL-ECHO').length > 0, 'the credential echo check applies to corroboration');
    assert.equal(outcome(runResult, 'EP-WELL-FORMED').outcome, 'failed');
    // a description of another subject is a finding of the descriptive operation's own subject
    // requirement wherever the suite saw it (the same reply means the same to every requirement),
    // even in a selection that did not run that requirement's scenarios; never a pass
    const subjects = ['HNBC-SUBJECT', 'ANBC-SUBJECT'].map((id) => outcome(runResult, id).outcome);
    assert.ok(subjects.includes('failed'), `a subject requirement failed: ${subjects.join(', ')}`);
    for (const seen of subjects) assert.ok(seen === 'failed' || seen === 'untested', seen);
    assert.ok(!(runResult.stdout + JSON.stringify(summaryOf(runResult))).includes(SANDBOX_CREDENTIALS.password), 'the password is masked');
  } finally {
    await srv.close();
  }
});

test('corroboration requests are capped per run: hundreds of unplaced hotels ask no more than the cap', async () => {
  // every hotel availability reply names 300 hotels by code only
  const many = (reply: { status: number; headers: Record<string, string>; body: Buffer }, req: CapturedRequest) => {
    if (opOf(req) !== 'hotelavailability') return reply;
    const stays = Array.from({ length: 300 }, (_, i) => `<RoomStay><BasicPropertyInfo HotelCode="X${i}"/></RoomStay>`).join('');
    return {
      ...reply,
      body: Buffer.from(reply.body.toString('utf8').replace(/<RoomStays>[\s\S]*<\/RoomStays>/, `<RoomStays>${stays}</RoomStays>`)),
    };
  };
  const srv = await startHostileServer(proxyTo(hidden.baseUrl, undefined, many));
  try {
    const runResult = await runConformance({
      args: ['--tags', '@req:HAV-PLACE'],
      env: targetEnv(srv.url, { OTA_MAX_CORROBORATION_REQUESTS: '12' }),
    });
    judgedToTheEnd(runResult);
    assert.ok(descriptiveRequests(srv.requests).length <= 12, `${descriptiveRequests(srv.requests).length} descriptive requests`);
    assert.equal(outcome(runResult, 'HAV-PLACE').outcome, 'cantTell');
    assert.match(reasonsOf(runResult, ['HAV-PLACE']), /reached their cap \(OTA_MAX_CORROBORATION_REQUESTS=12\); raise it/);
  } finally {
    await srv.close();
  }
});

test('the cap counts HTTP attempts, not exchanges: with retries, no more requests are sent than the cap', async () => {
  const many = (reply: { status: number; headers: Record<string, string>; body: Buffer }, req: CapturedRequest) => {
    if (opOf(req) !== 'hotelavailability') return reply;
    const stays = Array.from({ length: 300 }, (_, i) => `<RoomStay><BasicPropertyInfo HotelCode="X${i}"/></RoomStay>`).join('');
    return {
      ...reply,
      body: Buffer.from(reply.body.toString('utf8').replace(/<RoomStays>[\s\S]*<\/RoomStays>/, `<RoomStays>${stays}</RoomStays>`)),
    };
  };
  // every other descriptive request is answered 503, as a proxy does: each exchange is retried once
  let n = 0;
  const flaky = (req: CapturedRequest, res: import('node:http').ServerResponse) => {
    if (!describing(req) || n++ % 2 === 1) return false;
    res.writeHead(503, { 'content-type': 'text/html' });
    res.end('<html>Service Unavailable</html>');
    return true;
  };
  const srv = await startHostileServer(proxyTo(hidden.baseUrl, flaky, many));
  try {
    const runResult = await runConformance({
      args: ['--tags', '@req:HAV-PLACE'],
      env: targetEnv(srv.url, { OTA_MAX_CORROBORATION_REQUESTS: '12', OTA_RETRIES: '2', OTA_RETRY_BACKOFF_MS: '1' }),
    });
    judgedToTheEnd(runResult);
    assert.ok(n > 0, 'descriptive requests were sent');
    assert.ok(descriptiveRequests(srv.requests).length <= 12, `${descriptiveRequests(srv.requests).length} HTTP requests, cap 12`);
  } finally {
    await srv.close();
  }
});

test('activity descriptive data is asked though availability shows no date; a hotel placed in its HotelStay needs no corroboration', async () => {
  // availability shows its activities without any schedule; hotel descriptive data is unavailable
  const srv = await startHostileServer(
    proxyTo(
      inHotelStay.baseUrl,
      (req, res) => {
        if (!describing(req) || opOf(req) !== 'hotelnbc') return false;
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('descriptive data is not offered');
        return true;
      },
      (reply, req) =>
        opOf(req) === 'activityavailability'
          ? { ...reply, body: Buffer.from(reply.body.toString('utf8').replace(/<Schedule\b[\s\S]*?<\/Schedule>/g, '')) }
          : reply,
    ),
  );
  try {
    const runResult = await runConformance({ args: ['--tags', '@op:activitynbc or @req:HAV-PLACE'], env: targetEnv(srv.url) });
    assert.notEqual(runResult.code, 2, describeRun(runResult));
    for (const id of ['ANBC-SUBJECT', 'ANBC-CONTENT', 'HAV-PLACE'])
      assert.equal(outcome(runResult, id).outcome, 'passed', `${id}: ${JSON.stringify(outcome(runResult, id))}\n${describeRun(runResult)}`);
    assert.equal(
      descriptiveRequests(srv.requests).filter((q) => opOf(q) === 'hotelnbc').length,
      0,
      'every hotel is placed by its HotelStay: nothing to corroborate',
    );
  } finally {
    await srv.close();
  }
});

test('hotel descriptive data describing the next hotel (hotelnbc-other-hotel) fails HNBC-SUBJECT alone, never HAV-PLACE', async () => {
  // a correct availability reply naming hotels by code only; once, the one hotel described was
  // taken for the one asked, and HAV-PLACE failed for a hotel in another country
  const runResult = await runConformance({
    args: ['--tags', '@req:HAV-PLACE or @req:HNBC-SUBJECT'],
    env: { OTA_SANDBOX_VARIANTS: 'hotel-code-only-availability', OTA_SANDBOX_FAULTS: 'hotelnbc-other-hotel' },
  });
  assert.equal(runResult.code, 1, describeRun(runResult));
  assert.equal(outcome(runResult, 'HNBC-SUBJECT').outcome, 'failed');
  const place = outcome(runResult, 'HAV-PLACE');
  assert.equal(place.outcome, 'cantTell', JSON.stringify(place));
  assert.match(reasonsOf(runResult, ['HAV-PLACE']), /describes hotel \w+, not \w+: a description of another hotel decides nothing/);
  // HNBC-SUBJECT is judged by its own scenario: corroboration adds no check of it
  assert.deepEqual(
    [
      ...new Set(
        assertionsOf(runResult)
          .filter((a) => a.req === 'HNBC-SUBJECT')
          .map((a) => a.findings.length),
      ),
    ],
    [1],
    'one finding, from the descriptive data scenario',
  );
});
