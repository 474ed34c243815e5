// A counting, optionally delaying HTTP proxy in front of a target (the benchmark's sandbox). It
// records every exchange the suite makes (method, path, body, status, time), so the benchmark can
// count them, tell the runner's own (preflight GET, the 404 probe) from the scenarios', and replay
// the bodies; with holdMs > 0 every reply is held that long, like a remote gateway's latency.
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedExchange {
  /** performance.now() when the request had arrived completely. */
  at: number;
  method: string;
  path: string;
  body: string;
  status: number;
}

export interface CountingProxy {
  url: string;
  readonly exchanges: RecordedExchange[];
  /** Forgets the exchanges recorded so far (between runs). */
  reset(): void;
  setHoldMs(ms: number): void;
  close(): Promise<void>;
}

/** Is this exchange the runner's own (preflight GET, or the OTA_PingRQ probe for a base URL where everything is 404)? */
export function isRunnerOwn(recordedExchange: Pick<RecordedExchange, 'method' | 'body'>): boolean {
  return recordedExchange.method !== 'POST' || /<(?:[\w.-]+:)?OTA_PingRQ\b/.test(recordedExchange.body.slice(0, 400));
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'te', 'trailer']);

/** Sends the recorded request on to the target and its reply back, recording the reply's status. */
function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
  rec: RecordedExchange,
  target: URL,
  agent: http.Agent,
): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && k !== 'host') headers[k] = v;
  headers.host = target.host;
  headers['content-length'] = String(body.length);
  const up = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: rec.method,
      path: `${target.pathname.replace(/\/$/, '')}${rec.path}`,
      headers,
      agent,
    },
    (upRes) => {
      const replyChunks: Buffer[] = [];
      upRes.on('data', (c: Buffer) => replyChunks.push(c));
      upRes.on('end', () => {
        const reply = Buffer.concat(replyChunks);
        rec.status = upRes.statusCode ?? 0;
        const out: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(upRes.headers)) if (!HOP_BY_HOP.has(k)) out[k] = v;
        out['content-length'] = String(reply.length);
        res.writeHead(rec.status, upRes.statusMessage, out);
        res.end(reply);
      });
      upRes.on('error', () => res.destroy());
    },
  );
  up.on('error', (error) => {
    rec.status = 502;
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`bench proxy: ${error.message}`);
  });
  up.end(body);
}

export async function startCountingProxy(targetBaseUrl: string, opts: { holdMs?: number } = {}): Promise<CountingProxy> {
  const target = new URL(targetBaseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const exchanges: RecordedExchange[] = [];
  let holdMs = opts.holdMs ?? 0;
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const rec: RecordedExchange = {
        at: performance.now(),
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        body: body.toString('utf8'),
        status: 0,
      };
      exchanges.push(rec);
      const send = () => forward(req, res, body, rec, target, agent);
      if (holdMs > 0) setTimeout(send, holdMs);
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    reset: () => void exchanges.splice(0),
    setHoldMs: (ms) => void (holdMs = ms),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      agent.destroy();
    },
  };
}
