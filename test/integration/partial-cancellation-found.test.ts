// A booking run whose test data declares no partial-cancellation form finds one: it tries
// OTA_CancelRQ's forms in turn on a booking made for the purpose and judges CXL-PARTIAL on the
// first served (the sandbox takes one form per dialect); a gateway that serves none, or takes every
// form for a whole cancellation, leaves CXL-PARTIAL cannot tell, named with every form tried on the
// report's first screen, and is never blamed for refusing a guess.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance, targetEnv, tempDir } from './helpers';
import { startSandbox } from '../../sandbox/src/index';
import type { ConformanceResult } from '../../src/reporting/result';

after(removeTempDirs);

/** The sandbox's test data without its partial-cancellation form. */
function undeclared(): string {
  const data = JSON.parse(readFileSync(join(PROJECT_ROOT, 'sandbox/data/test-data.json'), 'utf8')) as Record<string, unknown> & {
    booking: Record<string, unknown>;
  };
  delete data.booking.partialCancellation;
  delete data.$schema;
  const file = join(tempDir('ota-partial-'), 'test-data.json');
  writeFileSync(file, JSON.stringify(data));
  return file;
}

async function partialRun(opts: { variants?: string[]; faults?: string[] }): Promise<ConformanceResult> {
  const sb = await startSandbox({ port: 0, variants: opts.variants ?? [], faults: opts.faults ?? [] });
  try {
    const run = await runConformance({
      args: ['--summary-only', '--tags', '@req:CXL-PARTIAL'],
      env: targetEnv(sb.baseUrl, { OTA_TEST_DATA: undeclared() }),
      timeoutMs: 110_000,
    });
    assert.equal(run.code, 4, describeRun(run)); // a selection: never CONFORMS
    return JSON.parse(readFileSync(join(run.reportsDir, 'summary.json'), 'utf8')) as ConformanceResult;
  } finally {
    await sb.close();
  }
}
const cxl = (s: ConformanceResult) => s.requirements.find((q) => q.id === 'CXL-PARTIAL')!;

test('a Segment-range dialect: item-reference and segment refused, segment-range found and judged', async () => {
  const conformanceResult = await partialRun({ variants: ['partial-by-segment-range'] });
  assert.equal(cxl(conformanceResult).outcome, 'passed', cxl(conformanceResult).reason);
  assert.match(
    cxl(conformanceResult).reason ?? '',
    /found by the run .*: segment-range .* after item-reference .*refused.*; segment .*refused/,
  );
  assert.ok(
    conformanceResult.notes.some((n) => n.startsWith('partial cancellation: partial-cancellation form found by the run')),
    conformanceResult.notes.join('\n'),
  );
});

test('a gateway that takes every form for a whole cancellation: cannot tell, every form named on the first screen, never failed', async () => {
  const conformanceResult = await partialRun({ faults: ['partial-cancels-all'] });
  assert.equal(cxl(conformanceResult).outcome, 'cantTell', cxl(conformanceResult).reason);
  const note = conformanceResult.notes.find((n) => n.startsWith('partial cancellation: the gateway served none'));
  assert.ok(note, conformanceResult.notes.join('\n'));
  for (const form of ['item-reference', 'segment', 'segment-range']) assert.match(note, new RegExp(`${form} \\(`));
});
