// The measured figures the docs show (scripts/docs/measured.ts): rendered from the file the
// measuring command wrote, with its provenance; a set never measured says how to measure it; a
// matrix of another fault count is a stale figure, with its command; a block that differs from its
// file is stale.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULTS } from '../../../../sandbox/src/faults';
import { benchTargets, contributor, matrix, measuredTables, provenance, staleFigures } from '../../../../scripts/docs/measured';
import { regenerateTables } from '../../../../scripts/docs/tables';
import { recordFigures, type BenchFigures, type ContributorFigures, type Measured } from '../../../../scripts/measured-figures';

const bench: BenchFigures = {
  quick: false,
  runs: 3,
  exchanges: 294,
  mainJob: { wallMs: 3310, cpuMs: 5200, toFirstScenarioMs: 900, conforms: true },
  bareLoopMs: 510,
  phases: [],
  scan: null,
  latency: { holdMs: 200, tags: null, rows: [] },
  targets: [
    { target: 'main job <= 1.5 x bare loop + 1 s', measuredMs: 3310, reference: 'bare loop 0.5 s', limitMs: 1765, met: false },
    { target: 'latency-bound --parallel 8 <= 1.3 x ideal + 1 s', measuredMs: 9000, reference: 'ideal 8.0 s', limitMs: 11_335, met: true },
  ],
};

test('every block names when, where and how it was measured', () => {
  const measured: Measured<unknown> = {
    command: 'npm run bench -- --runs 3',
    date: '2026-11-27',
    commit: 'abc1234',
    machine: { cores: 2, cpu: 'Some CPU', memoryGiB: 8, node: 'v20.18.1', os: 'linux 6.1', load: { start: 3.2, end: 4.1 } },
    figures: {},
  };
  assert.equal(
    provenance(measured),
    '*Measured on 2026-11-27 at abc1234 by `npm run bench -- --runs 3`: 2 cores (Some CPU), 8 GiB, Node v20.18.1, linux 6.1; load average 3.2 at the start, 4.1 at the end.*',
  );
});

test("the bench's targets: each measured figure against its limit, MET or NOT MET; a selection says so", () => {
  const t = benchTargets(bench);
  assert.match(t, /^main job <= 1\.5 x bare loop \+ 1 s: 3\.3 s against 1\.8 s \(bare loop 0\.5 s\), \*\*NOT MET\*\*; /);
  assert.match(t, /latency-bound --parallel 8 <= 1\.3 x ideal \+ 1 s: 9\.0 s against 11\.3 s \(ideal 8\.0 s\), MET\.$/);
  assert.doesNotMatch(t, /\n/, 'one line: the README stays short');
  assert.match(
    benchTargets({ ...bench, latency: { ...bench.latency, tags: '@op:hotelnbc' } }),
    /of the selection `@op:hotelnbc`, not the full run/,
  );
});

test('a failed npm test says so in its total; the quick loop names its change', () => {
  const run = { status: 1, totalMs: 250_000, phases: [{ name: 'static checks', ms: 40_000, steps: [] }] };
  const contributorFigures: ContributorFigures = {
    test: run,
    quick: { ...run, status: 0, files: ['src/a.ts'], tests: 2, faults: ['x'] },
    slowestTests: [],
    testFiles: 0,
  };
  const text = contributor(contributorFigures);
  assert.match(text, /\| \*\*total\*\* \(failed, exit 1\) \| \*\*4 min 10 s \(250 s\)\*\* \|/);
  assert.match(text, /\| static checks \| 40\.0 s \|/);
  assert.match(text, /The change: `src\/a\.ts` \(the first edited, the others named\)\. Target: within 90 s\./);
});

test('a matrix measured with another fault count is stale, with the command that measures it again', () => {
  // the matrix runs the faults conformance must catch: edge faults are explored apart
  const count = FAULTS.filter((x) => !x.edge).length;
  const f = { faults: count, runs: 2766, jobs: 2, seconds: 275, caught: count, missedCells: 0 };
  assert.match(matrix(f), /2,766 runs in 4 min 35 s/);
  assert.doesNotMatch(matrix({ ...f, faults: count - 1 }), /run it again|Measured with/, 'the docs never carry the note');
  const root = mkdtempSync(join(tmpdir(), 'measured-'));
  try {
    assert.deepEqual(staleFigures(root), [], 'never measured: nothing stale');
    recordFigures('matrix', 'npm run mutants -- --matrix', f, 0.5, root);
    assert.deepEqual(staleFigures(root), []);
    assert.deepEqual(staleFigures(root, count + 1), [
      `docs/figures/matrix.json was measured with ${count} faults and the sandbox has ${count + 1}: ` +
        'run `npm run mutants -- --matrix`, then `npm run docs`',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a set never measured names its command; once measured, the old block is stale until npm run docs renders it', () => {
  const root = mkdtempSync(join(tmpdir(), 'measured-'));
  try {
    const before = measuredTables(root);
    assert.match(before.get('measured:bench')!, /Not measured yet: `npm run bench` measures these figures/);
    const doc = `Intro\n<!-- measured:bench-targets -->\n${before.get('measured:bench-targets')}\n<!-- /measured:bench-targets -->\n`;
    assert.deepEqual(regenerateTables(doc, before).stale, []);
    recordFigures('bench', 'npm run bench', bench, 1, root);
    const after = measuredTables(root);
    const r = regenerateTables(doc, after);
    assert.deepEqual(
      r.stale.map((s) => s.key),
      ['measured:bench-targets'],
    );
    assert.ok(r.text.includes('**NOT MET**'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
