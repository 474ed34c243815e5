// The secret scan of a run's reports, shared out over the cores: it was half of a default run's
// CPU time (the cucumber messages and HTML report, each several MB, are searched in every
// disguise). The files are dealt by size into one group per core; this thread scans one group
// while worker threads scan the others. Same findings, in the same order, as scanForSecrets.
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { listFiles, scanFiles, type SecretFinding } from './scanning';
import type { ScannedFile } from './stream-scan';

/** The worker: compiled beside this file, or TypeScript under ts-node (workers inherit its -r). */
const WORKER = join(__dirname, `scan-worker${extname(__filename)}`);

/** Files dealt into `n` groups of about equal size, the largest first. */
export function dealBySize(files: readonly string[], sizeOf: (file: string) => number, n: number): string[][] {
  const groups = Array.from({ length: n }, () => ({ bytes: 0, files: [] as string[] }));
  for (const f of [...files].sort((a, b) => sizeOf(b) - sizeOf(a))) {
    const g = groups.reduce((min, x) => (x.bytes < min.bytes ? x : min));
    g.files.push(f);
    g.bytes += sizeOf(f);
  }
  return groups.map((g) => g.files).filter((g) => g.length > 0);
}

function inWorker(files: string[], secrets: readonly string[]): Promise<SecretFinding[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { files, secrets } });
    worker.once('message', (f: SecretFinding[]) => resolve(f));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`secret scan: a worker stopped with exit code ${code}`)));
  });
}

/**
 * Below this many bytes a worker thread costs more to start (its module and patterns, about 0.1 s
 * of CPU) than its share of the scan saves (the scan reads about 16 MB/s): one thread does it all.
 */
export const PARALLEL_SCAN_FROM_BYTES = 2 * 1024 * 1024;

/**
 * `scanned`: a file of the folder scanned already, as it was written (src/safety/stream-scan.ts):
 * its findings are taken as they are, in its place among the others'.
 */
export async function scanForSecretsInParallel(
  dir: string,
  secrets: readonly string[],
  cores = Math.min(4, availableParallelism()),
  scanned?: ScannedFile,
): Promise<SecretFinding[]> {
  if (!existsSync(dir)) return [];
  const files = listFiles(dir);
  const taken = scanned && files.includes(scanned.file) ? scanned : undefined;
  const rest = taken ? files.filter((f) => f !== taken.file) : files;
  const bytes = rest.reduce((n, f) => n + sizeOrZero(f), 0);
  const found = await scanFilesInParallel(rest, secrets, bytes < PARALLEL_SCAN_FROM_BYTES ? 1 : cores);
  if (!taken) return found;
  const order = new Map(files.map((f, i) => [f, i]));
  return [...found, ...taken.findings].sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
}

function sizeOrZero(f: string): number {
  try {
    return statSync(f).size;
  } catch {
    return 0; // the scan itself says it cannot read it
  }
}

export async function scanFilesInParallel(files: readonly string[], secrets: readonly string[], cores: number): Promise<SecretFinding[]> {
  const sizes = new Map(files.map((f) => [f, sizeOrZero(f)]));
  const [here, ...elsewhere] = dealBySize(files, (f) => sizes.get(f) ?? 0, Math.max(1, cores));
  if (!here) return [];
  const pending = elsewhere.map((g) => inWorker(g, secrets));
  // this thread's share while the workers do theirs; their failures are awaited, never left floating
  let mine: SecretFinding[];
  try {
    mine = scanFiles(here, secrets);
  } finally {
    await Promise.allSettled(pending);
  }
  const all = [...mine, ...(await Promise.all(pending)).flat()];
  const order = new Map(files.map((f, i) => [f, i]));
  return all.sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
}
