// What every scenario of a run shares: configuration, the target (the embedded sandbox when
// OTA_BASE_URL is unset), credentials, test data, the secret redactor, the booking ledger and
// the OpenTravel schemas. Opened once before the first scenario, closed after the last.
import { loadCassette, startRecording } from '../cassette/cassette';
import { startReplay } from '../cassette/replay';
import { nameScenariosInRequests } from '../transport/recording';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { loadConfig, PROJECT_ROOT, type Credentials, type SuiteConfig } from './config';
import { deepMerge, loadTestData } from './test-data-file';
import type { TestData } from '../core/test-data';
import { Redactor } from '../safety/masking';
import { BookingLedger } from '../bookings/ledger';
import { loadXml, XmlSchema } from '../xml/xml';
import { loadReplyProfile, type ReplyProfile } from './reply-profile';
import { FACT_IDS } from '../operations';
import { ConfigError } from '../core/errors';
import { CONFORMANCE_CLASSES, type ConformanceClass } from '../specification/requirements';
import { closeTransport } from '../transport/agents';
import { FailureBreaker } from './failure-breaker';
import type { SendOptions } from '../transport/exchange';

export interface RunContext {
  config: SuiteConfig;
  baseUrl: string;
  /** True when the suite started the sandbox itself. */
  embedded: boolean;
  credentials: Credentials;
  data: TestData;
  /** The classes the target claims (test data, or --claim). */
  claims: ConformanceClass[];
  replyProfile: ReplyProfile;
  redactor: Redactor;
  ledger: BookingLedger;
  /** This process's "gateway stopped answering" breaker, handed to every exchange of the run. */
  breaker: FailureBreaker;
  close(): Promise<void>;
}

let current: RunContext | undefined;

export function runContext(): RunContext {
  if (!current) throw new Error('the run context is not open: src/cucumber/hooks.ts opens it in BeforeAll');
  return current;
}

/** The configuration of the run open in this process, if one is (the runner opens it before cucumber loads the hooks). */
export function openedConfig(): SuiteConfig | undefined {
  return current?.config;
}

type SandboxModule = typeof import('../../sandbox/src/index');

// Loaded only when needed: a run against a real gateway never touches the sandbox code.
// require, not import(): ts-node compiles .ts only on the CommonJS path.
const sandboxModule = () => require('../../sandbox/src/index') as SandboxModule;

/** How long the embedded sandbox keeps an idle connection open: longer than a run's stalls. */
export const EMBEDDED_KEEP_ALIVE_MS = 600_000;

/** The embedded sandbox, with the configured faults, variants and credentials (a run, or npm run init, without OTA_BASE_URL). */
export async function startEmbeddedSandbox(config: SuiteConfig): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const { requestorInstance, ...rest } = config.credentials;
  let started;
  try {
    started = await sandboxModule().startSandbox({
      port: 0,
      faults: config.sandboxFaults,
      variants: config.sandboxVariants,
      credentials: { ...rest, ...(requestorInstance ? { requestorInstance } : {}) },
      // It shares this run's event loop and lives only as long as the run: a loaded host stalls the
      // loop past a 5 s keep-alive, which then resets a connection the client is reusing. Kept open
      // for the run unless SANDBOX_KEEP_ALIVE_MS says otherwise.
      ...(process.env.SANDBOX_KEEP_ALIVE_MS ? {} : { keepAliveTimeoutMs: EMBEDDED_KEEP_ALIVE_MS }),
    });
  } catch (error) {
    throw new ConfigError(`the embedded sandbox cannot start: ${(error as Error).message}`);
  }
  return { baseUrl: started.baseUrl, stop: () => started.close() };
}

/** The test data as the run used it (the file, and what the sandbox's variants add): a cassette keeps it. */
export function effectiveTestData(config: SuiteConfig): Record<string, unknown> {
  return deepMerge(JSON.parse(readFileSync(config.testDataFile, 'utf8')) as Record<string, unknown>, variantTestData(config));
}

