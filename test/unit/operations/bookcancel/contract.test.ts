// Booking cancel: each check passes, fails and cannot tell, on the sandbox's form and on other
// legitimate forms (other status words, statuses in TPA_Extensions, prefixed namespace).
import { before, test } from 'node:test';
import { strict as assert } from 'node:assert';
import { exchange, expectRule, loadXml, noReply, prefixed, rs, type OtaRequest } from '../../../support/contracts';
import { TEST_DATA } from '../../../support/fixtures/test-data';
import { cancellationConfirmed, termsQuoted } from '../../../../src/operations/bookcancel/contract';

before(loadXml);

const WORDS = ['Cancelled'];
const TERMS = '<CancelInfoRS><CancelRules><CancelRule Type="Charge" Amount="0.00" CurrencyCode="EUR"/></CancelRules></CancelInfoRS>';
const cancel = (status: string, content = '') =>
  rs('OTA_CancelRS', `<Success/><UniqueID Type="36" ID="B1" ID_Context="Client"/>${content}`, status && `Status="${status}"`);
const refused = rs('OTA_CancelRS', '<Errors><Error Type="3" Code="95" ShortText="Already cancelled"/></Errors>', 'Status="Unsuccessful"');

test('CXL-QUOTE-TERMS: the terms are given and the status is not a cancelled word', () => {
  const terms = termsQuoted(WORDS);
  expectRule(terms, exchange('bookcancel', cancel('Pending', TERMS)), 'passed');
  expectRule(terms, exchange('bookcancel', prefixed(cancel('', TERMS))), 'passed', undefined, 'no status shown');
  expectRule(terms, exchange('bookcancel', cancel('Cancelled', TERMS)), 'failed');
  expectRule(terms, exchange('bookcancel', cancel('Pending')), 'cantTell', undefined, 'no terms shown');
  expectRule(terms, exchange('bookcancel', refused), 'cantTell', undefined, 'CXL-QUOTE says the quote was refused');
  expectRule(terms, noReply('bookcancel'), 'cantTell');
});

test("CXL-COMMIT-STATUS: the reply says cancelled, in the target's words", () => {
  expectRule(cancellationConfirmed(WORDS), exchange('bookcancel', cancel('Cancelled', TERMS)), 'passed');
  expectRule(
    cancellationConfirmed(['Canceled', 'XL']),
    exchange('bookcancel', cancel('canceled')),
    'passed',
    undefined,
    'declared words, any case',
  );
  const inExtension = cancel('', '<TPA_Extensions><ReservationStatus Status="Cancelled"/></TPA_Extensions>');
  expectRule(cancellationConfirmed(WORDS), exchange('bookcancel', prefixed(inExtension)), 'passed', undefined, 'TPA_Extensions');
  expectRule(cancellationConfirmed(WORDS), exchange('bookcancel', cancel('Pending')), 'failed');
  expectRule(cancellationConfirmed(['XL']), exchange('bookcancel', cancel('Cancelled')), 'failed', undefined, 'not a declared word');
  expectRule(cancellationConfirmed(WORDS), exchange('bookcancel', cancel('')), 'cantTell');
  expectRule(
    cancellationConfirmed(WORDS),
    exchange('bookcancel', refused),
    'cantTell',
    undefined,
    'CXL-COMMIT-CANCELS says it was refused',
  );
  expectRule(cancellationConfirmed(WORDS), noReply('bookcancel'), 'cantTell');
});

test("CXL-COMMIT-STATUS: OTA_TourActivityCancelRS's cancellation number (Type 15), with no status word, says it is cancelled", () => {
  const numbered = rs(
    'OTA_TourActivityCancelRS',
    '<Success/><Reservation><CancelConfirmation><UniqueID ID="CNCL1" Type="15"/></CancelConfirmation></Reservation>',
  );
  expectRule(cancellationConfirmed(WORDS), exchange('bookcancel', numbered), 'passed');
  // a status word, when shown, still decides
  expectRule(cancellationConfirmed(WORDS), exchange('bookcancel', cancel('Pending', '<UniqueID Type="15" ID="C1"/>')), 'failed');
  // another kind of number is no cancellation number
  const other = rs(
    'OTA_TourActivityCancelRS',
    '<Success/><Reservation><CancelConfirmation><UniqueID ID="R1" Type="14"/></CancelConfirmation></Reservation>',
  );
  expectRule(cancellationConfirmed(WORDS), exchange('bookcancel', other), 'cantTell');
});

// A warning whose expectation rests on a guess of npm run init names the guess and its option.
test('CXL-COMMIT-STATUS: a finding on the guessed status words names the guess and --cancelled-words', () => {
  const guessed = (sources: Record<string, string>) => ({
    edit: (r: OtaRequest) => {
      r.testData = { ...TEST_DATA, booking: { ...TEST_DATA.booking, cancelledStatusWords: ['Cancelled', 'Canceled'] }, sources };
    },
  });
  const words = ['Cancelled', 'Canceled'];
  const assertion = expectRule(
    cancellationConfirmed(words),
    exchange(
      'bookcancel',
      cancel('Committed'),
      guessed({ 'booking.cancelledStatusWords': 'a guess: Cancelled, Canceled (--cancelled-words)' }),
    ),
    'failed',
  );
  assert.match(
    assertion.findings[0].expected,
    /^cancelled \(Cancelled, Canceled\) \(booking\.cancelledStatusWords is a guess of npm run init: Cancelled, Canceled \(--cancelled-words\); give the gateway's own\)$/,
  );
  // words the user gave are no guess; a guess the finding does not rest on is not named
  for (const sources of <Array<Record<string, string>>>[
    { 'booking.cancelledStatusWords': '--cancelled-words' },
    { 'booking.commitResStatus': 'a guess: Commit (--commit-res-status)' },
  ]) {
    const b = expectRule(cancellationConfirmed(words), exchange('bookcancel', cancel('Committed'), guessed(sources)), 'failed');
    assert.equal(b.findings[0].expected, 'cancelled (Cancelled, Canceled)');
  }
});

test('CXL-COMMIT-STATUS and CXL-QUOTE-TERMS: the status at every placement; cancelled at one and not at another is a finding', () => {
  const ext = (status: string) => `<TPA_Extensions><ReservationStatus Status="${status}"/></TPA_Extensions>`;
  const both = cancel('Cancelled', ext('Confirmed'));
  const assertion = expectRule(cancellationConfirmed(WORDS), exchange('bookcancel', prefixed(both)), 'failed');
  assert.match(assertion.findings[0].found, /Cancelled at .*; Confirmed at .*ReservationStatus/);
  expectRule(cancellationConfirmed(WORDS), exchange('bookcancel', cancel('Cancelled', ext('Cancelled'))), 'passed');
  // a quote whose extension says cancelled is no quote, whatever its own Status says
  expectRule(termsQuoted(WORDS), exchange('bookcancel', cancel('Pending', TERMS + ext('Cancelled'))), 'failed');
  expectRule(termsQuoted(WORDS), exchange('bookcancel', cancel('Pending', TERMS + ext('Pending'))), 'passed');
});
