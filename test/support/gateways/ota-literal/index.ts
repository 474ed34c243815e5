// Alba Excursions: an OTA message gateway written from the spec and the OpenTravel 2016B schemas and
// samples, in two dialects ("literal", "terse"), with one real mistake switchable at a time (faults.ts).
// It shares no code with the suite or the embedded sandbox. README.md beside it says what it does.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { all, attr, el, OTA_NS, parse, serialize, type Element } from './xml';
import { CREDENTIALS } from './data';
import { FAULTS, type FaultName } from './faults';
import { literalLike, Refusal, type Dialect, type State } from './model';
import { OPERATIONS, replyRoot, type Op, type Reply, type Results } from './render';
import { literal, literalRefusal, literalRootAttrs } from './literal';
import { terse, terseRefusal } from './terse';

export { CREDENTIALS as ALBA_CREDENTIALS } from './data';
export { FAULTS, FAULT_NAMES, type FaultName } from './faults';
export type { Dialect } from './model';

/**
 * The suite's environment for a run against Alba in `dialect`: its credentials, its reply profile
 * and, unless `testData` says otherwise, its test data (a test that writes its own with init gives
 * false).
 */
export function albaEnv(dialect: Dialect, testData: string | false = join(__dirname, `${dialect}.test-data.json`)): Record<string, string> {
  return {
    OTA_REQUESTOR_ID: CREDENTIALS.requestorId,
    OTA_REQUESTOR_CONTEXT: CREDENTIALS.requestorContext,
    OTA_USER: CREDENTIALS.user,
    OTA_PASSWORD: CREDENTIALS.password,
    ...(testData === false ? {} : { OTA_TEST_DATA: testData }),
    OTA_REPLY_PROFILE: join(__dirname, `${dialect}.reply-profile.json`),
  };
}

export interface StartedGateway {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

/** Whether POS holds the two Sources of the spec's Authentication table, with this gateway's credentials. */
function authenticated(root: Element): boolean {
  const sources = all(root, 'POS/Source');
  if (sources.length !== 2) return false;
  const ids = sources.map((s) => all(s, 'RequestorID')[0]);
  const t22 = ids.find((r) => attr(r, 'Type') === '22');
  const t88 = ids.find((r) => attr(r, 'Type') === '88');
  return (
    attr(t22, 'ID') === CREDENTIALS.requestorId &&
    attr(t22, 'ID_Context') === CREDENTIALS.requestorContext &&
    attr(t88, 'ID') === CREDENTIALS.user &&
    t88?.getAttribute('MessagePassword') === CREDENTIALS.password
  );
}

function parseRequest(body: string): Element {
  try {
    return parse(body);
  } catch (error) {
    throw new Refusal(7, 450, `Unable to process: ${(error as Error).message.split('\n')[0]}`, 400);
  }
}

function serve(state: State, op: Op, root: Element): Reply {
  const def = OPERATIONS[op];
  if (root.namespaceURI !== OTA_NS) throw new Refusal(7, 320, `The root element must be in the namespace ${OTA_NS}`, 400);
  if (root.localName !== def.rq) throw new Refusal(7, 320, `${root.localName} is not served at /${op}; ${def.rq} is`, 400);
  const version = attr(root, 'Version');
  if (!version) throw new Refusal(10, 321, 'Version is missing', 400);
  // literal serves any Version; terse only the spec's (both are conformant: behaviour for others is not shown)
  if (state.dialect === 'terse' && version !== def.version)
    throw new Refusal(7, 320, `Version ${version} is not supported; ${def.version} is`, 400);
  if (!authenticated(root)) throw new Refusal(4, 497, 'Authorization error: unknown requestor or wrong password', 401);
  const results = { op, result: def.serve(state, root), fault: state.fault, request: root, dialect: state.dialect } as Results;
  const kids = literalLike(state.dialect) ? literal(results) : terse(results);
  return { status: 200, kids, rootAttrs: literalLike(state.dialect) ? literalRootAttrs(results) : {} };
}

function write(res: ServerResponse, status: number, xml: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/xml; charset=utf-8', ...headers });
  res.end(xml);
}

/** Failures before an operation is known: an OTA_ErrorRS, in both dialects. */
const errorRS = (status: number, message: string) =>
  serialize(el('OTA_ErrorRS', { Version: '1.0', Status: 'NotProcessed', ErrorCode: `HTTP-${status}`, ErrorMessage: message }));

async function handle(state: State, req: IncomingMessage, res: ServerResponse) {
  const op = (req.url ?? '').replace(/^\/+/, '').split(/[?#]/)[0] as Op;
  if (!(op in OPERATIONS)) return write(res, 404, errorRS(404, `No operation at ${req.url}`));
  if (req.method !== 'POST') return write(res, 405, errorRS(405, 'Method not allowed: POST only'), { allow: 'POST' });
  if (!/^(application|text)\/xml\b/i.test(String(req.headers['content-type'] ?? '')))
    return write(res, 415, errorRS(415, 'Content-Type must be application/xml'));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) return write(res, 413, errorRS(413, 'Request too large'));
    chunks.push(c as Buffer);
  }
  const body = Buffer.concat(chunks).toString('utf8');
  const prefix = state.dialect === 'terse' ? 'ota' : '';
  let reply: Reply;
  let request: Element | undefined;
  try {
    request = parseRequest(body);
    reply = serve(state, op, request);
  } catch (error) {
    if (!(error instanceof Refusal)) return write(res, 500, errorRS(500, `Internal error: ${(error as Error).message}`));
    reply = literalLike(state.dialect) ? literalRefusal(error, op) : terseRefusal(error);
  }
  const requestAttr = (n: string) => (request ? attr(request, n) : undefined);
  const rootAttrs = literalLike(state.dialect)
    ? {
        EchoToken: requestAttr('EchoToken'),
        TimeStamp: new Date().toISOString().slice(0, 19),
        Version: requestAttr('Version') ?? OPERATIONS[op].version,
        PrimaryLangID: requestAttr('PrimaryLangID'),
        ...reply.rootAttrs,
      }
    : { Version: requestAttr('Version') ?? OPERATIONS[op].version, ...reply.rootAttrs };
  const root = el(reply.root ?? replyRoot(op, state.dialect), rootAttrs, reply.kids);
  write(res, reply.status, serialize(root, prefix));
}

/** Starts the gateway on 127.0.0.1 (a free port); each start has its own, empty, booking store. */
export async function startOtaLiteralGateway(opts: { dialect: Dialect; fault?: FaultName }): Promise<StartedGateway> {
  if (opts.fault && !FAULTS[opts.fault]) throw new Error(`unknown fault ${opts.fault}`);
  const state: State = { dialect: opts.dialect, fault: opts.fault, bookings: new Map(), counter: 0 };
  const server = createServer((req, res) => {
    handle(state, req, res).catch((e: unknown) => {
      if (!res.headersSent) write(res, 500, errorRS(500, String(e)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
