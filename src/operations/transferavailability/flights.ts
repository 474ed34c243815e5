// TRF-PICKUP-BEFORE-FLIGHT: a departure transfer (hotel to airport) reaches the flight it serves.
// Every time a departure service shows (its Pickup, its Dropoff at the airport, a shuttle stop) is
// judged against that flight. The flight is the one the service ties itself to (its own flight
// time, flight number, airport or the request's leg RPH); with no tie and several departure flights
// asked, the reading taken is named in the evidence.
import { type Fact, type ReplyReader, everyAccepted, notShown, valuesEverywhere } from '../../contracts/reader';
import { list, type Check, type Exchange } from '../../contracts/rule';
import { addDays } from '../../core/dates';
import type { XNode } from '../../xml/xml';
import { day, sameCode } from '../../contracts/value-forms';

/** A departure flight asked: its leg's RPH, its airport, its flight number and its time (wall clock, to the minute). */
export interface Flight {
  rph: string;
  airport: string;
  number: string;
  clock: string;
}

/** What a service may show of the flight it serves, by fact. */
export interface FlightTies {
  /** The date-times a service shows (Pickup, Dropoff, shuttle stops). */
  times: Fact;
  airport: Fact;
  leg: Fact;
  /** Whether the service RPHs shown are the request's own (else they are the gateway's numbering). */
  rphIsLeg: boolean;
}

