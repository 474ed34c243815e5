// The README's quick start works on a fresh clone with nothing beside it. The tracked
// files of this checkout are copied into an empty temporary folder (so no ../shared lies beside
// them), the commands between the README's quick-start markers are read, and the main job runs as
// a new user would run it: `npm run conformance`, which must say CONFORMS with the alignment class
// judged against the schemas the project ships. `npm ci` is stood in for by a link to this
// checkout's node_modules: the test is about what the repository holds, and a second install would
// cost minutes and the registry (CI's own `npm ci` on a clean clone proves the install).
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv, copyCheckout, PROJECT_ROOT, removeTempDirs, tempDir } from './helpers';

after(removeTempDirs);

/** The shell commands of the README's quick start, comments dropped. */
export function quickStartCommands(readme: string): string[] {
  const block = /<!-- quick-start -->\s*```sh\n([\s\S]*?)```\s*<!-- \/quick-start -->/.exec(readme);
  if (!block) throw new Error('README.md has no ```sh block between <!-- quick-start --> and <!-- /quick-start -->');
  return block[1]
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

test('the quick start, on a fresh clone with no ../shared beside it: npm run conformance says CONFORMS, alignment judged', () => {
  const commands = quickStartCommands(readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8'));
  assert.deepEqual(commands.slice(0, 2), ['npm ci', 'npm run conformance'], 'the quick start installs, then runs the main job');
  // Linux, macOS and Windows alike: npm commands only (an `open` fails on Linux, `xdg-open` elsewhere)
  assert.deepEqual(
    commands.filter((c) => !/^npm /.test(c)),
    [],
    'every command of the quick start runs on every system',
  );

  const clone = join(tempDir('ota-quick-start-'), 'clone');
  copyCheckout(clone);
  assert.ok(!existsSync(join(clone, '..', 'shared')), 'nothing beside the clone');

  const [cmd, ...args] = commands[1].split(/\s+/);
  const run = spawnSync(cmd, args, { cwd: clone, env: cleanEnv([]), encoding: 'utf8', timeout: 600_000 });
  const out = `${run.stdout}\n${run.stderr}`;
  assert.equal(run.status, 0, `exit ${run.status}\n${out.slice(-3000)}`);
  assert.match(run.stdout, /^CONFORMS: /m);
  // the run names its report, where a user of any system opens it
  const named = /^Open in a browser: (.+)$/m.exec(run.stdout)?.[1];
  assert.equal(named, join(clone, 'reports', 'conformance-report.html'), run.stdout.slice(-1000));
  assert.ok(existsSync(named), `${named} exists`);
  const summary = JSON.parse(readFileSync(join(clone, 'reports', 'summary.json'), 'utf8')) as {
    verdict: string;
    requirements: { id: string; class: string; outcome: string }[];
  };
  assert.equal(summary.verdict, 'CONFORMS');
  const alignment = summary.requirements.filter((q) => q.class === 'alignment');
  assert.ok(alignment.length > 0, 'the alignment class has requirements');
  assert.deepEqual(
    alignment.filter((q) => q.outcome === 'untested' || q.outcome === 'inapplicable').map((q) => `${q.id}: ${q.outcome}`),
    [],
    'the alignment class is judged with the shipped schemas',
  );
});
