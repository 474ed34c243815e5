// Request → reply, independent of node:http so it can be unit-tested: HTTP checks (path, method,
// Content-Type), then XML (no DTD, well-formed), envelope (namespace, root, Version), POS, and the
// operation's handler. Every failure after the HTTP checks is an OTA Errors reply with HTTP 200
// (a 4xx under dialect variant http-4xx-errors).
import { authenticate } from './auth';
import { wireForm, type Charset } from './charset';
import type { Credentials } from './credentials';
import { document, errorsReply, successReply, timeStamp, type EnvelopeInfo, type WriteEnv } from './envelope';
import { err, OtaError, PlainRefusal, type Refusal } from './errors';
import { Faults } from './faults';
import { OPERATIONS } from './operations';
import { bookingBesideRefusal } from './operations/bookread';
import type { Ctx, Operation } from './operations/types';
import type { Variants } from './variants';
import { DoctypeError, el, kid, kids, OTA_NS, parseXml, XmlSyntaxError, type XNode } from './xml';

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
export function httpErrorBody(status: number, shortText: string, detail: string, writeEnv: Omit<WriteEnv, 'faults'>): string {
  const root = el('OTA_ErrorRS', {
    xmlns: OTA_NS,
    TimeStamp: timeStamp(writeEnv.now, writeEnv.variants),
    Version: '1.0',
    Status: 'NotProcessed',
    ErrorCode: `HTTP-${status}`,
    ErrorMessage: `${shortText}: ${detail}`,
  });
  // Written like every reply (serialisation variants), but no reply fault applies to these.
  return document(root, { ...writeEnv, faults: NO_FAULTS }, false);
}
const NO_FAULTS = new Faults();

function httpError(
  status: number,
  shortText: string,
  detail: string,
  writeEnv: Omit<WriteEnv, 'faults'>,
  extra: Record<string, string> = {},
): RawReply {
  const { contentType, encoding } = xmlEncoding(writeEnv.variants);
  return { status, headers: { 'content-type': contentType, ...extra }, body: httpErrorBody(status, shortText, detail, writeEnv), encoding };
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
function finish(op: Operation, reply: OtaReply, deps: RouterDeps): RawReply {
  const { faults, variants } = deps;
  // Mistakes commit-refused-plain, unknown-booking-plain-404: a refusal with no OTA body at all.
  if (reply.plain) return { status: reply.plain, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: reply.body };
  // Mistake (malformed-500): the parser's exception reaches the framework's default error page.
  if (reply.malformed && faults.has('malformed-500'))
    return { status: 500, headers: { 'content-type': 'text/html; charset=utf-8' }, body: MALFORMED_500_PAGE };
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

/** An OTA reply, or (`plain`: its HTTP status) a refusal in plain text. */
interface OtaReply {
  body: string;
  error?: OtaError;
  malformed?: boolean;
  plain?: number;
}

function otaReply(op: Operation, body: Buffer, ctx: Ctx, deps: RouterDeps): OtaReply {
  const info: EnvelopeInfo = { rsRoot: op.rs, rqRoot: op.rq, version: op.version, operation: op.name };
  let posEchoed = '';
  const fail = (otaError: OtaError, malformed = false, extra = '') => {
    const shown = posEchoed
      ? new OtaError(otaError.type, otaError.code, otaError.shortText, `${otaError.message} (request POS: ${posEchoed})`, otaError.refusal)
      : otaError;
    return { body: errorsReply({ ...info, rootAttrs: op.errorRootAttrs }, [shown], ctx, extra), error: otaError, malformed };
  };
  let root: XNode;
  try {
    root = parseXml(body);
  } catch (error) {
    if (error instanceof DoctypeError) return fail(err.doctype());
    if (error instanceof XmlSyntaxError) return fail(err.notWellFormed(error.message), true);
    return fail(err.notWellFormed(String((error as Error).message ?? error)), true);
  }
  // Mistake (credentials-in-errors): the request's POS goes back in every Errors reply.
  if (ctx.faults.has('credentials-in-errors')) posEchoed = posEcho(root);
  // From here on the reply echoes what it can of the request envelope.
  const value = root.attrs.Version;
  if (value !== undefined && /^\d+(\.\d+)?$/.test(value.trim())) info.version = value.trim();
  const echo = root.attrs.EchoToken;
  if (echo !== undefined && echo.length >= 1 && echo.length <= 128) info.echoToken = echo;
  try {
    // Mistake (accepts-wrong-namespace): a namespace-unaware parser; elements are matched by local name.
    if (root.ns !== OTA_NS && ctx.faults.has('accepts-wrong-namespace')) intoOtaNamespace(root, root.ns);
    if (root.ns !== OTA_NS) throw err.wrongNamespace(root.ns);
    // Mistake (root-name-unchecked): the path's handler reads the body whatever its root is.
    if (root.name !== op.rq && !ctx.faults.has('root-name-unchecked')) throw err.wrongRoot(root.name, op.rq);
    if (value === undefined || value.trim() !== op.version) throw err.version(value, op.version);
    // Mistake (booking-ops-skip-auth): the booking reference alone is trusted.
    const skipAuth = ctx.faults.has('booking-ops-skip-auth') && (op.name === 'bookread' || op.name === 'bookcancel');
    if (!skipAuth)
      authenticate(root, deps.credentials, {
        skipPassword: ctx.faults.has('accepts-wrong-password'),
        skipContext: ctx.faults.has('ignores-id-context'),
        allowMissingPos: ctx.faults.has('accepts-missing-pos'),
        skipRequestorId: ctx.faults.has('ignores-requestor-id'),
        skipUserId: ctx.faults.has('ignores-user-id'),
        allowOneSource: ctx.faults.has('accepts-one-source'),
        refuseInstance: ctx.faults.has('instance-refused') && op.name === 'transferavailability',
      });
    const opResult = op.handle(root, ctx);
    return {
      body: successReply(
        { ...info, rsRoot: opResult.rsRoot ?? info.rsRoot, rootAttrs: opResult.rootAttrs },
        opResult.content,
        opResult.warnings ?? [],
        ctx,
      ),
    };
  } catch (error) {
    if (error instanceof PlainRefusal) return { body: `${error.message}\n`, plain: error.status };
    // Mistake (read-refusal-shows-booking): a refused read carries the booking it names.
    if (error instanceof OtaError) return fail(error, false, op.name === 'bookread' ? bookingBesideRefusal(root, ctx) : '');
    // A bug in a handler must not become a 500 or take the server down.
    return fail(err.system(`Unexpected processing failure: ${(error as Error)?.message ?? String(error)}`));
  }
}

const MALFORMED_500_PAGE =
  '<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>SAXParseException</p></body></html>\n';

/** Fault credentials-in-errors: the POS as a debugging aid would print it, MessagePassword included. */
function posEcho(root: XNode): string {
  const pos = kid(root, 'POS');
  if (!pos) return '';
  return kids(pos, 'Source')
    .map((s) => kid(s, 'RequestorID')?.attrs)
    .filter((a) => a !== undefined)
    .map((a) =>
      Object.entries(a)
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
    )
    .join('; ');
}

/** Fault accepts-wrong-namespace: every element of the request's own namespace read as OTA. */
function intoOtaNamespace(node: XNode, ns: string): void {
  if (node.ns === ns) node.ns = OTA_NS;
  node.children.forEach((c) => intoOtaNamespace(c, ns));
}
