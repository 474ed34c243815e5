// The verdict of a whole run, through the real runner against the embedded sandbox: each exit
// code and each outcome kind that a certifier relies on.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance, targetEnv, tempDir, type RunResult } from './helpers';
import { startHostileServer } from '../support/hostile-server';
import type { ConformanceResult } from '../../src/reporting/result';

after(removeTempDirs);

const RUN_MS = 120_000;

function result(runResult: RunResult): ConformanceResult {
  const file = join(runResult.reportsDir, 'summary.json');
  assert.ok(existsSync(file), `no summary.json: ${describeRun(runResult)}`);
  return JSON.parse(readFileSync(file, 'utf8')) as ConformanceResult;
}
const outcome = (res: ConformanceResult, id: string) => res.requirements.find((q) => q.id === id)!;

test('a SHOULD finding alone: CONFORMS with warnings, exit 0', async () => {
  const runResult = await runConformance({ env: { OTA_SANDBOX_FAULTS: 'echotoken-dropped' }, timeoutMs: RUN_MS });
  assert.equal(runResult.code, 0, describeRun(runResult));
  assert.match(runResult.stdout, /CONFORMS with \d+ warning/);
  const res = result(runResult);
  assert.equal(outcome(res, 'EP-ECHOTOKEN').outcome, 'failed');
  assert.ok(res.warnings >= 1);
  assert.ok(existsSync(join(runResult.reportsDir, 'conformance-report.html')), 'the conformance report is written');
});

test('--strict makes the same SHOULD finding exit 1', async () => {
  const runResult = await runConformance({
    args: ['--strict', '--tags', '@req:EP-ECHOTOKEN'],
    env: { OTA_SANDBOX_FAULTS: 'echotoken-dropped' },
    timeoutMs: RUN_MS,
  });
  assert.equal(runResult.code, 1, describeRun(runResult));
});

// Fails if: --strict let an INFO finding fail its scenarios or JUnit test cases
// (before: the AAV-DECIMALS scenarios failed and junit.xml counted failures under a CONFORMS verdict).
test('--strict with an INFO finding only: CONFORMS, exit 0, no scenario failed, no JUnit failure', async () => {
  const runResult = await runConformance({ args: ['--strict'], env: { OTA_SANDBOX_FAULTS: 'wrong-currency-decimal' }, timeoutMs: RUN_MS });
  assert.equal(runResult.code, 0, describeRun(runResult));
  const res = result(runResult);
  assert.equal(res.verdict, 'CONFORMS');
  const requirementResult = outcome(res, 'AAV-DECIMALS');
  assert.equal(requirementResult.level, 'INFO');
  assert.equal(requirementResult.outcome, 'failed', 'the INFO finding is reported');
  const cited = res.scenarios.filter((s) => s.reqs.includes('AAV-DECIMALS'));
  assert.ok(cited.length > 0);
  assert.deepEqual(
    res.scenarios.filter((s) => s.status === 'failed').map((s) => s.name),
    [],
    'no scenario fails on an INFO finding',
  );
  const junit = readFileSync(join(runResult.reportsDir, 'junit.xml'), 'utf8');
  assert.match(junit, /<testsuites [^>]*failures="0" errors="0"/);
});

test('a MUST finding: DOES NOT CONFORM, exit 1', async () => {
  const runResult = await runConformance({ env: { OTA_SANDBOX_FAULTS: 'ignores-maxresponses' }, timeoutMs: RUN_MS });
  assert.equal(runResult.code, 1, describeRun(runResult));
  assert.equal(outcome(result(runResult), 'HAV-MAXRESPONSES').outcome, 'failed');
  assert.match(runResult.stdout, /DOES NOT CONFORM/);
});

test('a failed precondition gives cantTell with its reason, not a failure', async () => {
  const dir = tempDir();
  const data = JSON.parse(readFileSync(join(PROJECT_ROOT, 'sandbox/data/test-data.json'), 'utf8'));
  // Known codes, nothing to book together: the Mallorca product at the Algarve's hotels. (Unknown
  // codes are the user's slip: exit 2 before any scenario, test/integration/test-data-codes.test.ts.)
  data.activities.hotelCodes = ['FAOVIL01', 'FAOALB02'];
  const file = join(dir, 'test-data.json');
  writeFileSync(file, JSON.stringify(data));
  const runResult = await runConformance({ args: ['--tags', '@op:activitybook'], env: { OTA_TEST_DATA: file }, timeoutMs: RUN_MS });
  assert.equal(runResult.code, 4, describeRun(runResult));
  const requirementResult = outcome(result(runResult), 'BKG-QUOTE');
  assert.equal(requirementResult.outcome, 'cantTell', JSON.stringify(requirementResult));
  assert.match(requirementResult.reason ?? '', /precondition/);
});

test("a ConfigError inside a scenario (a missing request sample) is the suite's trouble: exit 2", async () => {
  const samples = tempDir();
  for (const f of readdirSync(join(PROJECT_ROOT, 'xml-samples')))
    // (a sample the preflight sends too would stop the run there, before any scenario)
    if (f !== 'activitynbc.xml') copyFileSync(join(PROJECT_ROOT, 'xml-samples', f), join(samples, f));
  const runResult = await runConformance({ args: ['--tags', '@op:activitynbc'], env: { OTA_SAMPLES_DIR: samples }, timeoutMs: RUN_MS });
  assert.equal(runResult.code, 2, describeRun(runResult));
  assert.equal(result(runResult).verdict, 'COULD NOT RUN');
  assert.match(runResult.stdout + runResult.stderr, /activitynbc/);
});