/** A date-time's wall clock to the minute (offsets are not compared: the request's flight times carry none), or undefined. */
export const clock = (v: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.exec(v.trim())?.[0];

/** A flight number without its airline prefix or leading zeros ("UX0123", "123" and "0123" are one flight). */
const flightNumber = (v: string | undefined) =>
  (v ?? '')
    .trim()
    .toUpperCase()
    .replace(/^(?:[A-Z]{2,3}|[A-Z]\d|\d[A-Z])(?=\d)/, '')
    .replace(/^0+(?=\d)/, '');

/** The departure flights asked, earliest first: "...AirportInfo/Departure | LocationCode, DateTime"; "...DropOff/Airline | FlightNumber". */
export function departureFlights(exchange: Exchange): Flight[] {
  return exchange.request
    .records('ota:Service/ota:Locations/ota:Location[ota:DropOff/ota:AirportInfo]', {
      rph: '@RPH',
      airport: 'ota:DropOff/ota:AirportInfo/*/@LocationCode',
      number: 'ota:DropOff/ota:Airline/@FlightNumber',
      when: 'ota:DropOff/ota:AirportInfo/*/@DateTime',
    })
    .map((l) => ({
      rph: (l.rph ?? '').trim(),
      airport: (l.airport ?? '').trim(),
      number: l.number ?? '',
      clock: clock(l.when ?? '') ?? '',
    }))
    .filter((f) => !!f.clock)
    .sort((a, b) => a.clock.localeCompare(b.clock));
}

/** The flight of the departure end a service shows: its own Departure time and flight number (echoed beside its AirportInfo). */
const AIRPORT_END = [
  "ota:Service/ota:Location/*[local-name()='Dropoff' or local-name()='DropOff']",
  'ota:Shuttle/ota:ServiceLocation[ota:AirportInfo/ota:Departure]',
];

/** Something a service shows of its flight, and the flights asked that it matches. */
interface Tie {
  what: string;
  matches: (flight: Flight) => boolean;
}
const tie = (what: string, matches: (flight: Flight) => boolean): Tie => ({ what, matches });

/**
 * The flights a service may serve: those its own placements tie it to (each tie kept only when it
 * names a flight asked), else every departure flight asked.
 */
function flightsOf(reply: ReplyReader, node: XNode, flights: Flight[], ties: FlightTies): { candidates: Flight[]; tie?: string } {
  const find = (path: string) => AIRPORT_END.flatMap((end) => reply.doc.find(`${end}/${path}`, node)).map((n) => n.content.trim());
  const shown: Tie[] = [
    ...find('ota:AirportInfo/ota:Departure/@DateTime').map((v) => tie(`its flight at ${v}`, (f) => f.clock === clock(v))),
    ...find('ota:Airline/@FlightNumber').map((v) =>
      tie(`its flight number ${v}`, (f) => !!f.number && flightNumber(f.number) === flightNumber(v)),
    ),
    ...(ties.rphIsLeg ? valuesEverywhere(reply, ties.leg, node) : []).map((v) => tie(`its leg RPH ${v}`, (f) => sameCode(f.rph, v))),
    ...valuesEverywhere(reply, ties.airport, node).map((v) => tie(`its airport ${v}`, (f) => sameCode(f.airport, v))),
  ];
  let candidates = flights;
  const said: string[] = [];
  for (const { what, matches } of shown) {
    const kept = candidates.filter(matches);
    if (kept.length && kept.length < candidates.length) {
      candidates = kept;
      said.push(what);
    }
  }
  return { candidates, tie: said.length ? list(said) : undefined };
}

/**
 * One departure service against the flight it serves. Tied to one flight (or one asked): every time
 * it shows is before it. Not tied, with several flights: a time at or after every one of them is
 * after its flight whichever it serves; else it is read as serving the earliest flight after its
 * first time that it can be for (that day or the next), and a later flight it is also before leaves
 * the reading open (cannot tell).
 */
export function checkBeforeFlight(
  check: Check,
  reply: ReplyReader,
  s: { node: XNode; at: string },
  flights: Flight[],
  ties: FlightTies,
): void {
  const clocks = timesOf(reply, s, ties.times);
  if (!clocks.length) {
    check.cannotTell(notShown(reply, ties.times, `${s.at}`));
    return;
  }
  const { candidates, tie } = flightsOf(reply, s.node, flights, ties);
  const late = (f: Flight) => clocks.filter((c) => c.clock >= f.clock);
  if (candidates.length === 1) {
    const of = tie ? ` (the flight ${tie} ties it to)` : '';
    failLate(check, late(candidates[0]), `before its departure flight at ${candidates[0].clock}${of}`);
    return;
  }
  const first = clocks.map((c) => c.clock).sort()[0];
  const asked = list(candidates.map((f) => f.clock));
  if (candidates.every((f) => late(f).length === clocks.length)) {
    failLate(check, clocks, `before the departure flight it serves, one of ${asked} (it is after every one)`);
    return;
  }
  // the flights it can be for: after its first time, that day or the next
  const plausible = candidates.filter((f) => f.clock > first && day(f.clock) <= addDays(day(first), 1));
  const reading = plausible[0];
  const shown = list(clocks.map((c) => c.value));
  if (!reading) {
    check.cannotTell(`${s.at}: ${shown} ties itself to none of the departure flights ${asked}, and none follows it that day or the next`);
    return;
  }
  const after = late(reading);
  if (!after.length) return;
  const named = `the reply ties the service to none of the departure flights ${asked}; read as serving the earliest after its pickup, at ${reading.clock}`;
  if (plausible.some((f) => late(f).length === 0))
    check.cannotTell(`${s.at}: ${shown} is after the flight at ${reading.clock} but before a later one; ${named}, the reading stays open`);
  else failLate(check, after, `before its departure flight (${named})`);
}

interface Time {
  at: string;
  value: string;
  clock: string;
}

/** Every date-time with a clock a service shows, with its place. */
function timesOf(reply: ReplyReader, s: { node: XNode; at: string }, times: Fact): Time[] {
  return everyAccepted(reply, times, (v) => !!clock(v), s.node).map((t) => ({
    at: `${s.at}/${t.at}`,
    value: t.value,
    clock: clock(t.value)!,
  }));
}

/** One finding per place that shows times at or after the flight. */
function failLate(check: Check, late: Time[], expected: string): void {
  for (const at of new Set(late.map((t) => t.at)))
    check.fail(at, expected, list([...new Set(late.filter((t) => t.at === at).map((t) => t.value))]));
}
