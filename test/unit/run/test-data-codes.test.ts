// The line that stops a run whose test data names codes the gateway does not know: every code, with its field, its value and what the gateway answered, in one line.
import { test } from 'node:test';
import { strict as assert } from 'node:assert';
import { describeUnknownCodes } from '../../../src/run/test-data-codes';

test('one line naming each field, its value and the answer; the product hint only for the product', () => {
  const hotel = { field: 'hotels[1].code', value: 'H9', path: '/hotelnbc', answered: 'HTTP 404' };
  const product = {
    field: 'activities.productCode',
    value: 'P-1',
    path: '/activityavailability',
    answered: 'an Errors reply: Invalid value',
  };
  const one = describeUnknownCodes([hotel]);
  assert.equal(
    one,
    'the gateway does not know a code of the test data: hotels[1].code "H9" (/hotelnbc answered HTTP 404). Correct the test data (OTA_TEST_DATA)',
  );
  const two = describeUnknownCodes([hotel, product]);
  assert.ok(!two.includes('\n'));
  assert.match(
    two,
    /^the gateway does not know 2 codes of the test data: hotels\[1\]\.code "H9" \(\/hotelnbc answered HTTP 404\); activities\.productCode "P-1" \(\/activityavailability answered an Errors reply: Invalid value\)\. /,
  );
  assert.match(two, /its TourActivityID, or its product code$/);
});
