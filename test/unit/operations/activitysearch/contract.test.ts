// Activity search: each rule passes a conforming reply (at every place a fact may sit), fails a
// reply that shows a contradiction, and cannot tell when the reply does not show the fact.
// The request (test/support/fixtures/test-data.ts) searches around hotel H1 (product P1) from 2030-06-01 to 2030-06-04.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract } from '../../../../src/operations/activitysearch/contract';
import { TEST_DATA } from '../../../support/fixtures/test-data';
import { exchange, expectRule, loadXml, noReply, prefixed, rs, ruleOf, type ExchangeOptions } from '../../../support/contracts';

before(loadXml);

const rule = (req: Parameters<typeof ruleOf>[1]) => ruleOf(contract, req);

interface Found {
  id?: string;
  basic?: string;
  schedule?: string;
  location?: string;
  pickup?: string;
}
const found = (o: Found = {}) =>
  `<TourActivityInfo>${o.basic ?? `<BasicInfo TourActivityID="${o.id ?? 'P1'}" Name="Boat trip"/>`}` +
  `<Schedule>${o.schedule ?? '<Detail Start="2030-06-02"/>'}</Schedule>` +
  `${o.location ?? '<Location><Region RegionName="Mallorca"/></Location>'}` +
  `${o.pickup ?? '<PickupDropoff LocationName="H1" PickupInd="true"/>'}</TourActivityInfo>`;
const reply = (...infos: string[]) => rs('OTA_TourActivitySearchRS', `<Success/>${infos.join('')}`);
const x = (opts: ExchangeOptions, ...infos: string[]) => exchange('activitysearch', reply(...infos), opts);
const HOTEL_ONLY: ExchangeOptions = { edit: (r) => r.remove("ota:SearchCriteria/ota:LocationPref[@Context='Service']") };
/** An activity whose Location shows a town or area and a country, at `hotel` (none: no pickup). */
const inCountry = (area: string, country: string, id = 'P1', hotel = 'H1') =>
  found({
    id,
    location: `<Location><Address><CityName>${area}</CityName><CountryName>${country}</CountryName></Address><Region RegionName="${area}"/></Location>`,
    pickup: hotel ? `<PickupDropoff LocationName="${hotel}" PickupInd="true"/>` : '',
  });
/** `o` with the test data set: its emptyPlace, Atlantis, is a place the suite knows to be another. */
const withData = (o: ExchangeOptions = {}): ExchangeOptions => ({
  ...o,
  edit: (request) => {
    o.edit?.(request);
    request.testData = TEST_DATA;
  },
});
const elsewhere = (area: string, hotel = 'H7') =>
  found({ id: 'P9', location: `<Location><Region RegionName="${area}"/></Location>`, pickup: `<PickupDropoff LocationName="${hotel}"/>` });

test('ASR-SUCCESS: activities with some descriptive data pass; none, or one with no descriptive data, fail', () => {
  expectRule(rule('ASR-SUCCESS'), x({}, found()), 'passed');
  expectRule(rule('ASR-SUCCESS'), x({}, found({ basic: '<BasicInfo TourActivityID="P1"/>' })), 'passed');
  const described = found({
    basic: '<BasicInfo TourActivityID="P1"/><Description><ShortDescription><![CDATA[ A boat ]]></ShortDescription></Description>',
    location: '',
  });
  expectRule(rule('ASR-SUCCESS'), exchange('activitysearch', prefixed(reply(described))), 'passed');
  expectRule(rule('ASR-SUCCESS'), x({}), 'failed');
  expectRule(rule('ASR-SUCCESS'), x({}, found({ basic: '<BasicInfo TourActivityID="P1"/>', location: '' })), 'failed');
  expectRule(rule('ASR-SUCCESS'), noReply('activitysearch'), 'cantTell');
  // text where the suite knows no descriptive data: perhaps that data, in a layout the spec does not show
  const unknown = found({ basic: '<BasicInfo TourActivityID="P1"/><Summary><Title>Boat trip</Title></Summary>', location: '' });
  expectRule(rule('ASR-SUCCESS'), x({}, unknown), 'cantTell');
});

