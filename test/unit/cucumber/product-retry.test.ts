// A valid quote or availability request refused for a reason of its product: asked again, bounded,
// with a party, a day or a product the gateway names or offered (or the test data declares), never
// a Commit; judged on the first reply not refused for such a reason, else cannot tell with what
// was tried. A gateway that gives a product reason to every party does not get a pass.
import { strict as assert } from 'node:assert';
import { before, test } from 'node:test';
import { exchange, loadXml, NS, rs, type OtaRequest } from '../../support/contracts';
import { PRODUCT_RETRIES, retryEvidence, retryForProduct, type ProductRetrier } from '../../../src/cucumber/product-retry';
import { checkServed } from '../../../src/contracts/envelope';
import { Check, type Exchange } from '../../../src/contracts/rule';
import { setParty as setBookingParty } from '../../../src/operations/activitybook';
import { setParty as setAvailabilityParty } from '../../../src/operations/activityavailability';
import type { OperationName } from '../../../src/specification/operations';
import type { Party } from '../../../src/core/test-data';

before(loadXml);

const ok = (op: OperationName) =>
  op === 'activitybook' ? rs('OTA_TourActivityBookRS', '<Success/><ReservationDetails/>') : rs('OTA_TourActivityAvailRS', '<Success/>');
const refusal = (op: OperationName, text: string) =>
  rs(
    op === 'activitybook' ? 'OTA_TourActivityBookRS' : 'OTA_TourActivityAvailRS',
    `<Errors><Error Type="3" Code="321" ShortText="${text}"/></Errors>`,
  );
const participants = (r: OtaRequest) =>
  r.operation.name === 'activitybook'
    ? r.values('//ota:BookingInfo/ota:ParticipantInfo').length
    : r.values('//ota:ParticipantCount/@Quantity').reduce((t, q) => t + Number(q), 0);

/** A scenario whose gateway answers each request sent by `answer` (the reply body), its first one refused by `first`. */
function scenario(
  op: OperationName,
  opts: {
    party: Party;
    resStatus?: string;
    first: string;
    answer: (request: OtaRequest) => string;
    history?: Exchange[];
    declared?: Party[];
  },
) {
  const edit = (request: OtaRequest) => {
    if (op === 'activitybook') {
      setBookingParty(request, opts.party);
      request.setAttribute('/*', 'ResStatus', opts.resStatus ?? 'Quote');
    } else setAvailabilityParty(request, opts.party);
  };
  const firstX = exchange(op, refusal(op, opts.first), { edit });
  const sent: Array<{ size: number; start?: string; end?: string; pickup?: string }> = [];
  const w: ProductRetrier & { sent: typeof sent } = {
    reply: firstX,
    currentRequest: firstX.request,
    history: [...(opts.history ?? []), firstX],
    sent,
    run: {
      data: {
        availableParties: opts.declared ?? [
          { adults: 2, children: 1 },
          { adults: 1, children: 0 },
        ],
      },
      replyProfile: { facts: {} },
    },
    async send() {
      const currentRequest = w.currentRequest;
      sent.push({
        size: participants(currentRequest),
        start: currentRequest.value('//ota:BookingInfo/ota:Schedule/@Start'),
        end: currentRequest.value('//ota:BookingInfo/ota:Schedule/@End'),
        pickup: currentRequest.value('//ota:BookingInfo/ota:PickupDropoff/@DateTime'),
      });
      const x = { ...exchange(op, opts.answer(currentRequest)), request: currentRequest };
      (w as { reply: Exchange }).reply = x;
      return x;
    },
  };
  return w;
}

test('a minimum party named by the gateway: the quote is asked again for it, and judged on that reply', async () => {
  const w = scenario('activitybook', {
    party: { adults: 1, children: 0 },
    first: 'Minimum 3 participants',
    answer: (r) => (participants(r) >= 3 ? ok('activitybook') : refusal('activitybook', 'Minimum 3 participants')),
  });
  const done = await retryForProduct(w);
  assert.deepEqual(
    w.sent.map((s) => s.size),
    [3],
  );
  assert.equal(done?.stillRefused, undefined);
  assert.match(
    retryEvidence(done!),
    /"Minimum 3 participants".*3 adult\(s\) and 0 child\(ren\) \(the smallest party the refusal names \(3\)\)/,
  );
  const check = new Check('BKG-PARTICIPANTS-REPEATED');
  assert.equal(checkServed(w.reply, check), true);
});

