// The faster scan finds exactly what the earlier one found: its plain-string views equal the
// views with position maps, its gate never hides a match, and the shared base64 buffer decodes
// as Buffer.from does. Checked on the disguise corpus, on the corpus inside the containers the
// reports use (JSON, XML, URLs, base64), and on pseudo-random texts made of the escape alphabet.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SecretFinder } from '../../../src/safety/secret-views';
import { viewTextsWithMaps } from '../../../src/safety/secret-views-mapped';
import { viewTexts } from '../../../src/safety/secret-views-plain';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBase64, scanFiles } from '../../../src/safety/scanning';
import { b64, disguises } from '../../support/secret-forms';

const USER = 'gw-user';
const PASSWORDS = ['Zx9-Distinct!Pw&<42', 'S3cr3t-Pw-7x9', `p&<>"'w0rd`, 'pässwörd€😀x', 'with space+plus%25'];

/** Every disguise of every password, bare and in the containers the reports wrap them in. */
function corpus(): string[] {
  const out: string[] = [];
  for (const pw of PASSWORDS) {
    for (const [, form] of disguises(pw, USER)) {
      out.push(
        form,
        `<Error ShortText="bad">login refused for ${form} (retry)</Error>`,
        JSON.stringify({ body: `<x>${form}</x>` }),
        JSON.stringify(JSON.stringify(form)),
        `https://gw.example/?p=${encodeURIComponent(form)}&q=1`,
        b64(`<x>${form}</x>`),
        `\ufeff${form}`,
      );
    }
  }
  return out;
}

/** A deterministic generator (no time, no Math.random): the same texts on every run. */
function* pseudoRandomTexts(count: number): Generator<string> {
  const pieces = [
    '&',
    '#',
    'x',
    'X',
    ';',
    '\\',
    'u',
    '0',
    '9',
    'a',
    'F',
    '%',
    '+',
    ' ',
    '\n',
    '\u00a0',
    '\ufeff',
    'amp;',
    'lt;',
    'nbsp;',
    '&#x',
    '&#',
    '\\u',
    '%C3',
    '%A9',
    '%F4%90%80%80',
    '%ED%A0%80',
    '\ud800',
    '\udc00',
    '"',
    "'",
    '/',
    'n',
    'Zx9',
    '-Dis',
    'tinct',
    '!Pw',
    '42',
  ];
  let seed = 17;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  for (let i = 0; i < count; i++) {
    let s = '';
    const len = next() % 60;
    for (let k = 0; k < len; k++) s += pieces[next() % pieces.length];
    yield s;
  }
}

const secretsFinder = new SecretFinder([...PASSWORDS, 'Zx9-Distinct'], 4);

describe('the faster scan finds what the earlier one found', () => {
  test('plain-string views equal the views with position maps (corpus and containers)', () => {
    for (const text of corpus()) assert.deepEqual(viewTexts(text), viewTextsWithMaps(text), JSON.stringify(text));
  });

  test('plain-string views equal the views with position maps (10,000 texts of the escape alphabet)', () => {
    for (const text of pseudoRandomTexts(10_000)) assert.deepEqual(viewTexts(text), viewTextsWithMaps(text), JSON.stringify(text));
  });

  test('find (gated) returns the same matches as findInViews (always with maps)', () => {
    let found = 0;
    for (const text of [...corpus(), ...pseudoRandomTexts(10_000)]) {
      const all = secretsFinder.findInViews(text);
      found += all.length;
      assert.deepEqual(secretsFinder.find(text), all, JSON.stringify(text));
    }
    assert.ok(found > 200, `the corpus must hold matches to compare (${found})`);
  });

  test('the shared base64 buffer decodes as Buffer.from, whatever the length or alignment', () => {
    const source = Buffer.from(corpus().join('|'), 'utf8').toString('base64');
    for (let len = 0; len < 400; len += 7)
      for (let k = 0; k < 4; k++) {
        const run = source.slice(k, k + len);
        assert.equal(decodeBase64(run), Buffer.from(run, 'base64').toString('utf8'));
        const urlSafe = run.replace(/\+/g, '-').replace(/\//g, '_');
        assert.equal(decodeBase64(urlSafe), Buffer.from(urlSafe, 'base64').toString('utf8'));
      }
    const long = source.repeat(40); // larger than the buffer's first size: it grows
    assert.equal(decodeBase64(long), Buffer.from(long, 'base64').toString('utf8'));
  });

  test('a base64 run just long enough to hold the secret is still decoded and found, at every alignment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ota-scan-eq-'));
    after(() => rmSync(dir, { recursive: true, force: true }));
    for (let len = 4; len <= 24; len++) {
      const secret = 'Qz7!wX-9pL#m2Rt$vB4nK8sD'.slice(0, len);
      for (const prefix of ['', 'a', 'ab']) {
        const file = join(dir, `run-${len}-${prefix.length}.txt`);
        // the base64 of prefix + secret + one letter, inside a longer run of base64 characters
        writeFileSync(file, `<x>${b64(`${prefix}${secret}z`)}</x>`);
        const found = scanFiles([file], [secret]);
        assert.ok(
          found.some((f) => f.encoding === 'base64'),
          `length ${len}, ${prefix.length} byte(s) before: ${JSON.stringify(found)}`,
        );
      }
    }
  });
});
