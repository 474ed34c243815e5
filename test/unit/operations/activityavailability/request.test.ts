// The MaximumPrice the suite sends: written in the currency's ISO 4217 minor
// unit (Intl), and set from the prices availability showed, never from a constant: a currency with
// no minor unit (JPY) or one worth little gets a bound that keeps what the gateway offers.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { minorUnit, OPEN_BOUND, priceBounds, writeAmount } from '../../../../src/operations/activityavailability/request';
import { pricesShown } from '../../../../src/operations/activityavailability/contract';
import { baseValues } from '../../../../src/run/scenario-values';
import { exchange, loadXml, rs } from '../../../support/contracts';
import { TEST_DATA } from '../../../support/fixtures/test-data';

before(loadXml);

test('the minor unit of a currency: JPY and ISK none, EUR two, KWD three; a code Intl does not know two', () => {
  assert.deepEqual(['JPY', 'ISK', 'EUR', 'GBP', 'KWD', 'jpy', 'XQQ', 'not a code'].map(minorUnit), [0, 0, 2, 2, 3, 0, 2, 2]);
});

test('amounts are written with exactly the decimals asked, rounded up (a bound never falls below the price it keeps)', () => {
  assert.deepEqual(
    [writeAmount(7290, 0), writeAmount(45.5, 2), writeAmount(45.5, 0), writeAmount(12.3456, 3), writeAmount(OPEN_BOUND, 3)],
    ['7290', '45.50', '46', '12.346', '10000000.000'],
  );
});

test('the bound sent before any price is shown bounds nothing, in the minor unit of the test data currency', () => {
  const values = (currency: string) => {
    const data = TEST_DATA;
    return baseValues(
      { requestorId: 'R', requestorContext: 'C', requestorInstance: '', user: 'U', password: 'P' },
      { ...data, activities: { ...data.activities, currency } },
      'RUN',
    );
  };
  assert.deepEqual([values('JPY').maximumPrice, values('JPY').currencyDecimal], ['10000000', 0]);
  assert.deepEqual([values('KWD').maximumPrice, values('KWD').currencyDecimal], ['10000000.000', 3]);
  assert.deepEqual([values('EUR').maximumPrice, values('EUR').currencyDecimal], ['10000000.00', 2]);
});

const option = (adult: string, child: string, currency = 'JPY') =>
  `<TourActivityInfo><BasicInfo TourActivityID="P1"/><Pricing><Summary Amount="${2 * Number(adult) + Number(child)}" CurrencyCode="${currency}"/>` +
  `<ParticipantCategory Quantity="2"><QualifierInfo>10</QualifierInfo><Price Amount="${adult}" CurrencyCode="${currency}"/></ParticipantCategory>` +
  `<ParticipantCategory Quantity="1"><QualifierInfo>8</QualifierInfo><Price Amount="${child}" CurrencyCode="${currency}"/></ParticipantCategory></Pricing></TourActivityInfo>`;
const yen = { values: { currency: 'JPY', currencyDecimal: 0, maximumPrice: '10000000' } };

test('bounds from the prices shown: above every amount, and within the per-person prices (the cheapest option stays)', () => {
  const sent = exchange(
    'activityavailability',
    rs('OTA_TourActivityAvailRS', `<Success/>${option('7290', '4050')}${option('20898', '12798')}`),
    yen,
  );
  const shown = pricesShown(sent);
  assert.deepEqual(shown.dearestPerOption, [7290, 20898]);
  const b = priceBounds(shown, 'JPY');
  assert.equal(b.above, 2 * (2 * 20898 + 12798));
  assert.equal(b.within, 7290);
  assert.match(b.from, /JPY/);
});

test('prices in another currency than the one asked, a refusal, or no price: the open bound, and no bound within', () => {
  const usd = exchange('activityavailability', rs('OTA_TourActivityAvailRS', `<Success/>${option('45', '25', 'USD')}`), yen);
  const refused = exchange('activityavailability', rs('OTA_TourActivityAvailRS', '<Errors><Error Type="3" Code="61"/></Errors>'), yen);
  const bare = exchange(
    'activityavailability',
    rs('OTA_TourActivityAvailRS', '<Success/><TourActivityInfo><BasicInfo TourActivityID="P1"/></TourActivityInfo>'),
    yen,
  );
  for (const sent of [usd, refused, bare]) {
    const b = priceBounds(pricesShown(sent), 'JPY', 'why');
    assert.deepEqual([b.above, b.within], [OPEN_BOUND, undefined]);
    assert.match(b.from, /no price in JPY was shown \(why\)/);
  }
});
