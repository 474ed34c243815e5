// The runner's first phase: the run's settings, from the command line and the environment, and
// the line that says what is run against what. Nothing is sent to the target here.
import { resolve } from 'node:path';
import { ConfigError } from '../core/errors';
import type { ConformanceClass } from '../specification/requirements';
import type { RunArguments } from './arguments';
import { cassetteReplyProfile, cassetteTestData, clearCassette } from '../cassette/cassette';
import { loadConfig, PROJECT_ROOT, type SuiteConfig } from './config';
import { checkRunArguments, checkRunFolders, refuseMisspeltVariables } from './input-checks';
import type { RunContext } from './run-context';

/** What the run is, once opened: the phases after it read these. */
export interface RunStart {
  startedAt: string;
  /** The target as the console and the reports name it (masked). */
  target: string;
  /** The classes judged: the target's claims, within what the profile certifies. */
  claims: ConformanceClass[];
}

function validateTags(tags: string | undefined): void {
  if (!tags) return;
  const parse = (require('@cucumber/tag-expressions') as { default: (s: string) => unknown }).default;
  try {
    parse(tags);
  } catch (error) {
    throw new ConfigError(`--tags "${tags}" is not a tag expression: ${(error as Error).message}`);
  }
}

/** The run's configuration, from the command line and the environment. */
export function configure(args: RunArguments): SuiteConfig {
  validateTags(args.cucumber.tags);
  checkRunArguments(args, PROJECT_ROOT);
  refuseMisspeltVariables(process.env);
  if (args.record && args.cucumber.dryRun)
    throw new ConfigError('--record and --dry-run exclude each other: a dry run sends nothing to record');
  // The claims, strictness and reply profile reach the workers through the environment.
  if (args.claims) process.env.OTA_CLAIMS = args.claims.join(',');
  if (args.strict) process.env.OTA_STRICT = 'true';
  // Record and replay reach the workers through the environment too; a replay uses the cassette's test data.
  if (args.record) process.env.OTA_RECORD_DIR = resolve(args.record);
  if (args.replay) {
    process.env.OTA_REPLAY_DIR = resolve(args.replay);
    process.env.OTA_TEST_DATA = cassetteTestData(resolve(args.replay));
    // the recorded run's reply profile, unless one is set (a change to the profile, tried on the same replies)
    const profile = cassetteReplyProfile(resolve(args.replay));
    if (profile && !process.env.OTA_REPLY_PROFILE?.trim()) process.env.OTA_REPLY_PROFILE = profile;
  }
  const config = loadConfig();
  checkRunFolders(config);
  if (config.recordDir) clearCassette(config.recordDir);
  return config;
}

/** Names the run's target and claims, and prints the run's first line (and the redactor's warnings). */
export function announceRun(args: RunArguments, ctx: RunContext): RunStart {
  const { config } = ctx;
  const startedAt = new Date().toISOString();
  const target = config.replayDir
    ? `the cassette ${config.replayDir} (replayed: nothing is sent to a gateway)`
    : ctx.embedded
      ? `the embedded sandbox (${ctx.baseUrl})`
      : ctx.redactor.scrub(ctx.baseUrl);
  // The read-only profile certifies core only: no booking may be made there.
  const claims = args.profile === 'read-only' ? ctx.claims.filter((c) => c === 'core' || c === 'security') : ctx.claims;
  console.log(
    `OTA Gateway Conformance: run ${config.runId} against ${target}; profile ${args.profile}; claims ${claims.join(', ')}` +
      (args.selection ? `; selection ${args.selection.text} (not a verdict on the whole profile)` : '') +
      (config.strict ? '; strict' : ''),
  );
  for (const w of ctx.redactor.warnings()) console.warn(`Warning: ${w}`);
  return { startedAt, target, claims };
}
