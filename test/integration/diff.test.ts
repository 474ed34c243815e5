// npm run diff: two runs of the sandbox, one with a fault that searches every place: the
// requirement whose outcome differs, the findings only one run has, the reply times of both, in
// Markdown and self-contained HTML; exit 1. A run against itself: exit 0. Bad input: one line, exit 2.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance, tempDir } from './helpers';

after(removeTempDirs);

function diff(args: string[]) {
  const spawned = spawnSync(process.execPath, ['scripts/launch.js', 'diff', ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: spawned.status, out: `${spawned.stdout}${spawned.stderr}` };
}

test('npm run diff: what differs between a conformant run and a broken one, and nothing between a run and itself', async () => {
  const tags = ['--tags', '@op:hotelavailability'];
  const good = await runConformance({ args: tags });
  const bad = await runConformance({ args: tags, env: { OTA_SANDBOX_FAULTS: 'hotel-ignores-place' } });
  assert.equal(good.code, 4, describeRun(good));
  assert.equal(bad.code, 1, describeRun(bad));
  const out = tempDir();
  const d = diff(['--out', out, good.reportsDir, bad.reportsDir]);
  assert.equal(d.code, 1, d.out);
  assert.match(
    d.out,
    /^The runs differ: verdict SELECTION PASSED \/ DOES NOT CONFORM; \d+ requirement outcome\(s\) differ; 0 finding\(s\) only in A, [1-9]\d* only in B\./,
  );
  const md = readFileSync(join(out, 'diff.md'), 'utf8');
  assert.match(md, /\| HAV-PLACE \| MUST \| passed \| failed \|/);
  assert.match(md, /## Findings only in B \([1-9]\d*\)\n\n\| requirement \|[^\n]*\n\|[^\n]*\n\| HAV-PLACE \|/);
  assert.match(md, /\| hotelavailability \| \d+ \| \d+ \| \d+ \| \d+ \| [+-]?\d+ \|/);
  const html = readFileSync(join(out, 'diff.html'), 'utf8');
  assert.match(html, /<p class="differs">The runs differ\.<\/p>/);
  assert.doesNotMatch(html, /<(script|link)[^>]*(src|href)=/i, 'self-contained');

  const same = diff(['--out', tempDir(), good.reportsDir, good.reportsDir]);
  assert.equal(same.code, 0, same.out);
  assert.match(same.out, /^Nothing differs/);
});

test('npm run diff: a missing folder, a broken summary or a wrong number of folders is one line and exit 2', () => {
  const dir = tempDir();
  const broken = join(dir, 'broken');
  mkdirSync(broken);
  writeFileSync(join(broken, 'summary.json'), '{"verdict": ');
  const odd = join(dir, 'odd');
  mkdirSync(odd);
  writeFileSync(
    join(odd, 'summary.json'),
    '{"verdict":"CONFORMS","target":{"url":"x"},"requirements":[{"id":"X","level":"MUST","outcome":"passed"}]}',
  );
  const noTarget = join(dir, 'no-target');
  mkdirSync(noTarget);
  writeFileSync(join(noTarget, 'summary.json'), '{"verdict":"CONFORMS","requirements":[]}');
  for (const [args, says] of [
    [[join(dir, 'nope'), join(dir, 'nope')], /^Could not diff: reports folder .*nope does not exist/],
    [[broken, broken], /^Could not diff: .*summary\.json: cannot be read as JSON/],
    [[broken], /^Could not diff: two reports folders are needed \(A, then B\), not 1/],
    // review: a summary whose requirement has no findings, or without a target, was a TypeError and its stack
    [[odd, odd], /^Could not diff: .*summary\.json: not the summary of a conformance run/],
    [[noTarget, noTarget], /^Could not diff: .*summary\.json: not the summary of a conformance run/],
  ] as const) {
    const r = diff([...args]);
    assert.equal(r.code, 2, r.out);
    assert.match(r.out, says);
    assert.equal(r.out.trim().split('\n').length, 1, r.out);
  }
});
