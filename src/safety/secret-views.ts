// Finding a secret in a text whatever the gateway (or a serialiser) did to it: XML numeric
// character references (&#72; &#x48;), named entities, JSON escapes, URL encoding, white space or
// line breaks inside it. The text is decoded into "views", each character of which remembers the
// range of the original text it came from, so a match in a view masks the original characters.
//
// Every step is one pass over the text (no backtracking pattern ever sees a gateway's bytes): a
// 5 MB hostile reply costs a few passes and a few indexOf per secret.
//
// This module finds and masks; the views are built in secret-views-mapped.ts (with the positions)
// and secret-views-plain.ts (as plain strings, to tell cheaply that a text holds no secret).
import { endOf, forEachView, isSpace, startOf, type View } from './secret-views-mapped';
import { viewTexts } from './secret-views-plain';

export type SecretForm = 'raw' | 'xml-escaped' | 'ncr' | 'json-escaped' | 'url-encoded' | 'split' | 'base64' | 'hex';

export interface SecretMatch {
  /** Index of the secret in the list given to the finder. */
  secret: number;
  /** Range in the original text. */
  start: number;
  end: number;
  form: SecretForm;
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
    this.keys = secrets.map((secret) => {
      const key = stripSpacesOf(secret);
      return key.length >= minLength ? key : '';
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
    forEachView(text, search);
    return out;
  }
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
