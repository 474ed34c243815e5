// Transfer availability: each rule passes a conforming reply (at every place a fact may sit), fails
// a reply that shows a contradiction, and cannot tell when the reply does not show the fact.
// The request (test/support/fixtures/test-data.ts) asks leg 1 PMI -> L1 on 2030-06-01 and leg 2 L1 -> PMI on 2030-06-04,
// for 2 adults (10) and 1 child (8).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { contract } from '../../../../src/operations/transferavailability/contract';
import { exchange, expectRule, loadXml, noReply, prefixed, rs, ruleOf, type ExchangeOptions } from '../../../support/contracts';

before(loadXml);

const rule = (req: Parameters<typeof ruleOf>[1]) => ruleOf(contract, req);

/** A passenger charge named by ServiceCharges/@Description (sandbox) or by ChargePurpose (OpenTravel). */
const charge = (code: '10' | '8', qty?: number, by: 'description' | 'purpose' = 'description') => {
  const calc = `<Calculation UnitCharge="10.00"${qty === undefined ? '' : ` Quantity="${qty}"`}/>`;
  const purpose = `<ChargePurpose Code="${code}" Description="${code === '10' ? 'Adult' : 'Child'}">BaseRate</ChargePurpose>`;
  return by === 'description'
    ? `<ServiceCharges Amount="20.00" Description="${code}">${calc}</ServiceCharges>`
    : `<ServiceCharges Amount="20.00">${purpose}${calc}</ServiceCharges>`;
};
const party = (by: 'description' | 'purpose' = 'description') => charge('10', 2, by) + charge('8', 1, by);

interface Service {
  leg?: 1 | 2;
  rph?: string | null;
  airport?: string;
  location?: string;
  locationAttr?: 'UniqueID' | 'UniqueId';
  dropoff?: 'Dropoff' | 'DropOff';
  when?: string | null;
  charges?: string;
  adapted?: string;
}
function service(o: Service = {}): string {
  const arrival = (o.leg ?? 1) === 1;
  const point = arrival ? 'Arrival' : 'Departure';
  const airport = `<AirportInfo><${point} LocationCode="${o.airport ?? 'PMI'}" CodeContext="IATA"/></AirportInfo>`;
  const address = `<Address><LocationType Code="2" ${o.locationAttr ?? 'UniqueID'}="${o.location ?? 'L1'}"/></Address>`;
  const drop = o.dropoff ?? 'Dropoff';
  const when = o.when === null ? '' : ` DateTime="${o.when ?? (arrival ? '2030-06-01T10:30:00' : '2030-06-04T15:00:00')}"`;
  const rph = o.rph === null ? '' : `<RateQualifier><SpecialInputs Name="RPH" Value="${o.rph ?? (arrival ? '1' : '2')}"/></RateQualifier>`;
  const adapted = o.adapted === undefined ? '' : ` DisabilityVehicleInd="${o.adapted}"`;
  return (
    `<GroundService><Service${adapted}><Location><Pickup${when}>${arrival ? airport : address}</Pickup>` +
    `<${drop}>${arrival ? address : airport}</${drop}></Location></Service>${rph}${o.charges ?? party()}</GroundService>`
  );
}
const reply = (...services: string[]) =>
  rs('OTA_GroundAvailRS', `<Success/>${services.length ? `<GroundServices>${services.join('')}</GroundServices>` : ''}`);
const x = (opts: ExchangeOptions, ...services: string[]) => exchange('transferavailability', reply(...services), opts);
const BOTH = [service({ leg: 1 }), service({ leg: 2 })];
const ARRIVAL_ONLY: ExchangeOptions = { edit: (r) => r.remove("ota:Service/ota:Locations/ota:Location[@RPH='2']") };
const ADULT_ONLY: ExchangeOptions = { edit: (r) => r.setAttribute("ota:Passengers[ota:Category/@Code='8']", 'Quantity', 0) };
const ADAPTED: ExchangeOptions = { edit: (r) => r.setAttribute('ota:DisabilityInfo', 'RequiredInd', 'true') };

