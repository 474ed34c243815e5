// Hotel availability: each rule passes a conforming reply (at every place a fact may sit), fails a
// reply that shows a contradiction, and cannot tell when the reply does not show the fact.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract } from '../../../src/operations/hotelavailability/contract';
import { exchange, expectRule, loadXml, noReply, prefixed, rs, ruleOf, type ExchangeOptions } from './helpers';

before(loadXml);

const rule = (req: Parameters<typeof ruleOf>[1]) => ruleOf(contract, req);
const guests = (adults = 2, children = 1) =>
  `<GuestCounts><GuestCount AgeQualifyingCode="10" Count="${adults}"/>` +
  `${children ? `<GuestCount AgeQualifyingCode="8" Count="${children}"/>` : ''}</GuestCounts>`;
const address = (country = 'Spain', region = 'Mallorca') =>
  `<Address><CityName>Palma</CityName><StateProv>${region}</StateProv><CountryName Code="ES">${country}</CountryName></Address>`;
const stay = (code = 'A', o: { address?: string; guests?: string; dates?: string } = {}) =>
  `<RoomStay>${o.guests ?? guests()}${o.dates ?? '<TimeSpan Start="2030-06-01" End="2030-06-04"/>'}` +
  `<BasicPropertyInfo HotelCode="${code}">${o.address ?? address()}</BasicPropertyInfo></RoomStay>`;
const reply = (stays: string) => rs('OTA_HotelAvailRS', `<Success/><RoomStays>${stays}</RoomStays>`, 'EchoToken="E1"');
const x = (stays: string, opts: ExchangeOptions = {}) => exchange('hotelavailability', reply(stays), opts);
const REGION: ExchangeOptions = {
  edit: (r) => r.setAttribute('//ota:RefPoint', 'CodeContext', 'Region').setText('//ota:RefPoint', 'Mallorca'),
};

test('HAV-SUCCESS: served with hotels passes; served with none fails; a refusal fails; no reply cannot tell', () => {
  expectRule(rule('HAV-SUCCESS'), x(stay('A') + stay('B')), 'passed');
  expectRule(rule('HAV-SUCCESS'), exchange('hotelavailability', prefixed(reply(stay('A')))), 'passed');
  expectRule(rule('HAV-SUCCESS'), x(''), 'failed');
  expectRule(
    rule('HAV-SUCCESS'),
    exchange('hotelavailability', rs('OTA_ErrorRS', '<Errors><Error Type="3" Code="392"/></Errors>')),
    'failed',
  );
  expectRule(rule('HAV-SUCCESS'), noReply('hotelavailability'), 'cantTell');
});

// The spec shows no reply layout: hotels in a place the suite does not know are not "none".
test('HAV-SUCCESS and HAV-EMPTY: content in unknown places cannot tell; only a reply that shows nothing else is empty', () => {
  const unknown = exchange(
    'hotelavailability',
    rs('OTA_HotelAvailRS', '<Success/><Properties><Property HotelCode="A"><Name>Hotel A</Name></Property></Properties>'),
  );
  const c = rule('HAV-SUCCESS').check(unknown);
  assert.equal(c.outcome, 'cantTell');
  assert.match(c.reasons.join(' '), /other content \(Properties\).*OTA_REPLY_PROFILE/);
  expectRule(rule('HAV-EMPTY'), unknown, 'cantTell');
  for (const empty of [
    '<Success/>',
    '<Success/><RoomStays/>',
    '<Success/><Warnings><Warning Type="1">no availability</Warning></Warnings>',
  ])
    expectRule(rule('HAV-SUCCESS'), exchange('hotelavailability', rs('OTA_HotelAvailRS', empty)), 'failed');
});

test('HAV-EMPTY: no hotel passes, a hotel fails, no reply cannot tell', () => {
  expectRule(rule('HAV-EMPTY'), x(''), 'passed');
  expectRule(rule('HAV-EMPTY'), x(stay('A')), 'failed');
  expectRule(rule('HAV-EMPTY'), noReply('hotelavailability'), 'cantTell');
});

test('HAV-MAXRESPONSES: results beyond MaxResponses (2) fail, counted per element or per hotel', () => {
  expectRule(rule('HAV-MAXRESPONSES'), x(stay('A') + stay('B')), 'passed');
  expectRule(rule('HAV-MAXRESPONSES'), x(stay('A') + stay('A') + stay('B')), 'passed');
  expectRule(rule('HAV-MAXRESPONSES'), x(stay('A') + stay('B') + stay('C')), 'failed');
  expectRule(rule('HAV-MAXRESPONSES'), x(stay('A'), { edit: (r) => r.removeAttribute('/*', 'MaxResponses') }), 'cantTell');
});

test('HAV-PLACE: the country or region is read from every address place', () => {
  expectRule(rule('HAV-PLACE'), x(stay('A')), 'passed');
  expectRule(rule('HAV-PLACE'), x(stay('A', { address: '<Address><CountryName>  spain </CountryName></Address>' })), 'passed');
  expectRule(rule('HAV-PLACE'), x(stay('A', { address: address('Portugal') })), 'failed');
  expectRule(rule('HAV-PLACE'), x(stay('A', { address: '' })), 'cantTell');
  expectRule(rule('HAV-PLACE'), x(stay('A'), REGION), 'passed');
  expectRule(
    rule('HAV-PLACE'),
    x(stay('A', { address: '<Address><CityName>Mallorca</CityName><StateProv>Illes Balears</StateProv></Address>' }), REGION),
    'passed',
  );
  expectRule(rule('HAV-PLACE'), x(stay('A', { address: address('Spain', 'Tenerife') }), REGION), 'failed');
});

test('HAV-DATES: TimeSpan or rates by period in any order', () => {
  const rates = (a: string, b: string) => `<RoomRates><RoomRate><Rates>${[a, b].join('')}</Rates></RoomRate></RoomRates>`;
  const early = '<Rate EffectiveDate="2030-06-01" ExpireDate="2030-06-03"/>';
  const late = '<Rate EffectiveDate="2030-06-03" ExpireDate="2030-06-04"/>';
  expectRule(rule('HAV-DATES'), x(stay('A')), 'passed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: rates(late, early) })), 'passed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: '<TimeSpan Start="2030-06-02" End="2030-06-04"/>' })), 'failed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: '<TimeSpan Start="2030-06-01" End="2030-06-05"/>' })), 'failed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: '' })), 'cantTell');
});

test('HAV-GUESTS: one party per GuestCounts, or shared by the rooms of a stay', () => {
  const perRate = (...gs: string[]) => `<RoomRates>${gs.map((g) => `<RoomRate>${g}</RoomRate>`).join('')}</RoomRates>`;
  expectRule(rule('HAV-GUESTS'), x(stay('A')), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: perRate(guests(), guests()) })), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: perRate(guests(1, 1), guests(1, 0)) })), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: guests(3) })), 'failed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: '' })), 'cantTell');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: '<GuestCounts><GuestCount Age="35" Count="2"/></GuestCounts>' })), 'cantTell');
});