// A language tag, the activity's own code or a value the request sent is no descriptive data: an
// item made of them acknowledges the search and describes nothing.
test('ASR-SUCCESS: a bare Language, a Name that is the code or a request value is no descriptive data; a description in any placement is', () => {
  const only = (basic: string, more = '') => found({ basic: `${basic}${more}`, location: '', pickup: '' });
  for (const [basic, more] of [
    ['<BasicInfo TourActivityID="P1"/>', '<Description Language="en"/>'],
    [
      '<BasicInfo TourActivityID="P1"/>',
      '<Description Language="en" ID_Context="SBX"><ShortDescription>P1</ShortDescription></Description>',
    ],
    ['<BasicInfo TourActivityID="P1" Name="P1"/>', ''],
    ['<BasicInfo TourActivityID="T-77" SupplierProductCode="SP-9" Name="SP-9"/>', ''],
    // the hotel asked (a request value) as the name
    ['<BasicInfo TourActivityID="T-77" Name="H1"/>', ''],
    ['<BasicInfo TourActivityID="P1"/>', '<Location><Region RegionCode="Product">P1</Region></Location>'],
  ])
    expectRule(rule('ASR-SUCCESS'), x({}, only(basic, more)), 'failed', undefined, `${basic}${more}`);
  for (const [basic, more] of [
    ['<BasicInfo TourActivityID="P1"/>', '<Description Language="en">Boat trip around the bay</Description>'],
    ['<BasicInfo TourActivityID="P1"/>', '<Description Language="en"><LongDescription>Boat trip</LongDescription></Description>'],
    ['<BasicInfo TourActivityID="P1" Name="Boat trip"/>', '<Description Language="en"/>'],
    ['<BasicInfo TourActivityID="P1"/>', '<Location><Region RegionName="Mallorca"/></Location>'],
    ['<BasicInfo TourActivityID="P1"/>', '<CategoryAndType><Category>Boat tours</Category></CategoryAndType>'],
    ['<BasicInfo TourActivityID="P1" ShortName="Boat"/>', ''],
  ])
    expectRule(rule('ASR-SUCCESS'), x({}, only(basic, more)), 'passed', undefined, `${basic}${more}`);
});

test('ASR-AREA: at the hotel, or in the area of the activities at the hotel', () => {
  expectRule(rule('ASR-AREA'), x({}, found()), 'passed');
  expectRule(
    rule('ASR-AREA'),
    x({}, found({ pickup: '', location: '<Location><Region RegionCode="HotelCode" RegionName="Mallorca">H1</Region></Location>' })),
    'passed',
  );
  expectRule(rule('ASR-AREA'), x({}, found(), elsewhere('mallorca ')), 'passed');
  // another place of the test data fails; another name at the same place, or another town (CityName), cannot
  // tell: an area holds several, named at any grain ("Mallorca" beside "Palma", review r1 finding 1)
  expectRule(rule('ASR-AREA'), x(withData(), found(), elsewhere('Atlantis')), 'failed');
  expectRule(rule('ASR-AREA'), x({}, found(), elsewhere('Algarve')), 'cantTell');
  const region = (name: string, id: string, pickup = '') =>
    found({ id, location: `<Location><Region RegionName="${name}"/></Location>`, pickup });
  const atH1 = '<PickupDropoff LocationName="H1" PickupInd="true"/>';
  for (const [home, wider] of [
    ['Palma', 'Mallorca'],
    ['Mallorca', 'Alcúdia'],
    ['Mallorca', 'Serra de Tramuntana'],
    ['Mallorca', 'Mallorca (Islas Baleares)'],
  ])
    expectRule(rule('ASR-AREA'), x({}, region(home, 'P1', atH1), region(wider, 'P2')), 'cantTell', undefined, `${home} beside ${wider}`);
  const town = (name: string, id: string, hotel: string) =>
    found({
      id,
      location: `<Location><Address><CityName>${name}</CityName></Address></Location>`,
      pickup: `<PickupDropoff LocationName="${hotel}"/>`,
    });
  expectRule(rule('ASR-AREA'), x({}, town('Palma', 'P1', 'H1'), town('Alcúdia', 'P9', 'H7')), 'cantTell');
  // another country (by name in any language, or ISO code) than the hotel's activities: out of the area
  expectRule(rule('ASR-AREA'), x({}, inCountry('Mallorca', 'Spain'), inCountry('Algarve', 'Portugal', 'P9', 'H7')), 'failed');
  expectRule(rule('ASR-AREA'), x({}, inCountry('Mallorca', 'ES'), inCountry('Crete', 'Ελλάδα', 'P9', '')), 'failed');
  expectRule(rule('ASR-AREA'), x({}, inCountry('Palma', 'Spain'), inCountry('Palma', 'España', 'P9', 'H7')), 'passed');
  expectRule(rule('ASR-AREA'), x({}, elsewhere('Algarve')), 'cantTell');
  expectRule(rule('ASR-AREA'), x({}, found({ pickup: '', location: '' })), 'cantTell');
});

