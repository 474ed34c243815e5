// Bounds and safe parsing, proven on whole runs of the real runner against
// a hostile gateway that answers the preflight GET normally and misbehaves on the POSTs.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isRunnersOwn, OTA_NS, startHostileServer, type ModeName } from '../support/hostile-server';
import { describeRun, opOf, removeTempDirs, requireSummary, runConformance, scenarioFor, targetEnv } from './helpers';

after(removeTempDirs);

describe('run level: bounds and safe parsing', { concurrency: true }, () => {
  // Fails if: the per-request deadline were removed (the hung POST would hold the run until the
  // child is killed: timedOut, no summary); the size limit were removed or not counted while
  // streaming (the 'huge' reply would be judged as XML, the 'endless' one would end on the timeout
  // and name requestTimeoutMs instead of maxReplyBytes); a breach stopped the run (later scenarios
  // missing from summary.json); or the message stopped naming operation, URL and limit.
  test('1. a hung reply and over-size replies fail their scenario naming operation, URL and limit; the run goes on', async () => {
    const srv = await startHostileServer({
      mode: 'per-request',
      choose: (req) => {
        if (req.method === 'GET') return 'valid'; // the preflight must pass
        switch (opOf(req)) {
          case 'hotelavailability':
            return 'hang';
          case 'activityavailability':
            return { mode: 'huge', bytes: 300_000 }; // Content-Length above the limit
          case 'activitysearch':
            return 'endless'; // chunked, never ends: only counting the bytes read stops it
          default:
            return 'valid';
        }
      },
    });
    try {
      const runResult = await runConformance({
        args: [
          '--tags',
          '@req:EP-NO-DOCTYPE and (@op:hotelavailability or @op:activityavailability or @op:activitysearch or @op:hotelnbc)',
        ],
        env: targetEnv(srv.url, { OTA_REQUEST_TIMEOUT_MS: '500', OTA_MAX_REPLY_BYTES: '65536' }),
      });
      assert.equal(runResult.timedOut, false, `the run hung\n${describeRun(runResult)}`);
      assert.ok([1, 4].includes(runResult.code ?? -1), describeRun(runResult)); // judged, not a crash (2)
      const runSummaryFile = requireSummary(runResult);
      // all four ran: a breach made its scenario "cannot tell" only (hotelnbc, served a plain reply, ran after them)
      assert.equal(runSummaryFile.scenarios.length, 4, describeRun(runResult));

      // no reply: the scenario cannot tell (a transport error is not a nonconformance), and says why
      const hung = scenarioFor(runSummaryFile, 'hotelavailability');
      assert.equal(hung.status, 'cantTell');
      assert.ok(
        hung.message?.includes(`hotelavailability: no complete reply from ${srv.url}/hotelavailability within requestTimeoutMs=500 ms`),
        hung.message,
      );
      assert.ok(hung.warnings?.includes('EP-TIMELY') || hung.reqs.includes('EP-TIMELY'), 'EP-TIMELY judged the timeout');

      const huge = scenarioFor(runSummaryFile, 'activityavailability');
      assert.equal(huge.status, 'cantTell');
      assert.ok(
        huge.message?.includes(`activityavailability: reply from ${srv.url}/activityavailability is larger than maxReplyBytes=65536 bytes`),
        huge.message,
      );

      const endless = scenarioFor(runSummaryFile, 'activitysearch');
      assert.equal(endless.status, 'cantTell');
      assert.ok(
        endless.message?.includes(`activitysearch: reply from ${srv.url}/activitysearch is larger than maxReplyBytes=65536 bytes`),
        endless.message,
      );
      const read = Number(/reading stopped after (\d+) bytes/.exec(endless.message ?? '')?.[1]);
      assert.ok(read > 65536 && read < 65536 + 256 * 1024, `reading stopped near the limit, not at ${read}`);

      // the hung request was cut at its deadline, not left to cucumber's 60 s step timeout (generous:
      // four runs of the runner may share two cores)
      assert.ok(runResult.ms < 30_000, `run took ${runResult.ms} ms`);
      assert.ok(
        srv.requests.some((q) => q.method === 'POST' && opOf(q) === 'hotelnbc'),
        'the run went on after the breaches',
      );
    } finally {
      await srv.close();
    }
  });

  // Fails if: DOCTYPEs were accepted silently (no EP-NO-DOCTYPE); entities were expanded (the
  // billion laughs / quadratic blow-up would exhaust time or memory, or their text would show up in
  // the messages); an external entity were fetched (it names a file and a URL on port 9: the
  // server below would see a non-POST request, or the parse would fail on the network instead of
  // with a clear finding); or a decoding problem (HTML, empty, undeclared gzip, ISO-8859-1 declared
  // as UTF-8) were reported without its reason.
  test('3. DOCTYPE, entity bombs, external entities, HTML, empty, undeclared gzip, latin1-as-UTF-8: clear findings, fast', async () => {
    const byOp: Record<string, ModeName> = {
      hotelavailability: 'quadratic-blowup',
      activityavailability: 'billion-laughs',
      activitysearch: 'empty',
      hotelnbc: 'gzip-undeclared',
      transferavailability: 'latin1-declared-utf8',
      bookread: 'html-200',
      bookcancel: 'external-entity',
    };
    const srv = await startHostileServer({
      mode: 'per-request',
      choose: (req) => (req.method === 'GET' || isRunnersOwn(req) ? 'valid' : (byOp[opOf(req)] ?? 'valid')),
    });
    try {
      const runResult = await runConformance({
        // envelope scenarios of the operations that need no booking, and the refusals of an unknown reference
        args: [
          '--tags',
          '(@req:EP-NO-DOCTYPE and not @op:activitybook and not @op:activitynbc and not @creates-booking) or @req:RD-UNKNOWN or @req:CXL-UNKNOWN',
        ],
        env: targetEnv(srv.url),
        timeoutMs: 60_000,
      });
      assert.equal(runResult.timedOut, false, `the run hung\n${describeRun(runResult)}`);
      assert.equal(runResult.code, 1, describeRun(runResult));
      // runner start-up and seven scenarios; generous, as several runs may share the cores (the
      // quadratic blow-up reply alone used to cost ~6 s in evidence masking: see the last test)
      assert.ok(runResult.ms < 45_000, `a few seconds, not ${runResult.ms} ms`);
      const s = requireSummary(runResult) as unknown as {
        scenarios: unknown[];
        requirements: Array<{ id: string; findings?: Array<{ found: string; scenario: string }> }>;
      };
      assert.equal(s.scenarios.length, 7, describeRun(runResult));
      /** What the checks of one operation's scenario found, all requirements together. */
      const found = (opScenario: RegExp) =>
        s.requirements
          .flatMap((q) => (q.findings ?? []).filter((f) => opScenario.test(f.scenario)).map((f) => `${q.id}: ${f.found}`))
          .join('\n');

      // a DOCTYPE is a finding of its own; entity bombs fail fast as not well-formed (bounded
      // amplification), never as a hang, and no entity was ever expanded
      assert.match(found(/hotel availability reply/), /EP-NO-DOCTYPE: a DOCTYPE/);
      for (const op of [/hotel availability reply/, /activity availability reply/])
        assert.match(found(op), /not well-formed XML[^\n]*entity amplification/, String(op));
      assert.doesNotMatch(found(/./), /hello world|lollol|AAAAAAAAAA|root:x:0:/, 'an entity was expanded');
      // an HTML page is not a refusal; an external entity's reply is no refusal either (and was not fetched: below)
      assert.match(found(/booking reference that does not exist is refused|read of a booking reference/), /RD-UNKNOWN: text\/html/);
      assert.match(found(/cancel/i), /CXL-UNKNOWN: served: OTA_HotelAvailRS/); // parsed with its entities left unexpanded
      // decoding problems, with the reason
      assert.match(found(/activity search reply/), /reply body is empty/);
      assert.match(found(/hotel descriptive data reply/), /gzip/i);
      assert.match(found(/transfer availability reply/), /reply declares utf-8[^\n]*not valid UTF-8[^\n]*ISO-8859-1/);
      // no external entity was fetched: only the preflight GET and the POSTs reached the server
      assert.deepEqual(
        srv.requests.filter((q) => q.method !== 'POST').map((q) => `${q.method} ${q.path}`),
        ['GET /'],
      );
    } finally {
      await srv.close();
    }
  });

  // A reply is masked (Redactor.maskXml) before it is attached as evidence; the World masks at most
  // its first 200,000 characters. ATTR_RE in src/safety/masking.ts (then redaction.ts) used to start with
  // `((?:[\w.-]+:)?MessagePassword`: from every position of a long run of name characters the
  // optional prefix scanned to the end of the run and backtracked, so masking was quadratic
  // (measured: 25 KB 1.8 s, 50 KB 5.2 s, 100 KB 20.5 s; the 200,000 characters kept ~80 s) and
  // synchronous, so neither the request deadline nor cucumber's step timeout could cut it: every
  // scenario against such a gateway stalled for over a minute. Fixed by anchoring the prefix at
  // a name boundary, `(?<![\w.-])`. Fails if that anchor is removed: the run is killed at 40 s.
  test('1. a reply with a long run of word characters cannot stall the run (evidence masking stays linear)', async () => {
    const srv = await startHostileServer({
      mode: 'per-request',
      choose: (req) =>
        req.method === 'GET'
          ? 'valid'
          : {
              mode: 'status',
              status: 200,
              body: `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_HotelAvailRS xmlns="${OTA_NS}" Version="2008.1"><Success/><Warnings><Warning>${'A'.repeat(300_000)}</Warning></Warnings></OTA_HotelAvailRS>\n`,
            },
    });
    try {
      const runResult = await runConformance({
        args: ['--tags', '@req:EP-NO-DOCTYPE and @op:hotelavailability'],
        env: targetEnv(srv.url),
        timeoutMs: 40_000, // linear masking takes milliseconds for this reply; quadratic took ~80 s
      });
      assert.equal(runResult.timedOut, false, `the run was still busy after 40 s (killed)\n${describeRun(runResult)}`);
      assert.ok([1, 4].includes(runResult.code ?? -1), describeRun(runResult)); // judged (the reply has no EchoToken: a SHOULD)
    } finally {
      await srv.close();
    }
  });
});
