// Transfer availability (POST /transferavailability): everything the suite checks of its replies.
// "Returns available transfer services for airport, location, dates and passengers." The reply
// structure is "not shown": each fact is read from the places OpenTravel 2016B (OTA_GroundAvailRS)
// gives it. OpenTravel names the reply's drop-off "Dropoff"; the spec's requests say "DropOff", and a
// reply echoing that spelling is read too. Leg forms, one or two Locations and one or several
// Passengers (TRF-LEG-FORMS, TRF-LOCATIONS-REPEATED, TRF-PASSENGERS-REPEATED) are "served" checks:
// the step "the request is served, as ... requires".
import { fact, type Fact, type ReplyReader, notShown, valuesEverywhere, everyAccepted } from '../../contracts/reader';
import { httpRule, list, rule, type Check, type Exchange, type Rule } from '../../contracts/rule';
import { checkServed, refusalCheck, refusalForm, refusedHow, servedRule } from '../../contracts/envelope';
import { addDays } from '../../core/dates';
import type { XNode } from '../../xml/xml';
import type { Contract } from '../contract';
import { bool, day, isDate, sameCode, within } from '../../contracts/value-forms';
import { itemsOffered, nothingToJudge, otherContent, servedItems } from '../../contracts/items-offered';
import { checkPassengers, PASSENGER_FACTS } from './passengers';
import { wordIs, xsBoolIs } from '../../contracts/xpath-predicates';
import { checkBeforeFlight, departureFlights } from './flights';

const XSD = 'OTA_GroundAvailRS.xsd (2016B)';
const SERVICE = `${XSD}: GroundServices/GroundService`;
const LOCATION = 'ota:Service/ota:Location';
const SHUTTLE_PICKUP = `ota:Shuttle/ota:ServiceLocation[${xsBoolIs('@PickupInd', true)}]`;
const SHUTTLE_DROPOFF = `ota:Shuttle/ota:ServiceLocation[${xsBoolIs('@PickupInd', false)}]`;

