// HAV-PLACE with corroboration: a hotel the reply names by
// code only (at every placement, its HotelStay included) is placed by what the gateway's own hotel
// descriptive data shows of that hotel, never of another; a hotel shown in places that cannot all
// hold is in none; a refused, broken, silent or contradictory descriptive reply, or one that
// disagrees with the reply, leaves the requirement at cannot tell with that reason.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract } from '../../../../src/operations/hotelavailability/contract';
import { hotelDescription } from '../../../../src/operations/hotelnbc';
import { corroborationOf, type Description } from '../../../../src/contracts/corroboration';
import { exchange, expectOutcome, loadXml, noReply, rs, ruleOf, type OtaRequest } from '../../../support/contracts';
import { TEST_DATA } from '../../../support/fixtures/test-data';

before(loadXml);

const rule = ruleOf(contract, 'HAV-PLACE');
const stay = (code: string, inner = '') =>
  `<RoomStay><TimeSpan Start="2030-06-01" End="2030-06-04"/><BasicPropertyInfo HotelCode="${code}">${inner}</BasicPropertyInfo></RoomStay>`;
const x = (stays: string) => exchange('hotelavailability', rs('OTA_HotelAvailRS', `<Success/><RoomStays>${stays}</RoomStays>`));
const described = (code: string, country: string[], o: Partial<Description> = {}): Description => ({
  kind: 'hotel',
  code,
  country,
  region: [],
  source: `hotel descriptive data of ${code}`,
  ...o,
});
// the request's place: VALUES of test/support/contracts.ts (Country Spain)
/** A hotel descriptive data reply with these HotelDescriptiveContent elements. */
const contents = (...inner: string[]) =>
  exchange(
    'hotelnbc',
    rs('OTA_HotelDescriptiveInfoRS', `<Success/><HotelDescriptiveContents>${inner.join('')}</HotelDescriptiveContents>`),
  );
const content = (codeAttr: string, address: string) =>
  `<HotelDescriptiveContent${codeAttr}><ContactInfos><ContactInfo><Addresses>${address}</Addresses></ContactInfo></ContactInfos></HotelDescriptiveContent>`;
const nbc = (code: string, address: string) => contents(content(` HotelCode="${code}"`, address));

test('a hotel named by code only: it asks for that hotel, and judges with what the descriptive data shows', () => {
  const reply = x(stay('H1') + stay('H2'));
  assert.deepEqual(rule.needs!(reply), [
    { kind: 'hotel', code: 'H1' },
    { kind: 'hotel', code: 'H2' },
  ]);
  const same = corroborationOf([described('H1', ['ES']), described('H2', ['España'])]);
  expectOutcome(rule.check(reply, {}, same), 'passed');
  const other = expectOutcome(rule.check(reply, {}, corroborationOf([described('H1', ['ES']), described('H2', ['Italy'])])), 'failed');
  assert.match(other.findings[0].at, /hotel H2.*by hotel descriptive data of H2/);
  assert.equal(other.findings[0].found, 'Italy');
});

test('a hotel the reply places asks nothing; one it shows in another country fails without asking', () => {
  const placed = stay('H1', '<Address><CountryName Code="ES">Spain</CountryName></Address>');
  assert.deepEqual(rule.needs!(x(placed)), []);
  const odd = stay('H1', '<Address><CountryName>Atlantis</CountryName></Address>');
  assert.deepEqual(rule.needs!(x(odd)), [{ kind: 'hotel', code: 'H1' }]);
  const elsewhere = stay('H1', '<Address><CountryName>Atlantis</CountryName><CountryName Code="PT"/></Address>');
  assert.deepEqual(rule.needs!(x(elsewhere)), []);
  expectOutcome(rule.check(x(elsewhere), {}, corroborationOf([described('H1', ['ES'])])), 'failed');
});

