// Configuration comes from the environment only (never constants in steps). Every problem is a
// ConfigError that names the variable and what is wrong with it; the runner exits 2 on it.
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError } from '../core/errors';
import { DEFAULT_LIMITS, type RetryPolicy, type TransportLimits } from '../transport/limits';

/** The folder with package.json: found upwards, as this file runs from src/run or compiled from build/src/run. */
export const PROJECT_ROOT = (() => {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${__dirname}`);
  }
})();

export interface Credentials {
  requestorId: string;
  requestorContext: string;
  /** Optional RequestorID Instance; empty when not configured. */
  requestorInstance: string;
  user: string;
  password: string;
}

export interface SuiteConfig {
  /** Target base URL without trailing slash; undefined: start the embedded sandbox. */
  baseUrl?: string;
  /** The target's credentials: from the environment, or the sandbox's own when it is the target. */
  credentials: Credentials;
  testDataFile: string;
  samplesDir: string;
  /** Folder of the OpenTravel 2016B schemas for the informative alignment check; undefined: off. */
  xsdDir?: string;
  limits: TransportLimits;
  retry: RetryPolicy;
  /** Values that must never appear in any artifact: the password in use plus OTA_SECRET_ENV's variables. */
  secrets: string[];
  reportsDir: string;
  ledgerFile: string;
  /** Unique per run: booking references derive from it so runs never collide. */
  runId: string;
  /** OTA_RUN_GROUP: names the run a shard belongs to (CI sets it); npm run merge merges one group only. */
  runGroup?: string;
  /** --record <dir> (OTA_RECORD_DIR): the cassette this run writes. */
  recordDir?: string;
  /** --replay <dir> (OTA_REPLAY_DIR): the cassette this run is answered from, instead of a target. */
  replayDir?: string;
  /** Sandbox faults to switch on (the project's own mutation tests only). */
  sandboxFaults: string[];
  /** Sandbox dialect variants to switch on (the project's own fairness tests only). */
  sandboxVariants: string[];
  /** The target's reply profile (extra XPaths per fact), when OTA_REPLY_PROFILE names one. */
  replyProfileFile?: string;
  /** Claimed classes given on the command line (--claim), overriding the test data's. */
  claims?: string[];
  /** --strict: SHOULD findings fail scenarios and the run. */
  strict: boolean;
  /** The whole run's bound: past it the run stops with exit 2 (OTA_RUN_DEADLINE_MS). */
  runDeadlineMs: number;
  /** Consecutive transport failures after which the gateway counts as stopped (OTA_MAX_CONSECUTIVE_FAILURES). */
  maxConsecutiveFailures: number;
  /** Corroboration requests per descriptive operation for the whole run (OTA_MAX_CORROBORATION_REQUESTS); 0: none. */
  maxCorroborationRequests: number;
}

/** The OpenTravel 2016B schemas shipped in the project (source and licence in its README.md). */
export const DEFAULT_XSD_DIR = 'schemas/opentravel-2016B';
const DEFAULT_RUN_DEADLINE_MS = 45 * 60_000;
const DEFAULT_MAX_CONSECUTIVE_FAILURES = 10;
const DEFAULT_MAX_CORROBORATION_REQUESTS = 100;

type Env = Record<string, string | undefined>;

function intVar(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name}="${raw}" must be a whole number`);
  const n = Number(raw.trim());
  if (n < min) throw new ConfigError(`${name}=${n} must be at least ${min}`);
  return n;
}

function pathVar(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  return isAbsolute(raw) ? raw : resolve(PROJECT_ROOT, raw);
}

// scheme://user:password@host - the userinfo of a URL, found before the URL is parsed or shown
const USERINFO_RE = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i;

function baseUrlVar(env: Env): string | undefined {
  const raw = env.OTA_BASE_URL?.trim();
  if (!raw) return undefined;
  // Before anything else, and never echoed: the URL would be printed, written to summary.json and
  // to every ledger line. Credentials go in OTA_USER and OTA_PASSWORD.
  if (USERINFO_RE.test(raw))
    throw new ConfigError(
      'OTA_BASE_URL must not carry credentials (user:password@host): give them in OTA_USER and OTA_PASSWORD; the URL is not shown here because it holds them',
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`OTA_BASE_URL="${raw}" is not a URL (expected for example https://gateway.example.com/ota)`);
  }
  if (url.username || url.password)
    throw new ConfigError(
      'OTA_BASE_URL must not carry credentials (user:password@host): give them in OTA_USER and OTA_PASSWORD; the URL is not shown here because it holds them',
    );
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`OTA_BASE_URL="${raw}" must use http or https, not ${url.protocol}`);
  if (url.search || url.hash) throw new ConfigError(`OTA_BASE_URL="${raw}" must not carry a query or fragment`);
  return raw.replace(/\/+$/, '');
}