export const FACTS = {
  service: fact(
    'transferavailability.service',
    'a transfer service offered',
    ['/*/ota:GroundServices/ota:GroundService'],
    SERVICE,
    'No service: TRF-SUCCESS fails, TRF-UNKNOWN-AIRPORT passes; the other rules cannot tell.',
  ),
  leg: fact(
    'transferavailability.service.leg',
    'the requested leg (Location RPH) a transfer service answers',
    [`ota:RateQualifier/ota:SpecialInputs[${wordIs('@Name', 'RPH')}]/@Value`, `${LOCATION}/@RPH`, '@RPH'],
    `not in 2016B (a GroundService has no RPH): RateQualifier/SpecialInputs Name="RPH" (GroundRateQualifierType's name-value pair), ` +
      "or an echo of the request's Location/@RPH",
    "The service's direction tells its leg; two requested legs of the same direction without RPH: TRF-SUCCESS cannot tell.",
    undefined,
    'transfer-legs',
  ),
  arrival: fact(
    'transferavailability.service.arrival',
    'the airport pickup of an arrival transfer',
    [`${LOCATION}/ota:Pickup/ota:AirportInfo`, `${LOCATION}/*/ota:AirportInfo/ota:Arrival`, `${SHUTTLE_PICKUP}/ota:AirportInfo`],
    `${SERVICE}/Service/Location/Pickup/AirportInfo (GroundLocationType); AirportInfo/Arrival; Shuttle/ServiceLocation[@PickupInd]`,
    'With no RPH either, TRF-SUCCESS cannot tell which leg the service answers.',
  ),
  departure: fact(
    'transferavailability.service.departure',
    'the airport drop-off of a departure transfer',
    [
      `${LOCATION}/ota:Dropoff/ota:AirportInfo`,
      `${LOCATION}/ota:DropOff/ota:AirportInfo`,
      `${LOCATION}/*/ota:AirportInfo/ota:Departure`,
      `${SHUTTLE_DROPOFF}/ota:AirportInfo`,
    ],
    `${SERVICE}/Service/Location/Dropoff/AirportInfo (GroundLocationType); AirportInfo/Departure`,
    'With no RPH either, TRF-SUCCESS cannot tell which leg the service answers.',
  ),
  airport: fact(
    'transferavailability.service.airport',
    'the airport a transfer service serves',
    [
      // The airport served: where an arrival is picked up, where a departure is dropped off (not the
      // flight's other end, which AirportInfo may show too).
      `${LOCATION}/ota:Pickup/ota:AirportInfo/ota:Arrival/@LocationCode`,
      `${LOCATION}/ota:Dropoff/ota:AirportInfo/ota:Departure/@LocationCode`,
      `${LOCATION}/ota:DropOff/ota:AirportInfo/ota:Departure/@LocationCode`,
      `${SHUTTLE_PICKUP}/ota:AirportInfo/ota:Arrival/@LocationCode`,
      `${SHUTTLE_DROPOFF}/ota:AirportInfo/ota:Departure/@LocationCode`,
    ],
    `${SERVICE}/Service/Location/(Pickup|Dropoff)/AirportInfo/(Arrival|Departure)/@LocationCode (GroundAirportType); ` +
      'Shuttle/ServiceLocation (PickupInd true: its Arrival; false: its Departure)',
    'TRF-AIRPORT cannot tell for that service. Every place is read.',
  ),
  location: fact(
    'transferavailability.service.location',
    'the location (LocationType UniqueID) a transfer service serves',
    [
      // The end that is not the airport: a pickup may show both an Address and AirportInfo.
      `${LOCATION}/*[not(ota:AirportInfo)]/ota:Address/ota:LocationType/@UniqueID`,
      `${LOCATION}/*[not(ota:AirportInfo)]/ota:Address/ota:LocationType/@UniqueId`,
      'ota:Shuttle/ota:ServiceLocation[not(ota:AirportInfo)]/ota:Address/ota:LocationType/@UniqueID',
    ],
    `${SERVICE}/Service/Location/(Pickup|Dropoff)/Address/LocationType/@UniqueID (List_GroundLocationType); ` +
      "the request's spelling @UniqueId; Shuttle/ServiceLocation/Address",
    'TRF-LOCATION cannot tell for that service. Every place is read.',
  ),
  pickupTime: fact(
    'transferavailability.service.pickupTime',
    'the date-time of a transfer',
    [
      `${LOCATION}/ota:Pickup/@DateTime`,
      'ota:Shuttle/ota:ServiceLocation/@DateTime',
      `${LOCATION}/ota:Dropoff/@DateTime`,
      `${LOCATION}/ota:DropOff/@DateTime`,
    ],
    `${SERVICE}/Service/Location/Pickup/@DateTime (GroundLocationType); Shuttle/ServiceLocation/@DateTime; Dropoff/@DateTime`,
    'TRF-DATES cannot tell for that service.',
  ),
  ...PASSENGER_FACTS,
  disability: fact(
    'transferavailability.service.disabilityAdapted',
    'whether the vehicle of a transfer service is adapted to a disability',
    ['ota:Service/@DisabilityVehicleInd', 'ota:Shuttle/ota:Vehicle/@DisabilityInd', 'ota:ServiceInfo/@DisabilityVehicleInd'],
    `${SERVICE}/Service/@DisabilityVehicleInd (ServiceInfo in 2011B); Shuttle/Vehicle/@DisabilityInd (xs:boolean)`,
    'TRF-DISABILITY cannot tell for that service.',
    'boolean',
  ),
};

type Direction = 'arrival' | 'departure';
interface Leg {
  rph: string;
  direction?: Direction;
}

/** The legs requested: Location RPH and direction (arrival: Pickup at the airport; departure: DropOff at it). */
function requestedLegs(exchange: Exchange): Leg[] {
  return exchange.request
    .records('ota:Service/ota:Locations/ota:Location', {
      rph: '@RPH',
      arrival: 'ota:Pickup/ota:AirportInfo',
      departure: 'ota:DropOff/ota:AirportInfo',
    })
    .map((l) => ({
      rph: (l.rph ?? '').trim(),
      direction: l.arrival !== undefined ? 'arrival' : l.departure !== undefined ? 'departure' : undefined,
    }));
}

/** The direction a service shows, when it shows exactly one. */
function directionOf(reply: ReplyReader, service: XNode): Direction | undefined {
  const arrival = !!reply.nodes(FACTS.arrival, service);
  const departure = !!reply.nodes(FACTS.departure, service);
  return arrival === departure ? undefined : arrival ? 'arrival' : 'departure';
}

