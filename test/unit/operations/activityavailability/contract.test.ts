// Activity availability: each rule passes a conforming reply (at every place a fact may sit), fails a
// reply that shows a contradiction, and cannot tell when the reply does not show the fact.
// The request (test/support/fixtures/test-data.ts) asks hotel H1, product P1, 2030-06-01..04, 2 adults (10) and 1 child (8).
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract } from '../../../../src/operations/activityavailability/contract';
import { corroborationOf, type Description } from '../../../../src/contracts/corroboration';
import {
  exchange,
  expectOutcome,
  expectRule,
  loadXml,
  noReply,
  prefixed,
  rs,
  ruleOf,
  type ExchangeOptions,
} from '../../../support/contracts';

before(loadXml);

const rule = (req: Parameters<typeof ruleOf>[1]) => ruleOf(contract, req);

type Form = 'sandbox' | 'spec' | 'word';
/** A ParticipantCategory in one of the forms gateways write. */
function category(code: '10' | '8', qty: number | undefined, amount = '45.00', form: Form = 'sandbox'): string {
  const price = `<Price Amount="${amount}" CurrencyCode="EUR" DecimalPlaces="2"/>`;
  const quantity = qty === undefined ? '' : ` Quantity="${qty}"`;
  if (form === 'sandbox') {
    const count = qty === undefined ? '' : `<TPA_Extensions><ParticipantCount${quantity}/></TPA_Extensions>`;
    const qualifier = `<QualifierInfo Extension="${code}">${code === '10' ? 'Adult' : 'Child'}</QualifierInfo>`;
    return `<ParticipantCategory>${qualifier}${price}${count}</ParticipantCategory>`;
  }
  const text = form === 'spec' ? code : code === '10' ? ' adult ' : 'CHILD';
  return `<ParticipantCategory${quantity}><QualifierInfo>${text}</QualifierInfo>${price}</ParticipantCategory>`;
}
const party = (form: Form = 'sandbox') => category('10', 2, '45.00', form) + category('8', 1, '25.00', form);

const SCHEDULE = '<Summary Start="2030-06-02" End="2030-06-03"/><Detail Start="2030-06-02"/><Detail Start="2030-06-03"/>';

interface Option {
  id?: string;
  product?: string;
  schedule?: string;
  location?: string;
  pickup?: string;
  pricing?: string;
}
const activity = (o: Option = {}) =>
  `<TourActivityInfo><BasicInfo TourActivityID="${o.id ?? 'P1'}" SupplierProductCode="${o.product ?? 'P1'}" Name="Boat"/>` +
  `<Schedule>${o.schedule ?? SCHEDULE}</Schedule>${o.location ?? ''}<Pricing>${o.pricing ?? party()}</Pricing>` +
  `${o.pickup ?? '<PickupDropoff LocationName="H1" PickupInd="true"/>'}</TourActivityInfo>`;
const reply = (...infos: string[]) => rs('OTA_TourActivityAvailRS', `<Success/>${infos.join('')}`);
const x = (opts: ExchangeOptions, ...infos: string[]) => exchange('activityavailability', reply(...infos), opts);
const TICKET = { pickup: '', location: '<Location><Region RegionCode="hotelcode" RegionName="Mallorca"> H1 </Region></Location>' };
const HOTEL_ONLY: ExchangeOptions = { edit: (r) => r.remove("ota:TourActivity/ota:Location[@Context='Service']") };
const PRODUCT_ONLY: ExchangeOptions = { edit: (r) => r.remove("ota:TourActivity/ota:Location[@Context='Source']") };
const MAX_60: ExchangeOptions = { edit: (r) => r.setAttribute('//ota:MaximumPrice', 'Amount', '60.00') };

test('AAV-SUCCESS: activities offered pass; none, or a refusal in any form, fail; no reply cannot tell', () => {
  expectRule(rule('AAV-SUCCESS'), x({}, activity()), 'passed');
  expectRule(rule('AAV-SUCCESS'), x({}), 'failed');
  const errors = rs('OTA_TourActivityAvailRS', '<Errors><Error Type="3" Code="392"/></Errors>');
  expectRule(rule('AAV-SUCCESS'), exchange('activityavailability', errors, { status: 404 }), 'failed');
  expectRule(rule('AAV-SUCCESS'), noReply('activityavailability'), 'cantTell');
});

