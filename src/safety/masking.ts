// Masking: keeping secrets (OTA_PASSWORD and the configured secret list) out of every artifact.
// Redactor.maskXml / scrub are applied by the suite before anything is printed or attached (and
// to every console write, see masked-console.ts). A secret is seen in every disguise: raw, XML-escaped,
// numeric character references (&#72;, &#x48;), JSON-escaped, URL-encoded, split by white space
// or line breaks, and base64 (of the secret alone or inside a larger text such as user:password
// or an embedded attachment). Every pass is linear in the text (secret-views.ts): hostile replies
// once froze regexes. The after-run check is scanning.ts.
import { SecretFinder, maskRanges } from './secret-views';
import {
  MIN_SECRET_LENGTH,
  base64Fragments,
  hexForms,
  partition,
  patternsFor,
  type IgnoredSecret,
  type SecretEncoding,
} from './secret-forms';

export const MASK = '********';

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
  for (const form of forms) {
    // each character is walked over at most once per form: the next search starts after the run
    let floor = 0;
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, floor)) {
      let start = at;
      let end = at + form.length;
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
  /** The secrets' bytes in hex, lower and upper case: a literal search each. */
  private readonly hex: string[];

  /** user: the gateway user name, so that base64 of user:password is masked whole. */
  constructor(secrets: string[], options: { user?: string } = {}) {
    const { kept, ignored } = partition(secrets);
    this.secrets = Object.freeze(kept.map((k) => k.value));
    this.ignored = Object.freeze(ignored);
    this.finder = new SecretFinder(this.secrets, MIN_SECRET_LENGTH);
    this.hex = this.secrets.flatMap(hexForms);
    // longest first: a secret that contains another one is masked as a whole
    const literal = new Set<string>();
    const b64 = new Set<string>();
    for (const secret of this.secrets) {
      for (const pattern of patternsFor(secret, true)) (pattern.encoding === 'base64' ? b64 : literal).add(pattern.text);
      for (const w of [secret, ...(options.user ? [`${options.user}:${secret}`] : [])]) base64Whole(w).forEach((b) => b64.add(b));
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
      .replace(ATTR_RE, (...list: unknown[]) => {
        const groups = list.slice(2, 2 + ATTR_VALUE_FORMS.length * 3) as (string | undefined)[];
        for (let i = 0; i < groups.length; i += 3) {
          if (groups[i] !== undefined) return `${list[1]}${groups[i]}${MASK}${groups[i + 2]}`;
        }
        return list[0] as string;
      })
      .replace(ELEMENT_RE, (_m, open: string, _name: string, _value: string, close: string) => `${open}${MASK}${close}`);
    return this.scrub(masked);
  }

  /**
   * The encodings in which a secret (or user:secret) appears in a gateway's reply: raw, escaped,
   * character references, URL-encoded, split, base64, hex. Names the forms, never the value: the
   * credential-echo finding.
   */
  echoes(text: string, user = ''): SecretEncoding[] {
    const found = new Set<SecretEncoding>(this.finder.find(text).map((m) => m.form));
    for (const secret of this.secrets) {
      const b64 = [
        ...base64Whole(secret),
        ...(user ? base64Whole(`${user}:${secret}`) : []),
        ...base64Fragments(Buffer.from(secret, 'utf8')),
      ];
      if (b64.some((b) => text.includes(b))) found.add('base64');
    }
    if (this.hex.some((h) => text.includes(h))) found.add('hex');
    return [...found];
  }

  /** Replaces every secret, in any of its disguises, in any text. */
  scrub(text: string): string {
    if (this.secrets.length === 0 || text.length === 0) return text;
    let out = maskRanges(text, this.finder.find(text), MASK);
    for (const form of this.forms) if (out.includes(form)) out = out.split(form).join(MASK);
    return maskAuthorization(maskBase64Runs(out, this.base64));
  }
}