/**
 * A departure (hotel to airport) reaches its flight: every time a departure service shows (its
 * Pickup, its Dropoff at the airport) is before the flight it serves (checkBeforeFlight). A SHOULD of its
 * own: TRF-DATES judges the statement's "dates" at their grain, a day, and a pickup on the flight's
 * day is on its date even when it is after the flight (docs/checks.md).
 */
const pickupBeforeFlight = rule(
  'TRF-PICKUP-BEFORE-FLIGHT',
  'every departure transfer picks up before its flight',
  (exchange, check, reply) => {
    const flights = departureFlights(exchange);
    if (!flights.length) {
      check.notApplicable('the request asks for no departure leg (hotel to airport) with a flight time');
      return;
    }
    // a service that shows no direction answers a departure only when every leg asked is one
    const legs = requestedLegs(exchange);
    const onlyDepartures = legs.every((l) => l.direction === 'departure');
    // a service RPH that is none of the request's is the gateway's own numbering, no leg
    const rphIsLeg = reply
      .items(FACTS.service)
      .flatMap((s) => valuesEverywhere(reply, FACTS.leg, s.node))
      .every((rph) => legs.some((l) => sameCode(l.rph, rph)));
    const ties = { times: FACTS.pickupTime, airport: FACTS.airport, leg: FACTS.leg, rphIsLeg };
    let judged = 0;
    for (const s of services(exchange, check, reply)) {
      const direction = directionOf(reply, s.node);
      if (direction === 'arrival' || (direction === undefined && !onlyDepartures)) continue;
      judged++;
      checkBeforeFlight(check, reply, s, flights, ties);
    }
    if (!judged) check.cannotTell('no transfer service shows that it answers the departure leg');
  },
);

/** The services of the reply, with a label each; cannot tell when there are none to judge. */
function services(exchange: Exchange, check: Check, reply: ReplyReader) {
  const items = reply.items(FACTS.service);
  if (items.length === 0) nothingToJudge(exchange, check, 'transfer service');
  return items;
}

/** Every service shows only `wanted` values of `f` (the requested airports or locations). */
function onlyRequested(exchange: Exchange, check: Check, reply: ReplyReader, factDef: Fact, wanted: string[], what: string): void {
  for (const s of services(exchange, check, reply)) {
    const shown = valuesEverywhere(reply, factDef, s.node);
    const other = shown.filter((v) => !wanted.some((w) => sameCode(w, v)));
    if (shown.length === 0) check.cannotTell(notShown(reply, factDef, `${s.at}`));
    else if (other.length)
      check.fail(`${s.at}/${reply.nodes(factDef, s.node)!.at}`, `${what} ${list([...new Set(wanted)])}`, list([...new Set(other)]));
  }
}

/** The days each requested leg allows a service to be dated: an arrival on its flight's day (or just after midnight), a departure on its flight's day or the day before. */
function legDays(exchange: Exchange): Array<{ direction: Direction; from: string; to: string }> {
  return exchange.request
    .records('ota:Service/ota:Locations/ota:Location', {
      arrival: 'ota:Pickup/ota:AirportInfo/*/@DateTime',
      departure: 'ota:DropOff/ota:AirportInfo/*/@DateTime',
    })
    .filter((l) => l.arrival !== undefined || l.departure !== undefined)
    .map((record) => {
      const flight = day(record.arrival ?? record.departure);
      return record.arrival !== undefined
        ? { direction: 'arrival' as const, from: flight, to: addDays(flight, 1) }
        : { direction: 'departure' as const, from: addDays(flight, -1), to: flight };
    });
}

/**
 * TRF-DATES: each service is dated by the leg it answers, an arrival on its flight's day (or just
 * after midnight), a departure on its flight's day or the evening before; a service that shows no
 * direction may answer any requested leg. Every date it shows (Pickup, shuttle stop, Dropoff) is
 * read, and all of them are of one leg.
 */