test('children refused: the same number of participants, adults only', async () => {
  const w = scenario('activitybook', {
    party: { adults: 2, children: 1 },
    first: 'Children are not allowed on PMI-DRACH',
    answer: (r) =>
      r.values("//ota:Category[@QualifierInfo='8']").length
        ? refusal('activitybook', 'Children are not allowed on PMI-DRACH')
        : ok('activitybook'),
  });
  const done = await retryForProduct(w);
  assert.deepEqual(
    w.sent.map((s) => s.size),
    [3],
  );
  assert.match(done!.tried[0], /3 adult\(s\) and 0 child\(ren\) \(the same number of participants, adults only/);
});

test('a day the product does not run: another day availability offered it on in this scenario, times kept', async () => {
  const offered = exchange(
    'activityavailability',
    `<OTA_TourActivityAvailRS ${NS} Version="2011.2"><Success/>` +
      ['2030-06-02', '2030-06-05']
        .map(
          (d) =>
            `<TourActivityInfo><BasicInfo TourActivityID="PMI-DRACH"/><Schedule><Detail Start="${d}T09:00:00"/></Schedule></TourActivityInfo>`,
        )
        .join('') +
      '</OTA_TourActivityAvailRS>',
  );
  const w = scenario('activitybook', {
    party: { adults: 2, children: 0 },
    first: 'PMI-DRACH does not operate on 2030-06-02',
    history: [offered],
    answer: (r) =>
      r.value('//ota:BookingInfo/ota:Schedule/@Start')?.startsWith('2030-06-02') ? refusal('activitybook', 'x') : ok('activitybook'),
  });
  w.currentRequest.setAttribute('//ota:BookingInfo/ota:BasicInfo', 'TourActivityID', 'PMI-DRACH');
  const done = await retryForProduct(w);
  assert.equal(done?.stillRefused, undefined);
  assert.equal(w.sent[0].start, '2030-06-05T09:00:00');
  assert.equal(w.sent[0].end, '2030-06-05T13:00:00');
  assert.match(done!.tried[0], /PMI-DRACH on 2030-06-05 \(a day activity availability offered/);
});

test('a weekday the refusal names is not tried again on another date', async () => {
  const offered = exchange(
    'activityavailability',
    `<OTA_TourActivityAvailRS ${NS} Version="2011.2"><Success/><TourActivityInfo><BasicInfo TourActivityID="PMI-DRACH"/><Schedule>` +
      ['2030-06-02', '2030-06-09', '2030-06-12'].map((d) => `<Detail Start="${d}"/>`).join('') +
      '</Schedule></TourActivityInfo></OTA_TourActivityAvailRS>',
  );
  const w = scenario('activitybook', {
    party: { adults: 2, children: 0 },
    first: 'PMI-DRACH does not operate on Sundays',
    history: [offered],
    answer: () => ok('activitybook'),
  });
  w.currentRequest.setAttribute('//ota:BookingInfo/ota:BasicInfo', 'TourActivityID', 'PMI-DRACH');
  await retryForProduct(w);
  assert.deepEqual(
    w.sent.map((x) => x.start),
    ['2030-06-12T09:00:00'],
  );
});

test('a gateway that gives every party a product reason gets no pass: bounded tries, then cannot tell with what was tried', async () => {
  const w = scenario('activitybook', {
    party: { adults: 1, children: 0 },
    first: 'Minimum 2 participants',
    declared: [
      { adults: 2, children: 0 },
      { adults: 3, children: 0 },
      { adults: 4, children: 0 },
      { adults: 5, children: 0 },
    ],
    answer: (r) => refusal('activitybook', `Minimum ${participants(r) + 1} participants`),
  });
  const done = await retryForProduct(w);
  assert.equal(w.sent.length, PRODUCT_RETRIES);
  assert.ok(done?.stillRefused);
  const check = new Check('BKG-PARTICIPANTS-REPEATED');
  checkServed(w.reply, check);
  const assertion = check.result();
  assert.equal(assertion.outcome, 'cantTell');
  assert.match(assertion.reasons.join(' '), /a reason of the product.*tried 2 adult.*refused again/);
});

test('never a Commit, never a refusal of the form, never a request already replaced', async () => {
  const commit = scenario('activitybook', {
    party: { adults: 1, children: 0 },
    resStatus: 'Commit',
    first: 'Minimum 3 participants',
    answer: () => ok('activitybook'),
  });
  assert.equal(await retryForProduct(commit), undefined);
  const form = scenario('activitybook', {
    party: { adults: 1, children: 0 },
    first: 'Invalid ResStatus',
    answer: () => ok('activitybook'),
  });
  assert.equal(await retryForProduct(form), undefined);
  assert.equal(commit.sent.length + form.sent.length, 0);
});

test('activity availability: a maximum party named by the gateway, then the test data parties that fit', async () => {
  const w = scenario('activityavailability', {
    party: { adults: 3, children: 2 },
    first: 'Maximum 4 participants per booking',
    answer: (r) =>
      participants(r) <= 4 ? ok('activityavailability') : refusal('activityavailability', 'Maximum 4 participants per booking'),
  });
  const done = await retryForProduct(w);
  assert.deepEqual(
    w.sent.map((s) => s.size),
    [4],
  );
  assert.equal(done?.stillRefused, undefined);
  // nothing the gateway offered fits a day reason for availability: cannot tell, saying so
  const day = scenario('activityavailability', {
    party: { adults: 1, children: 0 },
    first: 'PMI-DRACH does not operate on Mondays',
    answer: () => ok('activityavailability'),
  });
  await retryForProduct(day);
  assert.equal(day.sent.length, 0);
  assert.match(day.currentRequest.productTried ?? '', /no other party, date or product/);
});

// The same words again after the try changed what they name: the gateway misread the request, and
// its refusal is judged as one (failed), not as a reason of the product.
test('a product reason said again unchanged to a request that no longer has what it names is judged as a refusal', async () => {
  const misreads: Array<[OperationName, Party, string, Party[]]> = [
    ['activitybook', { adults: 1, children: 0 }, 'PMI-X is sold to parties of 2 or more, not 1', [{ adults: 2, children: 0 }]],
    ['activityavailability', { adults: 3, children: 2 }, 'No more than 4 participants per booking, 5 sent', []],
    ['activitybook', { adults: 1, children: 1 }, 'No children allowed on this tour', []],
  ];
  for (const [op, party, text, declared] of misreads) {
    const w = scenario(op, { party, first: text, declared, answer: () => refusal(op, text) });
    const done = await retryForProduct(w);
    assert.equal(w.sent.length, 1, text);
    assert.equal(done?.stillRefused, undefined, text);
    const check = new Check('BKG-PARTICIPANTS-REPEATED');
    checkServed(w.reply, check);
    const assertion = check.result();
    assert.equal(assertion.outcome, 'failed', text);
    assert.match(JSON.stringify(assertion), /misread the request/, text);
  }
});

test('a reason of two conditions said again after one of them was met may still be true: cannot tell, never a misread', async () => {
  const text = 'Minimum 4 participants; no children allowed';
  const w = scenario('activityavailability', {
    party: { adults: 2, children: 1 },
    first: text,
    answer: () => refusal('activityavailability', text),
  });
  await retryForProduct(w);
  const check = new Check('AAV-SUCCESS');
  checkServed(w.reply, check);
  assert.equal(check.result().outcome, 'cantTell');
  assert.doesNotMatch(JSON.stringify(check.result()), /misread the request/);
});

test('a day reason said again after the day it names was left is a misread; a reason naming no number may be true again', async () => {
  const offered = exchange(
    'activityavailability',
    `<OTA_TourActivityAvailRS ${NS} Version="2011.2"><Success/><TourActivityInfo><BasicInfo TourActivityID="PMI-DRACH"/><Schedule>` +
      ['2030-06-02', '2030-06-09', '2030-06-12'].map((d) => `<Detail Start="${d}"/>`).join('') +
      '</Schedule></TourActivityInfo></OTA_TourActivityAvailRS>',
  );
  const text = 'PMI-DRACH does not operate on Sundays';
  const w = scenario('activitybook', {
    party: { adults: 2, children: 0 },
    first: text,
    history: [offered],
    answer: () => refusal('activitybook', text),
  });
  w.currentRequest.setAttribute('//ota:BookingInfo/ota:BasicInfo', 'TourActivityID', 'PMI-DRACH');
  await retryForProduct(w);
  const day = new Check('BKG-PARTICIPANTS-REPEATED');
  checkServed(w.reply, day);
  assert.deepEqual(
    w.sent.map((x) => x.start),
    ['2030-06-12T09:00:00'],
  );
  assert.equal(day.result().outcome, 'failed');
  // "too few participants" to a larger party that is still too small: the same words may be true; cannot tell
  const small = scenario('activitybook', {
    party: { adults: 1, children: 0 },
    first: 'Too few participants for this activity',
    declared: [{ adults: 2, children: 0 }],
    answer: () => refusal('activitybook', 'Too few participants for this activity'),
  });
  await retryForProduct(small);
  const check = new Check('BKG-PARTICIPANTS-REPEATED');
  checkServed(small.reply, check);
  assert.equal(check.result().outcome, 'cantTell');
});