test('TRF-SUCCESS: every leg answered, told by RPH or by the direction of the service', () => {
  expectRule(rule('TRF-SUCCESS'), x({}, ...BOTH), 'passed');
  expectRule(rule('TRF-SUCCESS'), x({}, service({ leg: 2, rph: null }), service({ leg: 1, rph: null })), 'passed');
  expectRule(rule('TRF-SUCCESS'), exchange('transferavailability', prefixed(reply(...BOTH))), 'passed');
  expectRule(rule('TRF-SUCCESS'), x(ARRIVAL_ONLY, service({ leg: 1 })), 'passed');
  expectRule(rule('TRF-SUCCESS'), x({}, service({ leg: 1 }), service({ leg: 1 })), 'failed');
  expectRule(rule('TRF-SUCCESS'), x({}, service({ leg: 1, rph: null })), 'failed');
  expectRule(rule('TRF-SUCCESS'), x({}), 'failed');
  // Two arrival legs and no RPH: which one a service answers cannot be told.
  const LOCATION = 'ota:Service/ota:Locations/ota:Location';
  const twoArrivals: ExchangeOptions = {
    edit: (r) => r.replaceWithCopies(LOCATION, [`${LOCATION}[@RPH='1']`, `${LOCATION}[@RPH='1']`]).setAttribute(`${LOCATION}[2]`, 'RPH', 2),
  };
  expectRule(rule('TRF-SUCCESS'), x(twoArrivals, service({ leg: 1, rph: null })), 'cantTell');
  expectRule(rule('TRF-SUCCESS'), x(twoArrivals, service({ leg: 1 }), service({ leg: 1, rph: '2' })), 'passed');
  const bare = '<GroundService><Service/><ServiceCharges Amount="20.00"/></GroundService>';
  expectRule(rule('TRF-SUCCESS'), x({}, bare), 'cantTell');
  expectRule(rule('TRF-SUCCESS'), noReply('transferavailability'), 'cantTell');
});

test('TRF-AIRPORT: the airport of the pickup or of the drop-off, in either spelling', () => {
  expectRule(rule('TRF-AIRPORT'), x({}, ...BOTH), 'passed');
  expectRule(rule('TRF-AIRPORT'), x({}, service({ leg: 2, dropoff: 'DropOff' })), 'passed');
  expectRule(rule('TRF-AIRPORT'), x({}, service({ leg: 1, airport: 'FAO' })), 'failed');
  expectRule(rule('TRF-AIRPORT'), x({}, '<GroundService><Service/></GroundService>'), 'cantTell');
});

test("TRF-AIRPORT: a Shuttle stop's airport is its Arrival for a pickup, its Departure for a drop-off, not the flight's other end", () => {
  const shuttle = (pickup: boolean, departure: string, arrival: string) =>
    `<GroundService><Shuttle><ServiceLocation PickupInd="${pickup}" DateTime="2030-06-0${pickup ? 1 : 4}T10:30:00"><AirportInfo>` +
    `<Departure LocationCode="${departure}" CodeContext="IATA"/><Arrival LocationCode="${arrival}" CodeContext="IATA"/>` +
    `</AirportInfo></ServiceLocation></Shuttle>${party()}</GroundService>`;
  expectRule(rule('TRF-AIRPORT'), x({}, shuttle(true, 'LHR', 'PMI')), 'passed');
  expectRule(rule('TRF-AIRPORT'), x({}, shuttle(false, 'PMI', 'LHR')), 'passed');
  expectRule(rule('TRF-AIRPORT'), x({}, shuttle(true, 'PMI', 'FAO')), 'failed');
  expectRule(rule('TRF-AIRPORT'), x({}, shuttle(false, 'FAO', 'PMI')), 'failed');
});

test('TRF-LOCATION: LocationType UniqueID (OpenTravel) or UniqueId (the request spelling)', () => {
  expectRule(rule('TRF-LOCATION'), x({}, ...BOTH), 'passed');
  expectRule(rule('TRF-LOCATION'), x({}, service({ leg: 2, locationAttr: 'UniqueId', dropoff: 'DropOff' })), 'passed');
  expectRule(rule('TRF-LOCATION'), x({}, service({ leg: 1, location: 'L2' })), 'failed');
  expectRule(rule('TRF-LOCATION'), x({}, '<GroundService><Service/></GroundService>'), 'cantTell');
});

