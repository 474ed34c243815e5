// Finding a secret in a text whatever the gateway (or a serialiser) did to it: XML numeric
// character references (&#72; &#x48;), named entities, JSON escapes, URL encoding, white space or
// line breaks inside it. The text is decoded into "views", each character of which remembers the
// range of the original text it came from, so a match in a view masks the original characters.
//
// Every step is one pass over the text (no backtracking pattern ever sees a gateway's bytes): a
// 5 MB hostile reply costs a few passes and a few indexOf per secret.

/** A decoded text; character i came from original[start[i], end[i]). null arrays: identity. */
export interface View {
  text: string;
  start: Int32Array | null;
  end: Int32Array | null;
}

export type SecretForm = 'raw' | 'xml-escaped' | 'ncr' | 'json-escaped' | 'url-encoded' | 'split' | 'base64';

export interface SecretMatch {
  /** Index of the secret in the list given to the finder. */
  secret: number;
  /** Range in the original text. */
  start: number;
  end: number;
  form: SecretForm;
}

const startOf = (v: View, i: number) => (v.start ? v.start[i] : i);
const endOf = (v: View, i: number) => (v.end ? v.end[i] : i + 1);

const UTF16 = new TextDecoder('utf-16le');

/** Collects the characters of a view with their original ranges. Never longer than its input. */
class ViewBuilder {
  private readonly codes: Uint16Array;
  private readonly start: Int32Array;
  private readonly end: Int32Array;
  private n = 0;

  constructor(capacity: number) {
    this.codes = new Uint16Array(capacity);
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
  }

  unit(code: number, s: number, e: number): void {
    this.codes[this.n] = code;
    this.start[this.n] = s;
    this.end[this.n] = e;
    this.n++;
  }

  codePoint(cp: number, s: number, e: number): void {
    if (cp > 0xffff) {
      cp -= 0x10000;
      this.unit(0xd800 + (cp >> 10), s, e);
      this.unit(0xdc00 + (cp & 0x3ff), s, e);
    } else this.unit(cp, s, e);
  }

  view(): View {
    // one code unit per code unit (a lone surrogate becomes one U+FFFD): indexes stay aligned
    const text = UTF16.decode(this.codes.subarray(0, this.n));
    return { text, start: this.start.subarray(0, this.n), end: this.end.subarray(0, this.n) };
  }
}

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const hexVal = (c: number) => (c <= 57 ? c - 48 : (c | 0x20) - 87);

function identity(text: string): View {
  return { text, start: null, end: null };
}

/** JSON string escapes: \uXXXX, \n, \", \\, \/ ... (cucumber messages, HTML reports, summaries). */
function jsonUnescape(v: View): View {
  const t = v.text;
  if (!t.includes('\\')) return v;
  const b = new ViewBuilder(t.length);
  const simple: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '"': 34, '\\': 92, '/': 47, "'": 39 };
  for (let i = 0; i < t.length; i++) {
    if (t.charCodeAt(i) === 92 && i + 1 < t.length) {
      const c = t[i + 1];
      if (c === 'u' && i + 5 < t.length && [2, 3, 4, 5].every((k) => isHex(t.charCodeAt(i + k)))) {
        b.unit(parseInt(t.slice(i + 2, i + 6), 16), startOf(v, i), endOf(v, i + 5));
        i += 5;
        continue;
      }
      if (simple[c] !== undefined) {
        b.unit(simple[c], startOf(v, i), endOf(v, i + 1));
        i += 1;
        continue;
      }
    }
    b.unit(t.charCodeAt(i), startOf(v, i), endOf(v, i));
  }
  return b.view();
}

const NAMED: Array<[string, number]> = [
  ['amp;', 38],
  ['lt;', 60],
  ['gt;', 62],
  ['quot;', 34],
  ['apos;', 39],
  ['nbsp;', 160],
];

