// The security class: a reply never carries the caller's credentials back, in any form (raw,
// escaped, URL-encoded, base64 of the password or of user:password), in its body, its headers or
// its status line. The evidence stays masked; the finding names the form, never the value.
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
    ];
    for (const [where, text] of places) {
      const forms = redactor.echoes(text, user);
      if (forms.length)
        check.fail(`reply ${where}`, 'no credential of the request', `the password (or user:password), ${forms.join(', ')}`);
    }
  });
}
