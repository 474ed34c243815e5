// A small HTTP server for tests that misbehaves on purpose. 127.0.0.1 only, free port.
// What it does per request is chosen by the test: a named mode, a parametrised mode or a handler.
//
//   const srv = await startHostileServer('billion-laughs');
//   ... postXml(srv.url + '/hotelavailability', ...) ...
//   srv.setBehaviour({ mode: 'status-then-valid', status: 503, times: 2 });
//   await srv.close();
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as zlib from 'node:zlib';
import { disguises } from './secret-forms';

export const OTA_NS = 'http://www.opentravel.org/OTA/2003/05';

export type ModeName =
  | 'valid' // minimal well-formed OTA reply (<OTA_xxxRS> matching the request's <OTA_xxxRQ>)
  | 'echo-password' // reply echoes the request's MessagePassword (attribute and error text)
  | 'doctype-internal-entities' // harmless DOCTYPE with internal entities: a finding, must not be expanded
  | 'billion-laughs' // exponential entity expansion
  | 'quadratic-blowup' // one large entity referenced many times
  | 'external-entity' // SYSTEM entity pointing at a file and a URL: must never be fetched
  | 'html-200' // HTML error page with status 200
  | 'empty' // 200 with an empty body
  | 'gzip-undeclared' // gzip-compressed valid reply, no Content-Encoding
  | 'latin1-declared-utf8' // declared UTF-8 (header + declaration), bytes are ISO-8859-1
  | 'endless' // 200, body never ends (respects back-pressure, counts bytes written)
  | 'hang' // reads the request, never answers
  | 'stall-after-headers' // sends headers and a few bytes, then nothing
  | 'reset' // TCP RST after reading the request
  | 'close' // closes the connection (FIN) without any reply
  | 'http-500' // 500 with an XML body (data for the contract, not a transport failure)
  | 'http-503'; // 503 every time

/** The modes that need parameters. */
export type SimpleModeSpec =
  | { mode: 'status-then-valid'; status: number; times: number } // e.g. 503 n times then valid
  | { mode: 'compressed'; algorithm: 'gzip' | 'deflate' | 'br'; declare?: boolean }
  | { mode: 'huge'; bytes: number } // a finite, well-formed but huge reply
  | { mode: 'status'; status: number; body?: string; contentType?: string }
  | { mode: 'raw'; status?: number; headers?: Record<string, string>; body: Buffer | string }
  // echoes the request's password (and user:password) in every disguise of secret-forms.ts: in the
  // body (well-formed: unsafe forms in CDATA; or not), in one header per form, in the reason phrase
  | {
      mode: 'echo-everywhere';
      user: string;
      wellFormed?: boolean;
      reason?: 'raw' | 'NCR decimal' | 'NCR hex' | 'base64' | 'base64 of user:password';
    };

export type ModeSpec =
  | SimpleModeSpec
  // chooses a mode for each request, e.g. answer the preflight GET normally and misbehave on POST:
  //   { mode: 'per-request', choose: (req) => (req.method === 'GET' ? 'valid' : 'hang') }
  | { mode: 'per-request'; choose: (req: CapturedRequest) => ModeName | SimpleModeSpec };

