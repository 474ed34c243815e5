// The evidence stream scanned while it is written (src/safety/stream-scan.ts) gives exactly the
// findings of the after-run scan of the finished file: lines of every size, disguised secrets
// across the scan's 1 MiB chunks and multi-byte characters cut by them, a stream that stays small
// (scanned on the run's thread) and one that grows past a thread's worth, and no secret at all.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanFiles, WrittenFileScan } from '../../../src/safety/scanning';
import { StreamScan } from '../../../src/safety/stream-scan';
import { disguises } from '../../support/secret-forms';

const PW = 'Str3am-Secret!';
const USER = 'stream-user';
const dir = mkdtempSync(join(tmpdir(), 'stream-scan-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** JSON lines as the stream holds them: padding with multi-byte text, each disguise of the secret, more padding. */
function streamLines(bytes: number): string[] {
  const lines: string[] = [];
  let size = 0;
  let index = 0;
  const forms = disguises(PW, USER);
  while (size < bytes) {
    const pad = `données-€ ${'. '.repeat((index * 7919) % 20_000)}`;
    const [name, form] = forms[index % forms.length];
    const line = `${JSON.stringify({ attachment: { body: `${pad}<Password>${form}</Password>`, name } })}\n`;
    lines.push(line);
    size += Buffer.byteLength(line);
    index++;
  }
  return lines;
}

async function sameAsAfterTheRun(lines: string[], secrets: string[], label: string): Promise<void> {
  const file = join(dir, `${label}.ndjson`);
  writeFileSync(file, lines.join(''));
  const expected = scanFiles([file], secrets);
  const scan = new StreamScan(file, secrets);
  lines.forEach(scan.write);
  assert.deepEqual(await scan.end(), { file, findings: expected }, label);
  // the same bytes in other pieces: one byte, then pieces of odd sizes
  const bytes = Buffer.from(lines.join(''));
  const pieces = new WrittenFileScan(file, secrets);
  for (let at = 0, n = 1; at < bytes.length; at += n, n = (n * 31 + 7) % 300_000) pieces.write(bytes.subarray(at, at + n));
  assert.deepEqual(pieces.end(), expected, `${label}, other pieces`);
}

test('a stream that stays small: the findings of the finished file', async () => {
  const lines = streamLines(200_000);
  await sameAsAfterTheRun(lines, [PW], 'small');
  assert.ok(scanFiles([join(dir, 'small.ndjson')], [PW]).length > 5, 'the disguises are found');
});

test('a stream of several MiB, scanned on its own thread: the findings of the finished file', async () => {
  const lines = streamLines(3_500_000);
  await sameAsAfterTheRun(lines, [PW], 'large');
  await sameAsAfterTheRun(lines, [PW, 'another-S3cret'], 'two secrets');
  const file = join(dir, 'large.ndjson');
  const counts = scanFiles([file], [PW]).reduce((n, f) => n + f.count, 0);
  assert.ok(counts >= lines.length / 2, `the lines' secrets are found (${counts} in ${lines.length} lines)`);
});

test('no secret to look for: nothing found, no thread started', async () => {
  await sameAsAfterTheRun(streamLines(1_500_000), [], 'no secrets');
});
