// Keeping secrets (OTA_PASSWORD and the configured secret list) out of every artifact:
//   - Redactor.maskXml / scrub: applied by the suite before anything is printed or attached (and
//     to every console write, see console.ts);
//   - scanForSecrets: the after-run check of reports/ that fails the run if one slipped through.
// Both see a secret in every disguise: raw, XML-escaped, numeric character references (&#72;,
// &#x48;), JSON-escaped, URL-encoded, split by white space or line breaks, and base64 (of the
// secret alone or inside a larger text such as user:password or an embedded attachment).
// Every scan is linear in the text (secret-views.ts): hostile replies once froze regexes.
import { closeSync, lstatSync, openSync, readSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { SecretFinder, maskRanges, type SecretForm } from './secret-views';

export const MASK = '********';

/** Secrets shorter than this are not masked: they would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;

/** The disguise a secret was found in ('split': broken by white space or line breaks). */
export type SecretEncoding = SecretForm;

export interface SecretFinding {
  file: string;
  /** 'secret #1' (1-based position in the list given) - never the value. */
  secretLabel: string;
  encoding: SecretEncoding;
  count: number;
}

export interface IgnoredSecret {
  secretLabel: string;
  reason: string;
}

// ---------------------------------------------------------------------------------------------
// Encoded forms of a secret

function xmlEscapedForms(s: string): string[] {
  const amp = s.replace(/&/g, '&amp;');
  const text = amp.replace(/</g, '&lt;').replace(/>/g, '&gt;'); // element content
  const attr = text.replace(/"/g, '&quot;'); // double-quoted attribute
  const full = attr.replace(/'/g, '&apos;');
  const numeric = text.replace(/"/g, '&#34;').replace(/'/g, '&#39;');
  const hex = text.replace(/"/g, '&#x22;').replace(/'/g, '&#x27;');
  const gtRaw = amp.replace(/</g, '&lt;').replace(/"/g, '&quot;'); // serialisers that leave '>' alone
  return [text, attr, full, numeric, hex, gtRaw];
}

function jsonEscapedForms(s: string): string[] {
  const plain = JSON.stringify(s).slice(1, -1);
  // \u-escaping of HTML-sensitive and non-ASCII characters (HTML reports, some serialisers)
  const unicode = plain.replace(/[<>&'\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const slash = plain.replace(/\//g, '\\/');
  return [plain, unicode, slash];
}

function urlEncodedForms(s: string): string[] {
  const component = encodeURIComponent(s);
  const lowerHex = component.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  const form = new URLSearchParams({ v: s }).toString().slice(2); // spaces as '+', escapes !'()~
  return [component, lowerHex, form];
}

/**
 * The base64 characters that depend only on the secret, for each of the 3 byte alignments at
 * which it can start inside a larger base64-encoded document.
 */
export function base64Fragments(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    const start = Math.ceil((8 * k) / 6);
    const end = Math.floor((8 * (k + bytes.length)) / 6);
    const frag = b64.slice(start, end);
    if (frag.length >= 4) out.push(frag);
    const urlSafe = frag.replace(/\+/g, '-').replace(/\//g, '_');
    if (urlSafe !== frag && urlSafe.length >= 4) out.push(urlSafe);
  }
  return out;
}

interface Pattern {
  text: string;
  encoding: SecretEncoding;
}

/** Every form of one secret, de-duplicated, the first (most basic) encoding winning. */
function patternsFor(secret: string, withBase64: boolean): Pattern[] {
  const seen = new Map<string, SecretEncoding>();
  const add = (text: string, encoding: SecretEncoding) => {
    if (text.length > 0 && !seen.has(text)) seen.set(text, encoding);
  };
  add(secret, 'raw');
  const xml = xmlEscapedForms(secret);
  xml.forEach((x) => add(x, 'xml-escaped'));
  for (const t of [secret, ...xml]) jsonEscapedForms(t).forEach((x) => add(x, 'json-escaped'));
  urlEncodedForms(secret).forEach((x) => add(x, 'url-encoded'));
  if (withBase64) {
    // an attachment holds the secret as text, possibly XML-escaped inside the XML it belongs to
    for (const t of [secret, ...xml]) base64Fragments(Buffer.from(t, 'utf8')).forEach((x) => add(x, 'base64'));
  }
  return [...seen].map(([text, encoding]) => ({ text, encoding }));
}

function partition(secrets: readonly string[]): { kept: { label: string; value: string }[]; ignored: IgnoredSecret[] } {
  const kept: { label: string; value: string }[] = [];
  const ignored: IgnoredSecret[] = [];
  secrets.forEach((value, i) => {
    const label = `secret #${i + 1}`;
    if (typeof value !== 'string' || value.length === 0) ignored.push({ secretLabel: label, reason: 'empty' });
    else if (value.length < MIN_SECRET_LENGTH)
      ignored.push({
        secretLabel: label,
        reason: `shorter than ${MIN_SECRET_LENGTH} characters: not masked, it would blank out ordinary text`,
      });
    else kept.push({ label, value });
  });
  return { kept, ignored };
}

// ---------------------------------------------------------------------------------------------

// MessagePassword as an attribute (any prefix, any case), with its value quoted by ", ', &quot;
// (XML shown as text inside XML), \" (XML inside JSON) or not quoted at all; and as an element.
// The lookbehind anchors the optional prefix at the start of a name: without it the regex
// retries [\w.-]+ from every position of a long word run, quadratic on a hostile reply.
const ATTR_NAME = String.raw`((?<![\w.-])(?:[\w.-]+:)?MessagePassword\s*=\s*)`;
const ATTR_VALUE_FORMS = [
  String.raw`(\\")(.*?)(\\")`,
  String.raw`(&quot;|&#34;|&#x22;)(.*?)(&quot;|&#34;|&#x22;)`,
  String.raw`(&apos;|&#39;|&#x27;)(.*?)(&apos;|&#39;|&#x27;)`,
  String.raw`(")([^"]*)(")`,
  String.raw`(')([^']*)(')`,
  String.raw`()((?![&\\])[^\s>"'/]+)()`,
];
const ATTR_RE = new RegExp(`${ATTR_NAME}(?:${ATTR_VALUE_FORMS.join('|')})`, 'gi');
// [^<>] (not [^>]): an unclosed start tag must not make the scan quadratic.
const ELEMENT_RE = /(<((?:[\w.-]+:)?MessagePassword)(?:\s[^<>]*)?>)([^<]*)(<\/\2\s*>)/gi;

/** base64 of a whole value, as a header or a JSON field would carry it (standard and URL-safe). */
function base64Whole(value: string): string[] {
  const b64 = Buffer.from(value, 'utf8').toString('base64');
  const urlSafe = b64.replace(/\+/g, '-').replace(/\//g, '_');
  return [...new Set([b64, b64.replace(/=+$/, ''), urlSafe, urlSafe.replace(/=+$/, '')])];
}

// `Authorization: Basic <base64 of user:password>` (and Bearer tokens): masked whoever's they
// are. [A-Za-z0-9+/=_-] cannot overlap "Basic" or the white space: linear.
const AUTH_RE = /\b(Basic|Bearer)([ \t]+)([A-Za-z0-9+/_-]{8,}={0,2})/gi;

function maskAuthorization(text: string): string {
  if (!/basic|bearer/i.test(text)) return text;
  return text.replace(AUTH_RE, (m, scheme: string, space: string, token: string) => {
    if (scheme.toLowerCase() === 'bearer') return `${scheme}${space}${MASK}`;
    // an ordinary word after "Basic" is left alone: only a token that decodes to user:password
    const decoded = Buffer.from(token, 'base64').toString('latin1');
    return /^[\x20-\x7e]*:[\x20-\x7e]*$/.test(decoded) ? `${scheme}${space}${MASK}` : m;
  });
}

const isBase64Char = (c: number) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 45 || c === 95 || c === 61;

/**
 * A base64 form of a secret masks the whole run of base64 characters around it: the characters at
 * its edges mix bits of the secret with bits of its neighbours (user:password, an attachment).
 */
function maskBase64Runs(text: string, forms: readonly string[]): string {
  const ranges: Array<{ start: number; end: number }> = [];
  for (const f of forms) {
    // each character is walked over at most once per form: the next search starts after the run
    let floor = 0;
    for (let at = text.indexOf(f); at !== -1; at = text.indexOf(f, floor)) {
      let start = at;
      let end = at + f.length;
      while (start > floor && isBase64Char(text.charCodeAt(start - 1))) start--;
      while (end < text.length && isBase64Char(text.charCodeAt(end))) end++;
      ranges.push({ start, end });
      floor = end;
    }
  }
  return maskRanges(text, ranges, MASK);
}

export class Redactor {
  /** The secrets that are masked (MIN_SECRET_LENGTH characters or more). */
  readonly secrets: readonly string[];
  /** Secrets that were given but are not masked, with why: the caller should warn about them. */
  readonly ignored: readonly IgnoredSecret[];
  /** Literal forms (escaped, URL-encoded), longest first. */
  private readonly forms: string[];
  /** base64 forms (whole, and the fragments at every alignment), longest first. */
  private readonly base64: string[];
  private readonly finder: SecretFinder;

  /** user: the gateway user name, so that base64 of user:password is masked whole. */
  constructor(secrets: string[], options: { user?: string } = {}) {
    const { kept, ignored } = partition(secrets);
    this.secrets = Object.freeze(kept.map((k) => k.value));
    this.ignored = Object.freeze(ignored);
    this.finder = new SecretFinder(this.secrets, MIN_SECRET_LENGTH);
    // longest first: a secret that contains another one is masked as a whole
    const literal = new Set<string>();
    const b64 = new Set<string>();
    for (const s of this.secrets) {
      for (const p of patternsFor(s, true)) (p.encoding === 'base64' ? b64 : literal).add(p.text);
      for (const w of [s, ...(options.user ? [`${options.user}:${s}`] : [])]) base64Whole(w).forEach((b) => b64.add(b));
    }
    const longestFirst = (a: string, b: string) => b.length - a.length;
    this.forms = [...literal].sort(longestFirst);
    this.base64 = [...b64].sort(longestFirst);
  }

  /** One line per ignored secret, for the console; empty when there is nothing to say. */
  warnings(): string[] {
    return this.ignored.map((i) => `warning: ${i.secretLabel} of the secret list is ${i.reason}`);
  }

  /** Masks MessagePassword values (any quoting, prefix, escaping) and then every secret. */
  maskXml(xml: string): string {
    const masked = xml
      .replace(ATTR_RE, (...m: unknown[]) => {
        const groups = m.slice(2, 2 + ATTR_VALUE_FORMS.length * 3) as (string | undefined)[];
        for (let i = 0; i < groups.length; i += 3) {
          if (groups[i] !== undefined) return `${m[1]}${groups[i]}${MASK}${groups[i + 2]}`;
        }
        return m[0] as string;
      })
      .replace(ELEMENT_RE, (_m, open: string, _name: string, _value: string, close: string) => `${open}${MASK}${close}`);
    return this.scrub(masked);
  }

  /**
   * The encodings in which a secret (or user:secret) appears in a gateway's reply: raw, escaped,
   * character references, URL-encoded, split, base64. Names the forms, never the value: the
   * credential-echo finding.
   */
  echoes(text: string, user = ''): SecretEncoding[] {
    const found = new Set<SecretEncoding>(this.finder.find(text).map((m) => m.form));
    for (const s of this.secrets) {
      const b64 = [...base64Whole(s), ...(user ? base64Whole(`${user}:${s}`) : []), ...base64Fragments(Buffer.from(s, 'utf8'))];
      if (b64.some((b) => text.includes(b))) found.add('base64');
    }
    return [...found];
  }

  /** Replaces every secret, in any of its disguises, in any text. */
  scrub(text: string): string {
    if (this.secrets.length === 0 || text.length === 0) return text;
    let out = maskRanges(text, this.finder.find(text), MASK);
    for (const f of this.forms) if (out.includes(f)) out = out.split(f).join(MASK);
    return maskAuthorization(maskBase64Runs(out, this.base64));
  }
}

// ---------------------------------------------------------------------------------------------
// After-run scan

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
  const findings: SecretFinding[] = [];
  for (const file of files) {
    for (const [key, count] of scanFile(file, scanner)) {
      const [i, encoding] = key.split('\u0000') as [string, SecretEncoding];
      findings.push({ file, secretLabel: kept[Number(i)].label, encoding, count });
    }
  }
  return findings;
}

const isB64 = (c: number) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 45 || c === 95;

/** Counts the secrets (by index) in texts, in every disguise, base64 included. */
class SecretScanner {
  private readonly finder: SecretFinder;
  /** base64 of the raw and XML-escaped secret at the 3 alignments: found in runs of any length. */
  private readonly fragments: Array<{ secret: number; text: string }>;

  constructor(secrets: readonly string[]) {
    this.finder = new SecretFinder(secrets, MIN_SECRET_LENGTH);
    this.fragments = secrets.flatMap((s, secret) =>
      patternsFor(s, true)
        .filter((p) => p.encoding === 'base64')
        .map((p) => ({ secret, text: p.text })),
    );
  }

  /** Adds to `counts` (keys `${secretIndex}\0${form}`) what ends after `from` (before it: counted with the previous chunk). */
  scan(text: string, counts = new Map<string, number>(), from = 0): Map<string, number> {
    const add = (secret: number, form: SecretEncoding) => {
      const key = `${secret}\u0000${form}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    };
    for (const m of this.finder.find(text)) if (m.end > from) add(m.secret, m.form);

    const runs = base64Runs(text);
    // a run decoded at some alignment shows its secrets whatever their disguise
    const decodedHits = new Set<string>();
    for (const m of this.inDecodedRuns(text, runs)) {
      decodedHits.add(`${m.secret}:${m.run}`);
      if (m.end > from) add(m.secret, 'base64');
    }
    // short runs (a bare base64 of the secret) by their literal fragments, each run counted once
    for (const f of this.fragments) {
      for (let at = text.indexOf(f.text); at !== -1; at = text.indexOf(f.text, at + 1)) {
        const run = runAt(runs, at);
        if (run >= 0 && (runs[run][1] - runs[run][0] >= MIN_DECODED_RUN || decodedHits.has(`${f.secret}:${run}`))) continue;
        decodedHits.add(`${f.secret}:${run}`);
        if (at + f.text.length > from) add(f.secret, 'base64');
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
        if (b - a < MIN_DECODED_RUN) return;
        const decoded = Buffer.from(text.slice(a + k, b), 'base64').toString('utf8');
        if (!textLike(decoded)) return; // binary, or the wrong alignment: nothing readable to find
        segStart.push(len);
        used.push(r);
        parts.push(decoded);
        len += decoded.length + 1;
      });
      for (const m of this.finder.find(parts.join('\u0000'))) {
        let lo = 0;
        let hi = segStart.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (segStart[mid] <= m.start) lo = mid;
          else hi = mid - 1;
        }
        const [a, b] = runs[used[lo]];
        // where the match ends in the original text, near enough to tell the chunk it belongs to
        out.push({ secret: m.secret, run: used[lo], end: Math.min(b, a + k + Math.ceil(((m.end - segStart[lo]) * 4) / 3)) });
      }
    }
    return out;
  }
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
    let j = i;
    while (j < text.length && isB64(text.charCodeAt(j))) j++;
    runs.push([i, j]);
    i = j;
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

function scanFile(file: string, scanner: SecretScanner): Map<string, number> {
  const counts = new Map<string, number>();
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new Error(`secret scan: cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    const buf = Buffer.alloc(CHUNK);
    const decoder = new StringDecoder('utf8'); // a character cut by the chunk boundary waits for the next chunk
    let carry = '';
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, null);
      const fresh = n === 0 ? decoder.end() : decoder.write(buf.subarray(0, n));
      if (fresh.length > 0) {
        const window = carry + fresh;
        scanner.scan(window, counts, carry.length);
        carry = window.slice(-OVERLAP);
      }
      if (n === 0) break;
    }
  } finally {
    closeSync(fd);
  }
  return counts;
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
  for (const f of [...findings].sort((a, b) => a.file.localeCompare(b.file) || a.secretLabel.localeCompare(b.secretLabel)))
    lines.push(`  ${f.file}: ${f.secretLabel} (${f.encoding}) x${f.count}`);
  lines.push(
    '(secret #n is the n-th value of the list of secrets the suite was given.) Do not publish or archive these reports: ' +
      'delete them, and find the step, hook or formatter that wrote the value unmasked.',
  );
  return lines.join('\n');
}
