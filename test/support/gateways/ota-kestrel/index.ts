// Kestrel Coastal Tours: an OTA message gateway written from the spec and the OpenTravel 2016B
// schemas and samples, in a dialect of its own (README.md beside it), with one real mistake
// switchable at a time (faults.ts). It shares no code with the suite, the sandbox or Alba.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { all, attr, OTA_NS, parseXml, x, type Element } from './xml';
import { CREDENTIALS } from './data';
import { KESTREL_FAULTS, type KestrelFaultName } from './faults';
import { denied, invalid, Refusal } from './refusals';
import {
  activityAvailability,
  activityDescriptive,
  activitySearch,
  hotelAvailability,
  hotelDescriptive,
  transferAvailability,
} from './search';
import { book, cancel, newStore, read, type Store } from './bookings';

export { CREDENTIALS as KESTREL_CREDENTIALS } from './data';
export { KESTREL_FAULTS, KESTREL_FAULT_NAMES, type KestrelFaultName } from './faults';

type Handler = (store: Store, root: Element, fault?: KestrelFaultName) => string;
const OPERATIONS: Record<string, { rq: string; rs: string; serve: Handler }> = {
  activityavailability: { rq: 'OTA_TourActivityAvailRQ', rs: 'OTA_TourActivityAvailRS', serve: (_, r, f) => activityAvailability(r, f) },
  hotelavailability: { rq: 'OTA_HotelAvailRQ', rs: 'OTA_HotelAvailRS', serve: (_, r, f) => hotelAvailability(r, f) },
  activitysearch: { rq: 'OTA_TourActivitySearchRQ', rs: 'OTA_TourActivitySearchRS', serve: (_, r, f) => activitySearch(r, f) },
  hotelnbc: { rq: 'OTA_HotelDescriptiveInfoRQ', rs: 'OTA_HotelDescriptiveInfoRS', serve: (_, r, f) => hotelDescriptive(r, f) },
  activitynbc: { rq: 'OTA_ProductDescriptiveInfoRQ', rs: 'OTA_ProductDescriptiveInfoRS', serve: (_, r, f) => activityDescriptive(r, f) },
  bookread: { rq: 'OTA_ReadRQ', rs: 'OTA_TourActivityResRetrieveRS', serve: read },
  bookcancel: { rq: 'OTA_CancelRQ', rs: 'OTA_CancelRS', serve: cancel },
  activitybook: { rq: 'OTA_TourActivityBookRQ', rs: 'OTA_TourActivityBookRS', serve: book },
  transferavailability: { rq: 'OTA_GroundAvailRQ', rs: 'OTA_GroundAvailRS', serve: (_, r, f) => transferAvailability(r, f) },
};

/** The suite's environment for a run against Kestrel: credentials, and the test data file when given. */
export function kestrelEnv(testData?: string): Record<string, string> {
  return {
    OTA_REQUESTOR_ID: CREDENTIALS.requestorId,
    OTA_REQUESTOR_CONTEXT: CREDENTIALS.requestorContext,
    OTA_USER: CREDENTIALS.user,
    OTA_PASSWORD: CREDENTIALS.password,
    ...(testData ? { OTA_TEST_DATA: testData } : {}),
  };
}
/** The test data a certifier wrote with `npm run init -- --hotel K7Q2M` and the booking words Kestrel uses. */
export const KESTREL_TEST_DATA = join(__dirname, 'kestrel.test-data.json');

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
    attr(t88, 'MessagePassword') === CREDENTIALS.password
  );
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
  res.end(body);
}
function refuse(res: ServerResponse, refusal: Refusal, rs: string | undefined, rootAttrs: Record<string, string | undefined>) {
  if (refusal.form === 'json')
    return send(
      res,
      refusal.status,
      'application/json',
      JSON.stringify({ status: refusal.status, error: refusal.code, message: refusal.message }),
    );
  if (refusal.form === 'text' || !rs) return send(res, refusal.status, 'text/plain', `${refusal.status} ${refusal.message}\n`);
  // a code Kestrel does not know: the RS root, Warnings only (no Success: nothing was processed)
  const warning = x('Warning', { Type: '3', Code: refusal.code, ShortText: refusal.message }, { text: refusal.message });
  send(res, refusal.status, 'application/xml', x(rs, { xmlns: OTA_NS, ...rootAttrs }, x('Warnings', {}, warning)));
}

