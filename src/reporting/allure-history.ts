// The Allure history that `npm run report` keeps for trends: one file per target, so that the
// sandbox of a pull request and the vendor's gateway of a nightly run never share one trend, and
// bounded (OTA_HISTORY_LIMIT runs, default 30), so that it does not grow without end in a CI cache.
import { join } from 'node:path';
import { ConfigError } from '../core/errors';

export const DEFAULT_HISTORY_LIMIT = 30;

/** The target as a file name: the host (and port and path) of OTA_BASE_URL, or embedded-sandbox. */
export function historyLabel(baseUrl: string | undefined): string {
  if (!baseUrl) return 'embedded-sandbox';
  const url = new URL(baseUrl);
  const label = `${url.host}${url.pathname}`
    .replace(/\/+$/, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_')
    .slice(0, 120);
  return label || 'target';
}

export function historyFile(reportsDir: string, baseUrl: string | undefined): string {
  return join(reportsDir, 'history', `${historyLabel(baseUrl)}.jsonl`);
}

/** OTA_HISTORY_LIMIT: how many runs the history keeps (a whole number of at least 1). */
export function historyLimit(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.OTA_HISTORY_LIMIT?.trim();
  if (raw === undefined || raw === '') return DEFAULT_HISTORY_LIMIT;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new ConfigError(`OTA_HISTORY_LIMIT="${raw}" must be a whole number of runs of at least 1`);
  return Number(raw);
}