export interface CapturedRequest {
  n: number; // 1-based request number on this server
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * The runner's own requests before any scenario: the OTA_PingRQ probe of a base URL where every
 * operation is 404, and the credential check (marked with the x-ota-conformance: preflight header).
 */
export const isRunnersOwn = (req: Pick<CapturedRequest, 'body' | 'headers'>): boolean =>
  req.body.includes('OTA_PingRQ') || req.headers['x-ota-conformance'] === 'preflight';

export type Handler = (req: CapturedRequest, res: http.ServerResponse) => void | Promise<void>;
export type Behaviour = ModeName | ModeSpec | Handler;

export interface RunningServer {
  /** http://127.0.0.1:<port> (no trailing slash). */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: CapturedRequest[];
  /** Body bytes written by the 'endless' and 'huge' modes, over all requests. */
  readonly bytesWritten: number;
  /** Number of responses whose connection closed before the response finished (client aborted). */
  readonly abortedResponses: number;
  setBehaviour(behaviour: Behaviour): void;
  /** Destroys every open connection (including hung ones) and stops listening. */
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Payloads (exported so parser tests can use them without a server)

/** Maps the request's root (OTA_HotelAvailRQ) to a reply root (OTA_HotelAvailRS). */
export function replyRootFor(requestBody: string): string {
  const match = /<(?:[\w.-]+:)?(OTA_\w+?)RQ\b/.exec(requestBody);
  return match ? `${match[1]}RS` : 'OTA_GenericRS';
}

export function validReply(root = 'OTA_HotelAvailRS', inner = '<Success/>'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${OTA_NS}" Version="2008.1">${inner}</${root}>\n`;
}

/** The MessagePassword value as it appears (still XML-escaped) in the request, or undefined. */
export function requestPassword(requestBody: string): string | undefined {
  const match = /MessagePassword\s*=\s*("([^"]*)"|'([^']*)')/.exec(requestBody);
  return match ? (match[2] ?? match[3]) : undefined;
}

export function echoPasswordReply(root: string, escapedPassword: string): string {
  return validReply(
    root,
    `<Errors><Error Type="4" Code="175" ShortText="Invalid password ${escapedPassword}">Authentication failed for MessagePassword=${escapedPassword}</Error></Errors>` +
      `<POS><Source><RequestorID Type="88" ID="echo" MessagePassword="${escapedPassword}"/></Source></POS>`,
  );
}

/** The request's MessagePassword as the caller typed it (XML escapes undone). */
export function requestPasswordRaw(requestBody: string): string {
  return (requestPassword(requestBody) ?? '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The reply, headers and reason phrase of the 'echo-everywhere' mode. */
export function echoEverywhere(root: string, password: string, user: string, opts: { wellFormed?: boolean; reason?: string } = {}) {
  const forms = disguises(password, user);
  const xmlSafe = (f: string) => !/[<&]/.test(f.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos);/gi, ''));
  const inner = forms
    .map(([name, f]) =>
      opts.wellFormed === false || xmlSafe(f)
        ? `<Warning Type="3" ShortText="${name}">${f}</Warning>`
        : `<Warning Type="3" ShortText="${name}"><![CDATA[${f}]]></Warning>`,
    )
    .join('\n');
  const headers: Record<string, string> = {};
  forms.forEach(([name, f], index) => {
    if (/^[\x20-\x7e]*$/.test(f))
      headers[
        `x-echo-${index}-${name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/-+$/, '')}`
      ] = f;
  });
  headers['www-authenticate'] = `Basic realm="${forms.find(([n]) => n === 'base64 of user:password')![1]}"`;
  const reason = opts.reason ? `Echo ${forms.find(([n]) => n === opts.reason)![1]}` : 'OK';
  return { body: validReply(root, `<Success/><Warnings>${inner}</Warnings>`), headers, reason };
}

export const DOCTYPE_INTERNAL_ENTITIES = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE OTA_HotelAvailRS [
  <!ENTITY greeting "hello">
  <!ENTITY target "world">
]>
<OTA_HotelAvailRS xmlns="${OTA_NS}" Version="2008.1"><Success/><Warnings><Warning>&greeting; &target;</Warning></Warnings></OTA_HotelAvailRS>
`;

export function billionLaughs(levels = 10): string {
  const defs = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i < levels; i++) defs.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE lolz [\n  ${defs.join('\n  ')}\n]>\n<OTA_HotelAvailRS xmlns="${OTA_NS}" Version="2008.1"><Success/><Warnings><Warning>&lol${levels - 1};</Warning></Warnings></OTA_HotelAvailRS>\n`;
}