test('ASR-DATES: start dates from Detail or Summary within DateTimePref', () => {
  expectRule(rule('ASR-DATES'), x({}, found()), 'passed');
  expectRule(rule('ASR-DATES'), x({}, found({ schedule: '<Summary Start="2030-06-01" End="2030-06-04"/>' })), 'passed');
  expectRule(rule('ASR-DATES'), x({}, found({ schedule: '<Detail Start="2030-06-05"/>' })), 'failed');
  // a Schedule with Detail days is judged by them, not by the season around them
  const season = '<Summary Start="2030-05-01" End="2030-10-31"/>';
  expectRule(rule('ASR-DATES'), x({}, found({ schedule: `${season}<Detail Start="2030-07-01"/>` })), 'failed');
  expectRule(rule('ASR-DATES'), x({}, found({ schedule: `${season}<Detail Start="2030-06-02"/><Detail Start="2030-07-01"/>` })), 'passed');
  // a Detail season (Start with End) through its Summary's window agrees with it (review r1 finding 5)
  const window = '<Summary Start="2030-06-01" End="2030-06-04"/>';
  expectRule(rule('ASR-DATES'), x({}, found({ schedule: `${window}<Detail Start="2030-05-01" End="2030-10-31"/>` })), 'passed');
  expectRule(rule('ASR-DATES'), x({}, found({ schedule: `${window}<Detail Start="2030-07-01" End="2030-07-31"/>` })), 'failed');
  expectRule(rule('ASR-DATES'), x({}, found({ schedule: '' })), 'cantTell');
});

test('ASR-HOTEL-ONLY: a search without product is served with activities of the area', () => {
  expectRule(rule('ASR-HOTEL-ONLY'), x(HOTEL_ONLY, found(), elsewhere('Mallorca')), 'passed');
  expectRule(rule('ASR-HOTEL-ONLY'), x(HOTEL_ONLY, inCountry('Mallorca', 'Spain'), inCountry('Algarve', 'Portugal', 'P9', 'H7')), 'failed');
  expectRule(rule('ASR-HOTEL-ONLY'), x(HOTEL_ONLY), 'failed');
  expectRule(rule('ASR-HOTEL-ONLY'), x({}, found()), 'cantTell');
  expectRule(rule('ASR-HOTEL-ONLY'), x(HOTEL_ONLY, found({ pickup: '', location: '' })), 'cantTell');
});

