// A place where MaxResponses can be seen at work (HAV-MAXRESPONSES): a bound of 1 reveals a
// gateway that ignores it only where the gateway has more than one hotel to show. The test data
// names places but cannot promise how many hotels the gateway has there, so each place is asked
// first with the sample's own MaxResponses, and the bound is sent where at least two hotels came
// back. Where no place shows two, the bound cannot be seen: the scenario's requirements are cannot
// tell (a precondition), never passed.
import type { Place, TestData } from '../../core/test-data';
import type { Exchange } from '../../transport/exchange';
import type { OtaRequest } from '../../xml/requests';
import { ReplyReader, type ReplyProfilePlaces } from '../../contracts/reader';
import { noDocument } from '../../contracts/rule';
import { refusalForm } from '../../contracts/envelope';
import { FACTS } from './contract';
import { setMaxResponses, setPlace } from './request';

/** The bound the scenario sends: the smallest MaxResponses, below any place with two hotels or more. */
export const BOUND = 1;

/** What the probe needs of a scenario (the cucumber World is one). */
export interface BoundScenario {
  run: { data: TestData; replyProfile: { facts: ReplyProfilePlaces } };
  prepare(name: 'hotelavailability'): OtaRequest;
  send(): Promise<Exchange>;
  precondition(holds: unknown, reason: string): asserts holds;
}

/** How many hotels a reply shows: distinct HotelCodes when every result shows one, else results; a reason when none can be read. */
export function hotelsShown(exchange: Exchange, profile: ReplyProfilePlaces = {}): number | string {
  const refusal = refusalForm(exchange);
  if (refusal) return `refused (${refusal})`;
  if (!exchange.reply.doc) return noDocument(exchange);
  const reply = new ReplyReader(exchange.reply.doc, profile);
  const items = reply.items(FACTS.hotel);
  const codes = items.map((h) => reply.value(FACTS.code, h.node)?.value);
  return codes.every((c) => c !== undefined) ? new Set(codes).size : items.length;
}

/**
 * Asks hotel availability at each test-data place (the sample's MaxResponses), and returns the
 * first place that shows more hotels than BOUND, with what each place showed. None: the
 * precondition fails, naming each place's count and the test-data field to change.
 */
export async function placeBeyondBound(boundScenario: BoundScenario): Promise<Place> {
  const seen: string[] = [];
  for (const place of boundScenario.run.data.hotelAvailability.places) {
    setPlace(boundScenario.prepare('hotelavailability'), place);
    const shown = hotelsShown(await boundScenario.send(), boundScenario.run.replyProfile.facts);
    if (typeof shown === 'number' && shown > BOUND) return place;
    seen.push(`${place.context} ${place.name}: ${typeof shown === 'number' ? `${shown} hotel(s)` : shown}`);
  }
  boundScenario.precondition(
    false,
    `MaxResponses ${BOUND} cannot be seen exceeded: no test-data place shows more than ${BOUND} hotel(s) (${seen.join('; ')}); ` +
      'name a place with several hotels in hotelAvailability.places',
  );
}

/** The request being built, sent with MaxResponses BOUND at `place`. */
export const boundAt = (r: OtaRequest, place: Place): OtaRequest => setMaxResponses(setPlace(r, place), BOUND);
