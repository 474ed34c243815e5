// Hotel availability: each rule passes a conforming reply (at every place a fact may sit), fails a
// reply that shows a contradiction, and cannot tell when the reply does not show the fact.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract } from '../../../../src/operations/hotelavailability/contract';
import { exchange, expectRule, loadXml, noReply, prefixed, rs, ruleOf, type ExchangeOptions } from '../../../support/contracts';
import { TEST_DATA } from '../../../support/fixtures/test-data';
import { setParty } from '../../../../src/operations/hotelavailability/request';

before(loadXml);

const rule = (req: Parameters<typeof ruleOf>[1]) => ruleOf(contract, req);
const guests = (adults = 2, children = 1) =>
  `<GuestCounts><GuestCount AgeQualifyingCode="10" Count="${adults}"/>` +
  `${children ? `<GuestCount AgeQualifyingCode="8" Count="${children}"/>` : ''}</GuestCounts>`;
const address = (country = 'Spain', region = 'Mallorca', code = country === 'Portugal' ? 'PT' : 'ES') =>
  `<Address><CityName>Palma</CityName><StateProv>${region}</StateProv><CountryName Code="${code}">${country}</CountryName></Address>`;
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
  const assertion = rule('HAV-SUCCESS').check(unknown);
  assert.equal(assertion.outcome, 'cantTell');
  assert.match(assertion.reasons.join(' '), /other content \(Properties\).*OTA_REPLY_PROFILE/);
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

// A bound is seen only on hotels read; a refusal of a request carrying MaxResponses honours nothing.
test('HAV-MAXRESPONSES: a refusal fails; no hotel, or hotels in a layout the suite does not know, cannot tell', () => {
  const refused = exchange(
    'hotelavailability',
    rs('OTA_HotelAvailRS', '<Errors><Error Type="3" Code="320">MaxResponses below 5</Error></Errors>'),
  );
  expectRule(rule('HAV-MAXRESPONSES'), refused, 'failed');
  expectRule(rule('HAV-MAXRESPONSES'), exchange('hotelavailability', 'bad request', { status: 400, contentType: 'text/plain' }), 'failed');
  expectRule(rule('HAV-MAXRESPONSES'), x(''), 'cantTell');
  const unknown = exchange(
    'hotelavailability',
    rs(
      'OTA_HotelAvailRS',
      '<Success/><Properties><Property HotelCode="A"/><Property HotelCode="B"/><Property HotelCode="C"/></Properties>',
    ),
  );
  assert.match(expectRule(rule('HAV-MAXRESPONSES'), unknown, 'cantTell').reasons.join(' '), /other content \(Properties\)/);
});

test('HAV-MAXRESPONSES: hotels listed in HotelStays are counted too', () => {
  const hotelStays = (...codes: string[]) =>
    `<HotelStays>${codes.map((c) => `<HotelStay><BasicPropertyInfo HotelCode="${c}"/></HotelStay>`).join('')}</HotelStays>`;
  const both = (stays: string, list: string) =>
    exchange('hotelavailability', rs('OTA_HotelAvailRS', `<Success/>${list}<RoomStays>${stays}</RoomStays>`));
  expectRule(rule('HAV-MAXRESPONSES'), both(stay('A') + stay('B'), hotelStays('A', 'B')), 'passed');
  expectRule(rule('HAV-MAXRESPONSES'), both(stay('A') + stay('B'), hotelStays('A', 'B', 'C')), 'failed');
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
  // Tenerife is another place of the test data: a contradiction; an unknown name is cannot tell
  expectRule(rule('HAV-PLACE'), x(stay('A', { address: address('Spain', 'Tenerife') }), withPlaces(REGION)), 'failed');
  expectRule(rule('HAV-PLACE'), x(stay('A', { address: address('Spain', 'Tenerife') }), REGION), 'cantTell');
});

const withPlaces = (o: ExchangeOptions, placeAliases: Record<string, string[]> = {}): ExchangeOptions => ({
  edit: (request) => {
    o.edit?.(request);
    request.testData = {
      ...TEST_DATA,
      placeAliases,
      hotelAvailability: {
        ...TEST_DATA.hotelAvailability,
        places: [
          { context: 'Region', name: 'Mallorca' },
          { context: 'Region', name: 'Tenerife' },
          { context: 'Country', name: 'Spain' },
        ],
      },
    };
  },
});

