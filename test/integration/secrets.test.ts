// Secrets: OTA_PASSWORD and the values named by OTA_SECRET_ENV never reach an
// artifact (console, Allure results and attachments, JUnit, cucumber messages, HTML report,
// summary.json), even when the gateway echoes them; and the after-run scan of the reports folder
// fails the run (exit 3) when a value is there anyway, naming the file but never the value.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MASK } from '../../src/safety/masking';
import {
  echoPasswordReply,
  replyRootFor,
  requestPassword,
  startHostileServer,
  OTA_NS,
  type CapturedRequest,
} from '../support/hostile-server';
import {
  evidenceAttachments,
  assertArtifactsHoldNoSecret,
  consoleLeaks,
  describeRun,
  opOf,
  removeTempDirs,
  requireSummary,
  runConformance,
  targetEnv,
  tempDir,
} from './helpers';

after(removeTempDirs);

// Distinctive, and with the characters XML escapes: it shows up raw, as &amp;&lt; and as base64.
const PASSWORD = 'Zx9-Distinct!Pw&<42';
const XML_PASSWORD = 'Zx9-Distinct!Pw&amp;&lt;42';
// A second secret the suite never sends, named through OTA_SECRET_ENV (an API token, say).
const TOKEN_VAR = 'OTA_IT_GATEWAY_TOKEN';
const TOKEN = 'tok_Q7-Distinct-Gateway-Token-8841';
const SECRET_ENV = { OTA_PASSWORD: PASSWORD, OTA_SECRET_ENV: TOKEN_VAR, [TOKEN_VAR]: TOKEN };

/** A gateway that echoes the credentials back, in a different way per operation. */
function echoReply(req: CapturedRequest): { status: number; headers: Record<string, string>; body: string } {
  const root = replyRootFor(req.body);
  const sent = requestPassword(req.body) ?? ''; // as it is in the request: XML-escaped
  const xml = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${OTA_NS}" Version="2008.1">${inner}</${root}>\n`;
  switch (opOf(req)) {
    case 'hotelavailability':
      // XML-escaped, in the MessagePassword attribute, in ShortText and in text; the token as text
      return {
        status: 200,
        headers: { 'x-gateway-token': TOKEN },
        body: echoPasswordReply(root, sent).replace('<POS>', `<Warnings><Warning>token ${TOKEN}</Warning></Warnings><POS>`),
      };
    case 'activityavailability':
      // raw (the reply is not even well-formed), and raw in a reply header
      return {
        status: 200,
        headers: { 'x-echo-password': PASSWORD },
        body: xml(`<Errors><Error Type="4" ShortText="password ${PASSWORD} rejected">${PASSWORD}</Error></Errors>`),
      };
    default:
      // raw inside CDATA (well-formed), in a comment, and the token in an attribute; HTTP 500
      return {
        status: 500,
        headers: {},
        body: xml(
          `<!-- pw=${PASSWORD} --><Errors><Error Type="1" Code="${TOKEN}"><![CDATA[login ${PASSWORD} / ${TOKEN}]]></Error></Errors>`,
        ),
      };
  }
}