/** Credentials for a remote target: all but the Instance are required. */
function credentialsVar(env: Env): Credentials {
  const missing = ['OTA_REQUESTOR_ID', 'OTA_REQUESTOR_CONTEXT', 'OTA_USER', 'OTA_PASSWORD'].filter((n) => !env[n]?.trim());
  if (missing.length > 0)
    throw new ConfigError(`OTA_BASE_URL names a target, so its credentials must be set too; missing: ${missing.join(', ')}`);
  return {
    requestorId: env.OTA_REQUESTOR_ID!.trim(),
    requestorContext: env.OTA_REQUESTOR_CONTEXT!.trim(),
    requestorInstance: env.OTA_REQUESTOR_INSTANCE?.trim() ?? '',
    user: env.OTA_USER!.trim(),
    password: env.OTA_PASSWORD!,
  };
}

/** The embedded sandbox's credentials: its documented defaults, or the OTA_* variables when set. */
function sandboxCredentials(env: Env): Credentials {
  // Loaded only for the sandbox: a run against a real gateway never touches the sandbox code.
  const { credentialsFromEnv } = require('../../sandbox/src/credentials') as typeof import('../../sandbox/src/credentials');
  const credentials = credentialsFromEnv(env as NodeJS.ProcessEnv);
  return { ...credentials, requestorInstance: credentials.requestorInstance ?? '' };
}

function secretsVar(env: Env, credentials?: Credentials): string[] {
  const secrets = new Set<string>();
  if (credentials?.password) secrets.add(credentials.password);
  if (env.OTA_PASSWORD) secrets.add(env.OTA_PASSWORD);
  for (const name of (env.OTA_SECRET_ENV ?? '').split(/[\s,]+/).filter(Boolean)) {
    const value = env[name];
    if (value === undefined || value === '') throw new ConfigError(`OTA_SECRET_ENV names ${name}, but ${name} is not set`);
    secrets.add(value);
  }
  return [...secrets];
}

const listVar = (env: Env, name: string) => (env[name] ?? '').split(/[\s,]+/).filter(Boolean);

