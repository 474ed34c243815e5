// Activity availability: each rule passes a conforming reply (at every place a fact may sit), fails a
// reply that shows a contradiction, and cannot tell when the reply does not show the fact.
// The request (test/support/fixtures/test-data.ts) asks hotel H1, product P1, 2030-06-01..04, 2 adults (10) and 1 child (8).
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract } from '../../../../src/operations/activityavailability/contract';
import { corroborationOf, type Description } from '../../../../src/contracts/corroboration';
import { TEST_DATA } from '../../../support/fixtures/test-data';
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

// An area has no grain the spec states: a name another activity at the hotel does not use is no other area (review r1 finding 1).
test('AAV-LOCATION: an activity named at another grain than those at the hotel cannot tell; a place of the test data or another country fails', () => {
  const region = (name: string) => `<Location><Region RegionName="${name}"/></Location>`;
  const atHotel = activity({ location: region('Palma') });
  const ticket = (name: string) => activity({ id: 'P1', pickup: '', location: region(name) });
  const h1 = {
    kind: 'hotel' as const,
    code: 'H1',
    country: ['ES'],
    region: ['Palma'],
    subdivisions: ['Illes Balears'],
    source: 'hotel descriptive data of H1',
  };
  const judged = (more: Description[], ...infos: string[]) => rule('AAV-LOCATION').check(x({}, ...infos), {}, corroborationOf(more));
  for (const other of ['Mallorca', 'Serra de Tramuntana', 'Mallorca (Islas Baleares)']) {
    const assertion = expectRule(rule('AAV-LOCATION'), x({}, atHotel, ticket(other)), 'cantTell', undefined, other);
    assert.match(assertion.reasons.join(' '), /placeAliases/);
    expectOutcome(judged([h1], atHotel, ticket(other)), 'cantTell', other);
  }
  // a placeAliases name of the hotel's area passes
  const aliased: ExchangeOptions = { edit: (r) => (r.testData = { ...TEST_DATA, placeAliases: { Palma: ['Mallorca'] } }) };
  expectRule(rule('AAV-LOCATION'), x(aliased, atHotel, ticket('Mallorca')), 'passed');
  // another place of the test data, or a place in another country, is elsewhere
  expectRule(rule('AAV-LOCATION'), x({ edit: (r) => (r.testData = TEST_DATA) }, atHotel, ticket('Atlantis')), 'failed');
  const abroad = activity({
    id: 'P1',
    pickup: '',
    location: '<Location><Address><CountryName Code="PT">Portugal</CountryName></Address><Region RegionName="Algarve"/></Location>',
  });
  expectOutcome(judged([h1], atHotel, abroad), 'failed');
});

// Two placements of one schedule: a Detail day outside its Summary disagrees with it.
test('AAV-DATES: a Detail day outside its Summary fails; Details within it, or a year of Details beside no Summary, pass', () => {
  const judged = (schedule: string, outcome: 'passed' | 'failed') =>
    expectRule(rule('AAV-DATES'), x({}, activity({ schedule })), outcome, undefined, schedule);
  const summary = '<Summary Start="2030-06-01" End="2030-06-04"/>';
  judged(`${summary}<Detail Start="2030-06-02"/><Detail Start="2030-06-04T09:00:00"/>`, 'passed');
  judged(`${summary}<Detail Start="2030-06-02"/><Detail Start="2030-08-02"/>`, 'failed');
  judged(`${summary}<Detail Start="2030-05-31"/>`, 'failed');
  judged('<Detail Start="2030-01-02"/><Detail Start="2030-06-02"/><Detail Start="2030-12-02"/>', 'passed');
  // a Detail with an End is a span: a season through the Summary's window agrees with it (review r1 finding 5)
  const weekly = '<OperationTimes><OperationTime Mon="true" Wed="true" Start="09:30"/></OperationTimes>';
  judged(`${summary}<Detail Start="2030-05-01" End="2030-10-31">${weekly}</Detail>`, 'passed');
  judged(`${summary}<Detail Start="2030-05-20" End="2030-06-01"/>`, 'passed');
  judged(`${summary}<Detail Start="2030-06-04T18:00:00" End="2030-06-10T12:00:00"/>`, 'passed');
  // ... a span that meets no Summary disagrees with it
  judged(`${summary}<Detail Start="2030-05-01" End="2030-05-31"/>`, 'failed');
  judged(`${summary}<Detail Start="2030-06-05" End="2030-06-30"/>`, 'failed');
});

