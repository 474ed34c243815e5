// `npm run conformance [-- --profile <name>] [--tags "<expression>"]`
// The main job: open the run (embedded sandbox unless OTA_BASE_URL names a target), check that the
// target answers, cancel bookings a killed earlier run left behind, run the features, print the
// verdict per operation and requirement, scan the reports for secrets.
// Exit codes: 0 conforms; 1 does not conform; 2 could not run (bad configuration, target
// unreachable, the suite's own request broken); 3 a secret was found in the reports.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadConfiguration, runCucumber } from '@cucumber/cucumber/api';
import { ConfigError } from '../src/run/errors';
import { PROJECT_ROOT } from '../src/run/config';
import { preflight } from '../src/transport/http';
import { openRunContext, type RunContext } from '../src/run/run-context';
import { cleanUpLedger } from '../src/safety/bookings';
import { formatSummary, MessageCollector, summarise } from '../src/reporting/summary';
import { formatFindings as formatSecretFindings, scanForSecrets } from '../src/safety/redaction';

export const EXIT = { CONFORMS: 0, DOES_NOT_CONFORM: 1, COULD_NOT_RUN: 2, SECRET_LEAKED: 3 } as const;

function args(argv: string[]): { profile: string; tags?: string } {
  const out: { profile: string; tags?: string } = { profile: 'default' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--profile' || a === '-p') out.profile = argv[++i] ?? '';
    else if (a === '--tags' || a === '-t') out.tags = argv[++i];
    else throw new ConfigError(`unknown argument ${a}; use --profile <name> and --tags "<expression>"`);
  }
  if (!out.profile) throw new ConfigError('--profile needs a name (default, read-only, core, booking, ci)');
  return out;
}

function cleanReports(dir: string): void {
  // Stale results from an earlier run would mix into this run's report.
  for (const name of ['allure-results', 'allure-formatter.log', 'junit.xml', 'cucumber-messages.ndjson', 'cucumber-report.html', 'summary.json']) {
    rmSync(join(dir, name), { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
}

async function main(): Promise<number> {
  let ctx: RunContext;
  const opts = args(process.argv.slice(2));
  try {
    ctx = await openRunContext();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Could not run: ${e.message}`);
      return EXIT.COULD_NOT_RUN;
    }
    throw e;
  }
  const { config } = ctx;
  const target = ctx.embedded ? `the embedded sandbox (${ctx.baseUrl})` : ctx.baseUrl;
  console.log(`OTA Gateway Conformance: run ${config.runId} against ${target}, profile ${opts.profile}${opts.tags ? `, tags ${opts.tags}` : ''}`);

  for (const w of ctx.redactor.warnings()) console.warn(`Warning: ${w}`);

  const reachable = await preflight(ctx.baseUrl, config.limits);
  if (!reachable.reachable) {
    console.error(`Could not run: ${ctx.redactor.scrub(reachable.message)}`);
    await ctx.close();
    return EXIT.COULD_NOT_RUN;
  }

  const cleanup = await cleanUpLedger(ctx);
  if (cleanup.cancelled.length) console.log(`Cancelled ${cleanup.cancelled.length} booking(s) an earlier run left behind: ${cleanup.cancelled.join(', ')}`);
  if (cleanup.failed.length)
    console.warn(`Could not cancel ${cleanup.failed.length} booking(s) left by an earlier run (kept in ${relative(PROJECT_ROOT, config.ledgerFile)}):\n` +
      cleanup.failed.map((f) => `  ${f.ref}: ${ctx.redactor.scrub(f.message)}`).join('\n'));

  cleanReports(config.reportsDir);
  const { runConfiguration } = await loadConfiguration(
    {
    file: 'cucumber.js',
    profiles: [opts.profile],
    provided: opts.tags ? { tags: opts.tags } : {},
    },
    { cwd: PROJECT_ROOT },
  );
  const collector = new MessageCollector();
  let crashed: Error | undefined;
  try {
    await runCucumber(runConfiguration, { cwd: PROJECT_ROOT }, collector.onMessage);
  } catch (e) {
    crashed = e as Error;
  }
  // AfterAll closes the run context; closing again is harmless if cucumber never got there.
  await ctx.close().catch(() => undefined);

  const summary = summarise(collector.results());
  console.log(ctx.redactor.scrub(formatSummary(summary, target)));
  writeFileSync(
    join(config.reportsDir, 'summary.json'),
    ctx.redactor.scrub(JSON.stringify({ runId: config.runId, target: ctx.embedded ? 'embedded sandbox' : ctx.baseUrl, profile: opts.profile, tags: opts.tags ?? null, finishedAt: new Date().toISOString(), ...summary, requirements: summary.requirements.map((r) => ({ id: r.req.id, level: r.req.level, class: r.req.class, verdict: r.verdict, failed: r.failed })) }, null, 2)),
  );

  // Last: nothing the run wrote may hold a secret (base64 forms included: attachments are encoded).
  const leaks = existsSync(config.reportsDir) ? scanForSecrets(config.reportsDir, ctx.redactor.secrets as string[]) : [];
  if (leaks.length > 0) {
    console.error(`\nA SECRET WAS FOUND IN THE REPORTS — do not publish ${config.reportsDir}:\n${formatSecretFindings(leaks)}`);
    return EXIT.SECRET_LEAKED;
  }
  if (crashed) {
    console.error(`Could not run: ${ctx.redactor.scrub(crashed.message)}`);
    return EXIT.COULD_NOT_RUN;
  }
  if (summary.scenarios.length === 0) {
    console.error('Could not run: no scenario matched the profile and tags.');
    return EXIT.COULD_NOT_RUN;
  }
  if (summary.suiteErrors > 0) {
    console.error(`Could not run: ${summary.suiteErrors} scenario(s) failed on the suite's own request (a broken sample or test data), not on the gateway.`);
    return EXIT.COULD_NOT_RUN;
  }
  if (summary.nonconformances > 0) {
    console.log(`\nDOES NOT CONFORM: ${summary.nonconformances} scenario(s) failed. Evidence: npm run report, then open reports/allure-report.`);
    return EXIT.DOES_NOT_CONFORM;
  }
  console.log('\nCONFORMS: every scenario that decides conformance passed.');
  return EXIT.CONFORMS;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`Could not run: ${(e as Error).stack ?? e}`);
    process.exit(EXIT.COULD_NOT_RUN);
  },
);
