// Section 1 of the bench: the exchanges of a default run, counted at a proxy in front of a sandbox.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchTempDir, shortOutcome, type ChildRun } from './processes';
import { isRunnerOwn, type RecordedExchange } from './proxy';
import { runConformance, targetEnv, withProxiedSandbox, type BenchContext } from './runs';
import { seconds } from './stats';
import { formatTable, type Cell } from './table';

export interface ExchangeCount {
  total: number;
  /** Preflight GET and the 404 probe. */
  runnerOwn: number;
  scenario: number;
  byRequest: Map<string, number>;
  /** ms from spawn to the first scenario exchange at the proxy. */
  firstScenarioRequestMs?: number;
}

export function countExchanges(exchanges: readonly RecordedExchange[], spawnedAt?: number): ExchangeCount {
  const byRequest = new Map<string, number>();
  let runnerOwn = 0;
  let first: number | undefined;
  for (const exchange of exchanges) {
    if (isRunnerOwn(exchange)) runnerOwn++;
    else first ??= exchange.at;
    const key = `${exchange.method} ${exchange.path}`;
    byRequest.set(key, (byRequest.get(key) ?? 0) + 1);
  }
  return {
    total: exchanges.length,
    runnerOwn,
    scenario: exchanges.length - runnerOwn,
    byRequest,
    firstScenarioRequestMs: first !== undefined && spawnedAt !== undefined ? first - spawnedAt : undefined,
  };
}

export async function captureDefaultRun(benchContext: BenchContext): Promise<{ run: ChildRun; count: ExchangeCount; replayFile: string }> {
  benchContext.progress('bench: counting the exchanges of a default run (a sandbox behind a counting proxy)');
  return withProxiedSandbox(0, async (proxy) => {
    const spawnedAt = performance.now();
    const run = await runConformance(benchContext, [], { env: targetEnv(proxy.url) });
    const count = countExchanges(proxy.exchanges, spawnedAt);
    const replayFile = join(benchTempDir('ota-bench-replay-'), 'exchanges.json');
    writeFileSync(replayFile, JSON.stringify(proxy.exchanges.map(({ method, path, body }) => ({ method, path, body }))));
    return { run, count, replayFile };
  });
}

export function exchangesText(count: ExchangeCount, run: ChildRun): string {
  const rows: Cell[][] = [...count.byRequest.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, n]);
  return formatTable({
    title: '1. Exchanges of a default run (npm run conformance; counted at a proxy in front of a sandbox)',
    headers: ['request', 'exchanges'],
    rows: [
      ...rows,
      ['all', count.total],
      ["  the runner's own (preflight GET, 404 probe)", count.runnerOwn],
      ["  the scenarios'", count.scenario],
    ],
    notes: [`That run: ${shortOutcome(run)}, ${seconds(run.wallMs)} through the proxy.`],
  });
}
