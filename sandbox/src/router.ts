// Request → reply, independent of node:http so it can be unit-tested: HTTP checks (path, method,
// Content-Type), then XML (no DTD, well-formed), envelope (namespace, root, Version), POS, and the
// operation's handler. Every failure after the HTTP checks is an OTA Errors reply with HTTP 200
// (a 4xx under dialect variant http-4xx-errors).
import { authenticate } from './auth';
import { wireForm, type Charset } from './charset';
import type { Credentials } from './credentials';
import { document, errorsReply, successReply, timeStamp, type EnvelopeInfo, type WriteEnv } from './envelope';
import { err, OtaError, type Refusal } from './errors';
import { Faults } from './faults';
import { OPERATIONS } from './operations';
import type { Ctx, Operation } from './operations/types';
import type { Variants } from './variants';
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
  /** How the body is encoded on the wire (the encoding variants). Default utf-8. */
  encoding?: Charset;
  /** Delay before sending (fault slow-reply). */
  delayMs?: number;
}

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** Content-Type and wire encoding of XML replies. */
export function xmlEncoding(variants: Variants): { contentType: string; encoding: Charset } {
  const { contentType, charset } = wireForm(variants);
  return { contentType, encoding: charset };
}

const byPath = new Map<string, Operation>(OPERATIONS.map((o) => [`/${o.name}`, o]));

export function operationForPath(p: string): Operation | undefined {
  return byPath.get(p.replace(/\/+$/, '') || '/');
}

/**
 * Body of the non-OTA HTTP failures (404, 405, 413, 415): a schema-valid OTA_ErrorRS (an empty
 * element whose ErrorCode / ErrorMessage attributes carry the problem).
 */
export function httpErrorBody(status: number, shortText: string, detail: string, w: Omit<WriteEnv, 'faults'>): string {
  const root = el('OTA_ErrorRS', {
    xmlns: OTA_NS,
    TimeStamp: timeStamp(w.now, w.variants),
    Version: '1.0',
    Status: 'NotProcessed',
    ErrorCode: `HTTP-${status}`,
    ErrorMessage: `${shortText}: ${detail}`,
  });
  // Written like every reply (serialisation variants), but no reply fault applies to these.
  return document(root, { ...w, faults: NO_FAULTS }, false);
}
const NO_FAULTS = new Faults();

function httpError(
  status: number,
  shortText: string,
  detail: string,
  w: Omit<WriteEnv, 'faults'>,
  extra: Record<string, string> = {},
): RawReply {
  const { contentType, encoding } = xmlEncoding(w.variants);
  return { status, headers: { 'content-type': contentType, ...extra }, body: httpErrorBody(status, shortText, detail, w), encoding };
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
  variants: Variants;
  slowMs: number;
}

export function route(req: RawRequest, deps: RouterDeps): RawReply {
  const ctx = deps.ctx();
  const op = operationForPath(req.path);
  if (!op) return httpError(404, 'Not found', `No operation at ${req.path}`, ctx);
  if (req.method !== 'POST') return httpError(405, 'Method not allowed', `${req.method} is not allowed; use POST`, ctx, { allow: 'POST' });
  if (!isXmlContentType(req.contentType)) {
    return httpError(415, 'Unsupported media type', `Content-Type '${req.contentType ?? ''}' is not application/xml`, ctx);
  }
  const reply = otaReply(op, req.body, ctx, deps);
  return finish(op, reply, deps);
}

/** HTTP status of a refusal under variant http-4xx-errors (RFC 9110 meanings). */
const REFUSAL_STATUS: Record<Refusal, number> = {
  'bad-request': 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  'no-match': 404,
  conflict: 409,
  system: 500,
};

/** Applies the HTTP-level faults and variants to an OTA reply. */
function finish(op: Operation, reply: { body: string; error?: OtaError }, deps: RouterDeps): RawReply {
  const { faults, variants } = deps;
  let out = reply.body;
  if (faults.has('truncated-reply')) {
    // Cut inside the root element, between '<' and the tag's end.
    const cut = out.indexOf('<', Math.floor(out.length * 0.6));
    out = out.slice(0, cut > 0 ? cut + 4 : Math.floor(out.length * 0.6));
  }
  let status = 200;
  if (reply.error && variants.has('http-4xx-errors')) status = REFUSAL_STATUS[reply.error.refusal];
  // Variant refuse-when-nothing-matches: its refusals are always 404.
  if (reply.error?.refusal === 'no-match') status = 404;
  if (faults.has('http-500')) status = 500;
  const { contentType, encoding } = xmlEncoding(variants);
  return {
    status,
    headers: { 'content-type': faults.has('content-type-html') ? 'text/html; charset=utf-8' : contentType },
    body: out,
    encoding,
    delayMs: faults.has('slow-reply') && op.name === 'hotelavailability' ? deps.slowMs : undefined,
  };
}

function otaReply(op: Operation, body: Buffer, ctx: Ctx, deps: RouterDeps): { body: string; error?: OtaError } {
  const info: EnvelopeInfo = { rsRoot: op.rs, rqRoot: op.rq, version: op.version };
  const fail = (e: OtaError) => ({ body: errorsReply({ ...info, rootAttrs: op.errorRootAttrs }, [e], ctx), error: e });
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
    return { body: successReply({ ...info, rootAttrs: r.rootAttrs }, r.content, r.warnings ?? [], ctx) };
  } catch (e) {
    if (e instanceof OtaError) return fail(e);
    // A bug in a handler must not become a 500 or take the server down.
    return fail(err.system(`Unexpected processing failure: ${(e as Error)?.message ?? String(e)}`));
  }
}