test("TRF-DATES: each service on its leg's date: an arrival on its flight's day or just after midnight, a departure on its day or the evening before", () => {
  expectRule(rule('TRF-DATES'), x({}, ...BOTH), 'passed');
  expectRule(rule('TRF-DATES'), x({}, service({ leg: 2, when: '2030-06-03T22:00:00' })), 'passed');
  expectRule(rule('TRF-DATES'), x({}, service({ leg: 1, when: '2030-06-02T00:20:00' })), 'passed');
  expectRule(rule('TRF-DATES'), x({}, service({ leg: 1, when: '2030-06-10T10:30:00' })), 'failed');
  // the arrival service dated on the departure flight's day, the departure on the arrival's
  expectRule(rule('TRF-DATES'), x({}, service({ leg: 1, when: '2030-06-04T10:30:00' })), 'failed');
  expectRule(rule('TRF-DATES'), x({}, service({ leg: 2, when: '2030-06-01T15:00:00' })), 'failed');
  // a service that shows no direction may answer either leg
  const undirected = (when: string) =>
    `<GroundService><Service><Location><Pickup DateTime="${when}"/></Location></Service>${party()}</GroundService>`;
  expectRule(rule('TRF-DATES'), x({}, undirected('2030-06-04T15:00:00')), 'passed');
  expectRule(rule('TRF-DATES'), x({}, undirected('2030-06-07T15:00:00')), 'failed');
  expectRule(rule('TRF-DATES'), x({}, service({ leg: 1, when: null })), 'cantTell');
});

test('TRF-DATES: every date a service shows is read (Pickup, Dropoff, Shuttle stop), not the first alone', () => {
  const dropoffOn = (leg: 1 | 2, when: string, o: Service = {}) =>
    service({ leg, ...o }).replace(/<(Dropoff|DropOff)>/, `<$1 DateTime="${when}">`);
  // a drop-off days after the arrival's pickup: the service is not on the leg's date
  expectRule(rule('TRF-DATES'), x({}, dropoffOn(1, '2030-06-08T11:30:00')), 'failed');
  expectRule(rule('TRF-DATES'), x({}, dropoffOn(1, '2030-06-01T11:30:00')), 'passed');
  // a late arrival dropped off after midnight, a departure picked up the evening before: on the leg's dates
  expectRule(rule('TRF-DATES'), x({}, dropoffOn(1, '2030-06-02T00:20:00', { when: '2030-06-01T23:30:00' })), 'passed');
  expectRule(rule('TRF-DATES'), x({}, dropoffOn(2, '2030-06-04T00:40:00', { when: '2030-06-03T23:50:00' })), 'passed');
  // a service with no Pickup date is dated by its Dropoff
  expectRule(rule('TRF-DATES'), x({}, dropoffOn(1, '2030-06-09T11:30:00', { when: null })), 'failed');
  // a Shuttle stop on another day than the pickup the Service shows
  const shuttle = (when: string) =>
    service({ leg: 1 }).replace(
      '</Service>',
      `</Service><Shuttle><ServiceLocation PickupInd="true" DateTime="${when}"><AirportInfo><Arrival LocationCode="PMI"/></AirportInfo></ServiceLocation></Shuttle>`,
    );
  expectRule(rule('TRF-DATES'), x({}, shuttle('2030-06-01T10:30:00')), 'passed');
  expectRule(rule('TRF-DATES'), x({}, shuttle('2030-06-09T10:30:00')), 'failed');
  // a service that shows no direction, with one date on each leg: it is on neither leg's date
  const undirected = `<GroundService><Service><Location><Pickup DateTime="2030-06-01T10:30:00"/><Dropoff DateTime="2030-06-04T11:00:00"/></Location></Service>${party()}</GroundService>`;
  expectRule(rule('TRF-DATES'), x({}, undirected), 'failed');
});

