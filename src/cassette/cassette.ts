// Record and replay. `--record <dir>` writes every exchange of the run to a cassette:
// its scenario, operation, request and reply with their headers, masked as the evidence is, and
// scanned like every artifact. `--replay <dir>` runs the suite against the cassette, with no
// network: an embedded replay target answers each request with the recorded reply of the same
// scenario and operation, in order, its dates and references moved to those of the new run.
// A request the cassette cannot answer is a suite error naming the scenario (exit 2), never a
// finding; a cassette that is missing, truncated, of another suite version or holding a secret is
// refused in one line (exit 2), never replayed as a pass.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ConfigError } from '../core/errors';
import { addDays } from '../core/dates';
import { MASK, type Redactor } from '../safety/masking';
import { scanForSecrets } from '../safety/scanning';
import { OPERATIONS } from '../specification/operations';
import { inspectReplyBody, type DecodedReply } from '../transport/reply-body';
import { REPLAY_MISS_HEADER, RUN_LEVEL, SCENARIO_HEADER, setExchangeRecorder, type RawExchange } from '../transport/recording';

export const CASSETTE_FORMAT = 1;
const HEADER = 'cassette.json';
const REPLY_PROFILE = 'reply-profile.json';
const EXCHANGES = /^exchanges-\d+\.ndjson$/;

/** One exchange in a cassette, masked. */
export interface CassetteExchange {
  scenario: string;
  operation: string;
  request: { headers: Record<string, string>; body: string };
  reply?: {
    status: number;
    statusText?: string;
    headers: Record<string, string>;
    bodyBase64: string;
    /** The body echoed a secret, masked here: the replay puts the replaying run's password back. */
    secretMasked?: boolean;
  };
  transportError?: { kind: string; message: string };
}

export interface CassetteHeader {
  format: number;
  suite: { name: string; version: string };
  recordedAt: string;
  runId: string;
  target: string;
  exchanges: number;
  /** The test data of the recorded run, copied beside: the replay uses it. */
  testData: string;
  /** The reply profile of the recorded run (OTA_REPLY_PROFILE), copied beside when it had one: the replay reads its replies with it. */
  replyProfile?: string;
}