test("an undefined step is the suite's trouble: exit 2", async () => {
  const dir = tempDir();
  const feature = join(dir, 'undefined.feature');
  writeFileSync(
    feature,
    'Feature: x\n  @op:hotelavailability @req:HAV-SUCCESS\n  Scenario: a step nobody defined\n    Given a step that no definition matches\n',
  );
  const runResult = await runConformance({ args: [feature], timeoutMs: RUN_MS });
  assert.equal(runResult.code, 2, describeRun(runResult));
});

test('a --tags run: "selection passed; not a conformance verdict", exit 4', async () => {
  const runResult = await runConformance({ args: ['--tags', '@req:HAV-MAXRESPONSES'], timeoutMs: RUN_MS });
  assert.equal(runResult.code, 4, describeRun(runResult));
  assert.match(runResult.stdout, /selection passed; not a conformance verdict/);
  assert.equal(outcome(result(runResult), 'HAV-MAXRESPONSES').outcome, 'passed');
});

// Fails if: a selection gave a whole-profile verdict (before: under --strict, a
// --name selection that left out the failing scenarios gave CONFORMS, exit 0, "the whole profile
// (no --tags selection)"), or a class it did not run showed CONFORMS.
test('a --name selection under --strict: SELECTION PASSED, exit 4, recorded and named; the classes it did not run are NOT RUN', async () => {
  const runResult = await runConformance({
    args: ['--strict', '--name', 'No more hotels than MaxResponses'],
    timeoutMs: RUN_MS,
  });
  assert.equal(runResult.code, 4, describeRun(runResult));
  const res = result(runResult);
  assert.equal(res.verdict, 'SELECTION PASSED');
  assert.deepEqual(res.selection, { text: '--name "No more hotels than MaxResponses"', name: ['No more hotels than MaxResponses'] });
  const byClass = Object.fromEntries(res.classes.map((c) => [c.class, c.verdict]));
  assert.deepEqual(byClass, {
    core: 'SELECTION PASSED',
    booking: 'NOT RUN',
    'partial-cancellation': 'NOT RUN',
    security: 'SELECTION PASSED',
    alignment: 'NOT RUN',
  });
  assert.match(runResult.stdout, /^Selection: --name "No more hotels than MaxResponses" \(not a verdict on the whole profile/m);
  assert.match(runResult.stdout, /^SELECTION PASSED: selection passed; not a conformance verdict/m);
  assert.match(
    readFileSync(join(runResult.reportsDir, 'conformance-report.md'), 'utf8'),
    /--name "No more hotels than MaxResponses": a selection, not a verdict on the whole profile/,
  );
  assert.match(
    readFileSync(join(runResult.reportsDir, 'junit.xml'), 'utf8'),
    /<property name="selection" value="--name &quot;No more hotels than MaxResponses&quot;"\/>/,
  );
});

test('a dry run: NOT DETERMINED, exit 4, every claimed class NOT RUN; it sends nothing and touches no report', async () => {
  const gateway = await startHostileServer((_req, res) => {
    res.end('<x/>');
  });
  const reports = tempDir();
  writeFileSync(join(reports, 'summary.json'), '{"earlier": true}');
  mkdirSync(join(reports, 'diff'));
  try {
    const runResult = await runConformance({ args: ['--dry-run'], reportsDir: reports, env: targetEnv(gateway.url), timeoutMs: RUN_MS });
    assert.equal(runResult.code, 4, describeRun(runResult));
    assert.deepEqual(gateway.requests, [], 'nothing sent: no preflight, no code check, no clean-up');
    assert.deepEqual(readdirSync(reports).sort(), ['diff', 'summary.json'], 'no report written, none removed');
    assert.equal(readFileSync(join(reports, 'summary.json'), 'utf8'), '{"earlier": true}');
    assert.match(
      runResult.stdout,
      /NOT DETERMINED \(selection --dry-run\): the selection --dry-run checked no requirement \(a dry run sends nothing\)/,
    );
    assert.match(runResult.stdout, /Dry run: nothing was sent, and no report was written/);
    for (const c of ['core', 'booking']) assert.match(runResult.stdout, new RegExp(`^${c}\\s+yes\\s+NOT RUN`, 'm'), describeRun(runResult));
  } finally {
    await gateway.close();
  }
});

test('bad arguments are refused in one line before any earlier report is touched', async () => {
  const reports = tempDir();
  mkdirSync(join(reports, 'reproducers'));
  writeFileSync(join(reports, 'summary.json'), '{"earlier": true}');
  for (const args of [['--profile', 'nope'], ['--tags'], ['--tags', 'not ('], ['--claim', 'everything'], ['--frobnicate']]) {
    const runResult = await runConformance({ args, reportsDir: reports, timeoutMs: RUN_MS });
    assert.equal(runResult.code, 2, `${args.join(' ')}: ${describeRun(runResult)}`);
    assert.equal(runResult.stderr.trim().split('\n').length, 1, `${args.join(' ')}: one line, got:\n${runResult.stderr}`);
    assert.equal(readFileSync(join(reports, 'summary.json'), 'utf8'), '{"earlier": true}', `${args.join(' ')} touched the earlier report`);
  }
});
