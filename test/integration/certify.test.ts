// A certificate anyone can re-check: a whole sandbox run recorded with --record is certified
// (signed with an Ed25519 key) and verified, replaying its cassette offline; then each kind of
// tampering is found, as exactly the difference it makes: one byte of the report, one exchange of
// the cassette, another suite version, another spec hash, each both left as changed (the manifest
// says otherwise) and re-hashed as a forger would (then the check behind the hash finds it).
// Certify refuses a selection, a run without its cassette, a cassette of another run and a report
// holding a secret; verify refuses, in one line, what it cannot read.
import { after, before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describeRun, PROJECT_ROOT, removeTempDirs, runConformance, runScript, tempDir, type RunResult, type ScriptRun } from './helpers';
import { readTarGz, writeTarGz } from '../../src/commands/certify/tar';
import { CERTIFICATE, jsonBytes, MANIFEST, manifestOf, SIGNATURE, type Certificate } from '../../src/commands/certify/bundle';
import { requirement, isRequirementId } from '../../src/specification/requirements';
import { SANDBOX_CREDENTIALS } from '../../sandbox/src/credentials';

after(removeTempDirs);

type Command = ScriptRun;
const npmRun = (script: 'certify' | 'verify', args: string[], env: Record<string, string> = {}) => runScript(script, args, env);

const said = (c: Command) => `exit ${c.code}\n--- stdout ---\n${c.stdout}\n--- stderr ---\n${c.stderr}`;

const root = tempDir('ota-certify-');
const cassette = join(root, 'cassette');
const keys = generateKeyPairSync('ed25519');
const privateKey = join(root, 'key.pem');
const publicKey = join(root, 'pub.pem');
const otherPublicKey = join(root, 'other.pem');
writeFileSync(privateKey, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }));
writeFileSync(publicKey, keys.publicKey.export({ type: 'spki', format: 'pem' }));
writeFileSync(otherPublicKey, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }));
const rsaPublicKey = join(root, 'rsa.pem');
writeFileSync(rsaPublicKey, generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }));

let run: RunResult;
let bundle: string;
let certified: Command;

before(async () => {
  run = await runConformance({ args: ['--record', cassette], timeoutMs: 300_000 });
  bundle = join(root, 'certificate.tar.gz');
  certified = npmRun('certify', ['--reports', run.reportsDir, '--cassette', cassette, '--out', bundle, '--sign', privateKey]);
});

/** The bundle's files, edited, packed again; with `rehash`, the manifest made to agree (as a forger would), else left as certified. */
function tampered(name: string, edit: (files: Map<string, Buffer>) => void, rehash: boolean): string {
  const files = new Map(readTarGz(readFileSync(bundle), bundle).map((e) => [e.name, e.data]));
  edit(files);
  if (rehash) {
    const content = new Map([...files].filter(([n]) => n !== MANIFEST && n !== SIGNATURE));
    files.set(MANIFEST, jsonBytes(manifestOf(content)));
  }
  const out = join(root, `${name}${rehash ? '-rehashed' : ''}.tar.gz`);
  writeFileSync(
    out,
    writeTarGz(
      [...files].map(([n, data]) => ({ name: n, data })),
      0,
    ),
  );
  return out;
}

const editJson = (files: Map<string, Buffer>, name: string, edit: (value: Certificate) => void) => {
  const value = JSON.parse(files.get(name)!.toString('utf8')) as Certificate;
  edit(value);
  files.set(name, jsonBytes(value));
};

/** One exchange of the cassette changed: the reply of the hotel availability envelope's scenario moved out of the OTA namespace. */
function changeOneExchange(files: Map<string, Buffer>): void {
  const name = [...files.keys()].find((n) => /^cassette\/exchanges-\d+\.ndjson$/.test(n))!;
  const lines = files.get(name)!.toString('utf8').split('\n');
  const at = lines.findIndex((l) => l.startsWith('{"scenario":"The hotel availability reply has a conforming envelope ('));
  const x = JSON.parse(lines[at]) as { reply: { bodyBase64: string } };
  const body = Buffer.from(x.reply.bodyBase64, 'base64').toString('utf8');
  assert.ok(body.includes('http://www.opentravel.org/OTA/2003/05'), body.slice(0, 300));
  x.reply.bodyBase64 = Buffer.from(body.split('http://www.opentravel.org/OTA/2003/05').join('http://example.com/not-ota')).toString(
    'base64',
  );
  lines[at] = JSON.stringify(x);
  files.set(name, Buffer.from(lines.join('\n')));
}

