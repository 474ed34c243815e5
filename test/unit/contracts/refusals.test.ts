// A product reason is the gateway's word about its product (a minimum party, no children, a day it
// does not run). A refusal that says the request's form could not be read (a value not parsed, of
// the wrong type, a schema) is a refusal of a valid request: the served requirement fails, never
// cannot tell. Error Types are OpenTravel convention (the spec leaves error codes "not shown"): they
// decide nothing, and an honest reason may name a field or say "invalid", "occurrence" or "format".
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
    'Age is not a number: children must be aged 0 to 17',
  ])
    for (const op of OPS) {
      const sent = refused(op, `<Error Type="3" Code="321" ShortText="${text}"/>`);
      assert.equal(productReason(sent), undefined, `${op[0]}: ${text}`);
      const assertion = outcome(sent);
      assert.equal(assertion.outcome, 'failed', `${op[0]}: ${text}`);
    }
});

test('honest product refusals, of any Type or none, in Errors, Warnings or plain text, stay cannot tell', () => {
  for (const text of [
    'Minimum 4 participants',
    'No children allowed on this tour',
    'Children are not accepted on this excursion',
    'PMI-X does not operate on 2030-06-02',
    'This tour does not run on Mondays',
    'Participant 1 (age 5) is below the minimum age 12',
    'A party of at least 6 participants expected to join',
    'Invalid number of participants: minimum 4',
    'Invalid date: the tour does not run on Mondays',
    'The tour occurrence on 2030-06-02 is sold out',
    'Private tour format requires at least 4 participants',
    'expected a minimum of 4 participants',
  ])
    for (const op of OPS)
      for (const sent of [
        refused(op, `<Error Type="3" Code="321" ShortText="${text}"/>`),
        refused(op, `<Error Code="321">${text}</Error>`),
        refused(op, `<Error Type="1" Code="321" ShortText="${text}"/>`),
        refused(op, `<Error Type="12" Code="321" ShortText="${text}"/>`),
        exchange(op[0], rs(op[1], `<Warnings><Warning Type="3">${text}</Warning></Warnings>`)),
        exchange(op[0], text, { status: 422, contentType: 'text/plain' }),
      ]) {
        assert.ok(productReason(sent), `${op[0]}: ${text}`);
        assert.equal(outcome(sent).outcome, 'cantTell', `${op[0]}: ${text}`);
      }
});
