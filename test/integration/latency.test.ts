// Reply time per operation in every output of a run: summary.json, the console, the conformance
// report (Markdown and HTML), JUnit properties; a budget of the test data exceeded is a note for
// information and changes no outcome.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance, tempDir } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';
import { BUDGET_NOTE } from '../../src/reporting/latency';

after(removeTempDirs);

test('reply time per operation in summary.json, the console, the reports and JUnit; a budget exceeded is information only', async () => {
  const data = JSON.parse(readFileSync(join(PROJECT_ROOT, 'sandbox/data/test-data.json'), 'utf8')) as Record<string, unknown>;
  // hotel availability answers after 50 ms (the sandbox's slow-reply, far below any time-out): a
  // budget of 20 ms that none of its replies meets, and one every descriptive reply meets
  data.latencyBudgetsMs = { hotelavailability: 20, hotelnbc: 600_000 };
  const file = join(tempDir(), 'test-data.json');
  writeFileSync(file, JSON.stringify(data));
  const runResult = await runConformance({
    args: ['--tags', '@op:hotelnbc or @op:hotelavailability'],
    env: { OTA_TEST_DATA: file, OTA_SANDBOX_FAULTS: 'slow-reply', SANDBOX_SLOW_MS: '50' },
  });
  assert.equal(runResult.code, 4, describeRun(runResult)); // a selection that passed: the budget changed nothing
  const res = JSON.parse(readFileSync(join(runResult.reportsDir, 'summary.json'), 'utf8')) as ConformanceResult;
  const nbc = res.latency?.find((l) => l.operation === 'hotelnbc');
  const hav = res.latency?.find((l) => l.operation === 'hotelavailability');
  assert.ok(nbc && hav, JSON.stringify(res.latency));
  assert.ok(nbc.replies.count > 0 && nbc.replies.count === nbc.samples.replies.length);
  assert.ok(nbc.replies.p50 <= nbc.replies.p95 && nbc.replies.p95 <= nbc.replies.max);
  assert.ok(hav.replies.count > 0 && hav.replies.p50 >= 50, JSON.stringify(hav.replies));
  assert.equal(hav.overBudget, hav.replies.count);
  assert.equal(nbc.overBudget, 0);
  assert.ok(
    res.notes.some((n) => n.startsWith(`${BUDGET_NOTE}hotelavailability:`)),
    res.notes.join('\n'),
  );
  assert.ok(!res.notes.some((n) => n.startsWith(`${BUDGET_NOTE}hotelnbc:`)));
  assert.ok(res.requirements.every((q) => q.outcome !== 'failed'));
  assert.match(runResult.stdout, /Reply time per operation \(ms\)\n.*\nhotelavailability\s+\d+/);
  assert.match(
    readFileSync(join(runResult.reportsDir, 'conformance-report.md'), 'utf8'),
    /## Reply time per operation[\s\S]*\| hotelnbc \| \d+ \|/,
  );
  assert.match(
    readFileSync(join(runResult.reportsDir, 'conformance-report.html'), 'utf8'),
    /<h2>Reply time per operation<\/h2>[\s\S]*<svg/,
  );
  assert.match(readFileSync(join(runResult.reportsDir, 'junit.xml'), 'utf8'), /<property name="latency\.hotelnbc\.p95" value="\d+"\/>/);
});
