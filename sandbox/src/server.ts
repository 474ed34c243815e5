// node:http front: reads the body under a size limit, hands it to the router, writes the reply.
// No exception escapes a request: anything unexpected becomes an OTA Errors reply or a 413/400.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { encode, type Charset } from './charset';
import { httpErrorBody, route, xmlEncoding, type RouterDeps } from './router';

export interface ServerOptions extends RouterDeps {
  maxBodyBytes: number;
  now: () => Date;
  /** Time to receive a whole request (headers and body); then Node answers 408 and closes. */
  requestTimeoutMs: number;
  /** Time to receive the request headers. */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (announced as Keep-Alive: timeout). */
  keepAliveTimeoutMs: number;
}

/** Keep reading (and discarding) an oversized body up to this much, so the client sees the 413. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

export function createSandboxServer(opts: ServerOptions): Server {
  // A client that sends headers and then trickles (or stalls) its body must not hold a socket for
  // Node's default 300 s. Node checks these deadlines every connectionsCheckingInterval, so that
  // interval follows the shortest deadline.
  const headersTimeout = Math.min(opts.headersTimeoutMs, opts.requestTimeoutMs);
  const server = createServer(
    {
      requestTimeout: opts.requestTimeoutMs,
      headersTimeout,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 4))),
    },
    (req, res) => {
      handle(req, res, opts).catch((e) => {
        // Last resort; handle() already catches everything it can.
        safeEnd(res, 400, httpErrorBody(400, 'Bad request', String((e as Error)?.message ?? e), errEnv(opts)), opts);
      });
    },
  );
  server.on('clientError', (errnoException: NodeJS.ErrnoException, socket) => {
    // A request not received within requestTimeout/headersTimeout is answered 408, as Node does.
    const status = errnoException.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });
  // close() ends idle keep-alive sockets at once (closeIdleConnections), whatever this is.
  server.keepAliveTimeout = opts.keepAliveTimeoutMs;
  return server;
}

const errEnv = (opts: ServerOptions) => ({ now: opts.now(), variants: opts.variants });

/** The body's bytes and the headers that describe them: encoded, then (variant gzip-content-encoding) compressed. */
function wire(body: string, charset: Charset, opts: ServerOptions): { buf: Buffer; headers: Record<string, string> } {
  const bytes = encode(body, charset);
  if (!opts.variants.has('gzip-content-encoding')) return { buf: bytes, headers: {} };
  return { buf: gzipSync(bytes), headers: { 'content-encoding': 'gzip' } };
}

function safeEnd(res: ServerResponse, status: number, body: string, opts: ServerOptions, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const { contentType, encoding } = xmlEncoding(opts.variants);
  const w = wire(body, encoding, opts);
  res.writeHead(status, { 'content-type': contentType, 'content-length': w.buf.length, ...w.headers, ...headers });
  res.end(w.buf);
}

async function handle(req: IncomingMessage, res: ServerResponse, opts: ServerOptions): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const declared = Number(req.headers['content-length'] ?? NaN);
  const body = await readBody(req, opts.maxBodyBytes, Number.isFinite(declared) && declared > opts.maxBodyBytes);
  if (body === 'too-large') {
    safeEnd(
      res,
      413,
      httpErrorBody(413, 'Payload too large', `Request bodies are limited to ${opts.maxBodyBytes} bytes`, errEnv(opts)),
      opts,
      {
        connection: 'close',
      },
    );
    return;
  }
  const reply = route({ method: req.method ?? 'GET', path: url.pathname, contentType: req.headers['content-type'], body }, opts);
  if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs).unref());
  const { buf, headers: coding } = wire(reply.body, reply.encoding ?? 'utf-8', opts);
  const headers = { ...reply.headers, ...coding, 'content-length': String(buf.length) };
  if (res.destroyed) return;
  res.writeHead(reply.status, headers);
  res.end(buf);
}

function readBody(req: IncomingMessage, limit: number, knownTooLarge: boolean): Promise<Buffer | 'too-large'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = knownTooLarge;
    req.on('data', (bytes: Buffer) => {
      size += bytes.length;
      if (size > limit) tooLarge = true;
      if (tooLarge) {
        chunks.length = 0;
        if (size > DRAIN_LIMIT) {
          resolve('too-large');
          req.destroy();
        }
        return;
      }
      chunks.push(bytes);
    });
    const done = () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks));
    req.on('end', done);
    req.on('error', done);
    // A connection cut mid-body (e.g. by requestTimeout) ends the wait too; the reply is dropped.
    req.on('close', done);
  });
}