/** XML/HTML references: &#72; &#x48; (semicolon optional, leading zeros allowed) and &amp; &lt; ... */
function entityDecode(v: View): View {
  const t = v.text;
  if (!t.includes('&')) return v;
  const b = new ViewBuilder(t.length);
  for (let i = 0; i < t.length; i++) {
    if (t.charCodeAt(i) === 38) {
      let j = i + 1;
      if (t.charCodeAt(j) === 35) {
        // numeric: at most 10 digits are looked at, so the scan stays linear
        j++;
        const hex = t[j] === 'x' || t[j] === 'X';
        if (hex) j++;
        let cp = 0;
        let digits = 0;
        while (digits < 10 && j < t.length && (hex ? isHex(t.charCodeAt(j)) : t.charCodeAt(j) >= 48 && t.charCodeAt(j) <= 57)) {
          cp = cp * (hex ? 16 : 10) + (hex ? hexVal(t.charCodeAt(j)) : t.charCodeAt(j) - 48);
          j++;
          digits++;
        }
        if (digits > 0 && cp > 0 && cp <= 0x10ffff) {
          if (t.charCodeAt(j) === 59) j++;
          b.codePoint(cp, startOf(v, i), endOf(v, j - 1));
          i = j - 1;
          continue;
        }
      } else {
        const named = NAMED.find(([name]) => t.startsWith(name, j));
        if (named) {
          j += named[0].length;
          b.unit(named[1], startOf(v, i), endOf(v, j - 1));
          i = j - 1;
          continue;
        }
      }
    }
    b.unit(t.charCodeAt(i), startOf(v, i), endOf(v, i));
  }
  return b.view();
}

/** URL encoding: %XX sequences decoded as UTF-8 (a byte that is not UTF-8 as ISO-8859-1), + as space. */
function percentDecode(v: View): View {
  const t = v.text;
  if (!t.includes('%') && !t.includes('+')) return v;
  const b = new ViewBuilder(t.length);
  const byteAt = (i: number) =>
    t.charCodeAt(i) === 37 && i + 2 < t.length && isHex(t.charCodeAt(i + 1)) && isHex(t.charCodeAt(i + 2))
      ? hexVal(t.charCodeAt(i + 1)) * 16 + hexVal(t.charCodeAt(i + 2))
      : -1;
  for (let i = 0; i < t.length; i++) {
    const lead = byteAt(i);
    if (lead >= 0) {
      const more = lead >= 0xf0 && lead <= 0xf4 ? 3 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xc2 && lead <= 0xdf ? 1 : 0;
      let cp = more === 3 ? lead & 0x07 : more === 2 ? lead & 0x0f : more === 1 ? lead & 0x1f : lead;
      let k = 1;
      for (; k <= more; k++) {
        const c = byteAt(i + 3 * k);
        if (c < 0x80 || c > 0xbf) break;
        cp = (cp << 6) | (c & 0x3f);
      }
      if (more > 0 && k <= more) cp = lead; // not UTF-8: one ISO-8859-1 character
      const used = more > 0 && k > more ? 1 + more : 1;
      b.codePoint(cp, startOf(v, i), endOf(v, i + 3 * used - 1));
      i += 3 * used - 1;
      continue;
    }
    b.unit(t.charCodeAt(i) === 43 ? 32 : t.charCodeAt(i), startOf(v, i), endOf(v, i));
  }
  return b.view();
}

