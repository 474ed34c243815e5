// Keeping secrets (OTA_PASSWORD and the configured secret list) out of every artifact:
//   - Redactor.maskXml / scrub: applied by the suite before anything is printed or attached;
//   - scanForSecrets: the after-run check of reports/ that fails the run if one slipped through,
//     in raw and encoded forms (XML, JSON, URL, and base64 as cucumber messages and Allure embed
//     attachments that way).
import { closeSync, lstatSync, openSync, readSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const MASK = '********';

/** Secrets shorter than this are not masked: they would blank out ordinary words. */
export const MIN_SECRET_LENGTH = 4;

export type SecretEncoding = 'raw' | 'xml-escaped' | 'json-escaped' | 'url-encoded' | 'base64';

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
    else if (value.length < MIN_SECRET_LENGTH) ignored.push({ secretLabel: label, reason: `shorter than ${MIN_SECRET_LENGTH} characters: not masked, it would blank out ordinary text` });
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

export class Redactor {
  /** The secrets that are masked (MIN_SECRET_LENGTH characters or more). */
  readonly secrets: readonly string[];
  /** Secrets that were given but are not masked, with why: the caller should warn about them. */
  readonly ignored: readonly IgnoredSecret[];
  private readonly forms: string[];

  constructor(secrets: string[]) {
    const { kept, ignored } = partition(secrets);
    this.secrets = Object.freeze(kept.map((k) => k.value));
    this.ignored = Object.freeze(ignored);
    // longest first: a secret that contains another one is masked as a whole
    const all = new Set<string>();
    for (const s of this.secrets) for (const p of patternsFor(s, false)) all.add(p.text);
    this.forms = [...all].sort((a, b) => b.length - a.length);
  }

  /** One line per ignored secret, for the console; empty when there is nothing to say. */
  warnings(): string[] {
    return this.ignored.map((i) => `warning: ${i.secretLabel} of the secret list is ${i.reason}`);
  }

  /** Masks MessagePassword values (any quoting, prefix, escaping) and then every raw secret. */
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

  /** Replaces every secret, raw or XML-/JSON-/URL-encoded, in any text. */
  scrub(text: string): string {
    let out = text;
    for (const f of this.forms) if (out.includes(f)) out = out.split(f).join(MASK);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// After-run scan

const CHUNK = 1024 * 1024;

/**
 * Scans every regular file under dir (recursively; symbolic links are not followed) for every
 * secret in raw and encoded forms. Binary-safe and bounded in memory: files are read in 1 MiB
 * chunks that overlap by the longest pattern. A missing dir gives no findings.
 */
export function scanForSecrets(dir: string, secrets: string[]): SecretFinding[] {
  const { kept } = partition(secrets);
  if (kept.length === 0 || !existsSync(dir)) return [];
  const patterns: { label: string; encoding: SecretEncoding; bytes: Buffer }[] = [];
  for (const k of kept)
    for (const p of patternsFor(k.value, true)) patterns.push({ label: k.label, encoding: p.encoding, bytes: Buffer.from(p.text, 'utf8') });
  const overlap = Math.max(...patterns.map((p) => p.bytes.length)) - 1;

  const findings: SecretFinding[] = [];
  for (const file of listFiles(dir)) {
    const counts = scanFile(file, patterns, overlap);
    for (const [key, count] of counts) {
      const [label, encoding] = key.split('\u0000') as [string, SecretEncoding];
      findings.push({ file, secretLabel: label, encoding, count });
    }
  }
  return findings;
}

function listFiles(dir: string): string[] {
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

function scanFile(file: string, patterns: { label: string; encoding: SecretEncoding; bytes: Buffer }[], overlap: number): Map<string, number> {
  const counts = new Map<string, number>();
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new Error(`secret scan: cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    const buf = Buffer.alloc(overlap + CHUNK);
    let carry = 0; // bytes kept from the previous chunk at the start of buf
    for (;;) {
      const n = readSync(fd, buf, carry, CHUNK, null);
      if (n === 0) break;
      const window = buf.subarray(0, carry + n);
      for (const p of patterns) {
        let at = window.indexOf(p.bytes);
        while (at !== -1) {
          // count a match once: only if it ends in the new bytes (it cannot lie wholly in the carry
          // unless shorter than the carry, and then it was counted in the previous window)
          if (at + p.bytes.length > carry) {
            const key = `${p.label}\u0000${p.encoding}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
          }
          at = window.indexOf(p.bytes, at + 1);
        }
      }
      const keep = Math.min(overlap, window.length);
      window.copy(buf, 0, window.length - keep, window.length);
      carry = keep;
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
