// BKG-PARTICIPANTS-REPEATED: a quote for a party passes only when the reply shows every participant
// sent where it shows its party; a reply that keeps the first participant fails; one that shows no
// party is cannot tell, unless its total differs as it should from a quote for another party.
import { strict as assert } from 'node:assert';
import { before, test } from 'node:test';
import { exchange, expectRule, loadXml, prefixed, rs } from '../../../support/contracts';
import { participantsSent, partyServed } from '../../../../src/operations/activitybook/participants';

const rule = partyServed('BKG-PARTICIPANTS-REPEATED');
const book = (details: string) =>
  rs('OTA_TourActivityBookRS', `<Success/><ReservationDetails><BasicInfo TourActivityID="A1"/>${details}</ReservationDetails>`);
const info = (n: number) => '<ParticipantInfo><Category Age="30"/></ParticipantInfo>'.repeat(n);
const quote = (body: string) => exchange('activitybook', body);
let SENT = 0;
before(async () => {
  await loadXml();
  SENT = participantsSent(quote(book('')));
});

test('the request sample sends a party of several (else these tests prove nothing)', () => {
  assert.ok(SENT >= 2, `the sample sends ${SENT} participant(s)`);
});

test('every participant sent shown, in any placement: passed', () => {
  expectRule(rule, quote(book(info(SENT))), 'passed');
  expectRule(rule, quote(prefixed(book(info(SENT)))), 'passed', undefined, 'prefixed');
  expectRule(rule, quote(book(`<Pricing><ParticipantCategory Quantity="${SENT}"/></Pricing>`)), 'passed', undefined, 'a category quantity');
  expectRule(rule, quote(book(`<Pricing><Group KnownGroupSize="${SENT}"/></Pricing>`)), 'passed', undefined, 'a group size');
  expectRule(
    rule,
    quote(book(`<ParticipantInfo><Category Quantity="${SENT}"/></ParticipantInfo>`)),
    'passed',
    undefined,
    'one ParticipantInfo for several',
  );
});

test('the first participant only, or fewer in any placement: failed', () => {
  expectRule(rule, quote(book(info(1))), 'failed', undefined, 'one ParticipantInfo');
  expectRule(rule, quote(book(`${info(SENT)}<Pricing><Group KnownGroupSize="1"/></Pricing>`)), 'failed', undefined, 'placements disagree');
  expectRule(rule, quote(book('<Pricing><ParticipantCategory Quantity="1"/></Pricing>')), 'failed', undefined, 'a category of one');
});

test('no party shown: cannot tell, never a pass; a total compared with another party decides only when it differs as it should', () => {
  const total = (a: string) => book(`<Pricing><Summary Amount="${a}" CurrencyCode="EUR"/></Pricing>`);
  expectRule(rule, quote(total('90.00')), 'cantTell', undefined, 'a total alone');
  expectRule(rule, quote(book('')), 'cantTell', undefined, 'an empty Success');
  const contrast = (a: string, more: boolean) => partyServed('BKG-PARTICIPANTS-REPEATED', { sent: SENT, other: quote(total(a)), more });
  expectRule(contrast('135.00', true), quote(total('90.00')), 'passed', undefined, 'one more participant costs more');
  expectRule(contrast('90.00', true), quote(total('90.00')), 'cantTell', undefined, 'one more participant costs the same');
  expectRule(contrast('45.00', false), quote(total('90.00')), 'passed', undefined, 'one fewer costs less');
  expectRule(contrast('90.00', false), quote(total('90.00')), 'cantTell', undefined, 'one fewer costs the same (a group price)');
  const refusedContrast = partyServed('BKG-PARTICIPANTS-REPEATED', {
    sent: SENT,
    other: quote(rs('OTA_TourActivityBookRS', '<Errors><Error Type="3" Code="321" ShortText="Minimum 2"/></Errors>')),
    more: false,
  });
  expectRule(refusedContrast, quote(total('90.00')), 'cantTell', undefined, 'the contrast refused');
});

test('a party of one: its reply shows it, or a total above that of a party of two decides; an acknowledgement is cannot tell', () => {
  const one = (body: string) =>
    exchange('activitybook', body, {
      edit: (r) => r.replaceWithCopies('//ota:BookingInfo/ota:ParticipantInfo', ['//ota:BookingInfo/ota:ParticipantInfo[1]']),
    });
  assert.equal(participantsSent(one(book(''))), 1);
  const total = (a: string) => book(`<Pricing><Summary Amount="${a}" CurrencyCode="EUR"/></Pricing>`);
  const outcome = expectRule(rule, one(total('45.00')), 'cantTell', undefined, 'a Success and a total: an acknowledgement');
  assert.match(outcome.reasons.join(' '), /party of one/);
  expectRule(rule, one(book('')), 'cantTell', undefined, 'an empty Success');
  expectRule(rule, one(book(info(1))), 'passed', undefined, 'its participant shown');
  const twice = (a: string) => partyServed('BKG-PARTICIPANTS-REPEATED', { sent: 1, other: quote(total(a)), more: true });
  expectRule(twice('90.00'), one(total('45.00')), 'passed', undefined, 'a party of two costs more');
  expectRule(twice('45.00'), one(total('45.00')), 'cantTell', undefined, 'a party of two costs the same');
});
