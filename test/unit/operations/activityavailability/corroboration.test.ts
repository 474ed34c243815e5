// AAV-LOCATION and ASR-AREA with corroboration: an activity the reply shows in
// places that cannot all hold is in none of them; an activity or hotel description counts only
// for the code it names, and one that places its subject in two countries places it nowhere.
// The request (test/support/fixtures/test-data.ts) asks hotel H1 and product P1.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract as availability } from '../../../../src/operations/activityavailability/contract';
import { contract as search } from '../../../../src/operations/activitysearch';
import { activityDescription } from '../../../../src/operations/activitynbc';
import { hotelDescription } from '../../../../src/operations/hotelnbc';
import { corroborationOf, type Description } from '../../../../src/contracts/corroboration';
import { exchange, expectOutcome, loadXml, rs, ruleOf } from '../../../support/contracts';

before(loadXml);

const info = (location: string, pickup = '') =>
  `<TourActivityInfo><BasicInfo TourActivityID="P1" Name="Boat"/><Schedule><Detail Start="2030-06-02"/></Schedule>${location}${pickup}</TourActivityInfo>`;
const x = (...infos: string[]) => exchange('activityavailability', rs('OTA_TourActivityAvailRS', `<Success/>${infos.join('')}`));
const h1: Description = { kind: 'hotel', code: 'H1', country: ['ES'], region: ['Mallorca'], source: 'hotel descriptive data of H1' };
const nbc = (op: 'hotelnbc' | 'activitynbc', content: string) =>
  exchange(
    op,
    op === 'hotelnbc'
      ? rs('OTA_HotelDescriptiveInfoRS', `<Success/><HotelDescriptiveContents>${content}</HotelDescriptiveContents>`)
      : rs('OTA_ProductDescriptiveInfoRS', `<Success/><ProductDescriptiveContents>${content}</ProductDescriptiveContents>`),
  );

test("an activity the reply shows in two countries fails AAV-LOCATION and ASR-AREA, even when one is the hotel's", () => {
  const two = info('<Location><Address><CountryName Code="ES">Portugal</CountryName></Address></Location>');
  const searched = exchange('activitysearch', rs('OTA_TourActivitySearchRS', `<Success/>${two}`));
  for (const [rule, reply] of [
    [ruleOf(availability, 'AAV-LOCATION'), x(two)],
    [ruleOf(search, 'ASR-AREA'), searched],
  ] as const) {
    const assertion = expectOutcome(rule.check(reply, {}, corroborationOf([h1])), 'failed');
    assert.match(assertion.findings[0].found, /several countries \(ES, PT\)/);
  }
  // a town, a region and one country: a legitimate place
  const legit = info(
    '<Location><Address><CityName>Palma</CityName><StateProv>Mallorca</StateProv><CountryName Code="ES">España</CountryName></Address></Location>',
  );
  expectOutcome(ruleOf(availability, 'AAV-LOCATION').check(x(legit), {}, corroborationOf([h1])), 'passed');
});

test("an activity's descriptive data about another activity, or in two countries, decides nothing: cannot tell", () => {
  const rule = ruleOf(availability, 'AAV-LOCATION');
  const bare = x(info(''));
  const content = (id: string, countries: string[]) =>
    `<TourActivityDescriptiveContent TourActivityID="${id}"><Location>${countries.map((c) => `<Address><CountryName>${c}</CountryName></Address>`).join('')}` +
    `<Region RegionName="Algarve"/></Location></TourActivityDescriptiveContent>`;
  const other = activityDescription(nbc('activitynbc', content('P2', ['Portugal'])), 'P1', 'activity descriptive data of P1');
  assert.match(other.problem ?? '', /describes activity P2, not P1/);
  const assertion = expectOutcome(rule.check(bare, {}, corroborationOf([h1, other])), 'cantTell');
  assert.match(assertion.reasons.join(' '), /describes activity P2, not P1/);
  // the same reply about P1 decides: another country than the hotel's
  const same = activityDescription(nbc('activitynbc', content('P1', ['Portugal'])), 'P1', 'activity descriptive data of P1');
  expectOutcome(rule.check(bare, {}, corroborationOf([h1, same])), 'failed');
  const lying = activityDescription(nbc('activitynbc', content('P1', ['Spain', 'Portugal'])), 'P1', 'activity descriptive data of P1');
  assert.match(lying.problem ?? '', /several countries/);
  expectOutcome(rule.check(bare, {}, corroborationOf([h1, lying])), 'cantTell');
});