describe('run level: secrets', { concurrency: true }, () => {
  // Fails if: the World attached a reply (or its headers) without Redactor.maskXml/scrub, the
  // summary or console printed a finding unscrubbed, or OTA_SECRET_ENV were ignored (the token
  // would then be in the reports, the runner would not know it: exit 1 and a non-empty scan here);
  // or a leak of the password made the runner exit 3 (the scan of its own output found it).
  test('4. a gateway that echoes the password and a listed secret: nothing in any artifact, exit 1 (not 3)', async () => {
    const srv = await startHostileServer({
      mode: 'per-request',
      choose: (req) => {
        if (req.method === 'GET') return 'valid';
        const echo = echoReply(req);
        return {
          mode: 'raw',
          status: echo.status,
          headers: { 'content-type': 'application/xml; charset=utf-8', ...echo.headers },
          body: echo.body,
        };
      },
    });
    try {
      const runResult = await runConformance({
        args: [
          '--tags',
          '(@req:EP-NO-DOCTYPE or @req:AUTH-PASSWORD) and (@op:hotelavailability or @op:activityavailability or @op:activitysearch)',
        ],
        env: targetEnv(srv.url, SECRET_ENV),
      });
      assert.equal(runResult.timedOut, false, describeRun(runResult));
      assert.equal(runResult.code, 1, `the echoing gateway does not conform; exit 3 would mean a leak\n${describeRun(runResult)}`);

      // the gateway really was given the password and really echoed it
      assert.ok(
        srv.requests.some((q) => q.method === 'POST' && requestPassword(q.body) === XML_PASSWORD),
        'the suite sent the password',
      );
      const runSummaryFile = requireSummary(runResult);
      assert.equal(runSummaryFile.scenarios.length, 6, describeRun(runResult));

      // every kind of artifact was written, and none holds a secret in any encoding
      assertArtifactsHoldNoSecret(runResult, [PASSWORD, TOKEN]);

      // not vacuous: the echoes reached the evidence, masked where they were
      const atts = evidenceAttachments(runResult);
      const att = (suffix: string) => atts.filter((a) => a.name.endsWith(suffix));
      const echoed = att('hotelavailability-reply.xml').find((a) => a.content.includes('Invalid password'));
      assert.ok(echoed, 'the echoed hotelavailability reply is attached');
      assert.ok(echoed.content.includes(`MessagePassword="${MASK}"`), echoed.content);
      assert.ok(echoed.content.includes(`token ${MASK}`), echoed.content);
      assert.ok(
        att('activityavailability-reply-headers.txt').some((a) => a.content.includes(`x-echo-password: ${MASK}`)),
        'raw password in a header, masked',
      );
      assert.ok(
        att('hotelavailability-reply-headers.txt').some((a) => a.content.includes(`x-gateway-token: ${MASK}`)),
        'token in a header, masked',
      );
      assert.ok(
        att('activityavailability-reply.xml').some((a) => a.content.includes(`password ${MASK} rejected`)),
        'raw password in a malformed reply, masked',
      );
      assert.ok(
        att('activitysearch-reply.xml').some((a) => a.content.includes(`<![CDATA[login ${MASK} / ${MASK}]]>`)),
        'raw password and token in CDATA, masked',
      );
      assert.ok(
        att('request.xml').every((a) => /MessagePassword="\*{8}"/.test(a.content)),
        'requests attached with the password masked',
      );
    } finally {
      await srv.close();
    }
  });

  // Fails if: the after-run scan were removed or skipped a folder (exit 0: the run conforms), did
  // not look for base64 forms (blob.b64 missing from the message), or printed the value.
  test('4. the gate: a secret found in the reports folder fails the run with exit 3, naming the file, never the value', async () => {
    const root = tempDir();
    const reportsDir = join(root, 'reports');
    // Planted in the history folder, which a run keeps: files of earlier commands elsewhere in the
    // reports folder are moved aside before the run, so they would never reach the gate.
    const kept = join(reportsDir, 'history');
    mkdirSync(join(kept, 'nested'), { recursive: true });
    writeFileSync(join(kept, 'stray.txt'), `debug dump: password=${PASSWORD}\n`);
    writeFileSync(
      join(kept, 'nested', 'blob.b64'),
      Buffer.from(`<x MessagePassword="${XML_PASSWORD}" key="${TOKEN}"/>`).toString('base64'),
    );
    // the embedded sandbox, told the same password: the run itself conforms
    const runResult = await runConformance({
      reportsDir,
      args: ['--tags', '@req:EP-NO-DOCTYPE and @op:hotelavailability'],
      env: SECRET_ENV,
    });
    assert.equal(runResult.timedOut, false, describeRun(runResult));
    assert.equal(runResult.code, 3, describeRun(runResult));
    assert.match(runResult.stdout, /1 scenarios: 1 passed, 0 failed/, 'the run itself passed: only the planted files fail it');
    assert.match(runResult.stderr, /A SECRET WAS FOUND IN THE REPORTS — do not publish /);
    assert.match(runResult.stderr, /Secret scan FAILED: .*The values are not shown\./);
    const findingLines = runResult.stderr.split('\n').filter((l) => /^ {2}\S.*: secret #\d+ \(/.test(l));
    const files = new Set(findingLines.map((l) => l.trim().replace(/: secret #.*$/, '')));
    assert.deepEqual([...files].sort(), [join(kept, 'nested', 'blob.b64'), join(kept, 'stray.txt')], runResult.stderr);
    assert.ok(
      findingLines.some((l) => l.includes('stray.txt: secret #1 (raw)')),
      runResult.stderr,
    );
    assert.ok(
      findingLines.some((l) => l.includes('blob.b64: secret #1 (base64)')),
      runResult.stderr,
    );
    assert.ok(
      findingLines.some((l) => l.includes('blob.b64: secret #2 (base64)')),
      runResult.stderr,
    );
    assert.deepEqual(consoleLeaks(runResult, [PASSWORD, TOKEN]), []);
  });

  // Fails if: a secret variable named in OTA_SECRET_ENV but unset were silently ignored (the run
  // would go on with that secret unprotected).
  test('4. OTA_SECRET_ENV naming an unset variable: exit 2 before anything is sent', async () => {
    const runResult = await runConformance({
      args: ['--tags', '@req:EP-NO-DOCTYPE and @op:hotelavailability'],
      env: { OTA_SECRET_ENV: `${TOKEN_VAR}_UNSET` },
    });
    assert.equal(runResult.code, 2, describeRun(runResult));
    assert.match(runResult.stderr, new RegExp(`Could not run: OTA_SECRET_ENV names ${TOKEN_VAR}_UNSET, but ${TOKEN_VAR}_UNSET is not set`));
    assert.equal(existsSync(join(runResult.reportsDir, 'summary.json')), false);
  });
});
