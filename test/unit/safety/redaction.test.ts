import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MASK, Redactor } from '../../../src/safety/masking';
import { base64Fragments } from '../../../src/safety/secret-forms';
import { formatFindings, scanForSecrets } from '../../../src/safety/scanning';
import { b64, disguises, ncrDec } from '../../support/secret-forms';

const PW = 'S3cr3t-Pw-7x9';
const SPECIAL = `p&<>"'w0rd`; // every XML special character

const xmlEsc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

describe('Redactor.maskXml: the MessagePassword attribute', () => {
  const r = new Redactor([PW]);
  const cases: [string, string, string][] = [
    ['double quotes', `<RequestorID Type="88" ID="u" MessagePassword="anything"/>`, `MessagePassword="${MASK}"`],
    ['single quotes', `<RequestorID MessagePassword='anything' ID="u"/>`, `MessagePassword='${MASK}'`],
    ['spaces around =', `<RequestorID MessagePassword = "anything"/>`, `MessagePassword = "${MASK}"`],
    ['namespace prefix', `<ota:RequestorID ota:MessagePassword="anything"/>`, `ota:MessagePassword="${MASK}"`],
    ['entity-escaped value', `<R MessagePassword="a&amp;b&lt;c&quot;d"/>`, `MessagePassword="${MASK}"`],
    [
      'XML shown as text inside XML',
      `<Error>bad: &lt;R MessagePassword=&quot;anything&quot;/&gt;</Error>`,
      `MessagePassword=&quot;${MASK}&quot;`,
    ],
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
    assert.equal(
      out,
      `<POS><Source><RequestorID Type="22" ID="req"/></Source><Source><RequestorID Type="88" ID="user" MessagePassword="${MASK}"/></Source></POS><X MessagePassword="${MASK}"/>`,
    );
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
    assert.deepEqual(
      r.ignored.map((i) => i.secretLabel),
      ['secret #1', 'secret #2'],
    );
    assert.equal(r.scrub('abc'), 'abc');
    assert.equal(r.warnings().length, 2);
    assert.ok(
      r.warnings().every((w) => !w.includes('abc')),
      'a warning never shows the value',
    );
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
    for (const p of positions) big.write(PW, p);
    writeFileSync(join(d, 'big.log'), big);
    const t0 = Date.now();
    const f = scanForSecrets(d, [PW]);
    assert.deepEqual(enc(f), [`big.log|secret #1|raw|${positions.length}`]);
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

// ---------------------------------------------------------------------------------------------
// Issue 11, items 3 to 5: every disguise of a secret that a gateway (or a serialiser) can produce
// is masked by scrub, named by echoes and found by the after-run scan; every scan stays linear.

const USER = 'gw-user';
const HOSTILE_PW = 'Zx9-Distinct!Pw&<42';
const DISGUISES = disguises(HOSTILE_PW, USER);

describe('Redactor: every disguise of the secret', () => {
  const r = new Redactor([HOSTILE_PW], { user: USER });
  // What must never survive masking: the middle third of the disguise (independent of the masker).
  const middle = (form: string) => form.slice(Math.floor(form.length / 3), Math.ceil((2 * form.length) / 3));
  const survives = (out: string, form?: string) =>
    out.includes('Distinct') || (form !== undefined && out.includes(middle(form))) || DISGUISES.some(([, f]) => out.includes(middle(f)));

  for (const [name, form] of DISGUISES) {
    test(`scrub: ${name}`, () => {
      const text = `<Error ShortText="bad">login refused for ${form} (retry)</Error>`;
      const out = r.scrub(text);
      assert.ok(out.includes(MASK), `${name}: nothing masked in ${out}`);
      assert.ok(!survives(out, form), `${name}: ${out}`);
      assert.ok(!out.includes(b64(HOSTILE_PW).slice(4, 16)), `${name}: base64 left in ${out}`);
      assert.ok(
        (out.startsWith('<Error ShortText="bad">login refused for ') && out.endsWith(' (retry)</Error>')) || name === 'a Basic header',
        `${name}: too much masked: ${out}`,
      );
    });
    test(`echoes names the form: ${name}`, () => {
      assert.ok(r.echoes(`<x>${form}</x>`, USER).length > 0, name);
    });
  }

  test('maskXml of a whole echoing reply leaves no form behind', () => {
    const reply = `<?xml version="1.0"?><OTA_X xmlns="x">${DISGUISES.map(([n, f]) => `<Warning Type="${n}">${f}</Warning>`).join('\n')}</OTA_X>`;
    const out = r.maskXml(reply);
    assert.ok(!survives(out), out);
    assert.equal(out.split('<Warning').length, DISGUISES.length + 1, 'the structure is kept');
  });

  test('ordinary text is left alone (no false mask)', () => {
    const text = 'Basic information: &#72;&#101;&#108;&#108;&#111; world, 100% sure + a b c, Distinct names, QUJD';
    assert.equal(r.scrub(text), text);
  });

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

describe('linear on hostile replies (5 MB)', () => {
  const r = new Redactor([HOSTILE_PW], { user: USER });
  const MB5 = 5 * 1024 * 1024;
  // Shapes that make backtracking patterns quadratic or worse; a quadratic scan of 5 MB takes
  // hours, a linear one well under a second: the bound is generous on purpose.
  const shapes: Record<string, string> = {
    'unterminated character references': '&#72'.repeat(MB5 / 4),
    'unclosed MessagePassword quotes': 'MessagePassword=&quot;x'.repeat(MB5 / 23),
    'escaped quotes without end': 'MessagePassword=\\"x '.repeat(MB5 / 20),
    'a start tag never closed': '<ota:aaaaaaaa '.repeat(MB5 / 14),
    'percent signs': '%4%'.repeat(MB5 / 3),
    'one long base64 run': 'QUJD'.repeat(MB5 / 4),
    'Basic and words': 'Basic QUJDREVGR0g '.repeat(MB5 / 18),
    'the echo, NCR-encoded, many times': `${ncrDec(HOSTILE_PW)} `.repeat(MB5 / 100),
    'base64 of the secret, repeated in one run': b64(HOSTILE_PW)
      .replace(/=+$/, '')
      .repeat(MB5 / 27),
  };
  for (const [name, text] of Object.entries(shapes)) {
    test(`${name}: masked and scanned within a generous bound`, () => {
      const t0 = performance.now();
      const out = r.maskXml(text);
      r.echoes(text, USER);
      const maskMs = performance.now() - t0;
      assert.ok(!out.includes('Distinct'));
      const d = mkdtempSync(join(tmpdir(), 'scan-linear-'));
      try {
        writeFileSync(join(d, 'reply.xml'), text);
        const t1 = performance.now();
        scanForSecrets(d, [HOSTILE_PW]);
        const scanMs = performance.now() - t1;
        assert.ok(maskMs < 30_000 && scanMs < 30_000, `mask ${maskMs.toFixed(0)} ms, scan ${scanMs.toFixed(0)} ms`);
      } finally {
        rmSync(d, { recursive: true, force: true });
      }
    });
  }
});
