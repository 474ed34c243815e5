// The secret scan shared out over worker threads (src/safety/parallel-scan.ts) finds exactly what
// the scan in one thread finds, in the same order, and a file it cannot read fails it the same way.
import { after, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanFiles, scanForSecrets } from '../../../src/safety/scanning';
import { dealBySize, scanFilesInParallel, scanForSecretsInParallel } from '../../../src/safety/parallel-scan';

const PW = 'Par4llel-Secret!';
const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function reports(): string {
  const d = mkdtempSync(join(tmpdir(), 'pscan-'));
  dirs.push(d);
  mkdirSync(join(d, 'allure-results'));
  writeFileSync(join(d, 'big.ndjson'), `${'x'.repeat(2_000_000)}${JSON.stringify({ body: `<Password>${PW}</Password>` })}\n`);
  writeFileSync(join(d, 'report.html'), `<p>${[...PW].map((c) => `&#${c.charCodeAt(0)};`).join('')}</p>${'y'.repeat(1_500_000)}`);
  writeFileSync(join(d, 'allure-results', 'a-attachment.raw'), Buffer.from(`secret ${PW} here`).toString('base64'));
  writeFileSync(join(d, 'allure-results', 'b-result.json'), JSON.stringify({ name: 'clean' }));
  writeFileSync(join(d, 'clean.txt'), 'nothing to see');
  return d;
}

test('the same findings, in the same order, as the scan in one thread, with 1 to 4 threads', async () => {
  const d = reports();
  const expected = scanForSecrets(d, [PW]);
  assert.equal(expected.length, 3, JSON.stringify(expected));
  for (const cores of [1, 2, 3, 4]) assert.deepEqual(await scanForSecretsInParallel(d, [PW], cores), expected, `${cores} threads`);
  assert.deepEqual(await scanForSecretsInParallel(join(d, 'missing'), [PW]), []);
});

test('files are dealt by size, the largest first, into groups of about equal size', () => {
  const size: Record<string, number> = { a: 9, b: 5, c: 4, d: 1 };
  assert.deepEqual(
    dealBySize(['a', 'b', 'c', 'd'], (f) => size[f], 2),
    [
      ['a', 'd'],
      ['b', 'c'],
    ],
  );
  assert.deepEqual(
    dealBySize(['a'], (f) => size[f], 4),
    [['a']],
  );
});

test('a file that cannot be read fails the parallel scan as it fails the scan in one thread, whichever thread has it', async () => {
  const d = reports();
  const files = [join(d, 'big.ndjson'), join(d, 'gone.txt'), join(d, 'report.html')];
  assert.throws(() => scanFiles(files, [PW]), /secret scan: cannot read .*gone\.txt/);
  for (const cores of [1, 2, 3]) await assert.rejects(scanFilesInParallel(files, [PW], cores), /secret scan: cannot read .*gone\.txt/);
});

test('a file scanned as it was written: its findings taken in its place, the others scanned, the same result', async () => {
  const d = reports();
  const big = join(d, 'big.ndjson');
  const expected = scanForSecrets(d, [PW]);
  const scanned = { file: big, findings: scanFiles([big], [PW]) };
  for (const cores of [1, 2]) assert.deepEqual(await scanForSecretsInParallel(d, [PW], cores, scanned), expected, `${cores} threads`);
  // what the run wrote is what is judged: findings said of the file stand for it, and it is not read again
  const claimed = { file: big, findings: [{ file: big, secretLabel: 'secret #1', encoding: 'raw' as const, count: 99 }] };
  const found = await scanForSecretsInParallel(d, [PW], 2, claimed);
  assert.deepEqual(
    found.filter((f) => f.file === big),
    claimed.findings,
  );
  // a file not in the folder stands for nothing
  assert.deepEqual(await scanForSecretsInParallel(d, [PW], 2, { file: join(d, 'elsewhere.ndjson'), findings: claimed.findings }), expected);
});
