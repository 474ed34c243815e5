// Hotel availability: layouts OpenTravel allows that differ from the sandbox's, judged at the
// spec's grain (no false blame), beside broken replies of the same shape (still caught).
// The request: MaxResponses 2, a stay from 2030-06-01 to 2030-06-04, 2 adults (AQC 10) and 1 child (AQC 8).
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract } from '../../../../src/operations/hotelavailability/contract';
import { addsUpTo } from '../../../../src/operations/hotelavailability/guests';
import { exchange, expectRule, loadXml, rs, ruleOf } from '../../../support/contracts';

before(loadXml);

const rule = (req: Parameters<typeof ruleOf>[1]) => ruleOf(contract, req);
const x = (body: string) => exchange('hotelavailability', rs('OTA_HotelAvailRS', `<Success/>${body}`, 'EchoToken="E1"'));
const ADDRESS = '<Address><CityName>Palma</CityName><StateProv>Mallorca</StateProv><CountryName Code="ES">Spain</CountryName></Address>';
const DATES = '<TimeSpan Start="2030-06-01" End="2030-06-04"/>';
const counts = (adults: number, children: number) =>
  `<GuestCounts>${adults ? `<GuestCount AgeQualifyingCode="10" Count="${adults}"/>` : ''}` +
  `${children ? `<GuestCount AgeQualifyingCode="8" Count="${children}"/>` : ''}</GuestCounts>`;
const rooms = (...types: Array<[code: string, max: number, units?: number]>) =>
  `<RoomTypes>${types
    .map(
      ([code, max, units = 1]) => `<RoomType RoomTypeCode="${code}" NumberOfUnits="${units}"><Occupancy MaxOccupancy="${max}"/></RoomType>`,
    )
    .join('')}</RoomTypes>`;
const roomStay = (inner: string, attrs = '', code = 'A') =>
  `<RoomStay${attrs}>${inner}${DATES}${code ? `<BasicPropertyInfo HotelCode="${code}">${ADDRESS}</BasicPropertyInfo>` : ''}</RoomStay>`;
const roomStays = (...stays: string[]) => `<RoomStays>${stays.join('')}</RoomStays>`;

test('HAV-MAXRESPONSES: RoomStays linked to their hotel by HotelStay/@RoomStayRPH are counted per hotel', () => {
  const linked = (...hotels: Array<[code: string, rphs: number[]]>) => {
    const all = hotels.flatMap(([, rphs]) => rphs);
    return x(
      roomStays(...all.map((n) => roomStay(counts(2, 1), ` RPH="${n}"`, ''))) +
        `<HotelStays>${hotels
          .map(
            ([code, rphs]) =>
              `<HotelStay RoomStayRPH="${rphs.join(' ')}"><BasicPropertyInfo HotelCode="${code}">${ADDRESS}</BasicPropertyInfo></HotelStay>`,
          )
          .join('')}</HotelStays>`,
    );
  };
  // three room offers of two hotels (the review's reply): 2 hotels, within MaxResponses 2
  const honest = linked(['A', [1, 2]], ['B', [3]]);
  expectRule(rule('HAV-MAXRESPONSES'), honest, 'passed');
  for (const req of ['HAV-PLACE', 'HAV-DATES', 'HAV-GUESTS'] as const) expectRule(rule(req), honest, 'passed');
  // three hotels, however their room offers are linked, are beyond the bound
  const assertion = expectRule(rule('HAV-MAXRESPONSES'), linked(['A', [1, 2]], ['B', [3]], ['C', [4]]), 'failed');
  assert.ok(
    assertion.findings.some((f) => /3 hotels|3 results/.test(f.found)),
    JSON.stringify(assertion.findings),
  );
  expectRule(rule('HAV-MAXRESPONSES'), linked(['A', [1]], ['B', [2]], ['C', [3]]), 'failed');
  // a RoomStay that no HotelStay lists, and with no code of its own, is still a result of its own
  const unlinked = x(roomStays(...[1, 2, 3].map((n) => roomStay(counts(2, 1), ` RPH="${n}"`, ''))));
  expectRule(rule('HAV-MAXRESPONSES'), unlinked, 'failed');
});

