// Masking (src/safety/masking.ts): the MessagePassword attribute in every form XML, JSON and
// broken markup give it, the secrets in every disguise a gateway or a serialiser can produce
// (masked by scrub, named by echoes), and masking and the scan linear on
// hostile replies. The after-run scan's own tests: scanning.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MASK, Redactor } from '../../../src/safety/masking';
import { scanForSecrets } from '../../../src/safety/scanning';
import { b64, disguises, ncrDec, xmlEsc } from '../../support/secret-forms';

const PW = 'S3cr3t-Pw-7x9';
const SPECIAL = `p&<>"'w0rd`; // every XML special character

describe('Redactor.maskXml: the MessagePassword attribute', () => {
  const redactor = new Redactor([PW]);
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
      const out = redactor.maskXml(input);
      assert.ok(out.includes(expected), out);
      assert.ok(!out.includes('anything'), out);
    });
  }

  test('other attributes are untouched, several occurrences all masked', () => {
    const xml = `<POS><Source><RequestorID Type="22" ID="req"/></Source><Source><RequestorID Type="88" ID="user" MessagePassword="${PW}"/></Source></POS><X MessagePassword="other"/>`;
    const out = redactor.maskXml(xml);
    assert.equal(
      out,
      `<POS><Source><RequestorID Type="22" ID="req"/></Source><Source><RequestorID Type="88" ID="user" MessagePassword="${MASK}"/></Source></POS><X MessagePassword="${MASK}"/>`,
    );
  });

  test('a reply echoing the raw password elsewhere is scrubbed too', () => {
    const out = redactor.maskXml(`<Errors><Error ShortText="Invalid password ${PW}">wrong: ${PW}</Error></Errors>`);
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
    const redactor = new Redactor([SPECIAL, PW]);
    const text = [
      `raw ${SPECIAL} and ${PW}`,
      `xml ${xmlEsc(SPECIAL)} numeric ${SPECIAL.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;')}`,
      `json ${JSON.stringify({ pw: SPECIAL })} json-of-xml ${JSON.stringify({ xml: `<R MessagePassword="${xmlEsc(SPECIAL)}"/>` })}`,
      `url ?pw=${encodeURIComponent(SPECIAL)}&pw2=${new URLSearchParams({ v: SPECIAL + ' x' }).toString()}`,
      `json-unicode ${JSON.stringify(SPECIAL).replace(/[<>&']/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}`,
    ].join('\n');
    const out = redactor.scrub(text);
    assert.ok(!out.includes(PW));
    assert.ok(!out.includes('w0rd'), out);
    assert.equal(out.split(MASK).length - 1, 9, out);
  });

  test('longest secret first: a secret containing another is masked as a whole', () => {
    const redactor = new Redactor(['abcd', 'abcdefgh']);
    assert.equal(redactor.scrub('x abcdefgh y abcd'), `x ${MASK} y ${MASK}`);
  });

  test('empty and very short secrets are ignored but noted', () => {
    const redactor = new Redactor(['', 'abc', PW]);
    assert.deepEqual(redactor.secrets, [PW]);
    assert.deepEqual(
      redactor.ignored.map((i) => i.secretLabel),
      ['secret #1', 'secret #2'],
    );
    assert.equal(redactor.scrub('abc'), 'abc');
    assert.equal(redactor.warnings().length, 2);
    assert.ok(
      redactor.warnings().every((w) => !w.includes('abc')),
      'a warning never shows the value',
    );
  });
});

const USER = 'gw-user';
const HOSTILE_PW = 'Zx9-Distinct!Pw&<42';
const DISGUISES = disguises(HOSTILE_PW, USER);

describe('Redactor: every disguise of the secret', () => {
  const redactor = new Redactor([HOSTILE_PW], { user: USER });
  // What must never survive masking: the middle third of the disguise (independent of the masker).
  const middle = (form: string) => form.slice(Math.floor(form.length / 3), Math.ceil((2 * form.length) / 3));
  const survives = (out: string, form?: string) =>
    out.includes('Distinct') || (form !== undefined && out.includes(middle(form))) || DISGUISES.some(([, f]) => out.includes(middle(f)));

  for (const [name, form] of DISGUISES) {
    test(`scrub: ${name}`, () => {
      const text = `<Error ShortText="bad">login refused for ${form} (retry)</Error>`;
      const out = redactor.scrub(text);
      assert.ok(out.includes(MASK), `${name}: nothing masked in ${out}`);
      assert.ok(!survives(out, form), `${name}: ${out}`);
      assert.ok(!out.includes(b64(HOSTILE_PW).slice(4, 16)), `${name}: base64 left in ${out}`);
      assert.ok(
        (out.startsWith('<Error ShortText="bad">login refused for ') && out.endsWith(' (retry)</Error>')) || name === 'a Basic header',
        `${name}: too much masked: ${out}`,
      );
    });
    test(`echoes names the form: ${name}`, () => {
      assert.ok(redactor.echoes(`<x>${form}</x>`, USER).length > 0, name);
    });
  }

  test('maskXml of a whole echoing reply leaves no form behind', () => {
    const reply = `<?xml version="1.0"?><OTA_X xmlns="x">${DISGUISES.map(([n, f]) => `<Warning Type="${n}">${f}</Warning>`).join('\n')}</OTA_X>`;
    const out = redactor.maskXml(reply);
    assert.ok(!survives(out), out);
    assert.equal(out.split('<Warning').length, DISGUISES.length + 1, 'the structure is kept');
  });

  test('ordinary text is left alone (no false mask)', () => {
    const text = 'Basic information: &#72;&#101;&#108;&#108;&#111; world, 100% sure + a b c, Distinct names, QUJD';
    assert.equal(redactor.scrub(text), text);
  });
});

describe('linear on hostile replies (5 MB)', () => {
  const redactor = new Redactor([HOSTILE_PW], { user: USER });
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
      const out = redactor.maskXml(text);
      redactor.echoes(text, USER);
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
