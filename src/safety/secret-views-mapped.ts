// The views of a text with their position maps: JSON escapes, XML/HTML references and URL
// encoding decoded, white space dropped, each character of a view remembering the range of the
// original text it came from, so that a match in a view masks the original characters (see
// secret-views.ts). Every step is one pass over the text: no backtracking pattern ever sees a
// gateway's bytes.

/** A decoded text; character i came from original[start[i], end[i]). null arrays: identity. */
export interface View {
  text: string;
  start: Int32Array | null;
  end: Int32Array | null;
}

export const startOf = (v: View, i: number) => (v.start ? v.start[i] : i);
export const endOf = (v: View, i: number) => (v.end ? v.end[i] : i + 1);

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
function jsonUnescape(view: View): View {
  const text = view.text;
  if (!text.includes('\\')) return view;
  const viewBuilder = new ViewBuilder(text.length);
  const simple: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '"': 34, '\\': 92, '/': 47, "'": 39 };
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 92 && i + 1 < text.length) {
      const c = text[i + 1];
      if (c === 'u' && i + 5 < text.length && [2, 3, 4, 5].every((k) => isHex(text.charCodeAt(i + k)))) {
        viewBuilder.unit(parseInt(text.slice(i + 2, i + 6), 16), startOf(view, i), endOf(view, i + 5));
        i += 5;
        continue;
      }
      if (simple[c] !== undefined) {
        viewBuilder.unit(simple[c], startOf(view, i), endOf(view, i + 1));
        i += 1;
        continue;
      }
    }
    viewBuilder.unit(text.charCodeAt(i), startOf(view, i), endOf(view, i));
  }
  return viewBuilder.view();
}

/** The named references decoded (the numeric ones are decoded whatever their value). */
export const NAMED: Array<[string, number]> = [
  ['amp;', 38],
  ['lt;', 60],
  ['gt;', 62],
  ['quot;', 34],
  ['apos;', 39],
  ['nbsp;', 160],
];

/** XML/HTML references: &#72; &#x48; (semicolon optional, leading zeros allowed) and &amp; &lt; ... */
function entityDecode(view: View): View {
  const text = view.text;
  if (!text.includes('&')) return view;
  const viewBuilder = new ViewBuilder(text.length);
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 38) {
      let index = i + 1;
      if (text.charCodeAt(index) === 35) {
        // numeric: at most 10 digits are looked at, so the scan stays linear
        index++;
        const hex = text[index] === 'x' || text[index] === 'X';
        if (hex) index++;
        let cp = 0;
        let digits = 0;
        while (
          digits < 10 &&
          index < text.length &&
          (hex ? isHex(text.charCodeAt(index)) : text.charCodeAt(index) >= 48 && text.charCodeAt(index) <= 57)
        ) {
          cp = cp * (hex ? 16 : 10) + (hex ? hexVal(text.charCodeAt(index)) : text.charCodeAt(index) - 48);
          index++;
          digits++;
        }
        if (digits > 0 && cp > 0 && cp <= 0x10ffff) {
          if (text.charCodeAt(index) === 59) index++;
          viewBuilder.codePoint(cp, startOf(view, i), endOf(view, index - 1));
          i = index - 1;
          continue;
        }
      } else {
        const named = NAMED.find(([name]) => text.startsWith(name, index));
        if (named) {
          index += named[0].length;
          viewBuilder.unit(named[1], startOf(view, i), endOf(view, index - 1));
          i = index - 1;
          continue;
        }
      }
    }
    viewBuilder.unit(text.charCodeAt(i), startOf(view, i), endOf(view, i));
  }
  return viewBuilder.view();
}

/** URL encoding: %XX sequences decoded as UTF-8 (a byte that is not UTF-8 as ISO-8859-1), + as space. */
function percentDecode(view: View): View {
  const text = view.text;
  if (!text.includes('%') && !text.includes('+')) return view;
  const viewBuilder = new ViewBuilder(text.length);
  const byteAt = (i: number) =>
    text.charCodeAt(i) === 37 && i + 2 < text.length && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))
      ? hexVal(text.charCodeAt(i + 1)) * 16 + hexVal(text.charCodeAt(i + 2))
      : -1;
  for (let i = 0; i < text.length; i++) {
    const lead = byteAt(i);
    if (lead >= 0) {
      const more = lead >= 0xf0 && lead <= 0xf4 ? 3 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xc2 && lead <= 0xdf ? 1 : 0;
      let cp = more === 3 ? lead & 0x07 : more === 2 ? lead & 0x0f : more === 1 ? lead & 0x1f : lead;
      let index = 1;
      for (; index <= more; index++) {
        const c = byteAt(i + 3 * index);
        if (c < 0x80 || c > 0xbf) break;
        cp = (cp << 6) | (c & 0x3f);
      }
      if (more > 0 && index <= more) cp = lead; // not UTF-8: one ISO-8859-1 character
      const used = more > 0 && index > more ? 1 + more : 1;
      viewBuilder.codePoint(cp, startOf(view, i), endOf(view, i + 3 * used - 1));
      i += 3 * used - 1;
      continue;
    }
    viewBuilder.unit(text.charCodeAt(i) === 43 ? 32 : text.charCodeAt(i), startOf(view, i), endOf(view, i));
  }
  return viewBuilder.view();
}

/** White space, line breaks and invisible separators. */
export function isSpace(c: number): boolean {
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

function stripSpaces(view: View): View {
  const text = view.text;
  const viewBuilder = new ViewBuilder(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isSpace(c)) viewBuilder.unit(c, startOf(view, i), endOf(view, i));
  }
  return viewBuilder.view();
}

/**
 * Each view of a text, in the order they are searched: its markup decoded (JSON escapes, then
 * references twice: &amp;#72; is an escaped reference), then its URL encoding when it has any;
 * white space dropped from both. `viaUrl` tells the second. One view is alive at a time.
 */
export function forEachView(text: string, visit: (view: View, viaUrl: boolean) => void): void {
  let v = entityDecode(jsonUnescape(identity(text)));
  if (v.text.includes('&')) v = entityDecode(v);
  visit(stripSpaces(v), false);
  v = identity(''); // free it before the next view
  if (text.includes('%') || text.includes('+')) {
    let u = percentDecode(identity(text));
    if (u.text.includes('&')) u = entityDecode(u);
    visit(stripSpaces(u), true);
  }
}

/** The texts of the views findInViews builds (with their position maps): what viewTexts must equal. */
export function viewTextsWithMaps(text: string): string[] {
  const out: string[] = [];
  forEachView(text, (view) => out.push(view.text));
  return out;
}
