// The forms of a secret that masking and scanning both look for, and which secrets of a list are
// kept. Every form is a literal string, computed once per secret.
import type { SecretForm } from './secret-views';

/** Secrets shorter than this are not masked: they would blank out ordinary words. */
export const MIN_SECRET_LENGTH = 4;

/** The disguise a secret was found in ('split': broken by white space or line breaks). */
export type SecretEncoding = SecretForm;

export interface IgnoredSecret {
  secretLabel: string;
  reason: string;
}

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

/** The secret's UTF-8 bytes in hex, lower and upper case (a debug dump, a hash-like field). */
export function hexForms(s: string): string[] {
  const hex = Buffer.from(s, 'utf8').toString('hex');
  return [hex, hex.toUpperCase()];
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

export interface Pattern {
  text: string;
  encoding: SecretEncoding;
}

/** Every form of one secret, de-duplicated, the first (most basic) encoding winning. */
export function patternsFor(secret: string, withBase64: boolean): Pattern[] {
  const seen = new Map<string, SecretEncoding>();
  const add = (text: string, encoding: SecretEncoding) => {
    if (text.length > 0 && !seen.has(text)) seen.set(text, encoding);
  };
  add(secret, 'raw');
  const xml = xmlEscapedForms(secret);
  xml.forEach((x) => add(x, 'xml-escaped'));
  for (const t of [secret, ...xml]) jsonEscapedForms(t).forEach((x) => add(x, 'json-escaped'));
  urlEncodedForms(secret).forEach((x) => add(x, 'url-encoded'));
  hexForms(secret).forEach((x) => add(x, 'hex'));
  if (withBase64) {
    // an attachment holds the secret as text, possibly XML-escaped inside the XML it belongs to
    for (const t of [secret, ...xml]) base64Fragments(Buffer.from(t, 'utf8')).forEach((x) => add(x, 'base64'));
  }
  return [...seen].map(([text, encoding]) => ({ text, encoding }));
}

export function partition(secrets: readonly string[]): { kept: { label: string; value: string }[]; ignored: IgnoredSecret[] } {
  const kept: { label: string; value: string }[] = [];
  const ignored: IgnoredSecret[] = [];
  secrets.forEach((value, index) => {
    const label = `secret #${index + 1}`;
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
