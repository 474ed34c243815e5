// node:http front: reads the body under a size limit, hands it to the router, writes the reply.
// No exception escapes a request: anything unexpected becomes an OTA Errors reply or a 413/400.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { httpErrorBody, route, XML_CONTENT_TYPE, type RouterDeps } from './router';

export interface ServerOptions extends RouterDeps {
  maxBodyBytes: number;
  now: () => Date;
}

/** Keep reading (and discarding) an oversized body up to this much, so the client sees the 413. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

export function createSandboxServer(opts: ServerOptions): Server {
  const server = createServer((req, res) => {
    handle(req, res, opts).catch((e) => {
      // Last resort; handle() already catches everything it can.
      safeEnd(res, 400, httpErrorBody(400, 'Bad request', String((e as Error)?.message ?? e), opts.now()));
    });
  });
  server.on('clientError', (_e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  // Keep-alive sockets must not hold close() open for long.
  server.keepAliveTimeout = 5_000;
  return server;
}

function safeEnd(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': XML_CONTENT_TYPE, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

async function handle(req: IncomingMessage, res: ServerResponse, opts: ServerOptions): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const declared = Number(req.headers['content-length'] ?? NaN);
  const body = await readBody(req, opts.maxBodyBytes, Number.isFinite(declared) && declared > opts.maxBodyBytes);
  if (body === 'too-large') {
    safeEnd(res, 413, httpErrorBody(413, 'Payload too large', `Request bodies are limited to ${opts.maxBodyBytes} bytes`, opts.now()), {
      connection: 'close',
    });
    return;
  }
  const reply = route(
    { method: req.method ?? 'GET', path: url.pathname, contentType: req.headers['content-type'], body },
    opts,
  );
  if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs).unref());
  const headers = { ...reply.headers, 'content-length': String(Buffer.byteLength(reply.body)) };
  if (res.destroyed) return;
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

function readBody(req: IncomingMessage, limit: number, knownTooLarge: boolean): Promise<Buffer | 'too-large'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = knownTooLarge;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) tooLarge = true;
      if (tooLarge) {
        chunks.length = 0;
        if (size > DRAIN_LIMIT) {
          resolve('too-large');
          req.destroy();
        }
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
  });
}