test('TRF-PICKUP-BEFORE-FLIGHT: every time a departure service shows precedes its flight (18:00); arrivals are not its subject', () => {
  const r = rule('TRF-PICKUP-BEFORE-FLIGHT');
  expectRule(r, x({}, ...BOTH), 'passed');
  // the evening before an early flight is before it, the flight's own evening is not (TRF-DATES passes both)
  expectRule(r, x({}, service({ leg: 2, when: '2030-06-03T22:00:00' })), 'passed');
  expectRule(r, x({}, service({ leg: 2, when: '2030-06-04T21:40:00' })), 'failed');
  expectRule(r, x({}, service({ leg: 2, when: '2030-06-04T18:00:00' })), 'failed');
  // a pickup with a zone is read by its wall clock, as the request's flight time is written
  expectRule(r, x({}, service({ leg: 2, when: '2030-06-04T15:00:00+02:00' })), 'passed');
  // no time shown (a date alone), or no departure service to judge: cannot tell
  expectRule(r, x({}, service({ leg: 2, when: '2030-06-04' })), 'cantTell');
  expectRule(r, x({}, service({ leg: 1 })), 'cantTell');
  // an arrival service late at night is no departure
  expectRule(r, x({}, service({ leg: 1, when: '2030-06-01T23:00:00' }), service({ leg: 2 })), 'passed');
  // a service showing no direction answers a departure only when every leg asked is one
  const undirected = `<GroundService><Service><Location><Pickup DateTime="2030-06-04T20:00:00"/></Location></Service>${party()}</GroundService>`;
  expectRule(r, x({}, undirected), 'cantTell');
  const DEPARTURE_ONLY: ExchangeOptions = { edit: (q) => q.remove("ota:Service/ota:Locations/ota:Location[@RPH='1']") };
  expectRule(r, x(DEPARTURE_ONLY, undirected), 'failed');
  // a request with no departure leg: the rule does not apply
  assert.match(r.check(x(ARRIVAL_ONLY, service({ leg: 1 }))).notApplicable ?? '', /no departure leg/);
  expectRule(r, x({}, '<GroundService><Service/></GroundService>'), 'cantTell');
});

/** A departure service with a Pickup and a Dropoff time, and what it shows of its flight. */
function departure(
  pickup: string,
  dropoff?: string,
  o: { drop?: 'Dropoff' | 'DropOff'; flight?: string; number?: string; rph?: string } = {},
): string {
  const drop = o.drop ?? 'Dropoff';
  const at = dropoff ? ` DateTime="${dropoff}"` : '';
  const own = o.flight ? ` DateTime="${o.flight}"` : '';
  const airline = o.number ? `<Airline Code="UX" FlightNumber="${o.number}"/>` : '';
  const rph = o.rph ? `<RateQualifier><SpecialInputs Name="RPH" Value="${o.rph}"/></RateQualifier>` : '';
  return (
    `<GroundService><Service><Location><Pickup DateTime="${pickup}"><Address><LocationType Code="2" UniqueID="L1"/></Address></Pickup>` +
    `<${drop}${at}><AirportInfo><Departure LocationCode="PMI" CodeContext="IATA"${own}/></AirportInfo>${airline}</${drop}></Location></Service>` +
    `${rph}${party()}</GroundService>`
  );
}

// Every placement with a clock is read: the Dropoff at the airport too (the service "reaches the airport before the flight").
test('TRF-PICKUP-BEFORE-FLIGHT: the Dropoff (or DropOff) time at the airport is judged as the Pickup is', () => {
  const r = rule('TRF-PICKUP-BEFORE-FLIGHT');
  expectRule(r, x({}, service({ leg: 1 }), departure('2030-06-04T17:00:00', '2030-06-04T19:00:00')), 'failed');
  expectRule(r, x({}, service({ leg: 1 }), departure('2030-06-04T17:00:00', '2030-06-04T18:00:00', { drop: 'DropOff' })), 'failed');
  // honest: the airport reached before the flight, in either spelling
  expectRule(r, x({}, service({ leg: 1 }), departure('2030-06-04T15:00:00', '2030-06-04T15:50:00')), 'passed');
  expectRule(r, x({}, service({ leg: 1 }), departure('2030-06-04T15:00:00', '2030-06-04T15:50:00', { drop: 'DropOff' })), 'passed');
});

