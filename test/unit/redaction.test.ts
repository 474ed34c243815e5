import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MASK, Redactor, base64Fragments, formatFindings, scanForSecrets } from '../../src/safety/redaction';

const PW = 'S3cr3t-Pw-7x9';
const SPECIAL = `p&<>"'w0rd`; // every XML special character

const xmlEsc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

describe('Redactor.maskXml: the MessagePassword attribute', () => {
  const r = new Redactor([PW]);
  const cases: [string, string, string][] = [
    ['double quotes', `<RequestorID Type="88" ID="u" MessagePassword="anything"/>`, `MessagePassword="${MASK}"`],
    ['single quotes', `<RequestorID MessagePassword='anything' ID="u"/>`, `MessagePassword='${MASK}'`],
    ['spaces around =', `<RequestorID MessagePassword = "anything"/>`, `MessagePassword = "${MASK}"`],
    ['namespace prefix', `<ota:RequestorID ota:MessagePassword="anything"/>`, `ota:MessagePassword="${MASK}"`],
    ['entity-escaped value', `<R MessagePassword="a&amp;b&lt;c&quot;d"/>`, `MessagePassword="${MASK}"`],
    ['XML shown as text inside XML', `<Error>bad: &lt;R MessagePassword=&quot;anything&quot;/&gt;</Error>`, `MessagePassword=&quot;${MASK}&quot;`],
    ['XML inside JSON', `{"body":"<R MessagePassword=\\"anything\\"/>"}`, `MessagePassword=\\"${MASK}\\"`],
    ['unquoted (broken XML)', `<R MessagePassword=anything ID="u"/>`, `MessagePassword=${MASK} `],
    ['other case', `<R messagepassword="anything"/>`, `messagepassword="${MASK}"`],
    ['element form', `<MessagePassword>anything</MessagePassword>`, `<MessagePassword>${MASK}</MessagePassword>`],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => {
      const out = r.maskXml(input);
      assert.ok(out.includes(expected), out);
      assert.ok(!out.includes('anything'), out);
    });
  }

  test('other attributes are untouched, several occurrences all masked', () => {
    const xml = `<POS><Source><RequestorID Type="22" ID="req"/></Source><Source><RequestorID Type="88" ID="user" MessagePassword="${PW}"/></Source></POS><X MessagePassword="other"/>`;
    const out = r.maskXml(xml);
    assert.equal(out, `<POS><Source><RequestorID Type="22" ID="req"/></Source><Source><RequestorID Type="88" ID="user" MessagePassword="${MASK}"/></Source></POS><X MessagePassword="${MASK}"/>`);
  });

  test('a reply echoing the raw password elsewhere is scrubbed too', () => {
    const out = r.maskXml(`<Errors><Error ShortText="Invalid password ${PW}">wrong: ${PW}</Error></Errors>`);
    assert.ok(!out.includes(PW));
    assert.equal(out.split(MASK).length - 1, 2);
  });

  test('a secret with XML special characters, in an attribute and in text', () => {
    const rs = new Redactor([SPECIAL]);
    const xml = `<R MessagePassword="${xmlEsc(SPECIAL)}"/><E>${SPECIAL.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</E>`;
    const out = rs.maskXml(xml);
    assert.equal(out, `<R MessagePassword="${MASK}"/><E>${MASK}</E>`);
  });
});