test('a whole sandbox run, recorded and certified (signed), verifies: hashes, suite, spec, reports, and a replay to the same outcomes', () => {
  assert.equal(run.code, 0, describeRun(run));
  assert.equal(certified.code, 0, said(certified));
  assert.match(certified.stdout, /^Anyone can re-check it, offline and with no secret: npm run verify -- .*certificate\.tar\.gz$/m);
  const names = readTarGz(readFileSync(bundle), bundle).map((e) => e.name);
  for (const f of [
    CERTIFICATE,
    MANIFEST,
    SIGNATURE,
    'conformance-report.html',
    'conformance-report.md',
    'conformance-report.json',
    'summary.json',
    'cassette/cassette.json',
    'cassette/test-data.json',
  ])
    assert.ok(names.includes(f), `${f} is in the bundle: ${names.join(', ')}`);
  // the archive is a plain tar.gz: the system's tar lists it
  const listed = spawnSync('tar', ['-tzf', bundle], { encoding: 'utf8' });
  if (listed.status === 0) assert.deepEqual(listed.stdout.trim().split('\n').sort(), [...names].sort());
  // the report says how to re-check it
  const files = new Map(readTarGz(readFileSync(bundle), bundle).map((e) => [e.name, e.data.toString('utf8')]));
  for (const f of ['conformance-report.html', 'conformance-report.md'])
    assert.match(files.get(f)!, /npm run verify -- certificate\.tar\.gz/);
  const certificate = JSON.parse(files.get(CERTIFICATE)!) as Certificate;
  assert.equal(certificate.suite.version, JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).version);
  assert.match(certificate.spec.sha256, /^[0-9a-f]{64}$/);

  const scriptRun = npmRun('verify', [bundle, '--public-key', publicKey]);
  assert.equal(scriptRun.code, 0, said(scriptRun));
  assert.match(scriptRun.stdout, /^VERIFIED: .*certificate\.tar\.gz: CONFORMS of run /m);
  assert.match(scriptRun.stdout, /the manifest is signed by the holder of /);
  assert.match(scriptRun.stdout, /the replay concludes CONFORMS, and each of \d+ requirements as the bundle does/);
  assert.equal(scriptRun.stdout.split('\n').filter((l) => /VERIFIED/.test(l)).length, 1, 'one verdict line');
});

