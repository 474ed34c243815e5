// The run's evidence stream: cucumber's messages, one envelope a line, in cucumber-messages.ndjson.
// It is the one thing a run writes while its scenarios run, and it holds each exchange once,
// masked before it is attached (src/cucumber/evidence.ts): the request head and body, the reply
// head and body (as received; its raw bytes only when they are not text), or why there was no
// reply. Every other report is built from it after the verdict (evidence.html, the reproducers)
// or on demand (npm run report: the Allure report and the cucumber HTML).
//
// For the secret scan, the stream is written by one writer that lets an observer see each line
// exactly as it is written (observe): a scan can read it in one pass while the run writes it.
// Attachments are text (cucumber's IDENTITY encoding) wherever the content is text, so a scan
// need not decode them; only bytes that are not text are base64.
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type * as messages from '@cucumber/messages' with { 'resolution-mode': 'import' };

/** The stream's file name in the reports folder. */
export const STREAM_FILE = 'cucumber-messages.ndjson';

/** The parts of one exchange, as attachment file names end: `<n>-<operation>-<part>`. */
export const EXCHANGE_PARTS = {
  requestHead: 'request-headers.txt',
  request: 'request.xml',
  replyHead: 'reply-headers.txt',
  reply: 'reply.xml',
  replyRaw: 'reply.raw',
  noReply: 'no-reply.txt',
} as const;
export type ExchangePart = keyof typeof EXCHANGE_PARTS;

const PART_BY_SUFFIX = new Map<string, ExchangePart>(Object.entries(EXCHANGE_PARTS).map(([k, v]) => [v, k as ExchangePart]));
const PART_NAME = /^(\d+)-([A-Za-z0-9_]+)-(.+)$/;

/** The attachment file name of one part of exchange `n` of a scenario. */
export const exchangePartName = (n: number, operation: string, part: ExchangePart) => `${n}-${operation}-${EXCHANGE_PARTS[part]}`;

/** What an attachment's file name says of the exchange it belongs to, when it is one of its parts. */
export function parseExchangePartName(fileName: string | undefined): { n: number; operation: string; part: ExchangePart } | undefined {
  const match = PART_NAME.exec(fileName ?? '');
  const part = match ? PART_BY_SUFFIX.get(match[3]) : undefined;
  return match && part ? { n: Number(match[1]), operation: match[2], part } : undefined;
}

/** The request head as attached: `POST <url>`, then one `name: value` line per header. */
export function requestHead(url: string, headers: Record<string, string>): string {
  return [`POST ${url}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\n');
}

/** The URL and headers of a request head (requestHead's inverse). */
export function parseRequestHead(head: string): { url: string; headers: Record<string, string> } {
  const [first = '', ...lines] = head.split('\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { url: first.replace(/^POST\s+/, '').trim(), headers };
}

type LineObserver = (line: string) => void;

/**
 * Writes the stream: each envelope as one JSON line, buffered and written in large chunks. Every
 * line passes through the observers first, exactly as it is written.
 */
export class EvidenceStreamWriter {
  private readonly fd: number;
  private readonly pending: string[] = [];
  private pendingChars = 0;
  private readonly observers: LineObserver[] = [];
  private closed = false;

  constructor(readonly file: string) {
    mkdirSync(dirname(file), { recursive: true });
    this.fd = openSync(file, 'w');
  }

  /** `fn` sees every line written from now on (the text written, newline included). */
  observe(fn: LineObserver): void {
    this.observers.push(fn);
  }

  write = (envelope: messages.Envelope): void => {
    if (this.closed) return;
    const line = `${JSON.stringify(envelope)}\n`;
    for (const observer of this.observers) observer(line);
    this.pending.push(line);
    this.pendingChars += line.length;
    if (this.pendingChars >= 1 << 20) this.flush();
  };

  private flush(): void {
    if (this.pending.length === 0) return;
    writeSync(this.fd, this.pending.join(''));
    this.pending.length = 0;
    this.pendingChars = 0;
  }

  /** Writes what is pending and closes the file (once; later writes are dropped). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.flush();
    } finally {
      closeSync(this.fd);
    }
  }
}

/** The envelopes of a stream file, in order (a last line cut by a killed run is left out). */
export function readStream(file: string): messages.Envelope[] {
  const out: messages.Envelope[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      out.push(JSON.parse(line) as messages.Envelope);
    } catch (error) {
      if (index < lines.length - 1 && lines.slice(index + 1).some((l) => l.trim() !== ''))
        throw new Error(`${file}, line ${index + 1}: not a cucumber message (${(error as Error).message})`);
    }
  });
  return out;
}

/** A scenario's id, stable across runs: its feature file and line (two scenarios may share a name). */
export const scenarioIdOf = (pickle: Pick<messages.Pickle, 'uri' | 'location' | 'astNodeIds'>): string =>
  `${pickle.uri}:${pickle.location?.line ?? pickle.astNodeIds.join(',')}`;

/** An attachment's content as text (base64 decoded as UTF-8). */
export const attachmentText = (a: { body: string; contentEncoding: string }): string =>
  a.contentEncoding === 'BASE64' ? Buffer.from(a.body, 'base64').toString('utf8') : a.body;