// A season Summary says when the activity may run; the Detail days say when it does.
test('AAV-DATES: a Schedule with Detail days is judged by them, its season Summary only when it has none', () => {
  const season = '<Summary Start="2030-05-01" End="2030-10-31"/>';
  const judged = (schedule: string, outcome: 'passed' | 'failed') =>
    expectRule(rule('AAV-DATES'), x({}, activity({ schedule })), outcome, undefined, schedule);
  // the requirement's own refusal, with a season added around it
  judged(`${season}<Detail Start="2030-07-01"/><Detail Start="2030-07-08"/>`, 'failed');
  judged(`${season}<Detail Start="2030-05-10" End="2030-05-31"/><Detail Start="2030-07-01"/>`, 'failed');
  // honest: one Detail day in the period, a Detail span over it, or a season with recurring (undated) Details
  judged(`${season}<Detail Start="2030-06-03T10:00:00"/><Detail Start="2030-07-08"/>`, 'passed');
  judged(
    `${season}<Detail Start="2030-05-01" End="2030-10-31"><OperationTimes><OperationTime Tue="true"/></OperationTimes></Detail>`,
    'passed',
  );
  judged(`${season}<Detail Start="--06-02"/>`, 'passed');
  // a Detail season written with a Duration, and Details that recur on weekdays from their first day, are no Detail days
  judged(`${season}<Detail Start="2030-05-01" Duration="P6M"/>`, 'passed');
  const weekly = (start: string, weekday: string) =>
    `<Detail Start="${start}"><OperationTimes><OperationTime ${weekday}="true" Start="09:30"/></OperationTimes></Detail>`;
  judged(`${season}${weekly('2030-05-06', 'Mon')}${weekly('2030-05-04', 'Sat')}`, 'passed');
  judged(`<Summary Start="2030-06-01" End="2030-06-04"/>${weekly('2030-05-06', 'Mon')}`, 'passed');
  // a second Schedule with no Detail is judged by its own season
  expectRule(
    rule('AAV-DATES'),
    x({}, activity({ schedule: `${season}<Detail Start="2030-07-01"/></Schedule><Schedule>${season}` })),
    'passed',
  );
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
  // the Detail days are the schedule: a Summary day beside them that none of them is, is no day it takes place
  expectRule(
    rule('AAV-DATES'),
    x({}, activity({ schedule: '<Summary Start="2030-06-03"/><Detail Start="2030-01-05"/><Detail Start="2030-12-01"/>' })),
    'failed',
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
  // a unit price per category and nothing that says how many: the rate of whom cannot be told
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing: category('10', undefined) + category('8', undefined) })), 'cantTell');
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing: '<Summary Amount="115.00"/>' })), 'cantTell');
  // a child priced in the adult category: the party's size is right (AAV-CATEGORIES warns)
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing: category('10', 3) })), 'passed');
});

// The amount the party pays in two placements: the total, and quantity times price per category.
// Beside categories that show the whole party asked, a total equal to the price of part of it is
// what a party discount gives ("the child goes free", "two adults for the price of one"): the rate
// is still for the party the quantities show, so no MUST fails on it.
test('AAV-PARTICIPANTS: a total that prices part of the party asked is a discount; categories that show another party fail', () => {
  const judged = (pricing: string, outcome: 'passed' | 'failed' | 'cantTell') =>
    expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing })), outcome, undefined, pricing);
  const total = (amount: string) => `<Summary Amount="${amount}" CurrencyCode="EUR" DecimalPlaces="2"/>`;
  judged(party() + total('115.00'), 'passed'); // 2 x 45.00 + 1 x 25.00
  judged(party() + total('70.00'), 'passed'); // each category's price read as its amount: 45.00 + 25.00 is no part
  judged(party() + total('90.00'), 'passed'); // the adults' price: the child goes free
  judged(party() + total('25.00'), 'passed'); // the child's price: the adults go free (a discount all the same)
  judged(party() + total('45.00'), 'passed'); // one adult's price
  // categories that show fewer participants than asked fail, whatever the total
  judged(category('10', 2, '45.00') + total('90.00'), 'failed');
  judged(category('10', 2, '45.00') + category('8', 1, '25.00') + category('10', 1, '45.00') + total('115.00'), 'failed');
  judged(party() + total('11500'), 'passed'); // minor units beside DecimalPlaces
  judged(party() + total('125.00'), 'passed'); // taxes or fees: no part of the party, no count
  judged(party() + total('100.00'), 'passed'); // a discount that prices no part of the party: no count
  judged(party() + '<Summary Amount="90.00" CurrencyCode="USD"/>', 'passed'); // another currency: not compared
  // an amount that is two parts of different sizes decides nothing: 50.00 is one adult per person, or both adults as their category's amount
  judged(category('10', 2, '50.00') + category('8', 1, '25.00') + total('50.00'), 'passed');
});

