// A rewriting proxy: forwards every request to a gateway (the embedded sandbox) and hands the
// reply to one rewrite of rewrites.ts, which breaks one statement of the spec in one kind of reply.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REWRITES, type RewriteName, type Exchange } from './rewrites';

export interface RunningProxy {
  url: string;
  /** How many replies the rewrite changed. */
  rewritten(): number;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the proxy on 127.0.0.1 (a free port, or `port`) in front of `target`, applying `rewrite` (none: a plain proxy). */
export async function startRewritingProxy(
  target: string,
  rewrite?: RewriteName,
  port = 0,
  log?: (exchange: Exchange) => void,
): Promise<RunningProxy> {
  if (rewrite && !REWRITES[rewrite]) throw new Error(`unknown rewrite ${rewrite}`);
  let changed = 0;
  const memory = new Map<string, string>();
  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const op = (req.url ?? '').replace(/^\/+/, '').split(/[/?#]/)[0];
      const upstream = await fetch(`${target}${req.url ?? ''}`, {
        method: req.method,
        headers: req.method === 'POST' ? { 'content-type': String(req.headers['content-type'] ?? 'application/xml') } : {},
        body: req.method === 'POST' ? body : undefined,
      });
      const exchange: Exchange = {
        op,
        request: body,
        status: upstream.status,
        contentType: upstream.headers.get('content-type') ?? '',
        reply: await upstream.text(),
        memory,
      };
      log?.(exchange);
      const def = rewrite ? REWRITES[rewrite] : undefined;
      const out = def && def.op === op && exchange.status === 200 ? def.rewrite(exchange) : undefined;
      if (out && (out.reply !== exchange.reply || out.status !== exchange.status)) changed++;
      const reply = out ?? exchange;
      res.writeHead(reply.status, { 'content-type': reply.contentType || exchange.contentType });
      res.end(reply.reply);
    })().catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${String(e)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    rewritten: () => changed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
