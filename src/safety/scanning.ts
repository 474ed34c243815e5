// Scanning: the after-run check of reports/ that fails the run if a secret slipped through,
// in every disguise masking.ts knows (secret-views.ts decodes them; base64 runs decoded here).
import { closeSync, lstatSync, openSync, readSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { SecretFinder } from './secret-views';
import { MIN_SECRET_LENGTH, partition, patternsFor, type SecretEncoding } from './secret-forms';

export interface SecretFinding {
  file: string;
  /** 'secret #1' (1-based position in the list given) - never the value. */
  secretLabel: string;
  encoding: SecretEncoding;
  count: number;
}

const CHUNK = 1024 * 1024;
/** Characters carried from one chunk to the next, so a disguised secret across a boundary is seen. */
const OVERLAP = 64 * 1024;

/**
 * Scans every regular file under dir (recursively; symbolic links are not followed) for every
 * secret in every disguise, base64-encoded ones included (runs of base64 characters are decoded
 * at their 4 possible alignments and searched again). Bounded in memory: files are read in 1 MiB
 * chunks that overlap by 64 KiB. A missing dir gives no findings.
 */
export function scanForSecrets(dir: string, secrets: string[]): SecretFinding[] {
  return existsSync(dir) ? scanFiles(listFiles(dir), secrets) : [];
}

/** The scan of scanForSecrets over a list of files, in their order (src/safety/parallel-scan.ts shares it out). */
export function scanFiles(files: readonly string[], secrets: readonly string[]): SecretFinding[] {
  const { kept } = partition(secrets);
  if (kept.length === 0) return [];
  const scanner = new SecretScanner(kept.map((k) => k.value));
  return files.flatMap((file) => findingsOf(file, scanFile(file, scanner), kept));
}

/** The counts of one file (keys `${secretIndex}\0${form}`) as findings. */
function findingsOf(file: string, counts: Map<string, number>, kept: ReturnType<typeof partition>['kept']): SecretFinding[] {
  return [...counts].map(([key, count]) => {
    const [i, encoding] = key.split('\u0000') as [string, SecretEncoding];
    return { file, secretLabel: kept[Number(i)].label, encoding, count };
  });
}

const isB64 = (c: number) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 45 || c === 95;

/** Counts the secrets (by index) in texts, in every disguise, base64 included. */
class SecretScanner {
  private readonly finder: SecretFinder;
  /** Decoded runs shorter than this are not searched (0: every run is). */
  private readonly shortestDecoded: number;
  /** base64 of the raw and XML-escaped secret at the 3 alignments: found in runs of any length. */
  private readonly fragments: Array<{ secret: number; text: string }>;
  /** The secrets' bytes in hex, lower and upper case. */
  private readonly hex: Array<{ secret: number; text: string }>;

  constructor(secrets: readonly string[]) {
    this.finder = new SecretFinder(secrets, MIN_SECRET_LENGTH);
    this.shortestDecoded = this.finder.keysHoldNul() ? 0 : this.finder.shortestKey();
    this.fragments = secrets.flatMap((s, secret) =>
      patternsFor(s, true)
        .filter((p) => p.encoding === 'base64')
        .map((p) => ({ secret, text: p.text })),
    );
    this.hex = secrets.flatMap((s, secret) =>
      patternsFor(s, false)
        .filter((p) => p.encoding === 'hex')
        .map((p) => ({ secret, text: p.text })),
    );
  }

  /** Adds to `counts` (keys `${secretIndex}\0${form}`) what ends after `from` (before it: counted with the previous chunk). */
  scan(text: string, counts = new Map<string, number>(), from = 0): Map<string, number> {
    const add = (secret: number, form: SecretEncoding) => {
      const key = `${secret}\u0000${form}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    };
    for (const secretMatch of this.finder.find(text)) if (secretMatch.end > from) add(secretMatch.secret, secretMatch.form);
    for (const hex of this.hex)
      for (let at = text.indexOf(hex.text); at !== -1; at = text.indexOf(hex.text, at + hex.text.length))
        if (at + hex.text.length > from) add(hex.secret, 'hex');

    const runs = base64Runs(text);
    // a run decoded at some alignment shows its secrets whatever their disguise
    const decodedHits = new Set<string>();
    for (const m of this.inDecodedRuns(text, runs)) {
      decodedHits.add(`${m.secret}:${m.run}`);
      if (m.end > from) add(m.secret, 'base64');
    }
    // short runs (a bare base64 of the secret) by their literal fragments, each run counted once
    for (const fragment of this.fragments) {
      for (let at = text.indexOf(fragment.text); at !== -1; at = text.indexOf(fragment.text, at + 1)) {
        const run = runAt(runs, at);
        if (run >= 0 && (runs[run][1] - runs[run][0] >= MIN_DECODED_RUN || decodedHits.has(`${fragment.secret}:${run}`))) continue;
        decodedHits.add(`${fragment.secret}:${run}`);
        if (at + fragment.text.length > from) add(fragment.secret, 'base64');
      }
    }
    return counts;
  }

  /**
   * Secrets inside base64 runs of at least MIN_DECODED_RUN characters (cucumber messages and Allure
   * embed attachments this way). Each run is decoded at the 4 alignments; only text-like results
   * are searched, joined with NUL so that one search covers them all.
   */
  private inDecodedRuns(text: string, runs: Array<[number, number]>): Array<{ secret: number; run: number; end: number }> {
    const out: Array<{ secret: number; run: number; end: number }> = [];
    for (let k = 0; k < 4; k++) {
      const parts: string[] = [];
      const segStart: number[] = [];
      const used: number[] = [];
      let len = 0;
      runs.forEach(([a, b], r) => {
        // a run too short to decode into a secret cannot hold one (unless a secret holds the NUL
        // that separates the runs): UTF-8 gives at most one character per byte
        if (b - a < MIN_DECODED_RUN || Math.floor(((b - a - k) * 3) / 4) < this.shortestDecoded) return;
        const decoded = decodeBase64(text.slice(a + k, b));
        if (!textLike(decoded)) return; // binary, or the wrong alignment: nothing readable to find
        segStart.push(len);
        used.push(r);
        parts.push(decoded);
        len += decoded.length + 1;
      });
      for (const secretMatch of this.finder.find(parts.join('\u0000'))) {
        let lo = 0;
        let hi = segStart.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (segStart[mid] <= secretMatch.start) lo = mid;
          else hi = mid - 1;
        }
        const [a, b] = runs[used[lo]];
        // where the match ends in the original text, near enough to tell the chunk it belongs to
        out.push({
          secret: secretMatch.secret,
          run: used[lo],
          end: Math.min(b, a + k + Math.ceil(((secretMatch.end - segStart[lo]) * 4) / 3)),
        });
      }
    }
    return out;
  }
}

/** One buffer for every decoded run: a Buffer per run was most of the scan's allocations. */
let decodeBuffer = Buffer.allocUnsafe(64 * 1024);

/** Buffer.from(run, 'base64').toString('utf8'), decoded into the shared buffer. */
export function decodeBase64(run: string): string {
  const most = Math.ceil((run.length * 3) / 4) + 3;
  if (decodeBuffer.length < most) decodeBuffer = Buffer.allocUnsafe(Math.max(most, 2 * decodeBuffer.length));
  const n = decodeBuffer.write(run, 0, 'base64');
  return decodeBuffer.toString('utf8', 0, n);
}

/** Shorter runs are decoded only through the literal fragments (cheap): most are words. */
const MIN_DECODED_RUN = 12;

/** The runs of base64 characters of a text, as [start, end) pairs in order. */
function base64Runs(text: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < text.length;) {
    if (!isB64(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let index = i;
    while (index < text.length && isB64(text.charCodeAt(index))) index++;
    runs.push([i, index]);
    i = index;
  }
  return runs;
}

/** The index of the run that holds position `at`, or -1. */
function runAt(runs: Array<[number, number]>, at: number): number {
  let lo = 0;
  let hi = runs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (runs[mid][1] <= at) lo = mid + 1;
    else if (runs[mid][0] > at) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** Mostly text: at most 2% (and at least 2) replacement or control characters. */
function textLike(s: string): boolean {
  let bad = 0;
  const allowed = Math.max(2, s.length / 50);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0xfffd || (c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) if (++bad > allowed) return false;
  }
  return true;
}

/** Every regular file under dir, sorted, symbolic links not followed. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = lstatSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) out.push(p);
    }
  };
  const st = lstatSync(dir);
  if (st.isDirectory()) walk(dir);
  else if (st.isFile()) out.push(dir);
  return out;
}

/** One read buffer for every file (the scan is synchronous): a zeroed MiB per file cost more than small files' scans. */
const readBuffer = Buffer.allocUnsafe(CHUNK);

function scanFile(file: string, scanner: SecretScanner): Map<string, number> {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new Error(`secret scan: cannot read ${file}: ${(error as Error).message}`);
  }
  const scan = new ChunkedScan(scanner);
  try {
    for (let n = readSync(fd, readBuffer, 0, CHUNK, null); n > 0; n = readSync(fd, readBuffer, 0, CHUNK, null))
      scan.chunk(readBuffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return scan.end();
}

/**
 * The scan of one file's bytes, chunk after chunk: each chunk is decoded (a character cut by the
 * boundary waits for the next) and scanned after the last OVERLAP characters of the one before.
 */
class ChunkedScan {
  private readonly counts = new Map<string, number>();
  private readonly decoder = new StringDecoder('utf8');
  private carry = '';

  constructor(private readonly scanner: SecretScanner) {}

  chunk(bytes: Buffer): void {
    this.text(this.decoder.write(bytes));
  }

  end(): Map<string, number> {
    this.text(this.decoder.end());
    return this.counts;
  }

  private text(fresh: string): void {
    if (fresh.length === 0) return;
    const window = this.carry + fresh;
    this.scanner.scan(window, this.counts, this.carry.length);
    this.carry = window.slice(-OVERLAP);
  }
}

/**
 * The scan of a file as it is written (the evidence stream): its bytes are given in the order they
 * are written, in pieces of any size, and cut into the chunks scanFile reads, so that the findings
 * are those of scanFile once the file is complete.
 */
export class WrittenFileScan {
  private readonly scan: ChunkedScan | undefined;
  private readonly kept: ReturnType<typeof partition>['kept'];
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    readonly file: string,
    secrets: readonly string[],
  ) {
    this.kept = partition(secrets).kept;
    this.scan = this.kept.length ? new ChunkedScan(new SecretScanner(this.kept.map((k) => k.value))) : undefined;
  }

  write(bytes: Buffer): void {
    if (!this.scan) return;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes < CHUNK) return;
    const all = Buffer.concat(this.pending);
    let at = 0;
    for (; all.length - at >= CHUNK; at += CHUNK) this.scan.chunk(all.subarray(at, at + CHUNK));
    this.pending = at < all.length ? [all.subarray(at)] : [];
    this.pendingBytes = all.length - at;
  }

  /** The file is complete: its findings, as scanFiles gives them. */
  end(): SecretFinding[] {
    if (!this.scan) return [];
    if (this.pendingBytes > 0) this.scan.chunk(Buffer.concat(this.pending));
    this.pending = [];
    return findingsOf(this.file, this.scan.end(), this.kept);
  }
}

/** A console message for the findings; names files, secrets by number and encodings, never values. */
export function formatFindings(findings: SecretFinding[]): string {
  if (findings.length === 0) return 'Secret scan: no secret value found in the reports.';
  const files = new Set(findings.map((f) => f.file));
  const secrets = new Set(findings.map((f) => f.secretLabel));
  const total = findings.reduce((n, f) => n + f.count, 0);
  const lines = [
    `Secret scan FAILED: ${total} occurrence(s) of ${secrets.size} secret value(s) in ${files.size} file(s). The values are not shown.`,
  ];
  for (const secretFinding of [...findings].sort((a, b) => a.file.localeCompare(b.file) || a.secretLabel.localeCompare(b.secretLabel)))
    lines.push(`  ${secretFinding.file}: ${secretFinding.secretLabel} (${secretFinding.encoding}) x${secretFinding.count}`);
  lines.push(
    '(secret #n is the n-th value of the list of secrets the suite was given.) Do not publish or archive these reports: ' +
      'delete them, and find the step, hook or formatter that wrote the value unmasked.',
  );
  return lines.join('\n');
}
