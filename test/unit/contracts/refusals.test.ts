// A product reason is the gateway's word about its product (a minimum party, no children, a day it
// does not run), typed as a business rule. A refusal worded about the request's form (a value not
// parsed, an element, a schema) or typed otherwise (7 protocol violation, 10 required field
// missing) is a refusal of a valid request: the served requirement fails, never cannot tell.
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { checkServed, productReason } from '../../../src/contracts/envelope';
import { Check } from '../../../src/contracts/rule';
import { exchange, loadXml, rs } from '../../support/contracts';

before(loadXml);

const OPS = [
  ['activityavailability', 'OTA_TourActivityAvailRS'],
  ['activitybook', 'OTA_TourActivityBookRS'],
] as const;
const refused = (op: (typeof OPS)[number], error: string) => exchange(op[0], rs(op[1], `<Errors>${error}</Errors>`), { status: 400 });
const outcome = (sent: ReturnType<typeof exchange>) => {
  const check = new Check('EP-POST');
  checkServed(sent, check);
  return check.result();
};

test('a refusal worded about the request form is no product reason: the served check fails', () => {
  for (const text of [
    'Invalid value for Age: must be an integer',
    'Schedule StartPeriod not parsed: departure day expected as dd/mm/yyyy',
    'QualifierInfo: category not accepted, expected ADT/CHD',
    'Element ParticipantCount: more than 1 occurrence not allowed for participants',
    'Attribute Quantity: minimum 1 participant per category',
    'Age is not a number: children must be aged 0 to 17',
  ])
    for (const op of OPS) {
      const sent = refused(op, `<Error Type="3" Code="321" ShortText="${text}"/>`);
      assert.equal(productReason(sent), undefined, `${op[0]}: ${text}`);
      const assertion = outcome(sent);
      assert.equal(assertion.outcome, 'failed', `${op[0]}: ${text}`);
    }
});

test('an Error typed other than 3 (business rule) is no product reason, whatever its words', () => {
  for (const type of ['7', '10', '1', '4'])
    for (const op of OPS) {
      const sent = refused(op, `<Error Type="${type}" Code="321" ShortText="Minimum 4 participants"/>`);
      assert.equal(productReason(sent), undefined, `Type ${type}`);
      assert.equal(outcome(sent).outcome, 'failed', `Type ${type}`);
    }
});

test('honest product refusals, typed 3 or untyped, in Errors, Warnings or plain text, stay cannot tell', () => {
  for (const text of [
    'Minimum 4 participants',
    'No children allowed on this tour',
    'Children are not accepted on this excursion',
    'PMI-X does not operate on 2030-06-02',
    'This tour does not run on Mondays',
    'Participant 1 (age 5) is below the minimum age 12',
    'A party of at least 6 participants expected to join',
  ])
    for (const op of OPS)
      for (const sent of [
        refused(op, `<Error Type="3" Code="321" ShortText="${text}"/>`),
        refused(op, `<Error Code="321">${text}</Error>`),
        exchange(op[0], rs(op[1], `<Warnings><Warning Type="3">${text}</Warning></Warnings>`)),
        exchange(op[0], text, { status: 422, contentType: 'text/plain' }),
      ]) {
        assert.ok(productReason(sent), `${op[0]}: ${text}`);
        assert.equal(outcome(sent).outcome, 'cantTell', `${op[0]}: ${text}`);
      }
});