function checkDates(exchange: Exchange, check: Check, reply: ReplyReader): void {
  const legs = legDays(exchange);
  for (const s of services(exchange, check, reply)) {
    const dates = everyAccepted(reply, FACTS.pickupTime, isDate, s.node);
    if (!dates.length) {
      check.cannotTell(notShown(reply, FACTS.pickupTime, `${s.at}`));
      continue;
    }
    const direction = directionOf(reply, s.node);
    const candidates = legs.filter((l) => direction === undefined || l.direction === direction);
    const windows = candidates.length ? candidates : legs;
    const expected = `the date of the ${direction ? `${direction} ` : ''}leg: ${list(windows.map((w) => `${w.from} to ${w.to}`))}`;
    const inWindow = (w: (typeof windows)[number]) => (d: { value: string }) => within(d.value, w.from, w.to);
    if (windows.some((w) => dates.every(inWindow(w)))) continue;
    const outside = dates.filter((d) => !windows.some((w) => inWindow(w)(d)));
    for (const at of new Set(outside.map((d) => d.at)))
      check.fail(`${s.at}/${at}`, expected, list([...new Set(outside.filter((d) => d.at === at).map((d) => d.value))]));
    // each date on a leg, but not all on the same one: the service is not for one leg's date
    if (!outside.length) check.fail(`${s.at}`, `${expected} (every date of one service on one leg)`, list(dates.map((d) => d.value)));
  }
}

/**
 * A refusal that says nothing is available: OpenTravel's error 322 ("No availability"), or those
 * words. Never when its words name DisabilityInfo, RequiredInd or the request's form (not supported,
 * not in this version, invalid, must be): that is a refusal of the value, whatever its code.
 */
function saysNothingAvailable(exchange: Exchange): boolean {
  const doc = exchange.reply.doc;
  const codes = doc ? doc.values("//*[local-name()='Error']/@Code | /*/@ErrorCode") : [];
  const words = [refusalForm(exchange) ?? '', ...(doc ? doc.values('/*/@ErrorMessage') : [])].join(' ');
  const ofTheValue =
    /\b(DisabilityInfo|RequiredInd)\b|\b(not|un)\s*(supported|allowed|permitted|implemented)\b|\bnot available in this\b|\bversion\b|\binvalid\b|\bmust\b/i;
  if (ofTheValue.test(words)) return false;
  return (
    codes.some((c) => c.trim() === '322') ||
    /\bno availability\b|\bnothing (is )?available\b|\bno (transfer )?(services?|transfers?|vehicles?) (are |is )?available\b/i.test(words)
  );
}

/**
 * A leg is answered by a service that goes its way. The direction a service shows (an arrival
 * pickup at the airport, a departure drop-off there) decides; a shown RPH is used only where the
 * direction cannot (the service shows none, or two legs go the same way), because a gateway may
 * number its services with RPHs of its own.
 */
function checkLegs(exchange: Exchange, check: Check, reply: ReplyReader): void {
  const legs = requestedLegs(exchange);
  // a service made only of the request's own values (<GroundService RPH="1"/>) answers no leg
  const shown = servedItems(exchange, reply, FACTS.service).map((s) => ({
    rph: reply.value(FACTS.leg, s.node)?.value,
    direction: directionOf(reply, s.node),
  }));
  const byRph = shown.some((s) => s.rph !== undefined);
  for (const leg of legs) {
    const sharesDirection = legs.filter((l) => l.direction === leg.direction).length > 1;
    const answers = (s: (typeof shown)[number]) =>
      s.direction !== undefined && leg.direction !== undefined && !sharesDirection
        ? s.direction === leg.direction
        : s.rph !== undefined && sameCode(s.rph, leg.rph) && (s.direction === undefined || s.direction === leg.direction);
    // Without RPH, two legs of the same direction cannot be told apart.
    const twin = !byRph && legs.filter((l) => l.direction === leg.direction).length > 1;
    const answered = shown.some(answers);
    // Every service is told when each shows its direction, or when the RPHs shown are the request's
    // own (a service RPH outside them is the gateway's numbering, which says nothing of legs).
    const isLeg = (rph: string | undefined) => rph !== undefined && legs.some((l) => sameCode(l.rph, rph));
    const allTold = shown.every((s) => s.direction !== undefined || isLeg(s.rph));
    if (twin) check.cannotTell(`the reply does not show ${FACTS.leg.what}, and legs ${list(legs.map((l) => l.rph))} share a direction`);
    else if (!answered && allTold)
      check.fail(`${FACTS.service.places[0]}`, `a transfer service for leg ${leg.rph} (${leg.direction ?? '?'})`, 'none');
    else if (!answered) check.cannotTell(`the reply does not show ${FACTS.leg.what} nor its direction for every service`);
  }
}