/** White space, line breaks and invisible separators. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200d) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function stripSpaces(v: View): View {
  const t = v.text;
  const b = new ViewBuilder(t.length);
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (!isSpace(c)) b.unit(c, startOf(v, i), endOf(v, i));
  }
  return b.view();
}

function stripSpacesOf(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) if (!isSpace(s.charCodeAt(i))) out += s[i];
  return out;
}

/** Which disguise a match wore, from the original characters it covers. */
function formOf(original: string, secret: string, viaUrl: boolean): SecretForm {
  if (original === secret) return 'raw';
  if (viaUrl && /%[0-9a-f]{2}/i.test(original)) return 'url-encoded';
  if (original.includes('&#')) return 'ncr';
  if (/\\(u[0-9a-f]{4}|[nrtbf"\\/'])/i.test(original)) return 'json-escaped';
  if ([...original].some((c) => isSpace(c.charCodeAt(0)) && !secret.includes(c))) return 'split';
  if (/&(amp|lt|gt|quot|apos|nbsp);/.test(original)) return 'xml-escaped';
  if (viaUrl && original.includes('+')) return 'url-encoded';
  return 'split';
}

/** Looks for a fixed list of secrets in every view of a text. */
export class SecretFinder {
  /** The secrets without their white space: what is looked for in the views. */
  private readonly keys: string[];

  constructor(
    readonly secrets: readonly string[],
    minLength: number,
  ) {
    this.keys = secrets.map((s) => {
      const k = stripSpacesOf(s);
      return k.length >= minLength ? k : '';
    });
  }

  /**
   * Every occurrence, each once (the first view that finds it names its form). Most texts hold no
   * secret: their decoded views are built as plain strings first (no position maps), and only a
   * text whose views hold a key is searched again with positions.
   */
  find(text: string): SecretMatch[] {
    if (this.keys.every((k) => k === '')) return [];
    const views = viewTexts(text);
    if (!this.keys.some((key) => key !== '' && views.some((v) => v.includes(key)))) return [];
    return this.findInViews(text);
  }

  /** The fewest characters a decoded text must have to hold a secret (Infinity: no secret is looked for). */
  shortestKey(): number {
    return Math.min(...this.keys.filter((k) => k !== '').map((k) => k.length));
  }

  /** Whether a secret holds a NUL: texts joined with NUL separators could then match across them. */
  keysHoldNul(): boolean {
    return this.keys.some((k) => k.includes('\u0000'));
  }

  /** find without the string-only first pass: the views with their position maps, always. */
  findInViews(text: string): SecretMatch[] {
    if (this.keys.every((k) => k === '')) return [];
    const out: SecretMatch[] = [];
    const seen = new Set<string>();
    const search = (view: View, viaUrl: boolean) => {
      this.keys.forEach((key, secret) => {
        if (!key) return;
        for (let at = view.text.indexOf(key); at !== -1; at = view.text.indexOf(key, at + 1)) {
          const start = startOf(view, at);
          const end = endOf(view, at + key.length - 1);
          const id = `${secret}:${start}`;
          if (seen.has(id)) continue;
          seen.add(id);
          out.push({ secret, start, end, form: formOf(text.slice(start, end), this.secrets[secret], viaUrl) });
        }
      });
    };
    // markup: JSON escapes, then references (twice: &amp;#72; is an escaped reference), then spaces
    let v = entityDecode(jsonUnescape(identity(text)));
    if (v.text.includes('&')) v = entityDecode(v);
    search(stripSpaces(v), false);
    v = identity(''); // free it before the next view
    if (text.includes('%') || text.includes('+')) {
      let u = percentDecode(identity(text));
      if (u.text.includes('&')) u = entityDecode(u);
      search(stripSpaces(u), true);
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// The same views as plain strings: native regular-expression passes (each linear: fixed-length
// alternatives, no nested repetition) that decode exactly as the builders above do, lone
// surrogates turned into U+FFFD as the builders' UTF-16 decoding does.

const JSON_ESCAPE_RE = /\\(?:u([0-9a-fA-F]{4})|([nrtbf"\\/']))/g;
const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/', "'": "'" };
// &#72; &#x48; (at most 10 digits, semicolon optional) and the named references of NAMED
const ENTITY_RE = /&(?:#(?:[xX]([0-9a-fA-F]{1,10})|([0-9]{1,10}))(;?)|(amp|lt|gt|quot|apos|nbsp);)/g;
const NAMED_CHARS = new Map(NAMED.map(([name, code]) => [name.slice(0, -1), String.fromCharCode(code)]));
const PERCENT_RUN_RE = /(?:%[0-9a-fA-F]{2})+|\+/g;
const SPACE_RE = /[\t-\r \x85\xa0\u1680\u2000-\u200d\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;

/** String.prototype.toWellFormed (Node 20 has it; TypeScript's ES2022 library does not declare it). */
const wellFormed = (s: string): string => {
  const t = s as string & { isWellFormed(): boolean; toWellFormed(): string };
  return t.isWellFormed() ? s : t.toWellFormed(); // no copy of the usual, well-formed text
};

/** ViewBuilder.codePoint as a string: beyond U+FFFF split into two units without a range check. */
function unitsOf(cp: number): string {
  if (cp <= 0xffff) return String.fromCharCode(cp);
  cp -= 0x10000;
  return String.fromCharCode(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
}

function jsonUnescapeText(t: string): string {
  if (!t.includes('\\')) return t;
  const decoded = t.replace(JSON_ESCAPE_RE, (_m, hex: string | undefined, c: string | undefined) =>
    hex !== undefined ? String.fromCharCode(parseInt(hex, 16)) : SIMPLE_ESCAPES[c!],
  );
  return wellFormed(decoded);
}

function entityDecodeText(t: string): string {
  if (!t.includes('&')) return t;
  const decoded = t.replace(ENTITY_RE, (m, hex: string | undefined, dec: string | undefined, _semi: string, name: string | undefined) => {
    if (name !== undefined) return NAMED_CHARS.get(name)!;
    const cp = hex !== undefined ? parseInt(hex, 16) : parseInt(dec!, 10);
    return cp > 0 && cp <= 0x10ffff ? unitsOf(cp) : m;
  });
  return wellFormed(decoded);
}

/** percentDecode on a run of %XX escapes: UTF-8 sequences, a byte that is not UTF-8 as ISO-8859-1. */
function percentRun(run: string): string {
  if (run === '+') return ' ';
  const bytes: number[] = [];
  for (let i = 0; i < run.length; i += 3) bytes.push(parseInt(run.slice(i + 1, i + 3), 16));
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i];
    const more = lead >= 0xf0 && lead <= 0xf4 ? 3 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xc2 && lead <= 0xdf ? 1 : 0;
    let cp = more === 3 ? lead & 0x07 : more === 2 ? lead & 0x0f : more === 1 ? lead & 0x1f : lead;
    let k = 1;
    for (; k <= more; k++) {
      const c = i + k < bytes.length ? bytes[i + k] : -1;
      if (c < 0x80 || c > 0xbf) break;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (more > 0 && k <= more) cp = lead;
    out += unitsOf(cp);
    i += more > 0 && k > more ? 1 + more : 1;
  }
  return out;
}

function percentDecodeText(t: string): string {
  if (!t.includes('%') && !t.includes('+')) return t;
  return wellFormed(t.replace(PERCENT_RUN_RE, percentRun));
}

const stripSpacesText = (t: string) => wellFormed(t.replace(SPACE_RE, ''));

/** The texts of the views SecretFinder.findInViews searches, in its order, without position maps. */
export function viewTexts(text: string): string[] {
  let v = entityDecodeText(jsonUnescapeText(text));
  if (v.includes('&')) v = entityDecodeText(v);
  const out = [stripSpacesText(v)];
  if (text.includes('%') || text.includes('+')) {
    let u = percentDecodeText(text);
    if (u.includes('&')) u = entityDecodeText(u);
    out.push(stripSpacesText(u));
  }
  return out;
}

/** The texts of the views findInViews builds (with their position maps): what viewTexts must equal. */
export function viewTextsWithMaps(text: string): string[] {
  let v = entityDecode(jsonUnescape(identity(text)));
  if (v.text.includes('&')) v = entityDecode(v);
  const out = [stripSpaces(v).text];
  if (text.includes('%') || text.includes('+')) {
    let u = percentDecode(identity(text));
    if (u.text.includes('&')) u = entityDecode(u);
    out.push(stripSpaces(u).text);
  }
  return out;
}

/** Replaces the ranges (overlapping ones merged) by the mask. */
export function maskRanges(text: string, ranges: Array<{ start: number; end: number }>, mask: string): string {
  if (ranges.length === 0) return text;
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  let out = '';
  let pos = 0;
  let curStart = sorted[0].start;
  let curEnd = sorted[0].end;
  const flush = () => {
    out += text.slice(pos, curStart) + mask;
    pos = curEnd;
  };
  for (const r of sorted.slice(1)) {
    if (r.start < curEnd) curEnd = Math.max(curEnd, r.end);
    else {
      flush();
      curStart = r.start;
      curEnd = r.end;
    }
  }
  flush();
  return out + text.slice(pos);
}
