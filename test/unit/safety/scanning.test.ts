// The after-run secret scan (src/safety/scanning.ts): every occurrence of a secret in a reports
// tree, raw, escaped, encoded and base64 at every alignment, in nested folders and across chunk
// boundaries, named by file, label and form and never by value; every disguise a gateway can
// produce. Masking's own tests: masking.test.ts.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base64Fragments } from '../../../src/safety/secret-forms';
import { formatFindings, scanForSecrets } from '../../../src/safety/scanning';
import { Redactor } from '../../../src/safety/masking';
import { b64, disguises, ncrDec, xmlEsc } from '../../support/secret-forms';

const PW = 'S3cr3t-Pw-7x9';
const SPECIAL = `p&<>"'w0rd`; // every XML special character

describe('scanForSecrets', () => {
  const root = mkdtempSync(join(tmpdir(), 'scan-test-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  const tree = () => {
    const d = join(root, `t${++n}`);
    mkdirSync(join(d, 'allure-results', 'nested'), { recursive: true });
    return d;
  };
  const enc = (findings: ReturnType<typeof scanForSecrets>) =>
    findings.map((f) => `${f.file.slice(root.length + 1).replace(/^t\d+\//, '')}|${f.secretLabel}|${f.encoding}|${f.count}`).sort();

  test('no false positive on a clean tree (including base64 and binary files)', () => {
    const d = tree();
    writeFileSync(
      join(d, 'cucumber.ndjson'),
      JSON.stringify({
        attachment: { body: Buffer.from('<R MessagePassword="********"/>').toString('base64'), contentEncoding: 'BASE64' },
      }),
    );
    writeFileSync(
      join(d, 'allure-results', 'nested', 'blob.bin'),
      Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251)),
    );
    writeFileSync(join(d, 'junit.xml'), '<testsuite><testcase name="S3cr3t"/></testsuite>');
    assert.deepEqual(scanForSecrets(d, [PW, SPECIAL]), []);
  });

  test('finds raw, XML-escaped and base64 (all 3 alignments) occurrences in nested folders', () => {
    const d = tree();
    writeFileSync(join(d, 'console.log'), `login with ${PW} failed\n`);
    writeFileSync(join(d, 'junit.xml'), `<failure message="MessagePassword=&quot;${xmlEsc(SPECIAL)}&quot;"/>`);
    // an attachment embedded base64 in NDJSON, with the secret at each of the 3 byte alignments
    const lines = ['', 'x', 'xy'].map((pad) =>
      JSON.stringify({
        attachment: { contentEncoding: 'BASE64', body: Buffer.from(`${pad}<R MessagePassword="${PW}"/>`).toString('base64') },
      }),
    );
    writeFileSync(join(d, 'allure-results', 'nested', 'messages.ndjson'), lines.join('\n'));
    // the special secret XML-escaped inside an XML attachment, base64-encoded
    writeFileSync(join(d, 'allure-results', 'att.b64'), Buffer.from(`<R MessagePassword="${xmlEsc(SPECIAL)}"/>`).toString('base64'));
    assert.deepEqual(enc(scanForSecrets(d, [PW, SPECIAL])), [
      'allure-results/att.b64|secret #2|base64|1',
      'allure-results/nested/messages.ndjson|secret #1|base64|3',
      'console.log|secret #1|raw|1',
      'junit.xml|secret #2|xml-escaped|1',
    ]);
  });

  test('each base64 alignment is needed: every fragment is found on its own', () => {
    const frags = base64Fragments(Buffer.from(PW));
    assert.equal(frags.length, 3);
    for (let k = 0; k < 3; k++) {
      const b64 = Buffer.from(`${'z'.repeat(k)}${PW}`).toString('base64');
      assert.ok(b64.includes(frags[k]), `alignment ${k}`);
      assert.ok(!b64.includes(frags[(k + 1) % 3]) || frags[(k + 1) % 3] === frags[k]);
    }
  });

  test('JSON-escaped and URL-encoded occurrences', () => {
    const d = tree();
    writeFileSync(
      join(d, 'report.html'),
      `<script>window.data=${JSON.stringify({ pw: SPECIAL })}</script><a href="?p=${encodeURIComponent(SPECIAL)}">`,
    );
    assert.deepEqual(enc(scanForSecrets(d, [SPECIAL])), ['report.html|secret #1|json-escaped|1', 'report.html|secret #1|url-encoded|1']);
  });

  test('large file: an occurrence across the 1 MiB chunk boundary is found once, plus others', () => {
    const d = tree();
    const size = 3 * 1024 * 1024;
    const big = Buffer.alloc(size, 'a');
    const positions = [0, 1024 * 1024 - 5, 2 * 1024 * 1024 - 1, size - PW.length];
    for (const position of positions) big.write(PW, position);
    writeFileSync(join(d, 'big.log'), big);
    const t0 = Date.now();
    const list = scanForSecrets(d, [PW]);
    assert.deepEqual(enc(list), [`big.log|secret #1|raw|${positions.length}`]);
    // linear: a quadratic scan of 3 MB would take minutes; generous for a loaded machine
    assert.ok(Date.now() - t0 < 30_000);
  });

  test('a missing directory has no findings; short secrets are not scanned for', () => {
    assert.deepEqual(scanForSecrets(join(root, 'nope'), [PW]), []);
    const d = tree();
    writeFileSync(join(d, 'a.txt'), 'abc abc');
    assert.deepEqual(scanForSecrets(d, ['abc']), []);
  });

  test('formatFindings names files, labels and encodings, never the value', () => {
    const msg = formatFindings([
      { file: 'reports/a.ndjson', secretLabel: 'secret #1', encoding: 'base64', count: 2 },
      { file: 'reports/junit.xml', secretLabel: 'secret #1', encoding: 'raw', count: 1 },
    ]);
    assert.match(msg, /^Secret scan FAILED: 3 occurrence\(s\) of 1 secret value\(s\) in 2 file\(s\)/);
    assert.match(msg, /reports\/a\.ndjson: secret #1 \(base64\) x2/);
    assert.ok(!msg.includes(PW));
    assert.match(formatFindings([]), /no secret value found/);
  });
});