test('HAV-GUESTS: a party offered as a combination of rooms in one RoomStay passes; rooms that hold fewer together fail', () => {
  // a double and a single for 2 adults and 1 child, the GuestCounts showing the party (the review's reply A)
  expectRule(rule('HAV-GUESTS'), x(roomStays(roomStay(rooms(['DBL', 2], ['SGL', 1]) + counts(2, 1)))), 'passed');
  // two doubles hold 4: room enough for 3
  expectRule(rule('HAV-GUESTS'), x(roomStays(roomStay(rooms(['DBL', 2, 2]) + counts(2, 1)))), 'passed');
  // alternative room types that each hold the party
  expectRule(rule('HAV-GUESTS'), x(roomStays(roomStay(rooms(['TPL', 3], ['FAM', 4])))), 'passed');
  // a double and a single with nothing counting the guests: together or alternatives, the reply does not say
  const unsaid = expectRule(rule('HAV-GUESTS'), x(roomStays(roomStay(rooms(['DBL', 2], ['SGL', 1])))), 'cantTell');
  assert.match(unsaid.reasons.join(' '), /together or alternatives/);
  // broken: two singles hold 2, fewer than the party, whatever the GuestCounts say
  const short = expectRule(rule('HAV-GUESTS'), x(roomStays(roomStay(rooms(['SGL', 1], ['SGL2', 1]) + counts(2, 1)))), 'failed');
  assert.match(short.findings[0].found, /hold 2 together/);
  // broken: a double alone (the only room type), and a double beside the party's GuestCounts
  expectRule(rule('HAV-GUESTS'), x(roomStays(roomStay(rooms(['DBL', 2])))), 'failed');
  expectRule(rule('HAV-GUESTS'), x(roomStays(roomStay(rooms(['DBL', 2]) + counts(2, 1)))), 'failed');
  // broken: the rooms hold the party but the GuestCounts count fewer guests
  expectRule(rule('HAV-GUESTS'), x(roomStays(roomStay(rooms(['DBL', 2], ['SGL', 1]) + counts(2, 0)))), 'failed');
});

test('HAV-GUESTS: the party split over RoomStays of one hotel and one RoomStayCandidateRPH passes; parts that do not add up fail', () => {
  const part = (adults: number, children: number, inner = '', rph = ' RoomStayCandidateRPH="1"', code = 'A') =>
    roomStay(inner + counts(adults, children), rph, code);
  // the review's reply B: 2 adults in one RoomStay, the child in another, one hotel, one room request
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(2, 0), part(0, 1))), 'passed');
  // with their rooms: a double and a single
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(2, 0, rooms(['DBL', 2])), part(0, 1, rooms(['SGL', 1])))), 'passed');
  // two such combinations of one hotel (two rate plans), beside an offer for the whole party
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(2, 0), part(0, 1), part(2, 0), part(0, 1), part(2, 1))), 'passed');
  // each room at two rate plans (flexible, non-refundable): one rate per room adds up to the party
  const plans = (adults: number, children: number) =>
    `<RoomRates>${['R0', 'R1'].map((plan) => `<RoomRate RatePlanCode="${plan}">${counts(adults, children)}</RoomRate>`).join('')}</RoomRates>`;
  const planned = (adults: number, children: number, room: [string, number]) =>
    roomStay(rooms(room) + plans(adults, children), ' RoomStayCandidateRPH="1"');
  expectRule(rule('HAV-GUESTS'), x(roomStays(planned(2, 0, ['DBL', 2]), planned(0, 1, ['SGL', 1]))), 'passed');
  // broken, at two rate plans too: 2 + 2
  expectRule(rule('HAV-GUESTS'), x(roomStays(planned(2, 0, ['DBL', 2]), planned(2, 0, ['DBL', 2]))), 'failed');
  // broken: the parts count 2 + 2 (4 guests, not 3), or 1 + 1
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(2, 0), part(1, 1))), 'failed');
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(1, 0), part(0, 1))), 'failed');
  // broken: an offer of the whole party beside a part that nothing completes
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(2, 1), part(2, 0))), 'failed');
  // a part that shows its room beside a part that shows none: the rooms' sum is unknown, the guest counts decide
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(2, 0, rooms(['DBL', 2])), part(0, 1))), 'passed');
  // broken: the rooms of the parts hold 2 together
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(2, 0, rooms(['SGL', 1])), part(0, 1, rooms(['SGL', 1])))), 'failed');
  // not linked: other hotels, other room requests, or no room request named (alternatives, each for the party)
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(2, 0), part(0, 1, '', ' RoomStayCandidateRPH="1"', 'B'))), 'failed');
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(2, 0), part(0, 1, '', ' RoomStayCandidateRPH="2"'))), 'failed');
  expectRule(rule('HAV-GUESTS'), x(roomStays(part(2, 0, '', ''), part(0, 1, '', ''))), 'failed');
});

