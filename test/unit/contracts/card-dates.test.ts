// EP-DATES: a payment card's ExpireDate and EffectiveDate are OpenTravel's PaymentCardDateType
// (MMYY), not xs:date; everywhere else, and any other form on a card, is still a finding.
import { before, test } from 'node:test';
import { isoDates } from '../../../src/contracts/envelope';
import { exchange, expectRule, loadXml, rs } from '../../support/contracts';

before(loadXml);

const read = (inside: string) =>
  exchange(
    'bookread',
    rs('OTA_ResRetrieveRS', `<Success/><ReservationsList><TourActivityReservation>${inside}</TourActivityReservation></ReservationsList>`),
  );

test('a payment card dated MMYY (or as an ISO date) passes EP-DATES', () => {
  for (const card of [
    '<PaymentCard CardType="1" CardCode="VI" ExpireDate="1230" EffectiveDate="0125"/>',
    '<PaymentCard CardCode="MC" ExpireDate="0731"/>',
    '<PaymentCard CardCode="MC" ExpireDate="2031-07-31" EffectiveDate="2025-01-01"/>',
  ])
    expectRule(isoDates, read(card), 'passed', undefined, card);
});

test('MMYY off a payment card, or a card date in another form, is still a finding', () => {
  for (const body of [
    '<Document DocType="2" ExpireDate="1230"/>',
    '<CancelPenalty EffectiveDate="0125"/>',
    '<PaymentCard CardCode="VI" ExpireDate="1330"/>',
    '<PaymentCard CardCode="VI" ExpireDate="12/30"/>',
    '<PaymentCard CardCode="VI" ExpireDate="1230"><CardHolderName Start="01/06/2030"/></PaymentCard>',
  ])
    expectRule(isoDates, read(body), 'failed', undefined, body);
});
