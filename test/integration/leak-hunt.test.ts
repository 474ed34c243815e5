// Attacking the suite: a leak hunt. A gateway echoes the password in
// every disguise (raw, XML-escaped, NCR decimal and hex, URL-encoded, base64 of the password and
// of user:password, split by white space and line breaks, JSON-escaped), in its body, in its
// headers and in its reason phrase; the run uses --parallel lanes (scenarios side by side, each
// printing through the runner's masked console). Then the console and EVERY file the run wrote are searched with a scanner that
// decodes those forms (and base64 windows): nothing may be found. And the after-run gate finds
// each disguise when one is planted in the reports folder.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MASK } from '../../src/safety/masking';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';
import { requestPasswordRaw, startHostileServer, type CapturedRequest, type SimpleModeSpec } from '../support/hostile-server';
import { disguises } from '../support/secret-forms';
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

// With the characters XML and URLs escape, so that every encoding differs from the raw form.
const PASSWORD = 'Zx9-Distinct!Pw&<42';
const USER = SANDBOX_CREDENTIALS.user;
const CARELESS = join(__dirname, '..', 'support', 'careless-print.js');

describe('run level: leak hunt', { concurrency: true }, () => {
  // Fails if: any of the disguises reached an artifact or the console: the Redactor missed a form
  // (NCR, split, base64 of user:password, a Basic header...), a worker printed unmasked, an error
  // quoting the reply reached a formatter unmasked, or the runner exited 3 on its own output.
  test('3-5. a gateway echoing the password in every form, everywhere: no form in the console or in any artifact', async () => {
    const srv = await startHostileServer({
      mode: 'per-request',
      choose: (req: CapturedRequest): SimpleModeSpec | 'valid' => {
        if (req.method === 'GET') return 'valid';
        // one operation gets a malformed body (the raw forms stand unescaped) and the raw reason phrase
        if (opOf(req) === 'activityavailability') return { mode: 'echo-everywhere', user: USER, wellFormed: false, reason: 'raw' };
        return {
          mode: 'echo-everywhere',
          user: USER,
          reason: opOf(req) === 'hotelavailability' ? 'NCR decimal' : 'base64 of user:password',
        };
      },
    });
    try {
      const runResult = await runConformance({
        args: ['--tags', '@req:SEC-NO-CREDENTIAL-ECHO or (@req:EP-NO-DOCTYPE and @op:hotelavailability)', '--parallel', '2'],
        // the run's process also prints the password carelessly as it ends
        env: targetEnv(srv.url, { OTA_PASSWORD: PASSWORD, NODE_OPTIONS: `--require ${CARELESS}` }),
      });
      assert.equal(runResult.timedOut, false, describeRun(runResult));
      assert.ok([1, 4].includes(runResult.code ?? -1), `judged (1 or 4); 3 would be a leak, 2 a crash\n${describeRun(runResult)}`);

      // the gateway really was given the password, and echoed it
      const posts = srv.requests.filter((q) => q.method === 'POST');
      assert.ok(posts.length >= 5 && posts.some((q) => requestPasswordRaw(q.body) === PASSWORD), 'the suite sent the password');
      const runSummaryFile = requireSummary(runResult);
      assert.ok(runSummaryFile.scenarios.length >= 5, describeRun(runResult));

      // the hunt: every file the run wrote, and its console
      assertArtifactsHoldNoSecret(runResult, [PASSWORD]);
      // not vacuous: the runner did print, masked
      const careless = `${runResult.stdout}\n${runResult.stderr}`.split('\n').filter((l) => l.startsWith('careless print at exit'));
      assert.ok(
        careless.some((l) => l.includes('(runner)')),
        `the runner printed:\n${careless.join('\n')}`,
      );
      assert.ok(
        careless.every((l) => l.includes(`: ${MASK} ${MASK} Basic ${MASK}`)),
        careless.join('\n'),
      );

      // not vacuous: the echoes reached the evidence, masked
      const atts = evidenceAttachments(runResult);
      const headers = atts.filter((a) => a.name.endsWith('-reply-headers.txt'));
      // (the user's part of the base64 may stay: it is not a secret)
      assert.ok(
        headers.some((a) => /www-authenticate: Basic realm="[A-Za-z0-9+/]*\*{8}"/.test(a.content)),
        'user:password in a header, masked',
      );
      assert.ok(
        headers.some((a) => /x-echo-\d+-ncr-hex: \*{8}/.test(a.content)),
        'NCR in a header, masked',
      );
      const bodies = atts.filter((a) => a.name.endsWith('-reply.xml'));
      assert.ok(
        bodies.some((a) => a.content.includes(`<Warning Type="3" ShortText="NCR decimal">${MASK}</Warning>`)),
        'NCR in the body, masked',
      );
      assert.ok(
        bodies.some((a) => a.content.includes(`<Warning Type="3" ShortText="split by a newline in XML text">${MASK}</Warning>`)),
        'split form masked',
      );
      // and the security contract saw the echo
      assert.match(JSON.stringify(runSummaryFile), /SEC-NO-CREDENTIAL-ECHO/);
    } finally {
      await srv.close();
    }
  });

  // Fails if: the after-run scan missed a disguise (the run would exit 0 with that file in the
  // reports), or named a value instead of a form.
  test('4. the gate: each disguise planted in the reports folder fails the run with exit 3, naming each file', async () => {
    const root = tempDir();
    const reportsDir = join(root, 'reports');
    // Planted where a run keeps what it finds (the history): files of earlier commands elsewhere in
    // the folder are moved aside before the run, so they would never reach the gate.
    mkdirSync(join(reportsDir, 'history', 'nested'), { recursive: true });
    const forms = disguises(PASSWORD, USER);
    forms.forEach(([, form], i) => writeFileSync(join(reportsDir, 'history', 'nested', `planted-${i}.txt`), `debug dump: ${form} end\n`));
    const runResult = await runConformance({
      reportsDir,
      args: ['--tags', '@req:EP-NO-DOCTYPE and @op:hotelavailability'],
      env: { OTA_PASSWORD: PASSWORD },
    });
    assert.equal(runResult.timedOut, false, describeRun(runResult));
    assert.equal(runResult.code, 3, describeRun(runResult));
    for (let i = 0; i < forms.length; i++)
      assert.ok(runResult.stderr.includes(`planted-${i}.txt: secret #1 (`), `${forms[i][0]} not detected:\n${runResult.stderr}`);
    assert.deepEqual(consoleLeaks(runResult, [PASSWORD]), []);
  });
});