test('addsUpTo: some of the parts, each used once, make the rest exactly', () => {
  assert.equal(addsUpTo(1, [1]), true);
  assert.equal(addsUpTo(3, [1, 2]), true);
  assert.equal(addsUpTo(2, [1]), false);
  assert.equal(addsUpTo(2, [3]), false);
  assert.equal(addsUpTo(0, []), true);
});

test('HAV-DATES: a HotelStay/Availability End may be the last open night or the departure day; a TimeSpan End is the departure day', () => {
  const availability = (start: string, end: string) =>
    x(
      `<HotelStays><HotelStay><Availability Status="Open" Start="${start}" End="${end}"/><BasicPropertyInfo HotelCode="A">${ADDRESS}</BasicPropertyInfo></HotelStay></HotelStays>`,
    );
  // the review's reply: the last open night 06-03 of a stay to 06-04
  expectRule(rule('HAV-DATES'), availability('2030-06-01', '2030-06-03'), 'passed');
  expectRule(rule('HAV-DATES'), availability('2030-06-01', '2030-06-04'), 'passed');
  // broken: open to 06-02 either way (the night of 06-03 not held), or from a day late
  const cut = expectRule(rule('HAV-DATES'), availability('2030-06-01', '2030-06-02'), 'failed');
  assert.match(cut.findings[0].found, /2030-06-03 not held/);
  expectRule(rule('HAV-DATES'), availability('2030-06-02', '2030-06-04'), 'failed');
  // a TimeSpan a night short is still another stay
  const timeSpan = (end: string) =>
    x(roomStays(`<RoomStay>${counts(2, 1)}<TimeSpan Start="2030-06-01" End="${end}"/><BasicPropertyInfo HotelCode="A"/></RoomStay>`));
  expectRule(rule('HAV-DATES'), timeSpan('2030-06-04'), 'passed');
  expectRule(rule('HAV-DATES'), timeSpan('2030-06-03'), 'failed');
});

test('HAV-DATES: RoomRates one a night (their periods in turn) hold the stay together; overlapping RoomRates each hold it alone', () => {
  const roomRates = (...periods: Array<[string, string]>) =>
    `<RoomRates>${periods.map(([from, to]) => `<RoomRate EffectiveDate="${from}" ExpireDate="${to}"/>`).join('')}</RoomRates>`;
  const nightly = roomRates(['2030-06-01', '2030-06-02'], ['2030-06-02', '2030-06-03'], ['2030-06-03', '2030-06-04']);
  expectRule(rule('HAV-DATES'), x(roomStays(roomStay(nightly))), 'passed');
  // broken: the last night (2030-06-03) held by none of them, whichever way their ExpireDate reads
  const short = roomRates(['2030-06-01', '2030-06-01'], ['2030-06-02', '2030-06-02']);
  expectRule(rule('HAV-DATES'), x(roomStays(roomStay(short).replace(DATES, ''))), 'failed');
  // overlapping periods are alternatives: one that ends before the stay does is a finding
  const alternatives = roomRates(['2030-06-01', '2030-06-04'], ['2030-06-01', '2030-06-02']);
  expectRule(rule('HAV-DATES'), x(roomStays(roomStay(alternatives).replace(DATES, ''))), 'failed');
});
