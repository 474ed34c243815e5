// `npm run verify -- <bundle> [--public-key <pub.pem>]`: re-checks a certificate (npm run certify),
// offline and with no secret, in order, stopping at the first difference: the manifest's signature
// (given a public key), every file's SHA-256, the suite's name and version against the one running,
// the spec the requirements quote, the three reports against what this suite renders from the
// bundle's summary.json, the cassette against the run, and a replay of the cassette (no network,
// nothing of this shell's environment) against the verdict and every requirement's outcome.
// One verdict line: VERIFIED (exit 0) or NOT VERIFIED with the first difference (exit 1); a bundle
// or key it cannot read is one line, exit 2.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { ConfigError } from '../../core/errors';
import { renderHtml, renderMarkdown, toEarl } from '../../reporting/conformance-report';
import { REPORT_FILES } from '../../reporting/conformance-report/model';
import type { ConformanceResult } from '../../reporting/result';
import { EXIT } from '../../reporting/verdict';
import { PROJECT_ROOT } from '../../run/config';
import { readSummary } from '../merge/merge-checks';
import {
  BUNDLE_FORMAT,
  CASSETTE,
  CERTIFICATE,
  jsonBytes,
  MANIFEST,
  readKey,
  runningSpec,
  runningSuite,
  sha256,
  SIGNATURE,
  signatureProblem,
  SUMMARY,
  type Certificate,
  type Manifest,
} from '../certify/bundle';
import { readTarGz, UnreadableArchive } from '../certify/tar';
import { endCommand } from '../end-command';

const USAGE = 'npm run verify -- <bundle.tar.gz> [--public-key <ed25519 public key.pem>]';

/** What must be in every certificate's manifest. */
const REQUIRED = [CERTIFICATE, SUMMARY, ...Object.values(REPORT_FILES), `${CASSETTE}/cassette.json`];

/** A replay of a whole run, on a loaded machine: a hang is stopped here. */
const REPLAY_TIMEOUT_MS = 30 * 60_000;

/** The first difference found: NOT VERIFIED. */
class Difference extends Error {}

interface VerifyArguments {
  bundle: string;
  publicKey?: string;
}

function parseArguments(argv: readonly string[]): VerifyArguments {
  let bundle: string | undefined;
  let publicKey: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--public-key' || a.startsWith('--public-key=')) {
      const value = a === '--public-key' ? argv[++i] : a.slice('--public-key='.length);
      if (!value || value.startsWith('-')) throw new ConfigError(`--public-key needs a file; use ${USAGE}`);
      publicKey = resolve(value);
    } else if (a.startsWith('-')) throw new ConfigError(`unknown argument ${a}; use ${USAGE}`);
    else if (bundle !== undefined) throw new ConfigError(`one bundle at a time (${bundle} and ${a}); use ${USAGE}`);
    else bundle = resolve(a);
  }
  if (!bundle) throw new ConfigError(`name the bundle to verify: ${USAGE}`);
  return { bundle, publicKey };
}

/** The bundle's files; one line (exit 2) when it is not a certificate this suite can read. */
function readBundle(file: string): Map<string, Buffer> {
  if (!existsSync(file)) throw new ConfigError(`bundle ${file}: no such file`);
  if (statSync(file).isDirectory())
    throw new ConfigError(`bundle ${file}: a folder, not a bundle (name the .tar.gz npm run certify wrote)`);
  const files = new Map(readTarGz(readFileSync(file), `bundle ${file}`).map((e) => [e.name, e.data]));
  const manifest = files.get(MANIFEST);
  if (!manifest) throw new ConfigError(`bundle ${file}: no ${MANIFEST} (not a certificate written by npm run certify)`);
  let m: Manifest;
  try {
    m = JSON.parse(manifest.toString('utf8')) as Manifest;
  } catch (error) {
    throw new ConfigError(`bundle ${file}: ${MANIFEST} cannot be read as JSON (${(error as Error).message})`);
  }
  if (m.format !== BUNDLE_FORMAT || m.algorithm !== 'sha256' || typeof m.files !== 'object' || m.files === null)
    throw new ConfigError(
      `bundle ${file}: ${MANIFEST} is of format ${String(m.format)}, this suite reads format ${BUNDLE_FORMAT} (sha256)`,
    );
  return files;
}

const json = <T>(files: ReadonlyMap<string, Buffer>, name: string): T => {
  try {
    return JSON.parse(files.get(name)!.toString('utf8')) as T;
  } catch (error) {
    throw new Difference(`${name} cannot be read as JSON (${(error as Error).message})`);
  }
};