// Two departure flights asked (legs 2 and 3, the later at 21:00 the same day): each service is judged against the flight it serves.
test('TRF-PICKUP-BEFORE-FLIGHT: with two departure flights, a service is judged against its own, never against the later one blindly', () => {
  const r = rule('TRF-PICKUP-BEFORE-FLIGHT');
  const TWO: ExchangeOptions = {
    edit: (q) =>
      q
        .replaceWithCopies('ota:Service/ota:Locations/ota:Location', [
          'ota:Service/ota:Locations/ota:Location[1]',
          'ota:Service/ota:Locations/ota:Location[2]',
          'ota:Service/ota:Locations/ota:Location[2]',
        ])
        .setAttribute('ota:Service/ota:Locations/ota:Location[3]', 'RPH', 3)
        .setAttribute(
          'ota:Service/ota:Locations/ota:Location[3]/ota:DropOff/ota:AirportInfo/ota:Departure',
          'DateTime',
          '2030-06-04T21:00:00',
        )
        .setAttribute('ota:Service/ota:Locations/ota:Location[3]/ota:DropOff/ota:Airline', 'FlightNumber', 'UX9999'),
  };
  const flights = x(TWO, departure('2030-06-04T15:00:00'));
  assert.match(
    flights.request.values('ota:Service/ota:Locations/ota:Location/ota:DropOff/ota:AirportInfo/*/@DateTime').join(' '),
    /18:00.*21:00/,
  );
  // tied to the 18:00 flight by its own flight time, its RPH or its flight number: 19:00 is after it (the 21:00 flight would let it pass)
  expectRule(r, x(TWO, departure('2030-06-04T19:00:00', undefined, { flight: '2030-06-04T18:00:00' })), 'failed');
  expectRule(r, x(TWO, departure('2030-06-04T19:00:00', undefined, { rph: '2' })), 'failed');
  // tied to the 21:00 flight: 19:00 is before it
  expectRule(r, x(TWO, departure('2030-06-04T19:00:00', undefined, { rph: '3' })), 'passed');
  expectRule(r, x(TWO, departure('2030-06-04T19:00:00', undefined, { number: '9999' })), 'passed');
  // no tie: a pickup after both flights fails whichever it serves; one between them may be for the later flight
  expectRule(r, x(TWO, departure('2030-06-04T21:30:00')), 'failed');
  expectRule(r, x(TWO, departure('2030-06-04T19:00:00')), 'passed');
  // no tie: read as serving the earliest flight after the pickup (named); past it but before the later one stays open
  expectRule(r, x(TWO, departure('2030-06-04T17:00:00', '2030-06-04T18:30:00')), 'cantTell');
  const late = r.check(x(TWO, departure('2030-06-04T17:00:00', '2030-06-04T21:10:00')));
  assert.equal(late.outcome, 'failed', JSON.stringify(late));
  assert.match(JSON.stringify(late.findings), /read as serving the earliest after its pickup, at 2030-06-04T18:00/);
});

test('TRF-PASSENGERS: quantities per category by charge description or charge purpose; other charges ignored', () => {
  const fee = '<ServiceCharges Amount="5.00" Description="Fuel surcharge"><Calculation Quantity="1"/></ServiceCharges>';
  expectRule(rule('TRF-PASSENGERS'), x({}, ...BOTH), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: party('purpose') })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: party() + fee })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x(ADULT_ONLY, service({ charges: charge('10', 2) })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: charge('10', 3) + charge('8', 1) })), 'failed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: fee })), 'cantTell');
  // no Quantity: Amount 20.00 over UnitCharge 10.00 is two passengers of each category
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: charge('10') + charge('8') })), 'failed');
});

