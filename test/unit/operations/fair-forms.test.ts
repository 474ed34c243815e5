// Legitimate OpenTravel 2016B forms that a conforming gateway may use and that an audit found
// blamed (or left open) by the contracts: each must now pass, and the contradiction beside it
// must still fail. The request of each operation is its sample with test/support/fixtures/test-data.ts values.
import { before, test } from 'node:test';
import { contract as transfers } from '../../../src/operations/transferavailability';
import { contract as availability } from '../../../src/operations/activityavailability';
import { contract as search } from '../../../src/operations/activitysearch';
import { contract as hotels } from '../../../src/operations/hotelavailability';
import { exchange, expectRule, loadXml, rs, ruleOf } from '../../support/contracts';

before(loadXml);

// ---- transfers: leg 1 PMI -> L1 on 2030-06-01, leg 2 L1 -> PMI on 2030-06-04; 2 adults, 1 child
const charges = (qty: (code: string) => number, purposes = ['BaseRate']) =>
  ['10', '8']
    .flatMap((code) =>
      purposes.map(
        (p) =>
          `<ServiceCharges Amount="10.00"><ChargePurpose Code="${code}" Description="${code === '10' ? 'Adult' : 'Child'}">${p}</ChargePurpose><Calculation UnitCharge="5.00" Quantity="${qty(code)}"/></ServiceCharges>`,
      ),
    )
    .join('');
const PARTY = (code: string) => (code === '10' ? 2 : 1);
const arrival = (o: { pickupAddress?: string; origin?: string; charges?: string } = {}) =>
  `<GroundService><Service><Location><Pickup DateTime="2030-06-01T10:30:00">${o.pickupAddress ?? ''}<AirportInfo>` +
  `<Arrival LocationCode="PMI" CodeContext="IATA"/>${o.origin ? `<Departure LocationCode="${o.origin}" CodeContext="IATA"/>` : ''}</AirportInfo></Pickup>` +
  `<Dropoff><Address><LocationType Code="2" UniqueID="L1"/></Address></Dropoff></Location></Service>${o.charges ?? charges(PARTY)}</GroundService>`;
const departure = () =>
  `<GroundService><Service><Location><Pickup DateTime="2030-06-04T15:00:00"><Address><LocationType Code="2" UniqueID="L1"/></Address></Pickup>` +
  `<Dropoff><AirportInfo><Departure LocationCode="PMI" CodeContext="IATA"/></AirportInfo></Dropoff></Location></Service>${charges(PARTY)}</GroundService>`;
const ground = (...s: string[]) =>
  exchange('transferavailability', rs('OTA_GroundAvailRS', `<Success/><GroundServices>${s.join('')}</GroundServices>`));

test('TRF-LOCATION: a pickup that shows an Address (LocationType Airport) beside its AirportInfo is the airport end, not the location', () => {
  const airportAddress = '<Address><LocationType Code="1" UniqueID="PMI">Airport</LocationType></Address>';
  expectRule(ruleOf(transfers, 'TRF-LOCATION'), ground(arrival({ pickupAddress: airportAddress }), departure()), 'passed');
  expectRule(ruleOf(transfers, 'TRF-LOCATION'), ground(arrival().replace('UniqueID="L1"', 'UniqueID="L9"'), departure()), 'failed');
});

test("TRF-AIRPORT: the flight's origin beside the arrival airport is not the airport served", () => {
  expectRule(ruleOf(transfers, 'TRF-AIRPORT'), ground(arrival({ origin: 'LHR' }), departure()), 'passed');
  expectRule(ruleOf(transfers, 'TRF-AIRPORT'), ground(arrival().replace('"PMI"', '"IBZ"'), departure()), 'failed');
});

test('TRF-PASSENGERS: a base rate and a fee per category, each with the party quantity, are one party', () => {
  expectRule(ruleOf(transfers, 'TRF-PASSENGERS'), ground(arrival({ charges: charges(PARTY, ['BaseRate', 'AirportFee']) })), 'passed');
  expectRule(ruleOf(transfers, 'TRF-PASSENGERS'), ground(arrival({ charges: charges(() => 3) })), 'failed');
});