test('AAV-LOCATION: the hotel by pickup or by Region RegionCode=HotelCode (tickets); the product by any of its codes', () => {
  expectRule(rule('AAV-LOCATION'), x({}, activity()), 'passed');
  expectRule(rule('AAV-LOCATION'), x({}, activity(TICKET)), 'passed');
  expectRule(rule('AAV-LOCATION'), exchange('activityavailability', prefixed(reply(activity(TICKET)))), 'passed');
  expectRule(rule('AAV-LOCATION'), x({}, activity({ id: 'T-77' })), 'passed');
  // "for given ... location": an activity at another hotel is offered for H1's location when it is
  // in H1's area. Where H9 is, its hotel descriptive data says (corroboration); unasked, cannot tell.
  const atH9 = activity({ id: 'P1', pickup: '<PickupDropoff LocationName="H9" PickupInd="true"/>' });
  const ticketH9 = activity({ ...TICKET, location: TICKET.location.replace('H1', 'H9').replace(' RegionName="Mallorca"', '') });
  const h1 = { kind: 'hotel' as const, code: 'H1', country: ['ES'], region: ['Mallorca', 'Palma'], source: 'hotel descriptive data of H1' };
  const h9 = (country: string, region: string) => ({
    ...h1,
    code: 'H9',
    country: [country],
    region: [region],
    source: 'hotel descriptive data of H9',
  });
  const judged = (more: Description[], ...infos: string[]) => rule('AAV-LOCATION').check(x({}, ...infos), {}, corroborationOf(more));
  for (const other of [atH9, ticketH9]) {
    assert.deepEqual(rule('AAV-LOCATION').needs!(x({}, activity(), other)), [
      { kind: 'hotel', code: 'H1' },
      { kind: 'hotel', code: 'H9' },
    ]);
    expectOutcome(judged([h1, h9('PT', 'Algarve')], activity(), other), 'failed');
    expectOutcome(judged([h1, h9('ES', 'Mallorca')], activity(), other), 'passed');
    expectRule(rule('AAV-LOCATION'), x({}, activity(), other), 'cantTell');
  }
  // an activity that shows its own area is judged by it: another country fails
  const inAlgarve = activity({
    id: 'P1',
    pickup: '<PickupDropoff LocationName="H9" PickupInd="true"/>',
    location: '<Location><Address><CityName>Faro</CityName><CountryName Code="PT">Portugal</CountryName></Address></Location>',
  });
  expectOutcome(judged([h1], inAlgarve), 'failed');
  // an activity that shows neither hotel nor place: its own activity descriptive data decides
  const bare = activity({ id: 'P1', pickup: '' });
  assert.deepEqual(rule('AAV-LOCATION').needs!(x({}, bare)), [
    { kind: 'hotel', code: 'H1' },
    { kind: 'activity', code: 'P1' },
  ]);
  const p1 = (o: Partial<Description>): Description => ({
    kind: 'activity',
    code: 'P1',
    country: [],
    region: [],
    source: 'activity descriptive data of P1',
    ...o,
  });
  expectOutcome(judged([h1, p1({ hotels: ['H1'] })], bare), 'passed');
  expectOutcome(judged([h1, p1({ region: ['Mallorca'], country: ['ES'] })], bare), 'passed');
  expectOutcome(judged([h1, p1({ region: ['Algarve'], country: ['PT'] })], bare), 'failed');
  const silent = expectOutcome(judged([h1, p1({ problem: 'activity descriptive data of P1 was refused: HTTP 404' })], bare), 'cantTell');
  assert.match(silent.reasons.join(' '), /activityavailability\.activity\.hotel.*for activity P1; looked at: .*was refused: HTTP 404/);
  expectRule(rule('AAV-LOCATION'), x({}, atH9), 'cantTell');
  expectRule(rule('AAV-LOCATION'), x({}, activity({ id: 'P2', product: 'P2' })), 'failed');
  expectRule(rule('AAV-LOCATION'), x({}, activity({ pickup: '' })), 'cantTell');
});

