// Transfer availability: a service made only of the request's own values (a leg's RPH, alone or as
// RateQualifier/SpecialInputs Name="RPH") is an acknowledgement, and an acknowledgement is not
// evidence: it answers no leg. A service with content of its own beside the echoed RPH does.
// The request (test/support/fixtures/test-data.ts) asks leg 1 PMI -> L1 and leg 2 L1 -> PMI.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { contract } from '../../../../src/operations/transferavailability/contract';
import { exchange, expectRule, loadXml, rs, ruleOf } from '../../../support/contracts';

before(loadXml);

const rule = ruleOf(contract, 'TRF-SUCCESS');
const x = (services: string) =>
  exchange('transferavailability', rs('OTA_GroundAvailRS', `<Success/><GroundServices>${services}</GroundServices>`));
const pair = (rph: string, own = '') =>
  `<GroundService><RateQualifier><SpecialInputs Name="RPH" Value="${rph}"/></RateQualifier>${own}</GroundService>`;
const PRICE = '<TotalCharge RateTotalAmount="35.00" CurrencyCode="EUR"/>';

test('TRF-SUCCESS: services that only echo the legs RPH answer no leg', () => {
  const echoed = rule.check(x('<GroundService RPH="1"/><GroundService RPH="2"/>'));
  assert.equal(echoed.outcome, 'failed');
  assert.match(JSON.stringify(echoed), /show nothing of their own/);
  expectRule(rule, x(pair('1') + pair('2')), 'failed');
  // one leg answered with content, the other only echoed: that leg is not answered
  expectRule(rule, x(pair('1', PRICE) + pair('2')), 'failed');
});

test('TRF-SUCCESS: content of its own beside the echoed RPH answers the leg', () => {
  expectRule(rule, x(pair('1', PRICE) + pair('2', PRICE)), 'passed');
  expectRule(rule, x(`<GroundService RPH="1">${PRICE}</GroundService><GroundService RPH="2">${PRICE}</GroundService>`), 'passed');
});
