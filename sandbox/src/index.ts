// Programmatic start: `const sb = await startSandbox({ port: 0 }); ... await sb.close();`
import type { AddressInfo } from 'node:net';
import { credentialsFromEnv, type Credentials } from './credentials';
import { loadData } from './data';
import { DEFAULT_DATA_DIR } from './paths';
import { fmtDate } from './dates';
import { Faults } from './faults';
import type { Ctx } from './operations/types';
import { createSandboxServer } from './server';
import { BookingStore, DEFAULT_MAX_BOOKINGS } from './store';
import { Variants } from './variants';
import { initXml } from './xml';

export { SANDBOX_CREDENTIALS, credentialsFromEnv, type Credentials } from './credentials';
export { FAULTS, type FaultDef, type FaultName } from './faults';
export { EXCLUSIVE_VARIANTS, VARIANT_LIST, VARIANTS, Variants, type VariantDef, type VariantName } from './variants';

export interface SandboxOptions {
  /** 0 (default) = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Fault names from sandbox/src/faults/; unknown names throw, listing the valid ones. */
  faults?: readonly string[];
  /**
   * Dialect variant names from sandbox/src/variants/ (reply forms, never substance); unknown
   * names and exclusive pairs throw.
   */
  variants?: readonly string[];
  /** Default: credentialsFromEnv(process.env) (sandbox defaults where a variable is unset). */
  credentials?: Credentials;
  /** Folder with hotels.json, activities.json, transfers.json. Default sandbox/data. */
  dataDir?: string;
  /** Injectable clock. Default () => new Date(). */
  now?: () => Date;
  /** Request body limit in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Delay of the slow-reply fault. Default env SANDBOX_SLOW_MS or 15000. */
  slowMs?: number;
  /** Bookings kept; beyond it the oldest cancelled one (else the oldest) is forgotten. Default 10,000. */
  maxBookings?: number;
  /** Time to receive a whole request, headers and body; then 408 and the connection closes. Default 30,000 ms. */
  requestTimeoutMs?: number;
  /** Time to receive the request headers. Default 10,000 ms (at most requestTimeoutMs). */
  headersTimeoutMs?: number;
  /**
   * How long an idle keep-alive connection stays open. Default env SANDBOX_KEEP_ALIVE_MS or 5,000
   * ms. A client that reuses a connection just as it closes gets it reset: a host so loaded that a
   * run's event loop stalls past this (the embedded sandbox shares it) sees exchanges with no reply.
   */
  keepAliveTimeoutMs?: number;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** The booking store, for tests and diagnostics. */
  store: BookingStore;
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const faults = new Faults(opts.faults ?? []);
  const variants = new Variants(opts.variants ?? []);
  await initXml();
  const data = loadData(opts.dataDir ?? DEFAULT_DATA_DIR);
  const store = new BookingStore(opts.maxBookings ?? DEFAULT_MAX_BOOKINGS);
  const now = opts.now ?? (() => new Date());
  const slowEnv = Number(process.env.SANDBOX_SLOW_MS);
  const keepAliveEnv = Number(process.env.SANDBOX_KEEP_ALIVE_MS);
  const server = createSandboxServer({
    ctx: (): Ctx => {
      const date = now();
      return { now: date, today: fmtDate(date), data, store, faults, variants };
    },
    credentials: opts.credentials ?? credentialsFromEnv(process.env),
    faults,
    variants,
    slowMs: opts.slowMs ?? (Number.isFinite(slowEnv) && slowEnv >= 0 ? slowEnv : 15_000),
    maxBodyBytes: opts.maxBodyBytes ?? 1024 * 1024,
    now,
    requestTimeoutMs: opts.requestTimeoutMs ?? 30_000,
    headersTimeoutMs: opts.headersTimeoutMs ?? 10_000,
    keepAliveTimeoutMs: opts.keepAliveTimeoutMs ?? (Number.isFinite(keepAliveEnv) && keepAliveEnv > 0 ? keepAliveEnv : 5_000),
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    baseUrl: `http://${shownHost}:${port}`,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Requests still in flight (e.g. a slow-reply) are cut after a grace period.
        setTimeout(() => server.closeAllConnections(), 1_000).unref();
      }),
  };
}