test('HAV-PLACE: a country by its ISO code or by its name in its own language; a region by a declared alias; anything else unknown cannot tell', () => {
  const only = (a: string) => stay('A', { address: `<Address>${a}</Address>` });
  // requested: Country Spain (the fixture's request)
  expectRule(rule('HAV-PLACE'), x(only('<CountryName Code="ES"/>')), 'passed');
  expectRule(rule('HAV-PLACE'), x(only('<CountryName>España</CountryName>')), 'passed');
  expectRule(rule('HAV-PLACE'), x(only('<CountryName>ESPAÑA</CountryName>')), 'passed');
  expectRule(rule('HAV-PLACE'), x(only('<CountryName Code="PT"/>')), 'failed');
  expectRule(rule('HAV-PLACE'), x(only('<CountryName>Ελλάδα</CountryName>')), 'failed');
  expectRule(rule('HAV-PLACE'), x(only('<CountryName>Kingdom of Nowhere</CountryName>')), 'cantTell');
  // requested: Region Mallorca; a Palma hotel in the Balearic Islands
  const balearic = only('<CityName>Palma</CityName><StateProv>Illes Balears</StateProv><CountryName Code="ES">España</CountryName>');
  expectRule(rule('HAV-PLACE'), x(balearic, REGION), 'cantTell');
  expectRule(rule('HAV-PLACE'), x(balearic, withPlaces(REGION, { Mallorca: ['Illes Balears'] })), 'passed');
  const assertion = rule('HAV-PLACE').check(x(balearic, REGION));
  assert.match(assertion.reasons.join(' '), /placeAliases/);
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

test('HAV-DATES: a Rate ExpireDate is the departure day, or the last night when ExpireDateExclusiveInd is false', () => {
  const rate = (expire: string, ind?: string) =>
    `<RoomRates><RoomRate><Rates><Rate EffectiveDate="2030-06-01" ExpireDate="${expire}"${ind ? ` ExpireDateExclusiveInd="${ind}"` : ''}/></Rates></RoomRate></RoomRates>`;
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: rate('2030-06-04', 'true') })), 'passed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: rate('2030-06-03', 'false') })), 'passed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: rate('2030-06-03') })), 'passed'); // not said: either reading
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: rate('2030-06-04') })), 'passed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: rate('2030-06-03', 'true') })), 'failed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: rate('2030-06-02') })), 'failed');
});

// A TimeSpan with a Start alone may be a stay of one night: the departure day must show somewhere.
test('HAV-DATES: a TimeSpan with no End nor Duration cannot tell, unless another placement of the stay holds every night', () => {
  const from = '<TimeSpan Start="2030-06-01"/>';
  const rates = (...periods: string[]) => `<RoomRates><RoomRate><Rates>${periods.join('')}</Rates></RoomRate></RoomRates>`;
  const judged = (dates: string, outcome: 'passed' | 'cantTell' | 'failed') =>
    expectRule(rule('HAV-DATES'), x(stay('A', { dates })), outcome, undefined, dates);
  judged(from, 'cantTell');
  // an open-ended rate runs on: it says nothing of where the stay ends
  judged(from + rates('<Rate EffectiveDate="2030-06-01"/>'), 'cantTell');
  judged(from + rates('<Rate EffectiveDate="2030-06-01" ExpireDate="2030-06-02"/>', '<Rate EffectiveDate="2030-06-02"/>'), 'cantTell');
  // honest: a Duration of nights, rate periods that end and hold every night, or a season around the stay
  judged('<TimeSpan Start="2030-06-01" Duration="P3N"/>', 'passed');
  judged(from + rates('<Rate EffectiveDate="2030-06-01" ExpireDate="2030-06-04" ExpireDateExclusiveInd="true"/>'), 'passed');
  judged(from + rates('<Rate EffectiveDate="2030-01-01" ExpireDate="2030-12-31"/>'), 'passed');
  // rates that end short of the stay are a finding of their own
  judged(from + rates('<Rate EffectiveDate="2030-06-01" ExpireDate="2030-06-02" ExpireDateExclusiveInd="true"/>'), 'failed');
  judged('<TimeSpan Start="2030-06-01" Duration="P1N"/>', 'failed');
});