// The party's size in every OpenTravel 2016B placement; categories are not a MUST.
test('TRF-PASSENGERS: the number of passengers, whichever categories price them', () => {
  // a child priced at the adult rate: still three passengers
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: charge('10', 3) })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: charge('10', 4) })), 'failed');
  // a child riding free, left out of the charges: the adults' charge does not count the party (decides nothing)
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: charge('10', 2) })), 'cantTell');
  // several charges of one category told by their purposes (a base rate and an airport fee) each show the whole quantity
  const base = purposed('BaseRate');
  const fee = purposed('AirportFee');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: base('10', 2) + fee('10', 2) + base('8', 1) + fee('8', 1) })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: base('10', 1) + fee('10', 1) + base('8', 1) + fee('8', 1) })), 'failed');
  // lines of one purpose are for their own passengers: one adult each
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: base('10', 1) + base('10', 1) + base('8', 1) })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: base('10', 1) + base('10', 1) + fee('10', 2) + base('8', 1) })), 'passed');
});

/** A passenger charge with its purpose (ChargePurpose text, List_VehChargePurpose), naming its category by Description. */
const purposed = (purpose: string) => (code: '10' | '8', qty: number) =>
  `<ServiceCharges Amount="${10 * qty}.00" Description="${code}"><ChargePurpose>${purpose}</ChargePurpose><Calculation UnitCharge="10.00" Quantity="${qty}"/></ServiceCharges>`;

// Charges that count the party in one reading and not in another are never read the passing way.
test('TRF-PASSENGERS: several charges of one category with no purpose are read both ways; the passing reading is not chosen', () => {
  const QUANTITIES = (adults: number, children: number): ExchangeOptions => ({
    edit: (r) =>
      r
        .setAttribute("ota:Passengers[ota:Category/@Code='10']", 'Quantity', adults)
        .setAttribute("ota:Passengers[ota:Category/@Code='8']", 'Quantity', children),
  });
  // 4 adults and 2 children: 2 + 2 adults and 1 + 1 children are the party summed, half of it read per category
  const halves = charge('10', 2) + charge('10', 2) + charge('8', 1) + charge('8', 1);
  const either = rule('TRF-PASSENGERS').check(x(QUANTITIES(4, 2), service({ charges: halves })));
  assert.equal(either.outcome, 'cantTell');
  assert.match(
    either.reasons.join(' '),
    /6 if each charge is for its own passengers.*3 if each charge of a category is for all its passengers/,
  );
  // 2 adults: two charges of one adult each
  expectRule(rule('TRF-PASSENGERS'), x(ADULT_ONLY, service({ charges: charge('10', 1) + charge('10', 1) })), 'cantTell');
  // a base and a fee each for the whole party (one reading) or two lines of it (the other): 2 x 3 or 3
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: party() + party('purpose') })), 'cantTell');
  // neither reading counts the party: failed
  expectRule(
    rule('TRF-PASSENGERS'),
    x({}, service({ charges: charge('10', 1) + charge('10', 1) + charge('8', 1) + charge('8', 1) })),
    'failed',
  );
  // told by purposes, half the party is priced: failed (a mistake only even parties show)
  const base = purposed('BaseRate');
  const fee = purposed('AirportFee');
  expectRule(rule('TRF-PASSENGERS'), x(ADULT_ONLY, service({ charges: base('10', 1) + fee('10', 1) })), 'failed');
  // a capacity that holds the party does not take the passing reading either
  const withCapacity = service({ charges: halves }).replace('<Service>', '<Service MaximumPassengers="8">');
  expectRule(rule('TRF-PASSENGERS'), x(QUANTITIES(4, 2), withCapacity), 'cantTell');
});

// A fee for some categories only (a tourist tax on adults, children exempt) counts no party.
test('TRF-PASSENGERS: a place naming only some requested categories and counting fewer decides nothing', () => {
  const adultsTax = (qty: number) =>
    `<Fees><Fee Purpose="Tax" Description="Adult" Amount="${3 * qty}.00"><Calculation UnitCharge="3.00" Quantity="${qty}"/></Fee></Fees>`;
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: party() + adultsTax(2) })), 'passed');
  // alone, it decides nothing
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: adultsTax(2) })), 'cantTell');
  // more than the party, or the other place counts the party wrong: failed
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: party() + adultsTax(4) })), 'failed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: charge('10', 1) + charge('8', 1) + adultsTax(2) })), 'failed');
  // a place naming every requested category that does not sum to the party: failed
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: charge('10', 1) + charge('8', 1) })), 'failed');
});

