// Record and replay. `--record <dir>` writes every exchange of the run to a cassette:
// its scenario, operation, request and reply with their headers, masked as the evidence is, and
// scanned like every artifact. `--replay <dir>` runs the suite against the cassette, with no
// network: an embedded replay target (./replay.ts) answers each request with the recorded reply of
// the same scenario and operation, in order, its dates and references moved to those of the new run.
// A request the cassette cannot answer is a suite error naming the scenario (exit 2), never a
// finding; a cassette that is missing, truncated, of another suite version or holding a secret is
// refused in one line (exit 2), never replayed as a pass.
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../core/errors';
import type { Redactor } from '../safety/masking';
import { scanForSecrets } from '../safety/scanning';
import { inspectReplyBody, type DecodedReply } from '../transport/reply-body';
import { setExchangeRecorder, type RawExchange } from '../transport/recording';

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

/** Starts recording this process's exchanges into `dir` (each process its own file: --parallel workers too). */
export function startRecording(dir: string, redactor: Redactor): void {
  const file = join(dir, `exchanges-${process.pid}.ndjson`);
  try {
    mkdirSync(dir, { recursive: true });
    appendFileSync(file, '');
  } catch (error) {
    throw new ConfigError(
      `--record ${dir}: the cassette cannot be written there (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  const maskHeaders = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, redactor.scrub(v)]));
  setExchangeRecorder((exchange: RawExchange) => {
    const line: CassetteExchange = {
      scenario: redactor.scrub(exchange.scenario),
      operation: exchange.operation,
      request: { headers: maskHeaders(exchange.request.headers), body: redactor.maskXml(exchange.request.body) },
    };
    if (exchange.reply) {
      const masked = maskBody(redactor, exchange.reply.headers, exchange.reply.body, exchange.reply.decoded);
      const headers = maskHeaders(exchange.reply.headers);
      // the transport decoded the body (gzip...): it is replayed as the decoded bytes
      if (exchange.reply.decoded) delete headers['content-encoding'];
      line.reply = {
        status: exchange.reply.status,
        ...(exchange.reply.statusText ? { statusText: redactor.scrub(exchange.reply.statusText) } : {}),
        headers,
        // byte for byte, the secrets masked in the characters the reply carries
        bodyBase64: masked.toString('base64'),
        ...(masked.equals(exchange.reply.body) ? {} : { secretMasked: true }),
      };
    }
    if (exchange.transportError) line.transportError = { kind: exchange.transportError.kind, message: redactor.scrub(exchange.transportError.message) };
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
  let decodedReply: DecodedReply;
  try {
    decodedReply = inspectReplyBody(headers, bytes, { contentDecoded: decoded });
  } catch {
    return bytes;
  }
  const masked = redactor.scrub(decodedReply.text);
  return masked === decodedReply.text ? bytes : encodeText(masked, decodedReply.encoding, decodedReply.source === 'bom');
}

/** Text in an encoding a reply was decoded from (UTF-8 when it has no byte for a character). */
function encodeText(text: string, encoding: string, bom: boolean): Buffer {
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    const buffer = Buffer.from(`${bom ? '\ufeff' : ''}${text}`, 'utf16le');
    return encoding === 'utf-16be' ? buffer.swap16() : buffer;
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
  } catch (error) {
    throw new ConfigError(`${where}: ${HEADER} cannot be read as JSON (${(error as Error).message})`);
  }
  if (header.format !== CASSETTE_FORMAT)
    throw new ConfigError(`${where}: format ${String(header.format)}, this suite reads format ${CASSETTE_FORMAT}`);
  if (header.suite?.version !== suiteVersion)
    throw new ConfigError(`${where}: recorded by suite version ${String(header.suite?.version)}, this is ${suiteVersion}; record it again`);
  const exchanges: CassetteExchange[] = [];
  for (const f of exchangeFiles(dir))
    lines(join(dir, f)).forEach((l, index) => {
      try {
        const exchange = JSON.parse(l) as CassetteExchange;
        if (typeof exchange.scenario !== 'string' || typeof exchange.operation !== 'string' || typeof exchange.request?.body !== 'string')
          throw new Error('not an exchange');
        exchanges.push(exchange);
      } catch (error) {
        throw new ConfigError(`${where}: ${f} line ${index + 1} is not a recorded exchange (${(error as Error).message}): truncated or edited`);
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
