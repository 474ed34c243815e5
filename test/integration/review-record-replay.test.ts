// Review of issue 18 (record, replay, diff): defects found by a hostile review, one test each.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningSandbox } from '../../sandbox/src';
import { startHostileServer } from '../support/hostile-server';
import { startTestSandbox } from './sandbox-booking';
import { describeRun, proxyTo, removeTempDirs, requireSummary, runConformance, targetEnv } from './helpers';

let sb: RunningSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb?.close();
  removeTempDirs();
});

// A real gateway (not the replay target) that sends the replay target's "miss" header must not turn
// a scenario into a suite error (hiding what the gateway did): the header means something only when
// replaying. A malformed value must not crash the step with a URIError either.
test("a gateway's reply carrying x-ota-conformance-replay-miss is judged as a reply, outside a replay", async () => {
  for (const value of ['nothing%20here', '%E0%A4%A']) {
    const srv = await startHostileServer(
      proxyTo(sb.baseUrl, undefined, (reply) => ({
        ...reply,
        headers: { ...reply.headers, 'x-ota-conformance-replay-miss': value },
      })),
    );
    try {
      const r = await runConformance({ args: ['--tags', '@req:HAV-DATES'], env: targetEnv(srv.url) });
      const s = requireSummary(r);
      assert.ok(
        s.scenarios.every((x) => x.status !== 'suiteError'),
        `a gateway's header made a suite error (${value}): ${describeRun(r)}`,
      );
      assert.doesNotMatch(r.stdout + r.stderr, /URIError|replay: /, describeRun(r));
    } finally {
      await srv.close();
    }
  }
});
