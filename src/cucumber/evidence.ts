// The evidence of every verdict: each exchange attached to its scenario, secrets masked: the
// request (method, URL, headers, body), the reply (status, headers, body pretty-printed, and its
// raw bytes), and a curl reproducer that sends the same request outside the suite.
import type { Exchange } from '../transport/exchange';
import type { Redactor } from '../safety/masking';
import type { Judged } from './judge';
import { curlReproducer } from '../reporting/reproducer';

const MAX_BODY_CHARS = 200_000;

export async function attachEvidence(world: Judged, x: Exchange, n: number, r: Redactor, baseUrl: string): Promise<void> {
  const request = r.maskXml(x.sentBody);
  const url = `${baseUrl}${x.op.path}`;
  const e = x.reply.exchange;
  const requestHead = [
    `POST ${url}`,
    ...Object.entries(e?.request.headers ?? { 'content-type': 'application/xml; charset=utf-8' }).map(([k, v]) => `${k}: ${v}`),
  ];
  await world.attach(r.scrub(requestHead.join('\n')), { mediaType: 'text/plain', fileName: `${n}-${x.op.name}-request-headers.txt` });
  await world.attach(request, { mediaType: 'application/xml', fileName: `${n}-${x.op.name}-request.xml` });
  await world.attach(r.scrub(curlReproducer(x, request, baseUrl)), {
    // text/plain, not text/x-shellscript: the reports show plain text inline, a shell type only as a download
    mediaType: 'text/plain',
    fileName: `${n}-${x.op.name}-reproduce.sh`,
  });
  if (e) {
    const head = [
      `HTTP ${e.status}`,
      ...Object.entries(e.headers).map(([k, v]) => `${k}: ${v}`),
      `(${e.durationMs} ms, ${e.attempts.length} attempt(s): ${e.attempts.map((a) => a.outcome).join(' → ')})`,
    ];
    await world.attach(r.scrub(head.join('\n')), { mediaType: 'text/plain', fileName: `${n}-${x.op.name}-reply-headers.txt` });
    // Pretty-printed for reading; the raw bytes as they came, for anything the printer changed.
    const pretty = x.reply.doc?.pretty() ?? x.reply.text ?? e.body.toString('latin1');
    const shown = pretty.length > MAX_BODY_CHARS ? `${pretty.slice(0, MAX_BODY_CHARS)}\n… (${pretty.length} characters, cut)` : pretty;
    await world.attach(r.maskXml(shown), {
      mediaType: x.reply.text !== undefined ? 'application/xml' : 'text/plain',
      fileName: `${n}-${x.op.name}-reply.xml`,
    });
    if (e.body.length <= MAX_BODY_CHARS)
      await world.attach(Buffer.from(r.maskXml(e.body.toString('latin1')), 'latin1'), {
        mediaType: 'application/octet-stream',
        fileName: `${n}-${x.op.name}-reply.raw`,
      });
  } else if (x.reply.transportError) {
    await world.attach(r.scrub(x.reply.transportError.message), { mediaType: 'text/plain', fileName: `${n}-${x.op.name}-no-reply.txt` });
  }
}
