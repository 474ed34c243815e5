// What `npm run init` asks of the gateway, and how it reads the replies: read-only operations only
// (never activitybook or bookcancel), each exchange bounded as a run's are (time-outs, size cap, the
// breaker) and counted against a request budget, its reply read at once and its document freed.
// Replies are read by meaning, through the operations' own facts and the target's reply profile.
import { ConfigError } from '../../core/errors';
import type { PlaceholderValues, TestData } from '../../core/test-data';
import { refusalForm } from '../../contracts/envelope';
import { ReplyReader, valuesEverywhere, type ReplyProfilePlaces } from '../../contracts/reader';
import { noDocument } from '../../contracts/rule';
import { sameCode } from '../../contracts/value-forms';
import { FACTS as HOTEL_NBC, hotelDescription } from '../../operations/hotelnbc';
import { positionOf, type Position } from './airports';
import { OPERATIONS, type OperationName } from '../../specification/operations';
import { disposeExchange, exchange, PREFLIGHT_HEADER, type Exchange } from '../../transport/exchange';
import { OtaRequest } from '../../xml/requests';
import { refusedForAuthentication } from '../../run/credentials-check';
import { exchangeOptions, type RunContext } from '../../run/run-context';
import { baseValues } from '../../run/scenario-values';

/** The operations init may send: none of them books, cancels or changes anything. */
export const READ_ONLY: ReadonlySet<OperationName> = new Set([
  'hotelnbc',
  'hotelavailability',
  'activitysearch',
  'activityavailability',
  'activitynbc',
  'transferavailability',
]);

/** Init stops: the gateway refused the credentials, answered nothing usable, or did not answer (exit 2, nothing written). */
export class InitStopped extends ConfigError {}

/** What a reply was: served (HTTP 200, XML, no refusal), refused (and why), or neither. */
export interface Answer {
  served: boolean;
  refusal?: string;
  /** No usable reply: no HTTP reply (and why), or a body that is not XML. */
  unusable?: string;
  /** Refused as a gateway refuses credentials (401, 403, OpenTravel error type 4 or 5, its words). */
  authentication?: boolean;
}

export type GatewayContext = Pick<RunContext, 'baseUrl' | 'config' | 'breaker' | 'credentials' | 'redactor'>;

/** Sends init's requests: read-only, bounded, counted; every reply read once and freed. */
export class GatewayAsker {
  private sent = 0;
  /** Every value a reply showed of these kinds, over every reply (what the replies show of airports, currencies, languages). */
  readonly shown = {
    airports: new Set<string>(),
    currencies: new Set<string>(),
    languages: new Set<string>(),
    airlines: new Set<string>(),
  };

  constructor(
    private readonly ctx: GatewayContext,
    readonly profile: ReplyProfilePlaces,
    private readonly budget: number,
  ) {}

  /** Requests left in the budget. */
  left(): number {
    return this.budget - this.sent;
  }

  get requests(): number {
    return this.sent;
  }

  /** A request of `op` from its sample, the provisional test data's values and `values` over them. */
  request(op: OperationName, data: TestData, values: PlaceholderValues = {}): OtaRequest {
    return OtaRequest.fromSample(OPERATIONS[op], this.ctx.config.samplesDir, {
      ...baseValues(this.ctx.credentials, data, this.ctx.config.runId),
      ...values,
    });
  }

  /** Sends the request and hands its exchange to `read`; undefined when the budget is spent. */
  async ask<T>(request: OtaRequest, read: (sent: Exchange, answer: Answer) => T): Promise<T | undefined> {
    if (!READ_ONLY.has(request.operation.name)) throw new Error(`init never sends ${request.operation.name}`);
    if (this.left() <= 0) return undefined;
    this.sent++;
    const x = await exchange(request, { ...exchangeOptions(this.ctx), headers: { [PREFLIGHT_HEADER.name]: PREFLIGHT_HEADER.value } });
    try {
      const answer = answerOf(x);
      if (x.reply.doc) this.collect(x);
      return read(x, answer);
    } finally {
      disposeExchange(x);
    }
  }