// ---- activity availability: hotel H1, product P1, 2030-06-01..04, 2 adults (10) and 1 child (8)
const info = (o: { extra?: string; pricing?: string; region?: string; pickup?: string; attrs?: string } = {}) =>
  `<TourActivityInfo${o.attrs ?? ''}><BasicInfo TourActivityID="P1" SupplierProductCode="P1" Name="Boat"/><Schedule><Detail Start="2030-06-02"/></Schedule>` +
  `${o.region ?? ''}<Pricing>${o.pricing ?? '<ParticipantCategory Quantity="2"><QualifierInfo>10</QualifierInfo></ParticipantCategory><ParticipantCategory Quantity="1"><QualifierInfo>8</QualifierInfo></ParticipantCategory>'}</Pricing>` +
  `${o.pickup ?? '<PickupDropoff LocationName="H1" PickupInd="true"/>'}${o.extra ?? ''}</TourActivityInfo>`;
const avail = (...i: string[]) => exchange('activityavailability', rs('OTA_TourActivityAvailRS', `<Success/>${i.join('')}`));

test("AAV-PARTICIPANTS: a vendor's own Quantity in TPA_Extensions (seats left) is no party size", () => {
  const seats =
    '<ParticipantCategory><QualifierInfo>10</QualifierInfo><Price Amount="45.00"/><TPA_Extensions><Inventory Quantity="25"/></TPA_Extensions></ParticipantCategory>';
  expectRule(ruleOf(availability, 'AAV-PARTICIPANTS'), avail(info({ pricing: seats })), 'cantTell');
});

test("AAV-LOCATION: an empty Region RegionCode=HotelCode (2016B's Region holds no text) does not make a pickup's hotel name a finding", () => {
  const named = info({
    region: '<Location><Region RegionCode="HotelCode" RegionName="H1"/></Location>',
    pickup: '<PickupDropoff LocationName="Hotel Sol Palma (lobby)" PickupInd="true"/>',
  });
  expectRule(ruleOf(availability, 'AAV-LOCATION'), avail(named), 'cantTell');
});

test('AAV and HAV: an offer flagged as an alternate (AlternateInd, IsAlternate) is not judged as a result', () => {
  const alternate = info({ attrs: ' AlternateInd="true"' }).replace('2030-06-02', '2030-08-02');
  expectRule(ruleOf(availability, 'AAV-DATES'), avail(info(), alternate), 'passed');
  expectRule(ruleOf(availability, 'AAV-DATES'), avail(info(), alternate.replace(' AlternateInd="true"', '')), 'failed');
  const stay = (attrs: string, start: string) =>
    `<RoomStay${attrs}><TimeSpan Start="${start}" End="2030-06-04"/><BasicPropertyInfo HotelCode="A"/></RoomStay>`;
  const hav = (s: string) => exchange('hotelavailability', rs('OTA_HotelAvailRS', `<Success/><RoomStays>${s}</RoomStays>`));
  expectRule(ruleOf(hotels, 'HAV-DATES'), hav(stay('', '2030-06-01') + stay(' IsAlternate="true"', '2030-06-02')), 'passed');
  expectRule(ruleOf(hotels, 'HAV-DATES'), hav(stay('', '2030-06-01') + stay('', '2030-06-02')), 'failed');
});

test('ASR-SUCCESS: descriptive data in an attribute of Description (GuideOverview) is descriptive data', () => {
  const found = `<TourActivityInfo><BasicInfo TourActivityID="P1"/><Schedule><Detail Start="2030-06-02"/></Schedule><Description GuideOverview="A guided walk through the old town"/></TourActivityInfo>`;
  expectRule(ruleOf(search, 'ASR-SUCCESS'), exchange('activitysearch', rs('OTA_TourActivitySearchRS', `<Success/>${found}`)), 'passed');
});

