// What a certificate bundle holds and how its parts are bound: the file names, certificate.json
// (the suite, the spec and the run it certifies), manifest.json (the SHA-256 of every other file)
// and the optional Ed25519 signature of the manifest. Shared by npm run certify, which writes it,
// and npm run verify, which checks it.
import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { ConfigError } from '../../core/errors';
import { PROJECT_ROOT } from '../../run/config';
import { suiteVersion } from '../../run/run-context';
import { quotesSha256, SPEC_DOCUMENT } from '../../specification/spec-document';

export const BUNDLE_FORMAT = 1;
export const CERTIFICATE = 'certificate.json';
export const MANIFEST = 'manifest.json';
export const SIGNATURE = 'manifest.sig';
/** Where the cassette is in the bundle (its test data and reply profile with it). */
export const CASSETTE = 'cassette';
export const SUMMARY = 'summary.json';
export const VERIFY_COMMAND = 'npm run verify --';

/** The suite as a certificate names it. */
export interface SuiteIdentity {
  name: string;
  version: string;
  /** The git commit of the suite that certified, when it runs from a git checkout. */
  commit?: string;
  /** The checkout had changes not committed: the commit alone does not say what ran. */
  localChanges?: boolean;
}

export interface Certificate {
  format: number;
  suite: SuiteIdentity;
  /** The spec the requirements quote: its SHA-256, and that of the quoted words (ID and quote, one a line). */
  spec: { name: string; sha256: string; quotesSha256: string };
  run: {
    runId: string;
    verdict: string;
    exitCode: number;
    target: string;
    finishedAt: string;
    profile: string;
    strict: boolean;
    claims: string[];
    retry?: number;
  };
  certifiedAt: string;
  /** How anyone re-checks it. */
  verify: string;
}

export interface Manifest {
  format: number;
  algorithm: 'sha256';
  /** Every file of the bundle but the manifest and its signature: its path and SHA-256. */
  files: Record<string, string>;
}

export interface ManifestSignature {
  algorithm: 'ed25519';
  /** The signature of manifest.json's bytes, base64. */
  signature: string;
  /** The SHA-256 of the signer's public key (SPKI, DER): which key to ask the certifier for. */
  publicKeySha256: string;
}

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

const git = (args: string[]): string | undefined => {
  try {
    return execFileSync('git', args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
};

/** The suite running now: its name, version (package.json) and, in a git checkout, its commit. */
export function runningSuite(): SuiteIdentity {
  const commit = git(['rev-parse', 'HEAD']) || undefined;
  const status = commit ? git(['status', '--porcelain', '--untracked-files=no']) : undefined;
  return {
    name: 'OTA Gateway Conformance',
    version: suiteVersion(),
    ...(commit ? { commit, localChanges: !!status } : {}),
  };
}

/** The spec the running suite's catalogue quotes. */
export function runningSpec(): Certificate['spec'] {
  return { name: SPEC_DOCUMENT.name, sha256: SPEC_DOCUMENT.sha256, quotesSha256: quotesSha256() };
}

/** The manifest of the files (names sorted). */
export function manifestOf(files: ReadonlyMap<string, Buffer>): Manifest {
  const names = [...files.keys()].sort();
  return { format: BUNDLE_FORMAT, algorithm: 'sha256', files: Object.fromEntries(names.map((n) => [n, sha256(files.get(n)!)])) };
}

export const jsonBytes = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** An Ed25519 key from a PEM file, private (to sign) or public (to check); one line when it is not one. */
export function readKey(file: string, kind: 'private' | 'public', option: string): KeyObject {
  if (!existsSync(file) || statSync(file).isDirectory()) throw new ConfigError(`${option} ${file}: no such file`);
  let key: KeyObject;
  try {
    const pem = readFileSync(file);
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch (error) {
    const why = (error as Error).message.split('\n')[0];
    throw new ConfigError(`${option} ${file}: not a ${kind} key in PEM (${why})`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new ConfigError(`${option} ${file}: an Ed25519 ${kind} key is needed, this one is ${key.asymmetricKeyType ?? 'not asymmetric'}`);
  return key;
}

const publicKeySha256 = (key: KeyObject) =>
  sha256((key.type === 'public' ? key : createPublicKey(key)).export({ type: 'spki', format: 'der' }));

/** The signature of the manifest's bytes with an Ed25519 private key. */
export function signManifest(manifest: Buffer, privateKey: KeyObject): ManifestSignature {
  return {
    algorithm: 'ed25519',
    signature: sign(null, manifest, privateKey).toString('base64'),
    publicKeySha256: publicKeySha256(privateKey),
  };
}

/** Why the signature does not prove the manifest was signed by the holder of `publicKey`; undefined when it does. */
export function signatureProblem(
  manifest: Buffer,
  signatureFile: Buffer | undefined,
  publicKey: KeyObject,
  keyFile: string,
): string | undefined {
  if (!signatureFile) return `the manifest is not signed (no ${SIGNATURE}), and --public-key ${keyFile} asks for a signature`;
  let manifestSignature: ManifestSignature;
  try {
    manifestSignature = JSON.parse(signatureFile.toString('utf8')) as ManifestSignature;
  } catch {
    return `${SIGNATURE} cannot be read as JSON`;
  }
  if (manifestSignature.algorithm !== 'ed25519' || typeof manifestSignature.signature !== 'string')
    return `${SIGNATURE} is not an Ed25519 signature`;
  const ok = verify(null, manifest, publicKey, Buffer.from(manifestSignature.signature, 'base64'));
  if (ok) return undefined;
  return manifestSignature.publicKeySha256 && manifestSignature.publicKeySha256 !== publicKeySha256(publicKey)
    ? `the manifest was signed with another key (public key SHA-256 ${manifestSignature.publicKeySha256.slice(0, 16)}…) than ${keyFile}`
    : `the manifest's signature does not match it: manifest.json was changed after it was signed`;
}
