// The runner's second phase, before any scenario: the target answers HTTP, its base URL is the
// gateway's, it accepts the configured credentials, it knows the test data's codes, and the bookings a killed earlier run left
// are cancelled. Each failure is one line and exit 2 (ConfigError), never a verdict.
import { relative } from 'node:path';
import { ConfigError } from '../core/errors';
import { OPERATIONS, OTA_NS } from '../specification/operations';
import { postXml } from '../transport/post-xml';
import { checkReachable } from '../transport/reachability';
import { cleanUpLedger, describeCleanup, type CleanupOptions, type CleanupReport } from '../bookings/cleanup';
import { PROJECT_ROOT } from './config';
import { checkCredentials } from './credentials-check';
import { checkTestDataCodes } from './test-data-codes';
import type { RunContext } from './run-context';

/** A base URL under which every operation answers 404 is the wrong one: exit 2, not nine failures. */
async function everyOperationMissing(ctx: RunContext): Promise<boolean> {
  const probe = `<?xml version="1.0" encoding="UTF-8"?><OTA_PingRQ xmlns="${OTA_NS}" Version="1.0"/>`;
  for (const op of Object.values(OPERATIONS)) {
    try {
      const httpExchange = await postXml(`${ctx.baseUrl}${op.path}`, probe, {
        operation: op.name,
        limits: ctx.config.limits,
        retry: { retries: 0, backoffMs: 0 },
        breaker: ctx.breaker,
      });
      if (httpExchange.status !== 404) return false;
    } catch {
      return false; // a transport failure is judged by the scenarios (with its evidence)
    }
  }
  return true;
}

/** Checks the target and clears the ledger; what the clean-up of earlier bookings did, for the run's notes. */
export async function preflight(ctx: RunContext, target: string, cleanupOptions: CleanupOptions): Promise<CleanupReport> {
  const reachable = await checkReachable(ctx.baseUrl, ctx.config.limits);
  if (!reachable.reachable) throw new ConfigError(ctx.redactor.scrub(reachable.message));
  if (await everyOperationMissing(ctx))
    throw new ConfigError(
      `every operation answers 404 under ${target}: is OTA_BASE_URL the gateway's base address (the part before /hotelavailability)?`,
    );
  // Before the clean-up (it needs the same credentials) and before any earlier report is removed.
  await checkCredentials(ctx);
  // The test data's codes, asked of the gateway (a replay's were, when it was recorded).
  if (!ctx.config.replayDir) await checkTestDataCodes(ctx);

  const cleanup = await cleanUpLedger(ctx, cleanupOptions);
  for (const line of describeCleanup(cleanup, relative(PROJECT_ROOT, ctx.config.ledgerFile))) console.log(line);
  return cleanup;
}
