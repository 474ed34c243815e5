// Figures read from what a run leaves behind: each --parallel worker's start (from the cucumber
// messages: its first scenario against the run's start) and the secret scan's speed on the run's
// reports (the scan of src/safety/scanning.ts, one thread, in the bench's process).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles, scanFiles } from '../../src/safety/scanning';

const msOf = (t: { seconds: number; nanos: number }) => t.seconds * 1000 + t.nanos / 1e6;

/**
 * ms from the run's start (testRunStarted) to each worker's first scenario (its first
 * testCaseStarted), in worker order; empty for a run without workers or without messages.
 */
export function workerStarts(messagesFile: string): number[] {
  let text: string;
  try {
    text = readFileSync(messagesFile, 'utf8');
  } catch {
    return [];
  }
  let runStart: number | undefined;
  const first = new Map<string, number>();
  for (const line of text.split('\n')) {
    // only the two kinds of lines needed are parsed: the file holds MBs of attachments
    if (line.startsWith('{"testRunStarted"'))
      runStart = msOf((JSON.parse(line) as { testRunStarted: { timestamp: never } }).testRunStarted.timestamp);
    else if (line.startsWith('{"testCaseStarted"') && line.includes('"workerId"')) {
      const testCaseStarted = (JSON.parse(line) as { testCaseStarted: { workerId: string; timestamp: { seconds: number; nanos: number } } })
        .testCaseStarted;
      if (!first.has(testCaseStarted.workerId)) first.set(testCaseStarted.workerId, msOf(testCaseStarted.timestamp));
    }
  }
  if (runStart === undefined) return [];
  const start = runStart;
  return [...first.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })).map(([, at]) => at - start);
}

export interface ScanSpeed {
  files: number;
  bytes: number;
  ms: number;
  findings: number;
}

/** Times the secret scan of a run's reports folder (one thread), with a password that is not there. */
export function scanSpeed(reportsDir: string, secrets: readonly string[]): ScanSpeed {
  const files = listFiles(reportsDir);
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  const t0 = performance.now();
  const findings = scanFiles(files, secrets).length;
  return { files: files.length, bytes, ms: performance.now() - t0, findings };
}

export const messagesFileOf = (reportsDir: string) => join(reportsDir, 'cucumber-messages.ndjson');