/** Every file is the one the manifest names, and the manifest names every file. */
function checkHashes(files: ReadonlyMap<string, Buffer>): string {
  const manifest = json<Manifest>(files, MANIFEST);
  for (const name of REQUIRED) if (!(name in manifest.files)) throw new Difference(`the manifest lists no ${name}`);
  for (const [name, expected] of Object.entries(manifest.files)) {
    const data = files.get(name);
    if (!data) throw new Difference(`${name} is in the manifest but not in the bundle`);
    const found = sha256(data);
    if (found !== expected)
      throw new Difference(
        `${name} was changed: its SHA-256 is ${found.slice(0, 16)}…, the manifest says ${String(expected).slice(0, 16)}…`,
      );
  }
  for (const name of files.keys())
    if (name !== MANIFEST && name !== SIGNATURE && !(name in manifest.files))
      throw new Difference(`${name} is in the bundle but not in the manifest`);
  return `${Object.keys(manifest.files).length} files match the manifest`;
}

/** The suite that certified is the one running (name and version); the spec its requirements quote is this suite's. */
function checkSuiteAndSpec(certificate: Certificate): string[] {
  const now = runningSuite();
  const then = certificate.suite ?? ({} as Certificate['suite']);
  if (then.name !== now.name || then.version !== now.version)
    throw new Difference(
      `suite version: the bundle was certified by ${String(then.name)} ${String(then.version)}${then.commit ? ` (commit ${then.commit.slice(0, 12)})` : ''}, this is ${now.name} ${now.version}: verify it with that version`,
    );
  const spec = runningSpec();
  if (certificate.spec?.sha256 !== spec.sha256)
    throw new Difference(
      `spec: the bundle's requirements quote the spec with SHA-256 ${String(certificate.spec?.sha256)}, this suite's quote the one with SHA-256 ${spec.sha256}`,
    );
  if (certificate.spec?.quotesSha256 !== spec.quotesSha256)
    throw new Difference(
      `spec: the bundle's requirements quote other words of the spec (quotes SHA-256 ${String(certificate.spec?.quotesSha256)}, this suite's ${spec.quotesSha256})`,
    );
  return [
    `suite ${now.name} ${now.version}, as certified`,
    `spec ${spec.name} SHA-256 ${spec.sha256.slice(0, 16)}…, as the requirements quote it`,
  ];
}

/** Where two texts first differ: the line, and a few characters around the first that differs in each. */
function firstLineDiffering(found: string, rendered: string): string {
  const list = found.split('\n');
  const y = rendered.split('\n');
  const line = Math.max(
    0,
    list.findIndex((l, k) => l !== y[k]),
  );
  const a = list[line] ?? '';
  const b = y[line] ?? '';
  let c = 0;
  while (c < a.length && a[c] === b[c]) c++;
  const around = (s: string) => JSON.stringify(s.slice(Math.max(0, c - 20), c + 20));
  return `line ${line + 1}: ${around(a)} where this suite renders ${around(b)}`;
}

/** The three reports are exactly what this suite renders from the bundle's summary.json. */
function checkReports(files: ReadonlyMap<string, Buffer>, result: ConformanceResult): string {
  const rendered: Record<string, string> = {
    [REPORT_FILES.html]: renderHtml(result),
    [REPORT_FILES.markdown]: renderMarkdown(result),
    [REPORT_FILES.json]: jsonBytes(toEarl(result)).toString('utf8'),
  };
  for (const [name, expected] of Object.entries(rendered)) {
    const found = files.get(name)!.toString('utf8');
    if (found !== expected) throw new Difference(`${name} is not the report of summary.json (${firstLineDiffering(found, expected)})`);
  }
  return 'the three reports are those of summary.json';
}

/** The cassette is of the run certified. */
function checkCassette(files: ReadonlyMap<string, Buffer>, result: ConformanceResult): void {
  const header = json<{ runId?: string }>(files, `${CASSETTE}/cassette.json`);
  if (header.runId !== result.runId)
    throw new Difference(`the cassette is of run ${String(header.runId)}, summary.json of run ${result.runId}`);
  if (!files.get(`${CASSETTE}/${SUMMARY}`)?.equals(files.get(SUMMARY)!))
    throw new Difference(`${CASSETTE}/${SUMMARY} is not ${SUMMARY}: the cassette did not record this run`);
}

/** Only what a process needs to start: nothing that configures the suite, no credential. */
function bareEnvironment(reports: string, ledger: string): NodeJS.ProcessEnv {
  const keep = ['PATH', 'Path', 'HOME', 'USERPROFILE', 'SYSTEMROOT', 'SystemRoot', 'TMPDIR', 'TEMP', 'TMP', 'LANG'];
  const env: NodeJS.ProcessEnv = Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
  return { ...env, OTA_REPORTS_DIR: reports, OTA_LEDGER_FILE: ledger };
}

