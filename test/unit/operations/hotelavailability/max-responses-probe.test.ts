// HAV-MAXRESPONSES can reveal a bound ignored only where the gateway has more hotels than the
// bound: each test-data place is asked first, and the bound goes where two hotels or more came
// back; where none did, the scenario cannot tell.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import {
  BOUND,
  boundAt,
  hotelsShown,
  placeBeyondBound,
  type BoundScenario,
} from '../../../../src/operations/hotelavailability/max-responses-probe';
import { exchange, loadXml, noReply, request, rs } from '../../../support/contracts';
import { TEST_DATA } from '../../../support/fixtures/test-data';
import type { Exchange } from '../../../../src/contracts/rule';
import type { OtaRequest } from '../../../../src/xml/requests';

before(loadXml);

const stays = (...codes: string[]) =>
  rs(
    'OTA_HotelAvailRS',
    `<Success/><RoomStays>${codes.map((c) => `<RoomStay><BasicPropertyInfo HotelCode="${c}"/></RoomStay>`).join('')}</RoomStays>`,
  );

test('hotelsShown: distinct hotels, results without codes, and why nothing can be counted', () => {
  assert.equal(hotelsShown(exchange('hotelavailability', stays('A', 'A', 'B'))), 2);
  assert.equal(
    hotelsShown(
      exchange(
        'hotelavailability',
        rs('OTA_HotelAvailRS', '<Success/><RoomStays><RoomStay RPH="1"/><RoomStay><TimeSpan Start="2030-06-01"/></RoomStay></RoomStays>'),
      ),
    ),
    2,
  );
  // results that show nothing (no attribute value, no text) are no hotels
  assert.equal(
    hotelsShown(
      exchange(
        'hotelavailability',
        rs('OTA_HotelAvailRS', '<Success/><RoomStays><RoomStay/><RoomStay><BasicPropertyInfo/></RoomStay></RoomStays>'),
      ),
    ),
    0,
  );
  assert.equal(hotelsShown(exchange('hotelavailability', rs('OTA_HotelAvailRS', '<Success/>'))), 0);
  assert.match(
    String(hotelsShown(exchange('hotelavailability', rs('OTA_HotelAvailRS', '<Errors><Error Type="3">no</Error></Errors>')))),
    /refused/,
  );
  assert.match(String(hotelsShown(noReply('hotelavailability'))), /no HTTP reply/);
});

const PLACES = [
  { context: 'Country' as const, name: 'Spain' },
  { context: 'Region' as const, name: 'Mallorca' },
  { context: 'Region' as const, name: 'Crete' },
];
const DATA = { ...TEST_DATA, hotelAvailability: { ...TEST_DATA.hotelAvailability, places: PLACES } };

/** A scenario whose gateway answers each place with the given reply body. */
function scenario(byPlace: Record<string, string>) {
  const sent: OtaRequest[] = [];
  let current: OtaRequest | undefined;
  const boundScenario: BoundScenario = {
    run: { data: DATA, replyProfile: { facts: {} } },
    prepare: () => (current = request('hotelavailability')),
    send: () => {
      sent.push(current!);
      const place = (current!.value('//ota:RefPoint') ?? '').trim();
      return Promise.resolve<Exchange>(exchange('hotelavailability', byPlace[place] ?? stays()));
    },
    precondition(holds: unknown, reason: string): asserts holds {
      if (!holds) throw new Error(reason);
    },
  };
  return { w: boundScenario, sent };
}

test('placeBeyondBound: the first test-data place that shows more hotels than the bound', async () => {
  const [first, second] = PLACES;
  const { w, sent } = scenario({ [first.name]: stays('A'), [second.name]: stays('A', 'B', 'C') });
  assert.deepEqual(await placeBeyondBound(w), second);
  assert.equal(sent.length, 2, 'it stops at the first place that shows enough');
  // each place is asked with the sample's own MaxResponses, not the bound
  assert.ok(sent.every((r) => Number(r.value('@MaxResponses')) > BOUND));
  const otaRequest = boundAt(request('hotelavailability'), second);
  assert.deepEqual([otaRequest.value('@MaxResponses'), otaRequest.value('//ota:RefPoint')?.trim()], [String(BOUND), second.name]);
});

test('placeBeyondBound: no place with more hotels than the bound is a precondition not met, naming what each showed', async () => {
  const [first] = PLACES;
  const { w } = scenario({ [first.name]: rs('OTA_HotelAvailRS', '<Errors><Error Type="3" ShortText="MaxResponses"/></Errors>') });
  await assert.rejects(placeBeyondBound(w), (error: Error) => {
    assert.match(error.message, new RegExp(`${first.name}: refused`));
    assert.match(error.message, /0 hotel\(s\)/);
    assert.match(error.message, /hotelAvailability\.places/);
    return true;
  });
});