// Two placements of one stay: its TimeSpan and its rates. Rates that follow each other show how the
// gateway writes ExpireDate; read so, rates a night short of the TimeSpan disagree with it.
test('HAV-DATES: a TimeSpan and rates a night short disagree when the rates show their ExpireDate exclusive; agreeing ones pass', () => {
  const span = '<TimeSpan Start="2030-06-01" End="2030-06-04"/>';
  const rates = (...periods: Array<[string, string]>) =>
    `<RoomRates><RoomRate><Rates>${periods.map(([f, t]) => `<Rate EffectiveDate="${f}" ExpireDate="${t}"/>`).join('')}</Rates></RoomRate></RoomRates>`;
  const nightly = rates(['2030-06-01', '2030-06-02'], ['2030-06-02', '2030-06-03'], ['2030-06-03', '2030-06-04']);
  const short = rates(['2030-06-01', '2030-06-02'], ['2030-06-02', '2030-06-03']);
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: span + nightly })), 'passed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: span + short })), 'failed');
  // another hotel's rates show the reading for a hotel priced by one rate
  const one = (to: string) => stay('B', { dates: span + rates(['2030-06-01', to]) });
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: span + nightly }) + one('2030-06-04')), 'passed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: span + nightly }) + one('2030-06-03')), 'failed');
  // alone, one rate to the last night may be inclusive: never blamed
  expectRule(rule('HAV-DATES'), x(one('2030-06-03')), 'passed');
  // rates that show the inclusive reading: to the last night holds the stay
  const inclusive = rates(['2030-06-01', '2030-06-01'], ['2030-06-02', '2030-06-03']);
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: span + inclusive })), 'passed');
});

// At the grain of "dates": a rate season that contains the stay is an offer for the stay (a gateway
// that prices by the week shows its week, not the stay).
test('HAV-DATES: rate periods wider than the stay hold it; each RoomRate must hold every night', () => {
  const season = (from: string, to: string, ind = '') =>
    `<Rate EffectiveDate="${from}" ExpireDate="${to}"${ind ? ` ExpireDateExclusiveInd="${ind}"` : ''}/>`;
  const roomRates = (...rateSets: string[][]) =>
    `<RoomRates>${rateSets.map((rs) => `<RoomRate><Rates>${rs.join('')}</Rates></RoomRate>`).join('')}</RoomRates>`;
  // the stay is 2030-06-01 to 2030-06-04 (three nights)
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: roomRates([season('2030-01-01', '2030-12-31')]) })), 'passed');
  expectRule(
    rule('HAV-DATES'),
    x(stay('A', { dates: roomRates([season('2030-05-01', '2030-06-02'), season('2030-06-02', '2030-09-30')]) })),
    'passed',
  );
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: roomRates([season('2030-05-25', '2030-06-03', 'false')]) })), 'passed');
  // a season that ends before the last night, or begins after the first
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: roomRates([season('2030-05-01', '2030-06-03', 'true')]) })), 'failed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: roomRates([season('2030-06-02', '2030-12-31')]) })), 'failed');
  // a gap between two periods (the night of 2030-06-02), unless ExpireDate may be the last night
  const gap = (ind: string) => roomRates([season('2030-05-01', '2030-06-02', ind), season('2030-06-03', '2030-07-01')]);
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: gap('true') })), 'failed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: gap('') })), 'passed');
  // every RoomRate on its own: one holds the stay, the other does not
  expectRule(
    rule('HAV-DATES'),
    x(stay('A', { dates: roomRates([season('2030-01-01', '2030-12-31')], [season('2030-07-01', '2030-07-31')]) })),
    'failed',
  );
  // a season beside a TimeSpan that is another stay: the TimeSpan decides it
  expectRule(
    rule('HAV-DATES'),
    x(stay('A', { dates: `${roomRates([season('2030-01-01', '2030-12-31')])}<TimeSpan Start="2030-06-02" End="2030-06-04"/>` })),
    'failed',
  );
  // Start and a Duration of nights, and a rate period with no end (it runs on)
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: '<TimeSpan Start="2030-06-01" Duration="P3N"/>' })), 'passed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: '<TimeSpan Start="2030-06-01" Duration="P2N"/>' })), 'failed');
  expectRule(rule('HAV-DATES'), x(stay('A', { dates: roomRates(['<Rate EffectiveDate="2030-05-01"/>']) })), 'passed');
});