// A hotel shown in four countries is in none of them, never "in the requested place".
test('a hotel the reply shows in several countries fails, even when one of them is the requested one', () => {
  const four = stay(
    'H1',
    '<Address><CountryName Code="ES">Spain</CountryName></Address><Address><CountryName Code="PT">Portugal</CountryName></Address>',
  );
  const assertion = expectOutcome(rule.check(x(four)), 'failed');
  assert.match(assertion.findings[0].expected, /hotel H1 in one place \(the requested Country Spain\)/);
  assert.match(assertion.findings[0].found, /several countries \(ES, PT\)/);
  assert.deepEqual(rule.needs!(x(four)), [], 'a hotel the reply places in none needs no corroboration');
  // one country in several forms, and a town, a province and a region beside it: a legitimate address
  const legit = stay(
    'H1',
    '<Address><CityName>Palma</CityName><StateProv>Illes Balears</StateProv><CountryName Code="ES">España</CountryName></Address>',
  );
  expectOutcome(rule.check(x(legit)), 'passed');
});

test('a hotel the reply shows in two places of the test data, neither another name of the other, fails; aliases join them', () => {
  const places = (placeAliases: Record<string, string[]>) => ({
    edit: (request: OtaRequest) => {
      request.setAttribute('//ota:RefPoint', 'CodeContext', 'Region').setText('//ota:RefPoint', 'Mallorca');
      request.testData = {
        ...TEST_DATA,
        placeAliases,
        hotelAvailability: {
          ...TEST_DATA.hotelAvailability,
          places: ['Mallorca', 'Tenerife', 'Baleares'].map((name) => ({ context: 'Region', name })),
        },
      };
    },
  });
  const both = stay('H1', '<Address><CityName>Palma</CityName><StateProv>Mallorca</StateProv><County>Tenerife</County></Address>');
  const reply = (o: { edit: (request: OtaRequest) => void }) =>
    exchange('hotelavailability', rs('OTA_HotelAvailRS', `<Success/><RoomStays>${both}</RoomStays>`), o);
  const assertion = expectOutcome(rule.check(reply(places({}))), 'failed');
  assert.match(assertion.findings[0].found, /Mallorca, Tenerife/);
  assert.match(assertion.findings[0].at, /ota:StateProv/);
  // declared one inside the other (an alias): a legitimate address
  const nested = stay('H1', '<Address><StateProv>Baleares</StateProv><County>Mallorca</County></Address>');
  const aliased = exchange(
    'hotelavailability',
    rs('OTA_HotelAvailRS', `<Success/><RoomStays>${nested}</RoomStays>`),
    places({ Mallorca: ['Baleares'] }),
  );
  expectOutcome(rule.check(aliased), 'passed');
});

// A description counts only when it names the code asked for.
test('a descriptive reply about another hotel, or naming none, decides nothing: cannot tell, with the reason', () => {
  const reply = x(stay('H1'));
  const other = hotelDescription(
    nbc('H2', '<Address><CountryName Code="PT">Portugal</CountryName></Address>'),
    'H1',
    'hotel descriptive data of H1',
  );
  assert.match(other.problem ?? '', /describes hotel H2, not H1: a description of another hotel decides nothing about H1/);
  assert.deepEqual(other.country, []);
  const assertion = expectOutcome(rule.check(reply, {}, corroborationOf([other])), 'cantTell');
  assert.match(assertion.reasons.join(' '), /describes hotel H2, not H1/);
  // the same reply about the hotel asked decides: here, another country
  const same = hotelDescription(
    nbc('H1', '<Address><CountryName Code="PT">Portugal</CountryName></Address>'),
    'H1',
    'hotel descriptive data of H1',
  );
  expectOutcome(rule.check(reply, {}, corroborationOf([same])), 'failed');
  // a description that names no hotel at all
  const unnamed = hotelDescription(
    contents(content('', '<Address><CountryName>Spain</CountryName></Address>')),
    'H1',
    'hotel descriptive data of H1',
  );
  assert.match(unnamed.problem ?? '', /does not name the hotel it describes .*counts only when it names the code asked for/);
  expectOutcome(rule.check(reply, {}, corroborationOf([unnamed])), 'cantTell');
  // among several hotels described, the one asked for counts (by its code, in any case)
  const several = hotelDescription(
    contents(
      content(' HotelCode="H2"', '<Address><CountryName>Portugal</CountryName></Address>'),
      content(' HotelCode="h1"', '<Address><CountryName>Spain</CountryName></Address>'),
    ),
    'H1',
    's',
  );
  assert.deepEqual(several.country, ['Spain']);
  expectOutcome(rule.check(reply, {}, corroborationOf([several])), 'passed');
});