function boolVar(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return false;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name}="${env[name]}" must be true or false`);
}

function replyProfileVar(env: Env): string | undefined {
  if (!env.OTA_REPLY_PROFILE?.trim()) return undefined;
  const file = pathVar(env, 'OTA_REPLY_PROFILE', '');
  if (!existsSync(file) || !statSync(file).isFile()) throw new ConfigError(`OTA_REPLY_PROFILE: no file at ${file}`);
  return file;
}

/** OTA_RUN_GROUP: one line of printable characters, as it is compared and shown by npm run merge. */
function runGroupVar(env: Env): { runGroup?: string } {
  const raw = env.OTA_RUN_GROUP?.trim();
  if (!raw) return {};
  if (!/^[\x20-\x7E]{1,200}$/.test(raw)) throw new ConfigError('OTA_RUN_GROUP must be one line of at most 200 printable ASCII characters');
  return { runGroup: raw };
}

function newRunId(): string {
  // Time-ordered and random: two runs started in the same millisecond still differ.
  return Date.now().toString(36).toUpperCase() + randomBytes(2).toString('hex').toUpperCase();
}

/**
 * What a command that only builds files from a finished run needs (npm run report): where the
 * reports are, the target they name (for the history), and the secrets to mask and scan for. No
 * credentials are required: nothing is sent.
 */
export function loadReportConfig(env: Env = process.env): Pick<SuiteConfig, 'baseUrl' | 'reportsDir' | 'secrets'> & { user: string } {
  const baseUrl = baseUrlVar(env);
  const user = env.OTA_USER?.trim() ?? '';
  const password = env.OTA_PASSWORD;
  const credentials = password ? { requestorId: '', requestorContext: '', requestorInstance: '', user, password } : undefined;
  return { baseUrl, user, reportsDir: pathVar(env, 'OTA_REPORTS_DIR', 'reports'), secrets: secretsVar(env, credentials) };
}

export function loadConfig(env: Env = process.env): SuiteConfig {
  const recordDir = env.OTA_RECORD_DIR?.trim() ? pathVar(env, 'OTA_RECORD_DIR', '') : undefined;
  const replayDir = env.OTA_REPLAY_DIR?.trim() ? pathVar(env, 'OTA_REPLAY_DIR', '') : undefined;
  if (recordDir && replayDir) throw new ConfigError('--record and --replay exclude each other: a replay sends nothing to record');
  if (replayDir && env.OTA_BASE_URL?.trim())
    throw new ConfigError('--replay answers from the cassette: unset OTA_BASE_URL (a replay sends nothing to a gateway)');
  const baseUrl = baseUrlVar(env);
  const credentials = baseUrl ? credentialsVar(env) : sandboxCredentials(env);
  const testDataFile = pathVar(env, 'OTA_TEST_DATA', 'sandbox/data/test-data.json');
  if (!existsSync(testDataFile)) throw new ConfigError(`OTA_TEST_DATA: no file at ${testDataFile}`);
  const samplesDir = pathVar(env, 'OTA_SAMPLES_DIR', 'xml-samples');
  if (!existsSync(samplesDir) || !statSync(samplesDir).isDirectory()) throw new ConfigError(`OTA_SAMPLES_DIR: no folder at ${samplesDir}`);

  // The OpenTravel 2016B schemas ship in the project (schemas/opentravel-2016B, with their source
  // and licence); OTA_XSD_DIR names another folder, which must exist, and an empty value turns the
  // informative alignment class off.
  let xsdDir: string | undefined;
  if (env.OTA_XSD_DIR === undefined || env.OTA_XSD_DIR.trim() !== '') {
    xsdDir = pathVar(env, 'OTA_XSD_DIR', DEFAULT_XSD_DIR);
    if (!existsSync(xsdDir) || !statSync(xsdDir).isDirectory()) throw new ConfigError(`OTA_XSD_DIR: no folder at ${xsdDir}`);
  }

  const limits: TransportLimits = {
    connectTimeoutMs: intVar(env, 'OTA_CONNECT_TIMEOUT_MS', DEFAULT_LIMITS.connectTimeoutMs, 1),
    requestTimeoutMs: intVar(env, 'OTA_REQUEST_TIMEOUT_MS', DEFAULT_LIMITS.requestTimeoutMs, 1),
    maxReplyBytes: intVar(env, 'OTA_MAX_REPLY_BYTES', DEFAULT_LIMITS.maxReplyBytes, 1024),
  };
  const retry: RetryPolicy = {
    retries: intVar(env, 'OTA_RETRIES', 0, 0),
    backoffMs: intVar(env, 'OTA_RETRY_BACKOFF_MS', 500, 0),
  };
  return {
    baseUrl,
    credentials,
    testDataFile,
    samplesDir,
    xsdDir,
    limits,
    retry,
    secrets: secretsVar(env, credentials),
    reportsDir: pathVar(env, 'OTA_REPORTS_DIR', 'reports'),
    ledgerFile: pathVar(env, 'OTA_LEDGER_FILE', '.ledger/bookings.jsonl'),
    runId: env.OTA_RUN_ID?.trim() || newRunId(),
    ...runGroupVar(env),
    ...(recordDir ? { recordDir } : {}),
    ...(replayDir ? { replayDir } : {}),
    sandboxFaults: listVar(env, 'OTA_SANDBOX_FAULTS'),
    sandboxVariants: listVar(env, 'OTA_SANDBOX_VARIANTS'),
    replyProfileFile: replyProfileVar(env),
    claims: env.OTA_CLAIMS?.trim() ? listVar(env, 'OTA_CLAIMS') : undefined,
    strict: boolVar(env, 'OTA_STRICT'),
    runDeadlineMs: intVar(env, 'OTA_RUN_DEADLINE_MS', DEFAULT_RUN_DEADLINE_MS, 1),
    maxConsecutiveFailures: intVar(env, 'OTA_MAX_CONSECUTIVE_FAILURES', DEFAULT_MAX_CONSECUTIVE_FAILURES, 1),
    maxCorroborationRequests: intVar(env, 'OTA_MAX_CORROBORATION_REQUESTS', DEFAULT_MAX_CORROBORATION_REQUESTS, 0),
  };
}