async function handle(store: Store, fault: KestrelFaultName | undefined, req: IncomingMessage, res: ServerResponse) {
  const op = OPERATIONS[(req.url ?? '').replace(/^\/+/, '').split(/[?#]/)[0]];
  if (!op) return refuse(res, new Refusal(404, 'json', 'not-found', `Nothing at ${req.url}`), undefined, {});
  if (req.method !== 'POST') return refuse(res, new Refusal(405, 'json', 'method', 'POST only'), undefined, {});
  if (!/^(application|text)\/xml\b/i.test(req.headers['content-type'] ?? ''))
    return refuse(res, new Refusal(415, 'json', 'media-type', 'Content-Type must be application/xml'), undefined, {});
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  let root: Element;
  try {
    root = parseXml(body);
  } catch (error) {
    return refuse(
      res,
      new Refusal(400, 'text', 'malformed', `Not an XML document: ${(error as Error).message.split('\n')[0]}`),
      undefined,
      {},
    );
  }
  const rootAttrs = {
    EchoToken: attr(root, 'EchoToken'),
    TimeStamp: new Date().toISOString().slice(0, 19),
    Version: attr(root, 'Version') ?? '1.0',
    PrimaryLangID: attr(root, 'PrimaryLangID'),
  };
  try {
    if (root.namespaceURI !== OTA_NS) throw invalid(`The root element must be in ${OTA_NS}`);
    if (root.localName !== op.rq) throw invalid(`${root.localName} is not served here; ${op.rq} is`);
    if (!attr(root, 'Version')) throw invalid('Version is missing');
    if (!authenticated(root)) throw denied();
    const kids = op.serve(store, root, fault);
    const status = op.rq === 'OTA_CancelRQ' && attr(root, 'CancelType') === 'Cancel' ? 'Cancelled' : undefined;
    // the mistakes bookread-as-text-xml and bookcancel-without-version: one operation's envelope only
    const type = fault === 'bookread-as-text-xml' && op.rq === 'OTA_ReadRQ' ? 'text/xml' : 'application/xml';
    const version = fault === 'bookcancel-without-version' && op.rq === 'OTA_CancelRQ' ? undefined : rootAttrs.Version;
    send(
      res,
      200,
      type,
      `<?xml version="1.0" encoding="UTF-8"?>${x(op.rs, { xmlns: OTA_NS, ...rootAttrs, Version: version, Status: status }, kids)}`,
    );
  } catch (error) {
    if (!(error instanceof Refusal)) return send(res, 500, 'text/plain', 'Internal Server Error\n');
    // the mistake json-refusal-echoes-pos: the refused request, credentials and all, in the message
    const echoed =
      fault === 'json-refusal-echoes-pos' && error.status === 422
        ? new Refusal(422, 'json', error.code, `${error.message}; request was: ${body.slice(0, 2000)}`)
        : error;
    refuse(res, echoed, op.rs, rootAttrs);
  }
}

export interface StartedKestrel {
  url: string;
  close(): Promise<void>;
}

/** Starts Kestrel on 127.0.0.1 (a free port, or `port`), with an empty booking store and at most one fault. */
export async function startKestrelGateway(opts: { fault?: KestrelFaultName; port?: number } = {}): Promise<StartedKestrel> {
  if (opts.fault && !KESTREL_FAULTS[opts.fault]) throw new Error(`unknown fault ${opts.fault}`);
  const store = newStore();
  const server = createServer((req, res) => {
    handle(store, opts.fault, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal Server Error\n');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
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