test('AAV-PARTICIPANTS: one 2016B ParticipantCategory per participant (each with its Age, no quantity) counts one each', () => {
  const one = (code: string, age: number) =>
    `<ParticipantCategory Age="${age}"><QualifierInfo>${code}</QualifierInfo><Price Amount="45.00"/></ParticipantCategory>`;
  expectRule(ruleOf(availability, 'AAV-PARTICIPANTS'), avail(info({ pricing: one('10', 40) + one('10', 38) + one('8', 7) })), 'passed');
  // one entry per category asked, codes not repeated, no quantity and no total: it may be one entry per
  // category with an illustrative Age, or one adult short; the reply cannot tell which
  expectRule(ruleOf(availability, 'AAV-PARTICIPANTS'), avail(info({ pricing: one('10', 40) + one('8', 7) })), 'cantTell');
  // a total that prices two adults and a child decides for the party
  expectRule(
    ruleOf(availability, 'AAV-PARTICIPANTS'),
    avail(info({ pricing: one('10', 40) + one('8', 7) + '<Summary Amount="135.00"/>' })),
    'passed',
  );
});

test('HAV-DATES: the dates of a RoomRate itself (RoomRateType EffectiveDate, ExpireDate) are read', () => {
  const stay = (expire: string) =>
    `<RoomStay><RoomRates><RoomRate EffectiveDate="2030-06-01" ExpireDate="${expire}"/></RoomRates><BasicPropertyInfo HotelCode="A"/></RoomStay>`;
  const hav = (s: string) => exchange('hotelavailability', rs('OTA_HotelAvailRS', `<Success/><RoomStays>${s}</RoomStays>`));
  expectRule(ruleOf(hotels, 'HAV-DATES'), hav(stay('2030-06-04')), 'passed');
  // a rate period wider than the stay holds it; one that ends before the last night does not
  expectRule(ruleOf(hotels, 'HAV-DATES'), hav(stay('2030-06-09')), 'passed');
  expectRule(ruleOf(hotels, 'HAV-DATES'), hav(stay('2030-06-02')), 'failed');
});

test('TRF-PASSENGERS: a private vehicle priced as a whole is for the party when its MaximumPassengers holds it', () => {
  const car = (max: number) =>
    arrival({
      charges:
        '<ServiceCharges Amount="6500" DecimalPlaces="2" Description="Vehicle"><ChargePurpose>BaseRate</ChargePurpose></ServiceCharges>',
    }).replace('<Service>', `<Service MaximumPassengers="${max}">`);
  expectRule(ruleOf(transfers, 'TRF-PASSENGERS'), ground(car(4), arrival()), 'passed');
  expectRule(ruleOf(transfers, 'TRF-PASSENGERS'), ground(car(2)), 'failed');
  expectRule(ruleOf(transfers, 'TRF-PASSENGERS'), ground(car(4).replace(' MaximumPassengers="4"', '')), 'cantTell');
});

test('AAV-MAXPRICE: an amount without a decimal point beside DecimalPlaces is in minor units (4500 with 2 places is 45.00)', () => {
  const priced = (amount: string, places = '2') =>
    `<ParticipantCategory Quantity="2"><QualifierInfo>10</QualifierInfo><Price Amount="${amount}" CurrencyCode="EUR" DecimalPlaces="${places}"/></ParticipantCategory>`;
  const maxPrice = {
    edit: (r: import('../../support/contracts').OtaRequest) => r.setAttribute('//ota:GuidelinePricing/ota:MaximumPrice', 'Amount', '60.00'),
  };
  const x = (amount: string) =>
    exchange('activityavailability', rs('OTA_TourActivityAvailRS', `<Success/>${info({ pricing: priced(amount) })}`), maxPrice);
  expectRule(ruleOf(availability, 'AAV-MAXPRICE'), x('4500'), 'passed');
  expectRule(ruleOf(availability, 'AAV-MAXPRICE'), x('45.00'), 'passed');
  expectRule(ruleOf(availability, 'AAV-MAXPRICE'), x('7500'), 'failed');
  expectRule(ruleOf(availability, 'AAV-MAXPRICE'), x('75.00'), 'failed');
});