test('a description that places the hotel in several countries places it nowhere: cannot tell', () => {
  const description = hotelDescription(
    nbc('H1', ['Spain', 'Portugal', 'Greece', 'Italy'].map((c) => `<Address><CountryName>${c}</CountryName></Address>`).join('')),
    'H1',
    'hotel descriptive data of H1',
  );
  assert.match(description.problem ?? '', /shows hotel H1 in several countries \(ES, PT, GR, IT\), which cannot all hold/);
  const assertion = expectOutcome(rule.check(x(stay('H1')), {}, corroborationOf([description])), 'cantTell');
  assert.match(assertion.reasons.join(' '), /several countries/);
});

test('the reply and the descriptive data placing one hotel in two countries: the gateway contradicts itself, a finding', () => {
  const region = {
    edit: (r: OtaRequest) => r.setAttribute('//ota:RefPoint', 'CodeContext', 'Region').setText('//ota:RefPoint', 'Mallorca'),
  };
  const reply = exchange(
    'hotelavailability',
    rs(
      'OTA_HotelAvailRS',
      `<Success/><RoomStays>${stay('H1', '<Address><CityName>Palma</CityName><CountryName Code="ES"/></Address>')}</RoomStays>`,
    ),
    region,
  );
  assert.deepEqual(rule.needs!(reply), [{ kind: 'hotel', code: 'H1' }]);
  const assertion = expectOutcome(rule.check(reply, {}, corroborationOf([described('H1', ['PT'], { region: ['Mallorca'] })])), 'failed');
  assert.match(
    assertion.findings[0].found,
    /the reply shows ES, Palma and hotel descriptive data of H1 shows PT, Mallorca: several countries \(ES, PT\)/,
  );
  expectOutcome(rule.check(reply, {}, corroborationOf([described('H1', ['ES'], { region: ['Mallorca'] })])), 'passed');
});

// OpenTravel's HotelStays/HotelStay/BasicPropertyInfo/Address is the reply's own placement.
test('the HotelStay of the same hotel (by HotelCode or RoomStayRPH) places it: read before asking descriptive data', () => {
  const hotelStay = (attrs: string, country: string) =>
    `<HotelStay ${attrs}><BasicPropertyInfo HotelCode="H1"><Address><CountryName>${country}</CountryName></Address></BasicPropertyInfo></HotelStay>`;
  const reply = (stays: string, rooms: string) =>
    exchange('hotelavailability', rs('OTA_HotelAvailRS', `<Success/><HotelStays>${stays}</HotelStays><RoomStays>${rooms}</RoomStays>`));
  const byCode = reply(hotelStay('', 'Spain'), stay('H1'));
  assert.deepEqual(rule.needs!(byCode), []);
  expectOutcome(rule.check(byCode), 'passed');
  const elsewhere = expectOutcome(rule.check(reply(hotelStay('', 'Portugal'), stay('H1'))), 'failed');
  assert.match(elsewhere.findings[0].at, /HotelStays\/ota:HotelStay\[1\]\/ota:BasicPropertyInfo\/ota:Address\/ota:CountryName/);
  // linked by RPH: the RoomStay names no hotel code
  const byRph = reply(
    '<HotelStay RoomStayRPH="7 8"><BasicPropertyInfo><Address><CountryName Code="ES"/></Address></BasicPropertyInfo></HotelStay>',
    '<RoomStay RPH="8"><TimeSpan Start="2030-06-01" End="2030-06-04"/></RoomStay>',
  );
  expectOutcome(rule.check(byRph), 'passed');
  // another hotel's HotelStay says nothing of this one
  const other = reply(hotelStay('', 'Spain').replace('H1', 'H2'), stay('H1'));
  assert.deepEqual(rule.needs!(other), [{ kind: 'hotel', code: 'H1' }]);
  // a HotelStay and its RoomStay that disagree: the reply contradicts itself
  expectOutcome(rule.check(reply(hotelStay('', 'Portugal'), stay('H1', '<Address><CountryName>Spain</CountryName></Address>'))), 'failed');
});

