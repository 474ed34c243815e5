// The disguises in which a hostile gateway (or a serialiser on the way to a report) can echo a
// password. Shared by the masking and scanning unit tests, the hostile server's echo mode and the leak hunt.

export const ncrDec = (s: string) => [...s].map((c) => `&#${c.codePointAt(0)};`).join('');
export const ncrHex = (s: string) => [...s].map((c) => `&#x${c.codePointAt(0)!.toString(16).toUpperCase()};`).join('');
export const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** XML-escaped for an attribute value: quotes and apostrophes too. */
export const xmlEsc = (s: string) => xmlText(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;');
export const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** [name, form] for one password (and its user, for user:password). */
export function disguises(pw: string, user: string): Array<[string, string]> {
  const mid = Math.floor(pw.length / 2);
  return [
    ['raw', pw],
    ['XML-escaped', xmlText(pw)],
    ['NCR decimal', ncrDec(pw)],
    ['NCR hex', ncrHex(pw)],
    ['NCR with leading zeros, no semicolons', [...pw].map((c) => `&#00${c.charCodeAt(0)}`).join('')],
    ['NCR escaped once more (XML shown as text)', ncrDec(pw).replace(/&/g, '&amp;')],
    ['mixed raw and NCR', `${xmlText(pw.slice(0, mid - 2))}${ncrHex(pw.slice(mid - 2, mid + 2))}${xmlText(pw.slice(mid + 2))}`],
    ['URL-encoded', encodeURIComponent(pw)],
    [
      'URL form-encoded, lower-case hex',
      new URLSearchParams({ v: pw })
        .toString()
        .slice(2)
        .replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    ],
    ['split by a newline in XML text', `${xmlText(pw.slice(0, mid))}\n      ${xmlText(pw.slice(mid))}`],
    ['split by spaces', [...pw].map((c) => xmlText(c)).join(' ')],
    ['JSON with an escaped newline inside', JSON.stringify(`${pw.slice(0, mid)}\n${pw.slice(mid)}`).slice(1, -1)],
    [
      'JSON \\u-escaped',
      JSON.stringify(pw)
        .slice(1, -1)
        .replace(/[^A-Za-z0-9]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ],
    ['base64', b64(pw)],
    ['base64 URL-safe, no padding', b64(pw).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')],
    ['base64 of user:password', b64(`${user}:${pw}`)],
    ['a Basic header', `Authorization: Basic ${b64(`${user}:${pw}`)}`],
  ];
}