describe('Redactor.scrub', () => {
  test('raw, XML-escaped, JSON-escaped and URL-encoded forms', () => {
    const r = new Redactor([SPECIAL, PW]);
    const text = [
      `raw ${SPECIAL} and ${PW}`,
      `xml ${xmlEsc(SPECIAL)} numeric ${SPECIAL.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;')}`,
      `json ${JSON.stringify({ pw: SPECIAL })} json-of-xml ${JSON.stringify({ xml: `<R MessagePassword="${xmlEsc(SPECIAL)}"/>` })}`,
      `url ?pw=${encodeURIComponent(SPECIAL)}&pw2=${new URLSearchParams({ v: SPECIAL + ' x' }).toString()}`,
      `json-unicode ${JSON.stringify(SPECIAL).replace(/[<>&']/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}`,
    ].join('\n');
    const out = r.scrub(text);
    assert.ok(!out.includes(PW));
    assert.ok(!out.includes('w0rd'), out);
    assert.equal(out.split(MASK).length - 1, 9, out);
  });

  test('longest secret first: a secret containing another is masked as a whole', () => {
    const r = new Redactor(['abcd', 'abcdefgh']);
    assert.equal(r.scrub('x abcdefgh y abcd'), `x ${MASK} y ${MASK}`);
  });

  test('empty and very short secrets are ignored but noted', () => {
    const r = new Redactor(['', 'abc', PW]);
    assert.deepEqual(r.secrets, [PW]);
    assert.deepEqual(r.ignored.map((i) => i.secretLabel), ['secret #1', 'secret #2']);
    assert.equal(r.scrub('abc'), 'abc');
    assert.equal(r.warnings().length, 2);
    assert.ok(r.warnings().every((w) => !w.includes('abc')), 'a warning never shows the value');
  });
});

describe('scanForSecrets', () => {
  const root = mkdtempSync(join(tmpdir(), 'scan-test-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  const tree = () => {
    const d = join(root, `t${++n}`);
    mkdirSync(join(d, 'allure-results', 'nested'), { recursive: true });
    return d;
  };
  const enc = (findings: ReturnType<typeof scanForSecrets>) => findings.map((f) => `${f.file.slice(root.length + 1).replace(/^t\d+\//, '')}|${f.secretLabel}|${f.encoding}|${f.count}`).sort();

  test('no false positive on a clean tree (including base64 and binary files)', () => {
    const d = tree();
    writeFileSync(join(d, 'cucumber.ndjson'), JSON.stringify({ attachment: { body: Buffer.from('<R MessagePassword="********"/>').toString('base64'), contentEncoding: 'BASE64' } }));
    writeFileSync(join(d, 'allure-results', 'nested', 'blob.bin'), Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251)));
    writeFileSync(join(d, 'junit.xml'), '<testsuite><testcase name="S3cr3t"/></testsuite>');
    assert.deepEqual(scanForSecrets(d, [PW, SPECIAL]), []);
  });

  test('finds raw, XML-escaped and base64 (all 3 alignments) occurrences in nested folders', () => {
    const d = tree();
    writeFileSync(join(d, 'console.log'), `login with ${PW} failed\n`);
    writeFileSync(join(d, 'junit.xml'), `<failure message="MessagePassword=&quot;${xmlEsc(SPECIAL)}&quot;"/>`);
    // an attachment embedded base64 in NDJSON, with the secret at each of the 3 byte alignments
    const lines = ['', 'x', 'xy'].map((pad) =>
      JSON.stringify({ attachment: { contentEncoding: 'BASE64', body: Buffer.from(`${pad}<R MessagePassword="${PW}"/>`).toString('base64') } }),
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
    writeFileSync(join(d, 'report.html'), `<script>window.data=${JSON.stringify({ pw: SPECIAL })}</script><a href="?p=${encodeURIComponent(SPECIAL)}">`);
    assert.deepEqual(enc(scanForSecrets(d, [SPECIAL])), ['report.html|secret #1|json-escaped|1', 'report.html|secret #1|url-encoded|1']);
  });

  test('large file: an occurrence across the 1 MiB chunk boundary is found once, plus others', () => {
    const d = tree();
    const size = 3 * 1024 * 1024;
    const big = Buffer.alloc(size, 'a');
    const positions = [0, 1024 * 1024 - 5, 2 * 1024 * 1024 - 1, size - PW.length];
    for (const p of positions) big.write(PW, p);
    writeFileSync(join(d, 'big.log'), big);
    const t0 = Date.now();
    const f = scanForSecrets(d, [PW]);
    assert.deepEqual(enc(f), [`big.log|secret #1|raw|${positions.length}`]);
    assert.ok(Date.now() - t0 < 5000);
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
