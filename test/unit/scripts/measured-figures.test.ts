// Measured figures are kept, not written by hand (scripts/measured-figures.ts): a set is written
// with its command, date, commit and machine, replaces the last one, and reads back as written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIGURES_FOLDER, readFigures, recordFigures, type SafetyFigures } from '../../../scripts/measured-figures';

const figures: SafetyFigures = {
  entityBombs: [{ bomb: 'billion laughs', ms: 8.2, refused: true }],
  prolog: { items: 2000, ms: 0.6 },
  hostileReplies: [],
  ledger: { appends: 200, medianMs: 0.3, maxMs: 6 },
};

test('a set is written with its provenance, replaces the last one, and reads back; a set never measured is undefined', () => {
  const root = mkdtempSync(join(tmpdir(), 'figures-'));
  try {
    assert.equal(readFigures('safety', root), undefined);
    const line = recordFigures('safety', 'npm run bench -- --safety', { ...figures, prolog: { items: 1, ms: 1 } }, 1.5, root);
    assert.match(line, /docs\/figures\/safety\.json/);
    recordFigures('safety', 'npm run bench -- --safety', figures, 2.5, root);
    const measured = readFigures<SafetyFigures>('safety', root)!;
    assert.deepEqual(measured.figures, figures);
    assert.equal(measured.command, 'npm run bench -- --safety');
    assert.match(measured.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(measured.commit, 'unknown', 'outside git the commit is not guessed');
    assert.equal(measured.machine.load.start, 2.5);
    assert.ok(measured.machine.cores >= 1 && measured.machine.node === process.version);
    assert.deepEqual(readdirSync(join(root, FIGURES_FOLDER)), ['safety.json']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