test('HAV-DATES: a hotel listed in HotelStays is dated by its Availability span', () => {
  const hotelStay = (start: string, end: string) =>
    exchange(
      'hotelavailability',
      rs(
        'OTA_HotelAvailRS',
        `<Success/><HotelStays><HotelStay><Availability Status="Open" Start="${start}" End="${end}"/><BasicPropertyInfo HotelCode="A"/></HotelStay></HotelStays>`,
      ),
    );
  expectRule(rule('HAV-DATES'), hotelStay('2030-06-01', '2030-06-04'), 'passed');
  expectRule(rule('HAV-DATES'), hotelStay('2030-05-20', '2030-06-10'), 'passed');
  expectRule(rule('HAV-DATES'), hotelStay('2030-06-02', '2030-06-10'), 'failed');
});

test('HAV-MAXRESPONSES: RoomStay/@RPH numbers the results, it is no hotel code', () => {
  const rph = (n: number, code: string) =>
    `<RoomStay RPH="${n}">${guests()}<TimeSpan Start="2030-06-01" End="2030-06-04"/><BasicPropertyInfo HotelCode="${code}"/></RoomStay>`;
  // MaxResponses 2: three room stays of two hotels, numbered 1 to 3
  expectRule(rule('HAV-MAXRESPONSES'), x(rph(1, 'A') + rph(2, 'A') + rph(3, 'B')), 'passed');
  const noCode = (n: number) => `<RoomStay RPH="${n}">${guests()}</RoomStay>`;
  expectRule(rule('HAV-MAXRESPONSES'), x(noCode(1) + noCode(2) + noCode(3)), 'failed');
});

test('a party the test data does not declare available: no hotel, or a refusal, is no finding; hotels shown are still judged', () => {
  const big: ExchangeOptions = {
    edit: (request) => {
      setParty(request, { adults: 3, children: 2 });
      request.resultsOptional = 'the test data does not declare availability for 3 adult(s) and 2 child(ren)';
    },
  };
  const none = x('', big);
  for (const req of ['HAV-SUCCESS', 'HAV-PLACE', 'HAV-DATES', 'HAV-GUESTS'] as const) {
    const assertion = rule(req).check(none);
    assert.match(assertion.notApplicable ?? '', /does not declare availability/, req);
    assert.equal(assertion.findings.length, 0, req);
  }
  const refused = exchange(
    'hotelavailability',
    rs('OTA_HotelAvailRS', '<Errors><Error Type="3" Code="322">No availability</Error></Errors>'),
    {
      ...big,
      status: 404,
    },
  );
  for (const req of ['HAV-SUCCESS', 'HAV-GUESTS'] as const) assert.ok(rule(req).check(refused).notApplicable, req);
  const notXml = exchange('hotelavailability', 'no availability', { ...big, status: 404, contentType: 'text/plain' });
  assert.ok(rule('HAV-GUESTS').check(notXml).notApplicable);
  // what is returned must still fit the party
  expectRule(rule('HAV-GUESTS'), x(stay('A'), big), 'failed');
  // declared (no note): none is a failure, as before
  expectRule(rule('HAV-SUCCESS'), x(''), 'failed');
});

test('HAV-GUESTS: one party per GuestCounts, or shared by the rooms of a stay', () => {
  const perRate = (...gs: string[]) => `<RoomRates>${gs.map((g) => `<RoomRate>${g}</RoomRate>`).join('')}</RoomRates>`;
  expectRule(rule('HAV-GUESTS'), x(stay('A')), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: perRate(guests(), guests()) })), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: perRate(guests(1, 1), guests(1, 0)) })), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: guests(3) })), 'failed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: '' })), 'cantTell');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: '<GuestCounts><GuestCount Age="35" Count="2"/></GuestCounts>' })), 'failed');
});

