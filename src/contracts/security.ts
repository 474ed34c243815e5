// The security class: a reply never carries the caller's credentials back, in any form (raw,
// escaped, URL-encoded, hex of the password, base64 of it or of user:password), in its body (its
// raw text and its parsed values), its headers or its status line. The evidence stays masked; the
// finding names the form, never the value.
import { httpRule, type Rule } from './rule';
import type { Redactor } from '../safety/masking';

export function credentialEcho(redactor: Redactor, user: string): Rule {
  return httpRule('SEC-NO-CREDENTIAL-ECHO', (exchange, check) => {
    const httpExchange = exchange.reply.exchange;
    if (!httpExchange) return check.cannotTell('no HTTP reply to inspect') && undefined;
    const places: Array<[string, string]> = [
      ['body', exchange.reply.text ?? httpExchange.body.toString('latin1')],
      [
        'headers',
        Object.entries(httpExchange.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      ],
      ['status line', httpExchange.statusText ?? ''],
    ];
    let echoed = false;
    for (const [where, text] of places) {
      const forms = redactor.echoes(text, user);
      echoed ||= forms.length > 0;
      if (forms.length)
        check.fail(`reply ${where}`, 'no credential of the request', `the password (or user:password), ${forms.join(', ')}`);
    }
    // the parsed document's values, CDATA sections of one element joined and references resolved:
    // a secret split across <![CDATA[..]]> sections shows only there (one pass over the document)
    const doc = exchange.reply.doc;
    if (!doc || echoed) return;
    const values = [
      ...doc.find('//*[text()]').map((el) =>
        doc
          .find('text()', el)
          .map((t) => t.content)
          .join(''),
      ),
      ...doc.values('//@*'),
    ];
    const forms = redactor.echoes(values.join('\u0000'), user);
    if (forms.length)
      check.fail(
        'reply body, as parsed',
        'no credential of the request',
        `the password (or user:password), ${forms.join(', ')}, in the parsed text (CDATA sections joined)`,
      );
  });
}