/** One entity of entityChars characters referenced refs times (default ~1 GB expanded from ~250 KB). */
export function quadraticBlowup(entityChars = 50_000, refs = 20_000): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE kaboom [<!ENTITY a "${'A'.repeat(entityChars)}">]>\n<OTA_HotelAvailRS xmlns="${OTA_NS}" Version="2008.1"><Success/><Warnings><Warning>${'&a;'.repeat(refs)}</Warning></Warnings></OTA_HotelAvailRS>\n`;
}

export function externalEntity(url = 'http://127.0.0.1:9/evil.dtd'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE OTA_HotelAvailRS SYSTEM "${url}" [\n  <!ENTITY file SYSTEM "file:///etc/passwd">\n  <!ENTITY net SYSTEM "${url}">\n]>\n<OTA_HotelAvailRS xmlns="${OTA_NS}" Version="2008.1"><Success/><Warnings><Warning>&file;&net;</Warning></Warnings></OTA_HotelAvailRS>\n`;
}

export const HTML_ERROR_PAGE =
  '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>The proxy server received an invalid response.</p></body></html>\n';

/** Declared UTF-8 everywhere, but "Café" is written as ISO-8859-1 (0xE9). */
export function latin1DeclaredUtf8(): Buffer {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<OTA_HotelAvailRS xmlns="${OTA_NS}" Version="2008.1"><Success/><Warnings><Warning>Café Zürich</Warning></Warnings></OTA_HotelAvailRS>\n`;
  return Buffer.from(text, 'latin1');
}

export function compress(algorithm: 'gzip' | 'deflate' | 'br', data: string | Buffer): Buffer {
  if (algorithm === 'gzip') return zlib.gzipSync(data);
  if (algorithm === 'deflate') return zlib.deflateSync(data);
  return zlib.brotliCompressSync(data);
}

// ---------------------------------------------------------------------------------------------

const XML_TYPE = 'application/xml; charset=utf-8';

function send(res: http.ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { 'content-type': XML_TYPE, 'content-length': String(buf.length), ...headers });
  res.end(buf);
}

export class HostileServer {
  private behaviour: Behaviour;
  private server?: http.Server;
  private readonly sockets = new Set<Socket>();
  private readonly requests: CapturedRequest[] = [];
  private bytesWritten = 0;
  private abortedResponses = 0;
  // state of 'status-then-valid': failures served so far
  private failuresServed = 0;

  constructor(behaviour: Behaviour = 'valid') {
    this.behaviour = behaviour;
  }

  start(): Promise<RunningServer> {
    const server = http.createServer((req, res) => void this.handle(req, res));
    this.server = server;
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    // keep Node's own server timeouts out of the way: the tests decide who gives up first
    server.requestTimeout = 0;
    server.headersTimeout = 0;
    server.keepAliveTimeout = 1000;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const port = (server.address() as AddressInfo).port;
        // The getters below read live counters of this server.
        // eslint-disable-next-line @typescript-eslint/no-this-alias
        const self = this;
        resolve({
          url: `http://127.0.0.1:${port}`,
          port,
          requests: this.requests,
          get bytesWritten() {
            return self.bytesWritten;
          },
          get abortedResponses() {
            return self.abortedResponses;
          },
          setBehaviour: (behaviour) => {
            this.behaviour = behaviour;
            this.failuresServed = 0;
          },
          close: () => this.close(),
        });
      });
    });
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const captured: CapturedRequest = {
      n: this.requests.length + 1,
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(captured);
    res.on('close', () => {
      if (!res.writableFinished) this.abortedResponses++;
    });
    try {
      const behaviour = this.behaviour;
      if (typeof behaviour === 'function') await behaviour(captured, res);
      else this.serveMode(typeof behaviour === 'string' ? { mode: behaviour } : behaviour, captured, res);
    } catch (error) {
      if (!res.headersSent) send(res, 599, `hostile-server handler failed: ${String(error)}`, { 'content-type': 'text/plain' });
      else res.destroy();
    }
  }

  private serveMode(spec: ModeSpec | { mode: ModeName }, req: CapturedRequest, res: http.ServerResponse): void {
    const root = replyRootFor(req.body);
    switch (spec.mode) {
      case 'valid':
        return send(res, 200, validReply(root));
      case 'echo-password':
        return send(res, 200, echoPasswordReply(root, requestPassword(req.body) ?? ''));
      case 'doctype-internal-entities':
        return send(res, 200, DOCTYPE_INTERNAL_ENTITIES);
      case 'billion-laughs':
        return send(res, 200, billionLaughs());
      case 'quadratic-blowup':
        return send(res, 200, quadraticBlowup());
      case 'external-entity':
        return send(res, 200, externalEntity());
      case 'html-200':
        return send(res, 200, HTML_ERROR_PAGE, { 'content-type': 'text/html; charset=utf-8' });
      case 'empty':
        return send(res, 200, '');
      case 'gzip-undeclared':
        return send(res, 200, compress('gzip', validReply(root)));
      case 'compressed':
        return send(res, 200, compress(spec.algorithm, validReply(root)), spec.declare ? { 'content-encoding': spec.algorithm } : {});
      case 'latin1-declared-utf8':
        return send(res, 200, latin1DeclaredUtf8());
      case 'http-500':
        return send(res, 500, validReply(root, '<Errors><Error Type="1" ShortText="Internal error"/></Errors>'));
      case 'http-503':
        return send(res, 503, 'Service Unavailable', { 'content-type': 'text/plain' });
      case 'status':
        return send(res, spec.status, spec.body ?? validReply(root), spec.contentType ? { 'content-type': spec.contentType } : {});
      case 'echo-everywhere': {
        const e = echoEverywhere(root, requestPasswordRaw(req.body), spec.user, spec);
        const buf = Buffer.from(e.body, 'utf8');
        res.writeHead(200, e.reason, { 'content-type': XML_TYPE, 'content-length': String(buf.length), ...e.headers });
        res.end(buf);
        return;
      }
      case 'raw':
        res.writeHead(spec.status ?? 200, spec.headers ?? {});
        res.end(spec.body);
        return;
      case 'status-then-valid':
        if (this.failuresServed < spec.times) {
          this.failuresServed++;
          return send(res, spec.status, `<html><body>${spec.status}</body></html>`, { 'content-type': 'text/html' });
        }
        return send(res, 200, validReply(root));
      case 'hang':
        return; // never answer; close() destroys the socket
      case 'stall-after-headers':
        res.writeHead(200, { 'content-type': XML_TYPE });
        res.write(`<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${OTA_NS}"`);
        return;
      case 'reset':
        (res.socket as Socket & { resetAndDestroy?: () => void })?.resetAndDestroy?.();
        return;
      case 'close':
        res.socket?.end();
        res.socket?.destroy();
        return;
      case 'per-request': {
        const chosen = spec.choose(req);
        return this.serveMode(typeof chosen === 'string' ? { mode: chosen } : chosen, req, res);
      }
      case 'endless':
        return this.stream(res, Infinity, root);
      case 'huge':
        return this.stream(res, spec.bytes, root);
    }
  }

  /** Writes a well-formed-looking reply of `total` bytes (or forever), honouring back-pressure. */
  private stream(res: http.ServerResponse, total: number, root: string): void {
    const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${OTA_NS}" Version="2008.1"><Success/><Warnings>`);
    const tail = Buffer.from(`</Warnings></${root}>\n`);
    const chunk = Buffer.from('<Warning>padding padding padding padding padding padding</Warning>\n'.repeat(256));
    const finite = Number.isFinite(total);
    res.writeHead(200, finite ? { 'content-type': XML_TYPE, 'content-length': String(total) } : { 'content-type': XML_TYPE });
    let remaining = finite ? total : Infinity;
    const write = (buf: Buffer): boolean => {
      this.bytesWritten += buf.length;
      remaining -= buf.length;
      return res.write(buf);
    };
    write(head.subarray(0, Math.min(head.length, remaining)));
    const pump = (): void => {
      while (!res.destroyed) {
        if (finite && remaining <= tail.length) {
          if (remaining > 0) write(tail.subarray(tail.length - remaining));
          res.end();
          return;
        }
        const piece = finite ? chunk.subarray(0, Math.min(chunk.length, remaining - tail.length)) : chunk;
        if (!write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
    };
    pump();
  }
}

/** Convenience: `const srv = await startHostileServer('hang')`. */
export function startHostileServer(behaviour: Behaviour = 'valid'): Promise<RunningServer> {
  return new HostileServer(behaviour).start();
}
