// Request → reply, independent of node:http so it can be unit-tested: HTTP checks (path, method,
// Content-Type), then XML (no DTD, well-formed), envelope (namespace, root, Version), POS, and the
// operation's handler. Every failure after the HTTP checks is an OTA Errors reply with HTTP 200.
import { authenticate } from './auth';
import type { Credentials } from './credentials';
import { errorsReply, successReply, type EnvelopeInfo } from './envelope';
import { err, OtaError } from './errors';
import type { Faults } from './faults';
import { OPERATIONS } from './operations';
import type { Ctx, Operation } from './operations/types';
import { DoctypeError, el, OTA_NS, parseXml, XmlSyntaxError, type XNode } from './xml';

export interface RawRequest {
  method: string;
  path: string;
  contentType?: string;
  body: Buffer;
}
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Delay before sending (fault slow-reply). */
  delayMs?: number;
}

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

const byPath = new Map<string, Operation>(OPERATIONS.map((o) => [`/${o.name}`, o]));

export function operationForPath(p: string): Operation | undefined {
  return byPath.get(p.replace(/\/+$/, '') || '/');
}

/**
 * Body of the non-OTA HTTP failures (404, 405, 413, 415): a schema-valid OTA_ErrorRS (an empty
 * element whose ErrorCode / ErrorMessage attributes carry the problem).
 */
export function httpErrorBody(status: number, shortText: string, detail: string, now: Date): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    el('OTA_ErrorRS', {
      xmlns: OTA_NS,
      TimeStamp: now.toISOString(),
      Version: '1.0',
      Status: 'NotProcessed',
      ErrorCode: `HTTP-${status}`,
      ErrorMessage: `${shortText}: ${detail}`,
    })
  );
}

function httpError(status: number, shortText: string, detail: string, now: Date, extra: Record<string, string> = {}): RawReply {
  return { status, headers: { 'content-type': XML_CONTENT_TYPE, ...extra }, body: httpErrorBody(status, shortText, detail, now) };
}

export function isXmlContentType(ct: string | undefined): boolean {
  if (!ct) return false;
  const mt = ct.split(';')[0].trim().toLowerCase();
  return mt === 'application/xml' || mt === 'text/xml';
}

export interface RouterDeps {
  ctx: () => Ctx;
  credentials: Credentials;
  faults: Faults;
  slowMs: number;
}

export function route(req: RawRequest, deps: RouterDeps): RawReply {
  const ctx = deps.ctx();
  const op = operationForPath(req.path);
  if (!op) return httpError(404, 'Not found', `No operation at ${req.path}`, ctx.now);
  if (req.method !== 'POST') return httpError(405, 'Method not allowed', `${req.method} is not allowed; use POST`, ctx.now, { allow: 'POST' });
  if (!isXmlContentType(req.contentType)) {
    return httpError(415, 'Unsupported media type', `Content-Type '${req.contentType ?? ''}' is not application/xml`, ctx.now);
  }
  const reply = otaReply(op, req.body, ctx, deps);
  return finish(op, reply, deps);
}

/** Applies the HTTP-level faults to an OTA reply. */
function finish(op: Operation, body: string, deps: RouterDeps): RawReply {
  const { faults } = deps;
  let out = body;
  if (faults.has('truncated-reply')) {
    // Cut inside the root element, between '<' and the tag's end.
    const cut = out.indexOf('<', Math.floor(out.length * 0.6));
    out = out.slice(0, cut > 0 ? cut + 4 : Math.floor(out.length * 0.6));
  }
  return {
    status: faults.has('http-500') ? 500 : 200,
    headers: { 'content-type': faults.has('content-type-html') ? 'text/html; charset=utf-8' : XML_CONTENT_TYPE },
    body: out,
    delayMs: faults.has('slow-reply') && op.name === 'hotelavailability' ? deps.slowMs : undefined,
  };
}

function otaReply(op: Operation, body: Buffer, ctx: Ctx, deps: RouterDeps): string {
  const info: EnvelopeInfo = { rsRoot: op.rs, rqRoot: op.rq, version: op.version };
  const fail = (e: OtaError) => errorsReply({ ...info, rootAttrs: op.errorRootAttrs }, [e], ctx.now, ctx.faults);
  let root: XNode;
  try {
    root = parseXml(body);
  } catch (e) {
    if (e instanceof DoctypeError) return fail(err.doctype());
    if (e instanceof XmlSyntaxError) return fail(err.notWellFormed(e.message));
    return fail(err.notWellFormed(String((e as Error).message ?? e)));
  }
  // From here on the reply echoes what it can of the request envelope.
  const v = root.attrs.Version;
  if (v !== undefined && /^\d+(\.\d+)?$/.test(v.trim())) info.version = v.trim();
  const echo = root.attrs.EchoToken;
  if (echo !== undefined && echo.length >= 1 && echo.length <= 128) info.echoToken = echo;
  try {
    if (root.ns !== OTA_NS) throw err.wrongNamespace(root.ns);
    if (root.name !== op.rq) throw err.wrongRoot(root.name, op.rq);
    if (v === undefined || v.trim() !== op.version) throw err.version(v, op.version);
    authenticate(root, deps.credentials, {
      skipPassword: ctx.faults.has('accepts-wrong-password'),
      skipContext: ctx.faults.has('ignores-id-context'),
      allowMissingPos: ctx.faults.has('accepts-missing-pos'),
    });
    const r = op.handle(root, ctx);
    return successReply({ ...info, rootAttrs: r.rootAttrs }, r.content, r.warnings ?? [], ctx.now, ctx.faults);
  } catch (e) {
    if (e instanceof OtaError) return fail(e);
    // A bug in a handler must not become a 500 or take the server down.
    return fail(err.system(`Unexpected processing failure: ${(e as Error)?.message ?? String(e)}`));
  }
}