test('one byte changed in the report: its hash; re-hashed, the report is not the one summary.json gives', () => {
  const byte = (files: Map<string, Buffer>) => {
    const html = Buffer.from(files.get('conformance-report.html')!);
    const at = html.indexOf('CONFORMS');
    html[at] = 'K'.charCodeAt(0);
    files.set('conformance-report.html', html);
  };
  const plain = npmRun('verify', [tampered('report-byte', byte, false)]);
  assert.equal(plain.code, 1, said(plain));
  assert.match(
    plain.stdout,
    /^NOT VERIFIED: .*: conformance-report\.html was changed: its SHA-256 is [0-9a-f]{16}…, the manifest says [0-9a-f]{16}…$/m,
  );
  const forged = npmRun('verify', [tampered('report-byte', byte, true)]);
  assert.equal(forged.code, 1, said(forged));
  assert.match(forged.stdout, /^NOT VERIFIED: .*: conformance-report\.html is not the report of summary\.json \(line \d+: .*KONFORMS/m);
  // and the signature no longer holds over the forged manifest
  const signed = npmRun('verify', [tampered('report-byte', byte, true), '--public-key', publicKey]);
  assert.equal(signed.code, 1, said(signed));
  assert.match(
    signed.stdout,
    /^NOT VERIFIED: .*: the manifest's signature does not match it: manifest\.json was changed after it was signed$/m,
  );
});

test('one exchange changed in the cassette: its hash; re-hashed, the replay concludes otherwise, naming the requirement', () => {
  const plain = npmRun('verify', [tampered('exchange', changeOneExchange, false)]);
  assert.equal(plain.code, 1, said(plain));
  assert.match(plain.stdout, /^NOT VERIFIED: .*: cassette\/exchanges-\d+\.ndjson was changed: its SHA-256/m);
  const forged = npmRun('verify', [tampered('exchange', changeOneExchange, true)]);
  assert.equal(forged.code, 1, said(forged));
  const match =
    /^NOT VERIFIED: .*: the replay concludes DOES NOT CONFORM, the bundle CONFORMS \(first requirement: ([\w-]+) is passed in the bundle, failed in the replay\)$/m.exec(
      forged.stdout,
    );
  assert.ok(match, said(forged));
  assert.ok(isRequirementId(match[1]) && requirement(match[1]).level === 'MUST', `${match[1]} is a MUST of the catalogue`);
});

test('another suite version, another spec: the certificate was changed; re-hashed, the version or the spec that differs', () => {
  const version = (files: Map<string, Buffer>) => editJson(files, CERTIFICATE, (c) => (c.suite.version = '0.0.9'));
  const spec = (files: Map<string, Buffer>) => editJson(files, CERTIFICATE, (c) => (c.spec.sha256 = 'ab'.repeat(32)));
  for (const edit of [version, spec]) {
    const plain = npmRun('verify', [tampered(edit.name, edit, false)]);
    assert.equal(plain.code, 1, said(plain));
    assert.match(plain.stdout, /^NOT VERIFIED: .*: certificate\.json was changed: its SHA-256/m);
  }
  const scriptRun = npmRun('verify', [tampered('version', version, true)]);
  assert.equal(scriptRun.code, 1, said(scriptRun));
  assert.match(
    scriptRun.stdout,
    /^NOT VERIFIED: .*: suite version: the bundle was certified by OTA Gateway Conformance 0\.0\.9.*, this is OTA Gateway Conformance \d+\.\d+\.\d+: verify it with that version$/m,
  );
  const s = npmRun('verify', [tampered('spec', spec, true)]);
  assert.equal(s.code, 1, said(s));
  assert.match(
    s.stdout,
    /^NOT VERIFIED: .*: spec: the bundle's requirements quote the spec with SHA-256 (ab){32}, this suite's quote the one with SHA-256 [0-9a-f]{64}$/m,
  );
});

test('a signature checked against another key, or asked of an unsigned bundle, is not verified', () => {
  const other = npmRun('verify', [bundle, '--public-key', otherPublicKey]);
  assert.equal(other.code, 1, said(other));
  assert.match(other.stdout, /^NOT VERIFIED: .*: the manifest was signed with another key \(public key SHA-256 [0-9a-f]{16}…\) than /m);
  const unsigned = tampered('unsigned', (f) => f.delete(SIGNATURE), false);
  const scriptRun = npmRun('verify', [unsigned, '--public-key', publicKey]);
  assert.equal(scriptRun.code, 1, said(scriptRun));
  assert.match(
    scriptRun.stdout,
    /^NOT VERIFIED: .*: the manifest is not signed \(no manifest\.sig\), and --public-key .* asks for a signature$/m,
  );
});

test('verify: a bundle or key it cannot read is one line, exit 2', () => {
  const text = join(root, 'not-a-bundle.tar.gz');
  writeFileSync(text, 'hello');
  const garbage = join(root, 'garbage.tar.gz');
  writeFileSync(garbage, gzipSync(Buffer.alloc(2048, 7)));
  const noManifest = tampered('no-manifest', (f) => f.delete(MANIFEST), false);
  for (const [args, says] of [
    [[join(root, 'missing.tar.gz')], /^Could not verify: bundle .*missing\.tar\.gz: no such file$/],
    [[text], /^Could not verify: bundle .*not-a-bundle\.tar\.gz: not a gzip archive/],
    [[garbage], /^Could not verify: bundle .*garbage\.tar\.gz: not a tar archive/],
    [[noManifest], /^Could not verify: bundle .*: no manifest\.json \(not a certificate written by npm run certify\)$/],
    [[bundle, '--public-key', join(root, 'nope.pem')], /^Could not verify: --public-key .*nope\.pem: no such file$/],
    [
      [bundle, '--public-key', rsaPublicKey],
      /^Could not verify: --public-key .*rsa\.pem: an Ed25519 public key is needed, this one is rsa$/,
    ],
    [[bundle, '--public-key', text], /^Could not verify: --public-key .*not-a-bundle\.tar\.gz: not a public key in PEM/],
    [[], /^Could not verify: name the bundle to verify: npm run verify -- /],
  ] as const) {
    const scriptRun = npmRun('verify', [...args]);
    assert.equal(scriptRun.code, 2, said(scriptRun));
    assert.equal(scriptRun.stderr.trim().split('\n').length, 1, scriptRun.stderr);
    assert.match(scriptRun.stderr.trim(), says);
  }
});

test('certify refuses a selection, a run without its cassette, a cassette of another run, a --summary-only run: one line, exit 2', () => {
  const copy = (name: string, edit: (reports: string, cas: string) => void) => {
    const dir = join(root, name);
    cpSync(run.reportsDir, join(dir, 'reports'), { recursive: true });
    cpSync(cassette, join(dir, 'cassette'), { recursive: true });
    edit(join(dir, 'reports'), join(dir, 'cassette'));
    return dir;
  };
  const cases: Array<{ dir: string; cassetteDir?: string; says: RegExp }> = [
    {
      dir: copy('selection', (reports, cas) => {
        const record = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Record<string, unknown>;
        record.selection = { text: '--tags "@op:hotelavailability"', tags: '@op:hotelavailability' };
        for (const d of [reports, cas]) writeFileSync(join(d, 'summary.json'), JSON.stringify(record));
      }),
      says: /the run was a selection \(--tags "@op:hotelavailability"\): a certificate is of a whole run/,
    },
    {
      dir: copy('no-cassette', () => undefined),
      cassetteDir: 'nowhere',
      says: /^Could not certify: no cassette at .*nowhere: a certificate holds the run's recording; run npm run conformance -- --record .*nowhere, then npm run certify/,
    },
    {
      dir: copy('other-run', (_r, c) => {
        const h = JSON.parse(readFileSync(join(c, 'cassette.json'), 'utf8')) as { runId: string };
        h.runId = 'ANOTHERRUN';
        writeFileSync(join(c, 'cassette.json'), JSON.stringify(h));
      }),
      says: /the cassette .* is of run ANOTHERRUN, the reports .* of run \w+: run npm run conformance -- --record .*, then npm run certify/,
    },
    {
      dir: copy('summary-only', (r) => rmSync(join(r, 'conformance-report.md'))),
      says: /no conformance-report\.md \(a --summary-only run\?\)/,
    },
  ];
  for (const { dir, cassetteDir, says } of cases) {
    const out = join(dir, 'certificate.tar.gz');
    const scriptRun = npmRun('certify', [
      '--reports',
      join(dir, 'reports'),
      '--cassette',
      join(dir, cassetteDir ?? 'cassette'),
      '--out',
      out,
    ]);
    assert.equal(scriptRun.code, 2, said(scriptRun));
    assert.equal(scriptRun.stderr.trim().split('\n').length, 1, scriptRun.stderr);
    assert.match(scriptRun.stderr.trim(), says);
    assert.ok(!existsSync(out), 'nothing written');
  }
});

test('certify: a secret in what the certificate would hold stops it (exit 3), names the file, never the value, writes nothing', () => {
  const dir = join(root, 'leaking');
  cpSync(run.reportsDir, join(dir, 'reports'), { recursive: true });
  const md = join(dir, 'reports', 'conformance-report.md');
  writeFileSync(md, `${readFileSync(md, 'utf8')}\nMessagePassword=${SANDBOX_CREDENTIALS.password}\n`);
  const out = join(dir, 'certificate.tar.gz');
  const scriptRun = npmRun('certify', ['--reports', join(dir, 'reports'), '--cassette', cassette, '--out', out], {
    OTA_PASSWORD: SANDBOX_CREDENTIALS.password,
  });
  assert.equal(scriptRun.code, 3, said(scriptRun));
  assert.match(scriptRun.stderr, /A SECRET WAS FOUND IN WHAT THE CERTIFICATE WOULD HOLD — nothing was written/);
  assert.match(scriptRun.stderr, /conformance-report\.md/);
  assert.ok(!(scriptRun.stdout + scriptRun.stderr).includes(SANDBOX_CREDENTIALS.password));
  assert.ok(!existsSync(out));
});