/** A ParticipantCategory with no quantity: `code` with its unit price (and an Age when given). */
const unit = (code: '10' | '8', amount: string, age?: number) =>
  `<ParticipantCategory${age === undefined ? '' : ` Age="${age}"`}><QualifierInfo>${code === '10' ? 'Adult' : 'Child'}</QualifierInfo><Price Amount="${amount}" CurrencyCode="EUR"/></ParticipantCategory>`;
const ADULT = unit('10', '45.00');
const CHILD = unit('8', '25.00');
const group = (size: number, total = '115.00') =>
  `<Group GroupName="Party" KnownGroupSize="${size}"><Price Amount="${total}" CurrencyCode="EUR"/></Group>`;
const summary = (total: string, currency = 'EUR') => `<Summary Amount="${total}" CurrencyCode="${currency}"/>`;

test('AAV-PARTICIPANTS: every placement of the count in OpenTravel 2016B is read', () => {
  const judged = (pricing: string, outcome: 'passed' | 'failed' | 'cantTell', opts: ExchangeOptions = {}) =>
    expectRule(rule('AAV-PARTICIPANTS'), x(opts, activity({ pricing })), outcome, undefined, pricing);
  // one ParticipantCategory per participant: a repeated code, or an Age on each
  judged(ADULT + ADULT + CHILD, 'passed');
  judged(ADULT + ADULT, 'failed');
  // an Age on each entry of distinct codes is one per participant only for a party of one of each category; else
  // one per category (its illustrative age) is a reading too, and the total decides (review r1 finding 7)
  judged(unit('10', '45.00', 40) + unit('8', '25.00', 7), 'cantTell');
  judged(unit('10', '45.00', 30) + unit('8', '25.00', 8) + summary('115.00'), 'passed');
  judged(unit('10', '45.00', 30) + unit('8', '25.00', 8) + summary('70.00'), 'failed');
  judged(unit('10', '45.00', 30) + unit('10', '45.00', 30) + unit('8', '25.00', 8), 'passed');
  judged(unit('10', '45.00', 30) + unit('10', '45.00', 30), 'failed');
  const oneOfEach: ExchangeOptions = { values: { adults: 1, children: 1 } };
  judged(unit('10', '45.00', 30) + unit('8', '25.00', 8), 'passed', oneOfEach);
  judged(unit('10', '45.00', 30), 'failed', oneOfEach);
  // one per category with its unit price, and the party as a group (KnownGroupSize)
  judged(ADULT + CHILD + group(3), 'passed');
  judged(ADULT + CHILD + group(2, '70.00'), 'failed');
  // ... or a total equal to the requested quantities times the unit prices
  judged(summary('115.00') + ADULT + CHILD, 'passed');
  judged(summary('70.00') + ADULT + CHILD, 'failed');
  // a total that holds something else (fees, taxes) says nothing of the count
  judged(summary('130.00') + ADULT + CHILD, 'cantTell');
  // a total in another currency than the unit prices is not compared with them
  judged(summary('115.00', 'USD') + ADULT + CHILD, 'cantTell');
  // one category alone: the total over its unit price
  judged(summary('135.00') + ADULT, 'passed');
  judged(summary('90.00') + ADULT, 'failed');
  // placements that disagree are a finding
  judged(party() + group(4), 'failed');
  judged(party() + group(3), 'passed');
  // some categories with a quantity and some without: not read as a count
  judged(category('10', 2) + CHILD, 'cantTell');
  // one participant per category asked: a unit price each is the party's rate, read either way
  const oneAdult: ExchangeOptions = { values: { adults: 1, children: 0 } };
  judged(ADULT, 'passed', oneAdult);
  judged(ADULT + ADULT, 'failed', oneAdult);
});

