// `npm run certify -- [--reports <dir>] [--cassette <dir>] [--out <file>] [--sign <key.pem>]`: one
// archive a third party can re-check (npm run verify) of a whole run recorded with --record: the
// conformance report in its three forms, summary.json, the cassette (with the test data and reply
// profile it was recorded with), certificate.json (the suite's name, version and commit, the
// SHA-256 of the spec the requirements quote, the run) and manifest.json (the SHA-256 of every
// file), optionally signed with Ed25519. A selection, a run that could not run, a run without its
// cassette: one line, exit 2. Masked and scanned like every report: a secret found is exit 3, and
// nothing is written.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { ConfigError } from '../../core/errors';
import { REPORT_FILES } from '../../reporting/conformance-report/model';
import type { ConformanceResult } from '../../reporting/result';
import { EXIT } from '../../reporting/verdict';
import { Redactor } from '../../safety/masking';
import { formatFindings, scanForSecrets } from '../../safety/scanning';
import { loadReportConfig } from '../../run/config';
import { checkInputFolder, checkOutputFile } from '../../run/input-checks';
import { readSummary, selectionOfRun } from '../merge/merge-checks';
import {
  BUNDLE_FORMAT,
  CASSETTE,
  CERTIFICATE,
  jsonBytes,
  MANIFEST,
  manifestOf,
  readKey,
  runningSpec,
  runningSuite,
  SIGNATURE,
  signManifest,
  SUMMARY,
  VERIFY_COMMAND,
  type Certificate,
} from './bundle';
import { writeTarGz } from './tar';
import { endCommand } from '../end-command';

const USAGE = 'npm run certify -- [--reports <dir>] [--cassette <dir>] [--out <file.tar.gz>] [--sign <ed25519 key.pem>]';

/** The file a certificate is written to when --out names none: beside the run's reports (the next run removes it with them). */
export const CERTIFICATE_FILE = 'certificate.tar.gz';

/** The files of a cassette (src/run/cassette.ts): nothing else in its folder goes into a certificate. */
const CASSETTE_FILE = /^(cassette\.json|test-data\.json|reply-profile\.json|summary\.json|exchanges-\d+\.ndjson)$/;

interface CertifyArguments {
  reports: string;
  cassette: string;
  out?: string;
  sign?: string;
}

function parseArguments(argv: readonly string[], reportsDefault: string): CertifyArguments {
  const given: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i];
    const eq = raw.indexOf('=');
    const name = raw.startsWith('--') && eq > 0 ? raw.slice(0, eq) : raw;
    if (!['--reports', '--cassette', '--out', '--sign'].includes(name)) throw new ConfigError(`unknown argument ${raw}; use ${USAGE}`);
    const value = eq > 0 && raw.startsWith('--') ? raw.slice(eq + 1) : argv[++i];
    if (!value || value.startsWith('-')) throw new ConfigError(`${name} needs a value; use ${USAGE}`);
    if (given[name] !== undefined) throw new ConfigError(`${name} is given twice; use ${USAGE}`);
    given[name] = value;
  }
  return {
    reports: resolve(given['--reports'] ?? reportsDefault),
    cassette: resolve(given['--cassette'] ?? 'cassette'),
    out: given['--out'] && resolve(given['--out']),
    sign: given['--sign'] && resolve(given['--sign']),
  };
}

/** The run certified: a whole run that ran, with its three reports. */
function certifiableRun(reports: string): ConformanceResult {
  checkInputFolder(reports, 'reports folder');
  const run = readSummary(reports);
  const selection = selectionOfRun(run);
  if (selection)
    throw new ConfigError(
      `${reports}: the run was a selection (${selection.text}): a certificate is of a whole run; run npm run conformance -- --record cassette without a selection`,
    );
  if (run.verdict === 'COULD NOT RUN' || !Array.isArray(run.requirements))
    throw new ConfigError(`${reports}: the run could not run (${run.verdictReason ?? 'no verdict'}): there is no verdict to certify`);
  for (const f of Object.values(REPORT_FILES))
    if (!existsSync(join(reports, f)))
      throw new ConfigError(
        `${reports}: no ${f} (a --summary-only run?): run npm run conformance -- --record cassette without --summary-only`,
      );
  return run;
}

