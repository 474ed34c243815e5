// The evidence of every verdict: each exchange attached to its scenario, secrets masked.
import type { Exchange } from '../transport/exchange';
import type { Redactor } from '../safety/redaction';
import type { Judged } from './judge';

const MAX_BODY_CHARS = 200_000;

export async function attachEvidence(world: Judged, x: Exchange, n: number, r: Redactor): Promise<void> {
  await world.attach(r.maskXml(x.sentBody), { mediaType: 'application/xml', fileName: `${n}-${x.op.name}-request.xml` });
  const e = x.reply.exchange;
  if (e) {
    const head = [
      `HTTP ${e.status}`,
      ...Object.entries(e.headers).map(([k, v]) => `${k}: ${v}`),
      `(${e.durationMs} ms, ${e.attempts.length} attempt(s): ${e.attempts.map((a) => a.outcome).join(' → ')})`,
    ];
    await world.attach(r.scrub(head.join('\n')), { mediaType: 'text/plain', fileName: `${n}-${x.op.name}-reply-headers.txt` });
    const body = x.reply.text ?? e.body.toString('latin1');
    const shown = body.length > MAX_BODY_CHARS ? `${body.slice(0, MAX_BODY_CHARS)}\n… (${body.length} characters, cut)` : body;
    await world.attach(r.maskXml(shown), {
      mediaType: x.reply.text !== undefined ? 'application/xml' : 'text/plain',
      fileName: `${n}-${x.op.name}-reply.xml`,
    });
  } else if (x.reply.transportError) {
    await world.attach(r.scrub(x.reply.transportError.message), { mediaType: 'text/plain', fileName: `${n}-${x.op.name}-no-reply.txt` });
  }
}