/** The cassette replayed (npm run conformance -- --replay) as the run was made: its verdict and every requirement's outcome. */
function replay(files: ReadonlyMap<string, Buffer>, result: ConformanceResult): string {
  const work = mkdtempSync(join(tmpdir(), 'ota-verify-'));
  try {
    const cassette = join(work, CASSETTE);
    mkdirSync(cassette);
    for (const [name, data] of files) {
      if (!name.startsWith(`${CASSETTE}/`)) continue;
      const own = name.slice(CASSETTE.length + 1);
      if (own.includes('/')) throw new Difference(`${name} is not a file of a cassette (a cassette holds no folder)`);
      writeFileSync(join(cassette, own), data);
    }
    const args = [
      join(PROJECT_ROOT, 'scripts', 'launch.js'),
      'conformance',
      '--replay',
      cassette,
      '--summary-only',
      '--profile',
      result.profile,
      '--claim',
      result.claims.join(','),
      ...(result.strict ? ['--strict'] : []),
      ...(result.retry ? ['--retry', String(result.retry)] : []),
    ];
    const reports = join(work, 'reports');
    const spawned = spawnSync(process.execPath, args, {
      cwd: PROJECT_ROOT,
      env: bareEnvironment(reports, join(work, 'ledger', 'bookings.jsonl')),
      encoding: 'utf8',
      timeout: REPLAY_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
    const said = (spawned.stderr || spawned.stdout || '')
      .trim()
      .split('\n')
      .filter((l) => l.trim())
      .pop();
    if (spawned.error || spawned.signal)
      throw new Difference(`the replay did not finish (${spawned.error?.message ?? String(spawned.signal)})`);
    if (spawned.status === EXIT.COULD_NOT_RUN || !existsSync(join(reports, SUMMARY)))
      throw new Difference(`the replay could not run: ${said ?? `exit ${String(spawned.status)}`}`);
    const replayed = readSummary(reports);
    const first = result.requirements.find((q) => replayed.requirements.find((p) => p.id === q.id)?.outcome !== q.outcome);
    const firstText = first
      ? `${first.id} is ${first.outcome} in the bundle, ${replayed.requirements.find((p) => p.id === first.id)?.outcome ?? 'absent'} in the replay`
      : undefined;
    if (replayed.verdict !== result.verdict)
      throw new Difference(
        `the replay concludes ${replayed.verdict}, the bundle ${result.verdict}${firstText ? ` (first requirement: ${firstText})` : ''}`,
      );
    if (firstText) throw new Difference(`the replay concludes otherwise: ${firstText}`);
    const extra = replayed.requirements.find((p) => !result.requirements.some((q) => q.id === p.id));
    if (extra) throw new Difference(`the replay judges ${extra.id}, which the bundle does not have`);
    return `the replay concludes ${replayed.verdict}, and each of ${result.requirements.length} requirements as the bundle does`;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every check in order; the lines of those that held. Throws Difference at the first that does not. */
function checkBundle(
  files: ReadonlyMap<string, Buffer>,
  key: KeyObject | undefined,
  keyFile: string | undefined,
): { said: string[]; certificate: Certificate; result: ConformanceResult } {
  const said: string[] = [];
  if (key && keyFile) {
    const problem = signatureProblem(files.get(MANIFEST)!, files.get(SIGNATURE), key, keyFile);
    if (problem) throw new Difference(problem);
    said.push(`the manifest is signed by the holder of ${keyFile}`);
  }
  said.push(checkHashes(files));
  const certificate = json<Certificate>(files, CERTIFICATE);
  said.push(...checkSuiteAndSpec(certificate));
  const result = json<ConformanceResult>(files, SUMMARY);
  if (!Array.isArray(result.requirements) || typeof result.verdict !== 'string')
    throw new Difference(`${SUMMARY} holds no verdict and requirements`);
  if (certificate.run?.runId !== result.runId || certificate.run?.verdict !== result.verdict)
    throw new Difference(
      `${CERTIFICATE} names run ${String(certificate.run?.runId)} (${String(certificate.run?.verdict)}), ${SUMMARY} run ${result.runId} (${result.verdict})`,
    );
  said.push(checkReports(files, result));
  checkCassette(files, result);
  said.push(replay(files, result));
  return { said, certificate, result };
}

function verifyBundle(argv: readonly string[]): number {
  const args = parseArguments(argv);
  const key = args.publicKey ? readKey(args.publicKey, 'public', '--public-key') : undefined;
  const files = readBundle(args.bundle);
  try {
    const { said, result } = checkBundle(files, key, args.publicKey);
    for (const line of said) console.log(`  ok  ${line}`);
    const unsigned = !key ? (files.has(SIGNATURE) ? '; signed, the signature not checked (give --public-key)' : '; not signed') : '';
    console.log(`VERIFIED: ${args.bundle}: ${result.verdict} of run ${result.runId} (target ${result.target.url})${unsigned}`);
    return EXIT.CONFORMS;
  } catch (error) {
    if (!(error instanceof Difference)) throw error;
    console.log(`NOT VERIFIED: ${args.bundle}: ${error.message}`);
    return EXIT.DOES_NOT_CONFORM;
  }
}

export function main(argv: string[]): void {
  endCommand(
    'verify',
    () => verifyBundle(argv),
    (e) => e instanceof UnreadableArchive,
  );
}