  /** What every reply shows of airports, currencies, languages and airlines, wherever OpenTravel puts them. */
  private collect(sent: Exchange): void {
    const doc = sent.reply.doc!;
    const all = (xpath: string) => doc.find(xpath).map((n) => n.content.trim());
    for (const value of all("//*[@CodeContext='IATA']/@LocationCode | //*[@CodeContext='IATA']/@Code | //@AirportCode"))
      if (/^[A-Z]{3}$/.test(value)) this.shown.airports.add(value);
    for (const v of all('//@CurrencyCode | //@PricingCurrency')) if (/^[A-Z]{3}$/.test(v)) this.shown.currencies.add(v);
    for (const v of all("//@LanguageCode | //@Language | //@*[local-name()='lang']"))
      if (/^[a-z]{2}$/i.test(v)) this.shown.languages.add(v.toLowerCase());
    for (const v of all("//*[local-name()='Airline']/@Code")) if (/^[A-Z0-9]{2}$/.test(v)) this.shown.airlines.add(v);
  }

  /** One line, naming the target, for a gateway that stops init; `fix` names the option to change when the refusal is of what it gave. */
  stop(what: string, answer: Answer, fix?: string): never {
    const scrub = (s: string) => this.ctx.redactor.scrub(s);
    if (answer.authentication)
      throw new InitStopped(
        scrub(
          `the gateway refused the credentials (${what}: ${answer.refusal}). Check OTA_REQUESTOR_ID, OTA_REQUESTOR_CONTEXT, OTA_REQUESTOR_INSTANCE, OTA_USER and OTA_PASSWORD`,
        ),
      );
    if (answer.unusable) throw new InitStopped(scrub(`the gateway answered nothing usable (${what}: ${answer.unusable})`));
    throw new InitStopped(
      scrub(`the gateway answered nothing usable (${what} was refused: ${answer.refusal ?? 'no reason given'})${fix ? `: ${fix}` : ''}`),
    );
  }
}

function answerOf(sent: Exchange): Answer {
  if (!sent.reply.exchange || !sent.reply.doc) return { served: false, unusable: noDocument(sent) };
  const refusal = refusalForm(sent);
  if (refusal) return { served: false, refusal, authentication: refusedForAuthentication(sent, refusal) };
  if (sent.reply.exchange.status !== 200) return { served: false, unusable: `HTTP ${sent.reply.exchange.status}` };
  return { served: true };
}

/** What hotel descriptive data shows of one hotel: where it is, and its brand (when it shows one). */
export interface HotelShown {
  code: string;
  country: string[];
  region: string[];
  brandCode?: string;
  /** Where it is (Position/@Latitude, @Longitude, OpenTravel's HotelInfo/Position), when shown. */
  position?: Position;
  problem?: string;
}

/** Reads a hotel descriptive-data reply about `code`. */
export function hotelShown(sent: Exchange, code: string, profile: ReplyProfilePlaces): HotelShown {
  const description = hotelDescription(sent, code, `hotel descriptive data of ${code}`, profile);
  let brandCode: string | undefined;
  let position: Position | undefined;
  if (sent.reply.doc && !description.problem) {
    const reply = new ReplyReader(sent.reply.doc, profile);
    const items = reply.items(HOTEL_NBC.hotel);
    const item =
      items.find((i) => sameCode(reply.value(HOTEL_NBC.code, i.node)?.value, code)) ?? (items.length === 1 ? items[0] : undefined);
    if (item) brandCode = reply.doc.find('@BrandCode | parent::*/@BrandCode', item.node)[0]?.content.trim() || undefined;
    const at = item && reply.doc.find('.//ota:Position[@Latitude and @Longitude]', item.node)[0];
    if (at) position = positionOf(reply.doc.find('@Latitude', at)[0]?.content, reply.doc.find('@Longitude', at)[0]?.content);
  }
  return {
    code,
    country: description.country,
    region: description.region,
    ...(brandCode ? { brandCode } : {}),
    ...(position ? { position } : {}),
    ...(description.problem ? { problem: description.problem } : {}),
  };
}

/** Every distinct value of the fact under each item, by item code (a reply listing hotels, activities...). */
export function itemsWith(
  sent: Exchange,
  profile: ReplyProfilePlaces,
  facts: { item: Parameters<ReplyReader['items']>[0]; code: Parameters<ReplyReader['value']>[0] },
  more: Record<string, Parameters<ReplyReader['value']>[0]> = {},
): Array<{ code?: string; values: Record<string, string[]> }> {
  if (!sent.reply.doc) return [];
  const reply = new ReplyReader(sent.reply.doc, profile);
  return reply.items(facts.item).map((i) => ({
    code: reply.value(facts.code, i.node)?.value,
    values: Object.fromEntries(Object.entries(more).map(([k, f]) => [k, valuesEverywhere(reply, f, i.node)])),
  }));
}
