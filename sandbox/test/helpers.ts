// Test helpers: fill the shared xml-samples, start a sandbox with a pinned clock, post requests and
// query replies with XPath (libxml2-wasm).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_CREDENTIALS } from '../src/credentials';
import { addDays } from '../src/dates';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../src/index';
import { loadLibxml } from '../src/xml';

export const SAMPLES = join(__dirname, '..', '..', 'xml-samples');
export const NS = { ota: 'http://www.opentravel.org/OTA/2003/05' };

/** Tests run on a fixed day so that schedules and seasons are deterministic. */
export const TODAY = '2031-05-05'; // a Monday
export const NOW = new Date(`${TODAY}T09:00:00Z`);
export const day = (n: number) => addDays(TODAY, n);

export type Values = Record<string, string | number | boolean>;

/** Default values for every placeholder of every sample. */
export function defaults(): Values {
  return {
    requestorId: SANDBOX_CREDENTIALS.requestorId,
    requestorContext: SANDBOX_CREDENTIALS.requestorContext,
    requestorInstance: '',
    user: SANDBOX_CREDENTIALS.user,
    password: SANDBOX_CREDENTIALS.password,
    language: 'en',
    altLanguage: 'es',
    // hotel availability
    maxResponses: 10,
    echoToken: 'echo-123',
    infoSource: 'Sandbox',
    start: day(30),
    end: day(33),
    adults: 2,
    children: 1,
    placeContext: 'Region',
    place: 'Mallorca',
    // activities
    hotelCode: 'PMIBEL01',
    productCode: '',
    maximumPrice: 500,
    currency: 'EUR',
    currencyDecimal: 2,
    // booking
    resStatus: 'Commit',
    tourActivityId: 'PMI-DRACH',
    supplierProductCode: 'DRACH-CAVES',
    supplierServiceCode: 'STD',
    adultAge: 40,
    childAge: 8,
    startDateTime: `${day(30)}T08:30:00`,
    endDateTime: `${day(30)}T15:30:00`,
    pickupDateTime: `${day(30)}T08:00:00`,
    bookingRef: 'BK-1',
    itemRef: 'IT-1',
    cancelType: 'Commit',
    // hotel nbc
    brandCode: 'MEDSUN',
    // transfers
    airportCode: 'PMI',
    arrivalDateTime: `${day(30)}T10:15:00`,
    arrivalFlightNumber: 'VY3901',
    airlineCode: 'VY',
    locationTypeCode: '1',
    locationCode: 'PMIBEL01',
    departureDateTime: `${day(33)}T18:40:00`,
    departureFlightNumber: 'VY3908',
    disabilityRequired: false,
  };
}

const sampleCache = new Map<string, string>();

/** Fills a sample; an unknown placeholder is an error; an empty requestorInstance removes Instance. */
export function fill(sample: string, values: Values = {}): string {
  const v = { ...defaults(), ...values };
  let xml = sampleCache.get(sample) ?? readFileSync(join(SAMPLES, `${sample}.xml`), 'utf8');
  sampleCache.set(sample, xml);
  if (String(v.requestorInstance) === '') xml = xml.replace(/\s+Instance="\{\{requestorInstance\}\}"/g, '');
  return xml.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
    if (!(key in v)) throw new Error(`sample ${sample}: no value for {{${key}}}`);
    return String(v[key]).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  });
}

/** A booking cancel request for one item of the booking: its Type 37 reference after the booking's Type 36. */
export function forOneItem(cancelXml: string, item: string): string {
  return cancelXml.replace(/(<UniqueID Type="36"[^>]*\/>)/, `$1<UniqueID Type="37" ID="${item}" ID_Context="Client"/>`);
}

export interface Reply {
  status: number;
  contentType: string;
  /** The body decoded as UTF-8 (what fetch's text() gives). */
  body: string;
  /** The body's bytes, for replies in another encoding or with a BOM. */
  raw: Buffer;
}

export async function post(base: string, op: string, xml: string, contentType = 'application/xml'): Promise<Reply> {
  const res = await fetch(`${base}/${op}`, { method: 'POST', headers: { 'content-type': contentType }, body: xml });
  const raw = Buffer.from(await res.arrayBuffer());
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: new TextDecoder().decode(raw), raw };
}

export async function call(base: string, op: string, values: Values = {}): Promise<Reply> {
  return post(base, op, fill(op, values));
}

export function start(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ now: () => NOW, ...opts });
}

let lx: Awaited<ReturnType<typeof loadLibxml>> | undefined;
export async function initQuery(): Promise<void> {
  lx = await loadLibxml();
}

/** String values (attribute value or element text) of the nodes an XPath selects; a Buffer is parsed in its declared encoding. */
export function xp(body: string | Buffer, expr: string): string[] {
  if (!lx) throw new Error('await initQuery() first');
  const doc = typeof body === 'string' ? lx.XmlDocument.fromString(body) : lx.XmlDocument.fromBuffer(body);
  try {
    const r = doc.eval(expr, NS);
    if (Array.isArray(r)) return r.map((n) => n.content);
    return [String(r)];
  } finally {
    doc.dispose();
  }
}
export const one = (body: string | Buffer, expr: string): string | undefined => xp(body, expr)[0];
export const num = (body: string | Buffer, expr: string): number => Number(xp(body, expr)[0]);

/** Asserts-friendly summary of an Errors reply: "Type/Code". */
export function errorCode(body: string | Buffer): string | undefined {
  const t = one(body, '/*/ota:Errors/ota:Error/@Type');
  const c = one(body, '/*/ota:Errors/ota:Error/@Code');
  return t === undefined ? undefined : `${t}/${c}`;
}
export const isSuccess = (body: string | Buffer) =>
  xp(body, 'count(/*/ota:Success)')[0] === '1' && xp(body, 'count(/*/ota:Errors)')[0] === '0';
