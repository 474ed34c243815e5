// The evidence of every verdict: each exchange attached once to its scenario, secrets masked,
// into the run's evidence stream (src/reporting/evidence/stream.ts): the request (method, URL,
// headers, body as sent), the reply (status, headers and every attempt; the body as received, its
// raw bytes only when they are not text), or why no reply came. The reproducers, evidence.html
// and the reports built on demand are made from these parts after the verdict.
import type { Exchange } from '../transport/exchange';
import type { Redactor } from '../safety/masking';
import type { Judged } from './judge';
import { exchangePartName, requestHead } from '../reporting/evidence/stream';

const MAX_BODY_CHARS = 200_000;

const cut = (s: string) => (s.length > MAX_BODY_CHARS ? `${s.slice(0, MAX_BODY_CHARS)}\n… (${s.length} characters, cut)` : s);

export async function attachEvidence(world: Judged, exchange: Exchange, n: number, redactor: Redactor, baseUrl: string): Promise<void> {
  const name = (part: Parameters<typeof exchangePartName>[2]) => exchangePartName(n, exchange.op.name, part);
  const httpExchange = exchange.reply.exchange;
  const head = requestHead(
    `${baseUrl}${exchange.op.path}`,
    httpExchange?.request.headers ?? { 'content-type': 'application/xml; charset=utf-8' },
  );
  await world.attach(redactor.scrub(head), { mediaType: 'text/plain', fileName: name('requestHead') });
  await world.attach(redactor.maskXml(exchange.sentBody), { mediaType: 'application/xml', fileName: name('request') });
  if (httpExchange) {
    const replyHead = [
      `HTTP ${httpExchange.status}`,
      ...Object.entries(httpExchange.headers).map(([k, v]) => `${k}: ${v}`),
      `(${httpExchange.durationMs} ms, ${httpExchange.attempts.length} attempt(s): ${httpExchange.attempts.map((a) => a.outcome).join(' → ')})`,
    ];
    await world.attach(redactor.scrub(replyHead.join('\n')), { mediaType: 'text/plain', fileName: name('replyHead') });
    // Once, as received: the text the suite judged; the bytes themselves only when they are not text.
    if (exchange.reply.text !== undefined)
      await world.attach(redactor.maskXml(cut(exchange.reply.text)), {
        mediaType: exchange.reply.doc ? 'application/xml' : 'text/plain',
        fileName: name('reply'),
      });
    else
      await world.attach(Buffer.from(redactor.maskXml(httpExchange.body.subarray(0, MAX_BODY_CHARS).toString('latin1')), 'latin1'), {
        mediaType: 'application/octet-stream',
        fileName: name('replyRaw'),
      });
  } else if (exchange.reply.transportError) {
    await world.attach(redactor.scrub(exchange.reply.transportError.message), { mediaType: 'text/plain', fileName: name('noReply') });
  }
}
