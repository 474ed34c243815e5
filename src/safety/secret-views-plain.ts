// The views of a text as plain strings, without position maps: native regular-expression passes
// (each linear: fixed-length alternatives, no nested repetition) that decode exactly as the
// builders of secret-views-mapped.ts do, lone surrogates turned into U+FFFD as the builders'
// UTF-16 decoding does. Most texts hold no secret: this is how that is found out cheaply.
import { NAMED } from './secret-views-mapped';

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
    let index = 1;
    for (; index <= more; index++) {
      const c = i + index < bytes.length ? bytes[i + index] : -1;
      if (c < 0x80 || c > 0xbf) break;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (more > 0 && index <= more) cp = lead;
    out += unitsOf(cp);
    i += more > 0 && index > more ? 1 + more : 1;
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
  let value = entityDecodeText(jsonUnescapeText(text));
  if (value.includes('&')) value = entityDecodeText(value);
  const out = [stripSpacesText(value)];
  if (text.includes('%') || text.includes('+')) {
    let u = percentDecodeText(text);
    if (u.includes('&')) u = entityDecodeText(u);
    out.push(stripSpacesText(u));
  }
  return out;
}