// Refused, or served with no service: either is right for an airport the gateway does not serve.
// Content in a layout the suite cannot read is no proof that there is no service.
const noServiceOffered = rule('TRF-UNKNOWN-AIRPORT', undefined, (exchange, check, reply) => {
  const status = exchange.reply.exchange!.status;
  if (status !== 200) check.fail('HTTP status', 'a success with no transfer service (200), or a refusal', String(status));
  const count = reply.items(FACTS.service).length;
  if (count > 0)
    check.fail(reply.nodes(FACTS.service)!.at, 'no transfer service (the airport is unknown), or a refusal', `${count} services`);
  const other = count === 0 ? otherContent(reply) : [];
  if (other.length)
    check.cannotTell(
      `the reply shows no transfer service in the known places, but carries other content (${list(other.slice(0, 3))}); ` +
        `if that is where it shows them, name the place for "${FACTS.service.id}" in OTA_REPLY_PROFILE`,
    );
});

const unknownAirport: Rule = {
  req: 'TRF-UNKNOWN-AIRPORT',
  sentence: 'no transfer service is offered for the unknown airport',
  // any refusal (a 5xx too, whatever its body) is judged as one: refusalCheck says what it lacks
  check: (exchange, profile) =>
    refusedHow(exchange)
      ? refusalCheck(exchange, 'TRF-UNKNOWN-AIRPORT', { errorsBody: false }).result()
      : noServiceOffered.check(exchange, profile),
};

/**
 * "DisabilityInfo | RequiredInd (boolean)": a request is served with either value. A refusal that
 * says nothing is available when an adapted vehicle is required cannot tell: the route may have
 * none, which is no refusal of the value.
 */
const disabilityBoolean: Rule = {
  ...httpRule('TRF-DISABILITY-BOOLEAN', (exchange, check) => {
    const required = bool(exchange.request.value('//ota:DisabilityInfo/@RequiredInd'));
    const refusal = refusalForm(exchange);
    if (required === true && refusal && saysNothingAvailable(exchange))
      check.cannotTell(
        `RequiredInd="true" was answered "nothing available" (${refusal}): the route may have no adapted vehicle, which is no refusal of the value`,
      );
    else checkServed(exchange, check);
  }),
  sentence: 'the request is served, whichever DisabilityInfo RequiredInd it carries',
};

export const contract: Contract = {
  op: 'transferavailability',
  facts: Object.values(FACTS),
  rules: [
    servedRule('TRF-SUCCESS', 'transfer services are offered for every requested leg', (exchange, check, reply) => {
      if (itemsOffered(exchange, check, reply, FACTS.service, 'at least one transfer service').length) checkLegs(exchange, check, reply);
    }),
    rule('TRF-AIRPORT', 'every transfer service serves the requested airport', (exchange, check, reply) => {
      onlyRequested(exchange, check, reply, FACTS.airport, exchange.request.values('//ota:AirportInfo/*/@LocationCode'), 'airport');
    }),
    rule('TRF-LOCATION', 'every transfer service serves the requested location', (exchange, check, reply) => {
      onlyRequested(
        exchange,
        check,
        reply,
        FACTS.location,
        exchange.request.values('//ota:Address/ota:LocationType/@UniqueId'),
        'location',
      );
    }),
    rule('TRF-DATES', 'every transfer service is for the requested dates', checkDates),
    pickupBeforeFlight,
    rule('TRF-PASSENGERS', 'every transfer service is priced for the requested passengers', (exchange, check, reply) => {
      for (const s of services(exchange, check, reply)) checkPassengers(exchange, check, reply, s);
    }),
    rule('TRF-DISABILITY', 'only disability-adapted vehicles are offered', (exchange, check, reply) => {
      if (bool(exchange.request.value('//ota:DisabilityInfo/@RequiredInd')) !== true) {
        check.cannotTell('the request does not require a disability-adapted vehicle (DisabilityInfo RequiredInd)');
        return;
      }
      for (const s of services(exchange, check, reply)) {
        const adapted = reply.value(FACTS.disability, s.node);
        if (!adapted || bool(adapted.value) === undefined) check.cannotTell(notShown(reply, FACTS.disability, `${s.at}`));
        else if (!bool(adapted.value)) check.fail(`${s.at}/${adapted.at}`, 'true (DisabilityInfo RequiredInd=true)', adapted.value);
      }
    }),
    unknownAirport,
    disabilityBoolean,
  ],
};