test('AAV-DATES: start dates from Detail or Summary; recurring dates and times are not dates', () => {
  const weekly =
    '<Summary Start="2030-06-01" End="2030-06-04"/><Detail Start="2030-06-01" End="2030-06-04">' +
    '<OperationTimes><OperationTime Mon="true" Start="2030-06-01" End="2030-06-04"/></OperationTimes></Detail>';
  expectRule(rule('AAV-DATES'), x({}, activity()), 'passed');
  expectRule(rule('AAV-DATES'), x({}, activity({ schedule: '<Summary Start="2030-06-01" End="2030-06-04"/>' })), 'passed');
  expectRule(rule('AAV-DATES'), x({}, activity({ schedule: weekly })), 'passed');
  expectRule(rule('AAV-DATES'), x({}, activity({ schedule: '<Detail Start="2030-06-02T10:00:00" Duration="PT3H"/>' })), 'passed');
  // Detail may list a whole year's schedule: one date in the period is the activity taking place in it
  expectRule(rule('AAV-DATES'), x({}, activity({ schedule: '<Detail Start="2030-06-02"/><Detail Start="2030-07-01"/>' })), 'passed');
  expectRule(
    rule('AAV-DATES'),
    x({}, activity({ schedule: '<Summary Start="2030-06-03"/><Detail Start="2030-01-05"/><Detail Start="2030-12-01"/>' })),
    'passed',
  );
  expectRule(rule('AAV-DATES'), x({}, activity({ schedule: '<Detail Start="2030-07-01"/><Detail Start="2030-07-08"/>' })), 'failed');
  // a span (a season the activity runs in) is judged by overlap with the requested period (audit F5)
  expectRule(rule('AAV-DATES'), x({}, activity({ schedule: '<Summary Start="2030-05-30" End="2030-06-04"/>' })), 'passed');
  expectRule(rule('AAV-DATES'), x({}, activity({ schedule: '<Detail Start="2030-05-01" End="2030-10-31"/>' })), 'passed');
  expectRule(rule('AAV-DATES'), x({}, activity({ schedule: '<Summary Start="2030-05-01" End="2030-05-30"/>' })), 'failed');
  expectRule(rule('AAV-DATES'), x({}, activity({ schedule: '<Detail Start="2030-06-05" End="2030-06-30"/>' })), 'failed');
  expectRule(rule('AAV-DATES'), x({}, activity({ schedule: '<Summary Start="--01-01" End="--12-31"/>' })), 'cantTell');
});

test('AAV-PARTICIPANTS: quantities per category in the sandbox, spec and OpenTravel word forms', () => {
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity()), 'passed');
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing: party('spec') })), 'passed');
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing: party('word') })), 'passed');
  expectRule(rule('AAV-PARTICIPANTS'), exchange('activityavailability', prefixed(reply(activity({ pricing: party('spec') })))), 'passed');
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing: category('10', 3) + category('8', 1) })), 'failed');
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing: category('10', 2) })), 'failed');
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing: category('10', undefined) + category('8', undefined) })), 'cantTell');
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing: '<Summary Amount="115.00"/>' })), 'cantTell');
});

test('AAV-HOTEL-ONLY: a request without product is served with activities of the hotel', () => {
  expectRule(rule('AAV-HOTEL-ONLY'), x(HOTEL_ONLY, activity(), activity({ id: 'P2', product: 'P2' })), 'passed');
  const abroad = '<Location><Address><CountryName Code="PT">Portugal</CountryName></Address></Location>';
  expectRule(
    rule('AAV-HOTEL-ONLY'),
    x(
      HOTEL_ONLY,
      activity({ location: abroad.replace('PT">Portugal', 'ES">Spain') }),
      activity({ location: abroad, pickup: '<PickupDropoff LocationName="H9"/>' }),
    ),
    'failed',
  );
  expectRule(rule('AAV-HOTEL-ONLY'), x(HOTEL_ONLY), 'failed');
  expectRule(rule('AAV-HOTEL-ONLY'), x(HOTEL_ONLY, activity({ pickup: '' })), 'cantTell');
  expectRule(rule('AAV-HOTEL-ONLY'), x({}, activity()), 'cantTell');
});

test('AAV-PRODUCT-ONLY: a request without hotel is served with activities of the product', () => {
  expectRule(rule('AAV-PRODUCT-ONLY'), x(PRODUCT_ONLY, activity({ pickup: '' })), 'passed');
  expectRule(rule('AAV-PRODUCT-ONLY'), x(PRODUCT_ONLY, activity({ id: 'P2', product: 'P2' })), 'failed');
  expectRule(rule('AAV-PRODUCT-ONLY'), x(PRODUCT_ONLY), 'failed');
  expectRule(rule('AAV-PRODUCT-ONLY'), x({}, activity()), 'cantTell');
  expectRule(rule('AAV-PRODUCT-ONLY'), noReply('activityavailability'), 'cantTell');
});