test('AAV-PARTICIPANTS: "their products and rates": an activity with no rate anywhere fails', () => {
  const echoed =
    '<ParticipantCount Quantity="2"><QualifierInfo>10</QualifierInfo></ParticipantCount><ParticipantCount Quantity="1"><QualifierInfo>8</QualifierInfo></ParticipantCount>';
  const noPricing = activity().replace(/<Pricing>.*<\/Pricing>/, echoed);
  expectRule(rule('AAV-PARTICIPANTS'), x({}, noPricing), 'failed');
  expectRule(rule('AAV-PARTICIPANTS'), x({}, activity({ pricing: '' })), 'failed');
  // price-like content in a place the suite does not know: cannot tell, with the way to name it
  const own = activity().replace(/<Pricing>.*<\/Pricing>/, `${echoed}<TPA_Extensions><Rate Value="115.00"/></TPA_Extensions>`);
  const assertion = expectRule(rule('AAV-PARTICIPANTS'), x({}, own), 'cantTell');
  assert.match(assertion.reasons.join(' '), /OTA_REPLY_PROFILE/);
});

test('AAV-CATEGORIES: each category asked at its own rate; a child in the adult category is a warning', () => {
  const judged = (pricing: string, outcome: 'passed' | 'failed' | 'cantTell') =>
    expectRule(rule('AAV-CATEGORIES'), x({}, activity({ pricing })), outcome, undefined, pricing);
  judged(party(), 'passed');
  judged(ADULT + ADULT + CHILD, 'passed');
  judged(ADULT + CHILD + group(3), 'passed');
  judged(category('10', 3), 'failed');
  judged(ADULT + ADULT + ADULT, 'failed');
  judged(ADULT + group(3, '135.00'), 'failed');
  judged(summary('135.00') + ADULT, 'failed');
  // the size differs: AAV-PARTICIPANTS' finding; no category count to compare
  judged(category('10', 1) + category('8', 1), 'cantTell');
  judged('<Summary Amount="115.00"/>', 'cantTell');
  expectRule(rule('AAV-CATEGORIES'), x({}, activity().replace(/<Pricing>.*<\/Pricing>/, '')), 'cantTell');
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
  // amounts in another currency are never compared with MaximumPrice (AAV-CURRENCY's finding)
  const dollars = category('10', 2, '80.00').replace('CurrencyCode="EUR"', 'CurrencyCode="USD"');
  const assertion = expectRule(rule('AAV-MAXPRICE'), x(MAX_60, activity({ pricing: dollars })), 'cantTell');
  assert.match(assertion.reasons.join(' '), /USD.*EUR/);
  expectRule(
    rule('AAV-MAXPRICE'),
    x(MAX_60, activity({ pricing: '<ParticipantCategory><QualifierInfo>Adult</QualifierInfo></ParticipantCategory>' })),
    'cantTell',
  );
});

test('AAV-DECIMALS: decimals written, or as minor units with DecimalPlaces on the amount or in ProcessingInformation', () => {
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
  expectRule(rule('AAV-DECIMALS'), x({}, activity({ pricing: amount('Amount="45.00" CurrencyCode="EUR" DecimalPlaces="3"') })), 'failed');
  expectRule(rule('AAV-DECIMALS'), x({}, activity({ pricing: amount('Amount="45.00" CurrencyCode="USD"') })), 'passed');
  expectRule(rule('AAV-DECIMALS'), x({}, activity({ pricing: '' })), 'cantTell');
});

test('AAV-CURRENCY: amounts in the currency asked, on the amount or in ProcessingInformation; another currency names both', () => {
  const amount = (attrs: string) => `<Summary ${attrs}/>`;
  const withInfo = (info: string, attrs: string) =>
    rs('OTA_TourActivityAvailRS', `<Success/>${info}${activity({ pricing: amount(attrs) })}`);
  expectRule(rule('AAV-CURRENCY'), x({}, activity()), 'passed');
  expectRule(
    rule('AAV-CURRENCY'),
    exchange('activityavailability', withInfo('<ProcessingInformation PricingCurrency="EUR" DecimalPlaces="2"/>', 'Amount="45.00"')),
    'passed',
  );
  const usd = expectRule(rule('AAV-CURRENCY'), x({}, activity({ pricing: amount('Amount="45.00" CurrencyCode="USD"') })), 'failed');
  assert.match(`${usd.findings[0].expected} ${usd.findings[0].found}`, /EUR.*USD/);
  expectRule(rule('AAV-CURRENCY'), exchange('activityavailability', withInfo('', 'Amount="45.00"')), 'cantTell');
  expectRule(rule('AAV-CURRENCY'), x({}, activity({ pricing: '' })), 'cantTell');
});