test("the requested hotel's descriptive data about another hotel does not place the hotel", () => {
  const rule = ruleOf(availability, 'AAV-LOCATION');
  const abroad = x(info('<Location><Address><CityName>Faro</CityName></Address></Location>'));
  const address = (code: string, country: string, region: string) =>
    `<HotelDescriptiveContent HotelCode="${code}"><ContactInfos><ContactInfo><Addresses><Address><StateProv>${region}</StateProv>` +
    `<CountryName>${country}</CountryName></Address></Addresses></ContactInfo></ContactInfos></HotelDescriptiveContent>`;
  // once a single description was used whatever hotel it named: here it would place H1 in Faro
  const other = hotelDescription(nbc('hotelnbc', address('H9', 'Portugal', 'Faro')), 'H1', 'hotel descriptive data of H1');
  assert.equal(other.region.length, 0);
  const assertion = expectOutcome(rule.check(abroad, {}, corroborationOf([other])), 'cantTell');
  assert.match(assertion.reasons.join(' '), /describes hotel H9, not H1/);
  const right = hotelDescription(nbc('hotelnbc', address('H1', 'Portugal', 'Faro')), 'H1', 'hotel descriptive data of H1');
  assert.deepEqual(right.region, ['Faro']);
});

// One activity's area in two placements: its Region and its Address. The activity picks up at the
// hotel asked; its placements must still agree.
test('an activity whose Region names the area asked and whose Address is elsewhere, or the reverse, fails AAV-LOCATION and ASR-AREA', () => {
  const pickup = '<PickupDropoff LocationName="H1" PickupInd="true"/>';
  const at = (region: string, city: string, state: string, country: string, code: string) =>
    info(
      `<Location><Address><CityName>${city}</CityName><StateProv>${state}</StateProv><CountryName Code="${code}">${country}</CountryName></Address>` +
        `<Region RegionName="${region}"/></Location>`,
      pickup,
    );
  const mallorca = at('Mallorca', 'Palma', 'Illes Balears', 'Spain', 'ES');
  const lapland = at('Mallorca', 'Rovaniemi', 'Lapland', 'Finland', 'FI');
  const regionElsewhere = at('Lapland', 'Palma', 'Illes Balears', 'Spain', 'ES');
  const judged = (rule: 'AAV-LOCATION' | 'ASR-AREA', ...infos: string[]) =>
    rule === 'AAV-LOCATION'
      ? ruleOf(availability, rule).check(x(...infos), {}, corroborationOf([h1]))
      : ruleOf(search, rule).check(
          exchange('activitysearch', rs('OTA_TourActivitySearchRS', `<Success/>${infos.join('')}`)),
          {},
          corroborationOf([h1]),
        );
  for (const rule of ['AAV-LOCATION', 'ASR-AREA'] as const) {
    // placements that agree
    expectOutcome(judged(rule, mallorca, mallorca), 'passed');
    // the area asked in the Region, Finland in the Address (the other activity and the hotel's descriptive data say Spain)
    assert.match(expectOutcome(judged(rule, mallorca, lapland), 'failed').findings[0].found, /Mallorca.*FI/);
    // a region of Finland only in the Region, Spain in the Address
    assert.match(expectOutcome(judged(rule, regionElsewhere), 'failed').findings[0].found, /Lapland.*ES/);
    // what the datasets cannot place is not blamed: a Region that is a town, a test-data place or no subdivision
    expectOutcome(judged(rule, at('Sóller', 'Palma', 'Illes Balears', 'Spain', 'ES')), 'passed');
  }
});

