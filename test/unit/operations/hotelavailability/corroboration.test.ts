// HAV-PLACE with corroboration (issue 22, point 3): a hotel the reply names by code only is placed
// by what the gateway's own hotel descriptive data shows; a contradiction between the two is a
// finding; a refused, broken or silent descriptive reply leaves the requirement at cannot tell
// with that reason.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract } from '../../../../src/operations/hotelavailability/contract';
import { hotelDescription } from '../../../../src/operations/hotelnbc/describe';
import { corroborationOf, type Description } from '../../../../src/contracts/corroboration';
import { exchange, expectOutcome, loadXml, noReply, rs, ruleOf } from '../../../support/contracts';

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
const nbc = (code: string, address: string) =>
  exchange(
    'hotelnbc',
    rs(
      'OTA_HotelDescriptiveInfoRS',
      `<Success/><HotelDescriptiveContents><HotelDescriptiveContent HotelCode="${code}"><ContactInfos><ContactInfo><Addresses>${address}</Addresses></ContactInfo></ContactInfos></HotelDescriptiveContent></HotelDescriptiveContents>`,
    ),
  );

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

test('a hotel the reply places asks nothing; a contradiction with descriptive data is a finding', () => {
  const placed = stay('H1', '<Address><CountryName Code="ES">Spain</CountryName></Address>');
  assert.deepEqual(rule.needs!(x(placed)), []);
  const odd = stay('H1', '<Address><CountryName>Atlantis</CountryName></Address>');
  assert.deepEqual(rule.needs!(x(odd)), [{ kind: 'hotel', code: 'H1' }]);
  const contradiction = stay('H1', '<Address><CountryName>Atlantis</CountryName><CountryName Code="PT"/></Address>');
  expectOutcome(rule.check(x(contradiction), {}, corroborationOf([described('H1', ['ES'])])), 'failed');
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
      /was refused/,
    ],
    [hotelDescription(noReply('hotelnbc'), 'H1', 'hotel descriptive data of H1'), /could not be read: no HTTP reply/],
  ] as const) {
    const a = expectOutcome(rule.check(x(stay('H1')), {}, corroborationOf([d])), 'cantTell');
    assert.match(a.reasons.join(' '), why);
    assert.match(
      a.reasons.join(' '),
      /the country of a hotel \(hotelavailability\.hotel\.country\) for hotel H1; looked at: ota:BasicPropertyInfo/,
    );
  }
});

test('hotel descriptive data is read at its address places', () => {
  const d = hotelDescription(
    nbc(
      'H1',
      '<Address><CityName>Palma</CityName><StateProv>Illes Balears</StateProv><CountryName Code="ES">España</CountryName></Address>',
    ),
    'H1',
    's',
  );
  assert.deepEqual(d.country, ['España', 'ES']);
  assert.deepEqual(d.region, ['Illes Balears', 'Palma']);
  assert.equal(d.problem, undefined);
});
