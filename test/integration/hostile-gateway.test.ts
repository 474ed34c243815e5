// Attacking the suite at run level against hostile gateways: a
// tiny reply with a long prolog is read (it once froze the run at 100% CPU); a gateway that never
// answers ends the run at OTA_RUN_DEADLINE_MS (cucumber's workers killed too) or, sooner, after
// OTA_MAX_CONSECUTIVE_FAILURES transport failures in a row; a precondition that failed because
// the gateway could not be reached says so with the transport error.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import {
  OTA_NS,
  replyRootFor,
  startHostileServer,
  type CapturedRequest,
  type ModeName,
  type SimpleModeSpec,
  isRunnersOwn,
} from '../support/hostile-server';
import { describeRun, removeTempDirs, requireSummary, runConformance, startConformance, targetEnv } from './helpers';

after(removeTempDirs);

/** The runner's probe of every operation (src/run/runner.ts everyOperationMissing) is answered. */
const isProbe = isRunnersOwn;
/** GET (preflight) and the probes answer; every real request gets `then`. */
const answerOnlyPreflight = (then: ModeName | SimpleModeSpec) => ({
  mode: 'per-request' as const,
  choose: (req: CapturedRequest): ModeName | SimpleModeSpec => (req.method === 'GET' || isProbe(req) ? 'valid' : then),
});
const realRequests = (reqs: CapturedRequest[]) => reqs.filter((q) => q.method === 'POST' && !isProbe(q));

