// Where the CPU time goes: reads V8 .cpuprofile files (node --cpu-prof, one per process) and sums
// the self time of every sample into a category named after what the code is for (transpiling,
// module loading, libxml2-wasm, request building, cucumber and its formatters, masking, ...).
// Frames without a script (natives such as JSON.stringify or RegExp) count for their caller.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber?: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Category of a frame from its script URL; undefined: a native or a node built-in, decided by its caller. */
export function categoryOf(frame: CallFrame): string | undefined {
  const url = frame.url.replace(/\\/g, '/');
  const fn = frame.functionName;
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(idle)') return 'idle (waiting for I/O)';
  if (fn === '(program)') return 'V8 and native (compiling JS, ...)';
  if (fn === '(root)') return undefined;
  if (!url) return undefined;
  if (url.includes('/node_modules/typescript/') || url.includes('/node_modules/ts-node/') || url.includes('/node_modules/@cspotcode/'))
    return 'TypeScript transpiling (ts-node)';
  if (url.startsWith('wasm://') || url.includes('/node_modules/libxml2-wasm/')) return 'libxml2-wasm (parse, XPath, XSD)';
  if (url.includes('/node_modules/@xmldom/') || url.includes('/node_modules/xpath/') || url.includes('/src/xml/requests'))
    return 'request building (xmldom, xpath)';
  if (url.includes('/node_modules/allure') || url.includes('/src/reporting/allure')) return 'Allure formatter';
  if (url.includes('/node_modules/@cucumber/html-formatter/') || url.includes('/node_modules/@cucumber/cucumber/lib/formatter/'))
    return 'cucumber formatters (html, message, progress)';
  // regexp-tree and regexp-match-indices: cucumber-expressions matching step text
  if (url.includes('/node_modules/@cucumber/') || url.includes('/node_modules/regexp-'))
    return 'cucumber-js (load features, match and run steps)';
  if (url.includes('/node_modules/undici/') || url.startsWith('node:internal/http') || url.startsWith('node:_http') || url === 'node:http')
    return 'HTTP (undici, node:http)';
  if (url.includes('/sandbox/src/')) return 'sandbox (the target)';
  if (url.includes('/src/safety/parallel-scan') || url.includes('/src/safety/scan-worker') || url.includes('/src/safety/scanning'))
    return 'secret scan of the reports (after the run)';
  if (url.includes('/src/safety/masking')) return 'masking (evidence, messages, credential echo)';
  // the finders and forms serve both: their caller decides
  if (url.includes('/src/safety/secret-views') || url.includes('/src/safety/secret-forms')) return undefined;
  if (url.includes('/src/cucumber/evidence') || url.includes('/src/reporting/reproducer')) return 'attachments (evidence)';
  if (url.includes('/src/reporting/')) return 'reports (outcomes, verdict, conformance report)';
  if (url.includes('/src/') || url.includes('/steps/') || url.includes('/scripts/')) return 'suite code (contracts, steps, run)';
  if (url.startsWith('node:internal/modules') || url.startsWith('node:internal/vm') || fn === 'compileFunction' || fn === 'wrapSafe')
    return 'module loading (node)';
  if (url.includes('/node_modules/')) return 'other packages';
  // fs, streams, events, buffers: counted for the code that called them (a blocking fsync for its writer)
  if (url.startsWith('node:')) return undefined;
  return 'other';
}

/** The category of a frame nothing above explains (an event-loop tick, a timer, a top-level native). */
function fallbackCategory(frame: CallFrame | undefined): string {
  return frame?.url.startsWith('node:') ? 'node internals (event loop, fs, streams)' : 'other';
}

/** Self time per category in ms for one profile. */
export function categorise(profile: CpuProfile): Map<string, number> {
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const c of node.children ?? []) parent.set(c, node.id);
  }
  // undefined: nothing on the path to the root names a category
  const memo = new Map<number, string | undefined>();
  const walk = (id: number): string | undefined => {
    if (memo.has(id)) return memo.get(id);
    const profileNode = byId.get(id);
    let c = profileNode ? categoryOf(profileNode.callFrame) : undefined;
    if (c === undefined) {
      const p = parent.get(id);
      c = p === undefined ? undefined : walk(p);
    }
    memo.set(id, c);
    return c;
  };
  const cat = (id: number): string => walk(id) ?? fallbackCategory(byId.get(id)?.callFrame);
  const out = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // timeDeltas[i] is the time before sample i; the time after the last sample is unknown (0).
  for (let i = 0; i < samples.length; i++) {
    const us = deltas[i + 1] ?? 0;
    const c = cat(samples[i]);
    out.set(c, (out.get(c) ?? 0) + us / 1000);
  }
  return out;
}

export interface ProfileSummary {
  /** Processes profiled (the runner and each worker). */
  processes: number;
  /** Sum of the processes' profiled wall time (start to end of each profile), ms. */
  wallMs: number;
  /** Category -> ms, summed over the processes; idle excluded from busyMs. */
  byCategory: Map<string, number>;
  busyMs: number;
  /** Frame (function, file:line) -> self ms, summed over the processes; idle left out. */
  byFrame: Map<string, number>;
}

/** Sums every .cpuprofile of a folder. */
export function summariseProfiles(dir: string): ProfileSummary {
  const byCategory = new Map<string, number>();
  const byFrame = new Map<string, number>();
  let processes = 0;
  let wallMs = 0;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.cpuprofile'))) {
    const cpuProfile = JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile;
    processes++;
    wallMs += (cpuProfile.endTime - cpuProfile.startTime) / 1000;
    for (const [c, ms] of categorise(cpuProfile)) byCategory.set(c, (byCategory.get(c) ?? 0) + ms);
    for (const [f, ms] of selfByFrame(cpuProfile)) byFrame.set(f, (byFrame.get(f) ?? 0) + ms);
  }
  let busyMs = 0;
  for (const [c, ms] of byCategory) if (!c.startsWith('idle')) busyMs += ms;
  return { processes, wallMs, byCategory, busyMs, byFrame };
}

/** A frame's name: its function and where it is (the project's or a package's path, and line). */
export function frameName(callFrame: CallFrame): string {
  const where = callFrame.url
    .replace(/\\/g, '/')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^file:\/\//, '');
  const local = where.startsWith('/') ? where.split('/').slice(-3).join('/') : where;
  return `${callFrame.functionName || '(anonymous)'}${local ? ` ${local}:${(callFrame.lineNumber ?? 0) + 1}` : ''}`;
}

/** Self time per frame in ms for one profile, idle left out (the top frames of the bench). */
export function selfByFrame(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = byId.get(samples[i])?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    const name = frameName(frame);
    out.set(name, (out.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return out;
}
