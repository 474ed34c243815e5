// `npm run init -- --hotel <code>` (or `--place Region:<name>`): the test data of a gateway, asked
// of the gateway itself, so that nothing in it is invented. Given a base URL and credentials (from the environment,
// as a run's) and one hotel code or place, it asks the gateway's read-only operations for every
// field (./assemble.ts), writes the file with where each value came from (`sources`), and
// checks it as a run would: the schema, then every code against the gateway. Bounded (the run's
// time-outs and size cap, the breaker, a request budget), masked (its output and the file are
// scrubbed, and the file is scanned for secrets as a report is). A gateway that refuses the
// credentials, answers nothing usable or does not answer: one line, exit 2, nothing written. A file
// with fields it could not find is written only with --partial, naming each (exit 1).
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { ConfigError } from '../../core/errors';
import { FACT_IDS } from '../../operations';
import { Redactor } from '../../safety/masking';
import { scanFiles } from '../../safety/scanning';
import { FailureBreaker } from '../../run/failure-breaker';
import { closeTransport } from '../../transport/agents';
import { checkReachable } from '../../transport/reachability';
import { loadXml } from '../../xml/xml';
import { loadConfig } from '../../run/config';
import { discoverTestData, provisionalTestData } from './assemble';
import { GatewayAsker, InitStopped, type GatewayContext } from './gateway';
import { INIT_USAGE, parseInitOptions, type InitOptions } from './options';
import { checkOutputFile, misspeltVariables } from '../../run/input-checks';
import { loadReplyProfile } from '../../run/reply-profile';
import { startEmbeddedSandbox } from '../../run/run-context';
import { describeUnknownCodes, unknownTestDataCodes } from '../../run/test-data-codes';
import { loadTestData, TEST_DATA_SCHEMA_FILE, testDataProblems } from '../../run/test-data-file';

/** Exit codes of npm run init. */
export const INIT_EXIT = { written: 0, partial: 1, couldNot: 2, secret: 3 } as const;

/** The file as written: its schema, what it describes, where each value came from, then the fields. */
function fileText(
  opts: InitOptions,
  target: string,
  seed: string,
  sources: Record<string, string>,
  fields: Record<string, unknown>,
): string {
  const file = {
    $schema: relative(dirname(opts.out), TEST_DATA_SCHEMA_FILE).split('\\').join('/'),
    description: `Test data of ${target}, asked of the gateway by npm run init from hotel ${seed} (${new Date().toISOString().slice(0, 10)}). "sources" says where each value came from; check the guesses.`,
    sources,
    ...fields,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(INIT_USAGE);
    return INIT_EXIT.written;
  }
  for (const line of misspeltVariables(process.env)) console.warn(line);
  const opts = parseInitOptions(argv, process.env.OTA_TEST_DATA?.trim() || 'gateway.test-data.json');
  checkOutputFile(opts.out, '--out');
  if (existsSync(opts.out) && !opts.force)
    throw new ConfigError(`--out ${opts.out} exists: init does not replace a test-data file unless --force`);
  await loadXml();
  // The run's configuration without its test data: init writes that.
  const config = loadConfig({ ...process.env, OTA_TEST_DATA: undefined, OTA_RECORD_DIR: undefined, OTA_REPLAY_DIR: undefined });
  const redactor = new Redactor(config.secrets);
  const profile = loadReplyProfile(config.replyProfileFile, FACT_IDS);
  const embedded = config.baseUrl ? undefined : await startEmbeddedSandbox(config);
  const baseUrl = config.baseUrl ?? embedded!.baseUrl;
  const target = embedded ? 'the embedded sandbox' : redactor.scrub(baseUrl);
  try {
    const reachable = await checkReachable(baseUrl, config.limits);
    if (!reachable.reachable) throw new InitStopped(redactor.scrub(reachable.message));
    const ctx: GatewayContext = { baseUrl, config, breaker: FailureBreaker.forRun(config), credentials: config.credentials, redactor };
    const asker = new GatewayAsker(ctx, profile.facts, opts.maxRequests);
    const data = provisionalTestData(opts, config.credentials);
    const { file, d, seed } = await discoverTestData(asker, opts, data);
    const found = d.found;
    const sources = Object.fromEntries(Object.entries(found.sources).map(([k, v]) => [k, redactor.scrub(v)]));
    const missing = found.missing.map((m) => `${m.field}: ${redactor.scrub(m.why)}`);
    if (missing.length && !opts.partial)
      throw new InitStopped(
        `init could not find ${missing.length} field(s) of the test data: ${missing.join('; ')}. Nothing written: give them as options, or write what was found with --partial`,
      );
    // Written beside its place first: checked, scanned, then put in place (nothing is left on failure).
    const tmp = `${opts.out}.init-${process.pid}.tmp`;
    writeFileSync(tmp, fileText(opts, target, seed, sources, file));
    try {
      const leaks = scanFiles([tmp], config.secrets);
      if (leaks.length) {
        console.error(`Could not init: the file would hold a secret of this configuration (${leaks[0].secretLabel}); nothing written`);
        return INIT_EXIT.secret;
      }
      if (!missing.length) {
        const problems = testDataProblems(JSON.parse(readFileSync(tmp, 'utf8')));
        if (problems.length) throw new Error(`init wrote a file the schema refuses: ${problems.join('; ')}`);
        const unknown = await unknownTestDataCodes({ ...ctx, data: loadTestData(tmp) });
        if (unknown.length) throw new InitStopped(redactor.scrub(`the written file fails its own check: ${describeUnknownCodes(unknown)}`));
      }
      renameSync(tmp, opts.out);
    } finally {
      rmSync(tmp, { force: true });
    }
    report(
      opts,
      target,
      asker.requests,
      found.guesses.map(redactor.scrub.bind(redactor)),
      missing,
      redactor.scrub(nextInit(argv, found.missing)),
    );
    return missing.length ? INIT_EXIT.partial : INIT_EXIT.written;
  } finally {
    await embedded?.stop();
    await closeTransport();
  }
}