/** 45 processing instructions and 45 comments before the root: valid XML, and no DOCTYPE. */
export function longPrologReply(root: string, items = 45): string {
  const prolog = Array.from({ length: items }, (_, i) => `<?pi-${i} some data ${i}?>\n<!-- comment ${i} -->\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${prolog}<${root} xmlns="${OTA_NS}" Version="2008.1" TimeStamp="2030-01-01T00:00:00Z"><Success/></${root}>\n`;
}

/** Processes (on this machine) whose environment carries this run id: the run's own and its workers. */
function processesOfRun(runId: string): number[] {
  if (!existsSync('/proc')) return [];
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(`OTA_RUN_ID=${runId}`)) pids.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

describe('run level: hostile gateways', { concurrency: true }, () => {
  // Item 1. Fails if: a gateway's prolog were scanned with a backtracking pattern (the old DOCTYPE
  // regex took 52 s at 28 items, and about 2^45 steps here: the run is killed by the timeout).
  test('1. a reply with 45 processing instructions and 45 comments before its root: the run finishes and the reply is read', async () => {
    const srv = await startHostileServer((req, res) => {
      const body = req.method === 'GET' ? 'ok' : longPrologReply(replyRootFor(req.body));
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
      res.end(body);
    });
    try {
      const runResult = await runConformance({
        args: ['--tags', '@req:EP-NO-DOCTYPE and @op:hotelavailability'],
        env: targetEnv(srv.url),
        timeoutMs: 60_000,
      });
      assert.equal(runResult.timedOut, false, `the run hung on the prolog\n${describeRun(runResult)}`);
      const runSummaryFile = requireSummary(runResult);
      assert.equal(runSummaryFile.scenarios.length, 1, describeRun(runResult));
      assert.equal(runSummaryFile.scenarios[0].status, 'passed', `the reply was read, and has no DOCTYPE: ${describeRun(runResult)}`);
      assert.ok(realRequests(srv.requests).length >= 1);
    } finally {
      await srv.close();
    }
  });

  // Item 11, the run's bound. Fails if: there were no overall deadline (each request would wait
  // its 120 s timeout: the test kills the run at 100 s), or the watchdog left a process of the run
  // running (they keep the run's id in their environment), or scenarios in --parallel lanes held it.
  test('11. a gateway that never answers: the run stops at OTA_RUN_DEADLINE_MS with exit 2, its parallel lanes with it', async () => {
    const srv = await startHostileServer(answerOnlyPreflight('hang'));
    const runId = `DEADLINE${Date.now().toString(36).toUpperCase()}`;
    try {
      const run = startConformance({
        args: ['--tags', '@op:hotelavailability', '--parallel', '2'],
        env: targetEnv(srv.url, { OTA_RUN_ID: runId, OTA_REQUEST_TIMEOUT_MS: '120000', OTA_RUN_DEADLINE_MS: '30000' }),
        timeoutMs: 110_000,
      });
      // not vacuous: the run's process was there (it carries its id)
      let most = 0;
      const poll = setInterval(() => (most = Math.max(most, processesOfRun(runId).length)), 250);
      const runResult = await run.done.finally(() => clearInterval(poll));
      assert.equal(runResult.timedOut, false, `no deadline: ${describeRun(runResult)}`);
      assert.equal(runResult.code, 2, describeRun(runResult));
      assert.match(
        runResult.stderr,
        /Could not run: the run did not finish within OTA_RUN_DEADLINE_MS=30000 ms \(0\.50 min\) and was stopped/,
      );
      assert.ok(runResult.ms < 90_000, `stopped at the deadline, not later: ${runResult.ms} ms`);
      if (existsSync('/proc')) assert.ok(most >= 1, `the run was running when the deadline came (${most} process(es) of the run seen)`);
      await new Promise((res) => setTimeout(res, 1000));
      assert.deepEqual(processesOfRun(runId), [], 'no process of the run survives it');
    } finally {
      await srv.close();
    }
  });

  // Item 11, the dead gateway. Fails if: every request waited for its own timeout (exit 1 or 4
  // after one hanging request per scenario, instead of exit 2 after the third).
  test('11. a gateway that stopped answering: after OTA_MAX_CONSECUTIVE_FAILURES failures the run ends with exit 2 and says so', async () => {
    const srv = await startHostileServer(answerOnlyPreflight('hang'));
    try {
      const runResult = await runConformance({
        args: ['--tags', '@op:hotelavailability'],
        env: targetEnv(srv.url, { OTA_REQUEST_TIMEOUT_MS: '2000', OTA_MAX_CONSECUTIVE_FAILURES: '3' }),
        timeoutMs: 90_000,
      });
      assert.equal(runResult.timedOut, false, describeRun(runResult));
      assert.equal(runResult.code, 2, describeRun(runResult));
      assert.match(
        runResult.stdout + runResult.stderr,
        /the gateway stopped answering after 3 consecutive transport failures \(OTA_MAX_CONSECUTIVE_FAILURES=3\)/,
      );
      const runSummaryFile = requireSummary(runResult);
      assert.ok(runSummaryFile.scenarios.length > 5, 'many scenarios were selected');
      assert.equal(realRequests(srv.requests).length, 3, 'the requests after the third failure were not sent');
      assert.ok(
        runSummaryFile.scenarios.every((x) => x.status !== 'failed'),
        "no scenario failed the gateway for the suite's giving up",
      );
    } finally {
      await srv.close();
    }
  });

  // Item 13. A precondition that fails because the gateway could not be reached says so.
  test('13. a booking scenario whose activity search gets no reply says the gateway could not be reached, and why', async () => {
    const srv = await startHostileServer(answerOnlyPreflight('reset'));
    try {
      const runResult = await runConformance({ args: ['--tags', '@req:RD-RETURNS-BOOKING and @req:RD-DETAILS'], env: targetEnv(srv.url) });
      assert.equal(runResult.timedOut, false, describeRun(runResult));
      const [scenario] = requireSummary(runResult).scenarios;
      assert.notEqual(scenario.status, 'failed', 'cannot tell, not a nonconformance');
      assert.match(
        scenario.message ?? '',
        /precondition not met: .*(no HTTP reply|could not be reached).*closed or reset before a complete reply/,
        scenario.message,
      );
    } finally {
      await srv.close();
    }
  });
});
