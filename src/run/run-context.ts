// What every scenario of a run shares: configuration, the target (the embedded sandbox when
// OTA_BASE_URL is unset), credentials, test data, the secret redactor, the booking ledger and
// the OpenTravel schemas. Opened once before the first scenario, closed after the last.
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig, type Credentials, type SuiteConfig } from './config';
import { loadTestData, type TestData } from './test-data';
import { Redactor } from '../safety/redaction';
import { BookingLedger } from '../safety/ledger';
import { loadXml, XmlSchema } from '../xml/xml';
import { closeTransport } from '../transport/http';
import type { OperationSpec } from '../spec/operations';

export interface RunContext {
  config: SuiteConfig;
  baseUrl: string;
  /** True when the suite started the sandbox itself. */
  embedded: boolean;
  credentials: Credentials;
  data: TestData;
  redactor: Redactor;
  ledger: BookingLedger;
  /** Schema per reply root, loaded on first use; null when the folder has none for that root. */
  schemas: Map<string, XmlSchema | null>;
  close(): Promise<void>;
}

let current: RunContext | undefined;

export function runContext(): RunContext {
  if (!current) throw new Error('the run context is not open: src/cucumber/hooks.ts opens it in BeforeAll');
  return current;
}

async function startEmbeddedSandbox(config: SuiteConfig): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  // Loaded only when needed: a run against a real gateway never touches the sandbox code.
  // require, not import(): ts-node compiles .ts only on the CommonJS path.
  const sandbox = require('../../sandbox/src') as typeof import('../../sandbox/src');
  const { requestorInstance, ...rest } = config.credentials;
  const started = await sandbox.startSandbox({
    port: 0,
    faults: config.sandboxFaults,
    credentials: { ...rest, ...(requestorInstance ? { requestorInstance } : {}) },
  });
  return { baseUrl: started.baseUrl, stop: () => started.close() };
}

export async function openRunContext(env = process.env): Promise<RunContext> {
  if (current) return current;
  await loadXml();
  const config = loadConfig(env);
  const data = loadTestData(config.testDataFile);
  let baseUrl = config.baseUrl;
  let stop: (() => Promise<void>) | undefined;
  if (!baseUrl) {
    const sb = await startEmbeddedSandbox(config);
    baseUrl = sb.baseUrl;
    stop = sb.stop;
  }
  current = {
    config,
    baseUrl,
    embedded: !config.baseUrl,
    credentials: config.credentials,
    data,
    redactor: new Redactor(config.secrets),
    ledger: new BookingLedger(config.ledgerFile),
    schemas: new Map(),
    async close() {
      for (const s of this.schemas.values()) s?.dispose();
      this.schemas.clear();
      await stop?.();
      await closeTransport();
      current = undefined;
    },
  };
  return current;
}

/** The OpenTravel schema for an operation's reply, or null when there is none (or no folder). */
export async function replySchema(ctx: RunContext, op: OperationSpec): Promise<XmlSchema | null> {
  if (!ctx.config.xsdDir) return null;
  if (!ctx.schemas.has(op.replyRoot)) {
    const file = join(ctx.config.xsdDir, `${op.replyRoot}.xsd`);
    ctx.schemas.set(op.replyRoot, existsSync(file) ? await XmlSchema.load(file) : null);
  }
  return ctx.schemas.get(op.replyRoot) ?? null;
}
