// Issue 5, points 1 (bounds) and 3 (safe parsing), proven on whole runs of the real runner against
// a hostile gateway that answers the preflight GET normally and misbehaves on the POSTs.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OTA_NS, startHostileServer, type ModeName } from '../support/hostile-server';
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
      const r = await runConformance({
        args: ['--tags', '@req:EP-NO-DOCTYPE and (@op:hotelavailability or @op:activityavailability or @op:activitysearch or @op:hotelnbc)'],
        env: targetEnv(srv.url, { OTA_REQUEST_TIMEOUT_MS: '500', OTA_MAX_REPLY_BYTES: '65536' }),
      });
      assert.equal(r.timedOut, false, `the run hung\n${describeRun(r)}`);
      assert.equal(r.code, 1, describeRun(r));
      const s = requireSummary(r);
      // all four ran: a breach failed its scenario only (hotelnbc, served a plain reply, ran after them)
      assert.equal(s.scenarios.length, 4, describeRun(r));

      const hung = scenarioFor(s, 'hotelavailability');
      assert.equal(hung.status, 'failed');
      assert.match(hung.message ?? '', /EP-TIMELY/);
      assert.ok(hung.message?.includes(`hotelavailability: no complete reply from ${srv.url}/hotelavailability within requestTimeoutMs=500 ms`), hung.message);

      const huge = scenarioFor(s, 'activityavailability');
      assert.equal(huge.status, 'failed');
      assert.ok(huge.message?.includes(`activityavailability: reply from ${srv.url}/activityavailability is larger than maxReplyBytes=65536 bytes`), huge.message);

      const endless = scenarioFor(s, 'activitysearch');
      assert.equal(endless.status, 'failed');
      assert.ok(endless.message?.includes(`activitysearch: reply from ${srv.url}/activitysearch is larger than maxReplyBytes=65536 bytes`), endless.message);
      const read = Number(/reading stopped after (\d+) bytes/.exec(endless.message ?? '')?.[1]);
      assert.ok(read > 65536 && read < 65536 + 256 * 1024, `reading stopped near the limit, not at ${read}`);

      // the hung request was cut at its deadline, not left to cucumber's 60 s step timeout (generous:
      // four runs of the runner may share two cores)
      assert.ok(r.ms < 30_000, `run took ${r.ms} ms`);
      assert.ok(srv.requests.some((q) => q.method === 'POST' && opOf(q) === 'hotelnbc'), 'the run went on after the breaches');
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
      hotelavailability: 'doctype-internal-entities',
      activityavailability: 'billion-laughs',
      activitysearch: 'empty',
      hotelnbc: 'gzip-undeclared',
      bookcancel: 'external-entity',
      transferavailability: 'latin1-declared-utf8',
    };
    const srv = await startHostileServer({
      mode: 'per-request',
      choose: (req) => {
        if (req.method === 'GET') return 'valid';
        // bookread serves two scenarios: the envelope one (it carries an EchoToken) and RD-UNKNOWN
        if (opOf(req) === 'bookread') return /EchoToken=/.test(req.body) ? 'quadratic-blowup' : 'html-200';
        return byOp[opOf(req)] ?? 'valid';
      },
    });
    try {
      const r = await runConformance({
        // activitynbc and activitybook first look up an activity with activity availability
        args: ['--tags', '(@req:EP-NO-DOCTYPE and not @op:activitybook and not @op:activitynbc) or @req:RD-UNKNOWN'],
        env: targetEnv(srv.url),
        timeoutMs: 45_000,
      });
      assert.equal(r.timedOut, false, `the run hung\n${describeRun(r)}`);
      assert.equal(r.code, 1, describeRun(r));
      // ~5 s of runner start-up and eight scenarios; generous, as four runs may share two cores
      // (the quadratic blow-up reply alone used to cost ~6 s in evidence masking: see the last test)
      assert.ok(r.ms < 25_000, `a few seconds, not ${r.ms} ms`);
      const s = requireSummary(r);
      assert.equal(s.scenarios.length, 8, describeRun(r));
      for (const sc of s.scenarios) assert.equal(sc.status, 'failed', `${sc.name}: ${sc.message}`);
      const msg = (op: string, req = 'EP-NO-DOCTYPE') => {
        const sc = s.scenarios.filter((x) => x.ops.includes(op) && x.reqs.includes(req));
        assert.equal(sc.length, 1, `${op}/${req}`);
        return sc[0].message ?? '';
      };

      // a DOCTYPE is a finding of its own, and its entities were never expanded into the reply
      assert.match(msg('hotelavailability'), /EP-NO-DOCTYPE[^\n]*\n\s+at \/\n\s+expected: no DOCTYPE\n\s+found: +a DOCTYPE/);
      assert.match(msg('bookcancel'), /EP-NO-DOCTYPE/);
      // entity bombs fail fast as not well-formed (bounded amplification), never as a hang
      for (const op of ['activityavailability', 'bookread']) {
        assert.match(msg(op), /EP-WELL-FORMED[\s\S]*found: +the \w+ reply is not well-formed XML[^\n]*entity amplification/, op);
      }
      for (const op of ['hotelavailability', 'activityavailability', 'bookread', 'bookcancel'])
        assert.doesNotMatch(msg(op), /hello world|lollol|AAAAAAAAAA|root:x:0:/, `${op}: an entity was expanded`);
      // decoding problems: EP-WELL-FORMED with the reason
      assert.match(msg('activitysearch'), /EP-WELL-FORMED[\s\S]*found: +reply body is empty/);
      assert.match(msg('hotelnbc'), /EP-WELL-FORMED[\s\S]*found: +[^\n]*gzip/i);
      assert.match(msg('transferavailability'), /EP-WELL-FORMED[\s\S]*found: +reply declares utf-8[^\n]*not valid UTF-8[^\n]*ISO-8859-1/);
      assert.match(msg('bookread', 'RD-UNKNOWN'), /found: +reply is an HTML page, not XML/);
      // no external entity was fetched: only the preflight GET and the POSTs reached the server
      assert.deepEqual(srv.requests.filter((q) => q.method !== 'POST').map((q) => `${q.method} ${q.path}`), ['GET /']);
    } finally {
      await srv.close();
    }
  });

  // A reply is masked (Redactor.maskXml) before it is attached as evidence; the World masks at most
  // its first 200,000 characters. ATTR_RE in src/safety/redaction.ts used to start with
  // `((?:[\w.-]+:)?MessagePassword`: from every position of a long run of name characters the
  // optional prefix scanned to the end of the run and backtracked, so masking was quadratic
  // (measured: 25 KB 1.8 s, 50 KB 5.2 s, 100 KB 20.5 s; the 200,000 characters kept ~80 s) and
  // synchronous, so neither the request deadline nor cucumber's step timeout could cut it: every
  // scenario against such a gateway stalled for over a minute. Fixed by anchoring the prefix at
  // a name boundary, `(?<![\w.-])`. Fails if that anchor is removed: the run is killed at 20 s.
  test('1. a reply with a long run of word characters cannot stall the run (evidence masking stays linear)', async () => {
    const srv = await startHostileServer({
      mode: 'per-request',
      choose: (req) =>
        req.method === 'GET'
          ? 'valid'
          : { mode: 'status', status: 200, body: `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_HotelAvailRS xmlns="${OTA_NS}" Version="2008.1"><Success/><Warnings><Warning>${'A'.repeat(300_000)}</Warning></Warnings></OTA_HotelAvailRS>\n` },
    });
    try {
      const r = await runConformance({
        args: ['--tags', '@req:EP-NO-DOCTYPE and @op:hotelavailability'],
        env: targetEnv(srv.url),
        timeoutMs: 20_000, // linear masking takes milliseconds for this reply; quadratic took ~80 s
      });
      assert.equal(r.timedOut, false, `the run was still busy after 20 s (killed)\n${describeRun(r)}`);
      assert.equal(r.code, 1, describeRun(r)); // the reply has no EchoToken
    } finally {
      await srv.close();
    }
  });
});