/** The run's cassette: recorded by this very run (the same run id and summary). */
function cassetteOf(dir: string, reports: string, run: ConformanceResult): Map<string, Buffer> {
  const record = `run npm run conformance -- --record ${dir}, then npm run certify`;
  if (!existsSync(join(dir, 'cassette.json')))
    throw new ConfigError(`no cassette at ${dir}: a certificate holds the run's recording; ${record} (or name it with --cassette)`);
  let header: { runId?: string };
  try {
    header = JSON.parse(readFileSync(join(dir, 'cassette.json'), 'utf8')) as { runId?: string };
  } catch (error) {
    throw new ConfigError(`${join(dir, 'cassette.json')}: cannot be read as JSON (${(error as Error).message})`);
  }
  if (header.runId !== run.runId)
    throw new ConfigError(`the cassette ${dir} is of run ${String(header.runId)}, the reports ${reports} of run ${run.runId}: ${record}`);
  const files = new Map<string, Buffer>();
  for (const f of readdirSync(dir).sort()) if (CASSETTE_FILE.test(f)) files.set(`${CASSETTE}/${f}`, readFileSync(join(dir, f)));
  if (!files.get(`${CASSETTE}/${SUMMARY}`)?.equals(readFileSync(join(reports, SUMMARY))))
    throw new ConfigError(`the cassette ${dir} does not hold the summary.json of ${reports}: ${record}`);
  return files;
}

/** The files of the certificate: the run's, as it wrote them. */
function bundleFiles(args: CertifyArguments, run: ConformanceResult): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const certificate: Certificate = {
    format: BUNDLE_FORMAT,
    suite: runningSuite(),
    spec: runningSpec(),
    run: {
      runId: run.runId,
      verdict: run.verdict,
      exitCode: run.exitCode,
      target: run.target.url,
      finishedAt: run.finishedAt,
      profile: run.profile,
      strict: run.strict,
      claims: [...run.claims],
      ...(run.retry ? { retry: run.retry } : {}),
    },
    certifiedAt: new Date().toISOString(),
    verify: `${VERIFY_COMMAND} <this file>`,
  };
  files.set(CERTIFICATE, jsonBytes(certificate));
  for (const f of [...Object.values(REPORT_FILES), SUMMARY]) files.set(f, readFileSync(join(args.reports, f)));
  for (const [name, data] of cassetteOf(args.cassette, args.reports, run)) files.set(name, data);
  return files;
}

/**
 * The files masked and scanned as every report is, for the secrets of the run's configuration and
 * of this one: a certificate holds the run's evidence byte for byte, so a file that masking would
 * change, or in which the scan finds a secret in any disguise, stops it (named, never shown).
 */
function secretsIn(files: ReadonlyMap<string, Buffer>, redactor: Redactor): string | undefined {
  if (redactor.secrets.length === 0) return undefined;
  const unmasked = [...files].filter(([, data]) => redactor.scrub(data.toString('utf8')) !== data.toString('utf8')).map(([n]) => n);
  if (unmasked.length) return `a secret of the configuration is unmasked in ${unmasked.join(', ')}`;
  const staging = mkdtempSync(join(tmpdir(), 'ota-certify-'));
  try {
    for (const [name, data] of files) {
      mkdirSync(dirname(join(staging, name)), { recursive: true });
      writeFileSync(join(staging, name), data);
    }
    const leaks = scanForSecrets(staging, [...redactor.secrets]).map((l) => ({ ...l, file: l.file.slice(staging.length + 1) }));
    return leaks.length ? formatFindings(leaks) : undefined;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function certify(argv: readonly string[]): number {
  const config = loadReportConfig();
  const args = parseArguments(argv, config.reportsDir);
  // Everything is checked before anything is written.
  const run = certifiableRun(args.reports);
  const out = args.out ?? join(args.reports, CERTIFICATE_FILE);
  checkOutputFile(out, '--out');
  const key: KeyObject | undefined = args.sign ? readKey(args.sign, 'private', '--sign') : undefined;
  const redactor = new Redactor([...config.secrets], { user: config.user });
  const files = bundleFiles(args, run);
  const leaked = secretsIn(files, redactor);
  if (leaked) {
    console.error(`A SECRET WAS FOUND IN WHAT THE CERTIFICATE WOULD HOLD — nothing was written:\n${leaked}`);
    return EXIT.SECRET_LEAKED;
  }
  const manifest = jsonBytes(manifestOf(files));
  const head: Array<[string, Buffer]> = [
    [CERTIFICATE, files.get(CERTIFICATE)!],
    [MANIFEST, manifest],
    ...(key ? [[SIGNATURE, jsonBytes(signManifest(manifest, key))] as [string, Buffer]] : []),
  ];
  const rest = [...files.entries()].filter(([n]) => n !== CERTIFICATE).sort(([a], [b]) => a.localeCompare(b));
  const mtime = Math.floor(Date.parse(run.finishedAt) / 1000) || 0;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    writeTarGz(
      [...head, ...rest].map(([name, data]) => ({ name, data })),
      mtime,
    ),
  );
  console.log(
    `Certificate: ${out} (${files.size} files${key ? ', the manifest signed' : ''}): ${run.verdict} of run ${run.runId}, target ${run.target.url}`,
  );
  console.log(`Anyone can re-check it, offline and with no secret: ${VERIFY_COMMAND} ${out}`);
  return EXIT.CONFORMS;
}

export function main(argv: string[]): void {
  endCommand('certify', () => certify(argv));
}