/** Hop-by-hop and length headers are not replayed (the replay target sets its own). */
const NOT_REPLAYED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** Starts recording this process's exchanges into `dir` (each process its own file: --parallel workers too). */
export function startRecording(dir: string, redactor: Redactor): void {
  const file = join(dir, `exchanges-${process.pid}.ndjson`);
  try {
    mkdirSync(dir, { recursive: true });
    appendFileSync(file, '');
  } catch (e) {
    throw new ConfigError(
      `--record ${dir}: the cassette cannot be written there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  const maskHeaders = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, redactor.scrub(v)]));
  setExchangeRecorder((x: RawExchange) => {
    const line: CassetteExchange = {
      scenario: redactor.scrub(x.scenario),
      operation: x.operation,
      request: { headers: maskHeaders(x.request.headers), body: redactor.maskXml(x.request.body) },
    };
    if (x.reply) {
      const masked = maskBody(redactor, x.reply.headers, x.reply.body, x.reply.decoded);
      const headers = maskHeaders(x.reply.headers);
      // the transport decoded the body (gzip...): it is replayed as the decoded bytes
      if (x.reply.decoded) delete headers['content-encoding'];
      line.reply = {
        status: x.reply.status,
        ...(x.reply.statusText ? { statusText: redactor.scrub(x.reply.statusText) } : {}),
        headers,
        // byte for byte, the secrets masked in the characters the reply carries
        bodyBase64: masked.toString('base64'),
        ...(masked.equals(x.reply.body) ? {} : { secretMasked: true }),
      };
    }
    if (x.transportError) line.transportError = { kind: x.transportError.kind, message: redactor.scrub(x.transportError.message) };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}

/**
 * A reply body with every secret masked: first in its latin1 view (each byte one character, byte for
 * byte), then in the characters of its own charset (a non-ASCII password echoed in UTF-8 or in a
 * single-byte charset such as windows-1251 is not seen in the latin1 view), written back in it.
 */
export function maskBody(redactor: Redactor, headers: Record<string, string>, body: Buffer, decoded: boolean): Buffer {
  const bytes = Buffer.from(redactor.scrub(body.toString('latin1')), 'latin1');
  let d: DecodedReply;
  try {
    d = inspectReplyBody(headers, bytes, { contentDecoded: decoded });
  } catch {
    return bytes;
  }
  const masked = redactor.scrub(d.text);
  return masked === d.text ? bytes : encodeText(masked, d.encoding, d.source === 'bom');
}

/** Text in an encoding a reply was decoded from (UTF-8 when it has no byte for a character). */
function encodeText(text: string, encoding: string, bom: boolean): Buffer {
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    const b = Buffer.from(`${bom ? '\ufeff' : ''}${text}`, 'utf16le');
    return encoding === 'utf-16be' ? b.swap16() : b;
  }
  // ISO-8859-1 and US-ASCII as XML means them (TextDecoder reads both as windows-1252)
  if ((encoding === 'iso-8859-1' || encoding === 'us-ascii') && [...text].every((c) => c.charCodeAt(0) <= 0xff))
    return Buffer.from(text, 'latin1');
  if (encoding !== 'utf-8') {
    try {
      const decoder = new TextDecoder(encoding);
      const byChar = new Map<string, number>();
      for (let i = 255; i >= 0; i--) byChar.set(decoder.decode(Uint8Array.of(i)), i);
      const out = [...text].map((c) => byChar.get(c));
      if (out.every((n) => n !== undefined)) return Buffer.from(out as number[]);
    } catch {
      // an encoding TextDecoder does not know: UTF-8 below
    }
  }
  return Buffer.from(`${bom ? '\ufeff' : ''}${text}`, 'utf8');
}

/** A recording that did not finish: nothing of it is kept. */
export function abandonRecording(dir: string): void {
  setExchangeRecorder(undefined);
  clearCassette(dir);
}

/** Before a recording: an earlier cassette in the folder is removed (a cassette is one run). */
export function clearCassette(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new ConfigError(`--record ${dir}: not a folder`);
  for (const f of readdirSync(dir))
    if (f === HEADER || f === 'test-data.json' || f === REPLY_PROFILE || f === 'summary.json' || EXCHANGES.test(f))
      rmSync(join(dir, f), { force: true });
}

/** After the run: the header (with the number of exchanges, to tell a truncated cassette) and the test data. */
export function finishRecording(
  dir: string,
  meta: Omit<CassetteHeader, 'format' | 'exchanges' | 'testData'>,
  testData: Record<string, unknown>,
  summaryFile: string,
  replyProfileFile?: string,
): void {
  setExchangeRecorder(undefined);
  mkdirSync(dir, { recursive: true });
  const exchanges = exchangeFiles(dir).reduce((n, f) => n + lines(join(dir, f)).length, 0);
  writeFileSync(join(dir, 'test-data.json'), `${JSON.stringify(testData, null, 2)}\n`);
  // how the recorded run read the replies: a replay reads them the same way, with nothing set
  if (replyProfileFile) copyFileSync(replyProfileFile, join(dir, REPLY_PROFILE));
  // what the recorded run concluded: npm run diff -- <cassette> <replay's reports> compares them
  if (existsSync(summaryFile)) copyFileSync(summaryFile, join(dir, 'summary.json'));
  const header: CassetteHeader = {
    format: CASSETTE_FORMAT,
    ...meta,
    exchanges,
    testData: 'test-data.json',
    ...(replyProfileFile ? { replyProfile: REPLY_PROFILE } : {}),
  };
  writeFileSync(join(dir, HEADER), `${JSON.stringify(header, null, 2)}\n`);
}

const exchangeFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => EXCHANGES.test(f))
    .sort();
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0);

/** The header file of the cassette in `dir`; one line when there is no cassette there. */
function headerFileOf(dir: string): string {
  const where = `cassette ${dir}`;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ConfigError(`${where}: no such folder`);
  const headerFile = join(dir, HEADER);
  if (!existsSync(headerFile)) throw new ConfigError(`${where}: no ${HEADER} (not a cassette, or its recording did not finish)`);
  return headerFile;
}

/** The test data a cassette was recorded with (a replay uses it); one line when there is no cassette. */
export function cassetteTestData(dir: string): string {
  headerFileOf(dir);
  return join(dir, 'test-data.json');
}

/** The reply profile a cassette was recorded with, when the recorded run had one (a replay reads its replies with it). */
export function cassetteReplyProfile(dir: string): string | undefined {
  headerFileOf(dir);
  const file = join(dir, REPLY_PROFILE);
  return existsSync(file) ? file : undefined;
}

/** A cassette checked whole before anything is replayed; every problem is one line (exit 2). */
export function loadCassette(
  dir: string,
  suiteVersion: string,
  secrets: readonly string[],
): { header: CassetteHeader; exchanges: CassetteExchange[] } {
  const where = `cassette ${dir}`;
  const headerFile = headerFileOf(dir);
  let header: CassetteHeader;
  try {
    header = JSON.parse(readFileSync(headerFile, 'utf8')) as CassetteHeader;
  } catch (e) {
    throw new ConfigError(`${where}: ${HEADER} cannot be read as JSON (${(e as Error).message})`);
  }
  if (header.format !== CASSETTE_FORMAT)
    throw new ConfigError(`${where}: format ${String(header.format)}, this suite reads format ${CASSETTE_FORMAT}`);
  if (header.suite?.version !== suiteVersion)
    throw new ConfigError(`${where}: recorded by suite version ${String(header.suite?.version)}, this is ${suiteVersion}; record it again`);
  const exchanges: CassetteExchange[] = [];
  for (const f of exchangeFiles(dir))
    lines(join(dir, f)).forEach((l, i) => {
      try {
        const x = JSON.parse(l) as CassetteExchange;
        if (typeof x.scenario !== 'string' || typeof x.operation !== 'string' || typeof x.request?.body !== 'string')
          throw new Error('not an exchange');
        exchanges.push(x);
      } catch (e) {
        throw new ConfigError(`${where}: ${f} line ${i + 1} is not a recorded exchange (${(e as Error).message}): truncated or edited`);
      }
    });
  if (exchanges.length !== header.exchanges)
    throw new ConfigError(
      `${where}: ${exchanges.length} exchanges, its header says ${header.exchanges}: truncated or mixed with another recording`,
    );
  if (!existsSync(join(dir, header.testData))) throw new ConfigError(`${where}: its test data ${header.testData} is missing`);
  const leaks = scanForSecrets(dir, [...secrets]);
  if (leaks.length) throw new ConfigError(`${where}: holds a secret of this configuration unmasked (${leaks[0].file}); it is not replayed`);
  return { header, exchanges };
}

/** The recorded reply with the new run's dates and references. */
export function normalise(body: string, s: { days: number; values: Array<[string, string]> }): string {
  let out = s.days ? body.replace(/\b(\d{4}-\d{2}-\d{2})(?=[T"'<\s]|$)/g, (d) => addDays(d, s.days)) : body;
  for (const [old, now] of s.values) out = out.split(old).join(now);
  return out;
}

/** Operations whose reply depends on the request alone, not on what was booked before. */
const STATELESS = new Set([
  'hotelavailability',
  'activitysearch',
  'activityavailability',
  'hotelnbc',
  'activitynbc',
  'transferavailability',
]);

/** How a sent request stands to a recorded one: where it differs, and what to carry into the reply. */
export interface RequestComparison {
  /** Where it differs beyond what changes from run to run (the POS, echo token, dates, the suite's references, the run id). */
  differs?: string;
  /** The number of days the dates moved. */
  days: number;
  /** Values that differ in the same place (the run's references), longest first; never a masked one. */
  values: Array<[string, string]>;
}

const DATE = /^(\d{4}-\d{2}-\d{2})/;
const SUITE_REFERENCE = /^OTA[BI][A-Z0-9]+$/;

/** A request without its POS: the credentials (and an optional Instance) are the replaying run's own, never a difference. */
const withoutPos = (xml: string) => xml.replace(/<POS>[\s\S]*?<\/POS>|<POS\/>/, '');

/** Attribute values and text of a request, in order, each with its attribute name. */
function tokens(xml: string): Array<{ name?: string; value: string }> {
  return [...withoutPos(xml).matchAll(/([\w:.-]+)="([^"]*)"|>([^<]+)</g)].map((m) => ({ name: m[1], value: (m[2] ?? m[3]).trim() }));
}

/** One pass over both requests: whether the sent one is the recorded one, and what moved between them. */
export function compareRequests(recorded: string, sent: string, runIds: { recorded: string; now: string }): RequestComparison {
  const skeleton = (xml: string) =>
    withoutPos(xml)
      .replace(/="[^"]*"/g, '=""')
      .replace(/>[^<]*</g, '><')
      .replace(/<!--[\s\S]*?-->/g, '');
  const a = tokens(recorded);
  const b = tokens(sent);
  const values = new Map<string, string>();
  const shifts = new Map<number, number>();
  let differs = skeleton(recorded) !== skeleton(sent) || a.length !== b.length ? 'its elements or attributes differ' : undefined;
  if (a.length === b.length)
    a.forEach(({ name, value: old }, i) => {
      const now = b[i].value;
      if (old === now || old.includes(MASK)) return;
      const da = DATE.exec(old)?.[1];
      const db = DATE.exec(now)?.[1];
      if (da && db) {
        const moved = Math.round((Date.parse(db) - Date.parse(da)) / 86_400_000);
        shifts.set(moved, (shifts.get(moved) ?? 0) + 1);
      } else if (old.length >= 4 && !values.has(old)) values.set(old, now);
      const runToRun =
        name === 'EchoToken' ||
        (da && db) ||
        (SUITE_REFERENCE.test(old) && SUITE_REFERENCE.test(now)) ||
        (old.includes(runIds.recorded) && now.includes(runIds.now));
      differs ??= runToRun ? undefined : `"${old}" was recorded, "${now}" is sent`;
    });
  const days = [...shifts.entries()].sort((x, y) => y[1] - x[1])[0]?.[0] ?? 0;
  return { differs, days, values: [...values.entries()].sort((x, y) => y[0].length - x[0].length) };
}

export interface ReplayTarget {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The embedded replay target: answers from the cassette, by scenario and operation, in order. */
export async function startReplay(
  exchanges: readonly CassetteExchange[],
  runIds: { recorded: string; now: string },
  /** The replaying run's password: put back where the recorded reply echoed a secret (masked in the cassette). */
  password = '',
): Promise<ReplayTarget> {
  // What each scenario's requests taught so far (its references are made earlier than read), and
  // the run id every reference of the suite carries.
  const learnt = new Map<string, Map<string, string>>();
  const byKey = new Map<string, CassetteExchange[]>();
  for (const x of exchanges) {
    const k = `${x.scenario}\u0000${x.operation}`;
    byKey.set(k, [...(byKey.get(k) ?? []), x]);
  }
  const used = new Map<string, number>();
  const ops = new Map<string, string>(Object.values(OPERATIONS).map((o) => [o.path, o.name]));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const operation = ops.get((req.url ?? '').replace(/\/+$/, ''));
      const named = req.headers[SCENARIO_HEADER];
      const scenario = typeof named === 'string' ? decodeURIComponent(named) : RUN_LEVEL;
      if (!operation) {
        res.writeHead(req.method === 'GET' ? 200 : 404, { 'content-type': 'text/plain' }).end('replay target\n');
        return;
      }
      const k = `${scenario}\u0000${operation}`;
      const n = used.get(k) ?? 0;
      const sent = Buffer.concat(chunks).toString('utf8');
      // A read the scenario did not make when recorded (descriptive data is asked once per run, by
      // whichever scenario needs it first: another one under --parallel) is answered by the same
      // read recorded in another scenario. Bookings, reads of bookings and cancels never are.
      const x =
        byKey.get(k)?.[n] ??
        (STATELESS.has(operation)
          ? exchanges.find((r) => r.operation === operation && r.reply && !compareRequests(r.request.body, sent, runIds).differs)
          : undefined);
      used.set(k, n + 1);
      // The cassette answers only the request it recorded: another one (other test data, a changed
      // suite) would be answered with replies no gateway gave to it.
      const compared = x?.reply ? compareRequests(x.request.body, sent, runIds) : undefined;
      const differs = compared?.differs;
      if (!x?.reply || !compared || differs) {
        const why = differs
          ? `the ${operation} request ${n + 1} of scenario "${scenario}" differs from the recorded one (${differs}): record it again`
          : x
            ? `the recorded ${operation} exchange ${n + 1} of "${scenario}" got no reply (${x.transportError?.kind ?? 'none'}); a transport failure is not replayed`
            : `the cassette holds no ${operation} exchange ${n + 1} for scenario "${scenario}": record it again with this suite`;
        // a run-level request (the suite's own probes) gets a plain 200: only a scenario's request is a miss
        res
          .writeHead(typeof named === 'string' ? 500 : 200, { 'content-type': 'text/plain', [REPLAY_MISS_HEADER]: encodeURIComponent(why) })
          .end(why);
        return;
      }
      let recorded = Buffer.from(x.reply.bodyBase64, 'base64').toString('latin1');
      // the echo the recorded run saw, seen again (with this run's password, in UTF-8)
      if (x.reply.secretMasked && password) recorded = recorded.split(MASK).join(Buffer.from(password, 'utf8').toString('latin1'));
      const mine = learnt.get(scenario) ?? new Map<string, string>([[runIds.recorded, runIds.now]]);
      for (const [old, now] of compared.values) mine.set(old, now);
      learnt.set(scenario, mine);
      const values = [...mine.entries()].filter(([old, now]) => old !== now).sort((p, q) => q[0].length - p[0].length);
      const body = Buffer.from(normalise(recorded, { days: compared.days, values }), 'latin1');
      const headers = Object.fromEntries(Object.entries(x.reply.headers).filter(([h]) => !NOT_REPLAYED.has(h)));
      res.writeHead(x.reply.status, x.reply.statusText ?? '', { ...headers, 'content-length': String(body.length) }).end(body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => new Promise((ok) => server.close(() => ok())),
  };
}