// At the grain of "a number of guests": the party's number, however its categories are written
// (a gateway may count every guest under one age code, or write none).
test('HAV-GUESTS: the number of guests, with or without age codes, in every place that counts them', () => {
  const counts = (...gs: string[]) => `<GuestCounts>${gs.map((g) => `<GuestCount ${g}/>`).join('')}</GuestCounts>`;
  // the request: 2 adults (AQC 10) and 1 child (AQC 8)
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: counts('Count="3"') })), 'passed'); // OTA_HotelAvailRS3F's form
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: counts('AgeQualifyingCode="10" Count="3"') })), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: counts('Age="40"', 'Age="38"', 'Age="8"') })), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: counts('Count="2"') })), 'failed');
  expectRule(
    rule('HAV-GUESTS'),
    x(stay('A', { guests: counts('AgeQualifyingCode="10" Count="2"', 'AgeQualifyingCode="8" Count="2"') })),
    'failed',
  );
  // a GuestCount that shows neither Count nor Age cannot be counted
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: counts('AgeQualifyingCode="10"') })), 'cantTell');
  // two places: they must agree
  const perRate = (g: string) => `<RoomRates><RoomRate>${g}</RoomRate></RoomRates>`;
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: counts('Count="3"') + perRate(guests()) })), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: counts('Count="3"') + perRate(guests(2, 0)) })), 'failed');
});

test('HAV-GUESTS: a room offered that holds fewer guests fails; one that holds them decides only when nothing counts them', () => {
  const room = (max: number, units = '') =>
    `<RoomTypes><RoomType RoomTypeCode="DBL"${units}><Occupancy MaxOccupancy="${max}"/></RoomType></RoomTypes>`;
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: room(4) })), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: room(2) })), 'failed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: room(2, ' NumberOfUnits="2"') })), 'passed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: guests() + room(2) })), 'failed');
  expectRule(rule('HAV-GUESTS'), x(stay('A', { guests: guests(2, 0) + room(4) })), 'failed');
  // capacity by category is no total
  expectRule(
    rule('HAV-GUESTS'),
    x(stay('A', { guests: '<RoomTypes><RoomType><Occupancy AgeQualifyingCode="10" MaxOccupancy="2"/></RoomType></RoomTypes>' })),
    'cantTell',
  );
});

test('HAV-SUCCESS: results held only in attributes of elements the suite does not know are content, not "nothing"', () => {
  const attrsOnly = exchange('hotelavailability', rs('OTA_HotelAvailRS', '<Success/><Hotel HotelCode="A" HotelName="Sol"/>'));
  expectRule(rule('HAV-SUCCESS'), attrsOnly, 'cantTell');
  expectRule(rule('HAV-EMPTY'), attrsOnly, 'cantTell');
});

// Each finding once, at the attribute or element that showed it.
test('HAV-DATES findings: a wrong end is found at @End, a wrong start at @Start, once each', () => {
  const end = rule('HAV-DATES').check(x(stay('A', { dates: '<TimeSpan Start="2030-06-01" End="2030-06-05"/>' })));
  assert.deepEqual(
    end.findings.map((f) => [f.at.replace(/^.*\/ota:TimeSpan\//, ''), f.found]),
    [['@End[1]', '2030-06-05']],
  );
  const both = rule('HAV-DATES').check(x(stay('A', { dates: '<TimeSpan Start="2030-06-02" End="2030-06-05"/>' })));
  assert.deepEqual(
    both.findings.map((f) => f.at.replace(/^.*\/ota:TimeSpan\//, '')),
    ['@Start[1]', '@End[1]'],
  );
});

test('HAV-PLACE findings: a HotelStay that RoomStays share gives one finding, at its own address', () => {
  const shared =
    '<HotelStays><HotelStay RoomStayRPH="1 2"><BasicPropertyInfo HotelCode="A">' +
    address('Portugal') +
    '</BasicPropertyInfo></HotelStay></HotelStays>';
  const bare = (rph: string) => `<RoomStay RPH="${rph}">${guests()}<BasicPropertyInfo HotelCode="A"/></RoomStay>`;
  const assertion = rule('HAV-PLACE').check(
    exchange('hotelavailability', rs('OTA_HotelAvailRS', `<Success/>${shared}<RoomStays>${bare('1')}${bare('2')}</RoomStays>`)),
  );
  assert.equal(assertion.outcome, 'failed');
  assert.equal(assertion.findings.length, 1, assertion.findings.map((f) => `${f.at}: ${f.found}`).join('\n'));
  assert.match(assertion.findings[0].at, /HotelStay.*CountryName/);
  assert.match(assertion.findings[0].found, /Portugal/);
});
