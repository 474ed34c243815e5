// What binds a certificate: the manifest names every file by its SHA-256 (sorted), the running
// suite and spec are named as a certificate names them, an Ed25519 signature of the manifest holds
// for its key only and not once the manifest changed, and a key that is not an Ed25519 key in PEM
// is one line naming the option and the file.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  jsonBytes,
  manifestOf,
  readKey,
  runningSpec,
  runningSuite,
  signatureProblem,
  signManifest,
  SIGNATURE,
} from '../../../../src/commands/certify/bundle';
import { ConfigError } from '../../../../src/core/errors';
import { SPEC_DOCUMENT } from '../../../../src/specification/spec-document';

test('the manifest: every file by its SHA-256, names sorted', () => {
  const files = new Map([
    ['b.json', Buffer.from('b')],
    ['a/x.md', Buffer.from('a')],
  ]);
  const manifest = manifestOf(files);
  assert.deepEqual(Object.keys(manifest.files), ['a/x.md', 'b.json']);
  assert.equal(manifest.files['b.json'], createHash('sha256').update('b').digest('hex'));
  assert.equal(manifest.algorithm, 'sha256');
});

test('the running suite and spec, as a certificate names them', () => {
  const suite = runningSuite();
  assert.equal(suite.name, 'OTA Gateway Conformance');
  assert.match(suite.version, /^\d+\.\d+\.\d+/);
  if (suite.commit) assert.match(suite.commit, /^[0-9a-f]{40}$/);
  const spec = runningSpec();
  assert.equal(spec.sha256, SPEC_DOCUMENT.sha256);
  assert.match(spec.quotesSha256, /^[0-9a-f]{64}$/);
});

test('a signature holds for its key and its manifest only', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const other = generateKeyPairSync('ed25519').publicKey;
  const manifest = jsonBytes(manifestOf(new Map([['a', Buffer.from('1')]])));
  const sig = jsonBytes(signManifest(manifest, privateKey));
  assert.equal(signatureProblem(manifest, sig, publicKey, 'pub.pem'), undefined);
  assert.match(signatureProblem(manifest, sig, other, 'other.pem') ?? '', /signed with another key .* than other\.pem/);
  const changed = Buffer.from(manifest.toString().replace('"a"', '"b"'));
  assert.match(signatureProblem(changed, sig, publicKey, 'pub.pem') ?? '', /manifest\.json was changed after it was signed/);
  assert.match(signatureProblem(manifest, undefined, publicKey, 'pub.pem') ?? '', new RegExp(`not signed \\(no ${SIGNATURE}\\)`));
  assert.match(signatureProblem(manifest, Buffer.from('{'), publicKey, 'pub.pem') ?? '', /cannot be read as JSON/);
});

test('keys: Ed25519 in PEM, else one line naming the option and the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ota-keys-'));
  try {
    const ed = generateKeyPairSync('ed25519');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const edPrivate = file('ed.pem', ed.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    assert.equal(readKey(edPrivate, 'private', '--sign').asymmetricKeyType, 'ed25519');
    const cases: Array<[string, 'private' | 'public', RegExp]> = [
      [join(dir, 'missing.pem'), 'private', /^--sign .*missing\.pem: no such file$/],
      [dir, 'private', /: no such file$/],
      [file('junk.pem', 'not a key'), 'private', /^--sign .*junk\.pem: not a private key in PEM/],
      [
        file('rsa.pem', rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
        'private',
        /an Ed25519 private key is needed, this one is rsa$/,
      ],
    ];
    for (const [path, kind, says] of cases)
      assert.throws(
        () => readKey(path, kind, '--sign'),
        (e: unknown) => e instanceof ConfigError && says.test(e.message),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