/** The option that gives each field init may not find (the rest are edited in the file). */
const OPTION_OF: Record<string, string> = {
  'transfers.airportCode': '--airport <IATA>',
  'transfers.airlineCode': '--airline <code>',
  'transfers.locationTypeCode': '--location-type <code>',
};

/** The next init command when fields are missing: the same, with the options that give them, and --force (the file is written). */
function nextInit(argv: readonly string[], missing: ReadonlyArray<{ field: string }>): string {
  const options = [...new Set(missing.flatMap((m) => (OPTION_OF[m.field] ? [OPTION_OF[m.field]] : [])))];
  if (!options.length) return '';
  const again = argv.filter((a) => a !== '--partial' && a !== '--force');
  const quoted = again.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`));
  return `npm run init -- ${[...quoted, ...options, '--force'].join(' ')}`;
}

function report(opts: InitOptions, target: string, requests: number, guesses: string[], missing: string[], next = ''): void {
  const near = relative(process.cwd(), opts.out);
  const where = near && !near.startsWith('..') ? near : opts.out;
  if (missing.length) {
    console.log(`Wrote ${where} (--partial): ${missing.length} field(s) missing, asked of ${target} in ${requests} read-only requests:`);
    for (const m of missing) console.log(`  missing ${m}`);
    console.log(
      next
        ? `Next: ${next}   (or fill the fields in ${where}, then OTA_TEST_DATA=${where} npm run conformance)`
        : `Next: fill the fields in ${where}, then OTA_TEST_DATA=${where} npm run conformance`,
    );
  } else
    console.log(
      `Wrote ${where}: every field, asked of ${target} in ${requests} read-only requests; checked: the schema, and the gateway knows its codes.`,
    );
  if (guesses.length) {
    console.log('Guessed (the gateway cannot tell these; give the options if they are wrong):');
    for (const guess of guesses) console.log(`  ${guess}`);
  }
  if (!missing.length) console.log(`Next: OTA_TEST_DATA=${where} npm run conformance`);
}

/** `npm run init`: exit 0 written and checked, 1 written with --partial and fields missing, 2 could not, 3 a secret. */
export async function main(argv: string[]): Promise<void> {
  let code: number;
  try {
    code = await run(argv);
  } catch (error) {
    console.error(`Could not init: ${error instanceof ConfigError ? error.message : ((error as Error)?.stack ?? String(error))}`);
    code = INIT_EXIT.couldNot;
  }
  process.exitCode = code;
}