// The hotel named beside the activity's own place: the hotel's code copied into every activity
// (a pickup, a Region RegionCode=HotelCode) is no pass when the activity's own place is in another
// country than the hotel's descriptive data (or the other activities at the hotel) places the hotel.
test("an activity at the hotel asked whose own place is in another country fails AAV-LOCATION and ASR-AREA; the hotel's country passes", () => {
  const pickup = '<PickupDropoff LocationName="H1" PickupInd="true"/>';
  const judged = (rule: 'AAV-LOCATION' | 'ASR-AREA', described: Description[], ...infos: string[]) =>
    rule === 'AAV-LOCATION'
      ? ruleOf(availability, rule).check(x(...infos), {}, corroborationOf(described))
      : ruleOf(search, rule).check(
          exchange('activitysearch', rs('OTA_TourActivitySearchRS', `<Success/>${infos.join('')}`)),
          {},
          corroborationOf(described),
        );
  const address = (inner: string) => `<Location><Address>${inner}</Address></Location>`;
  const elsewhere: Array<[string, string, RegExp]> = [
    [address('<CountryName>Italy</CountryName>'), pickup, /Italy.*\(IT\)/],
    [address('<StateProv>Sicilia</StateProv>'), pickup, /Sicilia.*\(IT\)/],
    ['<Location><Region RegionName="Sicilia"/></Location>', pickup, /Sicilia/],
    [address('<CountryName Code="PT"/>'), pickup, /PT/],
    // the hotel as the spec writes it (Region RegionCode=HotelCode), beside an address in Portugal
    [
      '<Location><Region RegionCode="HotelCode">H1</Region><Address><CityName>Faro</CityName><CountryName>Portugal</CountryName></Address></Location>',
      '',
      /Portugal/,
    ],
  ];
  const atHome: Array<[string, string]> = [
    [address('<CityName>Palma</CityName><CountryName Code="ES">España</CountryName>'), pickup],
    [address('<StateProv>Illes Balears</StateProv>'), pickup],
    ['<Location><Region RegionCode="Country">Spain</Region></Location>', pickup],
    ['<Location><Region RegionCode="HotelCode">H1</Region><Address><CountryName>Spain</CountryName></Address></Location>', ''],
  ];
  // names the datasets cannot place decide nothing: a town, an area of no ISO 3166-2 list, a name of several countries
  const undecided: Array<[string, string]> = [
    ['<Location><Region RegionName="Algarve"/></Location>', pickup],
    [address('<CityName>Faro</CityName>'), pickup],
    [address('<StateProv>Granada</StateProv>'), pickup],
  ];
  // a territory of the hotel's country (ISO 3166-2 FR-GP): one place, not two
  const france: Description = { ...h1, country: ['France'], region: [] };
  for (const rule of ['AAV-LOCATION', 'ASR-AREA'] as const)
    expectOutcome(judged(rule, [france], info(address('<CountryName Code="GP">Guadeloupe</CountryName>'), pickup)), 'passed');
  // a dependent territory the datasets tie to no country (PF, AW, GL; IC is no ISO 3166-1 country) may be filed
  // under its sovereign by the hotel's data: nothing is blamed, in either direction, nor beside the area asked
  const territories: Array<[string, string]> = [
    ['France', '<CountryName Code="PF">French Polynesia</CountryName>'],
    ['Netherlands', '<CountryName Code="AW">Aruba</CountryName>'],
    ['Denmark', '<CountryName Code="GL">Greenland</CountryName>'],
    ['Spain', '<CountryName Code="IC">Canary Islands</CountryName>'],
  ];
  for (const rule of ['AAV-LOCATION', 'ASR-AREA'] as const)
    for (const [country, shown] of territories) {
      expectOutcome(
        judged(rule, [{ ...h1, country: [country], region: [] }], info(address(shown), pickup)),
        'passed',
        `${rule}: ${country} ${shown}`,
      );
      const guadeloupe =
        '<Location><Region RegionName="Guadeloupe"/><Address><CountryName Code="GP">Guadeloupe</CountryName></Address></Location>';
      expectOutcome(
        judged(rule, [{ ...h1, country: ['France'], region: ['Guadeloupe'] }], info(guadeloupe, pickup)),
        'passed',
        `${rule}: GP`,
      );
    }
  // a StateProv written as its capital town, beside a Region of the area asked, is that town: Guadalajara in Jalisco
  const jalisco =
    '<Location><Region RegionName="Jalisco"/><Address><CityName>Guadalajara</CityName><StateProv>Guadalajara</StateProv></Address></Location>';
  for (const rule of ['AAV-LOCATION', 'ASR-AREA'] as const)
    expectOutcome(judged(rule, [{ ...h1, country: ['Mexico'], region: ['Jalisco'] }], info(jalisco, pickup)), 'passed', `${rule}: Jalisco`);
  for (const rule of ['AAV-LOCATION', 'ASR-AREA'] as const) {
    for (const [location, at, found] of elsewhere) {
      const assertion = expectOutcome(judged(rule, [h1], info(location, at)), 'failed', `${rule}: ${location}`);
      assert.match(assertion.findings[0].found, found);
      assert.match(assertion.findings[0].found, /beside the hotel named, whose area is in ES$/);
      // the hotel's own descriptive data places it there too: that country passes
      expectOutcome(
        judged(rule, [{ ...h1, country: assertion.findings[0].found.includes('IT') ? ['Italia'] : ['PT'] }], info(location, at)),
        'passed',
      );
    }
    for (const [location, at] of [...atHome, ...undecided])
      expectOutcome(judged(rule, [h1], info(location, at)), 'passed', `${rule}: ${location}`);
    // no description of the hotel: the other activities at the hotel place it; two countries at one hotel disagree
    const inSpain = info(address('<CountryName>Spain</CountryName>'), pickup);
    const inItaly = info(address('<CountryName>Italy</CountryName>'), pickup);
    expectOutcome(judged(rule, [], inSpain, inItaly), 'failed');
    expectOutcome(judged(rule, [], inItaly), 'passed');
  }
  // an activity at the hotel that shows a place of its own: the hotel's descriptive data is asked
  assert.deepEqual(ruleOf(availability, 'AAV-LOCATION').needs!(x(info(address('<CountryName>Italy</CountryName>'), pickup))), [
    { kind: 'hotel', code: 'H1' },
  ]);
  assert.deepEqual(ruleOf(availability, 'AAV-LOCATION').needs!(x(info('', pickup))), []);
});