test('TRF-PASSENGERS: counts from amounts over unit prices, totals over unit prices, fees and capacities, which must agree', () => {
  const priced = (code: '10' | '8', amount: string, unit: string, where = 'Amount') =>
    where === 'Amount'
      ? `<ServiceCharges Description="${code}" Amount="${amount}"><Calculation UnitCharge="${unit}"/></ServiceCharges>`
      : `<ServiceCharges Description="${code}"><Calculation UnitCharge="${unit}" Total="${amount}"/></ServiceCharges>`;
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: priced('10', '50.00', '25.00') + priced('8', '12.50', '12.50') })), 'passed');
  expectRule(
    rule('TRF-PASSENGERS'),
    x({}, service({ charges: priced('10', '50.00', '25.00', 'Total') + priced('8', '12.50', '12.50', 'Total') })),
    'passed',
  );
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: priced('10', '25.00', '25.00') + priced('8', '12.50', '12.50') })), 'failed');
  // unit prices only: the total charge is 2 x 25.00 + 1 x 12.50 for the party requested
  const units =
    '<ServiceCharges Description="Adult"><Calculation UnitCharge="25.00"/></ServiceCharges><ServiceCharges Description="Child"><Calculation UnitCharge="12.50"/></ServiceCharges>';
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: `${units}<TotalCharge EstimatedTotalAmount="62.50"/>` })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: `${units}<TotalCharge EstimatedTotalAmount="80.00"/>` })), 'cantTell');
  // fees per passenger category (Fees/Fee, Calculation UnitName and Quantity): read too, and must agree
  const fees = (adults: number) =>
    `<Fees><Fee Purpose="1" Amount="4.00"><Calculation UnitName="Adult" Quantity="${adults}"/></Fee><Fee Purpose="1" Amount="2.00"><Calculation UnitName="Child" Quantity="1"/></Fee></Fees>`;
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: fees(2) })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: party() + fees(2) })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: party() + fees(1) })), 'failed');
});

test("TRF-PASSENGERS: a vehicle's capacity fails when below the party, and decides when no charge counts the passengers", () => {
  const withCapacity = (n: number, charges = '<ServiceCharges Amount="60.00" Description="Private car"/>') =>
    service({ charges }).replace('<Service>', `<Service MaximumPassengers="${n}">`);
  expectRule(rule('TRF-PASSENGERS'), x({}, withCapacity(4)), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, withCapacity(2)), 'failed');
  expectRule(rule('TRF-PASSENGERS'), x({}, withCapacity(2, party())), 'failed');
  const shuttle = (n: number) =>
    `<GroundService><Shuttle><Vehicle><VehicleSize Code="1" MaxPassengerCapacity="${n}"/></Vehicle></Shuttle></GroundService>`;
  expectRule(rule('TRF-PASSENGERS'), x({}, shuttle(40)), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, shuttle(2)), 'failed');
});

