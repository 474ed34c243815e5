// Figures read from what a run leaves behind (scripts/bench/workers.ts): each worker's start and
// the scan speed.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanSpeed, workerStarts } from '../../../../scripts/bench/workers';

const dir = mkdtempSync(join(tmpdir(), 'bench-workers-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe("each worker's start and the scan speed, from what a run leaves behind", () => {
  test('each worker: its first scenario against the run start, in worker order; none without workers', () => {
    const at = (s: number, ms: number) => ({ seconds: s, nanos: ms * 1e6 });
    const lines = [
      { meta: {} },
      { testRunStarted: { id: 'r', timestamp: at(100, 0) } },
      { testCaseStarted: { id: 'a', workerId: '10', timestamp: at(101, 500) } },
      { testCaseStarted: { id: 'b', workerId: '2', timestamp: at(100, 700) } },
      { attachment: { body: '{"testCaseStarted"', mediaType: 'text/plain' } },
      { testCaseStarted: { id: 'c', workerId: '2', timestamp: at(103, 0) } },
    ];
    const file = join(dir, 'messages.ndjson');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    assert.deepEqual(workerStarts(file), [700, 1500]);
    writeFileSync(file, [lines[1], { testCaseStarted: { id: 'd', timestamp: at(100, 100) } }].map((l) => JSON.stringify(l)).join('\n'));
    assert.deepEqual(workerStarts(file), []);
    assert.deepEqual(workerStarts(join(dir, 'no-such.ndjson')), []);
  });

  test('the scan speed counts every file and byte of the folder, and what it found', () => {
    const reports = join(dir, 'scan-reports');
    mkdirSync(join(reports, 'nested'), { recursive: true });
    writeFileSync(join(reports, 'a.txt'), 'nothing here');
    writeFileSync(join(reports, 'nested', 'b.txt'), 'leaked Zx9-Secret-42 here');
    const s = scanSpeed(reports, ['Zx9-Secret-42']);
    assert.deepEqual({ files: s.files, bytes: s.bytes, findings: s.findings }, { files: 2, bytes: 37, findings: 1 });
  });
});
