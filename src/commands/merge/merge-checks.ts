// What `npm run merge` checks before it writes anything: its command line, the folder it writes
// into (empty or new: never over a run), the reports it reads, and that they are the shards of
// one run. Every problem is one ConfigError line (exit 2), naming what differs and where.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../../core/errors';
import type { ConformanceResult, RunSelection } from '../../reporting/result';
import { selectionKey, selectionOf } from '../../reporting/selection';

const USAGE = 'npm run merge -- [--out <new or empty folder>] <reports dir>...';

export interface MergeArguments {
  /** The folder the merged reports are written to: new, or empty. */
  out: string;
  /** The reports folders of the shards. */
  dirs: string[];
}

export function parseMergeArguments(argv: readonly string[]): MergeArguments {
  let out: string | undefined;
  const dirs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out' || a.startsWith('--out=')) {
      const value = a === '--out' ? argv[++i] : a.slice('--out='.length);
      if (!value || value.startsWith('-')) throw new ConfigError(`--out needs a folder; use ${USAGE}`);
      if (out !== undefined) throw new ConfigError(`--out is given twice (${out} and ${value}); use ${USAGE}`);
      out = value;
    } else if (a.startsWith('-')) throw new ConfigError(`unknown argument ${a}; use ${USAGE}`);
    else dirs.push(a);
  }
  if (dirs.length === 0) throw new ConfigError(`name the reports folders to merge: ${USAGE}`);
  const resolved = dirs.map((d) => resolve(d));
  const twice = resolved.find((d, i) => resolved.indexOf(d) !== i);
  if (twice) throw new ConfigError(`${twice} is named twice: merge the shards of one run, each once`);
  return { out: resolve(out ?? 'reports'), dirs: resolved };
}

/** The merged reports go into a new or empty folder: never over a run, whose reports would mix with them. */
export function checkOutFolder(out: string): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new ConfigError(`--out ${out} is a file, not a folder: name a new or empty folder`);
  const inside = readdirSync(out);
  if (inside.length > 0)
    throw new ConfigError(
      `--out ${out} is not empty (${inside.slice(0, 3).join(', ')}${inside.length > 3 ? ', ...' : ''}): merge writes into a new or empty folder only, never over a run (name one with --out)`,
    );
}

/** The summary.json of a reports folder, parsed; one line when there is none or it is not JSON. */
export function readSummary(dir: string): ConformanceResult {
  if (!existsSync(dir)) throw new ConfigError(`${dir}: no summary.json (there is no such folder)`);
  if (!statSync(dir).isDirectory()) throw new ConfigError(`${dir}: not a folder (name the reports folder of a run)`);
  const file = join(dir, 'summary.json');
  if (!existsSync(file)) throw new ConfigError(`${dir}: no summary.json (is it the reports folder of a run?)`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ConformanceResult;
  } catch (error) {
    throw new ConfigError(`${file}: cannot be read as JSON (${(error as Error).message})`);
  }
}

/** A shard's result, with what a merge recomputes outcomes from. */
export function readShard(dir: string): ConformanceResult {
  const file = join(dir, 'summary.json');
  const summary = readSummary(dir);
  if (!summary.assertions || !Array.isArray(summary.scenarios) || !summary.target || !summary.suite || !Array.isArray(summary.claims))
    throw new ConfigError(`${file}: written by a run that recorded no assertions; run it again with this version`);
  return summary;
}

/** A run's selection; of a summary.json written before `selection` was recorded, from its tags and shard. */
export const selectionOfRun = (r: ConformanceResult): RunSelection | undefined =>
  r.selection ?? selectionOf({ tags: r.tags, shards: r.shard && Number(r.shard.split('/')[1]) > 1 ? [r.shard] : undefined });

const sorted = (xs: readonly string[] | undefined) => [...(xs ?? [])].sort().join(',') || '(none)';

/** What must be the same in every shard of one run: a field's name, and its value as the refusal shows it. */
const SAME_RUN: Array<[string, (conformanceResult: ConformanceResult) => string]> = [
  ['run group (OTA_RUN_GROUP)', (r) => r.runGroup ?? '(none)'],
  ['target', (r) => r.target.url],
  ['suite version', (r) => `${r.suite.version}${r.suite.commit ? ` (commit ${r.suite.commit})` : ''}`],
  ['sandbox faults', (r) => sorted(r.target.sandbox?.faults)],
  ['sandbox variants', (r) => sorted(r.target.sandbox?.variants)],
  ['claims', (r) => sorted(r.claims)],
  ['profile', (r) => r.profile],
  ['strict', (r) => String(r.strict)],
  ['selection', (r) => selectionKey(selectionOfRun(r))],
];

/** Refuses parts that are not of one run, naming the first field that differs and the two folders. */
export function checkSameRun(parts: readonly ConformanceResult[], dirs: readonly string[]): void {
  for (const [field, value] of SAME_RUN) {
    const first = value(parts[0]);
    const other = parts.findIndex((p) => value(p) !== first);
    if (other > 0)
      throw new ConfigError(
        `cannot merge runs that differ in ${field}: "${first}" (${dirs[0]}) and "${value(parts[other])}" (${dirs[other]}); merge the shards of one run`,
      );
  }
}

/**
 * The shards the parts hold, checked: several parts must each be shards (`--shard i/n`) of one n,
 * none twice. Returns what the merge still lacks of the n shards (none: the whole selection).
 */
export function shardsOf(parts: readonly ConformanceResult[], dirs: readonly string[]): { merged: string[]; missing: string[] } {
  const each = parts.map((p) => selectionOfRun(p)?.shards ?? []);
  if (parts.length === 1 && each[0].length === 0) return { merged: [], missing: [] }; // one whole run
  const notShard = each.findIndex((s) => s.length === 0);
  if (notShard >= 0)
    throw new ConfigError(`${dirs[notShard]} is not a shard (it ran without --shard): merge combines the shards of one run`);
  const total = (s: string) => s.split('/')[1];
  const n = total(each[0][0]);
  const seen = new Map<string, string>();
  each.forEach((shards, index) => {
    for (const shard of shards) {
      if (total(shard) !== n)
        throw new ConfigError(`cannot merge shards of different partitions: ${each[0][0]} (${dirs[0]}) and ${shard} (${dirs[index]})`);
      if (seen.has(shard))
        throw new ConfigError(`shard ${shard} is in two of the merged runs (${seen.get(shard)} and ${dirs[index]}): merge each shard once`);
      seen.set(shard, dirs[index]);
    }
  });
  const all = Array.from({ length: Number(n) }, (_, i) => `${i + 1}/${n}`);
  const merged = all.filter((s) => seen.has(s));
  return { merged, missing: all.filter((s) => !seen.has(s)) };
}