/** The test data a sandbox variant needs (forms the spec leaves open, such as its status words). */
function variantTestData(config: SuiteConfig): Record<string, unknown> {
  if (config.baseUrl || config.sandboxVariants.length === 0) return {};
  const { VARIANTS } = sandboxModule();
  let merged: Record<string, unknown> = {};
  for (const name of config.sandboxVariants) {
    const v = VARIANTS.find((x) => x.name === name) as { testData?: Record<string, unknown> } | undefined;
    if (v?.testData) merged = deepMerge(merged, v.testData);
  }
  return merged;
}

function claimsOf(config: SuiteConfig, data: TestData): ConformanceClass[] {
  if (!config.claims) return data.claims;
  const unknown = config.claims.filter((c) => !(CONFORMANCE_CLASSES as readonly string[]).includes(c));
  if (unknown.length)
    throw new ConfigError(`--claim names unknown class(es) ${unknown.join(', ')}; known: ${CONFORMANCE_CLASSES.join(', ')}`);
  const claims = config.claims as ConformanceClass[];
  if (!claims.includes('core')) throw new ConfigError('--claim must include core (what the spec states for all nine operations)');
  return claims;
}

/**
 * Opens the run with the configuration this process loaded already (once per process: the runner,
 * or the hooks as a worker loads them); without one, loads it here, so that a bad one is one line.
 */
export async function openRunContext(loaded?: SuiteConfig): Promise<RunContext> {
  if (current) return current;
  await loadXml();
  const config = loaded ?? loadConfig();
  const data = loadTestData(config.testDataFile, variantTestData(config));
  const claims = claimsOf(config, data);
  const replyProfile = loadReplyProfile(config.replyProfileFile, FACT_IDS);
  let baseUrl = config.baseUrl;
  let stop: (() => Promise<void>) | undefined;
  const redactor = new Redactor(config.secrets);
  if (config.replayDir) {
    // each process (a --parallel worker too) answers its scenarios from the cassette
    const { header, exchanges } = loadCassette(config.replayDir, suiteVersion(), config.secrets);
    const replay = await startReplay(exchanges, { recorded: header.runId, now: config.runId }, config.credentials.password);
    nameScenariosInRequests(true);
    baseUrl = replay.baseUrl;
    // a process that runs again (npm run mutants' workers) must not go on naming scenarios
    stop = () => {
      nameScenariosInRequests(false);
      return replay.stop();
    };
  } else if (!baseUrl) {
    const sb = await startEmbeddedSandbox(config);
    baseUrl = sb.baseUrl;
    stop = sb.stop;
  }
  if (config.recordDir) startRecording(config.recordDir, redactor);
  current = {
    config,
    baseUrl,
    embedded: !config.baseUrl,
    credentials: config.credentials,
    data,
    claims,
    replyProfile,
    redactor,
    ledger: new BookingLedger(config.ledgerFile, undefined, { embedded: !config.baseUrl }),
    breaker: FailureBreaker.forRun(config),
    async close() {
      await stop?.();
      await closeTransport();
      current = undefined;
    },
  };
  return current;
}

/** How every exchange of the run is sent: its target, limits, retries and breaker. */
export function exchangeOptions(ctx: Pick<RunContext, 'baseUrl' | 'config' | 'breaker'>): SendOptions {
  return { baseUrl: ctx.baseUrl, limits: ctx.config.limits, retry: ctx.config.retry, breaker: ctx.breaker };
}

/** The OpenTravel schema of a reply root (compiled once per process), or null when there is none (or no folder). */
export function replySchema(ctx: RunContext, root: string): Promise<XmlSchema | null> {
  if (!ctx.config.xsdDir) return Promise.resolve(null);
  return XmlSchema.compiledOnce(join(ctx.config.xsdDir, `${root}.xsd`));
}

/** The suite's version (package.json): a cassette is replayed only by the version that recorded it. */
export function suiteVersion(): string {
  return (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}