test('AAV-LOCATION, AAV-DATES: a hotel and no product (a form the spec does not state): what is served is judged, a refusal or nothing is not', () => {
  const abroad = activity({
    id: 'P9',
    product: 'P9',
    pickup: '<PickupDropoff LocationName="H9" PickupInd="true"/>',
    location: '<Location><Address><CityName>Faro</CityName><CountryName Code="PT">Portugal</CountryName></Address></Location>',
  });
  const h1 = { kind: 'hotel' as const, code: 'H1', country: ['ES'], region: ['Mallorca'], source: 'hotel descriptive data of H1' };
  expectOutcome(rule('AAV-LOCATION').check(x(HOTEL_ONLY, activity(), abroad), {}, corroborationOf([h1])), 'failed');
  expectOutcome(rule('AAV-LOCATION').check(x(HOTEL_ONLY, activity()), {}, corroborationOf([h1])), 'passed');
  const errors = rs('OTA_TourActivityAvailRS', '<Errors><Error Type="10" Code="321">Product required</Error></Errors>');
  for (const req of ['AAV-LOCATION', 'AAV-DATES'] as const) {
    for (const refused of [
      exchange('activityavailability', errors, HOTEL_ONLY),
      exchange('activityavailability', 'product required', { ...HOTEL_ONLY, status: 400, contentType: 'text/plain' }),
      exchange('activityavailability', rs('OTA_TourActivityAvailRS', '<Success/>'), HOTEL_ONLY),
      exchange('activityavailability', errors, PRODUCT_ONLY),
    ]) {
      const assertion = rule(req).check(refused);
      assert.ok(assertion.notApplicable, `${req}: ${JSON.stringify(assertion)}`);
      assert.match(assertion.notApplicable, /AAV-(HOTEL|PRODUCT)-ONLY judges that/);
    }
    // on the stated form a refusal is never set aside
    assert.equal(rule(req).check(exchange('activityavailability', errors)).notApplicable, undefined);
  }
  // a product and no hotel: another product is a finding of the MUST too
  expectRule(rule('AAV-LOCATION'), x(PRODUCT_ONLY, activity({ id: 'P2', product: 'P2', pickup: '' })), 'failed');
  expectRule(rule('AAV-DATES'), x(HOTEL_ONLY, activity({ schedule: '<Detail Start="2030-07-01"/>' })), 'failed');
});

test("a target's reply profile adds its own places before the defaults", () => {
  const acme = (code: '10' | '8', pax: number) =>
    `<ParticipantCategory><QualifierInfo>${code}</QualifierInfo><Price Amount="45.00" CurrencyCode="EUR"/><TPA_Extensions><Acme Pax="${pax}"/></TPA_Extensions></ParticipantCategory>`;
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

// One amount, one currency, two placements that disagree: EUR (asked) on the amount, USD in
// ProcessingInformation. Every placement is read: a finding, never a pass.
test('AAV-CURRENCY: an amount in the currency asked beside a PricingCurrency that says another fails', () => {
  const reply = (info: string) =>
    exchange(
      'activityavailability',
      rs('OTA_TourActivityAvailRS', `<Success/>${info}${activity({ pricing: '<Summary Amount="45.00" CurrencyCode="EUR"/>' })}`),
    );
  const assertion = expectRule(rule('AAV-CURRENCY'), reply('<ProcessingInformation PricingCurrency="USD"/>'), 'failed');
  assert.match(
    assertion.findings.map((f) => f.found).join(' '),
    /EUR at @CurrencyCode; USD at \/\*\/ota:ProcessingInformation\/@PricingCurrency/,
  );
  expectRule(rule('AAV-CURRENCY'), reply('<ProcessingInformation PricingCurrency="EUR"/>'), 'passed');
});