const USER = 'gw-user';
const HOSTILE_PW = 'Zx9-Distinct!Pw&<42';
const DISGUISES = disguises(HOSTILE_PW, USER);

describe('scanForSecrets: every disguise of the secret', () => {
  test('the scan finds each disguise in a file, named by form, never by value', () => {
    const d = mkdtempSync(join(tmpdir(), 'scan-forms-'));
    try {
      DISGUISES.forEach(([, form], i) => writeFileSync(join(d, `f${i}.txt`), `before ${form} after`));
      // an attachment embedded base64 in a cucumber message, holding the NCR form
      writeFileSync(
        join(d, 'messages.ndjson'),
        JSON.stringify({ attachment: { contentEncoding: 'BASE64', body: b64(`<E>${ncrDec(HOSTILE_PW)}</E>`) } }),
      );
      const findings = scanForSecrets(d, [HOSTILE_PW]);
      const files = new Set(findings.map((f) => f.file.slice(d.length + 1)));
      for (let i = 0; i < DISGUISES.length; i++)
        assert.ok(files.has(`f${i}.txt`), `${DISGUISES[i][0]} not found: ${JSON.stringify(findings)}`);
      assert.ok(files.has('messages.ndjson'), 'NCR form inside base64');
      const byFile = (i: number) => findings.filter((f) => f.file.endsWith(`f${i}.txt`)).map((f) => f.encoding);
      assert.deepEqual(byFile(2), ['ncr']);
      assert.deepEqual(byFile(3), ['ncr']);
      assert.deepEqual(byFile(9), ['split']);
      assert.deepEqual(byFile(7), ['url-encoded']);
      assert.deepEqual(byFile(13), ['base64']);
      assert.deepEqual(byFile(15), ['base64']);
      assert.ok(!formatFindings(findings).includes(HOSTILE_PW));
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

test('scan: a bare base64 of a short secret (a short run) is found once', () => {
  const d = mkdtempSync(join(tmpdir(), 'scan-short-'));
  try {
    writeFileSync(join(d, 'a.json'), JSON.stringify({ token: b64('pw42'), other: 'background information' }));
    assert.deepEqual(
      scanForSecrets(d, ['pw42']).map((f) => `${f.encoding} x${f.count}`),
      ['base64 x1'],
    );
  } finally {
    rmSync(d, { recursive: true, force: true });
  }
});

test('scan and masking: the secret in hex, lower or upper case, is found and masked', () => {
  const secret = 'S3cret-Passw0rd!';
  const hex = Buffer.from(secret).toString('hex');
  const d = mkdtempSync(join(tmpdir(), 'scan-hex-'));
  try {
    writeFileSync(join(d, 'a.txt'), `lower ${hex} and upper ${hex.toUpperCase()}, then a plain hash 0123456789abcdef`);
    assert.deepEqual(
      scanForSecrets(d, [secret]).map((f) => `${f.encoding} x${f.count}`),
      ['hex x2'],
    );
    const masked = new Redactor([secret]).scrub(`<Debug Pw="${hex}" Up="${hex.toUpperCase()}" Hash="0123456789abcdef"/>`);
    assert.ok(!masked.includes(hex) && !masked.includes(hex.toUpperCase()) && masked.includes('0123456789abcdef'), masked);
  } finally {
    rmSync(d, { recursive: true, force: true });
  }
});
