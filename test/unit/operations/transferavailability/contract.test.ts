// Transfer availability: each rule passes a conforming reply (at every place a fact may sit), fails
// a reply that shows a contradiction, and cannot tell when the reply does not show the fact.
// The request (test/support/fixtures/test-data.ts) asks leg 1 PMI -> L1 on 2030-06-01 and leg 2 L1 -> PMI on 2030-06-04,
// for 2 adults (10) and 1 child (8).
import { before, test } from 'node:test';
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

test('TRF-LOCATION: LocationType UniqueID (OpenTravel) or UniqueId (the request spelling)', () => {
  expectRule(rule('TRF-LOCATION'), x({}, ...BOTH), 'passed');
  expectRule(rule('TRF-LOCATION'), x({}, service({ leg: 2, locationAttr: 'UniqueId', dropoff: 'DropOff' })), 'passed');
  expectRule(rule('TRF-LOCATION'), x({}, service({ leg: 1, location: 'L2' })), 'failed');
  expectRule(rule('TRF-LOCATION'), x({}, '<GroundService><Service/></GroundService>'), 'cantTell');
});

test('TRF-DATES: pickups between the day before the first flight and the last flight', () => {
  expectRule(rule('TRF-DATES'), x({}, ...BOTH), 'passed');
  expectRule(rule('TRF-DATES'), x({}, service({ leg: 2, when: '2030-05-31T22:00:00' })), 'passed');
  expectRule(rule('TRF-DATES'), x({}, service({ leg: 1, when: '2030-06-10T10:30:00' })), 'failed');
  expectRule(rule('TRF-DATES'), x({}, service({ leg: 1, when: null })), 'cantTell');
});

test('TRF-PASSENGERS: quantities per category by charge description or charge purpose; other charges ignored', () => {
  const fee = '<ServiceCharges Amount="5.00" Description="Fuel surcharge"><Calculation Quantity="1"/></ServiceCharges>';
  expectRule(rule('TRF-PASSENGERS'), x({}, ...BOTH), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: party('purpose') })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: party() + fee })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x(ADULT_ONLY, service({ charges: charge('10', 2) })), 'passed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: charge('10', 3) + charge('8', 1) })), 'failed');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: fee })), 'cantTell');
  expectRule(rule('TRF-PASSENGERS'), x({}, service({ charges: charge('10') + charge('8') })), 'cantTell');
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
});

test("TRF-SUCCESS: a gateway's own numbering of its services (GroundService @RPH) is not the requested leg", () => {
  const own = (leg: 1 | 2, n: number) => service({ leg, rph: null }).replace('<GroundService>', `<GroundService RPH="${n}">`);
  // services numbered 1, 2, 3: the arrival is number 2, the departure 3 (leg RPHs are 1 and 2)
  expectRule(rule('TRF-SUCCESS'), x({}, own(1, 2), own(2, 3)), 'passed');
  expectRule(rule('TRF-SUCCESS'), x({}, own(2, 1), own(1, 2)), 'passed');
  // the direction shown decides: no departure service at all is a failure
  expectRule(rule('TRF-SUCCESS'), x({}, own(1, 1), own(1, 2)), 'failed');
});