test('descriptive data refused, broken or silent: cannot tell, naming the fact, the hotel, the places and the reason', () => {
  for (const [d, why] of [
    [
      hotelDescription(nbc('H1', ''), 'H1', 'hotel descriptive data of H1'),
      /does not show where hotel H1 is either; looked at: ota:ContactInfos/,
    ],
    [
      hotelDescription(
        exchange('hotelnbc', rs('OTA_HotelDescriptiveInfoRS', '<Errors><Error Type="3" Code="392" ShortText="Invalid hotel"/></Errors>')),
        'H1',
        'hotel descriptive data of H1',
      ),
      /describes nothing: an Errors reply/,
    ],
    [hotelDescription(noReply('hotelnbc'), 'H1', 'hotel descriptive data of H1'), /describes nothing: no HTTP reply/],
  ] as const) {
    const assertion = expectOutcome(rule.check(x(stay('H1')), {}, corroborationOf([d])), 'cantTell');
    assert.match(assertion.reasons.join(' '), why);
    assert.match(
      assertion.reasons.join(' '),
      /the country of a hotel \(hotelavailability\.hotel\.country\) for hotel H1; looked at: ota:BasicPropertyInfo/,
    );
  }
});

test('hotel descriptive data is read at its address places', () => {
  const description = hotelDescription(
    nbc(
      'H1',
      '<Address><CityName>Palma</CityName><StateProv>Illes Balears</StateProv><CountryName Code="ES">España</CountryName></Address>',
    ),
    'H1',
    's',
  );
  assert.deepEqual(description.country, ['España', 'ES']);
  assert.deepEqual(description.region, ['Illes Balears', 'Palma']);
  assert.equal(description.problem, undefined);
});

// A refusal describes nothing, whatever its status and body: a 5xx with a lie in an XML body does
// not pass HAV-PLACE, nor does honest data in it fail it; Warnings without Success serve nothing.
test('a descriptive reply with any 4xx or 5xx, any body, or without Success describes nothing: cannot tell', () => {
  const spain = content(' HotelCode="H1"', '<Address><CountryName Code="ES">Spain</CountryName></Address>');
  const italy = content(' HotelCode="H1"', '<Address><CountryName Code="IT">Italy</CountryName></Address>');
  const body = (inner: string, head = '<Success/>') =>
    rs('OTA_HotelDescriptiveInfoRS', `${head}<HotelDescriptiveContents>${inner}</HotelDescriptiveContents>`);
  const cases: Array<[string, ReturnType<typeof exchange>]> = [];
  for (const status of [400, 404, 409, 422, 500, 502, 503])
    for (const inner of [spain, italy]) {
      cases.push([`HTTP ${status} XML`, exchange('hotelnbc', body(inner), { status })]);
      cases.push([`HTTP ${status} JSON`, exchange('hotelnbc', '{"country":"ES"}', { status, contentType: 'application/json' })]);
      cases.push([`HTTP ${status} HTML`, exchange('hotelnbc', '<html><body>Spain</body></html>', { status, contentType: 'text/html' })]);
      cases.push([`HTTP ${status} none`, exchange('hotelnbc', '', { status, contentType: '' })]);
    }
  for (const inner of [spain, italy]) {
    cases.push(['Warnings only', exchange('hotelnbc', body(inner, '<Warnings><Warning Type="11">partial</Warning></Warnings>'))]);
    cases.push(['no Success', exchange('hotelnbc', body(inner, ''))]);
    cases.push(['HTTP 200 JSON', exchange('hotelnbc', '{"country":"ES"}', { contentType: 'application/json' })]);
  }
  for (const [kind, reply] of cases) {
    const description = hotelDescription(reply, 'H1', 'hotel descriptive data of H1');
    assert.deepEqual([description.country, description.region], [[], []], kind);
    assert.match(description.problem ?? '', /describes nothing/, kind);
    expectOutcome(rule.check(x(stay('H1')), {}, corroborationOf([description])), 'cantTell', kind);
  }
  // the same data with 200 and Success does describe
  expectOutcome(rule.check(x(stay('H1')), {}, corroborationOf([hotelDescription(exchange('hotelnbc', body(spain)), 'H1', 's')])), 'passed');
});

