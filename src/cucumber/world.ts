// The World of one scenario: the request being built, the exchanges made, the bookings created
// (cancelled by the After hook whatever happened), and the verdict helpers that turn contract
// findings into a failure naming the requirement, the XPath, what was expected and what was found.
import { setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber';
import { strict as assert } from 'node:assert';
import { exchange, disposeExchange } from '../transport/exchange';
import { OtaRequest, type PlaceholderValues } from '../xml/requests';
import { operation, type OperationName, type OperationSpec } from '../spec/operations';
import { runContext, replySchema, type RunContext } from '../run/run-context';
import { baseValues, newReference } from '../run/scenario-values';
import { requirement } from '../spec/requirements-old';
import type { Exchange, Finding, Rule } from '../contracts/rule';
import type { BookedItem } from '../contracts/booking';

/** A booking the scenario committed: what it holds, to compare with reads, and to cancel. */
export interface CreatedBooking {
  bookingRef: string;
  items: BookedItem[];
  /** Set once a cancel Commit of the whole booking succeeded. */
  cancelled: boolean;
}

export class GatewayWorld extends World {
  op?: OperationSpec;
  request?: OtaRequest;
  /** The last exchange: what "the reply" means in a step. */
  last?: Exchange;
  readonly history: Exchange[] = [];
  readonly bookings: CreatedBooking[] = [];
  /** The reference of the last activity booking request (Quote or Commit). */
  lastBookingRef?: string;
  /** Values remembered between steps (an activity found by availability, a reference...). */
  readonly remembered: Record<string, string> = {};

  constructor(options: IWorldOptions) {
    super(options);
  }

  get run(): RunContext {
    return runContext();
  }

  /** Starts a request of `name` from its sample, with the run's values and these overrides. */
  prepare(name: OperationName | string, overrides: PlaceholderValues = {}): OtaRequest {
    const ctx = this.run;
    this.op = operation(name);
    const values: PlaceholderValues = { ...baseValues(ctx.credentials, ctx.data, ctx.config.runId), ...this.remembered };
    // Descriptive data asks about a hotel of the portfolio, not an activity's source hotel.
    if (this.op.name === 'hotelnbc') {
      values.hotelCode = ctx.data.hotels[0].code;
      values.brandCode = ctx.data.hotels[0].brandCode;
    }
    Object.assign(values, overrides);
    this.request = OtaRequest.fromSample(this.op, ctx.config.samplesDir, values);
    return this.request;
  }

  get currentRequest(): OtaRequest {
    if (!this.request) throw new Error('no request has been prepared in this scenario (a Given step is missing)');
    return this.request;
  }

  /** Sends the current request (or a deliberately broken body) and keeps the exchange as evidence. */
  async send(brokenBody?: string): Promise<Exchange> {
    const ctx = this.run;
    const x = await exchange(this.currentRequest, {
      baseUrl: ctx.baseUrl,
      limits: ctx.config.limits,
      retry: ctx.config.retry,
      body: brokenBody,
    });
    this.last = x;
    this.history.push(x);
    await this.attachEvidence(x);
    return x;
  }

  get reply(): Exchange {
    if (!this.last) throw new Error('no request has been sent in this scenario (a When step is missing)');
    return this.last;
  }

  /** Request and reply as attachments, secrets masked: the evidence of every verdict. */
  private async attachEvidence(x: Exchange): Promise<void> {
    const r = this.run.redactor;
    const n = this.history.length;
    await this.attach(r.maskXml(x.sentBody), { mediaType: 'application/xml', fileName: `${n}-${x.op.name}-request.xml` });
    const e = x.reply.exchange;
    if (e) {
      const head = [`HTTP ${e.status}`, ...Object.entries(e.headers).map(([k, v]) => `${k}: ${v}`), `(${e.durationMs} ms, ${e.attempts.length} attempt(s): ${e.attempts.map((a) => a.outcome).join(' → ')})`];
      await this.attach(r.scrub(head.join('\n')), { mediaType: 'text/plain', fileName: `${n}-${x.op.name}-reply-headers.txt` });
      const body = x.reply.text ?? e.body.toString('latin1');
      await this.attach(r.maskXml(body.length > 200_000 ? `${body.slice(0, 200_000)}\n… (${body.length} characters, cut)` : body), {
        mediaType: x.reply.text !== undefined ? 'application/xml' : 'text/plain',
        fileName: `${n}-${x.op.name}-reply.xml`,
      });
    } else if (x.reply.transportError) {
      await this.attach(r.scrub(x.reply.transportError.message), { mediaType: 'text/plain', fileName: `${n}-${x.op.name}-no-reply.txt` });
    }
  }

  /** Runs rules on the last exchange and fails with every finding, each naming its requirement. */
  async verify(rules: Rule[], x: Exchange = this.reply): Promise<void> {
    await this.verdict(rules.flatMap((rule) => rule.check(x)));
  }

  /** Fails the step when there are findings; attaches them as a table. */
  async verdict(findings: Finding[]): Promise<void> {
    if (findings.length === 0) return;
    const text = this.run.redactor.scrub(formatFindings(findings));
    await this.attach(text, { mediaType: 'text/plain', fileName: 'findings.txt' });
    assert.fail(text);
  }

  /** The informative OpenTravel alignment check: schema findings, reported under ALIGN-XSD. */
  async alignmentFindings(x: Exchange = this.reply): Promise<Finding[] | 'no-schema'> {
    const schema = await replySchema(this.run, x.op);
    if (!schema) return 'no-schema';
    if (!x.reply.doc) return [{ req: 'ALIGN-XSD', at: 'reply', expected: 'an XML reply', found: x.reply.unreadable ?? 'none' }];
    return schema.validate(x.reply.doc).map((f) => ({
      req: 'ALIGN-XSD',
      at: f.line ? `line ${f.line}` : 'document',
      expected: `valid against ${x.op.replyRoot}.xsd (OpenTravel 2016B)`,
      found: f.message,
    }));
  }

  /**
   * Finds a bookable activity with activity availability and remembers its codes and first date,
   * so that booking and descriptive-data requests use what the target really offers.
   */
  async discoverActivity(): Promise<void> {
    this.prepare('activityavailability');
    const x = await this.send();
    const found = x.reply.doc?.records('/*/ota:TourActivityInfo', {
      id: 'ota:BasicInfo/@TourActivityID',
      product: 'ota:BasicInfo/@SupplierProductCode',
      service: 'ota:BasicInfo/ota:TPA_Extensions/ota:SupplierService/@SupplierServiceCode',
      date: 'ota:Schedule/ota:Detail/@Start',
    })[0];
    // A precondition: without an activity there is nothing to book, and the scenario says so.
    if (!found?.id || !found.product || !found.service || !found.date)
      throw new Error(
        `precondition: activity availability found no bookable activity (TourActivityID, SupplierProductCode, ` +
          `SupplierServiceCode and a date) at hotel ${this.run.data.activities.hotelCodes[0]}`,
      );
    const date = found.date.slice(0, 10);
    Object.assign(this.remembered, {
      tourActivityId: found.id,
      supplierProductCode: found.product,
      supplierServiceCode: found.service,
      startDateTime: `${date}T09:00:00`,
      endDateTime: `${date}T13:00:00`,
      pickupDateTime: `${date}T08:30:00`,
    });
  }

  /** The scenario's (first) booking: the one its booking steps speak of. */
  get booking(): CreatedBooking {
    if (!this.bookings[0]) throw new Error('no booking has been made in this scenario');
    return this.bookings[0];
  }

  /** Records a committed item in the scenario (for reads and cleanup) and in the run's ledger. */
  bookingCommitted(bookingRef: string, item: BookedItem): CreatedBooking {
    let b = this.bookings.find((x) => x.bookingRef === bookingRef);
    if (!b) {
      b = { bookingRef, items: [], cancelled: false };
      this.bookings.push(b);
    }
    if (!b.items.some((i) => i.itemRef === item.itemRef)) b.items.push(item);
    this.run.ledger.recordCommitted({
      bookingRef,
      itemRefs: b.items.map((i) => i.itemRef),
      target: this.run.baseUrl,
      runId: this.run.config.runId,
      scenario: this.pickleName,
    });
    return b;
  }

  /** Marks a booking cancelled in the scenario and in the ledger. */
  bookingCancelled(bookingRef: string): void {
    const b = this.bookings.find((x) => x.bookingRef === bookingRef);
    if (b) b.cancelled = true;
    this.run.ledger.recordCancelled(bookingRef, this.run.baseUrl, this.run.config.runId);
  }

  newReference(kind: 'B' | 'I'): string {
    return newReference(this.run.config.runId, kind);
  }

  pickleName?: string;
  /** The scenario's @req:<ID> tags: what a refusal step checks. */
  requirementTags: string[] = [];

  dispose(): void {
    for (const x of this.history) disposeExchange(x);
  }
}

export function formatFindings(findings: Finding[]): string {
  const byReq = new Map<string, Finding[]>();
  for (const f of findings) byReq.set(f.req, [...(byReq.get(f.req) ?? []), f]);
  const parts: string[] = [];
  for (const [id, fs] of byReq) {
    let head = id;
    try {
      const q = requirement(id);
      head = `${id} (${q.level}, ${q.section}): ${q.statement}`;
    } catch {
      /* an ID outside the catalogue still reports its findings */
    }
    parts.push(
      `${head}\n` +
        fs.map((f) => `  at ${f.at}\n    expected: ${f.expected}\n    found:    ${f.found}`).join('\n'),
    );
  }
  return `Nonconformance:\n${parts.join('\n')}`;
}

setWorldConstructor(GatewayWorld);