test('AAV-MAXPRICE: per-person prices, or category totals when the Summary shows them so', () => {
  const totals = `<Summary Amount="115.00"/>${category('10', 2, '90.00')}${category('8', 1, '25.00')}`;
  expectRule(rule('AAV-MAXPRICE'), x(MAX_60, activity()), 'passed');
  expectRule(rule('AAV-MAXPRICE'), x(MAX_60, activity({ pricing: totals })), 'passed');
  expectRule(
    rule('AAV-MAXPRICE'),
    x(MAX_60, activity({ pricing: `<Summary Amount="205.00"/>${category('10', 2, '90.00')}${category('8', 1, '25.00')}` })),
    'failed',
  );
  expectRule(rule('AAV-MAXPRICE'), x(MAX_60, activity({ pricing: category('10', 2, '80.00') })), 'failed');
  expectRule(
    rule('AAV-MAXPRICE'),
    x(MAX_60, activity({ pricing: '<ParticipantCategory><QualifierInfo>Adult</QualifierInfo></ParticipantCategory>' })),
    'cantTell',
  );
});

test('AAV-DECIMALS: the currency on the amount or in ProcessingInformation; decimals written or as minor units', () => {
  const amount = (attrs: string) => `<Summary ${attrs}/>`;
  const withInfo = (info: string) => rs('OTA_TourActivityAvailRS', `<Success/>${info}${activity({ pricing: amount('Amount="45.00"') })}`);
  expectRule(rule('AAV-DECIMALS'), x({}, activity()), 'passed');
  expectRule(rule('AAV-DECIMALS'), x({}, activity({ pricing: amount('Amount="4500" CurrencyCode="EUR" DecimalPlaces="2"') })), 'passed');
  expectRule(
    rule('AAV-DECIMALS'),
    exchange('activityavailability', withInfo('<ProcessingInformation PricingCurrency="EUR" DecimalPlaces="2"/>')),
    'passed',
  );
  expectRule(rule('AAV-DECIMALS'), x({}, activity({ pricing: amount('Amount="45.0" CurrencyCode="EUR"') })), 'failed');
  expectRule(rule('AAV-DECIMALS'), x({}, activity({ pricing: amount('Amount="45.00" CurrencyCode="USD"') })), 'failed');
  expectRule(rule('AAV-DECIMALS'), x({}, activity({ pricing: amount('Amount="45.00" CurrencyCode="EUR" DecimalPlaces="3"') })), 'failed');
  expectRule(rule('AAV-DECIMALS'), exchange('activityavailability', withInfo('')), 'cantTell');
  expectRule(rule('AAV-DECIMALS'), x({}, activity({ pricing: '' })), 'cantTell');
});

test("a target's reply profile adds its own places before the defaults", () => {
  const acme = (code: '10' | '8', pax: number) =>
    `<ParticipantCategory><QualifierInfo>${code}</QualifierInfo><TPA_Extensions><Acme Pax="${pax}"/></TPA_Extensions></ParticipantCategory>`;
  const reply = x({}, activity({ pricing: acme('10', 2) + acme('8', 1) }));
  expectRule(rule('AAV-PARTICIPANTS'), reply, 'cantTell');
  expectRule(rule('AAV-PARTICIPANTS'), reply, 'passed', {
    'activityavailability.activity.category.quantity': ['ota:TPA_Extensions/ota:Acme/@Pax'],
  });
});

test('AAV-LOCATION: a drop-off point (PickupInd false) beside the pickup is not the hotel', () => {
  const both = '<PickupDropoff LocationName="H1" PickupInd="true"/><PickupDropoff LocationName="MEETPT-PALMA" PickupInd="false"/>';
  expectRule(rule('AAV-LOCATION'), x({}, activity({ pickup: both })), 'passed');
  // a drop-off alone says nothing of the hotel
  const dropOnly = activity({ id: 'P1', pickup: '<PickupDropoff LocationName="MEETPT-PALMA" PickupInd="false"/>' });
  expectRule(rule('AAV-LOCATION'), x({}, activity(), dropOnly), 'cantTell');
  // a pickup at another hotel is judged by where that hotel is (see the AAV-LOCATION test above)
  expectRule(
    rule('AAV-LOCATION'),
    x({}, activity(), activity({ pickup: '<PickupDropoff LocationName="H9" PickupInd="true"/>' })),
    'cantTell',
  );
});