// A state or province that the ISO 3166-2 datasets place in one country only: beside another country
// (in the reply, asked for, or in the descriptive data of the same hotel) the placements disagree.
test('a region of another country beside the country (shown, requested or described) fails; a region of the right country passes', () => {
  const addr = (inner: string) => x(stay('H1', `<Address>${inner}</Address>`));
  // the request: Country Spain
  for (const wrong of [
    '<StateProv>Crete</StateProv><CountryName Code="ES">Spain</CountryName>',
    '<StateProv>Kriti</StateProv>',
    '<StateProv StateCode="GR-M"/><CountryName>España</CountryName>',
    '<StateProv>Lisboa</StateProv><CityName>Madrid</CityName>',
  ]) {
    const assertion = expectOutcome(rule.check(addr(wrong)), 'failed');
    assert.match(assertion.findings[0].found, /Crete|Kriti|GR-M|Lisboa/, wrong);
    assert.deepEqual(rule.needs!(addr(wrong)), [], 'a hotel the reply places elsewhere needs no corroboration');
  }
  for (const right of [
    '<StateProv>Illes Balears</StateProv><CountryName Code="ES">Spain</CountryName>',
    '<StateProv>Andalucía</StateProv>',
    '<StateProv StateCode="ES-PM">Balears</StateProv>',
    // a town named like a region elsewhere (Lima, Peru) is a town: not judged by the datasets
    '<CityName>Lima</CityName><CountryName Code="ES"/>',
    // names several countries share decide nothing
    '<StateProv>Granada</StateProv><CountryName>Spain</CountryName>',
  ])
    expectOutcome(rule.check(addr(right)), 'passed');
  // a name several countries share, alone: the reply does not place the hotel, its descriptive data may
  assert.deepEqual(rule.needs!(addr('<StateProv>Limburg</StateProv>')), [{ kind: 'hotel', code: 'H1' }]);
});

test('the reply and the descriptive data disagreeing by a region of another country: a finding; agreeing in two languages: a pass', () => {
  const heraklion = {
    edit: (r: OtaRequest) => r.setAttribute('//ota:RefPoint', 'CodeContext', 'Region').setText('//ota:RefPoint', 'Heraklion'),
  };
  const reply = exchange(
    'hotelavailability',
    rs('OTA_HotelAvailRS', `<Success/><RoomStays>${stay('H1', '<Address><StateProv>Kriti</StateProv></Address>')}</RoomStays>`),
    heraklion,
  );
  // "Heraklion" is no name the datasets place: the reply alone cannot tell, the descriptive data is asked
  assert.deepEqual(rule.needs!(reply), [{ kind: 'hotel', code: 'H1' }]);
  const pt = hotelDescription(
    nbc('H1', '<Address><CountryName Code="PT">Portugal</CountryName></Address>'),
    'H1',
    'hotel descriptive data of H1',
  );
  const assertion = expectOutcome(rule.check(reply, {}, corroborationOf([pt])), 'failed');
  assert.match(
    assertion.findings[0].found,
    /the reply shows Kriti and hotel descriptive data of H1 shows Portugal, PT: .*Kriti \(a region of GR\) and PT/,
  );
  const gr = hotelDescription(
    nbc('H1', '<Address><CityName>Heraklion</CityName><StateProv>Crete</StateProv><CountryName>Ελλάδα</CountryName></Address>'),
    'H1',
    'hotel descriptive data of H1',
  );
  expectOutcome(rule.check(reply, {}, corroborationOf([gr])), 'passed');
  // a description whose own placements disagree places the hotel nowhere
  const torn = hotelDescription(nbc('H1', '<Address><StateProv>Crete</StateProv><CountryName>Portugal</CountryName></Address>'), 'H1', 's');
  assert.match(torn.problem ?? '', /Crete \(a region of GR\) and PT/);
});