// "DisabilityInfo | RequiredInd (boolean)" is served with either value.
test('TRF-DISABILITY-BOOLEAN: served with true and false; a refusal fails, unless it says nothing is available for an adapted vehicle', () => {
  const NOT_REQUIRED: ExchangeOptions = { edit: (r) => r.setAttribute('ota:DisabilityInfo', 'RequiredInd', 'false') };
  const refused = (text: string, code: string, o: ExchangeOptions) =>
    exchange('transferavailability', rs('OTA_GroundAvailRS', `<Errors><Error Type="3" Code="${code}" ShortText="${text}"/></Errors>`), o);
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), x(ADAPTED, service({ adapted: 'true' })), 'passed');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), x(ADAPTED), 'passed');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), x(NOT_REQUIRED, ...BOTH), 'passed');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), refused('Adapted vehicles cannot be requested online', '320', ADAPTED), 'failed');
  expectRule(
    rule('TRF-DISABILITY-BOOLEAN'),
    exchange('transferavailability', 'RequiredInd must be false', { ...ADAPTED, status: 400, contentType: 'text/plain' }),
    'failed',
  );
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), refused('No availability', '322', ADAPTED), 'cantTell');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), refused('No availability', '322', NOT_REQUIRED), 'failed');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), refused('Nothing available on this route', '999', ADAPTED), 'cantTell');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), refused('No services available', '420', ADAPTED), 'cantTell');
  // refusals of the value itself, whatever their words say of availability
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), refused('DisabilityInfo is not available in this API version', '450', ADAPTED), 'failed');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), refused('No vehicle search with RequiredInd=true', '321', ADAPTED), 'failed');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), refused('No availability: RequiredInd is not supported', '322', ADAPTED), 'failed');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), refused('Adapted vehicles not available online', '450', ADAPTED), 'failed');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), refused('Invalid request: no vehicles', '321', ADAPTED), 'failed');
  expectRule(rule('TRF-DISABILITY-BOOLEAN'), noReply('transferavailability'), 'cantTell');
});

test('TRF-DISABILITY: with RequiredInd=true every vehicle shows it is adapted (true or 1)', () => {
  expectRule(rule('TRF-DISABILITY'), x(ADAPTED, service({ adapted: 'true' }), service({ leg: 2, adapted: ' 1 ' })), 'passed');
  expectRule(rule('TRF-DISABILITY'), x(ADAPTED, service({ adapted: 'true' }), service({ leg: 2, adapted: 'false' })), 'failed');
  expectRule(rule('TRF-DISABILITY'), x(ADAPTED, service()), 'cantTell');
  expectRule(rule('TRF-DISABILITY'), x({}, service({ adapted: 'false' })), 'cantTell');
});

test('TRF-UNKNOWN-AIRPORT: a success without services or a refusal in any form; never services or a 5xx', () => {
  const errors = '<Errors><Error Type="3" Code="320" ShortText="Unknown airport"/></Errors>';
  expectRule(rule('TRF-UNKNOWN-AIRPORT'), x({}), 'passed');
  expectRule(rule('TRF-UNKNOWN-AIRPORT'), exchange('transferavailability', rs('OTA_GroundAvailRS', errors)), 'passed');
  expectRule(rule('TRF-UNKNOWN-AIRPORT'), exchange('transferavailability', rs('OTA_ErrorRS', errors), { status: 404 }), 'passed');
  expectRule(rule('TRF-UNKNOWN-AIRPORT'), x({}, service()), 'failed');
  expectRule(rule('TRF-UNKNOWN-AIRPORT'), exchange('transferavailability', rs('OTA_GroundAvailRS', errors), { status: 500 }), 'failed');
  expectRule(rule('TRF-UNKNOWN-AIRPORT'), noReply('transferavailability'), 'cantTell');
  // transfers in a layout the suite does not know are no proof that there is none
  const unknown = rs('OTA_GroundAvailRS', '<Success/><Transfers><Transfer Code="T1" Price="30"/></Transfers>');
  expectRule(rule('TRF-UNKNOWN-AIRPORT'), exchange('transferavailability', unknown), 'cantTell');
});

test("TRF-SUCCESS: a gateway's own numbering of its services (GroundService @RPH) is not the requested leg", () => {
  const own = (leg: 1 | 2, n: number) => service({ leg, rph: null }).replace('<GroundService>', `<GroundService RPH="${n}">`);
  // services numbered 1, 2, 3: the arrival is number 2, the departure 3 (leg RPHs are 1 and 2)
  expectRule(rule('TRF-SUCCESS'), x({}, own(1, 2), own(2, 3)), 'passed');
  expectRule(rule('TRF-SUCCESS'), x({}, own(2, 1), own(1, 2)), 'passed');
  // the direction shown decides: no departure service at all is a failure
  expectRule(rule('TRF-SUCCESS'), x({}, own(1, 1), own(1, 2)), 'failed');
});
