// A sharded run gives the same verdict and requirement outcomes as an unsharded one, once its
// shards are merged (npm run merge); a shard alone is a selection, not a verdict. The merge cannot
// mislead: it writes into a new or empty folder only, refuses the shards of
// different runs naming what differs, and keeps the selection.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance, tempDir } from './helpers';
import type { ConformanceResult } from '../../src/reporting/result';

after(removeTempDirs);

const summary = (dir: string) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as ConformanceResult;
const outcomes = (r: ConformanceResult) => Object.fromEntries(r.requirements.map((q) => [q.id, q.outcome]));

const merge = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/launch.js', 'merge', ...args], { cwd: PROJECT_ROOT, encoding: 'utf8' });
/** A new folder's path (not created). */
const newFolder = () => join(tempDir(), 'merged');
/** A shard of a run of group `group` (OTA_RUN_GROUP), with more arguments and environment. */
const shardRun = (shard: string, group: string, args: string[] = [], env: Record<string, string> = {}) =>
  runConformance({ args: ['--shard', shard, ...args], env: { OTA_RUN_GROUP: group, ...env }, timeoutMs: 240_000 });

test('two shards merged give the verdict and outcomes of the whole run', async () => {
  const whole = await runConformance({ timeoutMs: 240_000 });
  assert.equal(whole.code, 0, describeRun(whole));
  const shard1 = await shardRun('1/2', 'g-whole');
  const shard2 = await shardRun('2/2', 'g-whole');
  assert.equal(shard1.code, 4, `a shard alone is a selection: ${describeRun(shard1)}`);
  assert.match(shard1.stdout, /not a conformance verdict/);
  assert.equal(summary(shard1.reportsDir).runGroup, 'g-whole');
  const out = newFolder();
  const merged = merge('--out', out, shard1.reportsDir, shard2.reportsDir);
  assert.equal(merged.status, 0, merged.stdout + merged.stderr);
  const conformanceResult = summary(out);
  const w = summary(whole.reportsDir);
  assert.equal(conformanceResult.verdict, w.verdict);
  assert.equal(conformanceResult.selection, undefined, 'every shard together: the whole run');
  assert.equal(conformanceResult.runGroup, 'g-whole');
  assert.equal(conformanceResult.scenarios.length, w.scenarios.length);
  assert.deepEqual(outcomes(conformanceResult), outcomes(w));
  // one verdict: no shard's own selection note ("its verdict is never a verdict on the whole profile")
  assert.doesNotMatch(merged.stdout, /never a verdict on the whole profile/, merged.stdout);
  assert.deepEqual(
    conformanceResult.notes.filter((n) => /^selection /.test(n)),
    [],
  );
  // Each shard's own evidence is kept (its stream, evidence view, reproducers), and the links lead into it.
  assert.deepEqual(readdirSync(join(out, 'shards')).sort(), ['1-of-2', '2-of-2']);
  for (const f of ['cucumber-messages.ndjson', 'evidence.html', 'reproducers']) assert.ok(existsSync(join(out, 'shards', '1-of-2', f)), f);
  assert.ok(!existsSync(join(out, 'evidence.html')), 'no evidence of another run beside the merged summary');
  const md = readFileSync(join(out, 'conformance-report.md'), 'utf8');
  assert.match(md, /\]\(shards\/[12]-of-2\/evidence\.html#[a-z0-9-]+\)/);
  const linked = [...md.matchAll(/\]\((shards\/[12]-of-2\/evidence\.html)#([a-z0-9-]+)\)/g)];
  for (const [, file, anchor] of linked.slice(0, 20))
    assert.ok(readFileSync(join(out, file), 'utf8').includes(`id="${anchor}"`), `${file}#${anchor} lands on its section`);
  // npm run report builds one Allure report from every shard's stream, and each shard's cucumber report
  const report = spawnSync(process.execPath, ['scripts/launch.js', 'report'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, OTA_REPORTS_DIR: out, OTA_LEDGER_FILE: join(tempDir(), 'ledger.jsonl') },
  });
  assert.equal(report.status, 0, report.stdout + report.stderr);
  const allure = JSON.parse(readFileSync(join(out, 'allure-report', 'summary.json'), 'utf8')) as { stats: { total: number } };
  assert.equal(allure.stats.total, conformanceResult.requirements.length + 1, "one Allure test per requirement, and the run's verdict");
  for (const key of ['1-of-2', '2-of-2']) assert.ok(existsSync(join(out, 'shards', key, 'cucumber-report.html')), key);
});

// Fails if: the selection were lost in the merge (before: the merge of the shards of a --tags run
// was "merged selection (1/2, 2/2)", without its tags), or merging a shard twice were accepted.
test('the shards of a --tags run merged keep the selection; one shard of two is still a part of it', async () => {
  const tags = ['--tags', '@op:hotelnbc'];
  const [s1, s2] = [await shardRun('1/2', 'g-tags', tags), await shardRun('2/2', 'g-tags', tags)];
  const out = newFolder();
  const both = merge('--out', out, s1.reportsDir, s2.reportsDir);
  assert.equal(both.status, 4, both.stdout + both.stderr);
  const conformanceResult = summary(out);
  assert.deepEqual(conformanceResult.selection, { text: '--tags "@op:hotelnbc"', tags: '@op:hotelnbc' });
  assert.equal(conformanceResult.verdict, 'SELECTION PASSED');
  assert.match(both.stdout, /^Selection: --tags "@op:hotelnbc" \(not a verdict on the whole profile/m);
  const one = newFolder();
  assert.equal(merge('--out', one, s1.reportsDir).status, 4);
  assert.deepEqual(summary(one).selection?.shards, ['1/2']);
  const twice = merge('--out', newFolder(), s1.reportsDir, s1.reportsDir);
  assert.equal(twice.status, 2, twice.stdout + twice.stderr);
  assert.match(twice.stderr, /is named twice/);
});

/** One line on stderr, exit 2, and nothing written at `out`. */
function refused(spawned: ReturnType<typeof merge>, out: string, why: RegExp): void {
  assert.equal(spawned.status, 2, spawned.stdout + spawned.stderr);
  assert.equal(spawned.stderr.trim().split('\n').length, 1, spawned.stderr);
  assert.match(spawned.stderr, why);
  assert.equal(spawned.stdout.trim(), '', 'no summary printed');
  assert.ok(!existsSync(out), `nothing written at ${out}`);
}

// Fails if: a clean shard merged with a faulted one, or shards of two run groups, gave a verdict
// (before: CONFORMS, exit 0, no warning); or merge wrote over a run or into a file.
test('shards of different runs are refused naming the field; --out a file or a run: one line, exit 2, nothing touched', async () => {
  const tags = ['--tags', '@req:HAV-MAXRESPONSES or @op:hotelnbc'];
  const clean = await shardRun('1/2', 'g-a', tags);
  const faulted = await shardRun('2/2', 'g-a', tags, { OTA_SANDBOX_FAULTS: 'ignores-maxresponses' });
  const otherGroup = await shardRun('2/2', 'g-b', tags);
  const out = newFolder();
  refused(
    merge('--out', out, clean.reportsDir, faulted.reportsDir),
    out,
    /^Could not merge: cannot merge runs that differ in sandbox faults: "\(none\)" .* and "ignores-maxresponses"/,
  );
  refused(
    merge('--out', out, clean.reportsDir, otherGroup.reportsDir),
    out,
    /^Could not merge: cannot merge runs that differ in run group \(OTA_RUN_GROUP\): "g-a" .* and "g-b"/,
  );
  // --out a file: the file is left as it was.
  const file = join(tempDir(), 'merged.txt');
  writeFileSync(file, 'mine');
  const intoFile = merge('--out', file, clean.reportsDir);
  assert.equal(intoFile.status, 2, intoFile.stderr);
  assert.match(intoFile.stderr.trim(), /^Could not merge: --out \S+ is a file, not a folder/);
  assert.equal(readFileSync(file, 'utf8'), 'mine');
  // --out the reports of a run: refused, and that run's reports are untouched.
  const before = readFileSync(join(otherGroup.reportsDir, 'summary.json'), 'utf8');
  const overRun = merge('--out', otherGroup.reportsDir, clean.reportsDir);
  assert.equal(overRun.status, 2, overRun.stderr);
  assert.match(
    overRun.stderr.trim(),
    /^Could not merge: --out \S+ is not empty \(.*\): merge writes into a new or empty folder only, never over a run \(name one with --out\)$/,
  );
  assert.equal(readFileSync(join(otherGroup.reportsDir, 'summary.json'), 'utf8'), before);
});