test('ASR-AREA, ASR-DATES: a hotel and no product (a form the spec does not state): what is served is judged, a refusal or nothing is not', () => {
  // "in an area": the search that reveals an area ignored names no product
  expectRule(rule('ASR-AREA'), x(withData(HOTEL_ONLY), found(), elsewhere('Atlantis')), 'failed');
  expectRule(rule('ASR-AREA'), x(HOTEL_ONLY, found()), 'passed');
  const errors = rs('OTA_TourActivitySearchRS', '<Errors><Error Type="10" Code="321">Product required</Error></Errors>');
  for (const req of ['ASR-AREA', 'ASR-DATES'] as const) {
    for (const refused of [
      exchange('activitysearch', errors, HOTEL_ONLY),
      exchange('activitysearch', 'product required', { ...HOTEL_ONLY, status: 404, contentType: 'text/plain' }),
      exchange('activitysearch', rs('OTA_ErrorRS', '', 'ErrorCode="321"'), { ...HOTEL_ONLY, status: 400 }),
      exchange('activitysearch', rs('OTA_TourActivitySearchRS', '<Success/>'), HOTEL_ONLY),
    ]) {
      const assertion = rule(req).check(refused);
      assert.match(
        assertion.notApplicable ?? '',
        /a hotel and no product.*ASR-HOTEL-ONLY judges that/,
        `${req}: ${JSON.stringify(assertion)}`,
      );
    }
    // the stated form: a refusal is never set aside
    assert.equal(rule(req).check(exchange('activitysearch', errors)).notApplicable, undefined);
  }
  // content the suite cannot read is not "nothing served": cannot tell
  const unknown = rs('OTA_TourActivitySearchRS', '<Success/><Offers><Offer Ref="X1"/></Offers>');
  expectRule(rule('ASR-AREA'), exchange('activitysearch', unknown, HOTEL_ONLY), 'cantTell');
  expectRule(rule('ASR-DATES'), x(HOTEL_ONLY, found({ schedule: '<Detail Start="2030-07-01"/>' })), 'failed');
});

// A state or province that the ISO 3166-2 datasets place in one country only: beside another country
// (the activity's own, or the hotel's area) the placements disagree; a shared name decides nothing.
test('ASR-AREA: a region of another country, in the activity or against the hotel area, fails; a shared or unknown name cannot', () => {
  const at = (address: string, id = 'P9', hotel = '') =>
    found({
      id,
      location: `<Location><Address>${address}</Address></Location>`,
      pickup: hotel ? `<PickupDropoff LocationName="${hotel}" PickupInd="true"/>` : '',
    });
  const home = inCountry('Mallorca', 'Spain');
  // one activity, even at the hotel, shown in a region of Greece and in Spain: its placements disagree
  expectRule(rule('ASR-AREA'), x({}, at('<StateProv>Crete</StateProv><CountryName>Spain</CountryName>', 'P1', 'H1')), 'failed');
  expectRule(rule('ASR-AREA'), x({}, at('<StateProv StateCode="GR-M"/><CountryName Code="ES"/>', 'P1', 'H1')), 'failed');
  // the hotel's activities are in Spain: one in a region of Greece only is out of the area
  expectRule(rule('ASR-AREA'), x({}, home, at('<StateProv>Kriti</StateProv>')), 'failed');
  // a region of Spain, or a name several countries share, or a town: not placed out of the area
  expectRule(
    rule('ASR-AREA'),
    x({}, home, at('<StateProv>Illes Balears</StateProv><CountryName>España</CountryName>', 'P1', 'H1')),
    'passed',
  );
  expectRule(rule('ASR-AREA'), x({}, home, at('<StateProv>Granada</StateProv>')), 'cantTell');
  expectRule(rule('ASR-AREA'), x({}, home, at('<CityName>Lima</CityName>')), 'cantTell');
  // "Granada" is also Grenada's Spanish name: as an area (a town, a province) it is no country
  expectRule(rule('ASR-AREA'), x({}, home, at('<CityName>Granada</CityName>')), 'cantTell');
});
